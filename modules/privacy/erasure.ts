import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { RateLimitRule } from "../../platform/rate-limit.ts";
import { PASSWORD_MAX_LENGTH } from "../../vocabulary/accounts.ts";
import { PROFILE_PHOTO } from "../../vocabulary/documents.ts";
import { privacyMessages } from "../../vocabulary/privacy.ts";
import { applications } from "../applications/tables.ts";
import { type AuditActor, recordAudit } from "../audit-log.ts";
import { studentFiles } from "../documents/tables.ts";
import { AppError, notFound } from "../errors.ts";
import { deleteLeads } from "../leads/leads.ts";
import { consultations } from "../leads/tables.ts";
import { letterDataOf } from "../letters/letters.ts";
import { enforceLimit } from "../limits.ts";
import { dropWaitingMail } from "../outbox.ts";
import { passwordMatches } from "../passwords.ts";
import { deleteStudentRow } from "../students/students.ts";
import { students } from "../students/tables.ts";
import { parseInput } from "../validation.ts";
import { visaDataOf } from "../visas/visas.ts";
import { type PrivacyDeps, privacyJobs, removeStored } from "./deps.ts";
import { dataExports } from "./tables.ts";

/** What an erasure removed, in counts only (the audit entry keeps these, never a name or an address). */
export interface ErasureSummary {
  documents: number;
  applications: number;
  bookings: number;
  files: number;
}

export interface ErasureRequest {
  /** Who asked: the student on their profile, or staff acting on a request that came by mail. */
  by: "student" | "staff";
  /** For staff: how and when the request came. */
  reason?: string;
}

