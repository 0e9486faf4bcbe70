/**
 * The student's control of their data (decision 0024): the consent sentence shown where data
 * is collected and its version, the ways a student may be contacted, how long things are kept, and the
 * words of the profile's privacy section and the console's warnings.
 */

/**
 * The sentence shown on the consultation form and at sign-up. Its version is stored with every consent
 * given; change the version whenever the sentence changes, so a record says which words were agreed to.
 */
export const consentWording = {
  version: "2026-11-v1",
  booking:
    "We use these details only to arrange your free consultation and advise you on studying abroad; we contact you the way you choose here, and never sell or share them for marketing.",
  signup:
    "We use these details to run your account and your applications; we contact you the way you choose here, and you can see, download or delete your data from your profile at any time.",
} as const;

/** How a student wants to be contacted: staff see it and are warned before using another way. */
export const contactChannels = ["email", "whatsapp", "phone"] as const;
export type ContactChannel = (typeof contactChannels)[number];
export const contactChannelLabels: Record<ContactChannel, string> = {
  email: "E-mail",
  whatsapp: "WhatsApp",
  phone: "Voice call",
};
/** Nothing chosen (an API client of before, a lead entered by staff): the least intrusive way. */
export const DEFAULT_CONTACT_CHANNEL: ContactChannel = "email";

/** Where a recorded consent was given. */
export const consentSources = ["sign-up", "profile", "booking"] as const;
export type ConsentSource = (typeof consentSources)[number];

/** Bookings that never became students are anonymised after this many months unless an admin sets another period. */
export const DEFAULT_BOOKING_RETENTION_MONTHS = 12;
export const BOOKING_RETENTION_MONTHS_MAX = 120;
/** A data export may be downloaded for this long; then its file is swept. */
export const DATA_EXPORT_HOURS = 24;
/** A new export may be asked for at most this often (each one reads every document). */
export const DATA_EXPORTS_PER_DAY = 5;

/** The audit actions a student's "Who has seen my data" lists. */
export const accessLogActions = [
  "document.viewed",
  "document.downloaded",
  "export.downloaded",
  "visa_practice.viewed",
  "application.viewed",
  "offer.viewed",
  "recording.viewed",
  "conversation.read",
  "statement.viewed",
  "statement.downloaded",
  "letter.viewed",
  "departure_checklist.viewed",
] as const;

export const privacyMessages = {
  contactHeading: "How we contact you",
  contactLegend: "Preferred way to contact you",
  newsAndOffers: "Send me news and offers (university deadlines, scholarships, events)",
  chooseChannel: "Choose how you want to be contacted",
  contactSaved: "Your contact choices are saved.",
  consentGiven: (version: string, at: string) => `Agreed to our data notice (version ${version}) on ${at}.`,
  accessHeading: "Who has seen my data",
  accessHint:
    "Every time our staff opened or downloaded one of your documents, or exported a list that included you. Internal notes are not listed here.",
  accessNone: "No one from our staff has opened your documents or exported a list with you in it.",
  accessDocumentViewed: (document: string) => `Opened your ${document}`,
  accessDocumentDownloaded: (document: string) => `Downloaded your ${document}`,
  accessExported: (list: string) => `Exported a list of ${list} that included you`,
  accessPracticeViewed: "Read your mock visa interview",
  accessOfferViewed: "Read your offer and what it costs",
  accessRecordingHeard: (position: string) => `Listened to your recorded answer ${position}`,
  accessConversationRead: "Read your conversation with your counsellor",
  accessApplicationViewed: "Opened one of your applications",
  accessSopViewed: "Read your statement of purpose",
  accessLoeViewed: "Read your letter of explanation",
  accessSopDownloaded: "Downloaded your approved statement of purpose as a PDF",
  accessLoeDownloaded: "Downloaded your approved letter of explanation as a PDF",
  accessLetterViewed: "Read a recommendation letter written for you",
  accessDepartureViewed: "Looked at your departure checklist",
  exportHeading: "Download my data",
  exportHint: `A ZIP file with everything we hold about you (profile, marks, saved courses, applications, bookings, consents, links shared with a parent, your conversation with your counsellor) and your documents. It is usually ready within a minute; the link works only when you are signed in and expires after ${DATA_EXPORT_HOURS} hours.`,
  exportAsk: "Prepare my data",
  exportAsked: "We are preparing your data. It is usually ready within a minute.",
  exportPreparing: "Your data is being prepared…",
  exportReady: "Your data is ready.",
  exportFailed: "Preparing your data failed. Please try again.",
  exportDownload: "Download my data (ZIP)",
  exportExpires: (at: string) => `The link expires ${at}.`,
  exportNotFound: "No such export, or it has expired.",
  tooManyExports: `You can ask for your data at most ${DATA_EXPORTS_PER_DAY} times a day.`,
  deleteHeading: "Delete my account",
  deleteHint:
    "Your account, documents, photo and everything we hold about you are erased for good, and you are signed out everywhere. Bookings and applications are kept only as anonymous counts in our reports. You can sign up again later with the same e-mail.",
  deletePassword: "Password",
  deleteConfirm: "Delete my account for good",
  /** The second step of the deletion (decision 0051): ticked, or nothing is deleted. */
  deleteUnderstood: "I understand that my profile, documents, applications and messages are deleted and cannot be brought back.",
  deleteNotConfirmed: "Tick the box to confirm that you want your account deleted.",
  deleteWrongPassword: "That password is not right.",
  deleted: "Your account and data have been erased.",
  eraseHeading: "Erase this student's data",
  eraseHint:
    "For a request that came by mail or phone: the account, documents, photo, notes, tasks and sessions are erased for good; bookings and applications remain only as anonymous counts. The erasure is recorded in the audit log.",
  eraseReason: "The request (how and when it came)",
  enterReason: "Say how the request came, e.g. 'e-mail of 3 Dec 2026'",
  eraseConfirmEmail: "Type the e-mail to confirm",
  confirmEmailMismatch: "Type the student's e-mail exactly to confirm",
  erased: "The student's data has been erased.",
  eraseLeadHeading: "Erase this person's bookings",
  eraseLeadHint:
    "For someone without an account who asked by mail or phone: every booking with this e-mail is deleted; the reports keep only anonymous counts. The erasure is recorded in the audit log.",
  leadErased: (count: number) => `${count} booking${count === 1 ? "" : "s"} erased.`,
  leadHasAccount: "This person has an account: erase them from their student record.",
  prefersWarning: (channel: string) => `Prefers ${channel}: use another way only if that fails or they asked for it.`,
  acknowledgeChannel: (channel: string) =>
    `The student prefers ${channel}. Tick the box to confirm you have a reason to e-mail instead.`,
  acknowledgeLabel: (channel: string) => `I know this student prefers ${channel}, and have a reason to e-mail`,
  noNewsConsent: "Has not agreed to news and offers: send only what concerns their application.",
  retentionLabel: "Anonymise bookings that never became students after (months)",
  retentionMonths: `Enter a whole number of months from 1 to ${BOOKING_RETENTION_MONTHS_MAX}`,
} as const;
