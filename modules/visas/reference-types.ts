import { z } from "zod";
import { fundSourceKinds } from "../../vocabulary/visas.ts";

/**
 * The shapes of the visa reference data a new database starts with (decision 0040): the guides per destination
 * and the mock interview question bank. Admins and staff edit both in the console; the data files
 * (`guides/*.json`, `question-bank/*.json`) are only what a fresh database is seeded with, and are read at
 * load by these types (decision 0052): a file that does not hold them stops the start with its name.
 */

const isoDate = z.iso.date();
const currency = z.string().regex(/^[A-Z]{3}$/);

/** A text a visitor reads, in both of the portal's languages. */
export const wordsSchema = z.strictObject({ en: z.string().min(1), hi: z.string().min(1) });
export type Words = z.infer<typeof wordsSchema>;

/**
 * A figure a student may act on (a fee, funds to show). Every one carries its source and the day it was
 * checked against that source; `confirmed: false` means it could not be confirmed on the official page
 * and is shown as "to be confirmed by your counsellor", never as fact.
 */
export const guideFigureSchema = z.strictObject({
  /** Stable within a guide: "visa-fee", "sevis-fee", "health-surcharge", "funds-living", ... */
  key: z.string().min(1),
  label: wordsSchema,
  /** Whole or decimal units of `currency`. */
  amount: z.number().positive(),
  /** ISO 4217, upper case. */
  currency,
  per: z.enum(["once", "year", "month"]),
  note: wordsSchema.nullable(),
  /**
   * The official publisher and its page, in words: "Immigration, Refugees and Citizenship Canada, Fees".
   * Always the official page (decision 0050): where the figure is confirmed, the page it was read on;
   * where it is not, the page it is to be confirmed on (the secondary report is in the decision record).
   */
  source: z.string().min(1),
  sourceUrl: z.url(),
  /** YYYY-MM-DD: the page's own date (when it was made or published), or null when the page carries none. */
  sourceDate: isoDate.nullable(),
  /** YYYY-MM-DD: the day the figure was checked against that page; never the page's own date. */
  checkedOn: isoDate,
  confirmed: z.boolean(),
});
export type GuideFigure = z.infer<typeof guideFigureSchema>;

/** One step of applying for the visa, in order, with when to start it. */
export const guideStepSchema = z.strictObject({
  title: wordsSchema,
  detail: wordsSchema,
  /** Start this many weeks before the course starts; null when it does not depend on the intake. */
  weeksBeforeIntake: z.int().positive().nullable(),
});
export type GuideStep = z.infer<typeof guideStepSchema>;

/** A document the visa needs. `attachmentType` names the portal document it is, when it is one of them. */
export const guideDocumentSchema = z.strictObject({
  label: wordsSchema,
  note: wordsSchema.nullable(),
  attachmentType: z.string().min(1).nullable(),
  /** The university's papers the application records (CAS, I-20, CoE, admission letter): the plan shows their number. */
  isConfirmation: z.boolean().optional(),
});
export type GuideDocument = z.infer<typeof guideDocumentSchema>;

/**
 * The funds a destination wants shown, as its rule is written. The funds check compares a student's
 * sources with it (and with the course's estimated cost in rupees).
 */
export const fundsRuleSchema = z.strictObject({
  /** Living costs the rule asks for, per month, for `months` months (UK: 1,483 London / 1,136 outside, 9 months). */
  livingPerMonth: z.number().positive().nullable(),
  /** A different monthly figure for study in the capital (UK: London). */
  livingPerMonthInCapital: z.number().positive().nullable(),
  capitalCities: z.array(z.string().min(1)),
  months: z.int().positive().nullable(),
  /** Or a yearly figure (Australia AUD 29,710; Germany's blocked account EUR 11,904). */
  livingPerYear: z.number().positive().nullable(),
  /** The first year's tuition must be shown on top (UK, US I-20, Australia). */
  plusFirstYearTuition: z.boolean(),
  /** The money must have been held this many consecutive days (UK: 28) ... */
  heldForDays: z.int().positive().nullable(),
  /** ... in a period ending no more than this many days before applying (UK: 31). */
  periodEndsWithinDaysOfApplying: z.int().positive().nullable(),
  currency,
  /** The sources the check offers, in order, when the rule names them (Germany: the blocked account first). */
  sourceKinds: z.array(z.enum(fundSourceKinds)).nullable().optional(),
  /** How it must be held, in words (a blocked account, immediate access). */
  how: wordsSchema,
  /** The figure this rule's amounts come from (the guide figure's key): its amount, currency and confirmation rule the check. */
  figureKey: z.string().min(1).nullable(),
  /** The figure of the capital's monthly amount (UK: London), when there is one. */
  capitalFigureKey: z.string().min(1).nullable().optional(),
});
export type FundsRule = z.infer<typeof fundsRuleSchema>;

