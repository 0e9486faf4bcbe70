import type { ApplicationStatus } from "./applications.ts";

/** Words and limits of visa help and mock visa interviews (decision 0040). */

/** The stages at which the university's papers (I-20, CAS, CoE, admission letter) are in hand: the visa plan opens. */
export const visaPlanStages: readonly ApplicationStatus[] = [
  "Confirmation issued",
  "Visa applied",
  "Visa granted",
  "Visa refused",
  "Enrolled",
];

/** Whether an application's stage has its visa plan. */
export const planIsOpen = (status: ApplicationStatus) => visaPlanStages.includes(status);

/** A figure checked longer ago than this is flagged to staff and marked to students. */
export const FIGURE_FRESH_DAYS = 365;

export const visaOutcomes = ["issued", "administrative-processing", "refused"] as const;
export type VisaOutcome = (typeof visaOutcomes)[number];
export const visaOutcomeLabels: Record<VisaOutcome, string> = {
  issued: "Visa issued",
  "administrative-processing": "Administrative processing (221(g) or similar)",
  refused: "Refused",
};

/** Where the money for the visa comes from (the funds check's rows). */
export const fundSourceKinds = ["family-savings", "education-loan", "scholarship", "sponsor", "blocked-account"] as const;
export type FundSourceKind = (typeof fundSourceKinds)[number];
export const fundSourceLabels: Record<FundSourceKind, string> = {
  "family-savings": "Family savings",
  "education-loan": "Education loan",
  scholarship: "Scholarship",
  sponsor: "Sponsor",
  "blocked-account": "Blocked account",
};
/** The sources a funds check offers when the destination's rule names none (decision 0050: Germany names the blocked account). */
export const usualFundSourceKinds: readonly FundSourceKind[] = ["family-savings", "education-loan", "scholarship", "sponsor"];

/** The rubric a counsellor scores each answer on, 1 to 5. */
export const rubricCriteria = ["clarity", "specificity", "consistency", "intent", "delivery"] as const;
export type RubricCriterion = (typeof rubricCriteria)[number];
export const rubricLabels: Record<RubricCriterion, string> = {
  clarity: "Clarity",
  specificity: "Specificity",
  consistency: "Consistency with the file",
  intent: "Intent to return",
  delivery: "Delivery",
};

export const themeLabels: Record<string, string> = {
  "study-plans": "Study plans",
  "university-choice": "University choice",
  "academic-ability": "Academic ability",
  finances: "Finances",
  "post-study-plans": "Plans after study",
  "ties-to-india": "Ties to India",
  "immigration-history": "Immigration history",
  english: "English",
};

/** A recording: at most this long and this large; the types browsers record (Chrome and Firefox WebM or Ogg, Safari MP4). */
export const MAX_RECORDING_SECONDS = 180;
/**
 * The recorder's bit rate, set on the MediaRecorder (audioBitsPerSecond) so that a recording's size follows
 * its length: 48 kbit/s is clear speech in Opus and in AAC (decision 0049).
 */
export const RECORDING_BITS_PER_SECOND = 48_000;
/** Room above the bit rate: a variable-rate encoder overshoots its target on busy sound, and the container has its header. */
const RECORDING_ROOM = 2;
const RECORDING_HEADER_BYTES = 64 * 1024;
/** The most bytes a recording of `seconds` may take at the recorder's bit rate. */
export const recordingBytesFor = (seconds: number) =>
  Math.ceil(((seconds * RECORDING_BITS_PER_SECOND) / 8) * RECORDING_ROOM) + RECORDING_HEADER_BYTES;
/** The longest answer any practice allows, in bytes: what the upload may carry at most. */
export const MAX_RECORDING_BYTES = recordingBytesFor(MAX_RECORDING_SECONDS);
/** The longest recording a practice takes: its timer, at most MAX_RECORDING_SECONDS. */
export const recordingSecondsFor = (secondsPerAnswer: number) => Math.min(secondsPerAnswer, MAX_RECORDING_SECONDS);
export const recordingTypes = [
  { detected: "audio/webm", contentType: "audio/webm", extension: "webm" },
  { detected: "video/webm", contentType: "audio/webm", extension: "webm" },
  { detected: "audio/ogg", contentType: "audio/ogg", extension: "ogg" },
  { detected: "audio/opus", contentType: "audio/ogg", extension: "ogg" },
  // What file-type (version 21) names an Ogg Opus stream, as Firefox's recorder writes it.
  { detected: "audio/ogg; codecs=opus", contentType: "audio/ogg", extension: "ogg" },
  { detected: "audio/mp4", contentType: "audio/mp4", extension: "m4a" },
  { detected: "video/mp4", contentType: "audio/mp4", extension: "m4a" },
  { detected: "audio/x-m4a", contentType: "audio/mp4", extension: "m4a" },
  { detected: "audio/mpeg", contentType: "audio/mpeg", extension: "mp3" },
  { detected: "audio/wav", contentType: "audio/wav", extension: "wav" },
] as const;
export const MAX_ANSWER_CHARACTERS = 3000;

