import { monthNames } from "../../vocabulary/applications.ts";
import { consistencyMessages } from "../../vocabulary/visas.ts";
import { wordedAmount } from "../amounts.ts";
import { escapeRegExp } from "../text-patterns.ts";
import { everyAnswerFlags } from "./question-bank/index.ts";
import type { AnswerSignal, QuestionTheme } from "./reference-types.ts";

/**
 * Feedback on one mock interview answer (decision 0040), at once and explainable, with no outside service: its
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
  /** The English test on the student's record and its overall score (decision 0027), and GRE and GMAT totals. */
  englishTest?: string | null;
  englishScore?: number | null;
  gre?: number | null;
  gmat?: number | null;
}

/** What a contradiction with the file is about: the judged set (feedback-judged.json) names them so. */
export type ContradictionKind =
  | "test-score"
  | "amount-below-estimate"
  | "loan-not-in-funds"
  | "scholarship-not-in-funds"
  | "scholarship-unsaid"
  | "loan-unsaid"
  | "other-intake"
  | "other-university"
  | "other-course";

export interface FileNote {
  kind: ContradictionKind;
  message: string;
}

export interface AnswerFeedback {
  length: { measured: number; unit: "seconds" | "words"; min: number; max: number; verdict: "short" | "within" | "long" };
  /** Null when there is no text to read (a recording without a transcript). */
  covered: string[] | null;
  missed: string[] | null;
  redFlags: string[] | null;
  /** Where the answer and the file disagree, in words the student can act on. */
  consistency: string[];
  /**
   * False when the answer has words but none that bear on the question (no point, no red flag, nothing of
   * its vocabulary): the length is then not praised (decision 0049). Absent on feedback kept before.
   */
  onTopic?: boolean;
}

export interface AnswerToRead {
  theme: QuestionTheme | string;
  /** The question as asked: its words tell an answer to it from one to another question. */
  question?: string;
  points: AnswerSignal[];
  redFlags: AnswerSignal[];
  mode: "spoken" | "typed";
  text: string | null;
  durationSeconds: number | null;
}

/** Lower case, curly quotes straightened, runs of space as one. */
export const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, " ")
    .trim();

/**
 * The endings a word takes in an answer: "business" is said as "businessman", "earn" as "earning". A
 * keyword's last word of four letters or more matches with them (decision 0049).
 */
const ENDINGS = "(?:s|es|d|ed|ing|er|ers|man|men)?";

/**
 * Things an answer says that no keyword list can name: `{score}` a test score ("8.5 in IELTS", "GRE 312"),
 * `{amount}` a sum of money ("18 lakh", "$65,000", "11,904 euros").
 */
const concepts: Record<string, (text: string) => boolean> = {
  "{score}": (text) => testScoresSaid(text).length > 0,
  "{amount}": (text) => amountsSaid(text, () => 1).length > 0,
};

/** Whether the text says the keyword: a whole word or phrase (with its endings); `financ*` any word starting so; symbols anywhere. */
export function says(text: string, keyword: string): boolean {
  const word = keyword.toLowerCase().trim();
  if (!word) return false;
  const concept = concepts[word];
  if (concept) return concept(text);
  if (!/[a-z0-9]/.test(word)) return text.includes(word);
  return keywordPattern(word).test(text);
}

const keywordPattern = (word: string) => {
  const stem = word.endsWith("*");
  const body = escapeRegExp(stem ? word.slice(0, -1) : word);
  const inflected = !stem && /[a-z]{4}$/.test(word);
  return new RegExp(`(?<![a-z0-9])${body}${stem ? "[a-z0-9'-]*" : inflected ? `${ENDINGS}(?![a-z0-9])` : "(?![a-z0-9])"}`, "g");
};

