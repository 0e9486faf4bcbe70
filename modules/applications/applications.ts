import { and, asc, between, count, desc, eq, ilike, inArray, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../platform/db/client.ts";
import type { JobSender } from "../../platform/jobs.ts";
import type { Logger } from "../../platform/log.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import {
  type ApplicationStatus,
  applicationMessages,
  applicationStatuses,
  closedStages,
  INTAKE_YEARS_AHEAD,
  monthNames,
  nextStages,
  stageOf,
  unsubmittedStages,
  waitingOnValues,
} from "../../vocabulary/applications.ts";
import { DUE_FILTER_MAX_DAYS, packageOpenStages } from "../../vocabulary/deadlines.ts";
import {
  APPLICATION_FEE_ITEM,
  attachmentTypes,
  type ChecklistState,
  FEE_RECEIPT_TYPE,
  letterTypes,
  MAX_LETTERS,
  requiredAttachmentTypes,
  reviewMessages,
} from "../../vocabulary/documents.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import { recordAudit } from "../audit-log.ts";
import { countries, courseIntakes, courses, universities } from "../catalogue/tables.ts";
import { readConsoleSettings } from "../console-settings.ts";
import type { StaffDeps } from "../deps.ts";
import { nowOf } from "../deps.ts";
import { studentFiles } from "../documents/tables.ts";
import { AppError } from "../errors.ts";
import { blankToUndefined, containing, oneOf } from "../fields.ts";
import { intakeDeadlineSql, upcomingIntakes } from "../intakes.ts";
import { mailLink } from "../mail-link.ts";
import { deliverWithoutQueue, queueMail } from "../outbox.ts";
import {
  canManageStaff,
  canReviewDocuments,
  canSeeAllStudents,
  canSeeStudents,
  canWorkStudents,
  notAllowed,
  type StaffMember,
} from "../policies.ts";
import { studentForStaff } from "../student-access.ts";
import { students } from "../students/tables.ts";
import { parseInput } from "../validation.ts";
import { applicationEvents, applicationPackageItems, applications, applicationWaivers, countryDocumentRules } from "./tables.ts";

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

export interface ChecklistItem {
  /** The attachment type, or a country rule's label (then `attachmentType` says where the student uploads it). */
  item: string;
  attachmentType: string;
  state: ChecklistState;
  /** The current file's public id, for staff to open and review it. */
  filePublicId: string | null;
  reviewReason: string | null;
  reviewMessage: string | null;
  waiverReason: string | null;
  /** Who it waits on (decision 0057): the student (missing, a correction asked), the counsellor (to review), nobody. */
  waitsOn: "student" | "counsellor" | "nobody";
  /** What the course says of it: the SOP's word limit, the fee's amount. */
  note: string | null;
  /** The file's row (internal: the frozen package keeps it, decision 0058); null with none. */
  fileId: number | null;
}

export interface ApplicationDetail extends ApplicationRow {
  counsellorStaffId: number | null;
  events: ApplicationEvent[];
  checklist: ChecklistItem[];
  /** The stages it may move to now. */
  moves: ApplicationStatus[];
  /** The stages the model allows next that the record does not yet (decision 0035), each with why. */
  held: { status: ApplicationStatus; reason: string }[];
}

/** The checklist items that keep a stage saying "documents complete" from being true: neither approved nor waived with a reason. */
export const outstandingItems = (checklist: readonly ChecklistItem[]) =>
  checklist.filter((entry) => entry.state !== "Approved" && !(entry.state === "Waived" && entry.waiverReason?.trim()));

/** Why the record does not allow a move into `to` yet, or null when it does. */
function whyHeld(to: ApplicationStatus, checklist: readonly ChecklistItem[]): string | null {
  if (!stageOf(to).documentsComplete) return null;
  const outstanding = outstandingItems(checklist);
  return outstanding.length ? applicationMessages.documentsIncomplete(to, outstanding) : null;
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
  deadline: intakeDeadlineSql(applications.courseId, applications.intakeMonth, applications.intakeYear),
  details: applications.details,
  stageEnteredAt: applications.stageEnteredAt,
  createdAt: applications.createdAt,
  counsellorStaffId: students.counsellorStaffId,
};

type SelectedRow = { intakeMonth: number | null; intakeYear: number | null; counsellorStaffId: number | null } & Omit<
  ApplicationRow,
  "intake"
>;
const toRow = ({ intakeMonth, intakeYear, counsellorStaffId: _, ...row }: SelectedRow): ApplicationRow => ({
  ...row,
  intake: intakeText(intakeMonth, intakeYear),
});

const selectApplications = (deps: StaffDeps, db: Pick<StaffDeps["db"], "select"> = deps.db) =>
  db
    .select(rowColumns)
    .from(applications)
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(courses, eq(courses.id, applications.courseId))
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .innerJoin(countries, eq(countries.id, universities.countryId));

/** A student's applications, newest first (the caller checked the member may see the student). */
export async function applicationsOfStudent(deps: StaffDeps, studentId: number): Promise<ApplicationRow[]> {
  const rows = await selectApplications(deps)
    .where(eq(applications.studentId, studentId))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  return rows.map(toRow);
}

export const applicationFiltersSchema = z.object({
  status: z.preprocess(blankToUndefined, oneOf(applicationStatuses, applicationMessages.chooseStage).optional()),
  /** Only applications at a stage that waits on this party (the staff home counts those waiting on the counsellor). */
  waiting: z.preprocess(blankToUndefined, oneOf(waitingOnValues, applicationMessages.chooseWaiting).optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  /** Only applications whose package is still open with their deadline within this many days, India time (decision 0059). */
  due: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(DUE_FILTER_MAX_DAYS).optional()),
});
type ApplicationFilters = z.infer<typeof applicationFiltersSchema>;

