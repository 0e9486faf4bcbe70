import { and, asc, between, count, desc, eq, gte, ilike, inArray, isNull, notInArray, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { isUniqueViolation } from "../../platform/db/client.ts";
import {
  type ApplicationStatus,
  applicationMessages,
  applicationStatuses,
  closedStages,
  INTAKE_YEARS_AHEAD,
  nextStages,
  stageOf,
  waitingOnValues,
} from "../../vocabulary/applications.ts";
import { DUE_FILTER_MAX_DAYS, packageOpenStages } from "../../vocabulary/deadlines.ts";
import { attachmentTypes, reviewMessages } from "../../vocabulary/documents.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import { recordAudit } from "../audit-log.ts";
import { countries, courseIntakes, courses, universities } from "../catalogue/tables.ts";
import type { StaffDeps } from "../deps.ts";
import { nowOf } from "../deps.ts";
import { AppError } from "../errors.ts";
import { blankToUndefined, calendarDay, containing, oneOf } from "../fields.ts";
import { upcomingIntakes } from "../intakes.ts";
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
import { type ChecklistItem, checklistOf, freezePackage, outstandingItems } from "./package.ts";
import {
  type ApplicationEvent,
  type ApplicationRow,
  intakeKey,
  intakeNamed,
  intakeText,
  openApplication,
  selectApplications,
  type Tx,
  toRow,
} from "./records.ts";
import { applicationEvents, applicationPackageItems, applications, applicationWaivers, countryDocumentRules } from "./tables.ts";

/** A real day written YYYY-MM-DD in the product's range (decision 0048). */
const isCalendarDay = (value: string) => calendarDay("").safeParse(value).success;

export interface ApplicationDetail extends ApplicationRow {
  counsellorStaffId: number | null;
  events: ApplicationEvent[];
  checklist: ChecklistItem[];
  /** The stages it may move to now. */
  moves: ApplicationStatus[];
  /** The stages the model allows next that the record does not yet (decision 0035), each with why. */
  held: { status: ApplicationStatus; reason: string }[];
}

/** Why the record does not allow a move into `to` yet, or null when it does. */
function whyHeld(to: ApplicationStatus, checklist: readonly ChecklistItem[]): string | null {
  if (!stageOf(to).documentsComplete) return null;
  const outstanding = outstandingItems(checklist);
  return outstanding.length ? applicationMessages.documentsIncomplete(to, outstanding) : null;
}

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
  /** Only open applications whose intake staff changed (deadline moved, or removed) within this many days (decision 0085). */
  changed: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(DUE_FILTER_MAX_DAYS).optional()),
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
    conditions.push(inArray(applications.status, [...packageOpenStages]), between(courseIntakes.deadline, today, last));
  }
  if (filters.changed !== undefined)
    conditions.push(
      notInArray(applications.status, [...closedStages]),
      gte(applications.intakeChangedAt, new Date(now.getTime() - filters.changed * 86_400_000)),
    );
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
    .leftJoin(courseIntakes, intakeNamed)
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

/**
 * The application as a staff member opens it (the console's page, the staff API's read): the same read,
 * recorded in the audit log as every staff view of a student's data is (decision 0055), so the student's
 * "who has seen my data" lists it. The reads after a move or a waiver are the member's own action and are
 * audited as that action.
 */
export async function viewApplication(deps: StaffDeps, member: StaffMember, id: number): Promise<ApplicationDetail> {
  const application = await getApplication(deps, member, id);
  await recordAudit(deps.db, member, {
    action: "application.viewed",
    subjectType: "application",
    subjectId: id,
    studentId: application.studentId,
    after: { course: application.course, university: application.university },
  });
  return application;
}

const currentYear = (deps: Pick<StaffDeps, "now">) => nowOf(deps).getUTCFullYear();

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
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
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
  } catch (error) {
    // The student started the same course and intake at the same moment (decision 0055): the unique index
    // lets one in, and the counsellor is told as the check above tells them.
    if (isUniqueViolation(error))
      throw new AppError("conflict", applicationMessages.duplicate, { courseId: applicationMessages.duplicate });
    throw error;
  }
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
    } else if (field.kind === "date" && !isCalendarDay(value)) {
      // A day as the console's date field sends it: "12/11/2026" would be read month first, the wrong way round.
      missing[field.key] = applicationMessages.dayAsked(field.label);
    } else {
      given[field.key] = field.kind === "date" ? value.trim() : value;
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
          submittedOn: given.submittedOn ?? null,
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

/** Applications as staff move them, and the document rules by country (decision 0031). */
export const applicationsConsole = (deps: StaffDeps) => ({
  list: (actor: StaffMember, filters: unknown) => listApplications(deps, actor, filters),
  byStage: (actor: StaffMember) => countByStage(deps, actor),
  /** How many applications the list holds for the address's filters (the staff home's figures). */
  count: (actor: StaffMember, filters: unknown) => countApplications(deps, actor, filters),
  get: (actor: StaffMember, id: number) => getApplication(deps, actor, id),
  /** The application as staff open it to read: audited as a staff view of the student's data. */
  view: (actor: StaffMember, id: number) => viewApplication(deps, actor, id),
  create: (actor: StaffMember, studentId: number, raw: unknown) => createApplication(deps, actor, studentId, raw),
  move: (actor: StaffMember, id: number, raw: unknown) => moveApplication(deps, actor, id, raw),
  waiveChecklistItem: (actor: StaffMember, id: number, raw: unknown) => waiveChecklistItem(deps, actor, id, raw),
  countryDocumentRules: () => listCountryRules(deps),
  addCountryDocumentRule: (actor: StaffMember, raw: unknown) => addCountryRule(deps, actor, raw),
  removeCountryDocumentRule: (actor: StaffMember, id: number) => removeCountryRule(deps, actor, id),
});
