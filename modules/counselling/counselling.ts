import { asc, eq } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import type { JobSender } from "../../platform/jobs.ts";
import type { Logger } from "../../platform/log.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { type SessionKind, sessionKinds, sessionMessages } from "../../vocabulary/counselling.ts";
import type { StaffDeps } from "../deps.ts";
import { deliverWithoutQueue, queueMail } from "../outbox.ts";
import { canSeeAllCalendars, type StaffMember } from "../policies.ts";
import { staff } from "../staff/tables.ts";
import {
  bookStudentSession,
  cancelStudentSession,
  consultationSlots,
  consultationSlotTaken,
  counsellorsFreeAt,
  moveStudentSession,
  placeConsultationCall,
  studentCounsellor,
  studentSessions,
  studentSlots,
} from "./booking.ts";
import { isOverlap } from "./calendar.ts";
import {
  counsellorNotice,
  deliverPendingSessionMail,
  deliverSessionMail,
  indianWhen,
  type StudentSessionChange,
  sendDueReminders,
  sessionForMail,
  studentInvitationFile,
} from "./mail.ts";
import {
  addException,
  calendarSettings,
  calendarView,
  counsellingOutcomeCounts,
  recordOutcome,
  removeException,
  saveMeetingLink,
  saveWeeklyHours,
  setSessionLink,
  unsentInvitations,
} from "./schedule.ts";
import { counsellingSessions } from "./tables.ts";

/**
 * Counselling sessions on a calendar (decision 0036): counsellors' working hours and
 * exceptions, free slots, bookings by visitors (the free consultation call) and students (with their own
 * counsellor), invitations with .ics files, reminders on the job queue, and the console's day and week.
 * What other modules may use is exported here.
 */

export type { StudentSession } from "./booking.ts";
export { consultationSlotSchema } from "./input.ts";
export type { ConsoleSession } from "./schedule.ts";
/** The student's counsellor and their sessions, as the student's home reads them. */
export { studentCounsellor, studentSessions };
/** The kind of session the visa module offers and attaches its rubric to. */
export const MOCK_VISA_INTERVIEW: SessionKind = "mock-visa-interview";
/** No-shows and attended sessions in a span, for the reports. */
/** For the free consultation's booking (modules/leads/bookings.ts), inside its transaction. */
export { consultationSlotTaken, counsellingOutcomeCounts, counsellorsFreeAt, isOverlap as isSlotTaken, placeConsultationCall };

export interface CounsellingDeps {
  db: Database;
  mailer?: Mailer;
  log: Logger;
  /** The job queue that sends the counsellor's notices from the outbox; without one they go at once. */
  jobs?: JobSender;
  /** Where links in mails point (decision 0051). */
  siteAddress: string;
  now?: () => Date;
}

/** Mails a session's latest change (the free consultation's call, after its booking's commit); retried by the sweep on failure. */
export const mailCounsellingSessionChange = (deps: CounsellingDeps, id: number) => deliverSessionMail(deps, id);

/** A session as another module reads it (the visa module: its kind, its student, when, and how it went). */
export interface SessionSummary {
  id: number;
  kind: SessionKind;
  staffId: number;
  studentId: number | null;
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
  outcome: "attended" | "no_show" | null;
}

/** One session by id, or undefined. */
export async function counsellingSessionOf(db: Database, id: number): Promise<SessionSummary | undefined> {
  const [row] = await db.select().from(counsellingSessions).where(eq(counsellingSessions.id, id));
  return row && summary(row);
}

/** A student's sessions (every kind, cancelled ones included), newest first. */
export async function sessionsOfStudent(db: Database, studentId: number): Promise<SessionSummary[]> {
  const rows = await db.select().from(counsellingSessions).where(eq(counsellingSessions.studentId, studentId));
  return rows.map(summary).sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime());
}

/**
 * The student's sessions for the download of their data (decision 0024): the kind, when, with whom, who
 * booked it, a cancellation and whether they attended. The counsellor's note of what was done stays
 * internal, as staff notes do.
 */
export async function counsellingSessionsForExport(db: Database, studentId: number) {
  const rows = await db
    .select({
      kind: counsellingSessions.kind,
      startsAt: counsellingSessions.startsAt,
      endsAt: counsellingSessions.endsAt,
      counsellor: staff.fullName,
      bookedBy: counsellingSessions.bookedBy,
      cancelledAt: counsellingSessions.cancelledAt,
      outcome: counsellingSessions.outcome,
    })
    .from(counsellingSessions)
    .innerJoin(staff, eq(staff.id, counsellingSessions.staffId))
    .where(eq(counsellingSessions.studentId, studentId))
    .orderBy(asc(counsellingSessions.startsAt), asc(counsellingSessions.id));
  return rows.map((r) => ({
    kind: sessionKinds[r.kind as SessionKind].label,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    counsellor: r.counsellor,
    bookedBy: r.bookedBy,
    cancelledAt: r.cancelledAt ? r.cancelledAt.toISOString() : null,
    attended: r.outcome === null ? null : r.outcome === "attended",
  }));
}

const summary = (row: typeof counsellingSessions.$inferSelect): SessionSummary => ({
  id: row.id,
  kind: row.kind as SessionKind,
  staffId: row.staffId,
  studentId: row.studentId,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  cancelled: row.cancelledAt !== null,
  outcome: row.outcome,
});

