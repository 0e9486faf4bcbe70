import { and, asc, eq, gt, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import { type Database, isUniqueViolation } from "../../platform/db/client.ts";
import {
  type SessionKind,
  type SessionOutcome,
  sessionKinds,
  sessionMessages,
  sessionOutcomeLabels,
  weekdayNames,
} from "../../vocabulary/counselling.ts";
import { recordAudit } from "../audit-log.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { consultations } from "../leads/tables.ts";
import {
  canKeepCalendar,
  canManageCalendars,
  canSeeAllCalendars,
  canWorkSession,
  notAllowed,
  type StaffMember,
  sessionVisibleTo,
} from "../policies.ts";
import { staff } from "../staff/tables.ts";
import { addStudentNote } from "../students/students.ts";
import { students } from "../students/tables.ts";
import { parseInput } from "../validation.ts";
import { addDays, defaultWeek, exceptionHolds, istDayOf, istMidnight, type WeeklyHours, weekdayOf } from "./availability.ts";
import { bookableStaff, isOverlap, rangeOf } from "./calendar.ts";
import { calendarViewSchema, exceptionSchema, meetingLinkSchema, outcomeSchema, weeklyHoursSchema } from "./input.ts";
import { indianWhen } from "./mail.ts";
import { calendarHolds, counsellingSessions, staffCalendarExceptions, staffCalendarSettings } from "./tables.ts";

/** A session as the console lists it: when, what, with whom (and a link to their record). */
export interface ConsoleSession {
  id: number;
  kind: SessionKind;
  kindLabel: string;
  startsAt: Date;
  endsAt: Date;
  staffId: number;
  counsellor: string;
  studentId: number | null;
  leadId: number | null;
  withName: string;
  cancelled: boolean;
  outcome: SessionOutcome | null;
  outcomeLabel: string | null;
  outcomeNote: string | null;
  meetingLink: string | null;
  ownLink: string | null;
  /** Started and not cancelled: its outcome may be recorded. */
  recordable: boolean;
  /** Not cancelled and not yet over by the console's clock: its meeting link may still change (decision 0109). */
  upcoming: boolean;
  /** The mail of its latest change was tried and not sent (decision 0048). */
  invitationUnsent: boolean;
}

/** A member's own calendar settings, as the hours screen shows them. */
export interface CalendarSettings {
  staffId: number;
  fullName: string;
  week: { weekday: number; name: string; works: boolean; starts: string; ends: string }[];
  exceptions: { id: number; day: string; leave: boolean; starts: string | null; ends: string | null; note: string | null }[];
  meetingLink: string | null;
}

/** Whose calendar a member may change: their own (counsellors, admins), or anyone's (admins). */
async function calendarOwner(deps: StaffDeps, member: StaffMember, staffId: number | undefined): Promise<number> {
  if (!canKeepCalendar(member)) throw notAllowed();
  const target = staffId ?? member.staffId;
  if (target !== member.staffId && !canManageCalendars(member)) throw notAllowed();
  if (target !== member.staffId) {
    const people = await bookableStaff(deps.db);
    if (!people.some((p) => p.staffId === target)) throw new AppError("not_found", sessionMessages.counsellorUnavailable);
  }
  return target;
}

/** The working hours, exceptions from today and meeting link of a member (their own unless an admin names another). */
export async function calendarSettings(deps: StaffDeps, member: StaffMember, staffId?: number): Promise<CalendarSettings> {
  const target = await calendarOwner(deps, member, staffId);
  const today = istDayOf(nowOf(deps));
  const [[person], [settings], exceptions] = await Promise.all([
    deps.db.select({ fullName: staff.fullName }).from(staff).where(eq(staff.id, target)),
    deps.db.select().from(staffCalendarSettings).where(eq(staffCalendarSettings.staffId, target)),
    deps.db
      .select()
      .from(staffCalendarExceptions)
      .where(and(eq(staffCalendarExceptions.staffId, target), gte(staffCalendarExceptions.day, today)))
      .orderBy(asc(staffCalendarExceptions.day)),
  ]);
  const week: WeeklyHours = settings?.weeklyHours ?? defaultWeek();
  return {
    staffId: target,
    fullName: person?.fullName ?? "",
    week: weekdayNames.map((name, weekday) => {
      const hours = week[String(weekday)];
      return { weekday, name, works: Boolean(hours), starts: hours?.starts ?? "10:00", ends: hours?.ends ?? "18:00" };
    }),
    exceptions: exceptions.map((e) => ({
      id: e.id,
      day: e.day,
      leave: e.starts === null,
      starts: e.starts,
      ends: e.ends,
      note: e.note,
    })),
    meetingLink: settings?.meetingLink ?? null,
  };
}

/** Saves a member's weekly hours (IST). Booked sessions stay as they are; new slots follow the new week. Audited. */
export async function saveWeeklyHours(deps: StaffDeps, member: StaffMember, raw: unknown, staffId?: number) {
  const target = await calendarOwner(deps, member, staffId);
  const input = parseInput(weeklyHoursSchema, raw);
  const week: WeeklyHours = Object.fromEntries(
    input.days.flatMap((d, weekday) =>
      d.works && d.starts && d.ends ? [[String(weekday), { starts: d.starts, ends: d.ends }]] : [],
    ),
  );
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(staffCalendarSettings)
      .values({ staffId: target, weeklyHours: week })
      .onConflictDoUpdate({ target: staffCalendarSettings.staffId, set: { weeklyHours: week } });
    await recordAudit(tx, member, { action: "calendar.hours_saved", subjectType: "staff", subjectId: target, after: week });
  });
}