export const visaMessages = {
  noGuide: "We have no visa guide for this country yet: your counsellor will confirm the visa's steps, fees and funds with you.",
  unconfirmed: "To be confirmed by your counsellor",
  oldFigure: "Checked over a year ago: ask your counsellor before you rely on it.",
  noPlanYet: "Your visa plan opens when the university's papers arrive (I-20, CAS, CoE or admission letter).",
  noSuchPlan: "No such visa plan.",
  noSuchStep: "This plan has no such step.",
  stepSettled: "This step follows what your application records: your counsellor changes it there.",
  stepsNeedIntake:
    "These steps get their dates from your intake: ask your counsellor to record the intake's month and year on your application.",
  stepSaved: "Your visa plan is saved.",
  fundsSaved: "Your funds check is saved.",
  fundsNeedOne: "Add at least one source of money.",
  outcomeSaved: "The visa outcome is recorded.",
  outcomeNeedsSection: "Name the refusal's section (for example 214(b)).",
  outcomeNeedsReason: "Write the reason the embassy gave.",
  noBank:
    "Practice interviews are ready for the United States, the United Kingdom, Australia and Germany; for other destinations your counsellor will hold a live mock interview.",
  noSuchPractice: "No such practice.",
  practiceDone: "This practice is finished.",
  answerEmpty: "Type your answer, or record it.",
  answerTooLong: `Keep your answer under ${MAX_ANSWER_CHARACTERS} characters.`,
  recordingTooLong: `A recording can be at most ${MAX_RECORDING_SECONDS / 60} minutes long.`,
  /** A recording larger than the longest answer allowed, said in seconds (the student knows seconds, not bytes). */
  recordingTooLarge: (seconds: number) =>
    `This recording is longer than the ${seconds} seconds an answer can take. Record a shorter answer, or type it: your earlier answers are saved.`,
  secondsPerAnswer: `Give each answer from 10 to ${MAX_RECORDING_SECONDS} seconds`,
  recordingType: "We could not read this recording. Record it again, or type your answer.",
  recordingEmpty: "Nothing was recorded: speak for a moment before you stop, or type your answer.",
  recordingCut: "The recording did not arrive whole. Record it again, or type your answer: your earlier answers are saved.",
  microphoneRefused:
    "Your browser did not allow the microphone. You can type your answers, or allow the microphone for this site in the browser's site settings (the lock icon beside the address) and reload.",
  shared: "Your practice is shared with your counsellor.",
  reviewReady: "Your counsellor has reviewed your mock visa interview for {country}.",
  readReview: "Read the review",
  reviewSaved: "Your review is saved; the student can read it.",
  reviewNeedsScores: "Score every answer from 1 to 5 on each line of the rubric.",
  noCounsellor: "You have no counsellor yet: a counsellor is assigned when you book a consultation.",
  neverPredicts: "This feedback helps you practise. It does not predict the embassy's decision.",
} as const;

/** The mails about a practice's review (decision 0049): a shared practice to the counsellor, a finished review to the student. */
export const practiceMails = {
  shared: {
    subject: (student: string) => `${student} shared a mock visa interview for your review`,
    body: (counsellor: string, student: string, country: string, link: string) =>
      `Hello ${counsellor},\n\n${student} finished a mock visa interview for ${country} and shared it with you. Score it on the rubric here:\n${link}\n\nIt is also on your Today screen until it is reviewed.`,
  },
  reviewed: {
    subject: "Your mock visa interview has been reviewed",
    body: (student: string, counsellor: string, country: string, link: string) =>
      `Hello ${student},\n\n${counsellor} has reviewed your mock visa interview for ${country}. Read the scores and comments on each answer:\n${link}\n\nThe review helps you practise; it does not predict the embassy's decision.`,
  },
} as const;

/** Where a practice answer contradicts the student's file (decision 0040's consistency notes), by their shape. */
export const consistencyMessages = {
  amountBelowEstimate: (said: string, estimate: string) => `You said ${said}; your first year is estimated at ${estimate}.`,
  loanNotInFunds: "You mentioned a loan; your funds check lists no education loan.",
  scholarshipNotInFunds: "You mentioned a scholarship; your funds check lists none.",
  scholarshipUnsaid: "Your funds include a scholarship you did not mention: officers compare your answer with your papers.",
  loanUnsaid: "Your funds include an education loan you did not mention.",
  otherIntake: (month: string, intake: string) => `You said ${month}; your application is for the ${intake} intake.`,
  otherUniversity: (said: string, university: string) => `You named "${said}"; your application is to ${university}.`,
  otherCourse: (said: string, course: string) => `You said "${said}"; your course is ${course}.`,
  otherScore: (said: string, recorded: string) => `You said ${said}; your file says ${recorded}.`,
} as const;

/** What the funds check says of a source or of the whole, with its values (the screens translate them by their shape). */
export const fundsMessages = {
  heldTooShort: (label: string, days: number, required: number) =>
    `${label}: held for ${days} days by the statement's last day; the rule asks for ${required} consecutive days.`,
  statementTooEarly: (label: string, gap: number, within: number) =>
    `${label}: the statement ends ${gap} days before you apply; it must end within ${within} days of applying.`,
  statementAfterApplying: (label: string) => `${label}: the statement ends after the day you plan to apply.`,
  enterHeldDates: (label: string) => `${label}: enter since when the money has been held and the statement's last day.`,
  enterApplyDay: "Enter the day you plan to apply: the statement's last day must fall within the rule's window before it.",
  /** The parts of what the rule asks for, joined with "plus" by the screens. */
  livingMonthly: (amount: string, months: number) => `${amount} a month for ${months} months`,
  livingMonthlyIn: (amount: string, months: number, city: string) => `${amount} a month for ${months} months (${city})`,
  livingYearly: (amount: string) => `${amount} for a year's living costs`,
  firstYearTuition: (amount: string) => `the first year's tuition (${amount})`,
  noRate: (currency: string, currencies: string) =>
    `We have no exchange rate for ${currency}: enter the amount in one of these currencies: ${currencies}.`,
  amount: "Enter the amount in figures, for example 25,00,000, 2,500,000 or 25 lakh",
} as const;
