import { and, count, eq, inArray, isNull, ne } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../platform/db/client.ts";
import type { JobSender } from "../../platform/jobs.ts";
import type { Logger } from "../../platform/log.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { applicationMessages, closedStages, stageOf, unsubmittedStages } from "../../vocabulary/applications.ts";
import { deadlineText } from "../../vocabulary/deadlines.ts";
import { APPLICATION_FEE_ITEM, FEE_RECEIPT_TYPE } from "../../vocabulary/documents.ts";
import { daysAgo, indianDay } from "../../vocabulary/india-time.ts";
import { shownCourseIds } from "../catalogue/catalogue.ts";
import { countries, courseIntakes, courses, universities } from "../catalogue/tables.ts";
import { readConsoleSettings } from "../console-settings.ts";
import { nowOf } from "../deps.ts";
import { studentFiles } from "../documents/tables.ts";
import { AppError } from "../errors.ts";
import { upcomingIntakes } from "../intakes.ts";
import { mailLink } from "../mail-link.ts";
import { deliverWithoutQueue, queueMail } from "../outbox.ts";
import { students } from "../students/tables.ts";
import { parseInput } from "../validation.ts";
import { checklistOf, fileKeptForStudent, frozenPackage } from "./package.ts";
import { intakeKey, intakeText, openApplication, type Tx } from "./records.ts";
import { applicationEvents, applications } from "./tables.ts";

/** What the student's side of applications is handed (server/services.ts). */
export interface ApplyingDeps {
  db: Database;
  log: Logger;
  mailer?: Mailer;
  jobs?: JobSender;
  siteAddress: string;
  now?: () => Date;
  /**
   * The student's counsellor, or (with none) the one the lead assignment rule gives, who then looks after
   * them: modules/students and modules/leads, in the application's transaction.
   */
  counsellorFor: (tx: Tx, studentId: number) => Promise<number | null>;
  /** A staff member's name and address while their account is active (modules/staff). */
  staffContact: (db: Pick<Database, "select">, staffId: number) => Promise<{ email: string; fullName: string } | undefined>;
}

/** An intake as the student picks it: "2027-09" (the course's month and year). */
export const startApplicationSchema = z.object({
  courseId: z.coerce.number({ error: applicationMessages.chooseCourse }).int().positive(applicationMessages.chooseCourse),
  intake: z
    .string({ error: applicationMessages.chooseUpcomingIntake })
    .trim()
    .regex(intakeKey, applicationMessages.chooseUpcomingIntake),
});

/** Where and when a figure a student may act on was read, with its age (decision 0105). */
export interface CheckedFigure {
  /** Free text: a URL or "University website"; null when an admin has not said. */
  source: string | null;
  /** The day it was checked (YYYY-MM-DD), never in the future; null: "not checked". */
  checkedOn: string | null;
  /** India days from the day it was checked to today by the clock given (0: today); null without a day. */
  ageDays: number | null;
}

/** A figure's source and checked day with its age at `now`, in India's days (decision 0105). */
export const checkedFigure = (source: string | null, checkedOn: string | null, now: Date): CheckedFigure => ({
  source,
  checkedOn,
  ageDays: checkedOn ? daysAgo(checkedOn, now) : null,
});

/** Whether a deadline (the last day to apply, YYYY-MM-DD) has passed: the whole day counts, in India. */
export const deadlinePassed = (deadline: string | null, now: Date) => deadline !== null && deadline < indianDay(now);

/** The intakes a student may apply for now: upcoming, and with a deadline not yet passed (or none given). */
export async function openIntakes(db: Database, courseId: number, now: Date) {
  const offered = (await upcomingIntakes(db, [courseId], now)).get(courseId) ?? [];
  return offered.filter((intake) => !deadlinePassed(intake.deadline, now));
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: unknown } | null;
  return e?.code === "23505" || (e?.cause !== undefined && isUniqueViolation(e.cause));
};

