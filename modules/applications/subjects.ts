import { and, asc, between, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { type ApplicationStatus, closedStages, nextStages } from "../../vocabulary/applications.ts";
import { deadlineText, packageOpenStages } from "../../vocabulary/deadlines.ts";
import { countries, courses, universities } from "../catalogue/tables.ts";
import type { StaffDeps } from "../deps.ts";
import { nowOf } from "../deps.ts";
import { type IntakeChange, intakeDeadlineSql } from "../intakes.ts";
import { mailLink } from "../mail-link.ts";
import { queueMail } from "../outbox.ts";
import { students } from "../students/tables.ts";
import { intakeText, type Tx } from "./records.ts";
import { applicationEvents, applications } from "./tables.ts";

/**
 * A student's applications with their course, university and destination, newest or oldest first: the
 * one read of them for the student's own screens and for their data export.
 */
export const studentApplicationRows = (db: Database, studentId: number, order: "newest" | "oldest") =>
  db
    .select({
      id: applications.id,
      status: applications.status,
      country: countries.name,
      courseId: courses.id,
      course: courses.name,
      university: universities.name,
      intakeMonth: applications.intakeMonth,
      intakeYear: applications.intakeYear,
      deadline: intakeDeadlineSql(applications.courseId, applications.intakeMonth, applications.intakeYear),
      // Where the course's deadlines were read and when (decision 0105): the Deadlines list says so beside each.
      deadlineSource: courses.deadlineSource,
      deadlineCheckedOn: courses.deadlineCheckedOn,
      details: applications.details,
      createdAt: applications.createdAt,
      feePaidOn: applications.feePaidOn,
      feeReceiptFileId: applications.feeReceiptFileId,
      submittedOn: applications.submittedOn,
      universityReference: applications.universityReference,
    })
    .from(applications)
    .innerJoin(courses, eq(courses.id, applications.courseId))
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .where(eq(applications.studentId, studentId))
    .orderBy(
      ...(order === "newest"
        ? [desc(applications.createdAt), desc(applications.id)]
        : [asc(applications.createdAt), asc(applications.id)]),
    );

/** The moves of these applications, oldest first, without staff's notes on them: their history as the student reads it. */
export async function applicationHistory(db: Database, applicationIds: readonly number[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select({
      applicationId: applicationEvents.applicationId,
      from: applicationEvents.fromStatus,
      to: applicationEvents.toStatus,
      details: applicationEvents.details,
      at: applicationEvents.at,
    })
    .from(applicationEvents)
    .where(inArray(applicationEvents.applicationId, [...applicationIds]))
    .orderBy(asc(applicationEvents.at), asc(applicationEvents.id));
}

/**
 * Every application whose package is still open and whose intake's deadline falls from `from` to `to`
 * (YYYY-MM-DD, India days), with its deadline: what the deadline reminders sweep (decision 0059).
 */
export const applicationsDueBetween = (db: Database, from: string, to: string) => {
  const deadline = intakeDeadlineSql(applications.courseId, applications.intakeMonth, applications.intakeYear);
  return db
    .select({
      id: applications.id,
      studentId: applications.studentId,
      courseId: applications.courseId,
      status: applications.status,
      deadline: sql<string>`${deadline}`,
      course: courses.name,
      university: universities.name,
      // The reminder says where the deadline was read and when (decision 0105).
      deadlineSource: courses.deadlineSource,
      deadlineCheckedOn: courses.deadlineCheckedOn,
    })
    .from(applications)
    .innerJoin(courses, eq(courses.id, applications.courseId))
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .where(and(inArray(applications.status, [...packageOpenStages]), between(deadline, from, to)))
    .orderBy(asc(applications.id));
};

/**
 * Intakes staff changed (decisions 0055, 0085, 0106): removed from a course, or their deadlines moved, in
 * one change (the editor's one intake, or every intake one import changed). The open applications that
 * name them keep their month and year and the deadline they were opened with; each one is marked changed
 * (Today lists it) and each counsellor is mailed once for the whole change, through the outbox in its
 * transaction, with every change and the applications under it. Applications already closed are left alone.
 */
export async function tellCounsellorsOfChangedIntake(
  tx: Tx,
  deps: Pick<StaffDeps, "jobs" | "siteAddress" | "now">,
  changes: readonly IntakeChange[],
  staffContact: (db: Pick<Database, "select">, staffId: number) => Promise<{ email: string; fullName: string } | undefined>,
): Promise<void> {
  if (changes.length === 0) return;
  const keyOf = (courseId: number, month: number | null, year: number | null) => `${courseId}|${month}|${year}`;
  const intakeKeys = JSON.stringify(changes.map((c) => ({ c: c.courseId, m: c.month, y: c.year })));
  const affected = await tx
    .update(applications)
    .set({ intakeChangedAt: nowOf(deps) })
    .where(
      and(
        sql`(${applications.courseId}, ${applications.intakeMonth}, ${applications.intakeYear}) in
            (select k.c, k.m, k.y from json_to_recordset(${intakeKeys}::json) as k(c int, m int, y int))`,
        notInArray(applications.status, [...closedStages]),
      ),
    )
    .returning({ id: applications.id });
  if (affected.length === 0) return;
  const people = await tx
    .select({
      id: applications.id,
      courseId: applications.courseId,
      intakeMonth: applications.intakeMonth,
      intakeYear: applications.intakeYear,
      studentName: students.fullName,
      counsellorStaffId: students.counsellorStaffId,
      course: courses.name,
      university: universities.name,
    })
    .from(applications)
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(courses, eq(courses.id, applications.courseId))
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .where(
      inArray(
        applications.id,
        affected.map((a) => a.id),
      ),
    )
    .orderBy(asc(applications.id));
  for (const staffId of new Set(people.flatMap((a) => (a.counsellorStaffId === null ? [] : [a.counsellorStaffId])))) {
    const member = await staffContact(tx, staffId);
    if (!member) continue;
    const theirs = people.filter((a) => a.counsellorStaffId === staffId);
    // Their changes in the order made, each with the applications naming its intake.
    const told = changes
      .map((change) => ({
        change,
        named: theirs.filter(
          (a) => keyOf(a.courseId, a.intakeMonth, a.intakeYear) === keyOf(change.courseId, change.month, change.year),
        ),
      }))
      .filter((t) => t.named.length > 0);
    const [only] = told;
    if (!only) continue;
    const link = (a: (typeof theirs)[number]) =>
      `  ${a.studentName}: ${mailLink(deps.siteAddress, `/staff/applications/${a.id}`)}`;
    const keep =
      "These applications keep the intake and the deadline they were made with; check with the university and the student:";
    const mail =
      told.length === 1
        ? {
            subject: oneChangeSubject(only.change, only.named),
            text: [whatChanged(only.change, only.named), keep, ...only.named.map(link)],
          }
        : {
            subject: `${told.length} intakes changed in the catalogue: ${theirs.length} applications name them`,
            text: [keep, ...told.flatMap(({ change, named }) => ["", whatChanged(change, named), ...named.map(link)])],
          };
    await queueMail(
      tx,
      deps,
      {
        to: member.email,
        subject: mail.subject,
        text: [`Dear ${member.fullName},`, "", ...mail.text, "", "Ignite - Your academic Journey"].join("\n"),
      },
      { studentId: null },
    );
  }
}

/** A change's subject when a counsellor is told of it alone: "The September 2027 deadline of MSc ... moved: 1 application names it". */
function oneChangeSubject(change: IntakeChange, named: readonly { course: string }[]) {
  const intakeName = intakeText(change.month, change.year) ?? "";
  const course = named[0]?.course ?? "";
  const naming = `${named.length} ${named.length === 1 ? "application names" : "applications name"} it`;
  return change.removed
    ? `The ${intakeName} intake of ${course} was removed: ${naming}`
    : `The ${intakeName} deadline of ${course} moved: ${naming}`;
}

/** What changed, in a sentence: the intake removed (with the deadline it had), or its deadline now and before. */
function whatChanged(change: IntakeChange, named: readonly { course: string; university: string }[]) {
  const intakeName = intakeText(change.month, change.year) ?? "";
  const { course = "", university = "" } = named[0] ?? {};
  const was = change.deadline ? deadlineText(change.deadline) : null;
  return change.removed
    ? `The catalogue no longer lists the ${intakeName} intake of ${course} at ${university}${was ? ` (it had the deadline ${was})` : ""}.`
    : `The deadline of the ${intakeName} intake of ${course} at ${university} is now ${change.deadlineNow ? deadlineText(change.deadlineNow) : "not given"}${was ? ` (it was ${was})` : ""}.`;
}

/** Where the application's SOP written in the portal stands, as its package reads it (decision 0072). */
export async function setStatementReview(
  db: Pick<Database, "update">,
  applicationId: number,
  state: (typeof applications.$inferSelect)["sopReview"],
) {
  await db.update(applications).set({ sopReview: state }).where(eq(applications.id, applicationId));
}

/**
 * Applications opened outside the console's flow (the demo student's), each with its first event, in the
 * caller's transaction (decision 0052).
 */
export async function insertApplications(
  tx: Pick<Database, "insert">,
  rows: (typeof applications.$inferInsert)[],
  actorLabel: string,
) {
  const created = await tx
    .insert(applications)
    .values(rows)
    .returning({ id: applications.id, status: applications.status, courseId: applications.courseId });
  if (created.length)
    await tx.insert(applicationEvents).values(created.map((a) => ({ applicationId: a.id, toStatus: a.status, actorLabel })));
  return created;
}

/**
 * What another module needs to know of an application, in one read: its student and their counsellor, its
 * stage and intake, the course (its cost, length, mode and SOP rules) and where it is. The departure checklist
 * (decision 0083), the statements (decision 0072) and the offers (decision 0078) read it; the caller checks
 * who asks.
 */
export interface ApplicationSubject {
  id: number;
  studentId: number;
  studentName: string;
  counsellorStaffId: number | null;
  courseId: number;
  status: ApplicationStatus;
  course: string;
  university: string;
  country: string;
  countryId: number;
  city: string;
  intakeMonth: number | null;
  intakeYear: number | null;
  submittedOn: string | null;
  sopReview: (typeof applications.$inferSelect)["sopReview"];
  sopRequired: boolean;
  sopWordLimit: number | null;
  durationMonths: number;
  mode: (typeof courses.$inferSelect)["mode"];
  /** The fee, with where the catalogue read it and the day it was checked (both null when never checked, decision 0017). */
  fee: {
    amount: number;
    currency: string;
    period: (typeof courses.$inferSelect)["feePeriod"];
    source: string | null;
    checkedOn: string | null;
  };
}

/** These applications (by id, those that exist) as other modules read them: one query for any number. */
export async function applicationSubjects(db: Pick<Database, "select">, ids: readonly number[]): Promise<ApplicationSubject[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: applications.id,
      studentId: applications.studentId,
      studentName: students.fullName,
      counsellorStaffId: students.counsellorStaffId,
      courseId: applications.courseId,
      status: applications.status,
      course: courses.name,
      university: universities.name,
      country: countries.name,
      countryId: countries.id,
      city: universities.city,
      intakeMonth: applications.intakeMonth,
      intakeYear: applications.intakeYear,
      submittedOn: applications.submittedOn,
      sopReview: applications.sopReview,
      sopRequired: courses.sopRequired,
      sopWordLimit: courses.sopWordLimit,
      durationMonths: courses.durationMonths,
      mode: courses.mode,
      feeAmount: sql<number>`${courses.feeAmount}::float8`,
      feeCurrency: courses.feeCurrency,
      feePeriod: courses.feePeriod,
      feeSource: courses.feeSource,
      feeCheckedOn: courses.feeCheckedOn,
    })
    .from(applications)
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(courses, eq(courses.id, applications.courseId))
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .where(inArray(applications.id, [...ids]));
  return rows.map(({ feeAmount, feeCurrency, feePeriod, feeSource, feeCheckedOn, ...row }) => ({
    ...row,
    fee: { amount: Number(feeAmount), currency: feeCurrency, period: feePeriod, source: feeSource, checkedOn: feeCheckedOn },
  }));
}

