/**
 * Counselling sessions on a calendar (decision 0036): the kinds of session and their lengths, the booking
 * rules' numbers, and the words students and staff read about them. Times are India time (IST).
 */

import { formatLongDate } from "./costs.ts";

/** The kinds of session, each with its length in minutes. `mock-visa-interview` is the visa module's. */
export const sessionKinds = {
  "consultation-call": { label: "Consultation call", minutes: 30 },
  "document-review": { label: "Document review", minutes: 30 },
  "mock-visa-interview": { label: "Live mock visa interview", minutes: 45 },
  "application-planning": { label: "Application planning", minutes: 45 },
} as const;
export type SessionKind = keyof typeof sessionKinds;
export const sessionKindKeys = Object.keys(sessionKinds) as SessionKind[];

/** Slots are offered this many days ahead, from now. */
export const BOOKING_HORIZON_DAYS = 14;
/** A session is booked, moved or cancelled by the student at least this many hours before it starts. */
export const CHANGE_CUT_OFF_HOURS = 4;
/** Slots start on these steps of the working day (10:00, 10:30, ...). */
export const SLOT_STEP_MINUTES = 30;
/** Reminders go out this long before a session: a day, then an hour. */
export const REMINDER_DAY_HOURS = 24;
export const REMINDER_HOUR_HOURS = 1;
/** A meeting link, at most. */
export const MEETING_LINK_MAX_LENGTH = 500;
/** What was done in a session (the note on the student's timeline), at most. */
export const SESSION_NOTE_MAX_LENGTH = 5000;
/** How many next free slots a refusal names. */
export const NEXT_SLOTS_NAMED = 3;

/** The weekdays, Sunday first (as JavaScript and the working-hours settings count them). */
export const weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** Working hours a counsellor starts with until they set their own: Monday to Friday, 10:00 to 18:00 IST. */
export const defaultWorkingHours = { days: [1, 2, 3, 4, 5], start: "10:00", end: "18:00" } as const;

export const sessionOutcomes = ["attended", "no_show"] as const;
export type SessionOutcome = (typeof sessionOutcomes)[number];
export const sessionOutcomeLabels: Record<SessionOutcome, string> = { attended: "Attended", no_show: "No-show" };

/** Who made a booking. */
export const sessionBookers = ["visitor", "student", "staff"] as const;

export const sessionMessages = {
  heading: "Sessions",
  hint: "Book a session with your counsellor. Times are India time (IST). You can move or cancel a session up to 4 hours before it starts.",
  noCounsellor: "You will be able to book sessions once a counsellor looks after you. Book a free consultation to get one.",
  counsellorGone: "Your counsellor is no longer available for sessions. We will give you a new counsellor soon.",
  chooseKind: "Choose a kind of session",
  chooseSlot: "Choose a time from the list",
  slotNotOffered:
    "That time is not free: it is outside working hours, in the past or less than 4 hours away. Choose another time.",
  slotTaken: (times: string) => `That time has just been taken. Free times nearby: ${times}.`,
  slotTakenNoneLeft: "That time has just been taken, and no other time is free in the next 14 days.",
  noSlots: "No free times in the next 14 days.",
  booked: (when: string) => `Session booked for ${when} (IST). We have e-mailed you the invitation.`,
  moved: (when: string) => `Session moved to ${when} (IST). We have e-mailed you the new invitation.`,
  cancelled: "Session cancelled. We have e-mailed you the cancellation.",
  bookedUnsent: (when: string) =>
    `Session booked for ${when} (IST). We could not send you the invitation by e-mail; download it from the session below.`,
  movedUnsent: (when: string) =>
    `Session moved to ${when} (IST). We could not send you the new invitation by e-mail; download it from the session below.`,
  cancelledUnsent: "Session cancelled. We could not send you the cancellation by e-mail; we will keep trying.",
  invitationUnsent: "We could not send you the invitation by e-mail. Here it is to download.",
  downloadInvitation: "Download the invitation (.ics)",
  /** The cancel button's second step (decision 0051): what is about to happen, and the one that does it. */
  cancelAsk: "Cancel this session? Your counsellor is told, and the time is freed for others.",
  cancelYes: "Yes, cancel it",
  cancelNotConfirmed: "Confirm that you want to cancel the session.",
  tooLate: "It is less than 4 hours before this session: it can no longer be moved or cancelled here. Write to your counsellor.",
  noSuchSession: "No such session.",
  alreadyCancelled: "This session was already cancelled.",
  isOver: "This session has already taken place.",
  notYetOver: "Record what happened once the session has started.",
  exceptionOverSession:
    "You have a session booked in that time. Move or cancel the session first, then add the leave or changed hours.",
  exceptionExists: "There is already an exception on that day. Remove it first.",
  chooseDay: "Choose a day",
  enterTimes: "Enter a start and an end time (HH:MM), the end after the start",
  dayInPast: "Choose today or a later day",
  meetingLink: "Enter a link starting with https://",
  chooseOutcome: "Choose attended or no-show",
  enterNote: "Say what was done in the session",
  counsellorUnavailable: "This counsellor is no longer available for sessions.",
  noCounsellorFree: "No counsellor is free at that time any more. Choose another time.",
  hoursSaved: "Working hours saved.",
  /** A counsellor's leave or changed hours, named as the form names them (decision 0051), with the day. */
  exceptionAdded: (kind: "leave" | "hours", day: string) =>
    `${kind === "leave" ? "Leave" : "Changed hours"} on ${formatLongDate(day)} added to your calendar.`,
  exceptionRemoved: "Leave or changed hours removed from your calendar.",
  linkSaved: "Meeting link saved.",
  outcomeSaved: "Session recorded on the student's timeline.",
} as const;

/** The words of the invitation and reminder mails. */
export const sessionMailWords = {
  invitationSubject: (kind: string, when: string) => `Invitation: ${kind} with Ignite, ${when} IST`,
  updateSubject: (kind: string, when: string) => `Moved: ${kind} with Ignite, now ${when} IST`,
  cancelSubject: (kind: string, when: string) => `Cancelled: ${kind} with Ignite, ${when} IST`,
  unsentSubject: (kind: string, attendee: string, when: string) => `Not sent: ${kind} with ${attendee}, ${when} IST`,
  reminderSubject: (kind: string, when: string, soon: string) => `Reminder: ${kind} with Ignite ${soon}, ${when} IST`,
  /** The counsellor's notice of a student's change (decision 0051). */
  counsellorSubject: (change: "booked" | "moved" | "cancelled", kind: string, who: string, when: string) =>
    `${change === "booked" ? "Booked" : change === "moved" ? "Moved" : "Cancelled"}: ${kind} with ${who}, ${when} IST`,
} as const;
