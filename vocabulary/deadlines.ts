import { type ApplicationStatus, applicationStatuses, documentsCompleteBy, stageOf } from "./applications.ts";

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
    "Nothing dated ahead. Deadlines of your applications, matching scholarships, visa-plan steps and sessions appear here.",
} as const;

/** The calendar feed's name, as the student's calendar lists it. */
export const FEED_NAME = "Ignite deadlines";
