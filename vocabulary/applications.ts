/**
 * The application stage model (DESIGN.md 6.12: statuses are ours to define): every stage with its badge
 * tone, what the student reads, the next action, whom it waits on, the moves it allows and the fields a
 * move into it requires. One table, read by the server (which moves are allowed) and the screens.
 */

export const waitingOnValues = ["student", "counsellor", "university", "embassy", "nobody"] as const;
export type WaitingOn = (typeof waitingOnValues)[number];
export type StatusTone = "primary" | "warning" | "success" | "danger" | "secondary";

/** A field some stages require when an application moves into them. */
export interface StageField {
  key: string;
  label: string;
  kind: "text" | "date" | "choice";
  options?: readonly string[];
}

export const confirmationKinds = ["CAS", "I-20", "CoE", "Admission letter"] as const;

const fields = {
  offerConditions: { key: "offerConditions", label: "Offer conditions", kind: "text" },
  confirmationKind: { key: "confirmationKind", label: "Confirmation", kind: "choice", options: confirmationKinds },
  confirmationNumber: { key: "confirmationNumber", label: "Confirmation number", kind: "text" },
  visaDecisionDate: { key: "visaDecisionDate", label: "Visa decision date", kind: "date" },
  refusalReason: { key: "refusalReason", label: "Refusal reason", kind: "text" },
  rejectionReason: { key: "rejectionReason", label: "Rejection reason", kind: "text" },
  /** What the counsellor records on submitting the package (decision 0058): the day and the university's reference. */
  submittedOn: { key: "submittedOn", label: "Submitted on", kind: "date" },
  universityReference: { key: "universityReference", label: "University reference", kind: "text" },
} as const satisfies Record<string, StageField>;

interface Stage {
  tone: StatusTone;
  /** What the student reads under the badge. */
  studentLabel: string;
  /** What happens next, for the student. */
  nextAction: string;
  waitingOn: WaitingOn;
  /** The stages it may move to. */
  next: readonly string[];
  /** Fields a move into this stage requires. */
  requires: readonly StageField[];
  /**
   * The student reads that their documents are complete (or that they went to the university): a move
   * into it needs every checklist item approved, or waived with a reason (decision 0035).
   */
  documentsComplete?: true;
}

