import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import {
  CHANGE_CUT_OFF_HOURS,
  NEXT_SLOTS_NAMED,
  type SessionKind,
  type SessionOutcome,
  sessionKinds,
  sessionMessages,
} from "../../vocabulary/counselling.ts";
import { nowOf } from "../deps.ts";
import { AppError } from "../errors.ts";
import { staff } from "../staff/tables.ts";
import { students } from "../students/tables.ts";
import { parseInput } from "../validation.ts";
import {
  bookableStaff,
  holdSession,
  isBookable,
  isOverlap,
  moveHold,
  releaseHold,
  slotsAmong,
  slotsOf,
  startIsOffered,
} from "./calendar.ts";
import { bookSessionSchema, moveSessionSchema } from "./input.ts";
import { indianWhen, remindersAtBooking } from "./mail.ts";
import { counsellingSessions, staffCalendarSettings } from "./tables.ts";

const HOUR_MS = 3_600_000;

/** A session as its student reads it. */
export interface StudentSession {
  id: number;
  kind: SessionKind;
  startsAt: Date;
  endsAt: Date;
  counsellor: string;
  meetingLink: string | null;
  cancelled: boolean;
  outcome: SessionOutcome | null;
  /** Still more than the cut-off away: the student may move or cancel it. */
  changeable: boolean;
  /** The mail of its latest change could not be sent: the student downloads the invitation instead. */
  invitationUnsent: boolean;
}

/** Free times nearby, as a refusal names them: "Tue, 25 Nov 2026, 10:30; ...". */
const namedTimes = (slots: (Date | number)[]) =>
  slots
    .slice(0, NEXT_SLOTS_NAMED)
    .map((at) => indianWhen(new Date(at)))
    .join("; ");

/** The loser of a race (or a stale list) learns the next free times of the same counsellor(s), from the time they wanted. */
async function takenError(db: Database, staffIds: number[], kind: SessionKind, now: Date, wanted?: Date): Promise<AppError> {
  const all = [...(await slotsAmong(db, staffIds, kind, now)).keys()];
  const after = all.filter((at) => at > (wanted?.getTime() ?? 0));
  const free = after.length ? after : all;
  return new AppError("conflict", free.length ? sessionMessages.slotTaken(namedTimes(free)) : sessionMessages.slotTakenNoneLeft, {
    slot: sessionMessages.chooseSlot,
  });
}

/** The insert of a session and its hold, inside the caller's transaction (the hold is refused on overlap). */
export async function insertSession(
  tx: Database,
  values: {
    staffId: number;
    studentId?: number | null;
    leadId?: number | null;
    kind: SessionKind;
    startsAt: Date;
    bookedBy: "visitor" | "student" | "staff";
    now: Date;
  },
) {
  const endsAt = new Date(values.startsAt.getTime() + sessionKinds[values.kind].minutes * 60_000);
  const [session] = await tx
    .insert(counsellingSessions)
    .values({
      uid: `${randomUUID()}@ignite-sessions`,
      staffId: values.staffId,
      studentId: values.studentId ?? null,
      leadId: values.leadId ?? null,
      kind: values.kind,
      startsAt: values.startsAt,
      endsAt,
      bookedBy: values.bookedBy,
      createdAt: values.now,
      ...remindersAtBooking(values.startsAt, values.now),
    })
    .returning();
  if (!session) throw new Error("insert returned no row");
  await holdSession(tx, session);
  return session;
}

/** The student's counsellor, if they have one who may hold sessions; else a clear refusal. */
async function counsellorOf(db: Database, studentId: number): Promise<number> {
  const [student] = await db
    .select({ counsellorStaffId: students.counsellorStaffId })
    .from(students)
    .where(eq(students.id, studentId));
  if (!student?.counsellorStaffId) throw new AppError("conflict", sessionMessages.noCounsellor);
  if (!(await isBookable(db, student.counsellorStaffId))) throw new AppError("conflict", sessionMessages.counsellorGone);
  return student.counsellorStaffId;
}

