import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { PROFILE_PHOTO } from "../../vocabulary/documents.ts";
import { type ContactChannel, contactChannelLabels, privacyMessages } from "../../vocabulary/privacy.ts";
import {
  emailTemplateNames,
  emailTemplates,
  fillTemplate,
  recordMessages,
  STUDENTS_PAGE_SIZE,
} from "../../vocabulary/records.ts";
import { qualificationLevels } from "../../vocabulary/students.ts";
import { type ApplicationRow, applicationsOfStudent } from "../applications/applications.ts";
import { recordAudit } from "../audit-log.ts";
import type { StaffDeps } from "../deps.ts";
import { nowOf } from "../deps.ts";
import { documentVersions, type ReviewedFile } from "../documents/documents.ts";
import { studentFiles } from "../documents/tables.ts";
import { erasureRequestSchema } from "../erasure-request.ts";
import { AppError } from "../errors.ts";
import { blankToUndefined, containing, oneOf } from "../fields.ts";
import { consultations } from "../leads/tables.ts";
import { deliverWithoutQueue, queueMail } from "../outbox.ts";
import {
  canChooseCounsellor,
  canEraseStudents,
  canSeeAllStudents,
  canSeeStudents,
  canWorkStudents,
  notAllowed,
  type StaffMember,
} from "../policies.ts";
import { staff } from "../staff/tables.ts";
import { studentForStaff } from "../student-access.ts";
import { auditLog } from "../tables.ts";
import { parseInput } from "../validation.ts";
import { personalDetails, savedCoursePlaces } from "./personal-details.ts";
import { studentNotes, studentQualifications, students } from "./tables.ts";

export interface StudentListRow {
  id: number;
  fullName: string;
  email: string;
  phone: string;
  counsellor: string | null;
  applications: number;
  createdAt: Date;
}

export interface TimelineEntry {
  at: Date;
  kind: "note" | "staff" | "upload" | "booking";
  text: string;
  /** Who did it: a staff member, the student, or the system. */
  actor: string;
}

export interface StudentRecord {
  id: number;
  fullName: string;
  email: string;
  phone: string;
  gender: string | null;
  dateOfBirth: string | null;
  passportNo: string | null;
  address: string | null;
  createdAt: Date;
  counsellorStaffId: number | null;
  counsellor: string | null;
  /** How the student wants to be contacted and whether they want news and offers (decision 0024). */
  preferredContact: ContactChannel;
  newsAndOffers: boolean;
  consentVersion: string | null;
  consentedAt: Date | null;
  marks: { qualification: string; percentage: number | null; cgpa: number | null }[];
  /** "IELTS 6.5", or null when the student gave no English test (decision 0027). */
  englishTest: string | null;
  /** "GRE 318", "GMAT 655", both joined, or null (decision 0041). */
  admissionsTests: string | null;
  documents: ReviewedFile[];
  savedCourses: { courseId: number; course: string; university: string; country: string }[];
  applications: ApplicationRow[];
  notes: { id: number; body: string; author: string; at: Date }[];
  timeline: TimelineEntry[];
}

export const studentFiltersSchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** Students the member may see, newest first: everyone's for admins and read-only staff, a counsellor's own otherwise. */
export async function listStudents(deps: StaffDeps, member: StaffMember, raw: unknown, pageSize = STUDENTS_PAGE_SIZE) {
  if (!canSeeStudents(member)) throw notAllowed();
  const filters = parseInput(studentFiltersSchema, raw);
  const conditions: (SQL | undefined)[] = [
    canSeeAllStudents(member) ? undefined : eq(students.counsellorStaffId, member.staffId),
  ];
  if (filters.q) {
    const like = containing(filters.q);
    conditions.push(or(ilike(students.fullName, like), ilike(students.email, like), ilike(students.phone, like)));
  }
  const where = and(...conditions);
  const [totals, rows] = await Promise.all([
    deps.db.select({ total: count() }).from(students).where(where),
    deps.db
      .select({
        id: students.id,
        fullName: students.fullName,
        email: students.email,
        phone: students.phone,
        counsellor: staff.fullName,
        createdAt: students.createdAt,
      })
      .from(students)
      .leftJoin(staff, eq(staff.id, students.counsellorStaffId))
      .where(where)
      .orderBy(desc(students.createdAt), desc(students.id))
      .limit(pageSize)
      .offset((filters.page - 1) * pageSize),
  ]);
  return { students: rows, total: totals[0]?.total ?? 0, page: filters.page, pageSize, filters };
}

