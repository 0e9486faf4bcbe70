import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { recordingName } from "./practice-recordings.ts";
import { visaPracticeAnswers, visaPractices } from "./tables.ts";

/** What the student's data export and erasure need of their practices (decision 0024). */
export async function practicesForExport(db: Database, studentId: number) {
  const practices = await db
    .select()
    .from(visaPractices)
    .where(eq(visaPractices.studentId, studentId))
    .orderBy(asc(visaPractices.id));
  if (!practices.length) return [];
  const answers = await db
    .select()
    .from(visaPracticeAnswers)
    .where(
      inArray(
        visaPracticeAnswers.practiceId,
        practices.map((p) => p.id),
      ),
    )
    .orderBy(asc(visaPracticeAnswers.practiceId), asc(visaPracticeAnswers.position));
  return practices.map((p) => ({
    id: p.id,
    startedAt: p.startedAt,
    finishedAt: p.finishedAt,
    sharedAt: p.sharedAt,
    reviewedAt: p.reviewedAt,
    answers: answers
      .filter((a) => a.practiceId === p.id)
      .map((a) => ({
        position: a.position,
        question: a.questionText,
        mode: a.mode,
        answer: a.answerText,
        durationSeconds: a.durationSeconds,
        feedback: a.feedback,
        scores: a.scores,
        comment: a.comment,
        recording: a.recordingKey
          ? {
              storageKey: a.recordingKey,
              contentType: a.recordingType,
              name: recordingName(p.id, a.position, a.recordingType),
            }
          : null,
      })),
  }));
}

/** The storage keys of the student's recordings, for erasure to remove after the rows are gone. */
export async function recordingKeysOf(db: Database, studentId: number): Promise<string[]> {
  const rows = await db
    .select({ key: visaPracticeAnswers.recordingKey })
    .from(visaPracticeAnswers)
    .innerJoin(visaPractices, eq(visaPractices.id, visaPracticeAnswers.practiceId))
    .where(and(eq(visaPractices.studentId, studentId), isNotNull(visaPracticeAnswers.recordingKey)));
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}