/**
 * The one rule for which applications a list of filters means to a member (the list shows them, the
 * staff home counts them: decision 0042): every one for admins and read-only staff, a counsellor's
 * students' otherwise.
 */
function applicationsWhere(member: StaffMember, filters: ApplicationFilters, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    canSeeAllStudents(member) ? undefined : eq(students.counsellorStaffId, member.staffId),
  ];
  if (filters.status) conditions.push(eq(applications.status, filters.status));
  const { waiting } = filters;
  if (waiting) {
    const stages = applicationStatuses.filter((status) => stageOf(status).waitingOn === waiting);
    conditions.push(stages.length ? inArray(applications.status, stages) : eq(applications.id, -1));
  }
  if (filters.due !== undefined) {
    const today = indianDay(now);
    const last = indianDay(now.getTime() + filters.due * 86_400_000);
    conditions.push(
      inArray(applications.status, [...packageOpenStages]),
      between(intakeDeadlineSql(applications.courseId, applications.intakeMonth, applications.intakeYear), today, last),
    );
  }
  if (filters.q) {
    const like = containing(filters.q);
    conditions.push(
      or(ilike(students.fullName, like), ilike(students.email, like), ilike(courses.name, like), ilike(universities.name, like)),
    );
  }
  return and(...conditions);
}

/** How many applications the list holds for these filters (the address's), by the list's own rule. */
export async function countApplications(deps: StaffDeps, member: StaffMember, raw: unknown): Promise<number> {
  if (!canSeeStudents(member)) throw notAllowed();
  const [row] = await deps.db
    .select({ total: count() })
    .from(applications)
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(courses, eq(courses.id, applications.courseId))
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .where(applicationsWhere(member, parseInput(applicationFiltersSchema, raw), nowOf(deps)));
  return row?.total ?? 0;
}

/** The table and the board show the 500 most recently moved (the filters narrow them; the export has all). */
const APPLICATIONS_SHOWN = 500;

/** Applications the member may see: every one for admins and read-only staff, a counsellor's students' otherwise. */
export async function listApplications(
  deps: StaffDeps,
  member: StaffMember,
  raw: unknown,
  limit = APPLICATIONS_SHOWN,
): Promise<ApplicationRow[]> {
  if (!canSeeStudents(member)) throw notAllowed();
  const filters = parseInput(applicationFiltersSchema, raw);
  const rows = await selectApplications(deps)
    .where(applicationsWhere(member, filters, nowOf(deps)))
    .orderBy(desc(applications.stageEnteredAt), desc(applications.id))
    .limit(limit);
  return rows.map(toRow);
}

const DAY_MS = 86_400_000;

/** Who a checklist item in this state waits on (decision 0057). */
export const waitsOnOf = (state: ChecklistState): ChecklistItem["waitsOn"] =>
  state === "Missing" || state === "Correction requested" ? "student" : state === "Waiting for review" ? "counsellor" : "nobody";

/** A course's package as the checklist reads it (decision 0057). */
type CoursePackage = {
  level: string;
  lettersRequired: number;
  sopRequired: boolean;
  sopWordLimit: number | null;
  portfolioRequired: boolean;
  writingSampleRequired: boolean;
  englishTestAsked: boolean;
  admissionsTestAsked: boolean;
  applicationFeeAmount: number | null;
  applicationFeeCurrency: string | null;
};

/**
 * The course's own items, after the spec's required documents: the transcripts before its level (a
 * master's needs the bachelor's), further letters, the test score reports, a portfolio or writing sample,
 * and the application fee. One rule set with the country's rules (decision 0057).
 */
function packageItems(course: CoursePackage): { item: string; attachmentType: string; note: string | null }[] {
  const items: { item: string; attachmentType: string; note: string | null }[] = [];
  if (course.level === "Masters" || course.level === "PhD")
    items.push({ item: "Bachelors", attachmentType: "Bachelors", note: null });
  if (course.level === "PhD") items.push({ item: "Masters", attachmentType: "Masters", note: null });
  for (const type of letterTypes.slice(1, Math.max(1, Math.min(course.lettersRequired, MAX_LETTERS))))
    items.push({ item: type, attachmentType: type, note: null });
  if (course.englishTestAsked) items.push({ item: "English test score", attachmentType: "English test score", note: null });
  if (course.admissionsTestAsked) items.push({ item: "GRE/GMAT score", attachmentType: "GRE/GMAT score", note: null });
  if (course.portfolioRequired) items.push({ item: "Portfolio", attachmentType: "Portfolio", note: null });
  if (course.writingSampleRequired) items.push({ item: "Writing sample", attachmentType: "Writing sample", note: null });
  if (course.applicationFeeAmount !== null && course.applicationFeeCurrency)
    items.push({
      item: APPLICATION_FEE_ITEM,
      attachmentType: FEE_RECEIPT_TYPE,
      note: `${course.applicationFeeCurrency} ${course.applicationFeeAmount.toLocaleString("en-IN")}`,
    });
  return items;
}

const packageColumns = {
  countryId: universities.countryId,
  level: courses.level,
  lettersRequired: courses.lettersRequired,
  sopRequired: courses.sopRequired,
  sopWordLimit: courses.sopWordLimit,
  portfolioRequired: courses.portfolioRequired,
  writingSampleRequired: courses.writingSampleRequired,
  englishTestAsked: courses.englishTestAsked,
  admissionsTestAsked: courses.admissionsTestAsked,
  applicationFeeAmount: courses.applicationFeeAmount,
  applicationFeeCurrency: courses.applicationFeeCurrency,
};

