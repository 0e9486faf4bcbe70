/**
 * A mock interview practice (decisions 0040 and 0049): the student's side (starting one from their file,
 * answering, sharing, the readiness chart) and the reads of a practice that join the student's and the
 * catalogue's tables, which the console's review, the recordings and the question bank's editing call.
 * Seeding the banks, recordings, the data export, the review and the bank's editing are in their own
 * `practice-*.ts` files.
 */

import { randomInt } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { z } from "zod";
import type { Database } from "../../platform/db/client.ts";
import { preparedRead } from "../../platform/db/prepared.ts";
import type { JobSender } from "../../platform/jobs.ts";
import type { Logger } from "../../platform/log.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { type FileStorage, newPublicId, newStorageKey } from "../../platform/storage/file-storage.ts";
import {
  MAX_ANSWER_CHARACTERS,
  MAX_RECORDING_BYTES,
  MAX_RECORDING_SECONDS,
  practiceMails,
  type RubricCriterion,
  recordingBytesFor,
  recordingSecondsFor,
  recordingTypes,
  visaMessages,
} from "../../vocabulary/visas.ts";
import { intakeText } from "../applications/applications.ts";
import { applications } from "../applications/tables.ts";
import { countries, courses, universities } from "../catalogue/tables.ts";
import { rateTable } from "../costs/costs.ts";
import { nowOf } from "../deps.ts";
import { AppError } from "../errors.ts";
import { deliverWithoutQueue, queueMail } from "../outbox.ts";
import { activeStaffContact } from "../staff/staff.ts";
import { students } from "../students/tables.ts";
import { parseInput } from "../validation.ts";
import { type AnswerFeedback, type FileRecord, type PracticeOverview, readAnswer, summarisePractice } from "./feedback.ts";
import type { FundsInput } from "./funds.ts";
import { countryNamed } from "./guides.ts";
import { planApplication, studentPlan } from "./plans.ts";
import { recordingSeconds } from "./recording-length.ts";
import { type AnswerSignal, questionThemes } from "./reference-types.ts";
import { type FileFacts, fillQuestion, selectQuestions } from "./selection.ts";
import { visaPlans, visaPracticeAnswers, visaPractices, visaQuestionBanks, visaQuestions } from "./tables.ts";

export interface PracticeDeps {
  db: Database;
  storage?: FileStorage;
  log: Logger;
  now?: () => Date;
  /** The mail to the counsellor when a practice is shared (decision 0049); tests of the practice alone need none. */
  mailer?: Mailer;
  jobs?: JobSender;
  /** The site's public address (PUBLIC_URL), for links in mails. */
  siteAddress?: string;
}

interface Bank {
  countryId: number;
  country: string;
  slug: string;
  name: string;
  questionsPerPractice: number;
  secondsPerAnswer: number;
  norms: { normSeconds: { min: number; max: number }; normWords: { min: number; max: number } };
}

/** A destination's question bank, with its country's name and slug; null when it has none. */
export async function bankOf(db: Database, countryId: number): Promise<Bank | null> {
  const [row] = await db
    .select({
      countryId: visaQuestionBanks.countryId,
      country: countries.name,
      slug: countries.slug,
      name: visaQuestionBanks.name,
      questionsPerPractice: visaQuestionBanks.questionsPerPractice,
      secondsPerAnswer: visaQuestionBanks.secondsPerAnswer,
      norms: visaQuestionBanks.norms,
    })
    .from(visaQuestionBanks)
    .innerJoin(countries, eq(countries.id, visaQuestionBanks.countryId))
    .where(eq(visaQuestionBanks.countryId, countryId));
  return row ? { ...row, norms: row.norms as Bank["norms"] } : null;
}

/** The destinations a student can practise for. */
export async function practiceDestinations(db: Database) {
  return db
    .select({ country: countries.name, slug: countries.slug, name: visaQuestionBanks.name })
    .from(visaQuestionBanks)
    .innerJoin(countries, eq(countries.id, visaQuestionBanks.countryId))
    .where(eq(countries.visible, true))
    .orderBy(asc(countries.name));
}