/**
 * A student starts an application from the portal (decision 0055): a course still offered, one of its
 * upcoming intakes whose deadline has not passed, not one they already have open, within the limit an
 * admin sets (decision 0056). It opens at "Started by you" with their counsellor, or one the lead
 * assignment rule gives them; that counsellor is mailed once through the outbox, and Today lists it.
 */
export async function startApplication(deps: ApplyingDeps, studentId: number, raw: unknown): Promise<{ id: number }> {
  const input = parseInput(startApplicationSchema, raw);
  const [, year, month] = intakeKey.exec(input.intake) as RegExpExecArray;
  const intakeYear = Number(year);
  const intakeMonth = Number(month);
  const [course] = await deps.db
    .select({ id: courses.id, name: courses.name, university: universities.name })
    .from(courses)
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .where(eq(courses.id, input.courseId));
  // The site's rule for what it shows (decision 0017): a course retired, or in a university retired or a
  // country an admin has hidden, takes no applications.
  if (!course || (await shownCourseIds(deps.db, [course.id])).length === 0)
    throw new AppError("not_found", applicationMessages.courseNotOffered);
  const now = nowOf(deps);
  const intake = ((await upcomingIntakes(deps.db, [course.id], now)).get(course.id) ?? []).find(
    (i) => i.month === intakeMonth && i.year === intakeYear,
  );
  if (!intake)
    throw new AppError("invalid_input", applicationMessages.chooseUpcomingIntake, {
      intake: applicationMessages.chooseUpcomingIntake,
    });
  // Checked here, on the server, at the moment of applying: a page opened before the deadline passed is refused.
  if (intake.deadline && deadlinePassed(intake.deadline, now)) {
    const message = applicationMessages.deadlinePassed(deadlineText(intake.deadline));
    throw new AppError("conflict", message, { intake: message });
  }
  const { maxActiveApplications } = await readConsoleSettings(deps.db);
  let counsellorToTell: number | null = null as number | null;
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      const [student] = await tx
        .select({ fullName: students.fullName, counsellorStaffId: students.counsellorStaffId })
        .from(students)
        .where(eq(students.id, studentId))
        .for("update");
      if (!student) throw new AppError("not_found", applicationMessages.noSuchApplication);
      const [active] = await tx
        .select({ n: count() })
        .from(applications)
        .where(and(eq(applications.studentId, studentId), inArray(applications.status, [...unsubmittedStages])));
      if ((active?.n ?? 0) >= maxActiveApplications) {
        const message = applicationMessages.tooManyActive(maxActiveApplications);
        throw new AppError("conflict", message, { intake: message });
      }
      const counsellor = await deps.counsellorFor(tx, studentId);
      const created = await openApplication(tx, {
        studentId,
        courseId: course.id,
        status: "Started by you",
        intakeMonth,
        intakeYear,
        note: null,
        staffId: null,
        actorLabel: `${student.fullName} (student)`,
        at: now,
      });
      if (counsellor) {
        counsellorToTell = counsellor;
        await tellCounsellor(tx, deps, counsellor, {
          applicationId: created.id,
          studentName: student.fullName,
          course: course.name,
          university: course.university,
          intake: intakeText(intakeMonth, intakeYear) ?? "",
          deadline: intake.deadline ? deadlineText(intake.deadline) : null,
        });
      }
      return created.id;
    });
  } catch (error) {
    // Two tabs at once: the database's unique index lets one in; the other is told (decision 0055).
    if (isUniqueViolation(error))
      throw new AppError("conflict", applicationMessages.sameIntakeTwice, { intake: applicationMessages.sameIntakeTwice });
    throw error;
  }
  deps.log.info({ studentId, applicationId: id, counsellor: counsellorToTell }, "application started by the student");
  await deliverWithoutQueue(deps);
  return { id };
}