/**
 * The documents an application needs: the spec's required types, what its course's package asks
 * (decision 0057) and its country's rules, each with its state and whom it waits on: always as things are
 * now (the gate reads it); the package as it was sent is `frozenPackage` (decision 0058). For the visa (decision 0040) it is the
 * country's rules marked for the visa, and the visa guide's documents the visa module passes (`extra`),
 * read against the same files and waivers.
 */
export async function checklistOf(
  deps: Pick<StaffDeps, "db">,
  application: ChecklistSubject,
  scope: "application" | "visa" = "application",
  extra: { item: string; attachmentType: string }[] = [],
): Promise<ChecklistItem[]> {
  return (await checklistsOf(deps, [application], scope, extra)).get(application.id) ?? [];
}

/** What a checklist is read for: the application, its student and its course. */
export type ChecklistSubject = { id: number; studentId: number; courseId: number };

/**
 * `checklistOf` for many applications at once, in six queries whatever their number (the student's home,
 * the Deadlines screen, the counsellor's applications falling due), by application id.
 */
export async function checklistsOf(
  deps: Pick<StaffDeps, "db">,
  subjects: readonly ChecklistSubject[],
  scope: "application" | "visa" = "application",
  extra: { item: string; attachmentType: string }[] = [],
): Promise<Map<number, ChecklistItem[]>> {
  const lists = new Map<number, ChecklistItem[]>();
  if (subjects.length === 0) return lists;
  const ids = [...new Set(subjects.map((a) => a.id))];
  const studentIds = [...new Set(subjects.map((a) => a.studentId))];
  const courseIds = [...new Set(subjects.map((a) => a.courseId))];
  const [places, files, waivers, own] = await Promise.all([
    deps.db
      .select({ courseId: courses.id, ...packageColumns })
      .from(courses)
      .innerJoin(universities, eq(universities.id, courses.universityId))
      .where(inArray(courses.id, courseIds)),
    deps.db
      .select()
      .from(studentFiles)
      .where(and(inArray(studentFiles.studentId, studentIds), isNull(studentFiles.supersededAt))),
    deps.db.select().from(applicationWaivers).where(inArray(applicationWaivers.applicationId, ids)),
    deps.db
      .select({ id: applications.id, feeReceiptFileId: applications.feeReceiptFileId })
      .from(applications)
      .where(inArray(applications.id, ids)),
  ]);
  const countryIds = [...new Set(places.map((p) => p.countryId))];
  const receiptIds = own.flatMap((a) => (a.feeReceiptFileId ? [a.feeReceiptFileId] : []));
  const [rules, receipts] = await Promise.all([
    countryIds.length === 0
      ? []
      : deps.db
          .select({
            countryId: countryDocumentRules.countryId,
            label: countryDocumentRules.label,
            attachmentType: countryDocumentRules.attachmentType,
          })
          .from(countryDocumentRules)
          .where(and(inArray(countryDocumentRules.countryId, countryIds), eq(countryDocumentRules.forVisa, scope === "visa")))
          .orderBy(asc(countryDocumentRules.label)),
    receiptIds.length === 0 ? [] : deps.db.select().from(studentFiles).where(inArray(studentFiles.id, receiptIds)),
  ]);
  for (const application of subjects) {
    const place = places.find((p) => p.courseId === application.courseId);
    const wordLimit = place?.sopWordLimit ? `At most ${place.sopWordLimit} words` : null;
    const items = [
      ...(scope === "application"
        ? requiredAttachmentTypes.map((type) => ({
            item: type as string,
            attachmentType: type as string,
            note: type === "SOP" ? wordLimit : null,
          }))
        : extra.map((e) => ({ ...e, note: null }))),
      ...(scope === "application" && place ? packageItems(place) : []),
      ...rules
        .filter((rule) => rule.countryId === place?.countryId)
        .map((rule) => ({ item: rule.label, attachmentType: rule.attachmentType as string, note: null })),
    ];
    // The fee's receipt is the version the student recorded for this application, kept if replaced since.
    const receiptId = own.find((a) => a.id === application.id)?.feeReceiptFileId;
    const receipt = receiptId ? receipts.find((r) => r.id === receiptId) : undefined;
    const theirs = files.filter((f) => f.studentId === application.studentId);
    const waived = waivers.filter((w) => w.applicationId === application.id);
    lists.set(
      application.id,
      items.map(({ item, attachmentType, note }): ChecklistItem => {
        const waiver = waived.find((w) => w.item === item);
        const file = item === APPLICATION_FEE_ITEM ? receipt : theirs.find((f) => f.attachmentType === attachmentType);
        const state: ChecklistState = waiver ? "Waived" : file ? file.reviewState : "Missing";
        return {
          item,
          attachmentType,
          state,
          filePublicId: file?.publicId ?? null,
          reviewReason: file?.reviewReason ?? null,
          reviewMessage: file?.reviewMessage ?? null,
          waiverReason: waiver?.reason ?? null,
          waitsOn: waitsOnOf(state),
          note,
          fileId: file?.id ?? null,
        };
      }),
    );
  }
  return lists;
}