/** The student of a practice, as its mails and the staff's rules need them. */
export async function practiceStudent(db: Pick<Database, "select">, studentId: number) {
  const [student] = await db
    .select({ fullName: students.fullName, email: students.email, counsellorStaffId: students.counsellorStaffId })
    .from(students)
    .where(eq(students.id, studentId));
  return student;
}

// --- the student's file: what the questions are chosen from and the answers checked against ----------

interface StudentFile {
  facts: FileFacts;
  record: FileRecord;
  applicationId: number | null;
}

async function studentFile(
  deps: PracticeDeps,
  studentId: number,
  countryId: number,
  declared: { gap: boolean; refusal: boolean },
  chosenApplicationId: number | null = null,
): Promise<StudentFile> {
  // The application the practice was opened from (a visa plan's "Practise an interview"), when it is the
  // student's and to this destination; else their latest application there.
  const [application] = await deps.db
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(courses, eq(courses.id, applications.courseId))
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .where(and(eq(applications.studentId, studentId), eq(universities.countryId, countryId)))
    .orderBy(
      desc(sql`${applications.id} = ${chosenApplicationId ?? 0}`),
      desc(applications.stageEnteredAt),
      desc(applications.id),
    )
    .limit(1);
  const [country] = await deps.db.select({ name: countries.name }).from(countries).where(eq(countries.id, countryId));
  const facts: FileFacts = { country: country?.name ?? "" };
  // The test scores on the record: an answer naming another score is noted (decision 0049).
  const [scores] = await deps.db
    .select({
      englishTest: students.englishTest,
      englishScore: students.englishScore,
      gre: students.greScore,
      gmat: students.gmatScore,
    })
    .from(students)
    .where(eq(students.id, studentId));
  const record: FileRecord = {
    university: null,
    course: null,
    intakeMonth: null,
    intakeYear: null,
    firstYearRupees: null,
    fundKinds: null,
    fundsRupees: null,
    englishTest: scores?.englishTest ?? null,
    englishScore: scores?.englishScore === null || scores?.englishScore === undefined ? null : Number(scores.englishScore),
    gre: scores?.gre ?? null,
    gmat: scores?.gmat ?? null,
  };
  const [refused] = await deps.db
    .select({ id: visaPlans.id })
    .from(visaPlans)
    .where(and(eq(visaPlans.studentId, studentId), eq(visaPlans.outcome, "refused")))
    .limit(1);
  const [refusedStage] = await deps.db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.studentId, studentId), eq(applications.status, "Visa refused")))
    .limit(1);
  if (refused || refusedStage || declared.refusal) facts.refusal = "an earlier refusal";
  if (declared.gap) facts.gap = "a gap in your studies";
  if (!application) return { facts, record, applicationId: null };
  const detail = await planApplication(deps.db, application.id);
  if (!detail) return { facts, record, applicationId: null };
  facts.university = detail.university;
  facts.course = detail.course;
  facts.city = detail.city;
  if (detail.intakeMonth && detail.intakeYear) facts.intake = intakeText(detail.intakeMonth, detail.intakeYear) ?? "";
  record.university = detail.university;
  record.course = detail.course;
  record.intakeMonth = detail.intakeMonth;
  record.intakeYear = detail.intakeYear;
  // The funds check and the first year's estimate, when the application has its visa plan.
  try {
    const plan = await studentPlan(deps, studentId, application.id);
    const funds: FundsInput = plan.funds;
    if (funds.sources.length) {
      record.fundKinds = funds.sources.map((s) => s.kind);
      record.fundsRupees = plan.verdict?.totalRupees ?? null;
      facts.funding = "your funding";
      if (record.fundKinds.includes("education-loan")) facts.loan = "your education loan";
      if (record.fundKinds.includes("scholarship")) facts.scholarship = "your scholarship";
      if (record.fundKinds.includes("sponsor")) facts.sponsor = "your sponsor";
    }
    record.firstYearRupees = plan.estimatedFirstYearRupees;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
  return { facts, record, applicationId: application.id };
}

