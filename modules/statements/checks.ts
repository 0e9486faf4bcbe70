import { monthNames } from "../../vocabulary/applications.ts";
import { checkMessages, type StatementCheckKey, type StatementKind, statementCheckLabels } from "../../vocabulary/statements.ts";
import { readAmount, wordedAmount } from "../amounts.ts";
import { amountsSaid, fileNotes, flagsRaised, inLakh, usImmigrantIntentSignals } from "../visas/visas.ts";

/**
 * The checks of a statement (decision 0073): at once, each with its reason, read from the text and the
 * student's own file with no outside service, and never a grade that predicts admission. A check "holds"
 * or it does not; the screens show how many hold of how many, the same to the student and the counsellor.
 */

/** What a statement is checked against. */
export interface StatementContext {
  kind: StatementKind;
  university: string;
  course: string;
  country: string;
  wordLimit: number | null;
  /** The universities of the student's other applications (this one's left out). */
  otherUniversities: string[];
  intakeMonth: number | null;
  intakeYear: number | null;
  /** The visa plan's funds check: the kinds of money and their sum in rupees; null when not filled in. */
  fundKinds: string[] | null;
  fundsRupees: number | null;
  /** What the student typed or said in their mock visa interviews. */
  interviewAnswers: { theme: string; text: string }[];
  /** The student's other statements: whose paragraphs this one should not repeat word for word. */
  otherStatements: { label: string; paragraphs: string[] }[];
}

export interface StatementCheck {
  key: StatementCheckKey;
  label: string;
  holds: boolean;
  /** Why, in words the student can act on (English; the screens translate them by their shape). */
  reasons: string[];
}

export interface StatementChecks {
  checks: StatementCheck[];
  holding: number;
  total: number;
  words: number;
}

/** Words as a reader counts them: runs of letters or digits. */
export const countWords = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** Plain-text paragraphs from what the student typed: split at blank lines, each trimmed, none empty. */
export const paragraphsOf = (text: string) =>
  text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.replace(/[ \t]+/g, " ").trim())
    .filter(Boolean);

/** Lower case, without punctuation, one space between words: how "word for word" is compared. */
export const wordsOnly = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, " ")
    .trim();

const GENERIC = new Set(["the", "of", "university", "at", "and", "in", "for", "&", "-"]);

/** The words that tell a university apart: "University of Leeds" -> leeds; "Arizona State University" -> arizona state. */
const distinctive = (name: string) =>
  wordsOnly(name)
    .split(" ")
    .filter((w) => w && !GENERIC.has(w));

const hasWord = (text: string, word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, "u").test(text);

/** Whether the text names the university: every word that tells it apart, as whole words. */
export function namesUniversity(text: string, university: string): boolean {
  const plain = wordsOnly(text);
  const words = distinctive(university);
  if (!words.length) return plain.includes(wordsOnly(university));
  return words.every((w) => hasWord(plain, w));
}

const DEGREE =
  /^(?:(?:master|masters|bachelor|bachelors|doctor) of (?:science|arts|engineering|business administration|technology|laws|philosophy|public health|fine arts|research)|postgraduate diploma|graduate diploma|pg diploma|msc|ms|ma|mba|meng|mres|mphil|mtech|bsc|ba|beng|btech|llm|mfa|mpa|mph|phd|pgdip|pgcert|diploma|certificate)\b\.?\s*(?:(?:in|of)\b|\(|-)?\s*/i;
const COURSE_FILLER = new Set([
  "in",
  "of",
  "and",
  "with",
  "the",
  "for",
  "&",
  "hons",
  "by",
  "research",
  "coursework",
  "placement",
  "year",
  "industrial",
]);

/** The course's subject words: "MSc Data Science" -> data, science; "Master of Science in Computer Science" -> computer, science. */
export function courseSubject(course: string): string[] {
  const stripped = course
    .replace(/\(.*?\)/g, " ")
    .trim()
    .replace(DEGREE, "");
  return wordsOnly(stripped)
    .split(" ")
    .filter((w) => w && !COURSE_FILLER.has(w));
}

/** Whether the text names the course: its subject words, or the whole name when it has none ("MBA"). */
export function namesCourse(text: string, course: string): boolean {
  const plain = wordsOnly(text);
  const subject = courseSubject(course);
  if (!subject.length) return plain.includes(wordsOnly(course));
  return subject.every((w) => hasWord(plain, w));
}

/** What a template leaves behind: [University], <name>, {course}, XXX, ____, "insert ... here", TBD, lorem ipsum. */
const PLACEHOLDERS: RegExp[] = [
  /\[[^\]\n]{1,60}\]/,
  /<[^<>\n]{1,40}>/,
  /\{[^{}\n]{1,40}\}/,
  /\b[Xx]{3,}\b/,
  /_{3,}/,
  /\.{4,}/,
  /\binsert\s+(?:the\s+|your\s+|a\s+)?(?:name|university|college|course|program(?:me)?|country|date|here|city|subject|professor|details?)\b/i,
  /\b(?:university name|course name|name of (?:the )?university|your name here|TBD|TODO|lorem ipsum)\b/i,
];

