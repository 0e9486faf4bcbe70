import type { ChecklistState } from "./documents.ts";

/** Recommendation letters collected in the portal (decisions 0075-0077): statuses, limits and messages. */

/** What the student and the counsellor read of an invitation ("expired" is read from its expiry, never stored). */
export const letterStatuses = ["invited", "opened", "submitted", "declined", "expired", "revoked"] as const;
export type LetterStatus = (typeof letterStatuses)[number];
/** The statuses a row keeps: "expired" is the clock's, not a write. */
export const storedLetterStatuses = ["invited", "opened", "submitted", "declined", "revoked"] as const;
export type StoredLetterStatus = (typeof storedLetterStatuses)[number];

export const letterStatusLabels: Record<LetterStatus, string> = {
  invited: "Invited",
  opened: "Opened",
  submitted: "Submitted",
  declined: "Declined",
  expired: "Expired",
  revoked: "Revoked",
};

/** How long a recommender's link lasts from the invitation (or the reminder that renews it): decision 0075. */
export const LETTER_LINK_DAYS = 30;
/** A student may remind a recommender at most once in this many days (counted from the last mail sent). */
export const LETTER_REMINDER_DAYS = 3;
/** Openings of recommenders' pages and API per client address per minute. */
export const LETTER_PAGE_OPENINGS_PER_MINUTE = 30;
/** New invitations one student may send in a day. */
export const LETTER_INVITATIONS_PER_DAY = 20;
/** Uploads through one recommender's link in an hour. */
export const LETTER_UPLOADS_PER_HOUR = 10;

export const RECOMMENDER_TEXT_MAX_LENGTH = 120;
export const DECLINE_REASON_MAX_LENGTH = 1000;

/** The label the checklist gives a letter slot filled by a letter its recommender submitted (decision 0076). */
export const LETTER_SUBMITTED_STATE = "Letter submitted" as const;

export const recommenderRelations = [
  "Teacher or professor",
  "Project or thesis guide",
  "Employer or manager",
  "Internship supervisor",
  "Other",
] as const;

export const letterMessages = {
  enterName: "Enter the recommender's name",
  enterRole: "Enter the recommender's role (e.g. Associate Professor)",
  enterInstitution: "Enter the recommender's institution",
  chooseRelation: "Choose how the recommender knows you",
  chooseApplications: "Choose at least one application the letter is for",
  chooseWaiver: "Choose whether you waive your right to read the letter",
  ownEmail: "The recommender's e-mail cannot be your own: enter the recommender's address.",
  noSuchInvitation: "No such invitation.",
  invited: "Invitation sent to the recommender.",
  invitedWaiting:
    "Invitation saved. Our mail server could not send it yet: it waits in our outbox and goes as soon as the server answers.",
  reminded: "Reminder sent to the recommender.",
  remindTooSoon: (days: number) => `You can send a reminder once every ${days} days. Please try again later.`,
  cannotRemind: "This invitation is finished: there is nobody to remind.",
  revoked: "Invitation revoked: the recommender's link no longer works.",
  cannotRevoke: "A letter already submitted or declined cannot be revoked.",
  waiverExplained:
    "If you waive your right to read the letter, you will never see it in the portal: not on screen, not in your data export, not as an attachment. Universities often trust a letter more when the student has waived. Your counsellor can still read it. You cannot change this choice after the invitation goes.",
  waivedHidden: "You waived your right to read this letter: it goes to your applications without being shown to you.",
  tooManyInvitations: "You have sent many invitations today. Please try again tomorrow.",
  // The recommender's page
  linkGoneTitle: "This link no longer works",
  linkGoneText:
    "The link has expired, was withdrawn, or the letter has already been submitted or declined. If you were asked for a letter, ask the student to send you a new invitation.",
  uploaded: "Letter uploaded. Check it, then submit it.",
  replaced: "Letter replaced by the new file. Check it, then submit it.",
  submitted: "Thank you: your letter is submitted.",
  declined: "You have declined. The student sees your reason.",
  uploadFirst: "Upload the letter as a PDF before submitting it.",
  notPdf: "Upload the letter as a PDF file.",
  tooLarge: "The letter is too large: at most 10 MB.",
  enterDeclineReason: "Tell the student briefly why you decline",
  tooManyUploads: "Too many uploads through this link. Please try again in an hour.",
  notReadable: "This letter cannot be shown.",
} as const;

/** The letter items' states that hold a letter handed in: through the portal, or uploaded and approved or waiting for review. */
const letterHandedIn: readonly ChecklistState[] = [LETTER_SUBMITTED_STATE, "Approved", "Waiting for review"];

/**
 * The package's letter items (LOR, LOR 2, LOR 3): how many the application still asks (an item staff
 * waived is not asked) and how many hold a letter, submitted through the portal or uploaded as a document
 * the old way; an upload sent back for correction is not one yet (decision 0076).
 */
export function lettersInPackage(checklist: readonly { item: string; state: string }[]) {
  const items = checklist.filter((c) => (c.item === "LOR" || /^LOR \d$/.test(c.item)) && c.state !== "Waived");
  return {
    required: items.length,
    submitted: items.filter((c) => (letterHandedIn as readonly string[]).includes(c.state)).length,
  };
}

/**
 * The student's mail when a recommender submits or declines (decision 0094), in the student's stored
 * language (decision 0086). It never carries the letter: a letter not waived is read on the letters page;
 * a waived one is named as waived and nothing more. A course's and university's names stay as they are.
 */
export const letterAnswerWords = {
  en: {
    submittedSubject: (recommender: string) => `${recommender} has submitted your recommendation letter`,
    declinedSubject: (recommender: string) => `${recommender} has declined to write your recommendation letter`,
    greeting: (name: string) => `Dear ${name},`,
    submitted: (recommender: string) => `${recommender} has submitted the recommendation letter you asked for, for:`,
    declined: (recommender: string) => `${recommender} has declined to write the recommendation letter you asked for, for:`,
    reason: "Their reason:",
    waived: "You waived your right to read this letter: it goes to your applications without being shown to you.",
    readIt: "You can read the letter on your letters page:",
    askAnother: "You can invite another recommender on your letters page:",
  },
  hi: {
    submittedSubject: (recommender: string) => `${recommender} ने आपका सिफ़ारिश पत्र जमा कर दिया है`,
    declinedSubject: (recommender: string) => `${recommender} ने आपका सिफ़ारिश पत्र लिखने से मना कर दिया है`,
    greeting: (name: string) => `प्रिय ${name},`,
    submitted: (recommender: string) => `${recommender} ने आपके माँगे हुए सिफ़ारिश पत्र को इनके लिए जमा कर दिया है:`,
    declined: (recommender: string) => `${recommender} ने आपके माँगे हुए सिफ़ारिश पत्र को इनके लिए लिखने से मना कर दिया है:`,
    reason: "उनका कारण:",
    waived: "आपने यह पत्र पढ़ने का अधिकार छोड़ दिया था: यह आपको दिखाए बिना आपके आवेदनों में जाता है।",
    readIt: "आप यह पत्र अपने पत्रों के पेज पर पढ़ सकते हैं:",
    askAnother: "आप अपने पत्रों के पेज पर किसी और सिफ़ारिश करने वाले को आमंत्रित कर सकते हैं:",
  },
} as const;