/** What the profile shows: the counsellor (if any) and whether they can be booked. */
export async function studentCounsellor(db: Database, studentId: number) {
  const [row] = await db
    .select({ staffId: staff.id, fullName: staff.fullName })
    .from(students)
    .innerJoin(staff, eq(staff.id, students.counsellorStaffId))
    .where(eq(students.id, studentId));
  if (!row) return null;
  return { ...row, bookable: await isBookable(db, row.staffId) };
}

/** The free times of the student's counsellor for a kind of session (none without a bookable counsellor). */
export async function studentSlots(
  deps: { db: Database; now?: () => Date },
  studentId: number,
  kind: SessionKind,
  ignoreSessionId?: number,
) {
  const counsellor = await studentCounsellor(deps.db, studentId);
  if (!counsellor?.bookable) return [];
  return slotsOf(deps.db, counsellor.staffId, kind, nowOf(deps), ignoreSessionId);
}

/** The student's sessions, the coming ones first, then the past and cancelled ones (newest first). */
export async function studentSessions(deps: { db: Database; now?: () => Date }, studentId: number): Promise<StudentSession[]> {
  const now = nowOf(deps);
  const rows = await deps.db
    .select({
      id: counsellingSessions.id,
      kind: counsellingSessions.kind,
      startsAt: counsellingSessions.startsAt,
      endsAt: counsellingSessions.endsAt,
      counsellor: staff.fullName,
      ownLink: counsellingSessions.meetingLink,
      staffLink: staffCalendarSettings.meetingLink,
      cancelledAt: counsellingSessions.cancelledAt,
      outcome: counsellingSessions.outcome,
      sequence: counsellingSessions.sequence,
      mailedSequence: counsellingSessions.mailedSequence,
      mailAttempts: counsellingSessions.mailAttempts,
    })
    .from(counsellingSessions)
    .innerJoin(staff, eq(staff.id, counsellingSessions.staffId))
    .leftJoin(staffCalendarSettings, eq(staffCalendarSettings.staffId, counsellingSessions.staffId))
    .where(eq(counsellingSessions.studentId, studentId))
    .orderBy(desc(counsellingSessions.startsAt))
    .limit(100);
  const sessions = rows.map((r) => ({
    id: r.id,
    kind: r.kind as SessionKind,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    counsellor: r.counsellor,
    meetingLink: r.ownLink ?? r.staffLink ?? null,
    cancelled: r.cancelledAt !== null,
    outcome: r.outcome,
    changeable: r.cancelledAt === null && r.startsAt.getTime() - now.getTime() >= CHANGE_CUT_OFF_HOURS * HOUR_MS,
    // Its latest change was tried and the mail server did not take it (decision 0048).
    invitationUnsent: r.mailedSequence < r.sequence && r.mailAttempts > 0,
  }));
  const coming = sessions.filter((s) => !s.cancelled && s.endsAt > now).reverse();
  return [...coming, ...sessions.filter((s) => !coming.includes(s))];
}

/** A signed-in student books a session with their own counsellor at a free time. */
export async function bookStudentSession(deps: { db: Database; now?: () => Date }, studentId: number, raw: unknown) {
  const input = parseInput(bookSessionSchema, raw, sessionMessages.chooseSlot);
  const kind = input.kind as SessionKind;
  const now = nowOf(deps);
  const staffId = await counsellorOf(deps.db, studentId);
  if (!(await startIsOffered(deps.db, staffId, kind, input.slot, now))) {
    throw new AppError("invalid_input", sessionMessages.slotNotOffered, { slot: sessionMessages.slotNotOffered });
  }
  try {
    return await deps.db.transaction((tx) =>
      insertSession(tx as Database, { staffId, studentId, kind, startsAt: input.slot, bookedBy: "student", now }),
    );
  } catch (error) {
    if (isOverlap(error)) throw await takenError(deps.db, [staffId], kind, now, input.slot);
    throw error;
  }
}

/** One of the student's own sessions that is still booked and more than the cut-off away. */
async function changeableSession(db: Database, studentId: number, id: number, now: Date) {
  const [session] = await db
    .select()
    .from(counsellingSessions)
    .where(and(eq(counsellingSessions.id, id), eq(counsellingSessions.studentId, studentId)));
  if (!session) throw new AppError("not_found", sessionMessages.noSuchSession);
  if (session.cancelledAt) throw new AppError("conflict", sessionMessages.alreadyCancelled);
  if (session.startsAt.getTime() - now.getTime() < CHANGE_CUT_OFF_HOURS * HOUR_MS)
    throw new AppError("conflict", sessionMessages.tooLate);
  return session;
}

