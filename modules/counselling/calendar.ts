import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import { type Database, hasSqlState, queryRows } from "../../platform/db/client.ts";
import {
  BOOKING_HORIZON_DAYS,
  CHANGE_CUT_OFF_HOURS,
  type SessionKind,
  SLOT_STEP_MINUTES,
  sessionKinds,
} from "../../vocabulary/counselling.ts";
import { staff } from "../staff/tables.ts";
import {
  type CalendarException,
  defaultWeek,
  freeSlots,
  type Held,
  isBookableStart,
  istDayOf,
  type SlotRules,
  type WeeklyHours,
} from "./availability.ts";
import { calendarHolds, staffCalendarExceptions, staffCalendarSettings } from "./tables.ts";

type Reader = Pick<Database, "select" | "execute">;

/** One staff member's calendar over a span: their week, the exceptions in it, and what is held. */
export interface StaffCalendar {
  staffId: number;
  week: WeeklyHours;
  exceptions: CalendarException[];
  held: (Held & { sessionId: number | null })[];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The rules a student's or a visitor's booking follows at `now`: at least the cut-off ahead, within the horizon. */
export const bookingRules = (kind: SessionKind, now: Date): SlotRules => ({
  minutes: sessionKinds[kind].minutes,
  stepMinutes: SLOT_STEP_MINUTES,
  notBefore: now.getTime() + CHANGE_CUT_OFF_HOURS * HOUR_MS,
  before: now.getTime() + BOOKING_HORIZON_DAYS * DAY_MS,
});

/** Who may hold sessions: counsellors and admins whose account is active (a disabled one is "deleted" for this). */
export async function bookableStaff(db: Reader, roles: ("counsellor" | "admin")[] = ["counsellor", "admin"]) {
  return db
    .select({ staffId: staff.id, fullName: staff.fullName, role: staff.role, email: staff.email })
    .from(staff)
    .where(and(isNull(staff.disabledAt), isNotNull(staff.passwordHash), inArray(staff.role, roles)))
    .orderBy(asc(staff.fullName), asc(staff.id));
}

/** Whether one staff member may hold sessions now. */
export async function isBookable(db: Reader, staffId: number): Promise<boolean> {
  const rows = await bookableStaff(db);
  return rows.some((r) => r.staffId === staffId);
}

/** The calendars of some staff between two instants; `ignoreSessionId`: a session being moved does not block itself. */
export async function calendarsOf(
  db: Reader,
  staffIds: number[],
  from: number,
  to: number,
  ignoreSessionId?: number,
): Promise<StaffCalendar[]> {
  if (staffIds.length === 0) return [];
  const [settings, exceptions, holds] = await Promise.all([
    db
      .select({ staffId: staffCalendarSettings.staffId, weeklyHours: staffCalendarSettings.weeklyHours })
      .from(staffCalendarSettings)
      .where(inArray(staffCalendarSettings.staffId, staffIds)),
    db
      .select()
      .from(staffCalendarExceptions)
      .where(
        and(
          inArray(staffCalendarExceptions.staffId, staffIds),
          gte(staffCalendarExceptions.day, istDayOf(from - DAY_MS)),
          lte(staffCalendarExceptions.day, istDayOf(to + DAY_MS)),
        ),
      ),
    queryRows<{ staff_id: number; from_ms: string; to_ms: string; session_id: number | null }>(
      db as Database,
      sql`select staff_id, (extract(epoch from lower(during)) * 1000)::bigint as from_ms,
                 (extract(epoch from upper(during)) * 1000)::bigint as to_ms, session_id
            from calendar_holds
           where staff_id in (${sql.join(
             staffIds.map((id) => sql`${id}`),
             sql`, `,
           )})
             and during && tstzrange(${new Date(from).toISOString()}::timestamptz, ${new Date(to).toISOString()}::timestamptz, '[)')`,
    ),
  ]);
  return staffIds.map((staffId) => ({
    staffId,
    week: settings.find((s) => s.staffId === staffId)?.weeklyHours ?? defaultWeek(),
    exceptions: exceptions
      .filter((e) => e.staffId === staffId)
      .map((e) => ({ day: e.day, hours: e.starts && e.ends ? { starts: e.starts, ends: e.ends } : null })),
    held: holds
      .filter((h) => h.staff_id === staffId && (ignoreSessionId === undefined || h.session_id !== ignoreSessionId))
      .map((h) => ({ from: Number(h.from_ms), to: Number(h.to_ms), sessionId: h.session_id })),
  }));
}

/** The free slots of one staff member for a kind of session, as bookings see them at `now`. */
export async function slotsOf(
  db: Reader,
  staffId: number,
  kind: SessionKind,
  now: Date,
  ignoreSessionId?: number,
): Promise<Date[]> {
  const rules = bookingRules(kind, now);
  const [calendar] = await calendarsOf(db, [staffId], rules.notBefore, rules.before, ignoreSessionId);
  if (!calendar) return [];
  return freeSlots(calendar.week, calendar.exceptions, calendar.held, rules).map((at) => new Date(at));
}

/** The free slots among several staff: each start once, with who is free then. */
export async function slotsAmong(db: Reader, staffIds: number[], kind: SessionKind, now: Date): Promise<Map<number, number[]>> {
  const rules = bookingRules(kind, now);
  const calendars = await calendarsOf(db, staffIds, rules.notBefore, rules.before);
  const byStart = new Map<number, number[]>();
  for (const calendar of calendars) {
    for (const at of freeSlots(calendar.week, calendar.exceptions, calendar.held, rules)) {
      byStart.set(at, [...(byStart.get(at) ?? []), calendar.staffId]);
    }
  }
  return new Map([...byStart.entries()].sort((a, b) => a[0] - b[0]));
}

/** Whether a session of `kind` may start at `at` with this staff member (hours, exceptions, notice, horizon). */
export async function startIsOffered(db: Reader, staffId: number, kind: SessionKind, at: Date, now: Date): Promise<boolean> {
  const rules = bookingRules(kind, now);
  const [calendar] = await calendarsOf(db, [staffId], at.getTime() - DAY_MS, at.getTime() + DAY_MS);
  return calendar ? isBookableStart(calendar.week, calendar.exceptions, at.getTime(), rules) : false;
}

/** A span as PostgreSQL's tstzrange `[from, to)`, for an insert or update of a hold. */
export const rangeOf = (from: Date | number, to: Date | number): SQL =>
  sql`tstzrange(${new Date(from).toISOString()}::timestamptz, ${new Date(to).toISOString()}::timestamptz, '[)')`;

/** Holds a session's time; the database refuses it (23P01) when it overlaps anything the staff member already holds. */
export async function holdSession(
  tx: Pick<Database, "insert">,
  session: { id: number; staffId: number; startsAt: Date; endsAt: Date },
) {
  await tx
    .insert(calendarHolds)
    .values({ staffId: session.staffId, sessionId: session.id, during: rangeOf(session.startsAt, session.endsAt) as never });
}

/** Moves a session's hold (refused by the database like a new one when the new time is taken). */
export async function moveHold(tx: Pick<Database, "update">, sessionId: number, startsAt: Date, endsAt: Date) {
  await tx
    .update(calendarHolds)
    .set({ during: rangeOf(startsAt, endsAt) as never })
    .where(eq(calendarHolds.sessionId, sessionId));
}

/** Frees a cancelled session's time. */
export async function releaseHold(tx: Pick<Database, "delete">, sessionId: number) {
  await tx.delete(calendarHolds).where(eq(calendarHolds.sessionId, sessionId));
}

/** Whether an error (or its cause) is the database refusing overlapping holds. */
export function isOverlap(error: unknown): boolean {
  return hasSqlState(error, "23P01");
}
