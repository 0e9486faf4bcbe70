import { and, eq, sql } from "drizzle-orm";
import { type ApplicationStatus, monthNames } from "../../vocabulary/applications.ts";
import { countries, courseIntakes, courses, universities } from "../catalogue/tables.ts";
import type { StaffDeps } from "../deps.ts";
import { students } from "../students/tables.ts";
import { applicationEvents, applications } from "./tables.ts";

/** An application as the console lists it (the table and the board). */
export interface ApplicationRow {
  id: number;
  studentId: number;
  studentName: string;
  status: ApplicationStatus;
  country: string;
  courseId: number;
  course: string;
  university: string;
  /** "September 2027", or null when no intake was chosen. */
  intake: string | null;
  /** The intake's application deadline (YYYY-MM-DD) as the catalogue has it now, or null (decision 0059). */
  deadline: string | null;
  /** The intake's deadline when the application was opened (decision 0085), or null (none, or opened before it was kept). */
  appliedDeadline: string | null;
  /** When staff last moved that intake's deadline or removed the intake (decision 0085), or null. */
  intakeChangedAt: Date | null;
  /** The course still lists the intake applied for (false once staff removed it: the application keeps it). */
  intakeListed: boolean;
  details: Record<string, string>;
  stageEnteredAt: Date;
  createdAt: Date;
}

export interface ApplicationEvent {
  id: number;
  from: ApplicationStatus | null;
  to: ApplicationStatus;
  note: string | null;
  details: Record<string, string>;
  actor: string;
  at: Date;
  /** How long the application stayed in `to` (until the next move, or until now). */
  daysInStage: number;
}

export const intakeText = (month: number | null, year: number | null) =>
  month && year ? `${monthNames[month - 1]} ${year}` : null;

const rowColumns = {
  id: applications.id,
  studentId: applications.studentId,
  studentName: students.fullName,
  status: applications.status,
  country: countries.name,
  courseId: courses.id,
  course: courses.name,
  university: universities.name,
  intakeMonth: applications.intakeMonth,
  intakeYear: applications.intakeYear,
  // The intake named, joined once (`intakeNamed`): its deadline, and whether the course still lists it.
  deadline: courseIntakes.deadline,
  appliedDeadline: applications.appliedDeadline,
  intakeChangedAt: applications.intakeChangedAt,
  intakeListed: sql<boolean>`(${courseIntakes.id} is not null)`,
  details: applications.details,
  stageEnteredAt: applications.stageEnteredAt,
  createdAt: applications.createdAt,
  counsellorStaffId: students.counsellorStaffId,
};

type SelectedRow = { intakeMonth: number | null; intakeYear: number | null; counsellorStaffId: number | null } & Omit<
  ApplicationRow,
  "intake"
>;

export const toRow = ({ intakeMonth, intakeYear, counsellorStaffId: _, ...row }: SelectedRow): ApplicationRow => ({
  ...row,
  intake: intakeText(intakeMonth, intakeYear),
});

/**
 * The course's intake an application names (at most one: course, year and month are unique), joined rather
 * than looked up once per column and filter (decision 0087); none when the application names no intake or
 * staff removed it.
 */
export const intakeNamed = and(
  eq(courseIntakes.courseId, applications.courseId),
  eq(courseIntakes.year, applications.intakeYear),
  eq(courseIntakes.month, applications.intakeMonth),
);

export const selectApplications = (deps: StaffDeps, db: Pick<StaffDeps["db"], "select"> = deps.db) =>
  db
    .select(rowColumns)
    .from(applications)
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(courses, eq(courses.id, applications.courseId))
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .leftJoin(courseIntakes, intakeNamed);

/** "2027-09": an intake as the console's intake list sends it (it stands for intakeMonth and intakeYear). */
export const intakeKey = /^(\d{4})-(0[1-9]|1[0-2])$/;

export type Tx = Parameters<Parameters<StaffDeps["db"]["transaction"]>[0]>[0];

/**
 * An application's row and the first event of its history, in the caller's transaction: the one way an
 * application opens, whether a counsellor creates it or the student starts it (decision 0055).
 */
export async function openApplication(
  tx: Tx,
  opening: {
    studentId: number;
    courseId: number;
    status: ApplicationStatus;
    intakeMonth: number | null;
    intakeYear: number | null;
    note: string | null;
    /** The staff member who opened it; null when the student did. */
    staffId: number | null;
    actorLabel: string;
    at: Date;
  },
): Promise<{ id: number }> {
  const { at, note, staffId, actorLabel, ...row } = opening;
  // The intake's deadline as it stands now is kept with the application (decision 0085): staff may move it later.
  const [intake] =
    row.intakeMonth && row.intakeYear
      ? await tx
          .select({ deadline: courseIntakes.deadline })
          .from(courseIntakes)
          .where(
            and(
              eq(courseIntakes.courseId, row.courseId),
              eq(courseIntakes.month, row.intakeMonth),
              eq(courseIntakes.year, row.intakeYear),
            ),
          )
      : [];
  const [created] = await tx
    .insert(applications)
    .values({
      ...row,
      appliedDeadline: intake?.deadline ?? null,
      createdByStaffId: staffId,
      stageEnteredAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: applications.id });
  if (!created) throw new Error("insert returned no row");
  await tx.insert(applicationEvents).values({
    applicationId: created.id,
    fromStatus: null,
    toStatus: row.status,
    note,
    actorStaffId: staffId,
    actorLabel,
    at,
  });
  return created;
}
