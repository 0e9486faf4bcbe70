import { type AnyColumn, and, asc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../platform/db/client.ts";
import { indianWallClock, indianYear } from "../vocabulary/india-time.ts";
import { courseIntakes } from "./catalogue/tables.ts";

/**
 * A course's intakes (decision 0019): when it starts taking students, and the last day to apply. Shared
 * by the public course page (modules/catalogue) and the console (modules/staff): an intake is upcoming
 * until its month is over in India, and only upcoming ones are shown to visitors or offered to counsellors.
 */
export interface Intake {
  id: number;
  courseId: number;
  /** 1..12 */
  month: number;
  year: number;
  /** YYYY-MM-DD, or null when the university gave none. */
  deadline: string | null;
}

/** Months since year 0: September 2027 is 2027 * 12 + 8. */
export const monthNumber = (year: number, month: number) => year * 12 + month - 1;

/** This month in India (the business's time zone), as a month number. */
export function currentMonthNumber(now: Date): number {
  const india = indianWallClock(now);
  return monthNumber(india.getUTCFullYear(), india.getUTCMonth() + 1);
}

/** This year in India. */
export const currentYear = (now: Date) => indianYear(now);

export const isUpcoming = (intake: { month: number; year: number }, now: Date) =>
  monthNumber(intake.year, intake.month) >= currentMonthNumber(now);

const intakeColumns = {
  id: courseIntakes.id,
  courseId: courseIntakes.courseId,
  month: courseIntakes.month,
  year: courseIntakes.year,
  deadline: courseIntakes.deadline,
};

/** The upcoming intakes of each course, earliest first; a course without any is absent from the map. */
export async function upcomingIntakes(db: Database, courseIds: readonly number[], now: Date): Promise<Map<number, Intake[]>> {
  const byCourse = new Map<number, Intake[]>();
  if (courseIds.length === 0) return byCourse;
  const rows = await db
    .select(intakeColumns)
    .from(courseIntakes)
    .where(
      and(
        inArray(courseIntakes.courseId, [...new Set(courseIds)]),
        gte(sql`${courseIntakes.year} * 12 + ${courseIntakes.month} - 1`, currentMonthNumber(now)),
      ),
    )
    .orderBy(asc(courseIntakes.courseId), asc(courseIntakes.year), asc(courseIntakes.month));
  for (const row of rows) byCourse.set(row.courseId, [...(byCourse.get(row.courseId) ?? []), row]);
  return byCourse;
}

/** Every intake of one course, past ones too (the console), earliest first. */
export const allIntakes = (db: Database, courseId: number): Promise<Intake[]> =>
  db
    .select(intakeColumns)
    .from(courseIntakes)
    .where(eq(courseIntakes.courseId, courseId))
    .orderBy(asc(courseIntakes.year), asc(courseIntakes.month));

/**
 * The deadline (YYYY-MM-DD, or null) of the intake an application names by its course, month and year,
 * as SQL: the application keeps no copy of it, so a deadline staff correct is the one every reader sees
 * (decision 0059).
 */
export const intakeDeadlineSql = (courseId: AnyColumn, month: AnyColumn, year: AnyColumn): SQL<string | null> =>
  sql<
    string | null
  >`(select ${courseIntakes.deadline} from ${courseIntakes} where ${courseIntakes.courseId} = ${courseId} and ${courseIntakes.month} = ${month} and ${courseIntakes.year} = ${year})`;

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * An intake staff changed (decision 0085): its deadline moved (`deadlineNow` is the new one, or null when
 * they cleared it), or the intake removed (`removed`). `deadline` is what it was before.
 */
export interface IntakeChange {
  courseId: number;
  month: number;
  year: number;
  deadline: string | null;
  removed: boolean;
  deadlineNow: string | null;
}

/**
 * What else happens, in the change's own transaction, when staff change intakes (the console's move or
 * remove of one, a CSV import's of all it changed, told at once): the applications module tells the
 * counsellors of open applications naming them, once for the whole change (decisions 0085, 0106).
 */
export type IntakeChangedHook = (tx: Tx, changes: readonly IntakeChange[]) => Promise<void>;
