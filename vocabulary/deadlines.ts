import { type ApplicationStatus, applicationStatuses, documentsCompleteBy, stageOf } from "./applications.ts";
import { type CheckedAge, checkedAge, checkedText } from "./catalogue.ts";

/**
 * Deadlines in one place (decision 0059): the student's dated things ahead, the reminders before an
 * application's deadline, the private calendar feed and the counsellor's applications falling due.
 */

/** Reminders go this many days before an application's deadline (India calendar days), largest first. */
export const REMINDER_DAYS = [30, 14, 7, 2] as const;
export type ReminderThreshold = (typeof REMINDER_DAYS)[number];

/**
 * The reminder a day `daysLeft` before the deadline belongs to: the smallest threshold at or above it
 * (12 days left is the 14-day reminder), or null past the largest and after the deadline.
 */
export function reminderThreshold(daysLeft: number): ReminderThreshold | null {
  if (daysLeft < 0) return null;
  const fitting = REMINDER_DAYS.filter((days) => days >= daysLeft);
  return fitting.length ? (fitting[fitting.length - 1] as ReminderThreshold) : null;
}

/** Today shows the counsellor's students' applications due within this many days with packages still incomplete. */
export const DUE_SOON_DAYS = 14;
/** Today lists the counsellor's students' open applications whose intake staff changed within this many days (decision 0085). */
export const INTAKE_CHANGED_DAYS = 14;
/** The applications list's `due` filter takes at most this many days ahead. */
export const DUE_FILTER_MAX_DAYS = 366;

/**
 * The stages in which the package is still being put together: not yet through a stage that says the
 * documents are complete (decision 0035), and neither withdrawn (closed) nor deferred (its intake is no
 * longer the one applied for). Submitted and everything after it are out, so is Withdrawn.
 */
export const packageOpenStages: readonly ApplicationStatus[] = applicationStatuses.filter(
  (status) => !documentsCompleteBy(status) && stageOf(status).waitingOn !== "nobody" && status !== "Deferred",
);

/** The kinds of dated things, in the words a student reads (translated on the screen). */
export const deadlineKinds = {
  application: "Application deadline",
  scholarship: "Scholarship deadline",
  visa: "Visa plan",
  session: "Session",
  /** A step of an application's departure checklist, after the visa (decision 0083). */
  departure: "Departure",
  /** An offer's reply date, its deposit's due date or a pending condition's (decision 0090). */
  offer: "Offer",
} as const;
export type DeadlineKind = keyof typeof deadlineKinds;

export const deadlineMessages = {
  remindersOn: "We will e-mail you 30, 14, 7 and 2 days before each application deadline while its package is incomplete.",
  remindersOff: "Deadline reminders are off.",
  feedCreated: "Your calendar address is ready. Copy it now: we keep only a fingerprint of it and cannot show it again.",
  feedRenewed: "Your calendar address is renewed. The old one has stopped working; copy the new one now.",
  feedEnded: "Your calendar address has stopped working.",
  noFeed: "You have no calendar address.",
  nothingAhead:
    "Nothing dated ahead. Deadlines of your applications, your offers' reply and deposit dates, matching scholarships, visa-plan and departure steps and sessions appear here.",
} as const;

/** The calendar feed's name, as the student's calendar lists it. */
export const FEED_NAME = "Ignite deadlines";

/** Where an application's deadline was read and when, with its age in India days (decision 0105). */
export interface DeadlineChecked {
  source: string | null;
  checkedOn: string | null;
  ageDays: number | null;
}

const withAge = (text: string, ageDays: number | null, words: (age: CheckedAge) => string) =>
  ageDays === null ? text : `${text} (${words(checkedAge(ageDays))})`;

const englishAge = (age: CheckedAge) =>
  age.in === "today"
    ? "today"
    : age.in === "days"
      ? `${age.days} days ago`
      : age.in === "months"
        ? `${age.months} months ago`
        : "over a year ago";
const hindiAge = (age: CheckedAge) =>
  age.in === "today"
    ? "आज"
    : age.in === "days"
      ? `${age.days} दिन पहले`
      : age.in === "months"
        ? `${age.months} महीने पहले`
        : "एक साल से ज़्यादा पहले";