/** The package as it was sent, once the submission is recorded (decision 0058); empty before. */
async function frozenPackage(db: Pick<Database, "select">, applicationId: number): Promise<ChecklistItem[]> {
  const rows = await db
    .select({
      item: applicationPackageItems.item,
      attachmentType: applicationPackageItems.attachmentType,
      state: applicationPackageItems.state,
      waiverReason: applicationPackageItems.waiverReason,
      fileId: applicationPackageItems.fileId,
      publicId: studentFiles.publicId,
      reviewReason: studentFiles.reviewReason,
      reviewMessage: studentFiles.reviewMessage,
    })
    .from(applicationPackageItems)
    .leftJoin(studentFiles, eq(studentFiles.id, applicationPackageItems.fileId))
    .where(eq(applicationPackageItems.applicationId, applicationId))
    .orderBy(asc(applicationPackageItems.position));
  return rows.map((row) => ({
    item: row.item,
    attachmentType: row.attachmentType,
    state: row.state,
    filePublicId: row.publicId ?? null,
    reviewReason: row.reviewReason ?? null,
    reviewMessage: row.reviewMessage ?? null,
    waiverReason: row.waiverReason,
    waitsOn: "nobody",
    note: null,
    fileId: row.fileId,
  }));
}

/** Keeps the package as it is sent (decision 0058), in the transaction that records the submission. */
async function freezePackage(tx: Tx, applicationId: number, checklist: readonly ChecklistItem[]) {
  if (checklist.length === 0) return;
  await tx
    .insert(applicationPackageItems)
    .values(
      checklist.map((entry, position) => ({
        applicationId,
        item: entry.item,
        attachmentType: entry.attachmentType,
        state: entry.state,
        fileId: entry.fileId,
        waiverReason: entry.waiverReason,
        position,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Whether a student's file is kept in one of their applications' packages (sent, or the fee's receipt
 * recorded): its owner still reads it after replacing it (decision 0058).
 */
export async function fileKeptForStudent(db: Pick<Database, "select">, studentId: number, fileId: number): Promise<boolean> {
  const [sent] = await db
    .select({ id: applications.id })
    .from(applicationPackageItems)
    .innerJoin(applications, eq(applications.id, applicationPackageItems.applicationId))
    .where(and(eq(applicationPackageItems.fileId, fileId), eq(applications.studentId, studentId)))
    .limit(1);
  if (sent) return true;
  const [receipt] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.feeReceiptFileId, fileId), eq(applications.studentId, studentId)))
    .limit(1);
  return Boolean(receipt);
}

/**
 * Waives, with `reason`, every checklist item of an application that is not approved or waived yet: for
 * data made outside the console (the demo student) that puts an application at or past a stage that
 * says its documents are complete, so the record agrees with the stage gate (decision 0035).
 */
export async function waiveOutstandingItems(
  deps: Pick<StaffDeps, "db">,
  application: { id: number; studentId: number; courseId: number },
  reason: string,
): Promise<void> {
  const outstanding = (await checklistOf(deps, application)).filter(
    (entry) => entry.state !== "Approved" && entry.state !== "Waived",
  );
  if (outstanding.length === 0) return;
  await deps.db
    .insert(applicationWaivers)
    .values(outstanding.map((entry) => ({ applicationId: application.id, item: entry.item, reason })))
    .onConflictDoNothing();
}

/**
 * Keeps the package of an application already past "Submitted" when it was made outside the console's
 * flow (the demo student's), as recording the submission would (decision 0058).
 */
export async function freezeSubmittedPackage(
  deps: Pick<StaffDeps, "db">,
  application: { id: number; studentId: number; courseId: number },
): Promise<void> {
  const checklist = await checklistOf(deps, application);
  await deps.db.transaction((tx) => freezePackage(tx, application.id, checklist));
}

/** The checklist of an application, as the console shows it and the stage gate reads it. */
export const checklistOfApplication = checklistOf;

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

/**
 * The packages of these applications as they were sent (decision 0058), in order: each item's state, a
 * waiver's reason and the file version sent (its name and upload time): for the student's data export.
 */
export async function packagesSent(db: Pick<Database, "select">, applicationIds: readonly number[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select({
      applicationId: applicationPackageItems.applicationId,
      item: applicationPackageItems.item,
      state: applicationPackageItems.state,
      waiverReason: applicationPackageItems.waiverReason,
      fileId: applicationPackageItems.fileId,
      fileName: studentFiles.originalName,
      uploadedAt: studentFiles.createdAt,
    })
    .from(applicationPackageItems)
    .leftJoin(studentFiles, eq(studentFiles.id, applicationPackageItems.fileId))
    .where(inArray(applicationPackageItems.applicationId, [...applicationIds]))
    .orderBy(asc(applicationPackageItems.applicationId), asc(applicationPackageItems.position));
}

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
    })
    .from(applications)
    .innerJoin(courses, eq(courses.id, applications.courseId))
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .where(and(inArray(applications.status, [...packageOpenStages]), between(deadline, from, to)))
    .orderBy(asc(applications.id));
};

/** One application with its history, time in each stage, checklist and the moves it allows. */
export async function getApplication(deps: StaffDeps, member: StaffMember, id: number): Promise<ApplicationDetail> {
  const [selected] = await selectApplications(deps).where(eq(applications.id, id));
  const noSuch = () => new AppError("not_found", applicationMessages.noSuchApplication);
  if (!selected || !canSeeStudents(member)) throw noSuch();
  if (!canSeeAllStudents(member) && selected.counsellorStaffId !== member.staffId) throw noSuch();
  const events = await deps.db
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, id))
    .orderBy(asc(applicationEvents.at), asc(applicationEvents.id));
  const now = nowOf(deps).getTime();
  const row = toRow(selected);
  const checklist = await checklistOf(deps, selected);
  const held = nextStages(row.status).flatMap((status) => {
    const reason = whyHeld(status, checklist);
    return reason ? [{ status, reason }] : [];
  });
  return {
    ...row,
    counsellorStaffId: selected.counsellorStaffId,
    events: events.map((event, i) => ({
      id: event.id,
      from: event.fromStatus,
      to: event.toStatus,
      note: event.note,
      details: event.details,
      actor: event.actorLabel,
      at: event.at,
      daysInStage: Math.floor(((events[i + 1]?.at.getTime() ?? now) - event.at.getTime()) / DAY_MS),
    })),
    checklist,
    moves: nextStages(row.status).filter((status) => !held.some((h) => h.status === status)),
    held,
  };
}

