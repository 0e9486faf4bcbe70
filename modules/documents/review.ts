import { and, asc, count, desc, eq, isNull, ne, notInArray } from "drizzle-orm";
import { z } from "zod";
import {
  type CorrectionReason,
  correctionReasons,
  OFFER_LETTER,
  PROFILE_PHOTO,
  type ReviewState,
  reviewMessages,
} from "../../vocabulary/documents.ts";
import { recordAudit } from "../audit-log.ts";
import type { StaffDeps } from "../deps.ts";
import { nowOf } from "../deps.ts";
import { AppError } from "../errors.ts";
import { oneOf } from "../fields.ts";
import { mailLink } from "../mail-link.ts";
import { deliverWithoutQueue, queueMail } from "../outbox.ts";
import { canReviewDocuments, mayReachDocumentsOf, notAllowed, type StaffMember } from "../policies.ts";
import { students } from "../students/tables.ts";
import { parseInput } from "../validation.ts";
import { studentFiles } from "./tables.ts";

/** A document version as staff see it. */
export interface ReviewedFile {
  publicId: string;
  studentId: number;
  studentName: string;
  attachmentType: string;
  name: string;
  size: number;
  uploadedAt: Date;
  /** Null for the current version; set when a newer upload replaced it. */
  supersededAt: Date | null;
  reviewState: ReviewState;
  reviewReason: CorrectionReason | null;
  reviewMessage: string | null;
  reviewedAt: Date | null;
}

const fileColumns = {
  publicId: studentFiles.publicId,
  studentId: studentFiles.studentId,
  studentName: students.fullName,
  attachmentType: studentFiles.attachmentType,
  name: studentFiles.originalName,
  size: studentFiles.sizeBytes,
  uploadedAt: studentFiles.createdAt,
  supersededAt: studentFiles.supersededAt,
  reviewState: studentFiles.reviewState,
  reviewReason: studentFiles.reviewReason,
  reviewMessage: studentFiles.reviewMessage,
  reviewedAt: studentFiles.reviewedAt,
  counsellorStaffId: students.counsellorStaffId,
};

/**
 * The one rule for the review queue (the queue lists it, the staff home counts it: decision 0042): the
 * current version of each document waiting for review, profile photos aside; a counsellor's students' only.
 */
const reviewQueueWhere = (member: StaffMember) =>
  and(
    eq(studentFiles.reviewState, "Waiting for review"),
    isNull(studentFiles.supersededAt),
    // The photo is not reviewed; an offer letter is confirmed through the offer's form (decision 0092).
    notInArray(studentFiles.attachmentType, [PROFILE_PHOTO, OFFER_LETTER]),
    member.role === "counsellor" ? eq(students.counsellorStaffId, member.staffId) : undefined,
  );

/** How many documents the review queue holds for the member (all of them, where the queue shows 200). */
export async function reviewQueueCount(deps: StaffDeps, member: StaffMember): Promise<number> {
  if (!canReviewDocuments(member)) throw notAllowed();
  const [row] = await deps.db
    .select({ total: count() })
    .from(studentFiles)
    .innerJoin(students, eq(students.id, studentFiles.studentId))
    .where(reviewQueueWhere(member));
  return row?.total ?? 0;
}

/** Documents waiting for review, oldest first: the verifier's queue (a counsellor sees their students'). */
export async function reviewQueue(deps: StaffDeps, member: StaffMember): Promise<ReviewedFile[]> {
  if (!canReviewDocuments(member)) throw notAllowed();
  const rows = await deps.db
    .select(fileColumns)
    .from(studentFiles)
    .innerJoin(students, eq(students.id, studentFiles.studentId))
    .where(reviewQueueWhere(member))
    .orderBy(asc(studentFiles.createdAt), asc(studentFiles.id))
    .limit(200);
  return rows.map(({ counsellorStaffId: _, ...row }) => row);
}

/** Every version of a student's documents, newest first (for their record; the caller checked the student). */
export async function documentVersions(deps: StaffDeps, studentId: number): Promise<ReviewedFile[]> {
  const rows = await deps.db
    .select(fileColumns)
    .from(studentFiles)
    .innerJoin(students, eq(students.id, studentFiles.studentId))
    .where(and(eq(studentFiles.studentId, studentId), ne(studentFiles.attachmentType, PROFILE_PHOTO)))
    .orderBy(desc(studentFiles.createdAt), desc(studentFiles.id));
  return rows.map(({ counsellorStaffId: _, ...row }) => row);
}