/** What an audit entry about a student says on their timeline. */
function describe(entry: { action: string; after: unknown; before: unknown }): string {
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const before = (entry.before ?? {}) as Record<string, unknown>;
  switch (entry.action) {
    case "application.created":
      return `Application created (${after.intake ?? "no intake"})`;
    case "application.moved":
      return `Application moved from ${before.status} to ${after.status}${after.note ? `: ${after.note}` : ""}`;
    case "application.item_waived":
      return `${after.item} waived: ${after.reason}`;
    case "document.approved":
      return `${after.attachmentType} approved`;
    case "document.correction_requested":
      return `Correction asked for ${after.attachmentType} (${after.reviewReason}): ${after.reviewMessage}`;
    case "document.viewed":
      return `${after.attachmentType} opened`;
    case "document.downloaded":
      return `${after.attachmentType} downloaded`;
    case "student.emailed":
      return `E-mail sent: ${after.subject}`;
    case "student.counsellor_changed":
      return `Counsellor changed to ${after.counsellor}`;
    default:
      return entry.action.replace(/[._]/g, " ");
  }
}

/** The whole record of one student the member may see (a counsellor reaching another's student gets 404). */
export async function getStudentRecord(deps: StaffDeps, member: StaffMember, studentId: number): Promise<StudentRecord> {
  const student = await studentForStaff(deps.db, member, studentId);
  const [counsellor] = student.counsellorStaffId
    ? await deps.db.select({ fullName: staff.fullName }).from(staff).where(eq(staff.id, student.counsellorStaffId))
    : [];
  const [marks, documents, saved, applicationRows, notes, entries, uploads, bookings] = await Promise.all([
    deps.db.select().from(studentQualifications).where(eq(studentQualifications.studentId, studentId)),
    documentVersions(deps, studentId),
    savedCoursePlaces(deps.db, studentId, "newest").then((rows) => rows.map(({ savedAt: _, ...course }) => course)),
    applicationsOfStudent(deps, studentId),
    deps.db
      .select({ id: studentNotes.id, body: studentNotes.body, author: staff.fullName, at: studentNotes.createdAt })
      .from(studentNotes)
      .leftJoin(staff, eq(staff.id, studentNotes.authorStaffId))
      .where(eq(studentNotes.studentId, studentId))
      .orderBy(desc(studentNotes.createdAt), desc(studentNotes.id)),
    deps.db.select().from(auditLog).where(eq(auditLog.studentId, studentId)).orderBy(desc(auditLog.id)).limit(200),
    deps.db
      .select({ type: studentFiles.attachmentType, at: studentFiles.createdAt })
      .from(studentFiles)
      .where(eq(studentFiles.studentId, studentId)),
    deps.db
      .select({ at: consultations.createdAt, destination: consultations.studyDestination, source: consultations.source })
      .from(consultations)
      .where(or(eq(consultations.studentId, studentId), eq(consultations.email, student.email))),
  ]);
  const timeline: TimelineEntry[] = [
    ...notes.map((n) => ({ at: n.at, kind: "note" as const, text: n.body, actor: n.author ?? "Former staff" })),
    ...entries
      // Notes are listed themselves; so are messages (the screen adds the conversation), whose readings
      // are in the audit log and the student's access log rather than here.
      .filter((e) => e.action !== "student.note_added" && !e.action.startsWith("conversation."))
      .map((e) => ({ at: e.at, kind: "staff" as const, text: describe(e), actor: e.actorLabel })),
    ...uploads.map((u) => ({
      at: u.at,
      kind: "upload" as const,
      text: u.type === PROFILE_PHOTO ? "Profile photo uploaded" : `${u.type} uploaded`,
      actor: student.fullName,
    })),
    ...bookings.map((b) => ({
      at: b.at,
      kind: "booking" as const,
      text: `Booked a free consultation (${b.destination}, ${b.source})`,
      actor: student.fullName,
    })),
    { at: student.createdAt, kind: "upload" as const, text: "Signed up", actor: student.fullName },
  ].sort((a, b) => b.at.getTime() - a.at.getTime());
  return {
    id: student.id,
    ...personalDetails(student),
    createdAt: student.createdAt,
    counsellorStaffId: student.counsellorStaffId,
    counsellor: counsellor?.fullName ?? null,
    preferredContact: student.preferredContact,
    newsAndOffers: student.newsAndOffers,
    consentVersion: student.consentVersion,
    consentedAt: student.consentedAt,
    englishTest:
      student.englishTest && student.englishScore !== null ? `${student.englishTest} ${Number(student.englishScore)}` : null,
    admissionsTests:
      [
        student.greScore === null ? null : `GRE ${student.greScore}`,
        student.gmatScore === null ? null : `GMAT ${student.gmatScore}`,
      ]
        .filter((s) => s !== null)
        .join(", ") || null,
    marks: qualificationLevels.map((level) => {
      const row = marks.find((m) => m.qualification === level);
      return {
        qualification: level,
        percentage: row?.percentage ? Number(row.percentage) : null,
        cgpa: row?.cgpa ? Number(row.cgpa) : null,
      };
    }),
    documents,
    savedCourses: saved,
    applications: applicationRows,
    notes: notes.map((n) => ({ ...n, author: n.author ?? "Former staff" })),
    timeline,
  };
}