const currentYear = (deps: Pick<StaffDeps, "now">) => nowOf(deps).getUTCFullYear();

/** "2027-09": an intake as the console's intake list sends it (it stands for intakeMonth and intakeYear). */
const intakeKey = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The course's intake chosen from its list (`intake`), or a month and year chosen freely. */
const intakeFromList = (raw: unknown) => {
  if (typeof raw !== "object" || raw === null) return raw;
  const chosen = (raw as { intake?: unknown }).intake;
  const match = typeof chosen === "string" ? intakeKey.exec(chosen.trim()) : null;
  return match ? { ...raw, intakeYear: match[1], intakeMonth: match[2] } : raw;
};

export const newApplicationSchema = (deps: Pick<StaffDeps, "now">) =>
  z.preprocess(
    intakeFromList,
    z.object({
      intake: z.preprocess(blankToUndefined, z.string().regex(intakeKey, applicationMessages.chooseIntake).optional()),
      courseId: z.coerce.number({ error: applicationMessages.chooseCourse }).int().positive(applicationMessages.chooseCourse),
      intakeMonth: z.coerce
        .number({ error: applicationMessages.chooseIntake })
        .int()
        .min(1, applicationMessages.chooseIntake)
        .max(12, applicationMessages.chooseIntake),
      intakeYear: z.coerce
        .number({ error: applicationMessages.chooseIntake })
        .int()
        .min(currentYear(deps), applicationMessages.chooseIntake)
        .max(currentYear(deps) + INTAKE_YEARS_AHEAD, applicationMessages.chooseIntake),
      note: z.preprocess(blankToUndefined, z.string().trim().max(2000).optional()),
    }),
  );

function stageMail(
  deps: StaffDeps,
  to: { email: string; fullName: string },
  app: { course: string; university: string; status: ApplicationStatus },
) {
  const stage = stageOf(app.status);
  const link = mailLink(deps.siteAddress, "/user/applications");
  return {
    to: to.email,
    subject: `Your application to ${app.university}: ${app.status}`,
    text: [
      `Dear ${to.fullName},`,
      "",
      `Your application for ${app.course} at ${app.university} is now: ${app.status}.`,
      stage.studentLabel,
      "",
      `Next: ${stage.nextAction}`,
      "",
      `See your applications: ${link}`,
      "",
      "Ignite - Your academic Journey",
    ].join("\n"),
  };
}

type Tx = Parameters<Parameters<StaffDeps["db"]["transaction"]>[0]>[0];

/**
 * An application's row and the first event of its history, in the caller's transaction: the one way an
 * application opens, whether a counsellor creates it or the student starts it (decision 0055).
 */
async function openApplication(
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
  const [created] = await tx
    .insert(applications)
    .values({ ...row, createdByStaffId: staffId, stageEnteredAt: at, createdAt: at, updatedAt: at })
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

/**
 * Queues the student's mail about their application in the change's own transaction, with its audit
 * entry (decision 0034): the job queue sends it after the commit and retries it; it never undoes the change.
 */
async function queueStageMail(tx: Tx, deps: StaffDeps, member: StaffMember, applicationId: number, studentId: number) {
  if (!deps.mailer) return;
  const [row] = await selectApplications(deps, tx).where(eq(applications.id, applicationId));
  const [student] = await tx
    .select({ email: students.email, fullName: students.fullName })
    .from(students)
    .where(eq(students.id, studentId));
  if (!row || !student) return;
  const mail = stageMail(deps, student, row);
  await queueMail(tx, deps, mail, { studentId });
  await recordAudit(tx, member, {
    action: "student.emailed",
    subjectType: "application",
    subjectId: applicationId,
    studentId,
    after: { subject: mail.subject },
  });
}

/** A counsellor (or admin) creates an application for a student they look after: it starts Shortlisted. */
export async function createApplication(deps: StaffDeps, member: StaffMember, studentId: number, raw: unknown) {
  const student = await studentForStaff(deps.db, member, studentId);
  if (!canWorkStudents(member)) throw notAllowed();
  const input = parseInput(newApplicationSchema(deps), raw);
  // Only a course still offered: a retired course (or one of a retired university) takes no new applications.
  const [course] = await deps.db
    .select({ id: courses.id })
    .from(courses)
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .where(and(eq(courses.id, input.courseId), isNull(courses.retiredAt), isNull(universities.retiredAt)));
  if (!course)
    throw new AppError("invalid_input", applicationMessages.chooseCourse, { courseId: applicationMessages.chooseCourse });
  const now = nowOf(deps);
  // A course with upcoming intakes in the catalogue is applied to for one of them (decision 0019).
  const offered = (await upcomingIntakes(deps.db, [course.id], now)).get(course.id) ?? [];
  if (offered.length > 0 && !offered.some((i) => i.month === input.intakeMonth && i.year === input.intakeYear)) {
    const message = applicationMessages.notAnIntake(offered.map((i) => intakeText(i.month, i.year) ?? ""));
    throw new AppError("invalid_input", message, { intake: message });
  }
  const id = await deps.db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(
        and(
          eq(applications.studentId, student.id),
          eq(applications.courseId, input.courseId),
          notInArray(applications.status, [...closedStages]),
        ),
      );
    if (open) throw new AppError("conflict", applicationMessages.duplicate, { courseId: applicationMessages.duplicate });
    const created = await openApplication(tx, {
      studentId: student.id,
      courseId: input.courseId,
      status: "Shortlisted",
      intakeMonth: input.intakeMonth,
      intakeYear: input.intakeYear,
      note: input.note ?? null,
      staffId: member.staffId,
      actorLabel: `${member.fullName} (${member.role})`,
      at: now,
    });
    await recordAudit(tx, member, {
      action: "application.created",
      subjectType: "application",
      subjectId: created.id,
      studentId: student.id,
      after: { courseId: input.courseId, intake: intakeText(input.intakeMonth, input.intakeYear), status: "Shortlisted" },
    });
    await queueStageMail(tx, deps, member, created.id, student.id);
    return created.id;
  });
  await deliverWithoutQueue(deps);
  return getApplication(deps, member, id);
}

