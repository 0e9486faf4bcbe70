import { and, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import { createEvent } from "ics";
import type { Database } from "../../platform/db/client.ts";
import type { Logger } from "../../platform/log.ts";
import type { Mailer, MailMessage } from "../../platform/mail/mailer.ts";
import {
  CHANGE_CUT_OFF_HOURS,
  REMINDER_DAY_HOURS,
  REMINDER_HOUR_HOURS,
  type SessionKind,
  sessionKinds,
  sessionMailWords,
} from "../../vocabulary/counselling.ts";
import { nowOf } from "../deps.ts";
import { consultations } from "../leads/tables.ts";
import { mailLink } from "../mail-link.ts";
import { staff } from "../staff/tables.ts";
import { students } from "../students/tables.ts";
import { calendarMeetingLink } from "./meeting-link.ts";
import { counsellingSessions, staffCalendarSettings } from "./tables.ts";

export interface SessionMailDeps {
  db: Database;
  mailer?: Mailer;
  log: Logger;
  now?: () => Date;
}

/** A claim older than this is taken as lost (its process stopped mid-send) and the mail is sent again. */
const CLAIM_MS = 10 * 60_000;
/** Mail of a session is retried at most this many times. */
const MAX_MAIL_ATTEMPTS = 10;
const HOUR_MS = 3_600_000;

/** A session with everything its mail says: who, with whom, when, where. */
export interface SessionForMail {
  id: number;
  uid: string;
  kind: SessionKind;
  startsAt: Date;
  endsAt: Date;
  sequence: number;
  cancelled: boolean;
  counsellor: string;
  counsellorEmail: string;
  attendee: string;
  attendeeEmail: string;
  /** The student's id; null for a visitor's free consultation (a lead, who has no profile). */
  studentId: number | null;
  meetingLink: string | null;
}

/** A time as India reads it: "Tue, 25 Nov 2026, 10:00". */
export const indianWhen = (at: Date) =>
  new Intl.DateTimeFormat("en-IN", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Asia/Kolkata",
  }).format(at);

export async function sessionForMail(db: Database, id: number): Promise<SessionForMail | undefined> {
  const [row] = await db
    .select({
      id: counsellingSessions.id,
      uid: counsellingSessions.uid,
      kind: counsellingSessions.kind,
      startsAt: counsellingSessions.startsAt,
      endsAt: counsellingSessions.endsAt,
      sequence: counsellingSessions.sequence,
      cancelledAt: counsellingSessions.cancelledAt,
      counsellor: staff.fullName,
      counsellorEmail: staff.email,
      studentId: counsellingSessions.studentId,
      studentName: students.fullName,
      studentEmail: students.email,
      leadFirst: consultations.firstName,
      leadLast: consultations.lastName,
      leadEmail: consultations.email,
      ownLink: counsellingSessions.meetingLink,
      staffLink: staffCalendarSettings.meetingLink,
    })
    .from(counsellingSessions)
    .innerJoin(staff, eq(staff.id, counsellingSessions.staffId))
    .leftJoin(students, eq(students.id, counsellingSessions.studentId))
    .leftJoin(consultations, eq(consultations.id, counsellingSessions.leadId))
    .leftJoin(staffCalendarSettings, eq(staffCalendarSettings.staffId, counsellingSessions.staffId))
    .where(eq(counsellingSessions.id, id));
  if (!row) return undefined;
  const attendeeEmail = row.studentEmail ?? row.leadEmail;
  if (!attendeeEmail) return undefined;
  return {
    id: row.id,
    uid: row.uid,
    kind: row.kind as SessionKind,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    sequence: row.sequence,
    cancelled: row.cancelledAt !== null,
    counsellor: row.counsellor,
    counsellorEmail: row.counsellorEmail,
    attendee: row.studentName ?? `${row.leadFirst ?? ""} ${row.leadLast ?? ""}`.trim(),
    attendeeEmail,
    studentId: row.studentId,
    meetingLink: storedLink(row.ownLink ?? row.staffLink ?? null),
  };
}

