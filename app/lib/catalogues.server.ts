import type { Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from "../../vocabulary/languages.ts";

/**
 * The message catalogues (decision 0029), in Lingui's "minimal" JSON form: `{ "English text": "its
 * translation" }`, ICU MessageFormat inside (`{count, plural, one {# course} other {# courses}}`).
 * English is the identity. A third language: its file in app/locales/ and its line in
 * vocabulary/languages.ts.
 */
const files = import.meta.glob<Record<string, string>>("../locales/*.json", { eager: true, import: "default" });
const fileOf = (code: string) => {
  const file = files[`../locales/${code}.json`];
  if (!file) throw new Error(`app/locales/${code}.json is missing: every language in vocabulary/languages.ts needs one`);
  return file;
};
export const catalogues = Object.fromEntries(Object.keys(LANGUAGES).map((code) => [code, fileOf(code)])) as Record<
  LanguageCode,
  Record<string, string>
>;

const compiled = new Map<LanguageCode, Messages>();

/**
 * What the browser gets for a language, compiled once per process: its translations, and for English
 * only the messages with ICU parts such as plurals (plain text and `{name}` need no entry: the key is
 * the text). An untranslated message falls back to its English.
 */
export function messagesFor(language: LanguageCode): Messages {
  const known = compiled.get(language);
  if (known) return known;
  const messages: Messages = {};
  for (const [key, text] of Object.entries(catalogues[DEFAULT_LANGUAGE]))
    if (/\{\w+\s*,/.test(text)) messages[key] = compileMessage(text);
  if (language !== DEFAULT_LANGUAGE)
    for (const [key, text] of Object.entries(catalogues[language])) if (text) messages[key] = compileMessage(text);
  compiled.set(language, messages);
  return messages;
}