export const noteSchema = z.object({
  body: z.string({ error: recordMessages.enterNote }).trim().min(1, recordMessages.enterNote).max(5000),
});

/** An internal note on the student's record: staff only, never shown to the student. */
export async function addNote(deps: StaffDeps, member: StaffMember, studentId: number, raw: unknown) {
  const student = await studentForStaff(deps.db, member, studentId);
  if (!canWorkStudents(member)) throw notAllowed();
  const input = parseInput(noteSchema, raw);
  await deps.db.transaction(async (tx) => {
    const [note] = await tx
      .insert(studentNotes)
      .values({ studentId: student.id, authorStaffId: member.staffId, body: input.body, createdAt: nowOf(deps) })
      .returning({ id: studentNotes.id });
    await recordAudit(tx, member, {
      action: "student.note_added",
      subjectType: "student",
      subjectId: student.id,
      studentId: student.id,
      after: { noteId: note?.id },
    });
  });
}

export const emailSchema = z.object({
  template: oneOf(emailTemplateNames, recordMessages.chooseTemplate),
  subject: z.string({ error: recordMessages.enterSubject }).trim().min(1, recordMessages.enterSubject).max(200),
  body: z.string({ error: recordMessages.enterBody }).trim().min(1, recordMessages.enterBody).max(10_000),
  /** Ticked when the student prefers another way to be contacted and the counsellor e-mails all the same. */
  acknowledgeChannel: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()).default(false),
});

/** The template's subject and message for this student, as the e-mail form starts them. */
export function emailDraft(member: StaffMember, student: { fullName: string }, template: keyof typeof emailTemplates) {
  const values = { name: student.fullName, counsellor: member.fullName };
  const chosen = emailTemplates[template];
  return { subject: fillTemplate(chosen.subject, values), body: fillTemplate(chosen.body, values) };
}

/**
 * E-mails the student from their record; logged on the timeline. The mail and its audit entry are one
 * unit (decision 0034): both are written in one transaction and the job queue sends the mail after it
 * commits, so a mail the log does not show is never sent, and a retried job never sends it twice.
 */
