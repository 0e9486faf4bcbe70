import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { INTAKE_YEARS_AHEAD } from "../../vocabulary/applications.ts";
import { intakeLabel, catalogueAdminMessages as m } from "../../vocabulary/catalogue.ts";
import { catalogueImportMessages as im } from "../../vocabulary/catalogue-import.ts";
import { recordAudit } from "../audit-log.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { blankToUndefined, calendarDay, wholeNumber } from "../fields.ts";
import { allIntakes, currentYear, type Intake, isUpcoming } from "../intakes.ts";
import { authorize, canManageCatalogue, type StaffMember } from "../policies.ts";
import { parseInput } from "../validation.ts";
import { courseIntakes, courses } from "./tables.ts";

/**
 * A course's intakes (decision 0019): when it starts taking students (month and year) and, if the
 * university says, the last day to apply. Admins add and remove them on the course's screen; visitors see
 * the upcoming ones on the course page; counsellors choose among them when they create an application.
 */

export interface ConsoleIntake extends Intake {
  /** "September 2027 (apply by 30 June 2027)" */
  label: string;
  /** Its month is over: no longer shown to visitors nor offered for applications. */
  past: boolean;
}

export const intakeInput = (now: Date) =>
  z.object({
    month: wholeNumber(m.chooseMonth, 1, 12),
    year: wholeNumber(m.chooseYear, currentYear(now), currentYear(now) + INTAKE_YEARS_AHEAD),
    deadline: z.preprocess(blankToUndefined, calendarDay(m.deadline).optional()),
  });

/** The last day of a month, as YYYY-MM-DD. */
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

/** Every intake of a course, past ones marked, earliest first. */
export async function catalogueCourseIntakes(deps: StaffDeps, member: StaffMember, courseId: number): Promise<ConsoleIntake[]> {
  authorize(canManageCatalogue, member);
  const now = nowOf(deps);
  return (await allIntakes(deps.db, courseId)).map((intake) => ({
    ...intake,
    label: intakeLabel(intake),
    past: !isUpcoming(intake, now),
  }));
}

/** Adds an intake that has not yet begun; a second one in the same month is refused (409). Audited. */
export async function addIntake(deps: StaffDeps, member: StaffMember, courseId: number, raw: unknown): Promise<ConsoleIntake> {
  authorize(canManageCatalogue, member);
  const now = nowOf(deps);
  const input = parseInput(intakeInput(now), raw);
  if (!isUpcoming(input, now)) throw new AppError("invalid_input", m.pastIntake, { month: m.pastIntake });
  if (input.deadline && input.deadline > lastDayOf(input.year, input.month))
    throw new AppError("invalid_input", m.deadlineAfterStart, { deadline: m.deadlineAfterStart });
  const values = { courseId, month: input.month, year: input.year, deadline: input.deadline ?? null };
  const created = await deps.db.transaction(async (tx) => {
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for("update");
    if (!course) throw new AppError("not_found", "No such course.");
    const [same] = await tx
      .select({ id: courseIntakes.id })
      .from(courseIntakes)
      .where(and(eq(courseIntakes.courseId, courseId), eq(courseIntakes.year, input.year), eq(courseIntakes.month, input.month)));
    if (same) {
      const message = m.intakeExists(intakeLabel({ month: input.month, year: input.year }));
      throw new AppError("conflict", message, { month: message });
    }
    const [row] = await tx.insert(courseIntakes).values(values).returning({ id: courseIntakes.id });
    if (!row) throw new Error("insert returned no row");
    await recordAudit(tx, member, {
      action: "course.intake_added",
      subjectType: "course",
      subjectId: courseId,
      after: { intake: intakeLabel(values), month: values.month, year: values.year, deadline: values.deadline },
    });
    return { id: row.id, ...values };
  });
  return { ...created, label: intakeLabel(created), past: false };
}

/** A new application deadline for an intake the course has; blank clears it (the university gave none). */
export const intakeDeadlineInput = z.object({
  deadline: z.preprocess(blankToUndefined, calendarDay(m.deadline).optional()),
});

/**
 * Moves an intake's application deadline in place (decision 0088), for a university that changes its date:
 * the intake keeps its id, month and year, so the applications made for it still name it. Each open
 * application that names it keeps the deadline it was applied with; their counsellors are told through
 * `deps.intakeChanged` in the same transaction, so once (decision 0085). The same rule as adding one: the
 * deadline is at the latest the end of the intake's month. Unchanged, nothing is written or told. Audited.
 */