// --- a practice ------------------------------------------------------------------------------------

export const startInput = z.object({
  country: z.string({ error: "Choose a destination" }).trim().min(1, "Choose a destination").max(80),
  gap: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()).default(false),
  refusal: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()).default(false),
  /** The application whose file the questions come from (a visa plan's link names it); its country must be the destination's. */
  application: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce
      .number({ error: "No such application." })
      .int()
      .positive()
      .max(2 ** 31 - 1)
      .optional(),
  ),
});

/** Starts a practice for a destination: its questions chosen from the student's file and fixed for the practice. */
export async function startPractice(deps: PracticeDeps, studentId: number, raw: unknown): Promise<number> {
  const input = parseInput(startInput, raw);
  const country = await countryNamed(deps.db, input.country);
  const bank = country ? await bankOf(deps.db, country.id) : null;
  if (!country || !bank) throw new AppError("invalid_input", visaMessages.noBank, { country: visaMessages.noBank });
  return createPractice(deps, studentId, country.id, bank, input, null, input.application ?? null);
}

/**
 * A practice's questions, chosen from the student's file, written down. A live mock interview (a
 * counselling session) is one whose questions the counsellor asks aloud: it starts answered and shared,
 * ready for the rubric.
 */
export async function createPractice(
  deps: PracticeDeps,
  studentId: number,
  countryId: number,
  bank: Bank,
  declared: { gap: boolean; refusal: boolean },
  live: { sessionId: number; heldAt: Date } | null,
  chosenApplicationId: number | null = null,
): Promise<number> {
  const country = { id: countryId };
  const file = await studentFile(deps, studentId, country.id, declared, chosenApplicationId);
  const questions = await deps.db
    .select({
      id: visaQuestions.id,
      theme: visaQuestions.theme,
      text: visaQuestions.text,
      needs: visaQuestions.needs,
      core: visaQuestions.core,
    })
    .from(visaQuestions)
    .where(and(eq(visaQuestions.countryId, country.id), eq(visaQuestions.retired, false)))
    .orderBy(asc(visaQuestions.id));
  const chosen = selectQuestions(questions, file.facts, bank.questionsPerPractice, randomInt(2 ** 31));
  if (!chosen.length) throw new AppError("invalid_input", visaMessages.noBank, { country: visaMessages.noBank });
  return deps.db.transaction(async (tx) => {
    const [practice] = await tx
      .insert(visaPractices)
      .values({
        studentId,
        countryId: country.id,
        applicationId: file.applicationId,
        startedAt: live?.heldAt ?? nowOf(deps),
        ...(live ? { sessionId: live.sessionId, finishedAt: nowOf(deps), sharedAt: nowOf(deps) } : {}),
      })
      .returning({ id: visaPractices.id });
    if (!practice) throw new Error("the practice could not be started");
    await tx.insert(visaPracticeAnswers).values(
      chosen.map((q, i) => ({
        practiceId: practice.id,
        position: i + 1,
        questionId: q.id,
        theme: q.theme,
        questionText: fillQuestion(q.text, file.facts),
        ...(live ? { mode: "live", answeredAt: nowOf(deps) } : {}),
      })),
    );
    return practice.id;
  });
}

export interface PracticeAnswer {
  position: number;
  theme: string;
  question: string;
  wants: string | null;
  /** "live": asked aloud by the counsellor in a live mock interview (a session), scored on the rubric only. */
  mode: "spoken" | "typed" | "live" | null;
  text: string | null;
  durationSeconds: number | null;
  recordingUrl: string | null;
  feedback: AnswerFeedback | null;
  answeredAt: Date | null;
  scores: Record<RubricCriterion, number> | null;
  comment: string | null;
}

