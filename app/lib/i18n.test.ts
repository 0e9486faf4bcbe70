import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { messagesFromServer, messagesInSource } from "../../scripts/extract-messages.ts";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../vocabulary/languages.ts";
import { consistencyMessages, fundsMessages } from "../../vocabulary/visas.ts";
import { catalogues, messagesFor } from "./catalogues.server.ts";
import { createTranslator } from "./i18n.tsx";

const localesDir = path.resolve(import.meta.dirname, "../locales");
const files = readdirSync(localesDir).filter((name) => name.endsWith(".json"));
const read = (name: string): unknown => JSON.parse(readFileSync(path.join(localesDir, name), "utf8"));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
const english = catalogues[DEFAULT_LANGUAGE];
const others = (Object.keys(LANGUAGES) as (keyof typeof LANGUAGES)[]).filter((code) => code !== DEFAULT_LANGUAGE);

describe("the message catalogues (decision 0029)", () => {
  it("are one file for each language, each a flat map of texts", () => {
    expect(files.map((name) => name.replace(/\.json$/, "")).sort()).toEqual(Object.keys(LANGUAGES).sort());
    for (const name of files) {
      const catalogue = read(name);
      expect(typeof catalogue, name).toBe("object");
      for (const value of Object.values(catalogue as object)) expect(typeof value, name).toBe("string");
    }
  });

  it("has English as its own translation, holding every text the screens show", () => {
    for (const [key, text] of Object.entries(english)) expect(text).toBe(key);
    const wanted = [...messagesInSource(), ...messagesFromServer()];
    const missing = wanted.filter((text) => !Object.hasOwn(english, text));
    expect(missing, "run npx tsx scripts/extract-messages.ts").toEqual([]);
  });

  for (const code of others) {
    it(`translates every English text into ${LANGUAGES[code].name}, keeping its placeholders`, () => {
      const catalogue = catalogues[code];
      const untranslated = Object.keys(english).filter((key) => !catalogue[key]?.trim());
      expect(untranslated, `untranslated in app/locales/${code}.json`).toEqual([]);
      const unknown = Object.keys(catalogue).filter((key) => !Object.hasOwn(english, key));
      expect(unknown, `not in app/locales/en.json`).toEqual([]);
      const changed = Object.entries(catalogue).filter(([key, text]) => placeholders(key).join() !== placeholders(text).join());
      expect(changed.map(([key]) => key)).toEqual([]);
      for (const text of Object.values(catalogue)) expect(() => compileMessage(text)).not.toThrow();
    });
  }
});

describe("the translator", () => {
  const hindi = createTranslator("hi", messagesFor("hi"));
  const inEnglish = createTranslator("en", messagesFor("en"));

  it("gives English as it is, with its values", () => {
    expect(inEnglish.t("Sign Up")).toBe("Sign Up");
    expect(inEnglish.t("{count} universities", { count: "1,200" })).toBe("1,200 universities");
    expect(inEnglish.t("Text no catalogue holds")).toBe("Text no catalogue holds");
  });

  it("gives Hindi, with its values, and falls back to the English of a text it does not hold", () => {
    expect(hindi.t("Sign Up")).toBe("साइन अप");
    expect(hindi.t("Universities in {country}", { country: "Germany" })).toBe("Germany के विश्वविद्यालय");
    expect(hindi.t("Text no catalogue holds")).toBe("Text no catalogue holds");
  });

  it("translates a message the server wrote its values into, by the message's shape", () => {
    expect(hindi.t("You can ask for a new code in 27 seconds.")).toBe("आप 27 सेकंड में नया कोड माँग सकते हैं।");
    expect(hindi.t("At most 100 characters")).toBe("ज़्यादा से ज़्यादा 100 अक्षर");
    expect(inEnglish.t("You can ask for a new code in 27 seconds.")).toBe("You can ask for a new code in 27 seconds.");
    // The visa funds check's reckoning, part by part (decision 0040): no English left inside the Hindi sentence.
    expect(hindi.t(fundsMessages.livingMonthlyIn("GBP 1,483", 9, "London"))).toBe("9 महीनों के लिए हर महीने GBP 1,483 (London)");
    expect(hindi.t(fundsMessages.livingMonthly("GBP 1,136", 9))).toBe("9 महीनों के लिए हर महीने GBP 1,136");
    expect(hindi.t(fundsMessages.firstYearTuition("GBP 24,000"))).toBe("पहले साल की ट्यूशन (GBP 24,000)");
    // A practice answer's consistency note, stored in English, is read in Hindi.
    expect(hindi.t(consistencyMessages.amountBelowEstimate("5 lakh", "33.9 lakh"))).toBe(
      "आपने 5 lakh कहा; आपके पहले साल का अनुमानित खर्च 33.9 lakh है।",
    );
  });

  it("writes numbers and days in the Indian style", () => {
    expect(inEnglish.number(1234567)).toBe("12,34,567");
    expect(hindi.number(1234567)).toBe("12,34,567");
    const englishDay = (iso: string) => `English ${iso}`;
    expect(inEnglish.day("2026-11-05", englishDay)).toBe("English 2026-11-05");
    expect(hindi.day("2026-11-05", englishDay)).toBe("5 नवंबर 2026");
    expect(hindi.dayOfYear(1, 31, "31 January")).toBe("31 जनवरी");
  });
});