export async function moveIntakeDeadline(
  deps: StaffDeps,
  member: StaffMember,
  courseId: number,
  intakeId: number,
  raw: unknown,
): Promise<{ intake: ConsoleIntake; moved: boolean }> {
  authorize(canManageCatalogue, member);
  const { deadline = null } = parseInput(intakeDeadlineInput, raw);
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const [intake] = await tx
      .select({ id: courseIntakes.id, month: courseIntakes.month, year: courseIntakes.year, deadline: courseIntakes.deadline })
      .from(courseIntakes)
      .where(and(eq(courseIntakes.id, intakeId), eq(courseIntakes.courseId, courseId)))
      .for("update");
    if (!intake) throw new AppError("not_found", m.noSuchIntake);
    if (deadline && deadline > lastDayOf(intake.year, intake.month))
      throw new AppError("invalid_input", m.deadlineAfterStart, { deadline: m.deadlineAfterStart });
    const shown = (d: string | null) => ({
      ...intake,
      courseId,
      deadline: d,
      label: intakeLabel({ ...intake, deadline: d }),
      past: !isUpcoming(intake, now),
    });
    if (intake.deadline === deadline) return { intake: shown(deadline), moved: false };
    await tx.update(courseIntakes).set({ deadline }).where(eq(courseIntakes.id, intakeId));
    await recordAudit(tx, member, {
      action: "course.intake_deadline_moved",
      subjectType: "course",
      subjectId: courseId,
      before: { intake: intakeLabel(intake), deadline: intake.deadline },
      after: { intake: intakeLabel({ ...intake, deadline }), deadline },
    });
    await deps.intakeChanged?.(tx, [
      {
        courseId,
        month: intake.month,
        year: intake.year,
        deadline: intake.deadline,
        removed: false,
        deadlineNow: deadline,
      },
    ]);
    return { intake: shown(deadline), moved: true };
  });
}

/**
 * Removes one of a course's intakes (applications already made for it keep their month and year and the
 * deadline they were opened with; their counsellors are told through `deps.intakeChanged`, in the same
 * transaction, so once: decision 0085). Audited.
 */
export async function removeIntake(deps: StaffDeps, member: StaffMember, courseId: number, intakeId: number): Promise<string> {
  authorize(canManageCatalogue, member);
  const label = await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(courseIntakes)
      .where(and(eq(courseIntakes.id, intakeId), eq(courseIntakes.courseId, courseId)))
      .returning({ month: courseIntakes.month, year: courseIntakes.year, deadline: courseIntakes.deadline });
    if (!removed) throw new AppError("not_found", m.noSuchIntake);
    await recordAudit(tx, member, {
      action: "course.intake_removed",
      subjectType: "course",
      subjectId: courseId,
      before: { intake: intakeLabel(removed), month: removed.month, year: removed.year, deadline: removed.deadline },
    });
    await deps.intakeChanged?.(tx, [{ courseId, ...removed, removed: true, deadlineNow: null }]);
    return intakeLabel({ month: removed.month, year: removed.year });
  });
  return m.intakeRemoved(label);
}

// ---------------------------------------------------------------------------------------------------
// The intakes column of the catalogue's CSV file (decisions 0020, 0085)

/** An intake as a course's CSV row lists it. */
export interface IntakeCell {
  month: number;
  year: number;
  deadline: string | null;
}

const pad = (n: number) => String(n).padStart(2, "0");
const byStart = (a: IntakeCell, b: IntakeCell) => a.year - b.year || a.month - b.month;

/** "2027-09 by 2027-06-30; 2028-01": a course's intakes, earliest first, as the CSV file holds them. */
export const intakesCell = (intakes: readonly IntakeCell[]): string =>
  [...intakes]
    .sort(byStart)
    .map((i) => `${i.year}-${pad(i.month)}${i.deadline ? ` by ${i.deadline}` : ""}`)
    .join("; ");

const entryShape = /^(\d{4})-(\d{1,2})(?:\s+by\s+(\d{4}-\d{2}-\d{2}))?$/i;
const isCalendarDay = (day: string) => {
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
};

/**
 * A course row's intakes cell read against the course's intakes now: each entry `YYYY-MM` or `YYYY-MM by
 * YYYY-MM-DD`, separated by semicolons, blank for none. The same rules as the course screen's (addIntake):
 * a deadline after the end of its intake's month is refused, and so is a new intake whose month has
 * begun or that is more than INTAKE_YEARS_AHEAD years ahead; an intake the course already has may stay
 * as it is (the export lists past ones too, so a file exported and imported again changes nothing).
 * Returns the intakes, or the faults (each begins "intakes:").
 */
export function readIntakesCell(
  cell: string,
  existing: readonly IntakeCell[],
  now: Date,
): { intakes: IntakeCell[]; faults: string[] } {
  const intakes: IntakeCell[] = [];
  const faults: string[] = [];
  const entries = cell
    .split(/[;\n]/)
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const match = entryShape.exec(entry);
    const month = Number(match?.[2]);
    if (!match || month < 1 || month > 12 || (match[3] && !isCalendarDay(match[3]))) {
      faults.push(im.intakeShape(entry));
      continue;
    }
    const intake = { month, year: Number(match[1]), deadline: match[3] ?? null };
    const label = intakeLabel({ month: intake.month, year: intake.year });
    if (intakes.some((i) => i.month === intake.month && i.year === intake.year)) {
      faults.push(im.intakeTwice(label));
      continue;
    }
    if (intake.deadline && intake.deadline > lastDayOf(intake.year, intake.month))
      faults.push(im.intakeDeadlineAfterStart(label, intake.deadline));
    const known = existing.some((i) => i.month === intake.month && i.year === intake.year);
    if (!known && !isUpcoming(intake, now)) faults.push(im.intakePast(label));
    else if (!known && intake.year > currentYear(now) + INTAKE_YEARS_AHEAD)
      faults.push(im.intakeTooFar(label, INTAKE_YEARS_AHEAD));
    intakes.push(intake);
  }
  return { intakes: intakes.sort(byStart), faults };
}