/** Moves the student's session to another free time of the same counsellor (the same invitation, its SEQUENCE raised). */
export async function moveStudentSession(deps: { db: Database; now?: () => Date }, studentId: number, id: number, raw: unknown) {
  const input = parseInput(moveSessionSchema, raw, sessionMessages.chooseSlot);
  const now = nowOf(deps);
  const session = await changeableSession(deps.db, studentId, id, now);
  const kind = session.kind as SessionKind;
  if (!(await isBookable(deps.db, session.staffId))) throw new AppError("conflict", sessionMessages.counsellorGone);
  if (!(await startIsOffered(deps.db, session.staffId, kind, input.slot, now))) {
    throw new AppError("invalid_input", sessionMessages.slotNotOffered, { slot: sessionMessages.slotNotOffered });
  }
  const endsAt = new Date(input.slot.getTime() + sessionKinds[kind].minutes * 60_000);
  try {
    return await deps.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(counsellingSessions)
        .set({
          startsAt: input.slot,
          endsAt,
          sequence: sql`${counsellingSessions.sequence} + 1`,
          ...remindersAtBooking(input.slot, now),
        })
        .where(and(eq(counsellingSessions.id, id), isNull(counsellingSessions.cancelledAt)))
        .returning();
      if (!moved) throw new AppError("conflict", sessionMessages.alreadyCancelled);
      await moveHold(tx as Database, id, input.slot, endsAt);
      return moved;
    });
  } catch (error) {
    if (isOverlap(error)) throw await takenError(deps.db, [session.staffId], kind, now, input.slot);
    throw error;
  }
}

/** Cancels the student's session (up to the cut-off): its time is free again, and the cancellation is mailed. */
export async function cancelStudentSession(deps: { db: Database; now?: () => Date }, studentId: number, id: number) {
  const now = nowOf(deps);
  await changeableSession(deps.db, studentId, id, now);
  return deps.db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(counsellingSessions)
      .set({ cancelledAt: now, sequence: sql`${counsellingSessions.sequence} + 1` })
      .where(and(eq(counsellingSessions.id, id), isNull(counsellingSessions.cancelledAt)))
      .returning();
    if (!cancelled) throw new AppError("conflict", sessionMessages.alreadyCancelled);
    await releaseHold(tx as Database, id);
    return cancelled;
  });
}

/** The counsellors free for a consultation call at `at` (visitors book among all counsellors). */
export async function counsellorsFreeAt(db: Database, at: Date, now: Date): Promise<number[]> {
  const counsellors = await bookableStaff(db, ["counsellor"]);
  const slots = await slotsAmong(
    db,
    counsellors.map((c) => c.staffId),
    "consultation-call",
    now,
  );
  return slots.get(at.getTime()) ?? [];
}

/** The free consultation's slots among all counsellors: each start once (whoever is free then takes it). */
export async function consultationSlots(deps: { db: Database; now?: () => Date }): Promise<Date[]> {
  const counsellors = await bookableStaff(deps.db, ["counsellor"]);
  const slots = await slotsAmong(
    deps.db,
    counsellors.map((c) => c.staffId),
    "consultation-call",
    nowOf(deps),
  );
  return [...slots.keys()].map((at) => new Date(at));
}

/**
 * A visitor's consultation call, inside the booking's transaction: the lead is already given to a
 * counsellor free at that time. The hold is refused if someone else took it meanwhile.
 */
export async function placeConsultationCall(
  tx: Database,
  values: { staffId: number; leadId: number; startsAt: Date; now: Date },
) {
  return insertSession(tx, { ...values, kind: "consultation-call", bookedBy: "visitor" });
}

/** The refusal a visitor gets when their slot went to someone else (names the next free times). */
export async function consultationSlotTaken(db: Database, now: Date, wanted?: Date): Promise<AppError> {
  const counsellors = await bookableStaff(db, ["counsellor"]);
  return takenError(
    db,
    counsellors.map((c) => c.staffId),
    "consultation-call",
    now,
    wanted,
  );
}
