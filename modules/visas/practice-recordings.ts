import { eq } from "drizzle-orm";
import { recordingTypes } from "../../vocabulary/visas.ts";
import { recordAudit } from "../audit-log.ts";
import { AppError } from "../errors.ts";
import { mayReachDocumentsOf, type StaffMember } from "../policies.ts";
import { type PracticeDeps, practiceStudent } from "./practices.ts";
import { visaPracticeAnswers, visaPractices } from "./tables.ts";

/** A recording's file name, as its download and the data export name it. */
export const recordingName = (practiceId: number, position: number, contentType: string | null) =>
  `practice-${practiceId}-answer-${position}.${recordingTypes.find((t) => t.contentType === contentType)?.extension ?? "webm"}`;

export interface RecordingDownload {
  body: ReadableStream<Uint8Array>;
  size: number;
  contentType: string;
  name: string;
  attachmentType: string;
  isPhoto: boolean;
  fileId: number;
  studentId: number;
}

export type RecordingViewer = { studentId: number } | { staff: StaffMember } | null;

/**
 * A recording for its owner, or for staff who may reach the student's documents (the same rule), the view
 * then written to the audit log before a byte is sent; everyone else gets the same 404.
 */
export async function openRecording(deps: PracticeDeps, viewer: RecordingViewer, publicId: string): Promise<RecordingDownload> {
  const notFound = () => new AppError("not_found", "File not found");
  if (!viewer || !/^[A-Za-z0-9_-]{24}$/.test(publicId)) throw notFound();
  const [row] = await deps.db
    .select({
      id: visaPracticeAnswers.id,
      key: visaPracticeAnswers.recordingKey,
      type: visaPracticeAnswers.recordingType,
      position: visaPracticeAnswers.position,
      practiceId: visaPracticeAnswers.practiceId,
      studentId: visaPractices.studentId,
    })
    .from(visaPracticeAnswers)
    .innerJoin(visaPractices, eq(visaPractices.id, visaPracticeAnswers.practiceId))
    .where(eq(visaPracticeAnswers.recordingPublicId, publicId));
  if (!row?.key) throw notFound();
  if ("studentId" in viewer) {
    if (viewer.studentId !== row.studentId) throw notFound();
  } else {
    const student = await practiceStudent(deps.db, row.studentId);
    if (!student || !mayReachDocumentsOf(viewer.staff, student)) throw notFound();
    await recordAudit(deps.db, viewer.staff, {
      action: "recording.viewed",
      subjectType: "visa_practice",
      subjectId: row.practiceId,
      studentId: row.studentId,
      after: { position: row.position },
    });
  }
  const stored = await deps.storage?.get(row.key);
  if (!stored) throw notFound();
  return {
    body: stored.body,
    size: stored.size,
    contentType: row.type ?? "application/octet-stream",
    name: recordingName(row.practiceId, row.position, row.type),
    attachmentType: "Interview recording",
    isPhoto: false,
    fileId: row.id,
    studentId: row.studentId,
  };
}