export interface Practice {
  id: number;
  studentId: number;
  studentName: string;
  country: string;
  slug: string;
  bankName: string;
  secondsPerAnswer: number;
  /** The application whose file the questions and the feedback come from. */
  applicationId: number | null;
  startedAt: Date;
  finishedAt: Date | null;
  sharedAt: Date | null;
  reviewedAt: Date | null;
  reviewer: string | null;
  answers: PracticeAnswer[];
  /** The first question not answered yet; null when finished. */
  current: number | null;
}

const recordingUrl = (publicId: string | null, staffSide: boolean) =>
  publicId ? `${staffSide ? "/staff" : ""}/files/recordings/${publicId}` : null;

export async function readPractice(deps: PracticeDeps, practiceId: number, staffSide = false): Promise<Practice | null> {
  const [row] = await deps.db
    .select({
      id: visaPractices.id,
      studentId: visaPractices.studentId,
      studentName: students.fullName,
      country: countries.name,
      slug: countries.slug,
      countryId: visaPractices.countryId,
      applicationId: visaPractices.applicationId,
      startedAt: visaPractices.startedAt,
      finishedAt: visaPractices.finishedAt,
      sharedAt: visaPractices.sharedAt,
      reviewedAt: visaPractices.reviewedAt,
      reviewer: sql<string | null>`(select full_name from staff where staff.id = ${visaPractices.reviewedByStaffId})`,
    })
    .from(visaPractices)
    .innerJoin(countries, eq(countries.id, visaPractices.countryId))
    .innerJoin(students, eq(students.id, visaPractices.studentId))
    .where(eq(visaPractices.id, practiceId));
  if (!row) return null;
  const [bank, answers] = await Promise.all([
    bankOf(deps.db, row.countryId),
    deps.db
      .select({ answer: visaPracticeAnswers, wants: visaQuestions.wants })
      .from(visaPracticeAnswers)
      .leftJoin(visaQuestions, eq(visaQuestions.id, visaPracticeAnswers.questionId))
      .where(eq(visaPracticeAnswers.practiceId, practiceId))
      .orderBy(asc(visaPracticeAnswers.position)),
  ]);
  const shown = answers.map(
    ({ answer: a, wants }): PracticeAnswer => ({
      position: a.position,
      theme: a.theme,
      question: a.questionText,
      wants: wants ?? null,
      mode: (a.mode as PracticeAnswer["mode"]) ?? null,
      text: a.answerText,
      durationSeconds: a.durationSeconds,
      recordingUrl: recordingUrl(a.recordingPublicId, staffSide),
      feedback: (a.feedback as AnswerFeedback | null) ?? null,
      answeredAt: a.answeredAt,
      scores: (a.scores as Record<RubricCriterion, number> | null) ?? null,
      comment: a.comment,
    }),
  );
  const { countryId: _, ...practice } = row;
  return {
    ...practice,
    bankName: bank?.name ?? "",
    secondsPerAnswer: bank?.secondsPerAnswer ?? 60,
    answers: shown,
    current: shown.find((a) => !a.answeredAt)?.position ?? null,
  };
}

export const noPractice = () => new AppError("not_found", visaMessages.noSuchPractice);

/** The student's own practice; anyone else's is the same 404. */
export async function ownPractice(deps: PracticeDeps, studentId: number, practiceId: number): Promise<Practice> {
  const practice = await readPractice(deps, practiceId);
  if (!practice || practice.studentId !== studentId) throw noPractice();
  return practice;
}

/** A question left longer than this is put afresh when the student comes back: a break, not a reload (decision 0049). */
const ASKED_AFRESH_AFTER_MS = 60 * 60_000;

export interface PracticeInProgress extends Practice {
  /** The current question's seconds left, counted on the server from when it was first put (null when finished). */
  secondsLeft: number | null;
  /** A finished practice's summary: strong and weak themes, what to practise next. */
  summary: PracticeOverview | null;
}