/** A step of the student's visa plan for the destination, in order. */
export const planStepDefinitionSchema = z.strictObject({
  /** Stable: "i20", "sevis", "ds160", "appointment", "interview", "outcome", "cas", "biometrics", ... */
  key: z.string().min(1),
  label: wordsSchema,
  /** When the step has a date the student enters (the appointment, biometrics), what the date is. */
  dateLabel: wordsSchema.nullable(),
  /** A step open longer than this is flagged to the counsellor. */
  staleAfterDays: z.int().positive(),
  /** Do it by this many weeks before the course starts (a date once the application has an intake); null when it has no such date. */
  weeksBeforeIntake: z.int().positive().nullable().optional(),
  /**
   * A fact the application records settles the step (decision 0050): "papers" is done when the university's
   * papers are recorded (the confirmation number), "outcome" when the visa's outcome is.
   */
  settledBy: z.enum(["papers", "outcome"]).nullable().optional(),
});
export type PlanStepDefinition = z.infer<typeof planStepDefinitionSchema>;

export const referenceGuideSchema = z.strictObject({
  /** The catalogue country's name, as in modules/catalogue/demo/countries.ts ("United States", "United Kingdom"). */
  country: z.string().min(1),
  visaName: wordsSchema,
  summary: wordsSchema,
  steps: z.array(guideStepSchema).min(1),
  figures: z.array(guideFigureSchema),
  documents: z.array(guideDocumentSchema).min(1),
  interview: z.strictObject({ held: z.enum(["always", "sometimes", "rarely"]), covers: wordsSchema }),
  officialLinks: z.array(z.strictObject({ label: z.string().min(1), url: z.url() })),
  funds: fundsRuleSchema.nullable(),
  /** The papers from the university that open the visa plan: "Form I-20", "CAS", "CoE", "Admission letter". */
  universityPapers: wordsSchema,
  planSteps: z.array(planStepDefinitionSchema).min(1),
});
export type ReferenceGuide = z.infer<typeof referenceGuideSchema>;

/** What an interview question is about; feedback and the readiness chart are grouped by it. */
export const questionThemes = [
  "study-plans",
  "university-choice",
  "academic-ability",
  "finances",
  "post-study-plans",
  "ties-to-india",
  "immigration-history",
  "english",
] as const;
export type QuestionTheme = (typeof questionThemes)[number];

/** Facts from the student's file a question may name; a question needing one is asked only when the file has it. */
export const fileFacts = [
  "university",
  "course",
  "intake",
  "city",
  "funding",
  "loan",
  "scholarship",
  "sponsor",
  "gap",
  "refusal",
] as const;
export type FileFact = (typeof fileFacts)[number];

/**
 * A point a strong answer covers, or a red flag. `keywords` are lower-case words or short phrases; the
 * feedback says the point is covered (or the flag hit) when the answer's text contains any of them
 * (a keyword ending in `*` matches any word starting with it: "financ*").
 */
export const answerSignalSchema = z.strictObject({
  label: z.string().min(1),
  keywords: z.array(z.string().min(1)).min(1),
});
export type AnswerSignal = z.infer<typeof answerSignalSchema>;

export const referenceQuestionSchema = z.strictObject({
  /** Stable: "us-01" ... */
  id: z.string().min(1),
  theme: z.enum(questionThemes),
  /**
   * The question as the officer asks it. May name file facts in braces, filled from the student's file:
   * {university}, {course}, {intake}, {city}, {country}, {sponsor}, {scholarship}.
   */
  text: z.string().min(1),
  /** File facts it needs; it is asked only when the student's file has every one. */
  needs: z.array(z.enum(fileFacts)),
  /** Asked in nearly every interview: the selection prefers these. */
  core: z.boolean(),
  /** What the officer wants to learn. */
  wants: z.string().min(1),
  points: z.array(answerSignalSchema),
  redFlags: z.array(answerSignalSchema),
});
export type ReferenceQuestion = z.infer<typeof referenceQuestionSchema>;

const range = z.strictObject({ min: z.int().nonnegative(), max: z.int().positive() });

export const referenceQuestionBankSchema = z.strictObject({
  country: z.string().min(1),
  /** "F-1 visa interview", "Credibility interview", "Genuine Student questions", "National visa interview". */
  name: z.string().min(1),
  /** How many questions one practice asks, and the seconds each answer has. */
  questionsPerPractice: z.int().positive(),
  secondsPerAnswer: z.int().positive(),
  /** How long a spoken answer usually is, in seconds, and a typed one in words (the feedback's length norm). */
  normSeconds: range,
  normWords: range,
  questions: z.array(referenceQuestionSchema).min(1),
});
export type ReferenceQuestionBank = z.infer<typeof referenceQuestionBankSchema>;