/** The counsellor's one mail about an application a student started, queued in its transaction (decision 0055). */
async function tellCounsellor(
  tx: Tx,
  deps: ApplyingDeps,
  staffId: number,
  about: {
    applicationId: number;
    studentName: string;
    course: string;
    university: string;
    intake: string;
    deadline: string | null;
  },
) {
  const member = await deps.staffContact(tx, staffId);
  if (!member) return;
  await queueMail(
    tx,
    deps,
    {
      to: member.email,
      subject: `${about.studentName.replace(/\s+/g, " ").slice(0, 80)} started an application to ${about.university}`,
      text: [
        `Dear ${member.fullName},`,
        "",
        `${about.studentName} started an application from the portal:`,
        `  ${about.course} at ${about.university}, ${about.intake} intake${about.deadline ? ` (apply by ${about.deadline})` : ""}.`,
        "",
        "Check it and move it on to the documents when it looks right; the student gathers the package meanwhile.",
        `Open the application: ${mailLink(deps.siteAddress, `/staff/applications/${about.applicationId}`)}`,
        "",
        "Ignite - Your academic Journey",
      ].join("\n"),
    },
    { studentId: null },
  );
}

/** The student's own application (theirs, or a 404 that says nothing of anyone else's). */
async function ownApplication(db: Pick<Database, "select">, studentId: number, applicationId: number) {
  const [row] = await db
    .select({
      id: applications.id,
      studentId: applications.studentId,
      courseId: applications.courseId,
      status: applications.status,
    })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.studentId, studentId)));
  if (!row) throw new AppError("not_found", applicationMessages.noSuchApplication);
  return row;
}

/** The student withdraws an application not yet submitted (decision 0055); after submission they ask their counsellor. */
export async function withdrawApplication(deps: ApplyingDeps, studentId: number, applicationId: number): Promise<void> {
  const current = await ownApplication(deps.db, studentId, applicationId);
  if ((closedStages as readonly string[]).includes(current.status))
    throw new AppError("conflict", applicationMessages.alreadyClosed);
  if (!(unsubmittedStages as readonly string[]).includes(current.status))
    throw new AppError("conflict", applicationMessages.cannotWithdraw);
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(applications)
      .set({ status: "Withdrawn", stageEnteredAt: now, updatedAt: now })
      .where(and(eq(applications.id, applicationId), eq(applications.status, current.status)))
      .returning({ id: applications.id });
    if (!moved) throw new AppError("conflict", applicationMessages.cannotWithdraw);
    const [student] = await tx.select({ fullName: students.fullName }).from(students).where(eq(students.id, studentId));
    await tx.insert(applicationEvents).values({
      applicationId,
      fromStatus: current.status,
      toStatus: "Withdrawn",
      note: "Withdrawn by the student",
      actorLabel: `${student?.fullName ?? "Student"} (student)`,
      at: now,
    });
  });
}

/**
 * The student's current "Application fee receipt", and whether another of their applications already
 * recorded it: one receipt pays one application's fee (decision 0057), so it cannot stand for a second.
 */
async function currentReceipt(db: Pick<Database, "select">, studentId: number, applicationId: number) {
  const [receipt] = await db
    .select({ id: studentFiles.id, recordedFor: applications.id })
    .from(studentFiles)
    .leftJoin(applications, and(eq(applications.feeReceiptFileId, studentFiles.id), ne(applications.id, applicationId)))
    .where(
      and(
        eq(studentFiles.studentId, studentId),
        eq(studentFiles.attachmentType, FEE_RECEIPT_TYPE),
        isNull(studentFiles.supersededAt),
      ),
    )
    .limit(1);
  return receipt && { id: receipt.id, recordedElsewhere: receipt.recordedFor !== null };
}

/**
 * The student records the application fee as paid (decision 0057): the receipt they uploaded (the current
 * "Application fee receipt") becomes this application's, kept even if they upload another for the next.
 * The counsellor reviews it like any document; the portal takes no payment.
 */