/** A move: the stage, an optional note, and the fields the stage requires (vocabulary/applications.ts). */
export const moveSchema = z.object({
  status: oneOf(applicationStatuses, applicationMessages.chooseStage),
  note: z.preprocess(blankToUndefined, z.string().trim().max(2000).optional()),
  details: z.record(z.string(), z.preprocess(blankToUndefined, z.string().trim().max(500).optional())).default({}),
});

/**
 * Moves an application to another stage, if the stage model allows it and the fields that stage
 * requires are given. Kept in its history with who, when and the note; audited; the student is mailed.
 */
export async function moveApplication(deps: StaffDeps, member: StaffMember, id: number, raw: unknown) {
  const current = await getApplication(deps, member, id);
  if (!canWorkStudents(member)) throw notAllowed();
  const input = parseInput(moveSchema, raw);
  const held = current.held.find((h) => h.status === input.status);
  // The model allows it, the record does not yet: a stage that says the documents are complete needs them so.
  if (held) throw new AppError("conflict", held.reason, { status: held.reason });
  if (!current.moves.includes(input.status)) {
    const message = applicationMessages.notAllowedMove(current.status, input.status);
    throw new AppError("invalid_input", message, { status: message });
  }
  const required = stageOf(input.status).requires;
  const missing: Record<string, string> = {};
  const given: Record<string, string> = {};
  for (const field of required) {
    const value = input.details[field.key];
    if (!value || (field.kind === "choice" && !field.options?.includes(value))) {
      missing[field.key] = applicationMessages.fieldRequired(field.label);
    } else if (field.kind === "date" && Number.isNaN(Date.parse(value))) {
      missing[field.key] = applicationMessages.fieldRequired(field.label);
    } else {
      given[field.key] = value;
    }
  }
  const firstMissing = Object.values(missing)[0];
  if (firstMissing) throw new AppError("invalid_input", firstMissing, missing);
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(applications)
      .set({ status: input.status, details: { ...current.details, ...given }, stageEnteredAt: now, updatedAt: now })
      // The stage it was read in: two counsellors moving it at once cannot both win.
      .where(and(eq(applications.id, id), eq(applications.status, current.status)))
      .returning({ id: applications.id });
    if (!moved) throw new AppError("conflict", applicationMessages.notAllowedMove(current.status, input.status));
    if (input.status === "Submitted") {
      // The counsellor records the day and the university's reference; the package is kept as sent (decision 0058).
      await tx
        .update(applications)
        .set({
          submittedOn: new Date(Date.parse(given.submittedOn ?? "")).toISOString().slice(0, 10),
          universityReference: given.universityReference,
        })
        .where(eq(applications.id, id));
      // Sent again after the university asked for more: the package kept is the latest one sent.
      await tx.delete(applicationPackageItems).where(eq(applicationPackageItems.applicationId, id));
      await freezePackage(tx, id, current.checklist);
    }
    await tx.insert(applicationEvents).values({
      applicationId: id,
      fromStatus: current.status,
      toStatus: input.status,
      note: input.note ?? null,
      details: given,
      actorStaffId: member.staffId,
      actorLabel: `${member.fullName} (${member.role})`,
      at: now,
    });
    await recordAudit(tx, member, {
      action: "application.moved",
      subjectType: "application",
      subjectId: id,
      studentId: current.studentId,
      before: { status: current.status },
      after: { status: input.status, note: input.note ?? null, ...given },
    });
    await queueStageMail(tx, deps, member, id, current.studentId);
  });
  await deliverWithoutQueue(deps);
  return getApplication(deps, member, id);
}

export const waiverSchema = z.object({
  item: z.string().trim().min(1).max(100),
  reason: z.string({ error: reviewMessages.enterWaiverReason }).trim().min(1, reviewMessages.enterWaiverReason).max(500),
});

/** Waives a checklist item for one application (the university does not need it); audited. */
export async function waiveChecklistItem(deps: StaffDeps, member: StaffMember, id: number, raw: unknown) {
  const current = await getApplication(deps, member, id);
  if (!canReviewDocuments(member) || !canWorkStudents(member)) throw notAllowed();
  const input = parseInput(waiverSchema, raw);
  if (!current.checklist.some((entry) => entry.item === input.item)) {
    throw new AppError("invalid_input", reviewMessages.noSuchDocument, { item: reviewMessages.noSuchDocument });
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(applicationWaivers)
      .values({ applicationId: id, item: input.item, reason: input.reason, staffId: member.staffId })
      .onConflictDoUpdate({
        target: [applicationWaivers.applicationId, applicationWaivers.item],
        set: { reason: input.reason, staffId: member.staffId },
      });
    await recordAudit(tx, member, {
      action: "application.item_waived",
      subjectType: "application",
      subjectId: id,
      studentId: current.studentId,
      after: { item: input.item, reason: input.reason },
    });
  });
  return getApplication(deps, member, id);
}