/**
 * Adds a day of leave or a day's changed hours. The time it takes out is held in the database, which
 * refuses it over a booked session (the counsellor moves or cancels the session first). Audited.
 */
export async function addException(deps: StaffDeps, member: StaffMember, raw: unknown, staffId?: number) {
  const target = await calendarOwner(deps, member, staffId);
  const input = parseInput(exceptionSchema, raw);
  if (input.day < istDayOf(nowOf(deps)))
    throw new AppError("invalid_input", sessionMessages.dayInPast, { day: sessionMessages.dayInPast });
  const hours = input.kind === "hours" && input.starts && input.ends ? { starts: input.starts, ends: input.ends } : null;
  try {
    await deps.db.transaction(async (tx) => {
      const [exception] = await tx
        .insert(staffCalendarExceptions)
        .values({
          staffId: target,
          day: input.day,
          starts: hours?.starts ?? null,
          ends: hours?.ends ?? null,
          note: input.note ?? null,
        })
        .returning({ id: staffCalendarExceptions.id });
      if (!exception) throw new Error("insert returned no row");
      for (const held of exceptionHolds(input.day, hours)) {
        await tx
          .insert(calendarHolds)
          .values({ staffId: target, exceptionId: exception.id, during: rangeOf(held.from, held.to) as never });
      }
      await recordAudit(tx, member, {
        action: "calendar.exception_added",
        subjectType: "staff",
        subjectId: target,
        after: { day: input.day, hours, note: input.note ?? null },
      });
    });
  } catch (error) {
    if (isOverlap(error))
      throw new AppError("conflict", sessionMessages.exceptionOverSession, { day: sessionMessages.exceptionOverSession });
    if (isUniqueViolation(error))
      throw new AppError("conflict", sessionMessages.exceptionExists, { day: sessionMessages.exceptionExists });
    throw error;
  }
}

/** Removes an exception (the day follows the week again). Audited. */
export async function removeException(deps: StaffDeps, member: StaffMember, id: number, staffId?: number) {
  const target = await calendarOwner(deps, member, staffId);
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(staffCalendarExceptions)
      .where(and(eq(staffCalendarExceptions.id, id), eq(staffCalendarExceptions.staffId, target)))
      .returning();
    if (!removed) throw new AppError("not_found", "No such exception.");
    await recordAudit(tx, member, {
      action: "calendar.exception_removed",
      subjectType: "staff",
      subjectId: target,
      before: { day: removed.day, starts: removed.starts, ends: removed.ends },
    });
  });
}

/** The meeting link a member's sessions use unless a session has its own (entered once, in their calendar settings). */
export async function saveMeetingLink(deps: StaffDeps, member: StaffMember, raw: unknown, staffId?: number) {
  const target = await calendarOwner(deps, member, staffId);
  const { meetingLink } = parseInput(meetingLinkSchema, raw);
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(staffCalendarSettings)
      .values({ staffId: target, meetingLink: meetingLink ?? null })
      .onConflictDoUpdate({ target: staffCalendarSettings.staffId, set: { meetingLink: meetingLink ?? null } });
    // Mail given up on (or still failing) gets its tries back: the minute's sweep sends it (decision 0048).
    await tx
      .update(counsellingSessions)
      .set({ mailAttempts: 0 })
      .where(
        and(
          eq(counsellingSessions.staffId, target),
          lt(counsellingSessions.mailedSequence, counsellingSessions.sequence),
          gt(counsellingSessions.endsAt, nowOf(deps)),
        ),
      );
  });
}

