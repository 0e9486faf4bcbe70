/**
 * The statements a student writes in the portal (decisions 0072-0074): the statement of purpose of an
 * application, and a Canadian study permit's letter of explanation, with the same review and checks.
 */
export const statementKinds = ["sop", "loe"] as const;
export type StatementKind = (typeof statementKinds)[number];

/**
 * Which statement an address names: `.../sop` or `.../letter-of-explanation`, for the student's screen and the
 * console's (decision 0072). A loader or action called after the page has loaded is asked for the address
 * with `.data` added (React Router's single fetch): that is the same statement.
 */
export const statementKindOf = (pathname: string): StatementKind =>
  /\/letter-of-explanation(\.data)?\/?$/.test(pathname) ? "loe" : "sop";

export const statementTitles: Record<StatementKind, string> = {
  sop: "Statement of purpose",
  loe: "Letter of explanation",
};

/** The line under a statement PDF's title (decision 0096): which version, approved when (a date in India). */
export const statementPdfNote = (number: number, approvedAt: Date) =>
  `Version ${number}, approved on ${approvedAt.toLocaleDateString("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" })}`;

/** What the package's SOP item reads from the statement's review (decision 0072). */
export const statementReviewStates = ["Waiting for review", "Approved"] as const;

/** The most a draft may hold, whatever the course's word limit, so one save cannot fill the database. */
export const STATEMENT_MAX_CHARS = 30_000;
export const STATEMENT_MAX_PARAGRAPHS = 60;
export const COMMENT_MAX_CHARS = 2_000;

export const statementMessages = {
  saved: "Draft saved.",
  sent: "Sent for review. Your counsellor has the version now.",
  copied: "Started from the SOP of your other application. Change what does not fit this one.",
  approved: "Version approved: the package uses it.",
  commented: "Comment added.",
  answered: "Answer saved.",
  marked: "Marked done.",
  stale:
    "This draft changed in another tab or window since you opened it. Your text is kept below: copy what you need, reload, and save again.",
  overLimit: (words: number, limit: number) =>
    `The course allows at most ${limit} words; this draft has ${words}. Shorten it and save again.`,
  empty: "Write at least one paragraph first.",
  tooLong: "This text is longer than any statement can be.",
  nothingNew: "This draft is the same as the version already sent.",
  noSuchStatement: "No such statement.",
  noSuchVersion: "No such version.",
  noSuchComment: "No such comment.",
  noSource: "That application has no SOP text to start from.",
  notCanada: "A letter of explanation is for a study permit in Canada.",
  commentEmpty: "Write the comment.",
  answerEmpty: "Write your answer.",
  noParagraph: "Choose a paragraph of this version.",
  quoteNotInParagraph: (paragraph: number) =>
    `Paragraph ${paragraph} of this version does not have these words. Copy them from it exactly, or leave the field empty to comment on the whole paragraph.`,
  frozenPackage: "The package was sent: its SOP no longer changes.",
  approvedAlready: "This version is approved already.",
  notApprovedYet: "No version is approved yet: the PDF is made from the version your counsellor approves.",
} as const;

/** The checks of a statement (decision 0073), in the order shown. */
export const statementCheckKeys = [
  "length",
  "names-this",
  "no-other-university",
  "no-placeholder",
  "matches-file",
  "adapted",
] as const;
export type StatementCheckKey = (typeof statementCheckKeys)[number];

/** Each check's name, as the screens show it. */
export const statementCheckLabels: Record<StatementCheckKey, string> = {
  length: "Length against the word limit",
  "names-this": "Names this university and course",
  "no-other-university": "Names no other university you applied to",
  "no-placeholder": "No placeholder left",
  "matches-file": "Matches your file and your mock interviews",
  adapted: "Written for this application",
};

/** What each check found: the screens translate them by their shape (`{words}`, `{limit}`, ...). */
export const checkMessages = {
  nothingYet: "Nothing written yet.",
  withinLimit: (words: number, limit: number) => `${words} words; the course allows at most ${limit}.`,
  overLimit: (words: number, limit: number) => `${words} words: ${words - limit} over the course's limit of ${limit}.`,
  noLimit: (words: number) => `${words} words; the course gives no word limit.`,
  namesBoth: (university: string, course: string) => `It names ${university} and ${course}.`,
  missesUniversity: (university: string) => `It does not name ${university}, the university this application is to.`,
  missesCourse: (course: string) => `It does not name ${course}, the course this application is for.`,
  namesNoOther: "It names none of the other universities you applied to.",
  namesOther: (university: string) => `It names ${university}, another of your applications: a copied SOP?`,
  noPlaceholder: "No brackets, XXX or “insert here” left in it.",
  placeholder: (found: string) => `A placeholder is left in it: ${found}`,
  matchesFile: "What it says of money, the intake and your plans agrees with your file and your mock interviews.",
  nothingToCompare: "Nothing in it to compare with your file yet (no money, intake or plans named).",
  nothingInFile:
    "Nothing in your file to compare it with yet: what it says of money or your plans is held against your visa plan's funds check and your mock interviews.",
  fundsFigure: (said: string, file: string) => `It says ${said}; your visa plan's funds check lists ${file} in all.`,
  interviewNoLoan: "In your mock interviews you said there is no loan; this names one.",
  interviewLoan: "In your mock interviews you spoke of an education loan; this says there is none.",
  interviewReturn: (label: string) => `In your mock interviews you said you would come back to India; this reads as: ${label}.`,
  interviewFigure: (here: string, there: string) => `Your SOP says ${here}; in your mock interview you said ${there}.`,
  interviewIntake: (there: string, here: string) =>
    `In your mock interview you said the course starts in ${there}; this says ${here}.`,
  interviewIntakeApplied: (there: string, applied: string) =>
    `In your mock interview you said the course starts in ${there}; you applied for ${applied}.`,
  interviewStay: (label: string) =>
    `In your mock interviews an officer reads what you said as: ${label}; this says you will come back to India.`,
  usIntent: (label: string) => `For a US visa, an officer reads this as: ${label}. Say what brings you back to India.`,
  adapted: "No paragraph is word for word the same as in another of your SOPs.",
  repeated: (paragraph: number, label: string) => `Paragraph ${paragraph} is word for word the same as in your SOP for ${label}.`,
} as const;