export async function emailStudent(deps: StaffDeps, member: StaffMember, studentId: number, raw: unknown) {
  const student = await studentForStaff(deps.db, member, studentId);
  if (!canWorkStudents(member)) throw notAllowed();
  const input = parseInput(emailSchema, raw);
  // The student chose another way to be contacted: the counsellor is warned first and confirms (decision 0024).
  if (student.preferredContact !== "email" && !input.acknowledgeChannel) {
    const message = privacyMessages.acknowledgeChannel(contactChannelLabels[student.preferredContact]);
    throw new AppError("conflict", message, { acknowledgeChannel: message });
  }
  if (!deps.mailer) throw new AppError("unavailable", recordMessages.emailFailed);
  await deps.db.transaction(async (tx) => {
    await queueMail(tx, deps, { to: student.email, subject: input.subject, text: input.body }, { studentId: student.id });
    await recordAudit(tx, member, {
      action: "student.emailed",
      subjectType: "student",
      subjectId: student.id,
      studentId: student.id,
      after: {
        subject: input.subject,
        template: input.template,
        ...(student.preferredContact !== "email" ? { despitePreferred: student.preferredContact } : {}),
      },
    });
  });
  await deliverWithoutQueue(deps);
  return { email: student.email };
}

export const counsellorSchema = z.object({
  counsellorStaffId: z.coerce.number({ error: recordMessages.chooseCounsellor }).int(),
});

/** An admin chooses who looks after a student (an active counsellor); audited. The only path that moves a student. */
export async function assignCounsellor(deps: StaffDeps, member: StaffMember, studentId: number, raw: unknown) {
  const student = await studentForStaff(deps.db, member, studentId);
  if (!canChooseCounsellor(member)) throw notAllowed();
  const input = parseInput(counsellorSchema, raw);
  const [counsellor] = await deps.db
    .select({ id: staff.id, fullName: staff.fullName })
    .from(staff)
    .where(and(eq(staff.id, input.counsellorStaffId), eq(staff.role, "counsellor"), isNull(staff.disabledAt)));
  if (!counsellor) {
    throw new AppError("invalid_input", recordMessages.chooseCounsellor, { counsellorStaffId: recordMessages.chooseCounsellor });
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(students).set({ counsellorStaffId: counsellor.id }).where(eq(students.id, student.id));
    await recordAudit(tx, member, {
      action: "student.counsellor_changed",
      subjectType: "student",
      subjectId: student.id,
      studentId: student.id,
      before: { counsellorStaffId: student.counsellorStaffId },
      after: { counsellorStaffId: counsellor.id, counsellor: counsellor.fullName },
    });
  });
  return counsellor;
}

/** Active counsellors, for the choosers of the console. */
export async function activeCounsellors(deps: StaffDeps) {
  return (
    deps.db
      .select({ id: staff.id, fullName: staff.fullName })
      .from(staff)
      // Not one still invited: they cannot sign in yet.
      .where(and(eq(staff.role, "counsellor"), isNull(staff.disabledAt), isNotNull(staff.passwordHash)))
      .orderBy(asc(staff.fullName))
  );
}

/**
 * Erases a student on a request that came by mail or phone (admins, decision 0024): the reason says how
 * the request came, the student's e-mail typed again confirms which record; the privacy module erases
 * and audits it as this member's act.
 */
export async function eraseStudent(deps: StaffDeps, member: StaffMember, studentId: number, raw: unknown) {
  const student = await studentForStaff(deps.db, member, studentId);
  if (!canEraseStudents(member) || !deps.eraseStudent) throw notAllowed();
  const input = parseInput(erasureRequestSchema, raw);
  if (input.confirmEmail !== student.email) {
    throw new AppError("invalid_input", privacyMessages.confirmEmailMismatch, {
      confirmEmail: privacyMessages.confirmEmailMismatch,
    });
  }
  return deps.eraseStudent(student.id, member, { by: "staff", reason: input.reason });
}