const sessionColumns = {
  id: counsellingSessions.id,
  kind: counsellingSessions.kind,
  startsAt: counsellingSessions.startsAt,
  endsAt: counsellingSessions.endsAt,
  staffId: counsellingSessions.staffId,
  counsellor: staff.fullName,
  studentId: counsellingSessions.studentId,
  leadId: counsellingSessions.leadId,
  studentName: students.fullName,
  leadName: sql<
    string | null
  >`case when ${consultations.id} is null then null else ${consultations.firstName} || ' ' || ${consultations.lastName} end`,
  cancelledAt: counsellingSessions.cancelledAt,
  outcome: counsellingSessions.outcome,
  outcomeNote: counsellingSessions.outcomeNote,
  ownLink: counsellingSessions.meetingLink,
  staffLink: staffCalendarSettings.meetingLink,
  sequence: counsellingSessions.sequence,
  mailedSequence: counsellingSessions.mailedSequence,
  mailAttempts: counsellingSessions.mailAttempts,
};

function present(row: Awaited<ReturnType<typeof selectSessions>>[number], now: Date): ConsoleSession {
  const kind = row.kind as SessionKind;
  return {
    id: row.id,
    kind,
    kindLabel: sessionKinds[kind].label,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    staffId: row.staffId,
    counsellor: row.counsellor,
    studentId: row.studentId,
    leadId: row.leadId,
    withName: row.studentName ?? row.leadName ?? "Former student",
    cancelled: row.cancelledAt !== null,
    outcome: row.outcome,
    outcomeLabel: row.outcome ? sessionOutcomeLabels[row.outcome] : null,
    outcomeNote: row.outcomeNote,
    meetingLink: row.ownLink ?? row.staffLink ?? null,
    ownLink: row.ownLink,
    recordable: row.cancelledAt === null && row.startsAt <= now,
    upcoming: row.cancelledAt === null && row.endsAt > now,
    invitationUnsent: row.mailedSequence < row.sequence && row.mailAttempts > 0 && row.endsAt > now,
  };
}

function selectSessions(db: Database, where: ReturnType<typeof and>) {
  return db
    .select(sessionColumns)
    .from(counsellingSessions)
    .innerJoin(staff, eq(staff.id, counsellingSessions.staffId))
    .leftJoin(students, eq(students.id, counsellingSessions.studentId))
    .leftJoin(consultations, eq(consultations.id, counsellingSessions.leadId))
    .leftJoin(staffCalendarSettings, eq(staffCalendarSettings.staffId, counsellingSessions.staffId))
    .where(where)
    .orderBy(asc(counsellingSessions.startsAt), asc(counsellingSessions.id))
    .limit(1000);
}

/**
 * A day or a week (Monday first) of sessions in IST: a counsellor's own; an admin's (or a read-only
 * member's) of one counsellor or of everyone, with the people whose calendar can be chosen.
 */
export async function calendarView(deps: StaffDeps, member: StaffMember, raw: unknown) {
  if (!canKeepCalendar(member) && !canSeeAllCalendars(member)) throw notAllowed();
  const filters = parseInput(calendarViewSchema, raw);
  const now = nowOf(deps);
  const people = canSeeAllCalendars(member) ? await bookableStaff(deps.db) : [];
  const whose: number | "all" = canSeeAllCalendars(member) ? (filters.staffId ?? "all") : member.staffId;
  if (!canSeeAllCalendars(member) && filters.staffId !== undefined && filters.staffId !== member.staffId) throw notAllowed();
  const anchor = filters.day ?? istDayOf(now);
  const first = filters.view === "week" ? addDays(anchor, -((weekdayOf(anchor) + 6) % 7)) : anchor;
  const days = filters.view === "week" ? 7 : 1;
  const last = addDays(first, days);
  const rows = await selectSessions(
    deps.db,
    and(
      gte(counsellingSessions.startsAt, new Date(istMidnight(first))),
      lt(counsellingSessions.startsAt, new Date(istMidnight(last))),
      whose === "all" ? undefined : eq(counsellingSessions.staffId, whose),
    ),
  );
  const sessions = rows.map((r) => present(r, now));
  return {
    view: filters.view,
    whose,
    people: people.map((p) => ({ staffId: p.staffId, fullName: p.fullName })),
    first,
    previous: addDays(first, -days),
    next: addDays(first, days),
    days: Array.from({ length: days }, (_, i) => {
      const day = addDays(first, i);
      return { day, weekday: weekdayNames[weekdayOf(day)], sessions: sessions.filter((s) => istDayOf(s.startsAt) === day) };
    }),
  };
}

