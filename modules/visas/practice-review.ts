import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { practiceMails, type RubricCriterion, rubricCriteria, visaMessages } from "../../vocabulary/visas.ts";
import { recordAudit } from "../audit-log.ts";
import { counsellingSessionOf, MOCK_VISA_INTERVIEW } from "../counselling/counselling.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { deliverWithoutQueue, queueMail } from "../outbox.ts";
import { authorize, canCoachVisas, canSeeAllStudents, type StaffMember, studentVisibleTo } from "../policies.ts";
import { parseInput } from "../validation.ts";
import {
  createPractice,
  latestDestinationBank,
  noPractice,
  type Practice,
  practiceStudent,
  type QueueRow,
  readPractice,
  sharedPractices,
} from "./practices.ts";
import { visaPracticeAnswers, visaPractices } from "./tables.ts";

/** Practices students shared, of the students the member looks after (all for admins), unreviewed first. */
export async function reviewQueue(deps: StaffDeps, actor: StaffMember): Promise<QueueRow[]> {
  authorize(canCoachVisas, actor);
  return sharedPractices(deps.db, canSeeAllStudents(actor) ? null : actor.staffId);
}

/**
 * A live mock interview (a counselling session of that kind) scored on the practice's rubric: the first
 * call makes its practice for the student's destination (their latest application's country with a
 * question bank), the questions to ask chosen from their file; later calls find the same one.
 */
export async function startLivePractice(deps: StaffDeps, actor: StaffMember, sessionId: number): Promise<number> {
  authorize(canCoachVisas, actor);
  const session = await counsellingSessionOf(deps.db, sessionId);
  const noSession = () => new AppError("not_found", "No such mock interview session.");
  if (!session?.studentId || session.kind !== MOCK_VISA_INTERVIEW) throw noSession();
  const student = await practiceStudent(deps.db, session.studentId);
  if (!student || !studentVisibleTo(actor, student)) throw noSession();
  const [existing] = await deps.db
    .select({ id: visaPractices.id })
    .from(visaPractices)
    .where(eq(visaPractices.sessionId, sessionId));
  if (existing) return existing.id;
  const bank = await latestDestinationBank(deps.db, session.studentId);
  if (!bank) throw new AppError("conflict", "The student has no application to a destination with a question bank.");
  const id = await createPractice(
    deps,
    session.studentId,
    bank.countryId,
    bank,
    { gap: false, refusal: false },
    { sessionId, heldAt: session.startsAt },
  );
  await recordAudit(deps.db, actor, {
    action: "visa_practice.live",
    subjectType: "visa_practice",
    subjectId: id,
    studentId: session.studentId,
    after: { sessionId },
  });
  return id;
}

/** A shared practice as its reviewer sees it; the view is in the audit log (the student's "who has seen my data"). */
export async function practiceForReview(deps: StaffDeps, actor: StaffMember, practiceId: number): Promise<Practice> {
  authorize(canCoachVisas, actor);
  const practice = await readPractice(deps, practiceId, true);
  if (!practice?.sharedAt) throw noPractice();
  const student = await practiceStudent(deps.db, practice.studentId);
  if (!student || !studentVisibleTo(actor, student)) throw noPractice();
  await recordAudit(deps.db, actor, {
    action: "visa_practice.viewed",
    subjectType: "visa_practice",
    subjectId: practiceId,
    studentId: practice.studentId,
  });
  return practice;
}

const score = z.coerce
  .number({ error: visaMessages.reviewNeedsScores })
  .int(visaMessages.reviewNeedsScores)
  .min(1, visaMessages.reviewNeedsScores)
  .max(5, visaMessages.reviewNeedsScores);
export const reviewInput = z.object({
  answers: z
    .array(
      z.object({
        position: z.coerce.number().int().min(1).max(50),
        scores: z.object(Object.fromEntries(rubricCriteria.map((c) => [c, score])) as Record<RubricCriterion, typeof score>),
        comment: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().max(2000).optional()),
      }),
    )
    .min(1, visaMessages.reviewNeedsScores),
});

/** The counsellor's rubric on every answer, with comments; the student reads them. Audited. */
export async function reviewPractice(deps: StaffDeps, actor: StaffMember, practiceId: number, raw: unknown) {
  const practice = await practiceForReview(deps, actor, practiceId);
  const input = parseInput(reviewInput, raw, visaMessages.reviewNeedsScores);
  const missing = practice.answers.filter((a) => !input.answers.some((r) => r.position === a.position));
  if (missing.length) throw new AppError("invalid_input", visaMessages.reviewNeedsScores);
  await deps.db.transaction(async (tx) => {
    for (const answer of input.answers) {
      await tx
        .update(visaPracticeAnswers)
        .set({ scores: answer.scores, comment: answer.comment ?? null })
        .where(and(eq(visaPracticeAnswers.practiceId, practiceId), eq(visaPracticeAnswers.position, answer.position)));
    }
    await tx
      .update(visaPractices)
      .set({ reviewedAt: nowOf(deps), reviewedByStaffId: actor.staffId, reviewSeenAt: null })
      .where(eq(visaPractices.id, practiceId));
    await recordAudit(tx, actor, {
      action: "visa_practice.reviewed",
      subjectType: "visa_practice",
      subjectId: practiceId,
      studentId: practice.studentId,
      after: input,
    });
    // The first review is the news: the student is mailed (a service they asked for, decision 0024) and
    // sees a notice until they open it; a later correction of the scores raises the notice again only.
    if (!practice.reviewedAt && deps.mailer) {
      const student = await practiceStudent(tx, practice.studentId);
      if (student)
        await queueMail(
          tx,
          deps,
          {
            to: student.email,
            subject: practiceMails.reviewed.subject,
            text: practiceMails.reviewed.body(
              student.fullName,
              actor.fullName,
              practice.country,
              `${deps.siteAddress ?? ""}/visa/practice/${practiceId}`,
            ),
          },
          { studentId: practice.studentId },
        );
    }
  });
  await deliverWithoutQueue(deps);
}