/** How many applications sit in each stage, for the board's column headings. */
export async function countByStage(deps: StaffDeps, member: StaffMember) {
  if (!canSeeStudents(member)) throw notAllowed();
  const rows = await deps.db
    .select({ status: applications.status, n: count() })
    .from(applications)
    .innerJoin(students, eq(students.id, applications.studentId))
    .where(canSeeAllStudents(member) ? undefined : eq(students.counsellorStaffId, member.staffId))
    .groupBy(applications.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Partial<Record<ApplicationStatus, number>>;
}

/** The country rules an admin edits (e.g. the APS certificate for Germany). */
export async function listCountryRules(deps: StaffDeps) {
  return deps.db
    .select({
      id: countryDocumentRules.id,
      countryId: countryDocumentRules.countryId,
      country: countries.name,
      label: countryDocumentRules.label,
      attachmentType: countryDocumentRules.attachmentType,
      forVisa: countryDocumentRules.forVisa,
    })
    .from(countryDocumentRules)
    .innerJoin(countries, eq(countries.id, countryDocumentRules.countryId))
    .orderBy(asc(countries.name), asc(countryDocumentRules.label));
}

export const countryRuleSchema = z.object({
  countryId: z.coerce.number({ error: "Choose a country" }).int().positive("Choose a country"),
  label: z.string({ error: "Name the document" }).trim().min(1, "Name the document").max(100),
  attachmentType: oneOf(attachmentTypes, "Choose where the student uploads it"),
  /** Asked for the visa plan's checklist (decision 0040) rather than the application's. */
  forVisa: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()).default(false),
});

/** An admin adds a document every application to a country needs (e.g. the APS certificate for Germany); audited. */
export async function addCountryRule(deps: StaffDeps, member: StaffMember, raw: unknown) {
  if (!canManageStaff(member)) throw notAllowed();
  const input = parseInput(countryRuleSchema, raw);
  const [country] = await deps.db.select({ id: countries.id }).from(countries).where(eq(countries.id, input.countryId));
  if (!country) throw new AppError("invalid_input", "Choose a country", { countryId: "Choose a country" });
  await deps.db.transaction(async (tx) => {
    const [rule] = await tx.insert(countryDocumentRules).values(input).onConflictDoNothing().returning();
    if (!rule) throw new AppError("conflict", "This country already has a document of that name.", { label: "Already listed" });
    await recordAudit(tx, member, {
      action: "document_rule.added",
      subjectType: "document_rule",
      subjectId: rule.id,
      after: input,
    });
  });
}

/** Removes a country's document rule; applications stop listing it. Audited. */
export async function removeCountryRule(deps: StaffDeps, member: StaffMember, id: number) {
  if (!canManageStaff(member)) throw notAllowed();
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx.delete(countryDocumentRules).where(eq(countryDocumentRules.id, id)).returning();
    if (!removed) throw new AppError("not_found", "No such document rule.");
    await recordAudit(tx, member, {
      action: "document_rule.removed",
      subjectType: "document_rule",
      subjectId: id,
      before: { countryId: removed.countryId, label: removed.label, attachmentType: removed.attachmentType },
    });
  });
}

// ---- The student's side: starting an application from the portal, its package, withdrawing (decisions 0055-0058)

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

/** "15 December 2026": a deadline as the student reads it (a calendar day, the university's, read in India). */
export const deadlineText = (day: string) =>
  new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

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
    .where(and(eq(courses.id, input.courseId), isNull(courses.retiredAt), isNull(universities.retiredAt)));
  if (!course) throw new AppError("not_found", applicationMessages.courseNotOffered);
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

/**
 * An intake staff removed from a course (decision 0055): the open applications that name it keep their
 * month and year; each one's counsellor is mailed once, through the outbox in the removal's transaction,
 * with the students and what to do. Applications already closed are left alone.
 */