export const reviewSchema = z
  .object({
    decision: z.enum(["approve", "correction"], { error: "Choose approve or ask for a correction" }),
    reason: z.preprocess((v) => v || undefined, oneOf(correctionReasons, reviewMessages.chooseReason).optional()),
    message: z.preprocess((v) => (typeof v === "string" ? v.trim() || undefined : v), z.string().max(1000).optional()),
  })
  .refine((v) => v.decision !== "correction" || v.reason !== undefined, {
    message: reviewMessages.chooseReason,
    path: ["reason"],
  })
  .refine((v) => v.decision !== "correction" || v.message !== undefined, {
    message: reviewMessages.enterMessage,
    path: ["message"],
  });

async function fileFor(deps: StaffDeps, member: StaffMember, publicId: string) {
  const [row] = await deps.db
    .select({ ...fileColumns, id: studentFiles.id, email: students.email })
    .from(studentFiles)
    .innerJoin(students, eq(students.id, studentFiles.studentId))
    .where(eq(studentFiles.publicId, publicId));
  if (!row || row.attachmentType === PROFILE_PHOTO || !mayReachDocumentsOf(member, row)) {
    throw new AppError("not_found", reviewMessages.noSuchDocument);
  }
  return row;
}

/**
 * Approves the current version of a document, or asks the student for a correction with a reason code
 * and a message they read on their profile (and by e-mail). Audited with before and after.
 */
export async function reviewDocument(deps: StaffDeps, member: StaffMember, publicId: string, raw: unknown) {
  const file = await fileFor(deps, member, publicId);
  if (!canReviewDocuments(member)) throw notAllowed();
  const input = parseInput(reviewSchema, raw);
  if (file.supersededAt) throw new AppError("conflict", reviewMessages.notCurrent);
  const after =
    input.decision === "approve"
      ? { reviewState: "Approved" as const, reviewReason: null, reviewMessage: null }
      : {
          reviewState: "Correction requested" as const,
          reviewReason: input.reason ?? null,
          reviewMessage: input.message ?? null,
        };
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(studentFiles)
      .set({ ...after, reviewedByStaffId: member.staffId, reviewedAt: now })
      .where(and(eq(studentFiles.id, file.id), isNull(studentFiles.supersededAt)))
      .returning({ id: studentFiles.id });
    if (!updated) throw new AppError("conflict", reviewMessages.notCurrent);
    await recordAudit(tx, member, {
      action: input.decision === "approve" ? "document.approved" : "document.correction_requested",
      subjectType: "document",
      subjectId: file.publicId,
      studentId: file.studentId,
      before: { attachmentType: file.attachmentType, reviewState: file.reviewState },
      after: { attachmentType: file.attachmentType, ...after },
    });
    // The student's mail goes with the request for a correction, in its transaction (decision 0034).
    if (after.reviewState === "Correction requested" && deps.mailer) {
      const link = mailLink(deps.siteAddress, "/profile/documents");
      const mail = {
        to: file.email,
        subject: `Please upload your ${file.attachmentType} again`,
        text: [
          `Dear ${file.studentName},`,
          "",
          `We could not accept the ${file.attachmentType} you uploaded: ${after.reviewReason}.`,
          after.reviewMessage ?? "",
          "",
          `Please upload a corrected ${file.attachmentType} on ${link}.`,
          "",
          "Ignite - Your academic Journey",
        ].join("\n"),
      };
      await queueMail(tx, deps, mail, { studentId: file.studentId });
      await recordAudit(tx, member, {
        action: "student.emailed",
        subjectType: "document",
        subjectId: file.publicId,
        studentId: file.studentId,
        after: { subject: mail.subject },
      });
    }
  });
  await deliverWithoutQueue(deps);
  return { ...file, ...after, attachmentType: file.attachmentType };
}

/**
 * The check staff pass to the documents service when they open a student's file: the member's rule,
 * and the view recorded in the audit log (before a byte is sent) when it allows.
 */
export function fileAccess(deps: StaffDeps, member: StaffMember, action: "document.viewed" | "document.downloaded") {
  return async (file: { publicId: string; studentId: number; attachmentType: string }) => {
    const [student] = await deps.db
      .select({ counsellorStaffId: students.counsellorStaffId })
      .from(students)
      .where(eq(students.id, file.studentId));
    if (!student || !mayReachDocumentsOf(member, student)) return false;
    await recordAudit(deps.db, member, {
      action,
      subjectType: "document",
      subjectId: file.publicId,
      studentId: file.studentId,
      after: { attachmentType: file.attachmentType },
    });
    return true;
  };
}