export function placeholdersIn(text: string): string[] {
  const found: string[] = [];
  for (const pattern of PLACEHOLDERS) {
    const match = pattern.exec(text);
    if (match) found.push(match[0]);
  }
  return [...new Set(found)];
}

const NO_LOAN =
  /\b(?:no|not|without|never|don't need an?|didn't take an?|did not take an?|won't need an?|will not need an?)\s+(?:\w+\s+){0,2}loans?\b/;
const SAYS_LOAN = /\bloans?\b/;
const RETURN_HOME = /\b(?:come back|return|go back|coming back|returning|move back)\b[^.]{0,60}\bindia\b/;
/** "Return to India" said as what will not happen: "I do not plan to return to India". */
const NO_RETURN =
  /\b(?:not|never|no plans? to|don't|won't)\b[^.]{0,25}\b(?:come back|return|go back|coming back|returning|move back)\b[^.]{0,60}\bindia\b/;
/** Staying or settling in India itself: "settle back in India", "work in India". */
const STAY_INDIA = /\b(?:settle|stay|live|work|job)\b[^.]{0,25}\bindia\b/;
const FUNDING_NEAR =
  /(fund|saving|sponsor|loan|sanction|arrang|support|financ|father|mother|parent|family|deposit|fd\b|bank|लोन|ऋण|बचत|पिता|पापा|माता|माँ|परिवार|बैंक|स्पॉन्सर|फंड)/;
/** An amount that is a price or an income, not money arranged: "tuition of 30 lakh", "18 lakh a year". */
const COST_BEFORE =
  /(?:fees?|tuition|costs?|expenses?|salary|earn\w*|package|ctc|revenue|turnover|budget|worth|valued|फीस|खर्च|सैलरी|तनख्वाह)\s*(?:is|are|was|of|around|about|at|:|की|का)?\s*(?:rs\.?|₹|inr)?\s*$/;
const COST_AFTER = /^\s*(?:per annum|a year|per year|a month|per month|lpa|salary|package|सालाना|प्रति वर्ष|हर साल|महीना)/;
/** How far two figures of the same money may be apart, as a share of the one compared against (decision 0073). */
const FIGURE_TOLERANCE = 0.15;

interface Said {
  said: string;
  rupees: number;
}

/**
 * The amounts a text names, in rupees: the practice feedback's reading (`amountsSaid`: "35 lakh", "1.2 crore",
 * "₹25,00,000", "$40,000"), and what a student also writes that it does not read: lakh and crore in Hindi
 * ("20 लाख", "१.२ करोड़") and bare digits in Indian grouping ("25,00,000"), both read by modules/amounts.ts.
 */
function moneySaid(plain: string, rupeesPer: (c: string) => number | undefined): Said[] {
  const found: Said[] = amountsSaid(plain, rupeesPer);
  for (const m of plain.matchAll(/([\d\u0966-\u096F]+(?:\.[\d\u0966-\u096F]+)?)\s*(लाख|करोड़|करोड)(?![\p{L}\p{M}])/gu)) {
    const digits = (m[1] ?? "").replace(/[\u0966-\u096F]/g, (d) => String(d.charCodeAt(0) - 0x0966));
    const rupees = wordedAmount(Number(digits), m[2] ?? "");
    if (rupees !== null) found.push({ said: m[0], rupees });
  }
  for (const m of plain.matchAll(/(?<![\d,.₹$£€]|rs\.? ?|inr ?)\d{1,2}(?:,\d{2})+,\d{3}(?![\d,]|\s*(?:lakh|lac|crore|cr)\b)/g)) {
    const rupees = readAmount(m[0]);
    if (rupees !== null) found.push({ said: m[0], rupees });
  }
  return found;
}

/** The amounts a text names as money arranged: near words of funding, not a price or an income. */
function fundingSaid(plain: string, rupeesPer: (c: string) => number | undefined): Said[] {
  return moneySaid(plain, rupeesPer).filter((a) => {
    const at = plain.indexOf(a.said);
    const around = plain.slice(Math.max(0, at - 80), at + a.said.length + 40);
    return (
      FUNDING_NEAR.test(around) &&
      !COST_BEFORE.test(plain.slice(Math.max(0, at - 30), at)) &&
      !COST_AFTER.test(plain.slice(at + a.said.length, at + a.said.length + 15))
    );
  });
}

const largestOf = (amounts: Said[]) => amounts.reduce<Said | null>((a, b) => (!a || b.rupees > a.rupees ? b : a), null);
const within = (figure: number, against: number) => Math.abs(figure - against) <= against * FIGURE_TOLERANCE;

/**
 * The figures a text's money could be compared by: each amount, and the sum of its different amounts
 * ("15 lakh of savings and a loan of 20 lakh" is 35 lakh as well).
 */
const figuresOf = (amounts: Said[]) => {
  const distinct = [...new Set(amounts.map((a) => a.rupees))];
  return distinct.length > 1 ? [...distinct, distinct.reduce((sum, n) => sum + n, 0)] : distinct;
};

/** Month names and their short forms as a student writes them, January first; Hindi too. */
const MONTH_WORDS: string[][] = [
  ["january", "jan", "जनवरी"],
  ["february", "feb", "फरवरी", "फ़रवरी"],
  ["march", "mar", "मार्च"],
  ["april", "apr", "अप्रैल"],
  ["may", "मई"],
  ["june", "jun", "जून"],
  ["july", "jul", "जुलाई"],
  ["august", "aug", "अगस्त"],
  ["september", "sept", "sep", "सितंबर", "सितम्बर"],
  ["october", "oct", "अक्टूबर", "अक्तूबर"],
  ["november", "nov", "नवंबर", "नवम्बर"],
  ["december", "dec", "दिसंबर", "दिसम्बर"],
];
/** Words that make a sentence speak of the course's start: "the course starts", "the September intake". */
const STARTS =
  /(?<![\p{L}])(?:start|starts|starting|begin|begins|beginning|intake|join|joining|commence|commences|commencing|semester|शुरू|इनटेक|सत्र)(?![\p{L}])/u;
/** A sentence of what comes after the course or before it ("join a firm after graduating in 2029"): not the intake. */
const NOT_THE_START = /\b(?:after|graduat\w*|complet\w*|finish\w*|return\w*|back|job|work\w*|company|firm|employ\w*)\b/;
const word = (w: string) => new RegExp(`(?<![\\p{L}\\p{M}])${w}\\.?(?![\\p{L}\\p{M}])`, "u");
const monthPatterns = MONTH_WORDS.map((words) => words.map(word));

interface IntakeSaid {
  month: number | null;
  year: number | null;
  said: string;
}

/**
 * The intake a text states: the first sentence that speaks of the course's start (and not of a job or of
 * coming back) and names a month or a year, the latest year it names ("my B.Tech ended in 2024 and the
 * MSc starts in September 2027" is 2027). "May" is a month only beside a year ("May 2027"), not the verb. Null
 * when no sentence does: nothing is guessed.
 */
export function intakeSaid(text: string): IntakeSaid | null {
  for (const sentence of text.toLowerCase().split(/[.!?।\n;]+/)) {
    if (!STARTS.test(sentence) || NOT_THE_START.test(sentence)) continue;
    const years = [...sentence.matchAll(/(?<!\d)20\d\d(?!\d)/g)].map((m) => Number(m[0]));
    const year = years.length ? Math.max(...years) : null;
    let month: number | null = null;
    monthPatterns.forEach((patterns, at) => {
      if (month !== null) return;
      if (at === 4 && !/(?<![\p{L}])(?:may|मई)\s+20\d\d/u.test(sentence)) return;
      if (patterns.some((p) => p.test(sentence))) month = at + 1;
    });
    if (month === null && year === null) continue;
    const said = [month ? monthNames[month - 1] : null, year].filter(Boolean).join(" ");
    return { month, year, said };
  }
  return null;
}

/** Whether two intakes differ in what both of them name (a month, a year). */
const otherIntake = (a: { month: number | null; year: number | null }, b: { month: number | null; year: number | null }) =>
  (a.month !== null && b.month !== null && a.month !== b.month) || (a.year !== null && b.year !== null && a.year !== b.year);

/**
 * What the text says of money, the intake and the plans after, against the file and the mock interviews:
 * the reasons it disagrees, and whether anything of it was held against them at all (a text that names
 * none of these, or a student with no funds check and no mock interviews, agrees with nothing: decision 0073).
 */
function againstFile(
  text: string,
  ctx: StatementContext,
  rupeesPer: (c: string) => number | undefined,
): { reasons: string[]; compared: boolean; named: boolean } {
  const lower = (t: string) =>
    t
      .toLowerCase()
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/\s+/g, " ");
  const plain = lower(text);
  const reasons: string[] = [];
  // The practice feedback's own reading of funding sources and the intake (decision 0049); the university
  // and course are the checks above, so their notes are left out here.
  const notes = fileNotes(
    plain,
    { theme: "statement", points: [] },
    {
      university: null,
      course: null,
      intakeMonth: ctx.intakeMonth,
      intakeYear: ctx.intakeYear,
      firstYearRupees: null,
      fundKinds: ctx.fundKinds,
      fundsRupees: ctx.fundsRupees,
    },
    rupeesPer,
  );
  reasons.push(...notes.map((n) => n.message));
  // A figure of the money arranged, against the funds check's total.
  const funding = fundingSaid(plain, rupeesPer);
  const largest = largestOf(funding);
  // Parts of it named with their sum ("12 lakh of savings and a loan of 18 lakh") agree with a total of 30 lakh.
  const fileFunds = ctx.fundsRupees;
  if (fileFunds && largest && !figuresOf(funding).some((f) => within(f, fileFunds)))
    reasons.push(checkMessages.fundsFigure(largest.said, inLakh(fileFunds)));
  const answers = ctx.interviewAnswers.map((a) => lower(a.text)).filter(Boolean);
  const interviews = answers.join("\n");
  // What of the text there was something to hold it against: its money against the funds check or the
  // interviews, its loan or scholarship against the funds' kinds or the interviews, its intake against the
  // application's or the interviews', its plans after against the interviews.
  const namesFunding = SAYS_LOAN.test(plain) || /\bscholarships?\b/.test(plain);
  const hereIntakeSaid = intakeSaid(plain);
  const comparedAny =
    (largest !== null && (fileFunds !== null || interviews !== "")) ||
    (namesFunding && (ctx.fundKinds !== null || interviews !== "")) ||
    (hereIntakeSaid !== null && (ctx.intakeMonth !== null || ctx.intakeYear !== null || interviews !== "")) ||
    (interviews !== "" &&
      (RETURN_HOME.test(plain) || STAY_INDIA.test(plain) || flagsRaised(plain, usImmigrantIntentSignals).length > 0));
  if (interviews) {
    // The mock interviews: a loan said there and denied here, or the other way round.
    const hereLoan = SAYS_LOAN.test(plain) && !NO_LOAN.test(plain);
    const hereNoLoan = NO_LOAN.test(plain);
    const thereNoLoan = NO_LOAN.test(interviews);
    const thereLoan = SAYS_LOAN.test(interviews) && !thereNoLoan;
    if (hereLoan && thereNoLoan) reasons.push(checkMessages.interviewNoLoan);
    if (hereNoLoan && thereLoan) reasons.push(checkMessages.interviewLoan);
    // The money arranged said there and here (decision 0098): the largest each states, unless some figure
    // or sum of one is within the tolerance of one of the other (a part of the money named, not another sum).
    const spoken = answers.map((a) => fundingSaid(a, rupeesPer));
    const thereLargest = largestOf(spoken.flat());
    if (largest && thereLargest) {
      const here = figuresOf(funding);
      const there = spoken.flatMap(figuresOf);
      if (!here.some((h) => there.some((t) => within(h, t))))
        reasons.push(checkMessages.interviewFigure(largest.said, thereLargest.said));
    }
    // The intake said there (decision 0098): against the one stated here, else the one applied for.
    const thereIntake = answers.map((a) => intakeSaid(a)).find(Boolean);
    const hereIntake = hereIntakeSaid;
    if (thereIntake && hereIntake && otherIntake(thereIntake, hereIntake))
      reasons.push(checkMessages.interviewIntake(thereIntake.said, hereIntake.said));
    else if (thereIntake && !hereIntake && otherIntake(thereIntake, { month: ctx.intakeMonth, year: ctx.intakeYear })) {
      const applied = [ctx.intakeMonth ? monthNames[ctx.intakeMonth - 1] : null, ctx.intakeYear].filter(Boolean).join(" ");
      reasons.push(checkMessages.interviewIntakeApplied(thereIntake.said, applied));
    }
  }
  // The signals are the US question bank's; their labels name the US, so elsewhere they name the destination.
  const destination = /^(United |Netherlands|Czech Republic|Philippines)/.test(ctx.country) ? `the ${ctx.country}` : ctx.country;
  const placed = (labels: string[]) =>
    ctx.country === "United States"
      ? labels
      : labels.map((label) => label.replace("a US job", `a job in ${destination}`).replace("the US", destination));
  const intent = placed(flagsRaised(plain, usImmigrantIntentSignals));
  const thereReturn = (RETURN_HOME.test(interviews) || STAY_INDIA.test(interviews)) && !NO_RETURN.test(interviews);
  if (ctx.country === "United States") for (const label of intent) reasons.push(checkMessages.usIntent(label));
  else if (thereReturn) for (const label of intent) reasons.push(checkMessages.interviewReturn(label));
  // The other way round (decision 0098): the interviews read as staying on, this says coming back, and the
  // interviews never said coming back too ("work two years, then come back" is both and no contradiction).
  if (interviews && !thereReturn && RETURN_HOME.test(plain) && !NO_RETURN.test(plain))
    for (const label of placed(flagsRaised(interviews, usImmigrantIntentSignals)))
      reasons.push(checkMessages.interviewStay(label));
  const unique = [...new Set(reasons)];
  // Whether it names anything the check reads (money, a loan or scholarship, an intake, plans after),
  // compared or not: the reason then says the file has nothing yet, rather than that the text names nothing.
  const named =
    largest !== null ||
    namesFunding ||
    hereIntakeSaid !== null ||
    RETURN_HOME.test(plain) ||
    STAY_INDIA.test(plain) ||
    flagsRaised(plain, usImmigrantIntentSignals).length > 0;
  return { reasons: unique, compared: comparedAny || unique.length > 0, named };
}

