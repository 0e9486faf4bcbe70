import { type Messages, setupI18n } from "@lingui/core";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { sentenceShape } from "../../modules/text-patterns.ts";
import type { FeePeriod } from "../../vocabulary/catalogue.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from "../../vocabulary/languages.ts";

/**
 * The interface in the visitor's language (decision 0029). A message's key is its English text, so
 * `t("Sign Up")` is "Sign Up" in English and "साइन अप" in Hindi, and a message the server sent in
 * English (a validation error) is translated where it is shown: `t(actionData.message)`.
 */
export interface Translator {
  language: LanguageCode;
  /** Where numbers and dates are written from: en-IN or hi-IN (lakh grouping). */
  locale: string;
  /** The message in this language; `{name}` in it is replaced by `values.name`. Unknown text comes back as it is. */
  t: (english: string, values?: Record<string, string | number>) => string;
  /** A whole number or an amount in the Indian style (1,00,000). */
  number: (value: number) => string;
  /** A day from its YYYY-MM-DD form: "5 November 2026", "5 नवंबर 2026" (`english` is the spec's own wording). */
  day: (isoDate: string, english: (isoDate: string) => string) => string;
  /** A yearly day without its year: "5 November", "5 नवंबर". */
  dayOfYear: (month: number, day: number, english: string) => string;
  /** A course's duration: "1 year", "2 years", "18 months" (as modules/catalogue/format.ts writes it in English). */
  duration: (months: number) => string;
  /** A fee as entered: "EUR 1,500 per year" (formatFee's English), its period in this language. */
  fee: (fee: { amount: number; currency: string; period: FeePeriod }) => string;
}

/** `{name}` replaced by its value: for English and any text the catalogue does not hold. */
const fillIn = (text: string, values?: Record<string, string | number>) =>
  values ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text;

/** A translator over a language's compiled messages (compiled on the server: `catalogues.server.ts`). */
export function createTranslator(language: LanguageCode, messages: Messages): Translator {
  const locale = LANGUAGES[language].locale;
  const i18n = setupI18n({ locale: language, locales: [locale], messages: { [language]: messages } });
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  // Days are calendar days, not instants: formatted in UTC, so server and browser write the same text.
  const days = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const daysOfYear = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", timeZone: "UTC" });
  const inDefault = language === DEFAULT_LANGUAGE;
  // Messages with values the server wrote into its English ("You can ask for a new code in 27 seconds."):
  // found by their key's shape ("... in {seconds} seconds."), their values read back out of the text.
  let shapes: { pattern: RegExp; key: string; names: string[]; literal: number }[] | undefined;
  const byShape = (text: string) => {
    shapes ??= Object.keys(messages)
      .filter((key) => /\{\w+\}/.test(key) && !/\{\w+\s*,/.test(key))
      .map((key) => ({
        key,
        ...sentenceShape(key),
        literal: key.replace(/\{\w+\}/g, "").length,
      }))
      // The most specific shape first (decision 0099): "In {country}" would otherwise take every sentence starting "In ".
      .sort((a, b) => b.literal - a.literal);
    for (const shape of shapes) {
      const found = shape.pattern.exec(text);
      if (found) return i18n._(shape.key, Object.fromEntries(shape.names.map((name, at) => [name, found[at + 1] ?? ""])));
    }
    return text;
  };
  const t: Translator["t"] = (english, values) => {
    if (Object.hasOwn(messages, english)) return i18n._(english, values);
    if (values) return fillIn(english, values);
    return inDefault ? english : byShape(english);
  };
  const periods: Record<FeePeriod, string> = { year: t("per year"), semester: t("per semester"), total: t("in total") };
  return {
    language,
    locale,
    t,
    duration: (months) =>
      months % 12 !== 0
        ? t("{months} months", { months })
        : months === 12
          ? t("1 year")
          : t("{years} years", { years: months / 12 }),
    fee: (fee) => `${fee.currency} ${fee.amount.toLocaleString("en-US")} ${periods[fee.period]}`,
    number: (value) => numbers.format(value),
    day: (isoDate, inEnglish) => {
      const [year = 0, month = 1, day = 1] = isoDate.split("-").map(Number);
      return inDefault ? inEnglish(isoDate) : days.format(Date.UTC(year, month - 1, day));
    },
    dayOfYear: (month, day, inEnglish) => (inDefault ? inEnglish : daysOfYear.format(Date.UTC(2000, month - 1, day))),
  };
}

const english = createTranslator(DEFAULT_LANGUAGE, {});
const TranslatorContext = createContext<Translator>(english);
/** One translator per catalogue the root loader sent (the same object until the root's data is reloaded). */
const made = new WeakMap<Messages, Translator>();
const translatorFor = (language: LanguageCode, messages: Messages) => {
  const known = made.get(messages);
  if (known?.language === language) return known;
  const translator = createTranslator(language, messages);
  made.set(messages, translator);
  return translator;
};

/**
 * For a route's `meta` (no hooks there): the translator of the root's data among the matches.
 * `export const meta = ({ matches }) => [{ title: \`${metaT(matches)("Login")} | Ignite\` }];`
 */
export function metaT(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): Translator["t"] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { language?: LanguageCode; messages?: Messages }
    | undefined;
  return root?.language && root.messages ? translatorFor(root.language, root.messages).t : english.t;
}

/** The screen's translator: `const { t } = useT();` then `t("Full name")` or `t("{count} universities", { count })`. */
export const useT = () => useContext(TranslatorContext);

/** Gives every screen the language the root loader chose (its messages come with the root's data). */
export function TranslatorProvider({
  language,
  messages,
  children,
}: {
  language: LanguageCode;
  messages: Messages;
  children: ReactNode;
}) {
  const translator = useMemo(() => translatorFor(language, messages), [language, messages]);
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}
