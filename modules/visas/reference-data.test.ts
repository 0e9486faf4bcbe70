import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { attachmentTypes } from "../../vocabulary/documents.ts";
import { demoCountries } from "../catalogue/demo/countries.ts";
import {
  everyAnswerFlags,
  referenceQuestionBankFiles,
  referenceQuestionBanks,
  sharedSignalsFile,
} from "./question-bank/index.ts";
import { referenceGuideFiles, referenceGuides } from "./reference-guides.ts";
import { type FileFact, fileFacts, questionThemes, type Words } from "./reference-types.ts";

const devanagari = /[\u0900-\u097F]/;
const isWords = (value: unknown): value is Words =>
  typeof value === "object" && value !== null && Object.keys(value).sort().join() === "en,hi";

/** Every Words value in a structure, with where it sits. */
function wordsIn(value: unknown, at: string): { at: string; words: Words }[] {
  if (isWords(value)) return [{ at, words: value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => wordsIn(item, `${at}[${i}]`));
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([key, item]) => wordsIn(item, `${at}.${key}`));
  return [];
}

const isIsoDate = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

const duplicates = (values: string[]) => values.filter((value, i) => values.indexOf(value) !== i);

/** The placeholder each file fact fills; {country} is always known. */
const placeholderFacts: Record<string, FileFact | null> = {
  university: "university",
  course: "course",
  intake: "intake",
  city: "city",
  sponsor: "sponsor",
  scholarship: "scholarship",
  country: null,
};