/** One application as other modules read it (`applicationSubjects`), or null when there is none. */
export async function applicationSubject(db: Pick<Database, "select">, id: number): Promise<ApplicationSubject | null> {
  return (await applicationSubjects(db, [id]))[0] ?? null;
}

/**
 * An offer moves its application's stage (decision 0078): recorded, it enters "Conditional offer" or
 * "Unconditional offer"; accepted, "Offer accepted"; declined, "Withdrawn". Only a move the stage model
 * allows from the stage it is in is made (a counsellor's own move stays theirs); false when none was.
 * With `undoing`, the move is made only from that stage, which the stage model does not lead from: a
 * reopened offer takes back the withdrawal its decline made (decision 0078's amendment).
 */
export async function moveForOffer(
  tx: Tx,
  move: {
    applicationId: number;
    to: ApplicationStatus;
    note: string;
    actorLabel: string;
    actorStaffId: number | null;
    now: Date;
    undoing?: ApplicationStatus;
  },
): Promise<boolean> {
  const [current] = await tx
    .select({ status: applications.status, details: applications.details })
    .from(applications)
    .where(eq(applications.id, move.applicationId));
  if (!current || current.status === move.to) return false;
  if (move.undoing ? current.status !== move.undoing : !nextStages(current.status).includes(move.to)) return false;
  const [moved] = await tx
    .update(applications)
    .set({ status: move.to, stageEnteredAt: move.now, updatedAt: move.now })
    .where(and(eq(applications.id, move.applicationId), eq(applications.status, current.status)))
    .returning({ id: applications.id });
  if (!moved) return false;
  await tx.insert(applicationEvents).values({
    applicationId: move.applicationId,
    fromStatus: current.status,
    toStatus: move.to,
    note: move.note,
    actorStaffId: move.actorStaffId,
    actorLabel: move.actorLabel,
    at: move.now,
  });
  return true;
}