/**
 * The student opens their practice: the current question's clock starts the first time it is put to them
 * and keeps running across reloads, so a reload does not give more time (decision 0049).
 */
export async function openPractice(deps: PracticeDeps, studentId: number, practiceId: number): Promise<PracticeInProgress> {
  const practice = await ownPractice(deps, studentId, practiceId);
  if (practice.current === null) {
    // The student opens their review: its notice has done its work.
    if (practice.reviewedAt)
      await deps.db
        .update(visaPractices)
        .set({ reviewSeenAt: nowOf(deps) })
        .where(and(eq(visaPractices.id, practiceId), isNull(visaPractices.reviewSeenAt)));
    return { ...practice, secondsLeft: null, summary: summarisePractice(practice.answers) };
  }
  const now = nowOf(deps);
  const slot = and(eq(visaPracticeAnswers.practiceId, practiceId), eq(visaPracticeAnswers.position, practice.current));
  await deps.db
    .update(visaPracticeAnswers)
    .set({ askedAt: now })
    .where(
      and(
        slot,
        isNull(visaPracticeAnswers.answeredAt),
        or(isNull(visaPracticeAnswers.askedAt), lt(visaPracticeAnswers.askedAt, new Date(now.getTime() - ASKED_AFRESH_AFTER_MS))),
      ),
    );
  const [row] = await deps.db.select({ askedAt: visaPracticeAnswers.askedAt }).from(visaPracticeAnswers).where(slot);
  const asked = row?.askedAt ?? now;
  const secondsLeft = Math.max(0, practice.secondsPerAnswer - Math.floor((now.getTime() - asked.getTime()) / 1000));
  return { ...practice, secondsLeft, summary: null };
}

export const answerInput = z.object({
  position: z.coerce.number().int().min(1).max(50),
  mode: z.enum(["spoken", "typed"], { error: visaMessages.answerEmpty }),
  text: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(MAX_ANSWER_CHARACTERS, visaMessages.answerTooLong).optional(),
  ),
  durationSeconds: z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? undefined : v),
    z.coerce
      .number()
      .min(0)
      .max(MAX_RECORDING_SECONDS + 5, visaMessages.recordingTooLong)
      .optional(),
  ),
});

export interface IncomingRecording {
  bytes: Uint8Array;
}

/**
 * Records one answer: typed, or spoken with its recording (and the browser's transcript when it gave one).
 * The feedback is made at once from the question's points and red flags and the student's file, and kept
 * with the answer. Answers already given stay as they were whatever happens to this one.
 */
