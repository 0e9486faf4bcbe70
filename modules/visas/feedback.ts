import { monthNames } from "../../vocabulary/applications.ts";
import { consistencyMessages } from "../../vocabulary/visas.ts";
import type { AnswerSignal, QuestionTheme } from "./reference-types.ts";

/**
 * Feedback on one mock interview answer (issue 28), at once and explainable, with no outside service: its
 * length against the mode's norm; for text (typed or transcribed), which of the question's points it
 * covered and which red flags it hit; and whether what it says matches the student's file. It never
 * predicts a visa decision.
 */

export interface AnswerNorms {
  normSeconds: { min: number; max: number };
  normWords: { min: number; max: number };
}

/** What the student's file says, for the consistency check. */
export interface FileRecord {
  university: string | null;
  course: string | null;
  /** 1..12 and the year, when the application names an intake. */
  intakeMonth: number | null;
  intakeYear: number | null;
  /** The portal's estimate of the first year in rupees. */
  firstYearRupees: number | null;
  /** The kinds of money the funds check lists ("education-loan", "scholarship", ...); null when not filled in. */
  fundKinds: string[] | null;
  /** The funds check's total in rupees, when filled in. */
  fundsRupees: number | null;
}

export interface AnswerFeedback {
  length: { measured: number; unit: "seconds" | "words"; min: number; max: number; verdict: "short" | "within" | "long" };
  /** Null when there is no text to read (a recording without a transcript). */
  covered: string[] | null;
  missed: string[] | null;
  redFlags: string[] | null;
  /** Where the answer and the file disagree, in words the student can act on. */
  consistency: string[];
}

export interface AnswerToRead {
  theme: QuestionTheme | string;
  points: AnswerSignal[];
  redFlags: AnswerSignal[];
  mode: "spoken" | "typed";
  text: string | null;
  durationSeconds: number | null;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Lower case, curly quotes straightened, runs of space as one. */
export const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, " ")
    .trim();

/** Whether the text says the keyword: a whole word or phrase; `financ*` any word starting so; symbols anywhere. */
export function says(text: string, keyword: string): boolean {
  const word = keyword.toLowerCase().trim();
  if (!word) return false;
  if (!/[a-z0-9]/.test(word)) return text.includes(word);
  const stem = word.endsWith("*");
  const body = escapeRegExp(stem ? word.slice(0, -1) : word);
  return new RegExp(`(?<![a-z0-9])${body}${stem ? "[a-z0-9'-]*" : "(?![a-z0-9])"}`).test(text);
}

const hits = (text: string, signals: AnswerSignal[]) =>
  signals.filter((signal) => signal.keywords.some((keyword) => says(text, keyword))).map((signal) => signal.label);

export const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

export function readAnswer(
  answer: AnswerToRead,
  norms: AnswerNorms,
  file: FileRecord,
  rupeesPer: (c: string) => number | undefined,
): AnswerFeedback {
  const text = answer.text ? normalise(answer.text) : "";
  const spoken = answer.mode === "spoken" && answer.durationSeconds !== null;
  const measured = spoken ? (answer.durationSeconds ?? 0) : wordCount(text);
  const norm = spoken ? norms.normSeconds : norms.normWords;
  const verdict = measured < norm.min ? "short" : measured > norm.max ? "long" : "within";
  if (!text) {
    return {
      length: { measured, unit: spoken ? "seconds" : "words", ...norm, verdict },
      covered: null,
      missed: null,
      redFlags: null,
      consistency: [],
    };
  }
  const covered = hits(text, answer.points);
  return {
    length: { measured, unit: spoken ? "seconds" : "words", ...norm, verdict },
    covered,
    missed: answer.points.map((p) => p.label).filter((label) => !covered.includes(label)),
    redFlags: hits(text, answer.redFlags),
    consistency: checkAgainstFile(text, answer.theme, file, rupeesPer),
  };
}

/** Month names as the answer's text has them (lower case), January first. */
const months = monthNames.map((m) => m.toLowerCase());