/**
 * A stored link as the mail carries it: in the invitation's form when the calendar library accepts it
 * (a link saved before the console checked it this way, decision 0048), else as stored, for the text
 * only (`invitationIcs` then leaves it out of the calendar fields).
 */
const storedLink = (link: string | null) => (link === null ? null : (calendarMeetingLink(link) ?? link));

/**
 * A name as an iCalendar parameter value (CN): RFC 5545 quotes it, and a quoted value may hold no DQUOTE
 * nor control character, with no escape for either (section 3.2, QSAFE-CHAR:
 * https://www.rfc-editor.org/rfc/rfc5545#section-3.2, read 2026-11-27). The `ics` library writes `\"`,
 * which a strict reader takes as the end of the name, so a name such as `Mallory":mailto:x@evil;X="`
 * would name another attendee. A double quote becomes an apostrophe; control characters are dropped.
 */
export const calendarParamText = (name: string) => name.replace(/"/g, "'").replace(/\p{Cc}/gu, "");

/** How many octets a code point takes in UTF-8. */
const utf8Octets = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * Content lines folded at 75 octets, as RFC 5545 section 3.1 asks (not 75 characters, as the `ics`
 * library folds: a line of Devanagari, three octets a character, came out at 223 octets), never inside a
 * character's UTF-8 sequence; a continuation starts with one space.
 */
export function foldedAtOctets(ics: string): string {
  const lines = ics.replace(/\r\n[ \t]/g, "").split("\r\n");
  return lines
    .map((line) => {
      const parts: string[] = [];
      let current = "";
      let octets = 0;
      let limit = 75;
      for (const character of line) {
        const size = utf8Octets(character.codePointAt(0) ?? 0);
        if (octets + size > limit) {
          parts.push(current);
          current = "";
          octets = 0;
          limit = 74;
        }
        current += character;
        octets += size;
      }
      parts.push(current);
      return parts.join("\r\n ");
    })
    .join("\r\n");
}

/**
 * The session's calendar invitation (RFC 5545, by the `ics` library): its times in UTC ("Z"), which
 * every calendar shows in its own zone, so 10:00 IST reads 10:00 in India and 05:30 in London. The UID
 * stays; SEQUENCE grows with each move; a cancellation is METHOD:CANCEL with STATUS:CANCELLED. Names
 * are made safe as parameter values and lines folded at 75 octets (decision 0048).
 */
export function invitationIcs(session: SessionForMail): string {
  const kind = sessionKinds[session.kind].label;
  const calendarLink = session.meetingLink && calendarMeetingLink(session.meetingLink);
  const { error, value } = createEvent({
    productId: "ignite/sessions",
    method: session.cancelled ? "CANCEL" : "REQUEST",
    uid: session.uid,
    sequence: session.sequence,
    status: session.cancelled ? "CANCELLED" : "CONFIRMED",
    start: session.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: session.endsAt.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: `${kind} with ${session.counsellor} (Ignite)`,
    description: [
      `${kind} with ${session.counsellor}, ${indianWhen(session.startsAt)} IST (${sessionKinds[session.kind].minutes} minutes).`,
      session.meetingLink ? `Join: ${session.meetingLink}` : "Your counsellor will send the meeting link before the session.",
    ].join("\n"),
    ...(calendarLink ? { location: calendarLink, url: calendarLink } : {}),
    // The counsellor organises it, the same in every update, so calendars match the update to the invitation.
    organizer: { name: calendarParamText(session.counsellor), email: session.counsellorEmail },
    attendees: [
      {
        name: calendarParamText(session.attendee),
        email: session.attendeeEmail,
        rsvp: false,
        partstat: "ACCEPTED",
        role: "REQ-PARTICIPANT",
      },
    ],
  });
  if (error || !value) throw error ?? new Error("the invitation could not be made");
  return foldedAtOctets(value);
}

/**
 * The invitation of one of a student's own sessions as a file to download (its latest state, the same
 * UID and SEQUENCE the mail carries): the way to a calendar when the mail could not be sent.
 */
export async function studentInvitationFile(db: Database, studentId: number, id: number) {
  const [own] = await db
    .select({ id: counsellingSessions.id })
    .from(counsellingSessions)
    .where(and(eq(counsellingSessions.id, id), eq(counsellingSessions.studentId, studentId)));
  const session = own && (await sessionForMail(db, own.id));
  if (!session) return undefined;
  return { filename: session.cancelled ? "cancellation.ics" : "invitation.ics", content: invitationIcs(session) };
}

/** The mail that tells the attendee about the session's current state: invitation, move or cancellation. */
export function invitationMail(session: SessionForMail, isUpdate: boolean): MailMessage {
  const kind = sessionKinds[session.kind].label;
  const when = indianWhen(session.startsAt);
  const subject = session.cancelled
    ? sessionMailWords.cancelSubject(kind, when)
    : isUpdate
      ? sessionMailWords.updateSubject(kind, when)
      : sessionMailWords.invitationSubject(kind, when);
  const lines = [
    `Dear ${session.attendee},`,
    "",
    session.cancelled
      ? `Your ${kind.toLowerCase()} with ${session.counsellor} on ${when} IST is cancelled.`
      : `Your ${kind.toLowerCase()} with ${session.counsellor} is ${isUpdate ? "now" : "booked for"} ${when} IST (${sessionKinds[session.kind].minutes} minutes).`,
    ...(session.cancelled
      ? []
      : [
          session.meetingLink
            ? `Join the call: ${session.meetingLink}`
            : "Your counsellor will send the meeting link before the session.",
          "",
          // A visitor's free consultation has no profile to change it from (decision 0051).
          session.studentId === null
            ? `The attached invitation adds it to your calendar. To move or cancel it, reply to this e-mail up to ${CHANGE_CUT_OFF_HOURS} hours before.`
            : `The attached invitation adds it to your calendar. You can move or cancel it from your profile up to ${CHANGE_CUT_OFF_HOURS} hours before.`,
        ]),
    "",
    "Ignite - Your academic Journey",
  ];
  return {
    to: session.attendeeEmail,
    subject,
    text: lines.join("\n"),
    icalEvent: {
      method: session.cancelled ? "CANCEL" : "REQUEST",
      filename: session.cancelled ? "cancellation.ics" : "invitation.ics",
      content: invitationIcs(session),
    },
  };
}

/**
 * The counsellor is told, once per change, that its mail did not go: the console marks the session too,
 * and the student is offered the file (decision 0048). If the mail server is away this fails as well,
 * and is only logged.
 */
async function tellCounsellor(deps: SessionMailDeps, session: SessionForMail) {
  const kind = sessionKinds[session.kind].label;
  const when = indianWhen(session.startsAt);
  try {
    await deps.mailer?.send({
      to: session.counsellorEmail,
      subject: sessionMailWords.unsentSubject(kind, session.attendee, when),
      text: [
        `Dear ${session.counsellor},`,
        "",
        `We could not e-mail ${session.attendee} the ${session.cancelled ? "cancellation" : "invitation"} of their ${kind.toLowerCase()} on ${when} IST. We keep trying for ten minutes.`,
        "Their profile offers the invitation to download. Check the meeting link in your calendar settings; saving it sends what is waiting again.",
        "",
        "Ignite - Your academic Journey",
      ].join("\n"),
    });
  } catch (error) {
    deps.log.warn({ err: error, sessionId: session.id }, "counsellor not told of an unsent session mail");
  }
}

/**
 * Sends the session's mail if its latest change has not been mailed: claims the row first in one
 * UPDATE (so two instances never both send it), marks the SEQUENCE sent after the mail server took it;
 * a failure releases the claim and is counted (the sweep tries again). A cancellation of a session
 * never announced sends nothing.
 */
export async function deliverSessionMail(deps: SessionMailDeps, id: number): Promise<"sent" | "nothing" | "failed"> {
  if (!deps.mailer) return "nothing";
  const now = nowOf(deps);
  const [claimed] = await deps.db
    .update(counsellingSessions)
    .set({ mailClaimedAt: now, mailAttempts: sql`${counsellingSessions.mailAttempts} + 1` })
    .where(
      and(
        eq(counsellingSessions.id, id),
        lt(counsellingSessions.mailedSequence, counsellingSessions.sequence),
        or(isNull(counsellingSessions.mailClaimedAt), lt(counsellingSessions.mailClaimedAt, new Date(now.getTime() - CLAIM_MS))),
      ),
    )
    .returning({ mailedSequence: counsellingSessions.mailedSequence, attempts: counsellingSessions.mailAttempts });
  if (!claimed) return "nothing";
  const session = await sessionForMail(deps.db, id);
  const release = (sequence: number | null) =>
    deps.db
      .update(counsellingSessions)
      .set({ mailClaimedAt: null, ...(sequence === null ? {} : { mailedSequence: sequence, mailAttempts: 0 }) })
      .where(eq(counsellingSessions.id, id));
  if (!session || (session.cancelled && claimed.mailedSequence < 0)) {
    await release(session?.sequence ?? 0);
    return "nothing";
  }
  try {
    await deps.mailer.send(invitationMail(session, claimed.mailedSequence >= 0));
  } catch (error) {
    await release(null);
    deps.log.warn({ err: error, sessionId: id }, "session mail not sent; it will be retried");
    if (claimed.attempts === 1) await tellCounsellor(deps, session);
    return "failed";
  }
  await release(session.sequence);
  return "sent";
}

/** Sends the mail of sessions whose latest change is still unmailed (after a failure or a lost claim). */
export async function deliverPendingSessionMail(deps: SessionMailDeps): Promise<number> {
  const now = nowOf(deps);
  const rows = await deps.db
    .select({ id: counsellingSessions.id })
    .from(counsellingSessions)
    .where(
      and(
        lt(counsellingSessions.mailedSequence, counsellingSessions.sequence),
        lt(counsellingSessions.mailAttempts, MAX_MAIL_ATTEMPTS),
        gt(counsellingSessions.endsAt, now),
        or(isNull(counsellingSessions.mailClaimedAt), lt(counsellingSessions.mailClaimedAt, new Date(now.getTime() - CLAIM_MS))),
      ),
    )
    .limit(100);
  let sent = 0;
  for (const { id } of rows) if ((await deliverSessionMail(deps, id)) === "sent") sent += 1;
  return sent;
}

/** What a reminder says. */
function reminderMail(session: SessionForMail, soon: "tomorrow" | "in an hour"): MailMessage {
  const kind = sessionKinds[session.kind].label;
  const when = indianWhen(session.startsAt);
  return {
    to: session.attendeeEmail,
    subject: sessionMailWords.reminderSubject(kind, when, soon),
    text: [
      `Dear ${session.attendee},`,
      "",
      `A reminder: your ${kind.toLowerCase()} with ${session.counsellor} is ${soon === "tomorrow" ? "coming up" : "in an hour"}, ${when} IST.`,
      session.meetingLink
        ? `Join the call: ${session.meetingLink}`
        : "Your counsellor will send the meeting link before the session.",
      "",
      "Ignite - Your academic Journey",
    ].join("\n"),
  };
}

/**
 * Sends the reminders that are due (a day before, an hour before) for sessions still booked, each once
 * however many instances sweep at the same moment: a session's row is claimed in one UPDATE, and each
 * reminder's sent-at is set once the mail server took it. A failure releases the claim: the next sweep
 * (every minute, on the job queue) sends it when mail is back.
 */
export async function sendDueReminders(deps: SessionMailDeps): Promise<{ sent: number; failed: number }> {
  if (!deps.mailer) return { sent: 0, failed: 0 };
  const now = nowOf(deps);
  const dayAhead = new Date(now.getTime() + REMINDER_DAY_HOURS * HOUR_MS);
  const hourAhead = new Date(now.getTime() + REMINDER_HOUR_HOURS * HOUR_MS);
  const due = and(
    isNull(counsellingSessions.cancelledAt),
    gt(counsellingSessions.startsAt, now),
    or(
      and(isNull(counsellingSessions.remindedDayAt), lte(counsellingSessions.startsAt, dayAhead)),
      and(isNull(counsellingSessions.remindedHourAt), lte(counsellingSessions.startsAt, hourAhead)),
    ),
  );
  const unclaimed = or(
    isNull(counsellingSessions.reminderClaimedAt),
    lt(counsellingSessions.reminderClaimedAt, new Date(now.getTime() - CLAIM_MS)),
  );
  const rows = await deps.db
    .select({ id: counsellingSessions.id })
    .from(counsellingSessions)
    .where(and(due, unclaimed))
    .limit(100);
  let sent = 0;
  let failed = 0;
  for (const { id } of rows) {
    const [claimed] = await deps.db
      .update(counsellingSessions)
      .set({ reminderClaimedAt: now })
      .where(and(eq(counsellingSessions.id, id), due, unclaimed))
      .returning({
        startsAt: counsellingSessions.startsAt,
        remindedDayAt: counsellingSessions.remindedDayAt,
        remindedHourAt: counsellingSessions.remindedHourAt,
      });
    if (!claimed) continue;
    const hourly = claimed.remindedHourAt === null && claimed.startsAt <= hourAhead;
    const session = await sessionForMail(deps.db, id);
    try {
      if (session) await deps.mailer.send(reminderMail(session, hourly ? "in an hour" : "tomorrow"));
    } catch (error) {
      failed += 1;
      await deps.db.update(counsellingSessions).set({ reminderClaimedAt: null }).where(eq(counsellingSessions.id, id));
      deps.log.warn({ err: error, sessionId: id }, "session reminder not sent; the next sweep tries again");
      continue;
    }
    sent += 1;
    // The hour's reminder makes the day's needless, if that one was never sent.
    await deps.db
      .update(counsellingSessions)
      .set(
        hourly
          ? { remindedHourAt: now, remindedDayAt: claimed.remindedDayAt ?? now, reminderClaimedAt: null }
          : { remindedDayAt: now, reminderClaimedAt: null },
      )
      .where(eq(counsellingSessions.id, id));
  }
  return { sent, failed };
}

/** Reminders already past or needless at booking (or a move): a session less than a day away gets no day-before reminder. */
export function remindersAtBooking(startsAt: Date, now: Date) {
  const ahead = startsAt.getTime() - now.getTime();
  return {
    remindedDayAt: ahead <= REMINDER_DAY_HOURS * HOUR_MS ? now : null,
    remindedHourAt: ahead <= REMINDER_HOUR_HOURS * HOUR_MS ? now : null,
    reminderClaimedAt: null,
  };
}

/** What a student did to a session, as the counsellor's notice names it. */
export type StudentSessionChange = "booked" | "moved" | "cancelled";

/**
 * The counsellor's notice of a student's booking, move or cancellation (decision 0051): who, what, when
 * (and when it was before a move), and a link to the student's record. Queued through the outbox.
 */
export function counsellorNotice(
  session: SessionForMail,
  change: StudentSessionChange,
  siteAddress: string,
  before?: Date,
): MailMessage {
  const kind = sessionKinds[session.kind].label;
  const when = indianWhen(session.startsAt);
  const what =
    change === "booked"
      ? `${session.attendee} booked ${kind} with you for ${when} IST (${sessionKinds[session.kind].minutes} minutes).`
      : change === "moved"
        ? `${session.attendee} moved ${kind} with you${before ? ` from ${indianWhen(before)} IST` : ""} to ${when} IST.`
        : `${session.attendee} cancelled ${kind} with you on ${when} IST.`;
  const record = session.studentId === null ? "/staff/calendar" : `/staff/students/${session.studentId}`;
  return {
    to: session.counsellorEmail,
    subject: sessionMailWords.counsellorSubject(change, kind, session.attendee, when),
    text: [
      `Dear ${session.counsellor},`,
      "",
      what,
      "",
      `${session.studentId === null ? "Your calendar" : "Their record"}: ${mailLink(siteAddress, record)}`,
      "",
      "Ignite - Your academic Journey",
    ].join("\n"),
  };
}