/** What happened to a booking, in words with its time ("Session booked for ..."). */
const when = (at: Date) => indianWhen(at);

/**
 * The student's and the visitor's side: slots, booking, moving, cancelling; each change is mailed with
 * its invitation after the commit (a failure is retried by the job queue's sweep, `sweep`).
 */
export function createCounsellingService(deps: CounsellingDeps) {
  const mail = (id: number) =>
    deliverSessionMail(deps, id).catch((error) => {
      deps.log.error({ err: error, sessionId: id }, "session mail failed");
      return "failed" as const;
    });
  /** The counsellor is told of the student's change through the outbox (decision 0051), after it is committed. */
  const tellCounsellor = async (id: number, change: StudentSessionChange, before?: Date) => {
    try {
      const session = await sessionForMail(deps.db, id);
      if (!session) return;
      await queueMail(deps.db, deps, counsellorNotice(session, change, deps.siteAddress, before), {
        studentId: session.studentId,
      });
      await deliverWithoutQueue(deps);
    } catch (error) {
      deps.log.error({ err: error, sessionId: id }, "counsellor's session notice not queued");
    }
  };
  return {
    kinds: sessionKinds,
    counsellorOf: (studentId: number) => studentCounsellor(deps.db, studentId),
    forStudent: (studentId: number) => studentSessions(deps, studentId),
    slotsForStudent: (studentId: number, kind: SessionKind, movingSessionId?: number) =>
      studentSlots(deps, studentId, kind, movingSessionId),
    consultationSlots: () => consultationSlots(deps),
    // A mail the server could not send is said so at once, with the invitation to download (decision 0048).
    async book(studentId: number, raw: unknown) {
      const session = await bookStudentSession(deps, studentId, raw);
      const unsent = (await mail(session.id)) === "failed";
      await tellCounsellor(session.id, "booked");
      const at = when(session.startsAt);
      return { session, message: unsent ? sessionMessages.bookedUnsent(at) : sessionMessages.booked(at) };
    },
    async move(studentId: number, id: number, raw: unknown) {
      const before = (await counsellingSessionOf(deps.db, id))?.startsAt;
      const session = await moveStudentSession(deps, studentId, id, raw);
      const unsent = (await mail(session.id)) === "failed";
      await tellCounsellor(session.id, "moved", before);
      const at = when(session.startsAt);
      return { session, message: unsent ? sessionMessages.movedUnsent(at) : sessionMessages.moved(at) };
    },
    async cancel(studentId: number, id: number) {
      const session = await cancelStudentSession(deps, studentId, id);
      const unsent = (await mail(session.id)) === "failed";
      await tellCounsellor(session.id, "cancelled");
      return { session, message: unsent ? sessionMessages.cancelledUnsent : sessionMessages.cancelled };
    },
    /** The invitation (.ics) of one of the student's own sessions, to download; undefined if not theirs. */
    invitationFile: (studentId: number, id: number) => studentInvitationFile(deps.db, studentId, id),
    /** Mails a session's latest change (the free consultation's call, after its booking's commit). */
    mail,
    /** The job queue's every-minute sweep: reminders due, and invitations whose mail failed. */
    async sweep() {
      const reminders = await sendDueReminders(deps);
      const invitations = await deliverPendingSessionMail(deps);
      return { ...reminders, invitations };
    },
  };
}

export type CounsellingService = ReturnType<typeof createCounsellingService>;

/** The job that sweeps reminders and unsent invitations, every minute, once across instances. */
export const counsellingSweepJob = "session-reminders";

/** The console's side: working hours, exceptions, the meeting link, a day and a week, outcomes (decision 0031). */
export const counsellingConsole = (deps: StaffDeps) => {
  const mail = (id: number) =>
    deliverSessionMail(deps, id).catch((error) => deps.log.error({ err: error, sessionId: id }, "session mail failed"));
  return {
    calendar: (actor: StaffMember, filters: unknown) => calendarView(deps, actor, filters),
    /** The member's own sessions of today (IST), for Today (decision 0051); an admin's own too, not everyone's. */
    today: async (actor: StaffMember) =>
      (await calendarView(deps, actor, { view: "day", staffId: canSeeAllCalendars(actor) ? String(actor.staffId) : undefined }))
        .days[0]?.sessions ?? [],
    settings: (actor: StaffMember, staffId?: number) => calendarSettings(deps, actor, staffId),
    saveHours: (actor: StaffMember, raw: unknown, staffId?: number) => saveWeeklyHours(deps, actor, raw, staffId),
    addException: (actor: StaffMember, raw: unknown, staffId?: number) => addException(deps, actor, raw, staffId),
    removeException: (actor: StaffMember, id: number, staffId?: number) => removeException(deps, actor, id, staffId),
    saveMeetingLink: (actor: StaffMember, raw: unknown, staffId?: number) => saveMeetingLink(deps, actor, raw, staffId),
    recordOutcome: (actor: StaffMember, id: number, raw: unknown) => recordOutcome(deps, actor, id, raw),
    unsentInvitations: (actor: StaffMember) => unsentInvitations(deps, actor),
    async setLink(actor: StaffMember, id: number, raw: unknown) {
      const session = await setSessionLink(deps, actor, id, raw);
      await mail(id);
      return session;
    },
  };
};
