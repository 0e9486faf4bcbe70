import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { applicationMessages } from "../../vocabulary/applications.ts";
import { type DepartureKind, departureMessages, departureOpen } from "../../vocabulary/departure.ts";
import { type ApplicationSubject, applicationSubject, studentApplicationRows } from "../applications/applications.ts";
import { recordAudit } from "../audit-log.ts";
import { nowOf } from "../deps.ts";
import { AppError } from "../errors.ts";
import type { StaffMember } from "../policies.ts";
import { studentForStaff } from "../student-access.ts";
import { checklistFor, type DepartureItemDefinition } from "./reference.ts";
import { departureTicks } from "./tables.ts";

/**
 * The departure checklist (decision 0083): once an application's visa is granted, its destination's
 * steps (reference data, ./reference.ts), each dated from the course's first day (the intake month's
 * first day, as the visa plan dates its steps), which the student ticks; the counsellor reads the same
 * state (audited), and the open steps join the student's Deadlines.
 */

export interface DepartureDeps {
  db: Database;
  now?: () => Date;
}

export interface DepartureItem {
  key: string;
  kind: DepartureKind;
  title: { en: string; hi: string };
  detail: { en: string; hi: string };
  daysFromStart: number;
  /** YYYY-MM-DD, or null when the application has no intake month and year. */
  day: string | null;
  source: DepartureItemDefinition["source"];
  done: boolean;
  doneAt: Date | null;
}

export interface DepartureChecklist {
  application: { id: number; studentId: number; course: string; university: string; country: string; status: string };
  /** The course's first day (YYYY-MM-DD), or null without an intake. */
  courseStart: string | null;
  /** False when we hold no checklist for the destination (the page says so plainly). */
  hasData: boolean;
  items: DepartureItem[];
}

type Place = Pick<
  ApplicationSubject,
  "id" | "studentId" | "status" | "course" | "university" | "country" | "intakeMonth" | "intakeYear"
>;

/** The intake month's first day: the course's start as the portal knows it (decision 0083). */
export const courseStartOf = (intakeMonth: number | null, intakeYear: number | null): string | null =>
  intakeMonth && intakeYear ? `${intakeYear}-${String(intakeMonth).padStart(2, "0")}-01` : null;