export async function answerQuestion(
  deps: PracticeDeps,
  studentId: number,
  practiceId: number,
  raw: unknown,
  recording: IncomingRecording | undefined,
): Promise<Practice> {
  const practice = await ownPractice(deps, studentId, practiceId);
  if (practice.finishedAt) throw new AppError("conflict", visaMessages.practiceDone);
  const input = parseInput(answerInput, raw, visaMessages.answerEmpty);
  const slot = practice.answers.find((a) => a.position === input.position);
  if (!slot) throw noPractice();
  if (input.mode === "typed" && !input.text)
    throw new AppError("invalid_input", visaMessages.answerEmpty, { text: visaMessages.answerEmpty });
  let stored: { key: string; publicId: string; contentType: string; bytes: number } | null = null;
  let spokenSeconds: number | null = null;
  if (input.mode === "spoken") {
    if (!recording || recording.bytes.byteLength === 0) {
      throw new AppError("invalid_input", visaMessages.recordingCut, { recording: visaMessages.recordingCut });
    }
    // The longest answer this practice allows at the recorder's bit rate (decision 0049), said in seconds.
    const seconds = recordingSecondsFor(practice.secondsPerAnswer);
    if (recording.bytes.byteLength > Math.min(recordingBytesFor(seconds), MAX_RECORDING_BYTES)) {
      const message = visaMessages.recordingTooLarge(seconds);
      throw new AppError("payload_too_large", message, { recording: message });
    }
    const detected = await fileTypeFromBuffer(recording.bytes);
    const kind = recordingTypes.find((t) => t.detected === detected?.mime);
    if (!kind)
      throw new AppError("unsupported_media_type", visaMessages.recordingType, { recording: visaMessages.recordingType });
    // The length is the file's, not the browser's word for it (decision 0048); one limit for both.
    spokenSeconds = Math.round(recordingSeconds(recording.bytes, kind.contentType, input.durationSeconds));
    if (spokenSeconds > MAX_RECORDING_SECONDS + 5) {
      throw new AppError("invalid_input", visaMessages.recordingTooLong, { recording: visaMessages.recordingTooLong });
    }
    if (!deps.storage) throw new Error("recordings need file storage");
    stored = { key: newStorageKey(), publicId: newPublicId(), contentType: kind.contentType, bytes: recording.bytes.byteLength };
    await deps.storage.put(stored.key, recording.bytes);
  }
  const [question] = await deps.db
    .select({ points: visaQuestions.points, redFlags: visaQuestions.redFlags })
    .from(visaPracticeAnswers)
    .leftJoin(visaQuestions, eq(visaQuestions.id, visaPracticeAnswers.questionId))
    .where(and(eq(visaPracticeAnswers.practiceId, practiceId), eq(visaPracticeAnswers.position, input.position)));
  const countryId = (await countryNamed(deps.db, practice.slug))?.id ?? 0;
  const [bank, file, rates] = await Promise.all([
    bankOf(deps.db, countryId),
    studentFile(deps, studentId, countryId, { gap: false, refusal: false }, practice.applicationId),
    rateTable(deps.db),
  ]);
  const feedback = readAnswer(
    {
      theme: slot.theme,
      question: slot.question,
      points: (question?.points as AnswerSignal[] | null) ?? [],
      redFlags: (question?.redFlags as AnswerSignal[] | null) ?? [],
      mode: input.mode,
      text: input.text ?? null,
      durationSeconds: spokenSeconds,
    },
    bank?.norms ?? { normSeconds: { min: 10, max: 60 }, normWords: { min: 15, max: 120 } },
    file.record,
    (c) => rates.get(c)?.rupeesPerUnit,
  );
  let replacedKey: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ key: visaPracticeAnswers.recordingKey })
        .from(visaPracticeAnswers)
        .where(and(eq(visaPracticeAnswers.practiceId, practiceId), eq(visaPracticeAnswers.position, input.position)))
        .for("update");
      replacedKey = before?.key ?? null;
      await tx
        .update(visaPracticeAnswers)
        .set({
          mode: input.mode,
          answerText: input.text ?? null,
          durationSeconds: spokenSeconds,
          recordingKey: stored?.key ?? null,
          recordingPublicId: stored?.publicId ?? null,
          recordingType: stored?.contentType ?? null,
          recordingBytes: stored?.bytes ?? null,
          feedback,
          answeredAt: nowOf(deps),
        })
        .where(and(eq(visaPracticeAnswers.practiceId, practiceId), eq(visaPracticeAnswers.position, input.position)));
      const [open] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(visaPracticeAnswers)
        .where(and(eq(visaPracticeAnswers.practiceId, practiceId), isNull(visaPracticeAnswers.answeredAt)));
      if ((open?.n ?? 0) === 0)
        await tx
          .update(visaPractices)
          .set({ finishedAt: nowOf(deps) })
          .where(eq(visaPractices.id, practiceId));
    });
  } catch (error) {
    if (stored) await deps.storage?.delete(stored.key).catch(() => undefined);
    throw error;
  }
  if (replacedKey)
    await deps.storage?.delete(replacedKey).catch((err) => deps.log.warn({ err }, "could not remove a replaced recording"));
  return ownPractice(deps, studentId, practiceId);
}