/** One session the member may see. */
async function visibleSession(deps: StaffDeps, member: StaffMember, id: number): Promise<ConsoleSession> {
  const [row] = await selectSessions(deps.db, and(eq(counsellingSessions.id, id)));
  if (!row || !sessionVisibleTo(member, row)) throw new AppError("not_found", sessionMessages.noSuchSession);
  return present(row, nowOf(deps));
}

/**
 * After a session: whether the student came, and what was done, as a note on the student's timeline.
 * Recording again corrects it (the audit log keeps both).
 */
export async function recordOutcome(deps: StaffDeps, member: StaffMember, id: number, raw: unknown): Promise<ConsoleSession> {
  const session = await visibleSession(deps, member, id);
  if (!canWorkSession(member, session)) throw notAllowed();
  const input = parseInput(outcomeSchema, raw);
  if (session.cancelled) throw new AppError("conflict", sessionMessages.alreadyCancelled);
  if (!session.recordable) throw new AppError("conflict", sessionMessages.notYetOver);
  const now = nowOf(deps);
  const outcome = input.outcome as SessionOutcome;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(counsellingSessions)
      .set({ outcome, outcomeNote: input.note, outcomeAt: now })
      .where(eq(counsellingSessions.id, id));
    if (session.studentId !== null) {
      await addStudentNote(tx, {
        studentId: session.studentId,
        authorStaffId: member.staffId,
        body: `${session.kindLabel}, ${indianWhen(session.startsAt)} IST (${sessionOutcomeLabels[outcome]}): ${input.note}`,
        createdAt: now,
      });
    }
    await recordAudit(tx, member, {
      action: "session.outcome_recorded",
      subjectType: "session",
      subjectId: id,
      studentId: session.studentId,
      before: session.outcome ? { outcome: session.outcome } : null,
      after: { outcome, kind: session.kind, startsAt: session.startsAt.toISOString() },
    });
  });
  return visibleSession(deps, member, id);
}

/** A session's own meeting link (blank: the counsellor's link again); the attendee gets the updated invitation. */
export async function setSessionLink(deps: StaffDeps, member: StaffMember, id: number, raw: unknown): Promise<ConsoleSession> {
  const session = await visibleSession(deps, member, id);
  if (!canWorkSession(member, session)) throw notAllowed();
  const { meetingLink } = parseInput(meetingLinkSchema, raw);
  if (session.cancelled) throw new AppError("conflict", sessionMessages.alreadyCancelled);
  if (session.endsAt <= nowOf(deps)) throw new AppError("conflict", sessionMessages.isOver);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(counsellingSessions)
      .set({ meetingLink: meetingLink ?? null, sequence: sql`${counsellingSessions.sequence} + 1` })
      .where(and(eq(counsellingSessions.id, id), isNull(counsellingSessions.cancelledAt)));
    await recordAudit(tx, member, {
      action: "session.link_changed",
      subjectType: "session",
      subjectId: id,
      studentId: session.studentId,
      after: { meetingLink: meetingLink ?? null },
    });
  });
  return visibleSession(deps, member, id);
}

/** No-shows and attended sessions between two instants, for the reports (one member's, or everyone's). */
export async function counsellingOutcomeCounts(db: Database, from: Date, to: Date, staffIds?: number[]) {
  const rows = await db
    .select({ outcome: counsellingSessions.outcome, count: sql<number>`count(*)::int` })
    .from(counsellingSessions)
    .where(
      and(
        gte(counsellingSessions.startsAt, from),
        lt(counsellingSessions.startsAt, to),
        isNull(counsellingSessions.cancelledAt),
        staffIds ? inArray(counsellingSessions.staffId, staffIds) : undefined,
      ),
    )
    .groupBy(counsellingSessions.outcome);
  const count = (o: SessionOutcome | null) => rows.find((r) => r.outcome === o)?.count ?? 0;
  return { attended: count("attended"), noShows: count("no_show"), unrecorded: count(null) };
}

/**
 * Sessions still to come whose latest change the mail server refused (decision 0048): a counsellor's
 * own, or everyone's for those who see all calendars. The console's home counts them.
 */
export async function unsentInvitations(deps: StaffDeps, member: StaffMember): Promise<number> {
  if (!canKeepCalendar(member) && !canSeeAllCalendars(member)) return 0;
  const [row] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(counsellingSessions)
    .where(
      and(
        lt(counsellingSessions.mailedSequence, counsellingSessions.sequence),
        gt(counsellingSessions.mailAttempts, 0),
        gt(counsellingSessions.endsAt, nowOf(deps)),
        canSeeAllCalendars(member) ? undefined : eq(counsellingSessions.staffId, member.staffId),
      ),
    );
  return row?.count ?? 0;
}