export const applicationStages = {
  /**
   * The student started it from the portal (decision 0055): their counsellor was told and checks it, then
   * moves it on to the documents; the student gathers the package meanwhile.
   */
  "Started by you": {
    tone: "primary",
    studentLabel: "You started this application. Your counsellor has been told and will check it.",
    nextAction: "Complete the application's package; your counsellor checks it and submits it to the university.",
    waitingOn: "counsellor",
    next: ["Documents pending", "Ready to submit", "Withdrawn"],
    requires: [],
  },
  Shortlisted: {
    tone: "primary",
    studentLabel: "Your counsellor has shortlisted this course for you.",
    nextAction: "Tell your counsellor whether you want to apply.",
    waitingOn: "student",
    next: ["Documents pending", "Ready to submit", "Withdrawn"],
    requires: [],
  },
  "Documents pending": {
    tone: "warning",
    studentLabel: "We need some documents before we can apply.",
    nextAction: "Upload the missing documents on your profile.",
    waitingOn: "student",
    next: ["Ready to submit", "Withdrawn", "Deferred"],
    requires: [],
  },
  "Ready to submit": {
    tone: "primary",
    studentLabel: "Your documents are complete.",
    nextAction: "Your counsellor will submit the application.",
    waitingOn: "counsellor",
    next: ["Submitted", "Documents pending", "Withdrawn", "Deferred"],
    requires: [],
    documentsComplete: true,
  },
  Submitted: {
    tone: "primary",
    studentLabel: "Your application has been submitted to the university.",
    nextAction: "Nothing to do: the university is reviewing it.",
    waitingOn: "university",
    next: ["More information requested", "Conditional offer", "Unconditional offer", "Rejected", "Withdrawn"],
    // The day it went and the university's reference; the package is frozen as it was sent (decision 0058).
    requires: [fields.submittedOn, fields.universityReference],
    documentsComplete: true,
  },
  "More information requested": {
    tone: "warning",
    studentLabel: "The university has asked for more information.",
    nextAction: "Send your counsellor what the university asked for.",
    waitingOn: "student",
    next: ["Submitted", "Rejected", "Withdrawn"],
    requires: [],
  },
  "Conditional offer": {
    tone: "success",
    studentLabel: "You have a conditional offer.",
    nextAction: "Meet the offer's conditions and accept the offer with your counsellor.",
    waitingOn: "student",
    next: ["Unconditional offer", "Offer accepted", "Rejected", "Withdrawn", "Deferred"],
    requires: [fields.offerConditions],
  },
  "Unconditional offer": {
    tone: "success",
    studentLabel: "You have an unconditional offer.",
    nextAction: "Accept the offer with your counsellor.",
    waitingOn: "student",
    next: ["Offer accepted", "Withdrawn", "Deferred"],
    requires: [],
  },
  "Offer accepted": {
    tone: "success",
    studentLabel: "You have accepted the offer.",
    nextAction: "Pay the deposit if the university asks for one.",
    waitingOn: "student",
    next: ["Deposit paid", "Confirmation issued", "Withdrawn", "Deferred"],
    requires: [],
  },
  "Deposit paid": {
    tone: "success",
    studentLabel: "Your deposit is paid.",
    nextAction: "Nothing to do: the university will issue your confirmation.",
    waitingOn: "university",
    next: ["Confirmation issued", "Withdrawn", "Deferred"],
    requires: [],
  },
  "Confirmation issued": {
    tone: "success",
    studentLabel: "The university has issued your confirmation (CAS, I-20, CoE or admission letter).",
    nextAction: "Apply for your visa with your counsellor's help.",
    waitingOn: "student",
    next: ["Visa applied", "Withdrawn", "Deferred"],
    requires: [fields.confirmationKind, fields.confirmationNumber],
  },
  "Visa applied": {
    tone: "primary",
    studentLabel: "Your visa application is with the embassy.",
    nextAction: "Nothing to do: wait for the embassy's decision.",
    waitingOn: "embassy",
    next: ["Visa granted", "Visa refused", "Withdrawn"],
    requires: [],
  },
  "Visa granted": {
    tone: "success",
    studentLabel: "Your visa has been granted.",
    nextAction: "Book your travel and get ready to enrol.",
    waitingOn: "student",
    next: ["Enrolled", "Deferred", "Withdrawn"],
    requires: [fields.visaDecisionDate],
  },
  "Visa refused": {
    tone: "danger",
    studentLabel: "Your visa was refused.",
    nextAction: "Talk to your counsellor about applying again.",
    waitingOn: "counsellor",
    next: ["Visa applied", "Deferred", "Withdrawn"],
    requires: [fields.visaDecisionDate, fields.refusalReason],
  },
  Enrolled: {
    tone: "success",
    studentLabel: "You are enrolled. Congratulations!",
    nextAction: "Nothing more to do.",
    waitingOn: "nobody",
    next: [],
    requires: [],
  },
  Withdrawn: {
    tone: "secondary",
    studentLabel: "This application was withdrawn.",
    nextAction: "Nothing to do.",
    waitingOn: "nobody",
    next: ["Shortlisted"],
    requires: [],
  },
  Deferred: {
    tone: "secondary",
    studentLabel: "This application is deferred to a later intake.",
    nextAction: "Your counsellor will pick it up for the next intake.",
    waitingOn: "counsellor",
    next: ["Documents pending", "Ready to submit", "Withdrawn"],
    requires: [],
  },
  Rejected: {
    tone: "danger",
    studentLabel: "The university did not offer you a place.",
    nextAction: "Talk to your counsellor about other courses.",
    waitingOn: "nobody",
    next: [],
    requires: [fields.rejectionReason],
  },
} as const satisfies Record<string, Stage>;

export type ApplicationStatus = keyof typeof applicationStages;
export const applicationStatuses = Object.keys(applicationStages) as [ApplicationStatus, ...ApplicationStatus[]];

export const stageOf = (status: ApplicationStatus): Stage => applicationStages[status];

/** Where an application starts: started by the student from the portal, or shortlisted by a counsellor. */
export const firstStages = ["Started by you", "Shortlisted"] as const satisfies readonly ApplicationStatus[];

/** Stages after which an application is over: a new one to the same course and intake may then be made. */
export const closedStages = ["Withdrawn", "Rejected", "Enrolled"] as const satisfies readonly ApplicationStatus[];

/**
 * Stages before the package went to the university: the student may withdraw the application themselves
 * (after it, they ask their counsellor), and it counts as active against the limit (decision 0056).
 */
export const unsubmittedStages = [
  "Started by you",
  "Shortlisted",
  "Documents pending",
  "Ready to submit",
] as const satisfies readonly ApplicationStatus[];

/**
 * Whether an application at this stage has been through a stage that says its documents are complete:
 * the stage says so itself, or the model reaches it from the first stage only through one that does
 * (an offer comes after submission). Data made outside the console (the demo) must agree with it.
 */
export function documentsCompleteBy(status: ApplicationStatus): boolean {
  const reachedWithout = new Set<string>();
  const waiting: string[] = [...firstStages];
  while (waiting.length > 0) {
    const at = waiting.pop() as ApplicationStatus;
    if (reachedWithout.has(at) || stageOf(at).documentsComplete) continue;
    reachedWithout.add(at);
    waiting.push(...stageOf(at).next);
  }
  return !reachedWithout.has(status);
}
export const applicationStatusTones = Object.fromEntries(
  applicationStatuses.map((s) => [s, applicationStages[s].tone]),
) as Record<ApplicationStatus, StatusTone>;
/** The stages an application in `status` may move to. */
export const nextStages = (status: ApplicationStatus) => applicationStages[status].next as readonly ApplicationStatus[];