/** The student shares a finished practice with their counsellor, who finds it in the review queue. */
export async function sharePractice(deps: PracticeDeps, studentId: number, practiceId: number) {
  const practice = await ownPractice(deps, studentId, practiceId);
  if (!practice.finishedAt) throw new AppError("conflict", "Answer every question before you share the practice.");
  const student = await practiceStudent(deps.db, studentId);
  if (!student?.counsellorStaffId) throw new AppError("conflict", visaMessages.noCounsellor);
  if (practice.sharedAt) return;
  // Shared once: the counsellor is mailed in the same transaction (the outbox sends it after the commit,
  // retried while the mail server is down) and finds it on their Today screen (decision 0049).
  await deps.db.transaction(async (tx) => {
    const [shared] = await tx
      .update(visaPractices)
      .set({ sharedAt: nowOf(deps) })
      .where(and(eq(visaPractices.id, practiceId), isNull(visaPractices.sharedAt)))
      .returning({ id: visaPractices.id });
    if (!shared || !deps.mailer) return;
    const counsellor = student.counsellorStaffId === null ? undefined : await activeStaffContact(tx, student.counsellorStaffId);
    if (!counsellor) return;
    await queueMail(
      tx,
      deps,
      {
        to: counsellor.email,
        subject: practiceMails.shared.subject(practice.studentName),
        text: practiceMails.shared.body(
          counsellor.fullName,
          practice.studentName,
          practice.country,
          `${deps.siteAddress ?? ""}/staff/visas/practices/${practiceId}`,
        ),
      },
      { studentId },
    );
  });
  await deliverWithoutQueue(deps);
}

/** Prepared once (decision 0110): the notice is looked for on every page a student opens. */
const reviewNoticeQuery = preparedRead((db) =>
  db
    .select({ practiceId: visaPractices.id, country: countries.name })
    .from(visaPractices)
    .innerJoin(countries, eq(countries.id, visaPractices.countryId))
    .where(
      and(
        eq(visaPractices.studentId, sql.placeholder("studentId")),
        isNotNull(visaPractices.reviewedAt),
        isNull(visaPractices.reviewSeenAt),
      ),
    )
    .orderBy(desc(visaPractices.reviewedAt))
    .limit(1)
    .prepare("visa_review_notice"),
);

/** The newest review the student has not opened yet: the notice on their screens (decision 0049). */
export async function reviewNotice(db: Database, studentId: number): Promise<{ practiceId: number; country: string } | null> {
  const [row] = await reviewNoticeQuery(db).execute({ studentId });
  return row ?? null;
}

export interface PracticeSummary {
  id: number;
  country: string;
  bankName: string;
  startedAt: Date;
  finishedAt: Date | null;
  sharedAt: Date | null;
  reviewedAt: Date | null;
  answered: number;
  questions: number;
}

/** The student's practices, newest first. */
export async function studentPractices(deps: PracticeDeps, studentId: number): Promise<PracticeSummary[]> {
  const rows = await deps.db
    .select({
      id: visaPractices.id,
      country: countries.name,
      bankName: visaQuestionBanks.name,
      startedAt: visaPractices.startedAt,
      finishedAt: visaPractices.finishedAt,
      sharedAt: visaPractices.sharedAt,
      reviewedAt: visaPractices.reviewedAt,
      answered: sql<number>`(select count(*)::int from visa_practice_answers a where a.practice_id = ${visaPractices.id} and a.answered_at is not null)`,
      questions: sql<number>`(select count(*)::int from visa_practice_answers a where a.practice_id = ${visaPractices.id})`,
    })
    .from(visaPractices)
    .innerJoin(countries, eq(countries.id, visaPractices.countryId))
    .leftJoin(visaQuestionBanks, eq(visaQuestionBanks.countryId, visaPractices.countryId))
    .where(eq(visaPractices.studentId, studentId))
    .orderBy(desc(visaPractices.startedAt), desc(visaPractices.id));
  return rows.map((r) => ({ ...r, bankName: r.bankName ?? "" }));
}