/** Words that turn a red flag round when they come just before it: "I don't want to settle there". */
const NEGATION = /(?:\bnot|\bnever|\bno|n't|\bdont|\bwont|\bnahi)\b(?:\s+\S+){0,3}\s*$/;

/** Whether the text raises the flag's keyword other than in a denial of it. */
function raises(text: string, keyword: string): boolean {
  const word = keyword.toLowerCase().trim();
  if (!word) return false;
  if (concepts[word] || !/[a-z0-9]/.test(word) || /^(not|never|no|don't|dont|won't|nothing)\b/.test(word))
    return says(text, word);
  for (const m of text.matchAll(keywordPattern(word))) {
    // The denial must be in the same clause: "I don't know sir, my father wanted" still says who chose.
    const clause =
      text
        .slice(Math.max(0, (m.index ?? 0) - 40), m.index)
        .split(/[.,;!?]/)
        .at(-1) ?? "";
    if (!NEGATION.test(clause)) return true;
  }
  return false;
}

const hits = (text: string, signals: AnswerSignal[], read = says) =>
  signals.filter((signal) => signal.keywords.some((keyword) => read(text, keyword))).map((signal) => signal.label);

/**
 * The red flags a text raises, read as an answer's are (a denial in the same clause turns one round): the
 * SOP checks read a statement for the US practice's immigrant-intent signals with it (decision 0073).
 */
export const flagsRaised = (text: string, flags: AnswerSignal[]) => hits(normalise(text), flags, raises);

/**
 * The red flags a question lists, and those every answer is read for (vague, an agent's choice, running
 * India down), so the same answer is flagged the same on every question (decision 0049). A question's
 * own flag of the same name keeps its own words as well.
 */
function flagsFor(redFlags: AnswerSignal[]): AnswerSignal[] {
  const own = redFlags.map((flag) => {
    const shared = everyAnswerFlags.find(
      (f) => f.label === flag.label || (flag.label === "vague" && f.label === "vague or unsure"),
    );
    return shared ? { label: shared.label, keywords: [...new Set([...flag.keywords, ...shared.keywords])] } : flag;
  });
  return [...own, ...everyAnswerFlags.filter((f) => !own.some((o) => o.label === f.label))];
}

/** Words too common to tell one question's subject from another's. */
const commonAnswerWords = new Set(
  "about after also been before being could does from have having into just like more much only other over same some such than that their them then there these they this those very want what when where which will with would your yours sir madam yes okay also because going every always really things thing think know good well able make made many".split(
    " ",
  ),
);

const contentWords = (text: string) =>
  normalise(text)
    .replace(/[^a-z0-9 ]/g, " ")
    .split(" ")
    .filter((w) => w.length >= 4 && !commonAnswerWords.has(w));

/**
 * Whether an answer with no point and no red flag still speaks to the question: a word of it shares its
 * first five letters with a word of the question or of its points' keywords.
 */
function bearsOn(text: string, answer: AnswerToRead): boolean {
  const words = contentWords(text);
  if (words.length < 4) return true;
  const vocabulary = new Set(
    [answer.question ?? "", ...answer.points.flatMap((p) => p.keywords)]
      .flatMap((k) => contentWords(k.replace(/\*/g, "")))
      .map((w) => w.slice(0, 5)),
  );
  return words.some((w) => vocabulary.has(w.slice(0, 5)));
}

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
  const redFlags = hits(text, flagsFor(answer.redFlags), raises);
  const notes = fileNotes(text, answer, file, rupeesPer);
  return {
    length: { measured, unit: spoken ? "seconds" : "words", ...norm, verdict },
    covered,
    missed: answer.points.map((p) => p.label).filter((label) => !covered.includes(label)),
    redFlags,
    consistency: notes.map((n) => n.message),
    onTopic: covered.length > 0 || redFlags.length > 0 || notes.length > 0 || bearsOn(text, answer),
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
    const rupees = wordedAmount(number(m[1] ?? ""), m[2] ?? "");
    if (rupees !== null) found.push({ said: m[0], rupees });
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
  "very",
  "nice",
  "big",
  "world",
  "class",
  "reputed",
  "well",
  "known",
  "excellent",
  "popular",
  "prestigious",
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

/** The tests a student names with their score, and the range each score lies in. */
const testRanges: Record<string, { name: string; min: number; max: number }> = {
  ielts: { name: "IELTS", min: 1, max: 9 },
  toefl: { name: "TOEFL", min: 0, max: 120 },
  pte: { name: "PTE", min: 10, max: 90 },
  duolingo: { name: "Duolingo", min: 10, max: 160 },
  gre: { name: "GRE", min: 260, max: 340 },
  gmat: { name: "GMAT", min: 205, max: 805 },
};

export interface SaidScore {
  test: string;
  score: number;
  /** "around 300", "300 something": a guess, not a claim. */
  approximate: boolean;
}

/** Test scores the answer states: "8.5 in IELTS", "IELTS overall 7.0", "GRE 312", "scored 7 in IELTS". */
export function testScoresSaid(text: string): SaidScore[] {
  const found: SaidScore[] = [];
  const names = Object.keys(testRanges).join("|");
  const hedge = /(around|about|approx\w*|nearly|roughly|something|almost)/;
  const take = (test: string, raw: string, context: string) => {
    const range = testRanges[test];
    const score = Number(raw);
    if (!range || Number.isNaN(score) || score < range.min || score > range.max) return;
    if (found.some((f) => f.test === range.name)) return;
    found.push({ test: range.name, score, approximate: hedge.test(context) });
  };
  // The test first: "ielts 7.5", "ielts overall 7", "gave ielts in march and got overall 7 band".
  for (const m of text.matchAll(new RegExp(`\\b(${names})\\b([^.\\d]{0,30}?)(\\d{1,3}(?:\\.\\d)?)(?![\\d,])`, "g")))
    take(m[1] ?? "", m[3] ?? "", `${m[2] ?? ""} ${text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 12)}`);
  // The score first: "8.5 in ielts", "7 bands in the ielts".
  for (const m of text.matchAll(
    new RegExp(
      `(\\d{1,3}(?:\\.\\d)?)\\s*(?:bands?|overall|score|marks)?\\s*(?:in|on|for)\\s*(?:the\\s+|my\\s+)?(${names})\\b`,
      "g",
    ),
  ))
    take(m[2] ?? "", m[1] ?? "", text.slice(Math.max(0, (m.index ?? 0) - 15), m.index));
  return found;
}

/** An amount said as someone's earnings, not as a cost or a fund: "earning 18 lakh a year", "12 lakh per annum". */
const earnings = /^\s*(?:a year|per year|per annum|p\.?a\.?|annual\w*|yearly|a month|per month|lpa|salary|income)/;
const earningsBefore = /(earn\w*|income|salary|ctc|package|getting)\s+(?:is\s+|of\s+)?(?:around\s+|about\s+)?$/;

/** Words before a university's name that make it one of the past or one of several considered, not a change of plan. */
const otherPlaceContext =
  /(bachelor|b\.?\s?tech|b\.?e\b|b\.?sc|b\.?com|graduat|studied|did my|completed|school|college|admit|reject|applied|offer|also got|instead of|than)/;

/** The initials of a university's name without its small words: "Arizona State University" -> "asu". */
const initialsOf = (name: string) =>
  normalise(name)
    .split(/[^a-z]+/)
    .filter((w) => w && !["of", "the", "and", "at", "for", "in"].includes(w))
    .map((w) => w[0])
    .join("");

/** Subject words most courses share: naming them does not make it the same course. */
const commonCourseWords = new Set([
  "science",
  "sciences",
  "engineering",
  "management",
  "studies",
  "technology",
  "applied",
  "advanced",
]);

export function checkAgainstFile(
  text: string,
  theme: string,
  file: FileRecord,
  rupeesPer: (c: string) => number | undefined,
): string[] {
  return fileNotes(text, { theme, points: [] }, file, rupeesPer).map((n) => n.message);
}

/** Where the answer says other than the student's file, each with its kind. */
export function fileNotes(
  text: string,
  answer: Pick<AnswerToRead, "theme" | "points">,
  file: FileRecord,
  rupeesPer: (c: string) => number | undefined,
): FileNote[] {
  const notes: FileNote[] = [];
  const note = (kind: ContradictionKind, message: string) => notes.push({ kind, message });
  // Test scores: a score stated (not guessed) that is not the one on the record.
  const recorded: Record<string, number | null | undefined> = {
    [file.englishTest?.toUpperCase() === "PTE" ? "PTE" : (file.englishTest ?? "").toUpperCase()]: file.englishScore,
    GRE: file.gre,
    GMAT: file.gmat,
  };
  for (const said of testScoresSaid(text)) {
    const key = said.test.toUpperCase();
    const onFile = recorded[key];
    if (onFile === null || onFile === undefined || said.approximate || Math.abs(said.score - Number(onFile)) < 0.01) continue;
    note("test-score", consistencyMessages.otherScore(`${said.test} ${said.score}`, `${said.test} ${Number(onFile)}`));
  }
  // Costs: the largest amount named as a cost (not someone's earnings), against the first year's estimate.
  const amounts = amountsSaid(text, rupeesPer).filter((a) => {
    const at = text.indexOf(a.said);
    return (
      !earnings.test(text.slice(at + a.said.length, at + a.said.length + 15)) &&
      !earningsBefore.test(text.slice(Math.max(0, at - 25), at))
    );
  });
  if (amounts.length && file.firstYearRupees && /cost|fee|tuition|expens|total|living|first year|budget/.test(text)) {
    const largest = amounts.reduce((a, b) => (b.rupees > a.rupees ? b : a));
    if (largest.rupees < file.firstYearRupees * 0.85) {
      note("amount-below-estimate", consistencyMessages.amountBelowEstimate(largest.said, inLakh(file.firstYearRupees)));
    }
  }
  // Funding: what the answer names against what the funds check lists. Leaving a source out counts only
  // where the question asks who pays.
  const asksWhoPays = answer.points.some((p) => p.label === "names the sponsor and the relation");
  if (file.fundKinds) {
    if (
      says(text, "loan") &&
      !/(no|not|without|don't need a|didn't take a|did not take a) (education )?loan/.test(text) &&
      !file.fundKinds.includes("education-loan")
    ) {
      note("loan-not-in-funds", consistencyMessages.loanNotInFunds);
    }
    if (says(text, "scholarship*") && !/no scholarship/.test(text) && !file.fundKinds.includes("scholarship")) {
      note("scholarship-not-in-funds", consistencyMessages.scholarshipNotInFunds);
    }
    if (asksWhoPays && file.fundKinds.includes("scholarship") && !says(text, "scholarship*")) {
      note("scholarship-unsaid", consistencyMessages.scholarshipUnsaid);
    }
    if (asksWhoPays && file.fundKinds.includes("education-loan") && !says(text, "loan")) {
      note("loan-unsaid", consistencyMessages.loanUnsaid);
    }
  }
  // The intake: a month named that is not the application's.
  if (file.intakeMonth) {
    const named = months.findIndex((m) => new RegExp(`\\b${m}\\b`).test(text));
    if (named >= 0 && named + 1 !== file.intakeMonth && /(start|begin|intake|join|commenc|semester|session)/.test(text)) {
      const intake = [monthNames[file.intakeMonth - 1], file.intakeYear].filter(Boolean).join(" ");
      note("other-intake", consistencyMessages.otherIntake(monthNames[named] ?? "", intake));
    }
  }
  // The university: one named ("university of x", "x university") that is not the student's, unless the
  // answer names theirs too or speaks of it as past study or one of several considered.
  if (file.university) {
    const mine = file.university;
    const namesMine = sameName(text, mine) || new RegExp(`\\b${initialsOf(mine)}\\b`).test(text);
    const named = [
      ...[...text.matchAll(/university of ([a-z]+(?: [a-z]+)?)/g)].map((m) => {
        const name = (m[1] ?? "")
          .split(" ")
          .filter((w) => !commonWords.has(w))
          .join(" ");
        return { said: `university of ${name}`, name, at: m.index ?? 0 };
      }),
      ...[...text.matchAll(/((?:[a-z]+ )?[a-z]+) university/g)].map((m) => {
        const name = (m[1] ?? "")
          .split(" ")
          .filter((w) => !commonWords.has(w))
          .join(" ");
        return { said: `${name} university`, name, at: m.index ?? 0 };
      }),
    ];
    const other = named.find(
      ({ name, at }) =>
        tokens(name).length > 0 && !sameName(name, mine) && !otherPlaceContext.test(text.slice(Math.max(0, at - 60), at)),
    );
    if (other && !namesMine) note("other-university", consistencyMessages.otherUniversity(other.said, mine));
  }
  // The course: "masters in x", "ms in x", "course in x".
  if (file.course) {
    const m = /\b(?:masters?|ms|msc|ma|mba|course|program(?:me)?|pg) (?:is )?(?:in|of) ([a-z]+(?: [a-z]+){0,3})/.exec(text);
    const subject = (name: string) => tokens(name).filter((w) => !commonCourseWords.has(w));
    if (m?.[1] && subject(m[1]).length) {
      const recorded = new Set(subject(file.course));
      if (recorded.size && !subject(m[1]).some((w) => recorded.has(w)))
        note("other-course", consistencyMessages.otherCourse(m[0], file.course));
    }
  }
  return notes;
}

/** One theme of a practice as its summary reads it. */
export interface ThemeSummary {
  theme: string;
  /** The share of the theme's points covered (0..1), over the answers that had text. */
  covered: number;
  /** The points not covered, the red flags raised and the notes against the file, each once. */
  missed: string[];
  redFlags: string[];
  contradictions: number;
  offTopic: number;
}

/** A finished practice at a glance: the themes answered well, those to work on, and what to practise next. */
export interface PracticeOverview {
  strong: ThemeSummary[];
  weak: ThemeSummary[];
  /** The weakest themes, at most three, worst first: what to practise next. */
  next: ThemeSummary[];
  /** Answers with no text to read (a recording without a transcript): only the counsellor's review judges them. */
  unread: number;
}

/**
 * The summary of a practice (decision 0049), from the feedback of its answers: a theme is strong when two
 * thirds of its points are covered with no red flag, no contradiction and nothing off the question; weak
 * when under half are covered or anything of those is there. It says what to practise, never what an
 * officer will decide.
 */
export function summarisePractice(answers: { theme: string; feedback: AnswerFeedback | null }[]): PracticeOverview {
  const byTheme = new Map<string, { covered: number; total: number; summary: ThemeSummary }>();
  let unread = 0;
  for (const { theme, feedback } of answers) {
    if (!feedback || feedback.covered === null || feedback.missed === null) {
      unread += 1;
      continue;
    }
    const entry = byTheme.get(theme) ?? {
      covered: 0,
      total: 0,
      summary: { theme, covered: 0, missed: [], redFlags: [], contradictions: 0, offTopic: 0 },
    };
    entry.covered += feedback.covered.length;
    entry.total += feedback.covered.length + feedback.missed.length;
    const s = entry.summary;
    s.missed = [...new Set([...s.missed, ...feedback.missed])];
    s.redFlags = [...new Set([...s.redFlags, ...(feedback.redFlags ?? [])])];
    s.contradictions += feedback.consistency.length;
    if (feedback.onTopic === false) s.offTopic += 1;
    byTheme.set(theme, entry);
  }
  const themes = [...byTheme.values()].map(({ covered, total, summary }) => ({
    ...summary,
    covered: total ? covered / total : 1,
  }));
  const troubles = (t: ThemeSummary) => t.redFlags.length + t.contradictions + t.offTopic;
  const strong = themes.filter((t) => t.covered >= 2 / 3 && troubles(t) === 0);
  const weak = themes.filter((t) => t.covered < 0.5 || troubles(t) > 0);
  const next = [...weak].sort((a, b) => a.covered - 0.25 * troubles(a) - (b.covered - 0.25 * troubles(b))).slice(0, 3);
  return { strong, weak, next, unread };
}