const hindiDate = (day: string) =>
  new Intl.DateTimeFormat("hi-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * The reminder mail and the calendar feed in the student's language (decision 0086): the language they
 * last chose while signed in, English until they choose. A course's, university's or scholarship's own
 * name stays as it is; the package's items and the kinds of dated things go through the screens' Hindi
 * catalogue (app/locales/hi.json), handed in by the server.
 */
export const deadlineWords = {
  en: {
    feedName: FEED_NAME,
    stillMissing: "Still missing",
    left: (days: number) => (days === 0 ? "today" : days === 1 ? "tomorrow" : `in ${days} days`),
    date: (day: string) =>
      new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
        new Date(`${day}T00:00:00Z`),
      ),
    subject: (left: string, course: string, university: string) => `Application deadline ${left}: ${course}, ${university}`,
    greeting: (name: string) => `Dear ${name},`,
    deadlineIs: (course: string, university: string, date: string, left: string) =>
      `The deadline to apply for ${course} at ${university} is ${date} (India time), ${left}.`,
    /** "Source of the deadline: University website, checked on 15 January 2026 (40 days ago)." (decision 0105) */
    deadlineChecked: (figure: DeadlineChecked) =>
      `Source of the deadline: ${withAge(checkedText(figure), figure.ageDays, englishAge)}.`,
    missingHeading: "Still missing from your application's package:",
    upload: "Upload what is missing:",
    allDeadlines: "All your deadlines:",
    whyYouGetThis: `You get these reminders ${REMINDER_DAYS.join(", ").replace(/, (\d+)$/, " and $1")} days before a deadline while a package is incomplete. Turn them off:`,
    offerSubject: (what: string, left: string, university: string) => `${what} ${left}: ${university}`,
    offerDateIs: (what: string, course: string, university: string, date: string, left: string) =>
      `${what}: the offer for ${course} at ${university}, by ${date} (India time), ${left}.`,
    seeOffers: "Your offers:",
    offerWhy: `You get these reminders ${REMINDER_DAYS.join(", ").replace(/, (\d+)$/, " and $1")} days before an offer's reply date, its deposit's due date and its conditions' dates until you have replied, paid or met them. Turn them off:`,
  },
  hi: {
    feedName: "Ignite की अंतिम तिथियाँ",
    stillMissing: "अभी बाकी",
    left: (days: number) => (days === 0 ? "आज" : days === 1 ? "कल" : `${days} दिन में`),
    date: hindiDate,
    subject: (left: string, course: string, university: string) => `आवेदन की अंतिम तिथि ${left}: ${course}, ${university}`,
    greeting: (name: string) => `प्रिय ${name},`,
    deadlineIs: (course: string, university: string, date: string, left: string) =>
      `${university} में ${course} के लिए आवेदन की अंतिम तिथि ${date} (भारतीय समय) है, यानी ${left}।`,
    /** "अंतिम तिथि का स्रोत: University website, 15 जनवरी 2026 को जाँचा गया (40 दिन पहले)।", as the screens say it. */
    deadlineChecked: (figure: DeadlineChecked) =>
      `अंतिम तिथि का स्रोत: ${[
        figure.source,
        figure.checkedOn ? withAge(`${hindiDate(figure.checkedOn)} को जाँचा गया`, figure.ageDays, hindiAge) : "जाँचा नहीं गया",
      ]
        .filter(Boolean)
        .join(", ")}।`,
    missingHeading: "आपके आवेदन के पैकेज में अभी ये बाकी हैं:",
    upload: "जो बाकी है उसे अपलोड करें:",
    allDeadlines: "आपकी सभी अंतिम तिथियाँ:",
    whyYouGetThis: `जब तक पैकेज अधूरा है, आपको ये रिमाइंडर अंतिम तिथि से ${REMINDER_DAYS.join(", ").replace(/, (\d+)$/, " और $1")} दिन पहले मिलते हैं। इन्हें बंद करें:`,
    offerSubject: (what: string, left: string, university: string) => `${what} ${left}: ${university}`,
    offerDateIs: (what: string, course: string, university: string, date: string, left: string) =>
      `${what}: ${university} में ${course} का ऑफ़र, ${date} (भारतीय समय) तक, यानी ${left}।`,
    seeOffers: "आपके ऑफ़र:",
    offerWhy: `जब तक आप जवाब न दें, भुगतान न करें या शर्त पूरी न करें, आपको ये रिमाइंडर ऑफ़र के जवाब, डिपॉज़िट और शर्तों की तारीख़ से ${REMINDER_DAYS.join(", ").replace(/, (\d+)$/, " और $1")} दिन पहले मिलते हैं। इन्हें बंद करें:`,
  },
} as const;

/**
 * The Hindi of the words a reminder or the feed names (decision 0086): the package's items, the kinds of
 * dated things and of sessions. The same words the screens show (app/locales/hi.json); a test holds the two
 * equal. An item without one here (a country rule's own label) stays in English, as staff wrote it.
 */
export const hindiWords: Readonly<Record<string, string>> = {
  "CV/Resume": "CV/रिज़्यूमे",
  SOP: "SOP (उद्देश्य का विवरण)",
  LOR: "LOR (सिफ़ारिश पत्र)",
  Passport: "पासपोर्ट",
  "10th Grade": "10वीं कक्षा",
  "12th Grade": "12वीं कक्षा",
  Bachelors: "बैचलर्स",
  Masters: "मास्टर्स",
  "Documents 1": "दस्तावेज़ 1",
  "Documents 2": "दस्तावेज़ 2",
  "Documents 3": "दस्तावेज़ 3",
  "LOR 2": "सिफ़ारिश पत्र 2",
  "LOR 3": "सिफ़ारिश पत्र 3",
  "English test score": "अंग्रेज़ी परीक्षा का स्कोर",
  "GRE/GMAT score": "GRE/GMAT स्कोर",
  Portfolio: "पोर्टफ़ोलियो",
  "Writing sample": "लेखन का नमूना",
  "Application fee receipt": "आवेदन शुल्क की रसीद",
  "Application fee": "आवेदन शुल्क",
  "Application deadline": "आवेदन की अंतिम तिथि",
  "Scholarship deadline": "छात्रवृत्ति की अंतिम तिथि",
  "Visa plan": "वीज़ा योजना",
  Session: "सत्र",
  "Consultation call": "परामर्श कॉल",
  "Document review": "दस्तावेज़ समीक्षा",
  "Live mock visa interview": "लाइव मॉक वीज़ा इंटरव्यू",
  "Application planning": "आवेदन की योजना",
  Departure: "प्रस्थान",
  Offer: "ऑफ़र",
};

/**
 * "15 December 2026": a deadline as the student reads it (a calendar day, the university's, read in India).
 * Here, not in the applications module, so a screen's own code reads it without that module's server code.
 */
export const deadlineText = (day: string) =>
  new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