/** Rupees written the Indian way: 52 lakh, 1.2 crore, or the digits in Indian grouping. */
export function inLakh(rupees: number): string {
  if (rupees >= 1e7) return `${(rupees / 1e7).toFixed(2).replace(/\.?0+$/, "")} crore`;
  if (rupees >= 1e5) return `${(rupees / 1e5).toFixed(1).replace(/\.0$/, "")} lakh`;
  return `₹${Math.round(rupees).toLocaleString("en-IN")}`;
}

interface SaidAmount {
  said: string;
  rupees: number;
}

const currencyWords: [RegExp, string][] = [
  [/^(₹|rs\.?|inr|rupees?)$/, "INR"],
  [/^(\$|usd|dollars?|us dollars?)$/, "USD"],
  [/^(£|gbp|pounds?)$/, "GBP"],
  [/^(€|eur|euros?)$/, "EUR"],
  [/^(aud|australian dollars?)$/, "AUD"],
  [/^(cad|canadian dollars?)$/, "CAD"],
];
const currencyOf = (word: string | undefined) =>
  word ? currencyWords.find(([pattern]) => pattern.test(word.trim()))?.[1] : undefined;

/** Amounts of money the answer names, in rupees: "40 lakh", "1.2 crore", "₹45,00,000", "$50,000", "30k dollars". */
export function amountsSaid(text: string, rupeesPer: (c: string) => number | undefined): SaidAmount[] {
  const found: SaidAmount[] = [];
  const number = (raw: string) => Number(raw.replace(/,/g, ""));
  for (const m of text.matchAll(/(\d+(?:\.\d+)?)\s*(lakhs?|lacs?|crores?|cr)\b/g)) {
    const n = number(m[1] ?? "");
    const unit = m[2] ?? "";
    found.push({ said: m[0], rupees: n * (unit.startsWith("cr") ? 1e7 : 1e5) });
  }
  const symbol = "(₹|rs\\.?|inr|\\$|usd|£|gbp|€|eur|aud|cad)";
  const word = "(rupees?|dollars?|us dollars?|pounds?|euros?|australian dollars?|canadian dollars?|usd|inr|gbp|eur|aud|cad)";
  const patterns = [
    new RegExp(`${symbol}\\s?(\\d[\\d,]*(?:\\.\\d+)?)(\\s?k\\b)?`, "g"),
    new RegExp(`(?<![\\d.])(\\d[\\d,]*(?:\\.\\d+)?)(\\s?k)?\\s?${word}(?![a-z])`, "g"),
  ];
  for (const [i, pattern] of patterns.entries()) {
    for (const m of text.matchAll(pattern)) {
      const [currencyWord, digits, thousands] = i === 0 ? [m[1], m[2], m[3]] : [m[3], m[1], m[2]];
      const currency = currencyOf(currencyWord);
      if (!currency || !digits) continue;
      if (/lakh|lac|crore/.test(text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 7))) continue;
      const rate = currency === "INR" ? 1 : rupeesPer(currency);
      if (rate === undefined) continue;
      const amount = number(digits) * (thousands ? 1000 : 1);
      if (amount < 100) continue;
      found.push({ said: m[0].trim(), rupees: amount * rate });
    }
  }
  return found;
}

/** Words before "university" that are not its name: "I chose this university", "a good university". */
const commonWords = new Set([
  "chose",
  "choose",
  "chosen",
  "selected",
  "the",
  "a",
  "an",
  "this",
  "that",
  "my",
  "our",
  "your",
  "their",
  "good",
  "great",
  "top",
  "best",
  "same",
  "other",
  "which",
  "what",
  "public",
  "private",
  "join",
  "joining",
  "at",
  "in",
  "to",
  "of",
  "from",
  "for",
  "about",
  "is",
  "am",
  "and",
  "applied",
  "apply",
  "study",
  "studying",
  "reputed",
  "famous",
  "ranked",
  "old",
  "new",
  "any",
  "one",
  "every",
  "that's",
  "it's",
  "dream",
  "partner",
  "foreign",
  "indian",
  "american",
  "british",
]);

