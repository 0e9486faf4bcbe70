import type { FundSourceKind } from "../../vocabulary/visas.ts";

/**
 * The shapes of the visa reference data a new database starts with (decision 0040): the guides per destination
 * and the mock interview question bank. Admins and staff edit both in the console; these files are only
 * what a fresh database is seeded with.
 */

/** A text a visitor reads, in both of the portal's languages. */
export interface Words {
  en: string;
  hi: string;
}

/**
 * A figure a student may act on (a fee, funds to show). Every one carries its source and the day it was
 * checked against that source; `confirmed: false` means it could not be confirmed on the official page
 * and is shown as "to be confirmed by your counsellor", never as fact.
 */
export interface GuideFigure {
  /** Stable within a guide: "visa-fee", "sevis-fee", "health-surcharge", "funds-living", ... */
  key: string;
  label: Words;
  /** Whole or decimal units of `currency`. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  per: "once" | "year" | "month";
  note: Words | null;
  /**
   * The official publisher and its page, in words: "Immigration, Refugees and Citizenship Canada, Fees".
   * Always the official page (decision 0050): where the figure is confirmed, the page it was read on;
   * where it is not, the page it is to be confirmed on (the secondary report is in the decision record).
   */
  source: string;
  sourceUrl: string;
  /** YYYY-MM-DD: the page's own date (when it was made or published), or null when the page carries none. */
  sourceDate: string | null;
  /** YYYY-MM-DD: the day the figure was checked against that page; never the page's own date. */
  checkedOn: string;
  confirmed: boolean;
}

/** One step of applying for the visa, in order, with when to start it. */
export interface GuideStep {
  title: Words;
  detail: Words;
  /** Start this many weeks before the course starts; null when it does not depend on the intake. */
  weeksBeforeIntake: number | null;
}

/** A document the visa needs. `attachmentType` names the portal document it is, when it is one of them. */
export interface GuideDocument {
  label: Words;
  note: Words | null;
  attachmentType: string | null;
  /** The university's papers the application records (CAS, I-20, CoE, admission letter): the plan shows their number. */
  isConfirmation?: boolean;
}

/**
 * The funds a destination wants shown, as its rule is written. The funds check compares a student's
 * sources with it (and with the course's estimated cost in rupees).
 */
export interface FundsRule {
  currency: string;
  /** Living costs the rule asks for, per month, for `months` months (UK: 1,483 London / 1,136 outside, 9 months). */
  livingPerMonth: number | null;
  /** A different monthly figure for study in the capital (UK: London). */
  livingPerMonthInCapital: number | null;
  capitalCities: string[];
  months: number | null;
  /** Or a yearly figure (Australia AUD 29,710; Germany's blocked account EUR 11,904). */
  livingPerYear: number | null;
  /** The first year's tuition must be shown on top (UK, US I-20, Australia). */
  plusFirstYearTuition: boolean;
  /** The money must have been held this many consecutive days (UK: 28) ... */
  heldForDays: number | null;
  /** ... in a period ending no more than this many days before applying (UK: 31). */
  periodEndsWithinDaysOfApplying: number | null;
  /** How it must be held, in words (a blocked account, immediate access). */
  how: Words;
  /** The figure this rule's amounts come from (the guide figure's key): its amount, currency and confirmation rule the check. */
  figureKey: string | null;
  /** The figure of the capital's monthly amount (UK: London), when there is one. */
  capitalFigureKey?: string | null;
  /** The sources the check offers, in order, when the rule names them (Germany: the blocked account first). */
  sourceKinds?: FundSourceKind[] | null;
}

/** A step of the student's visa plan for the destination, in order. */
export interface PlanStepDefinition {
  /** Stable: "i20", "sevis", "ds160", "appointment", "interview", "outcome", "cas", "biometrics", ... */
  key: string;
  label: Words;
  /** When the step has a date the student enters (the appointment, biometrics), what the date is. */
  dateLabel: Words | null;
  /** A step open longer than this is flagged to the counsellor. */
  staleAfterDays: number;
  /** Do it by this many weeks before the course starts (a date once the application has an intake); null when it has no such date. */
  weeksBeforeIntake?: number | null;
  /**
   * A fact the application records settles the step (decision 0050): "papers" is done when the university's
   * papers are recorded (the confirmation number), "outcome" when the visa's outcome is.
   */
  settledBy?: "papers" | "outcome" | null;
}

export interface ReferenceGuide {
  /** The catalogue country's name, as in modules/catalogue/demo/countries.ts ("United States", "United Kingdom"). */
  country: string;
  visaName: Words;
  summary: Words;
  steps: GuideStep[];
  figures: GuideFigure[];
  documents: GuideDocument[];
  interview: { held: "always" | "sometimes" | "rarely"; covers: Words };
  officialLinks: { label: string; url: string }[];
  funds: FundsRule | null;
  /** The papers from the university that open the visa plan: "Form I-20", "CAS", "CoE", "Admission letter". */
  universityPapers: Words;
  planSteps: PlanStepDefinition[];
}

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
export interface AnswerSignal {
  label: string;
  keywords: string[];
}

export interface ReferenceQuestion {
  /** Stable: "us-01" ... */
  id: string;
  theme: QuestionTheme;
  /**
   * The question as the officer asks it. May name file facts in braces, filled from the student's file:
   * {university}, {course}, {intake}, {city}, {country}, {sponsor}, {scholarship}.
   */
  text: string;
  /** File facts it needs; it is asked only when the student's file has every one. */
  needs: FileFact[];
  /** Asked in nearly every interview: the selection prefers these. */
  core: boolean;
  /** What the officer wants to learn. */
  wants: string;
  points: AnswerSignal[];
  redFlags: AnswerSignal[];
}

export interface ReferenceQuestionBank {
  country: string;
  /** "F-1 visa interview", "Credibility interview", "Genuine Student questions", "National visa interview". */
  name: string;
  /** How many questions one practice asks, and the seconds each answer has. */
  questionsPerPractice: number;
  secondsPerAnswer: number;
  /** How long a spoken answer usually is, in seconds, and a typed one in words (the feedback's length norm). */
  normSeconds: { min: number; max: number };
  normWords: { min: number; max: number };
  questions: ReferenceQuestion[];
}