export interface ReadinessPoint {
  practiceId: number;
  startedAt: Date;
  /** Per theme: the share of the question's points covered (0..100) from the feedback, and the counsellor's rubric average (1..5) when reviewed. */
  themes: Record<string, { covered: number | null; rubric: number | null }>;
}

/** Readiness per theme across the student's finished practices, oldest first (the chart's data). */
export async function readiness(deps: PracticeDeps, studentId: number): Promise<ReadinessPoint[]> {
  const practices = await deps.db
    .select({ id: visaPractices.id, startedAt: visaPractices.startedAt })
    .from(visaPractices)
    .where(and(eq(visaPractices.studentId, studentId), isNotNull(visaPractices.finishedAt)))
    .orderBy(asc(visaPractices.startedAt))
    .limit(12);
  if (!practices.length) return [];
  const answers = await deps.db
    .select()
    .from(visaPracticeAnswers)
    .where(
      inArray(
        visaPracticeAnswers.practiceId,
        practices.map((p) => p.id),
      ),
    );
  return practices.map((p) => {
    const themes: ReadinessPoint["themes"] = {};
    for (const theme of questionThemes) {
      const mine = answers.filter((a) => a.practiceId === p.id && a.theme === theme);
      if (!mine.length) continue;
      const coverage = mine.flatMap((a) => {
        const f = a.feedback as AnswerFeedback | null;
        if (!f?.covered || !f.missed) return [];
        const total = f.covered.length + f.missed.length;
        return total ? [(f.covered.length / total) * 100] : [];
      });
      const rubric = mine.flatMap((a) => {
        const s = a.scores as Record<string, number> | null;
        return s ? [Object.values(s).reduce((x, y) => x + y, 0) / Object.values(s).length] : [];
      });
      const mean = (xs: number[]) => (xs.length ? Math.round((xs.reduce((x, y) => x + y, 0) / xs.length) * 10) / 10 : null);
      themes[theme] = { covered: mean(coverage), rubric: mean(rubric) };
    }
    return { practiceId: p.id, startedAt: p.startedAt, themes };
  });
}

// --- what the console's review reads (practice-review.ts) ---------------------------------------------

export interface QueueRow {
  id: number;
  studentId: number;
  studentName: string;
  country: string;
  sharedAt: Date;
  reviewedAt: Date | null;
}

/** Practices students shared, of one counsellor's students (all with null), unreviewed first: the review queue. */
export async function sharedPractices(db: Database, counsellorStaffId: number | null): Promise<QueueRow[]> {
  const rows = await db
    .select({
      id: visaPractices.id,
      studentId: visaPractices.studentId,
      studentName: students.fullName,
      country: countries.name,
      sharedAt: visaPractices.sharedAt,
      reviewedAt: visaPractices.reviewedAt,
    })
    .from(visaPractices)
    .innerJoin(students, eq(students.id, visaPractices.studentId))
    .innerJoin(countries, eq(countries.id, visaPractices.countryId))
    .where(
      and(
        isNotNull(visaPractices.sharedAt),
        counsellorStaffId === null ? undefined : eq(students.counsellorStaffId, counsellorStaffId),
      ),
    )
    .orderBy(sql`${visaPractices.reviewedAt} is not null`, desc(visaPractices.sharedAt))
    .limit(200);
  return rows.map((r) => ({ ...r, sharedAt: r.sharedAt ?? new Date(0) }));
}

/** The bank of the student's latest application's destination, when that destination has one. */
export async function latestDestinationBank(db: Database, studentId: number): Promise<Bank | null> {
  const [destination] = await db
    .select({ countryId: visaQuestionBanks.countryId })
    .from(applications)
    .innerJoin(courses, eq(courses.id, applications.courseId))
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .innerJoin(visaQuestionBanks, eq(visaQuestionBanks.countryId, universities.countryId))
    .where(eq(applications.studentId, studentId))
    .orderBy(desc(applications.stageEnteredAt))
    .limit(1);
  return destination ? bankOf(db, destination.countryId) : null;
}