const stopWords = new Set([
  "of",
  "the",
  "and",
  "in",
  "for",
  "at",
  "a",
  "an",
  "university",
  "college",
  "institute",
  "school",
  "my",
  "msc",
  "ms",
  "ma",
  "mba",
  "bsc",
  "ba",
  "meng",
  "beng",
  "master",
  "masters",
  "bachelor",
  "bachelors",
  "degree",
  "course",
  "program",
  "programme",
  "with",
  "hons",
]);
const tokens = (s: string) =>
  normalise(s)
    .replace(/[^a-z0-9 ]/g, " ")
    .split(" ")
    .filter((w) => w.length > 2 && !stopWords.has(w));

/** Whether two names share a significant word (so "Manchester" matches "The University of Manchester"). */
const sameName = (said: string, recorded: string) => {
  const a = tokens(said);
  const b = new Set(tokens(recorded));
  return a.length === 0 || a.some((w) => b.has(w));
};

export function checkAgainstFile(
  text: string,
  theme: string,
  file: FileRecord,
  rupeesPer: (c: string) => number | undefined,
): string[] {
  const notes: string[] = [];
  // Costs and funds: the largest amount named, against the first year's estimate.
  const amounts = amountsSaid(text, rupeesPer);
  if (amounts.length && file.firstYearRupees && (theme === "finances" || /cost|fee|tuition|year|expens|total/.test(text))) {
    const largest = amounts.reduce((a, b) => (b.rupees > a.rupees ? b : a));
    if (largest.rupees < file.firstYearRupees * 0.85) {
      notes.push(consistencyMessages.amountBelowEstimate(largest.said, inLakh(file.firstYearRupees)));
    }
  }
  // Funding: what the answer names against what the funds check lists.
  if (file.fundKinds) {
    if (
      says(text, "loan") &&
      !/(no|not|without|don't need a|didn't take a) (education )?loan/.test(text) &&
      !file.fundKinds.includes("education-loan")
    ) {
      notes.push(consistencyMessages.loanNotInFunds);
    }
    if (says(text, "scholarship*") && !/no scholarship/.test(text) && !file.fundKinds.includes("scholarship")) {
      notes.push(consistencyMessages.scholarshipNotInFunds);
    }
    if (theme === "finances" && file.fundKinds.includes("scholarship") && !says(text, "scholarship*")) {
      notes.push(consistencyMessages.scholarshipUnsaid);
    }
    if (theme === "finances" && file.fundKinds.includes("education-loan") && !says(text, "loan")) {
      notes.push(consistencyMessages.loanUnsaid);
    }
  }
  // The intake: a month named that is not the application's.
  if (file.intakeMonth) {
    const named = months.findIndex((m) => new RegExp(`\\b${m}\\b`).test(text));
    if (named >= 0 && named + 1 !== file.intakeMonth && /(start|begin|intake|join|commenc|semester|session)/.test(text)) {
      const intake = [monthNames[file.intakeMonth - 1], file.intakeYear].filter(Boolean).join(" ");
      notes.push(consistencyMessages.otherIntake(monthNames[named] ?? "", intake));
    }
  }
  // The university: one named by its name ("university of x", "x university") that is not the student's.
  if (file.university) {
    const named = [
      ...[...text.matchAll(/university of ([a-z]+(?: [a-z]+)?)/g)].map((m) => {
        const name = (m[1] ?? "")
          .split(" ")
          .filter((w) => !commonWords.has(w))
          .join(" ");
        return { said: `university of ${name}`, name };
      }),
      ...[...text.matchAll(/((?:[a-z]+ )?[a-z]+) university/g)].map((m) => {
        const name = (m[1] ?? "")
          .split(" ")
          .filter((w) => !commonWords.has(w))
          .join(" ");
        return { said: `${name} university`, name };
      }),
    ];
    const other = named.find(({ name }) => tokens(name).length > 0 && !sameName(name, file.university ?? ""));
    if (other) notes.push(consistencyMessages.otherUniversity(other.said, file.university));
  }
  // The course: "masters in x", "ms in x", "course in x".
  if (file.course) {
    const m = /\b(?:masters?|ms|msc|ma|mba|course|program(?:me)?|pg) (?:is )?(?:in|of) ([a-z]+(?: [a-z]+){0,3})/.exec(text);
    if (m?.[1] && tokens(m[1]).length && !sameName(m[1], file.course)) {
      notes.push(consistencyMessages.otherCourse(m[0], file.course));
    }
  }
  return notes;
}