/** `start` moved by `days` (YYYY-MM-DD, whole calendar days). */
export function dayFrom(start: string, days: number): string {
  const at = new Date(`${start}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

async function ticksOf(db: Pick<Database, "select">, applicationIds: readonly number[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select()
    .from(departureTicks)
    .where(inArray(departureTicks.applicationId, [...applicationIds]))
    .orderBy(asc(departureTicks.tickedAt));
}

function build(place: Place, ticks: readonly (typeof departureTicks.$inferSelect)[]): DepartureChecklist {
  const definition = checklistFor(place.country);
  const courseStart = courseStartOf(place.intakeMonth, place.intakeYear);
  const items = (definition?.items ?? [])
    .map((item) => {
      const tick = ticks.find((t) => t.applicationId === place.id && t.item === item.key);
      return {
        key: item.key,
        kind: item.kind,
        title: item.title,
        detail: item.detail,
        daysFromStart: item.daysFromStart,
        day: courseStart ? dayFrom(courseStart, item.daysFromStart) : null,
        source: item.source,
        done: Boolean(tick),
        doneAt: tick?.tickedAt ?? null,
      };
    })
    .sort((a, b) => a.daysFromStart - b.daysFromStart);
  return {
    application: {
      id: place.id,
      studentId: place.studentId,
      course: place.course,
      university: place.university,
      country: place.country,
      status: place.status,
    },
    courseStart,
    hasData: definition !== null,
    items,
  };
}

/** The student's own application, open for departure; anyone else's is a 404, one before the visa a 409. */
async function ownOpenPlace(db: Database, studentId: number, applicationId: number): Promise<Place> {
  const place = await applicationSubject(db, applicationId);
  if (!place || place.studentId !== studentId) throw new AppError("not_found", applicationMessages.noSuchApplication);
  if (!departureOpen(place.status)) throw new AppError("conflict", departureMessages.notYet);
  return place;
}

/** The checklist on the student's application (decision 0083). */
export async function studentDeparture(
  deps: DepartureDeps,
  studentId: number,
  applicationId: number,
): Promise<DepartureChecklist> {
  const place = await ownOpenPlace(deps.db, studentId, applicationId);
  return build(place, await ticksOf(deps.db, [place.id]));
}

/** Ticks an item (or takes the tick off): once per item, so a double press is one tick. */
export async function tickDepartureItem(
  deps: DepartureDeps,
  studentId: number,
  applicationId: number,
  itemKey: string,
  done: boolean,
): Promise<DepartureChecklist> {
  const place = await ownOpenPlace(deps.db, studentId, applicationId);
  const definition = checklistFor(place.country);
  if (!definition?.items.some((item) => item.key === itemKey)) throw new AppError("not_found", departureMessages.noSuchItem);
  if (done) {
    await deps.db
      .insert(departureTicks)
      .values({ applicationId, studentId, item: itemKey, tickedAt: nowOf(deps) })
      .onConflictDoNothing();
  } else {
    await deps.db
      .delete(departureTicks)
      .where(and(eq(departureTicks.applicationId, applicationId), eq(departureTicks.item, itemKey)));
  }
  return build(place, await ticksOf(deps.db, [place.id]));
}

/**
 * The checklist as the counsellor reads it in the console: only for a student they may see (anyone else
 * gets a 404), and null before the visa is granted. Each read is in the audit log with the student's id.
 */
export async function consoleDeparture(
  deps: DepartureDeps,
  member: StaffMember,
  applicationId: number,
): Promise<DepartureChecklist | null> {
  const place = await applicationSubject(deps.db, applicationId);
  if (!place) throw new AppError("not_found", applicationMessages.noSuchApplication);
  await studentForStaff(deps.db, member, place.studentId);
  if (!departureOpen(place.status)) return null;
  const checklist = build(place, await ticksOf(deps.db, [place.id]));
  await recordAudit(deps.db, member, {
    action: "departure_checklist.viewed",
    subjectType: "application",
    subjectId: applicationId,
    studentId: place.studentId,
  });
  return checklist;
}

/** The open checklists of all the student's applications past the visa: for the Deadlines view. */
export async function departuresOfStudent(
  deps: DepartureDeps,
  studentId: number,
  /** The student's application rows when the caller has read them already (the Deadlines list, decision 0087). */
  read?: Awaited<ReturnType<typeof studentApplicationRows>>,
): Promise<DepartureChecklist[]> {
  const rows = (read ?? (await studentApplicationRows(deps.db, studentId, "oldest"))).filter((row) => departureOpen(row.status));
  const ticks = await ticksOf(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => build({ ...row, studentId }, ticks));
}

/** The ticks as the student's data export holds them (decision 0024): which item of which application, when. */
export async function departureTicksForExport(db: Pick<Database, "select">, studentId: number) {
  const rows = await db
    .select()
    .from(departureTicks)
    .where(eq(departureTicks.studentId, studentId))
    .orderBy(asc(departureTicks.tickedAt));
  return rows.map((row) => ({ applicationId: row.applicationId, item: row.item, tickedAt: row.tickedAt.toISOString() }));
}

export function createDepartureService(deps: DepartureDeps) {
  return {
    get: (studentId: number, applicationId: number) => studentDeparture(deps, studentId, applicationId),
    tick: (studentId: number, applicationId: number, itemKey: string, done: boolean) =>
      tickDepartureItem(deps, studentId, applicationId, itemKey, done),
    ofStudent: (studentId: number, read?: Awaited<ReturnType<typeof studentApplicationRows>>) =>
      departuresOfStudent(deps, studentId, read),
    forStaff: (member: StaffMember, applicationId: number) => consoleDeparture(deps, member, applicationId),
  };
}
export type DepartureService = ReturnType<typeof createDepartureService>;