describe("the visa guides", () => {
  it("cover the ten destinations, Canada and New Zealand among them, named as the catalogue names them", () => {
    const names = demoCountries.map((country) => country.name);
    const countries = referenceGuides.map((guide) => guide.country);
    expect(countries).toEqual([
      "United States",
      "United Kingdom",
      "Australia",
      "Germany",
      "Ireland",
      "France",
      "Netherlands",
      "Italy",
      "Canada",
      "New Zealand",
    ]);
    for (const country of countries) expect(names).toContain(country);
  });

  it("say everything in English and in Hindi (Devanagari)", () => {
    for (const guide of referenceGuides) {
      const words = wordsIn(guide, guide.country);
      expect(words.length).toBeGreaterThan(30);
      for (const { at, words: text } of words) {
        expect(text.en.trim(), at).not.toBe("");
        expect(text.hi.trim(), at).not.toBe("");
        expect(devanagari.test(text.hi), `${at} is in Devanagari`).toBe(true);
      }
    }
  });

  it("give every figure a source, an https address, an ISO date and a currency", () => {
    for (const guide of referenceGuides) {
      expect(duplicates(guide.figures.map((figure) => figure.key)), guide.country).toEqual([]);
      for (const figure of guide.figures) {
        const at = `${guide.country} ${figure.key}`;
        expect(figure.source.trim(), at).not.toBe("");
        expect(figure.sourceUrl, at).toMatch(/^https:\/\/\S+$/);
        expect(isIsoDate(figure.checkedOn), `${at} checkedOn ${figure.checkedOn}`).toBe(true);
        expect(figure.currency, at).toMatch(/^[A-Z]{3}$/);
        expect(figure.amount, at).toBeGreaterThan(0);
      }
      for (const link of guide.officialLinks) expect(link.url, guide.country).toMatch(/^https:\/\/\S+$/);
    }
  });

  it("mark a figure found only in secondary sources as not confirmed, with a note saying what was reported", () => {
    const unconfirmed = referenceGuides.flatMap((guide) => guide.figures.filter((figure) => !figure.confirmed));
    expect(unconfirmed.length).toBeGreaterThan(0);
    for (const figure of unconfirmed) expect(figure.note, figure.key).not.toBeNull();
  });

  it("cite only official publishers' pages (decision 0050): no news site, consultant or forex seller", () => {
    const official =
      /^https:\/\/(www\.)?([a-z0-9-]+\.)*(gov\.uk|legislation\.gov\.au|gov\.au|usembassy\.gov|ice\.gov|state\.gov|auswaertiges-amt\.de|diplo\.de|aps-india\.de|irishimmigration\.ie|france-visas\.gouv\.fr|diplomatie\.gouv\.fr|ind\.nl|studiare-in-italia\.it|canada\.ca|ircc\.canada\.ca|immigration\.govt\.nz)\//;
    for (const guide of referenceGuides)
      for (const figure of guide.figures) expect(figure.sourceUrl, `${guide.country} ${figure.key}`).toMatch(official);
    const us = referenceGuides.find((guide) => guide.country === "United States");
    expect(us?.figures.find((f) => f.key === "visa-fee")?.sourceUrl).not.toContain("tt.usembassy.gov");
  });

  it("keep their provenance as public sources: a comment cites web addresses and decision records, never a file path", () => {
    for (const file of ["reference-guides.ts", "reference-types.ts", "guides.ts", "funds.ts", "plans.ts"]) {
      const comments = readFileSync(new URL(`./${file}`, import.meta.url), "utf8")
        .split("\n")
        .filter((line) => /^\s*(\/\/|\/?\*)/.test(line));
      // A relative path that leaves the module, an absolute one, or a Markdown file named by its path.
      expect(
        comments.filter((line) => /(^|[\s(`'"])(\.\.\/|\/[a-z]+\/[\w.-]+\/)|[\w-]+\/[\w.-]+\.md\b/.test(line)),
        file,
      ).toEqual([]);
    }
  });

  it("keep the day a figure was checked apart from its page's own date", () => {
    for (const guide of referenceGuides)
      for (const figure of guide.figures) {
        const at = `${guide.country} ${figure.key}`;
        if (figure.sourceDate !== null) {
          expect(isIsoDate(figure.sourceDate), at).toBe(true);
          expect(figure.sourceDate <= figure.checkedOn, at).toBe(true);
        }
        // The day checked is the day of checking: not a rule's or a page's date years before.
        expect(figure.checkedOn >= "2026-11-24", `${at} checked on ${figure.checkedOn}`).toBe(true);
      }
    const sevis = referenceGuides.find((guide) => guide.country === "United States")?.figures.find((f) => f.key === "sevis-fee");
    expect(sevis?.checkedOn).not.toBe("2019-05-23");
  });

  it("never say in a note or a rule's words that a figure is unconfirmed: the screens say so from `confirmed`", () => {
    for (const guide of referenceGuides) {
      const texts = [...guide.figures.flatMap((f) => (f.note ? [f.note.en] : [])), guide.funds?.how.en ?? ""];
      for (const text of texts)
        expect(text, guide.country).not.toMatch(/could not confirm|not confirmed|counsellor will confirm/i);
    }
  });

  it("list for the UK the documents the visa asks for, the CAS as the university's papers", () => {
    const uk = referenceGuides.find((guide) => guide.country === "United Kingdom");
    const labels = uk?.documents.map((d) => d.label.en) ?? [];
    expect(labels.length).toBeGreaterThanOrEqual(9);
    for (const wanted of [/TB\) test certificate/, /CAS/, /Proof of funds/, /parents agreeing/])
      expect(
        labels.some((l) => wanted.test(l)),
        String(wanted),
      ).toBe(true);
    expect(uk?.documents.find((d) => d.isConfirmation)?.label.en).toBe("CAS reference number");
  });

  it("date every plan step that has a deadline before the course, and settle the papers' step by the application's record", () => {
    for (const guide of referenceGuides) {
      expect(guide.planSteps[0]?.settledBy, guide.country).toBe("papers");
      expect(guide.planSteps.filter((s) => typeof s.weeksBeforeIntake === "number").length, guide.country).toBeGreaterThanOrEqual(
        3,
      );
      expect(guide.documents.filter((d) => d.isConfirmation).length, guide.country).toBe(1);
    }
  });

  it("give Canada the study permit as in force: PAL, funds with the amount and its date, biometrics, medical, letter of explanation, no interview as a rule", () => {
    const canada = referenceGuides.find((guide) => guide.country === "Canada");
    const labels = canada?.documents.map((d) => d.label.en).join(" | ") ?? "";
    for (const wanted of ["attestation letter (PAL)", "Proof of funds", "Biometrics", "Medical exam", "Letter of explanation"])
      expect(labels).toContain(wanted);
    expect(canada?.interview.held).toBe("rarely");
    const living = canada?.figures.find((f) => f.key === "funds-living");
    expect(living).toMatchObject({ amount: 22895, currency: "CAD", per: "year", confirmed: true });
    expect(living?.note?.en).toContain("1 September 2025");
    expect(canada?.funds).toMatchObject({
      currency: "CAD",
      livingPerYear: 22895,
      plusFirstYearTuition: true,
      figureKey: "funds-living",
    });
    const nz = referenceGuides.find((guide) => guide.country === "New Zealand");
    expect(nz?.figures.find((f) => f.key === "funds-living")).toMatchObject({ amount: 20000, currency: "NZD", confirmed: true });
    expect(nz?.figures.find((f) => f.key === "visa-fee")).toMatchObject({ amount: 850, currency: "NZD" });
    expect(nz?.documents.some((d) => /insurance/.test(d.label.en))).toBe(true);
  });

  it("tie each funds rule to one of its own figures, in the same currency", () => {
    for (const guide of referenceGuides) {
      const funds = guide.funds;
      if (!funds) continue;
      expect(funds.currency, guide.country).toMatch(/^[A-Z]{3}$/);
      if (funds.figureKey === null) continue;
      const figure = guide.figures.find((candidate) => candidate.key === funds.figureKey);
      expect(figure, `${guide.country} ${funds.figureKey}`).toBeDefined();
      expect(figure?.currency).toBe(funds.currency);
    }
    const uk = referenceGuides.find((guide) => guide.country === "United Kingdom")?.funds;
    expect(uk).toMatchObject({ months: 9, heldForDays: 28, capitalFigureKey: "funds-living-london" });
    expect(uk?.periodEndsWithinDaysOfApplying).toBe(31);
    expect(uk?.capitalCities).toEqual(["London"]);
  });

  it("name only the portal's attachment types, and give plan steps unique keys", () => {
    for (const guide of referenceGuides) {
      for (const document of guide.documents)
        if (document.attachmentType !== null) expect(attachmentTypes as readonly string[]).toContain(document.attachmentType);
      const keys = guide.planSteps.map((step) => step.key);
      expect(keys.length, guide.country).toBeGreaterThanOrEqual(4);
      expect(duplicates(keys), guide.country).toEqual([]);
      for (const step of guide.planSteps) expect(step.staleAfterDays).toBeGreaterThan(0);
      expect(guide.steps.length, guide.country).toBeGreaterThanOrEqual(4);
    }
    const us = referenceGuides.find((guide) => guide.country === "United States");
    expect(us?.planSteps.map((step) => step.key)).toEqual(["i20", "sevis", "ds160", "appointment", "interview", "outcome"]);
  });
});

describe("the question banks", () => {
  const bank = (country: string) => referenceQuestionBanks.find((candidate) => candidate.country === country);
  const allQuestions = referenceQuestionBanks.flatMap((candidate) => candidate.questions);

  it("hold enough questions for each destination", () => {
    expect(bank("United States")?.questions.length).toBeGreaterThanOrEqual(60);
    expect(bank("United Kingdom")?.questions.length).toBeGreaterThanOrEqual(30);
    expect(bank("Australia")?.questions.length).toBeGreaterThanOrEqual(12);
    expect(bank("Germany")?.questions.length).toBeGreaterThanOrEqual(20);
    for (const candidate of referenceQuestionBanks)
      expect(referenceGuides.map((guide) => guide.country)).toContain(candidate.country);
  });

  it("cover the US interview's themes, with core questions in every bank", () => {
    const themes = new Set(bank("United States")?.questions.map((q) => q.theme));
    for (const theme of ["study-plans", "university-choice", "academic-ability", "finances", "post-study-plans", "ties-to-india"])
      expect(themes).toContain(theme);
    for (const candidate of referenceQuestionBanks)
      expect(candidate.questions.filter((q) => q.core).length).toBeGreaterThanOrEqual(candidate.questionsPerPractice / 2);
  });

  it("have sensible practice settings", () => {
    for (const candidate of referenceQuestionBanks) {
      expect(candidate.questionsPerPractice).toBeGreaterThan(0);
      expect(candidate.questionsPerPractice).toBeLessThanOrEqual(candidate.questions.length);
      expect(candidate.secondsPerAnswer).toBeGreaterThan(0);
      expect(candidate.normSeconds.min).toBeLessThan(candidate.normSeconds.max);
      expect(candidate.normSeconds.max).toBeLessThanOrEqual(candidate.secondsPerAnswer);
      expect(candidate.normWords.min).toBeLessThan(candidate.normWords.max);
    }
    expect(bank("United States")).toMatchObject({ questionsPerPractice: 8 });
  });

  it("give every question a unique id, a known theme and valid needs", () => {
    expect(duplicates(allQuestions.map((q) => q.id))).toEqual([]);
    for (const q of allQuestions) {
      expect(questionThemes as readonly string[], q.id).toContain(q.theme);
      for (const need of q.needs) expect(fileFacts as readonly string[], q.id).toContain(need);
      expect(duplicates(q.needs), q.id).toEqual([]);
      expect(q.text.trim(), q.id).not.toBe("");
      expect(q.wants.trim(), q.id).not.toBe("");
    }
  });

  it("declare in needs every file fact a question's text names", () => {
    for (const q of allQuestions) {
      for (const [, name] of q.text.matchAll(/\{(\w+)\}/g)) {
        expect(Object.keys(placeholderFacts), `${q.id} {${name}}`).toContain(name);
        const fact = placeholderFacts[name as string];
        if (fact) expect(q.needs, `${q.id} needs ${fact}`).toContain(fact);
      }
    }
  });

  it("give 2 to 4 points and 1 to 3 red flags, each with lower-case keywords", () => {
    for (const q of allQuestions) {
      expect(q.points.length, `${q.id} points`).toBeGreaterThanOrEqual(2);
      expect(q.points.length, `${q.id} points`).toBeLessThanOrEqual(4);
      expect(q.redFlags.length, `${q.id} red flags`).toBeGreaterThanOrEqual(1);
      expect(q.redFlags.length, `${q.id} red flags`).toBeLessThanOrEqual(3);
      for (const signal of [...q.points, ...q.redFlags]) {
        expect(signal.label.trim(), q.id).not.toBe("");
        expect(signal.keywords.length, `${q.id} ${signal.label}`).toBeGreaterThan(0);
        for (const keyword of signal.keywords) {
          expect(keyword, `${q.id} ${signal.label}`).toBe(keyword.toLowerCase());
          expect(keyword.trim(), `${q.id} ${signal.label}`).toBe(keyword);
          expect(keyword.length, `${q.id} ${signal.label}`).toBeGreaterThan(0);
          expect(keyword.indexOf("*"), `${q.id} "${keyword}": a * only ends a stem`).toBeLessThanOrEqual(keyword.length - 1);
          if (keyword.includes("*")) expect(keyword.endsWith("*") && keyword.indexOf("*") === keyword.length - 1).toBe(true);
        }
      }
    }
  });

  it("flag immigrant intent in the US answers about the future", () => {
    const us = bank("United States")?.questions ?? [];
    const future = us.filter((q) => q.theme === "post-study-plans");
    for (const q of future) {
      const flagged = q.redFlags.flatMap((flag) => flag.keywords);
      const intent = ["settle", "green card", "permanent", "h-1b"].some((k) => flagged.includes(k));
      const dismissive = flagged.some((k) => k.includes("india") || k === "dollars");
      expect(intent || dismissive, q.id).toBe(true);
    }
    const keywords = us.flatMap((q) => q.redFlags.flatMap((flag) => flag.keywords));
    for (const signal of ["settle", "green card", "stay there", "permanent", "h-1b", "my brother lives"])
      expect(keywords).toContain(signal);
  });
});

describe("the data files of the guides and the question banks (decision 0052)", () => {
  const read = [...referenceGuideFiles, ...referenceQuestionBankFiles, sharedSignalsFile];
  const jsonIn = (folder: string) =>
    readdirSync(new URL(`./${folder}/`, import.meta.url))
      .filter((name) => name.endsWith(".json"))
      .map((name) => `modules/visas/${folder}/${name}`);

  it("are every JSON file beside the module, each read at load", () => {
    expect(read.map((file) => file.file).sort()).toEqual([...jsonIn("guides"), ...jsonIn("question-bank")].sort());
    expect(referenceGuideFiles).toHaveLength(10);
    expect(referenceQuestionBankFiles).toHaveLength(4);
  });

  it("name their sources: an https address or none, a checked day or null with a note saying how the data was written", () => {
    for (const file of read) {
      expect(file.about.trim(), file.file).not.toBe("");
      for (const source of file.sources) {
        expect(source.name.trim(), file.file).not.toBe("");
        if (source.address !== null) expect(source.address, file.file).toMatch(/^https:\/\/\S+$/);
        if (source.checked === null) expect(file.checkedNote?.trim(), `${file.file} ${source.name}`).toBeTruthy();
        else if (source.published) expect(source.published <= source.checked, file.file).toBe(true);
      }
    }
  });

  it("list as a guide's sources its figures' pages, with the figures' own dates", () => {
    for (const { file, sources, guide } of referenceGuideFiles) {
      for (const figure of guide.figures)
        expect(sources, `${file} ${figure.key}`).toContainEqual({
          name: figure.source,
          address: figure.sourceUrl,
          ...(figure.sourceDate === null ? {} : { published: figure.sourceDate }),
          checked: figure.checkedOn,
        });
      for (const source of sources)
        expect(
          guide.figures.some((figure) => figure.sourceUrl === source.address),
          `${file} ${source.address}`,
        ).toBe(true);
    }
  });

  it("name only signals that are defined, each defined once and used", () => {
    const namesUsed = (file: string) => {
      const data = JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), "utf8")) as {
        bank: { questions: { points: unknown[]; redFlags: unknown[] }[] };
      };
      return data.bank.questions.flatMap((q) => [...q.points, ...q.redFlags]).filter((entry) => typeof entry === "string");
    };
    const usedAnywhere = new Set([
      ...sharedSignalsFile.everyAnswer,
      ...referenceQuestionBankFiles.flatMap((f) => namesUsed(f.file)),
    ]);
    for (const { file, signals } of referenceQuestionBankFiles) {
      const used = new Set(namesUsed(file));
      for (const name of Object.keys(signals)) {
        expect(Object.keys(sharedSignalsFile.signals), `${file} ${name} is also a shared signal`).not.toContain(name);
        expect(used.has(name), `${file} ${name} is used`).toBe(true);
      }
    }
    for (const name of Object.keys(sharedSignalsFile.signals)) expect(usedAnywhere.has(name), `${name} is used`).toBe(true);
    expect(everyAnswerFlags.map((flag) => flag.label)).toEqual([
      "vague or unsure",
      "leaves the choice to an agent",
      "dismisses India",
    ]);
  });
});