/** The report rows that outlive the erasure as anonymous counts (decision 0024, migration 0018). */
async function keepReportCounts(tx: Pick<PrivacyDeps["db"], "execute">, bookingIds: number[], applicationIds: number[]) {
  if (bookingIds.length) {
    await tx.execute(
      sql`update report_leads set anonymous = true where consultation_id in (${sql.join(
        bookingIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  if (applicationIds.length) {
    const ids = sql.join(
      applicationIds.map((id) => sql`${id}`),
      sql`, `,
    );
    await tx.execute(sql`update report_stays set anonymous = true where application_id in (${ids})`);
    await tx.execute(sql`update report_outcomes set anonymous = true where application_id in (${ids})`);
  }
}

/**
 * Erases a student (decision 0024): in one transaction their report rows are kept as anonymous counts,
 * their bookings (made logged in, or with their e-mail, and the duplicates merged into those) are
 * deleted, and the account goes with everything that hangs on it (profile, marks, interests, comparison,
 * documents and photo, applications and their history, notes, tasks, sessions, codes, consents,
 * exports, parent links and their openings); the erasure is audited. Then the stored files are removed (and again by a job, should
 * this process stop first). The same e-mail may sign up again at once.
 */
export async function eraseStudent(
  deps: PrivacyDeps,
  studentId: number,
  actor: AuditActor,
  request: ErasureRequest,
): Promise<ErasureSummary> {
  const { summary, keys } = await deps.db.transaction(async (tx) => {
    const [student] = await tx
      .select({ id: students.id, email: students.email })
      .from(students)
      .where(eq(students.id, studentId))
      .for("update");
    if (!student) throw notFound("Student");
    const files = await tx
      .select({ storageKey: studentFiles.storageKey, attachmentType: studentFiles.attachmentType })
      .from(studentFiles)
      .where(eq(studentFiles.studentId, studentId));
    const recordings = await visaDataOf.recordingKeysOf(tx, studentId);
    // Letters their recommenders uploaded, waived or not (decision 0075): the rows go with the student's.
    const letters = await letterDataOf.letterKeysOf(tx, studentId);
    const exports = await tx
      .select({ storageKey: dataExports.storageKey })
      .from(dataExports)
      .where(eq(dataExports.studentId, studentId));
    const ownBookings = await tx
      .select({ id: consultations.id })
      .from(consultations)
      .where(or(eq(consultations.studentId, studentId), eq(consultations.email, student.email)));
    const merged = ownBookings.length
      ? await tx
          .select({ id: consultations.id })
          .from(consultations)
          .where(
            inArray(
              consultations.mergedIntoId,
              ownBookings.map((b) => b.id),
            ),
          )
      : [];
    const bookingIds = [...new Set([...ownBookings, ...merged].map((b) => b.id))];
    const applicationIds = (
      await tx.select({ id: applications.id }).from(applications).where(eq(applications.studentId, studentId))
    ).map((a) => a.id);

    await keepReportCounts(tx, bookingIds, applicationIds);
    await deleteLeads(tx, bookingIds);
    await deleteStudentRow(tx, studentId);
    // Mail still waiting to go to them (their own rows go with the student row; a lead's invitation by address).
    await dropWaitingMail(tx, student.email);

    const summary: ErasureSummary = {
      documents: files.filter((f) => f.attachmentType !== PROFILE_PHOTO).length,
      applications: applicationIds.length,
      bookings: bookingIds.length,
      files: files.length + recordings.length + letters.length + exports.filter((e) => e.storageKey).length,
    };
    await recordAudit(tx, actor, {
      action: "student.erased",
      subjectType: "student",
      subjectId: studentId,
      studentId,
      after: { by: request.by, ...(request.reason ? { reason: request.reason } : {}), ...summary },
    });
    const keys = [
      ...files.map((f) => f.storageKey),
      ...recordings,
      ...letters,
      ...exports.flatMap((e) => (e.storageKey ? [e.storageKey] : [])),
    ];
    // Should this process stop before the files below are removed, the job removes them.
    if (keys.length) await deps.jobs?.send(privacyJobs.removeFiles, { keys }, { within: tx });
    return { summary, keys };
  });
  const failed = await removeStored(deps, keys, "student erased");
  deps.log.info({ studentId, by: request.by, ...summary, filesLeft: failed }, "student erased");
  return summary;
}

/**
 * Erases a person who booked but has no account (an admin acting on a request by mail): every lead
 * with that e-mail that no account holds, and the duplicates merged into them, deleted with their
 * report rows kept as anonymous counts; audited as `bookings.erased`. A lead that became a student is
 * erased with the student instead.
 */
export async function eraseLeadsOf(
  deps: PrivacyDeps,
  leadId: number,
  actor: AuditActor,
  reason: string,
): Promise<{ bookings: number }> {
  const bookings = await deps.db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ email: consultations.email })
      .from(consultations)
      .where(eq(consultations.id, leadId))
      .for("update");
    if (!lead) throw notFound("Lead");
    const own = await tx
      .select({ id: consultations.id })
      .from(consultations)
      .where(and(eq(consultations.email, lead.email), isNull(consultations.studentId)));
    const ownIds = [...new Set([leadId, ...own.map((b) => b.id)])];
    const merged = await tx
      .select({ id: consultations.id })
      .from(consultations)
      .where(inArray(consultations.mergedIntoId, ownIds));
    const ids = [...new Set([...ownIds, ...merged.map((b) => b.id)])];
    await keepReportCounts(tx, ids, []);
    await deleteLeads(tx, ids);
    // A sign-up invitation still waiting to go to the person (mail about an account has its student's id).
    await dropWaitingMail(tx, lead.email, { onlyWithoutAccount: true });
    await recordAudit(tx, actor, {
      action: "bookings.erased",
      subjectType: "lead",
      subjectId: leadId,
      after: { reason, bookings: ids.length },
    });
    return ids.length;
  });
  deps.log.info({ leadId, bookings }, "bookings erased");
  return { bookings };
}

export const passwordSchema = z.object({
  password: z
    .string({ error: privacyMessages.deleteWrongPassword })
    .min(1, privacyMessages.deleteWrongPassword)
    .max(PASSWORD_MAX_LENGTH),
});

/** Tries at the password before deleting an account, per student (a stolen session cannot guess it). */
export const erasureTries: RateLimitRule = { name: "erase-account-student", limit: 10, windowSeconds: 3600 };

/** "Delete my account": the student's password again, then the erasure, audited as the student's own. */
export async function eraseOwnAccount(deps: PrivacyDeps, studentId: number, raw: unknown): Promise<ErasureSummary> {
  const input = parseInput(passwordSchema, raw);
  await enforceLimit(deps.limiter, erasureTries, String(studentId));
  const [student] = await deps.db
    .select({ passwordHash: students.passwordHash })
    .from(students)
    .where(eq(students.id, studentId));
  if (!student) throw notFound("Student");
  if (!(await passwordMatches(student.passwordHash, input.password))) {
    throw new AppError("invalid_input", privacyMessages.deleteWrongPassword, { password: privacyMessages.deleteWrongPassword });
  }
  return eraseStudent(deps, studentId, { system: "The student (Delete my account)" }, { by: "student" });
}