/** Paragraphs the same word for word as one of the student's other statements (of a dozen words or more). */
function repeated(paragraphs: string[], ctx: StatementContext): string[] {
  const reasons: string[] = [];
  paragraphs.forEach((paragraph, at) => {
    const mine = wordsOnly(paragraph);
    if (mine.split(" ").length < 12) return;
    const other = ctx.otherStatements.find((s) => s.paragraphs.some((p) => wordsOnly(p) === mine));
    if (other) reasons.push(checkMessages.repeated(at + 1, other.label));
  });
  return reasons;
}

export function checkStatement(
  paragraphs: string[],
  ctx: StatementContext,
  rupeesPer: (currency: string) => number | undefined,
): StatementChecks {
  const text = paragraphs.join("\n\n");
  const words = countWords(text);
  const check = (key: StatementCheckKey, failures: string[], passed: string): StatementCheck => ({
    key,
    label: statementCheckLabels[key],
    holds: failures.length === 0,
    reasons: failures.length ? failures : [passed],
  });
  const empty = words === 0;
  // Nothing compared (an empty draft, or nothing in it the file or the interviews speak of) is not "agrees".
  const file = empty ? { reasons: [], compared: false, named: false } : againstFile(text, ctx, rupeesPer);
  const checks: StatementCheck[] = [
    check(
      "length",
      empty
        ? [checkMessages.nothingYet]
        : ctx.wordLimit !== null && words > ctx.wordLimit
          ? [checkMessages.overLimit(words, ctx.wordLimit)]
          : [],
      ctx.wordLimit === null ? checkMessages.noLimit(words) : checkMessages.withinLimit(words, ctx.wordLimit),
    ),
    check(
      "names-this",
      empty
        ? [checkMessages.nothingYet]
        : [
            ...(namesUniversity(text, ctx.university) ? [] : [checkMessages.missesUniversity(ctx.university)]),
            ...(namesCourse(text, ctx.course) ? [] : [checkMessages.missesCourse(ctx.course)]),
          ],
      checkMessages.namesBoth(ctx.university, ctx.course),
    ),
    check(
      "no-other-university",
      ctx.otherUniversities
        .filter((u) => wordsOnly(u) !== wordsOnly(ctx.university))
        // A university whose telling words are all in this one's name ("Toronto" in "Toronto Metropolitan") is not another.
        .filter((u) => !distinctive(u).every((w) => distinctive(ctx.university).includes(w)))
        .filter((u) => namesUniversity(text, u))
        .map((u) => checkMessages.namesOther(u)),
      checkMessages.namesNoOther,
    ),
    check(
      "no-placeholder",
      placeholdersIn(text).map((p) => checkMessages.placeholder(p)),
      checkMessages.noPlaceholder,
    ),
    check(
      "matches-file",
      file.reasons,
      file.compared ? checkMessages.matchesFile : file.named ? checkMessages.nothingInFile : checkMessages.nothingToCompare,
    ),
    check("adapted", repeated(paragraphs, ctx), checkMessages.adapted),
  ];
  return { checks, holding: checks.filter((c) => c.holds).length, total: checks.length, words };
}