export async function recordFeePaid(deps: ApplyingDeps, studentId: number, applicationId: number): Promise<void> {
  const current = await ownApplication(deps.db, studentId, applicationId);
  if ((closedStages as readonly string[]).includes(current.status))
    throw new AppError("conflict", applicationMessages.feeOnClosed);
  const checklist = await checklistOf(deps, current);
  const fee = checklist.find((entry) => entry.item === APPLICATION_FEE_ITEM);
  if (!fee) throw new AppError("conflict", applicationMessages.noFeeAsked);
  if (fee.state === "Waived" || fee.state === "Approved" || (await frozenPackage(deps.db, applicationId)).length)
    throw new AppError("conflict", applicationMessages.feeAlreadySettled);
  const receipt = await currentReceipt(deps.db, studentId, applicationId);
  if (!receipt)
    throw new AppError("invalid_input", applicationMessages.uploadReceiptFirst, { file: applicationMessages.uploadReceiptFirst });
  if (receipt.recordedElsewhere)
    throw new AppError("conflict", applicationMessages.receiptOfAnother, { file: applicationMessages.receiptOfAnother });
  // Checked again under the application's lock, with the update: a withdrawal or a submission recorded
  // meanwhile (each changes this row) is read here, and the fee is not recorded on it.
  await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.id, applicationId))
      .for("update");
    if (!locked || (closedStages as readonly string[]).includes(locked.status))
      throw new AppError("conflict", applicationMessages.feeOnClosed);
    if ((await frozenPackage(tx, applicationId)).length) throw new AppError("conflict", applicationMessages.feeAlreadySettled);
    await tx
      .update(applications)
      .set({ feeReceiptFileId: receipt.id, feePaidOn: indianDay(nowOf(deps)), updatedAt: nowOf(deps) })
      .where(eq(applications.id, applicationId));
  });
}

/** One application as its student reads it: the course, the intake and its deadline, the package, the submission. */
export async function studentApplication(deps: ApplyingDeps, studentId: number, applicationId: number) {
  await ownApplication(deps.db, studentId, applicationId);
  const [row] = await deps.db
    .select({
      id: applications.id,
      studentId: applications.studentId,
      status: applications.status,
      courseId: courses.id,
      course: courses.name,
      university: universities.name,
      country: countries.name,
      intakeMonth: applications.intakeMonth,
      intakeYear: applications.intakeYear,
      appliedDeadline: applications.appliedDeadline,
      intakeChangedAt: applications.intakeChangedAt,
      courseRetiredAt: courses.retiredAt,
      universityRetiredAt: universities.retiredAt,
      feePaidOn: applications.feePaidOn,
      submittedOn: applications.submittedOn,
      universityReference: applications.universityReference,
      applicationFeeAmount: courses.applicationFeeAmount,
      applicationFeeCurrency: courses.applicationFeeCurrency,
      applicationFeeSource: courses.applicationFeeSource,
      applicationFeeCheckedOn: courses.applicationFeeCheckedOn,
      deadlineSource: courses.deadlineSource,
      deadlineCheckedOn: courses.deadlineCheckedOn,
    })
    .from(applications)
    .innerJoin(courses, eq(courses.id, applications.courseId))
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .where(eq(applications.id, applicationId));
  if (!row) throw new AppError("not_found", applicationMessages.noSuchApplication);
  const [checklist, sent, [listed], receipt] = await Promise.all([
    checklistOf(deps, row),
    frozenPackage(deps.db, row.id),
    deps.db
      .select({ deadline: courseIntakes.deadline })
      .from(courseIntakes)
      .where(
        and(
          eq(courseIntakes.courseId, row.courseId),
          eq(courseIntakes.month, row.intakeMonth ?? 0),
          eq(courseIntakes.year, row.intakeYear ?? 0),
        ),
      ),
    currentReceipt(deps.db, studentId, applicationId),
  ]);
  const stage = stageOf(row.status);
  // Read from the course's intake (never copied): one staff removed since leaves the application its month and year.
  const deadline = listed?.deadline ?? null;
  const now = nowOf(deps);
  return {
    ...row,
    // Where and when the fee and the deadlines were read, with their age in days by the services' clock (decision 0105).
    applicationFeeChecked: checkedFigure(row.applicationFeeSource, row.applicationFeeCheckedOn, now),
    deadlineChecked: checkedFigure(row.deadlineSource, row.deadlineCheckedOn, now),
    intake: intakeText(row.intakeMonth, row.intakeYear),
    /** The course no longer lists the intake applied for (staff removed it); the application keeps it. */
    intakeGone: Boolean(row.intakeMonth && row.intakeYear && !listed),
    deadline,
    /**
     * The deadline the intake had when the application was opened, shown beside the current one when staff
     * have moved it since (decision 0085), or set one where there was none when the student applied.
     */
    appliedDeadlineDiffers: row.appliedDeadline !== deadline,
    deadlinePassed: deadlinePassed(deadline, now),
    retired: Boolean(row.courseRetiredAt || row.universityRetiredAt),
    stageLabel: stage.studentLabel,
    nextAction: stage.nextAction,
    waitingOn: stage.waitingOn,
    mayWithdraw: (unsubmittedStages as readonly string[]).includes(row.status),
    frozen: sent.length > 0,
    /**
     * A current "Application fee receipt" is uploaded and no other application recorded it, so the fee can
     * be recorded paid with it.
     */
    receiptUploaded: Boolean(receipt && !receipt.recordedElsewhere),
    /** The package as things are now. */
    checklist,
    /** The package as it was sent (decision 0058): empty before the submission is recorded. */
    sent,
  };
}