/** Who reads a stage's words: the student (and their parent's link), or staff in the console. */
export type Audience = "student" | "staff";

/** Whom a stage waits on, in each audience's words: the student reads "you", staff read "the student". */
export const waitingOnLabels: Record<Audience, Record<WaitingOn, string>> = {
  student: {
    student: "Waiting on you",
    counsellor: "Waiting on your counsellor",
    university: "Waiting on the university",
    embassy: "Waiting on the embassy",
    nobody: "Closed",
  },
  staff: {
    student: "Waiting on the student",
    counsellor: "Waiting on the counsellor",
    university: "Waiting on the university",
    embassy: "Waiting on the embassy",
    nobody: "Closed",
  },
};

/** Every field any stage may require, once (for the API's schema and the move form). */
export const stageFields: readonly StageField[] = Object.values(fields);

export const applicationMessages = {
  /** The note on a package's SOP item: the course's word limit (the student's screen translates it by its shape). */
  sopWordLimit: (words: number) => `At most ${words} words`,
  chooseStage: "Choose a stage from the list",
  chooseWaiting: "Choose whom the stage waits on from the list",
  notAllowedMove: (from: string, to: string) => `An application cannot move from ${from} to ${to}.`,
  /** "Ready to submit needs every document approved or waived with a reason. Not yet: SOP (Missing), CV/Resume (Waiting for review)." */
  documentsIncomplete: (to: string, items: readonly { item: string; state: string }[]) =>
    `${to} needs every document approved or waived with a reason. Not yet: ${items.map((i) => `${i.item} (${i.state})`).join(", ")}.`,
  fieldRequired: (label: string) => `Enter the ${label.toLowerCase()}`,
  /** A stage's date field given as anything but a day: "Submitted on: give the day as YYYY-MM-DD, for example 2026-12-11". */
  dayAsked: (label: string) => `${label}: give the day as YYYY-MM-DD, for example 2026-12-11`,
  moved: (status: string) => `Application moved to ${status}.`,
  created: "Application created.",
  noSuchApplication: "No such application.",
  chooseCourse: "Choose a course",
  chooseIntake: "Choose an intake month and year",
  duplicate: "This student already has an open application to this course.",
  notAnIntake: (intakes: readonly string[]) =>
    `This course takes students in ${intakes.length > 1 ? `${intakes.slice(0, -1).join(", ")} or ${intakes.at(-1)}` : intakes[0]}: choose one of its intakes.`,
  courseIntake: "Intake (the course's dates)",
  /** The student's side (decisions 0055, 0056). */
  sameIntakeTwice: "You already have an application to this course for this intake.",
  deadlinePassed: (deadline: string) => `The deadline for this intake (${deadline}) has passed: choose a later intake.`,
  tooManyActive: (limit: number) =>
    `You have ${limit} active applications, the most we allow at once. Withdraw one you no longer want, or ask your counsellor.`,
  chooseUpcomingIntake: "Choose one of the course's upcoming intakes",
  courseNotOffered: "This course no longer takes applications.",
  started: "Application started. Your counsellor has been told.",
  withdrawn: "Application withdrawn.",
  cannotWithdraw: "This application has gone to the university: ask your counsellor to withdraw it.",
  alreadyClosed: "This application is already closed.",
  feeRecorded: "Fee recorded as paid. Your counsellor will check the receipt.",
  noFeeAsked: "This course asks no application fee.",
  uploadReceiptFirst: "Upload the fee's receipt first, then record the fee as paid.",
  receiptOfAnother:
    "This receipt is already recorded for another of your applications. Upload this application's own receipt, then record the fee as paid.",
  feeAlreadySettled: "The application fee is already settled for this application.",
  feeOnClosed: "This application is closed (withdrawn, rejected or enrolled): its fee can no longer be recorded.",
  packageFrozen: "This application has been submitted: its package is kept as it was sent.",
  freeIntake: "Month and year below (the course has no set intakes)",
} as const;

/** Applications a student may have before submission at once, unless an admin sets another limit (decision 0056). */
export const DEFAULT_MAX_ACTIVE_APPLICATIONS = 10;
export const MAX_ACTIVE_APPLICATIONS_CEILING = 50;

/** Intake years offered when creating an application: this year and the next three. */
export const INTAKE_YEARS_AHEAD = 3;
export const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** The intake years a form offers: this year and the INTAKE_YEARS_AHEAD after it. */
export const intakeYearsFrom = (thisYear: number): number[] =>
  Array.from({ length: INTAKE_YEARS_AHEAD + 1 }, (_, i) => thisYear + i);
