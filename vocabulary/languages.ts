/**
 * The interface's languages (decision 0029). English is the spec's own text and every message's key;
 * each other language is a catalogue file `app/locales/<code>.json` plus its line here. `locale` is
 * what numbers and dates are written in (Indian grouping: 1,00,000); `name` is how the switch shows it,
 * in its own script.
 */
export const LANGUAGES = {
  en: { name: "English", locale: "en-IN" },
  hi: { name: "हिन्दी", locale: "hi-IN" },
} as const;

export type LanguageCode = keyof typeof LANGUAGES;

export const DEFAULT_LANGUAGE: LanguageCode = "en";

export const isLanguageCode = (value: unknown): value is LanguageCode =>
  typeof value === "string" && Object.hasOwn(LANGUAGES, value);

/** The language cookie is kept a year: a student who chose Hindi keeps it on their next visit. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
