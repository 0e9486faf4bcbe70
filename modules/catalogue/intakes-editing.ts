import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { INTAKE_YEARS_AHEAD } from "../../vocabulary/applications.ts";
import { intakeLabel, catalogueAdminMessages as m } from "../../vocabulary/catalogue.ts";
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

type Tx = Parameters<Parameters<StaffDeps["db"]["transaction"]>[0]>[0];
/** What else happens, in the removal's transaction, when an intake goes: the applications module tells counsellors (console.ts). */
export type IntakeRemovedHook = (
  tx: Tx,
  intake: { courseId: number; month: number; year: number; deadline: string | null },
) => Promise<void>;

/**
 * Removes one of a course's intakes (applications already made for it keep their month and year; their
 * counsellors are told through `onRemoved`, in the same transaction, so once). Audited.
 */
export async function removeIntake(
  deps: StaffDeps,
  member: StaffMember,
  courseId: number,
  intakeId: number,
  onRemoved?: IntakeRemovedHook,
): Promise<string> {
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
    await onRemoved?.(tx, { courseId, ...removed });
    return intakeLabel({ month: removed.month, year: removed.year });
  });
  return m.intakeRemoved(label);
}