/**
 * These applications of the student's, by id, named as a recommendation letter names them (decision 0075):
 * one read for any number; an id of another student's, or of none, is left out. The deadline is the intake's
 * as the catalogue has it now, as `studentApplication` reads it.
 */
export async function namedApplications(db: Pick<Database, "select">, studentId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: applications.id,
      course: courses.name,
      university: universities.name,
      country: countries.name,
      deadline: courseIntakes.deadline,
    })
    .from(applications)
    .innerJoin(courses, eq(courses.id, applications.courseId))
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .leftJoin(
      courseIntakes,
      and(
        eq(courseIntakes.courseId, applications.courseId),
        eq(courseIntakes.month, applications.intakeMonth),
        eq(courseIntakes.year, applications.intakeYear),
      ),
    )
    .where(and(inArray(applications.id, [...ids]), eq(applications.studentId, studentId)));
}

/** The student's side of applications (decision 0055): start, read one, withdraw, record the fee paid. */
export function createApplyingService(deps: ApplyingDeps) {
  return {
    openIntakes: (courseId: number) => openIntakes(deps.db, courseId, nowOf(deps)),
    /**
     * A course's figure as the course page shows it (its tuition's or its deadlines' source and checked day),
     * with its age by the services' clock (decision 0105).
     */
    checked: (figure: { source: string | null; checkedOn: string | null }) =>
      checkedFigure(figure.source, figure.checkedOn, nowOf(deps)),
    start: (studentId: number, raw: unknown) => startApplication(deps, studentId, raw),
    get: (studentId: number, applicationId: number) => studentApplication(deps, studentId, applicationId),
    named: (studentId: number, ids: readonly number[]) => namedApplications(deps.db, studentId, ids),
    withdraw: (studentId: number, applicationId: number) => withdrawApplication(deps, studentId, applicationId),
    recordFeePaid: (studentId: number, applicationId: number) => recordFeePaid(deps, studentId, applicationId),
    fileKept: (studentId: number, fileId: number) => fileKeptForStudent(deps.db, studentId, fileId),
  };
}

export type ApplyingService = ReturnType<typeof createApplyingService>;