export async function tellCounsellorsOfRemovedIntake(
  tx: Tx,
  deps: Pick<StaffDeps, "jobs" | "siteAddress">,
  intake: { courseId: number; month: number; year: number; deadline: string | null },
  staffContact: (db: Pick<Database, "select">, staffId: number) => Promise<{ email: string; fullName: string } | undefined>,
): Promise<void> {
  const affected = await tx
    .select({
      id: applications.id,
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
      and(
        eq(applications.courseId, intake.courseId),
        eq(applications.intakeMonth, intake.month),
        eq(applications.intakeYear, intake.year),
        notInArray(applications.status, [...closedStages]),
      ),
    )
    .orderBy(asc(applications.id));
  const intakeName = intakeText(intake.month, intake.year) ?? "";
  for (const staffId of new Set(affected.flatMap((a) => (a.counsellorStaffId === null ? [] : [a.counsellorStaffId])))) {
    const member = await staffContact(tx, staffId);
    if (!member) continue;
    const theirs = affected.filter((a) => a.counsellorStaffId === staffId);
    const first = theirs[0];
    if (!first) continue;
    await queueMail(
      tx,
      deps,
      {
        to: member.email,
        subject: `The ${intakeName} intake of ${first.course} was removed: ${theirs.length} ${theirs.length === 1 ? "application names" : "applications name"} it`,
        text: [
          `Dear ${member.fullName},`,
          "",
          `The catalogue no longer lists the ${intakeName} intake of ${first.course} at ${first.university}${intake.deadline ? ` (it had the deadline ${deadlineText(intake.deadline)})` : ""}.`,
          "These applications still name it, as they were made; check with the university and the student:",
          ...theirs.map((a) => `  ${a.studentName}: ${mailLink(deps.siteAddress, `/staff/applications/${a.id}`)}`),
          "",
          "Ignite - Your academic Journey",
        ].join("\n"),
      },
      { studentId: null },
    );
  }
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
 * The student records the application fee as paid (decision 0057): the receipt they uploaded (the current
 * "Application fee receipt") becomes this application's, kept even if they upload another for the next.
 * The counsellor reviews it like any document; the portal takes no payment.
 */
export async function recordFeePaid(deps: ApplyingDeps, studentId: number, applicationId: number): Promise<void> {
  const current = await ownApplication(deps.db, studentId, applicationId);
  const checklist = await checklistOf(deps, current);
  const fee = checklist.find((entry) => entry.item === APPLICATION_FEE_ITEM);
  if (!fee) throw new AppError("conflict", applicationMessages.noFeeAsked);
  if (fee.state === "Waived" || fee.state === "Approved" || (await frozenPackage(deps.db, applicationId)).length)
    throw new AppError("conflict", applicationMessages.feeAlreadySettled);
  const [receipt] = await deps.db
    .select({ id: studentFiles.id })
    .from(studentFiles)
    .where(
      and(
        eq(studentFiles.studentId, studentId),
        eq(studentFiles.attachmentType, FEE_RECEIPT_TYPE),
        isNull(studentFiles.supersededAt),
      ),
    );
  if (!receipt)
    throw new AppError("invalid_input", applicationMessages.uploadReceiptFirst, { file: applicationMessages.uploadReceiptFirst });
  await deps.db
    .update(applications)
    .set({ feeReceiptFileId: receipt.id, feePaidOn: indianDay(nowOf(deps)), updatedAt: nowOf(deps) })
    .where(eq(applications.id, applicationId));
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
      courseRetiredAt: courses.retiredAt,
      universityRetiredAt: universities.retiredAt,
      feePaidOn: applications.feePaidOn,
      submittedOn: applications.submittedOn,
      universityReference: applications.universityReference,
      applicationFeeAmount: courses.applicationFeeAmount,
      applicationFeeCurrency: courses.applicationFeeCurrency,
    })
    .from(applications)
    .innerJoin(courses, eq(courses.id, applications.courseId))
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .where(eq(applications.id, applicationId));
  if (!row) throw new AppError("not_found", applicationMessages.noSuchApplication);
  const [checklist, sent, [listed], [receipt]] = await Promise.all([
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
    deps.db
      .select({ id: studentFiles.id })
      .from(studentFiles)
      .where(
        and(
          eq(studentFiles.studentId, studentId),
          eq(studentFiles.attachmentType, FEE_RECEIPT_TYPE),
          isNull(studentFiles.supersededAt),
        ),
      ),
  ]);
  const stage = stageOf(row.status);
  // Read from the course's intake (never copied): one staff removed since leaves the application its month and year.
  const deadline = listed?.deadline ?? null;
  return {
    ...row,
    intake: intakeText(row.intakeMonth, row.intakeYear),
    /** The course no longer lists the intake applied for (staff removed it); the application keeps it. */
    intakeGone: Boolean(row.intakeMonth && row.intakeYear && !listed),
    deadline,
    deadlinePassed: deadlinePassed(deadline, nowOf(deps)),
    retired: Boolean(row.courseRetiredAt || row.universityRetiredAt),
    stageLabel: stage.studentLabel,
    nextAction: stage.nextAction,
    waitingOn: stage.waitingOn,
    mayWithdraw: (unsubmittedStages as readonly string[]).includes(row.status),
    frozen: sent.length > 0,
    /** A current "Application fee receipt" is uploaded, so the fee can be recorded paid with it. */
    receiptUploaded: Boolean(receipt),
    /** The package as things are now. */
    checklist,
    /** The package as it was sent (decision 0058): empty before the submission is recorded. */
    sent,
  };
}

/** The student's side of applications (decision 0055): start, read one, withdraw, record the fee paid. */
export function createApplyingService(deps: ApplyingDeps) {
  return {
    openIntakes: (courseId: number) => openIntakes(deps.db, courseId, nowOf(deps)),
    start: (studentId: number, raw: unknown) => startApplication(deps, studentId, raw),
    get: (studentId: number, applicationId: number) => studentApplication(deps, studentId, applicationId),
    withdraw: (studentId: number, applicationId: number) => withdrawApplication(deps, studentId, applicationId),
    recordFeePaid: (studentId: number, applicationId: number) => recordFeePaid(deps, studentId, applicationId),
    fileKept: (studentId: number, fileId: number) => fileKeptForStudent(deps.db, studentId, fileId),
  };
}
export type ApplyingService = ReturnType<typeof createApplyingService>;

/** Applications as staff move them, and the document rules by country (decision 0031). */
export const applicationsConsole = (deps: StaffDeps) => ({
  list: (actor: StaffMember, filters: unknown) => listApplications(deps, actor, filters),
  byStage: (actor: StaffMember) => countByStage(deps, actor),
  /** How many applications the list holds for the address's filters (the staff home's figures). */
  count: (actor: StaffMember, filters: unknown) => countApplications(deps, actor, filters),
  get: (actor: StaffMember, id: number) => getApplication(deps, actor, id),
  create: (actor: StaffMember, studentId: number, raw: unknown) => createApplication(deps, actor, studentId, raw),
  move: (actor: StaffMember, id: number, raw: unknown) => moveApplication(deps, actor, id, raw),
  waiveChecklistItem: (actor: StaffMember, id: number, raw: unknown) => waiveChecklistItem(deps, actor, id, raw),
  countryDocumentRules: () => listCountryRules(deps),
  addCountryDocumentRule: (actor: StaffMember, raw: unknown) => addCountryRule(deps, actor, raw),
  removeCountryDocumentRule: (actor: StaffMember, id: number) => removeCountryRule(deps, actor, id),
});

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
