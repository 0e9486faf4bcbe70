import { type Handler, Hono } from "hono";
import type { StaffService } from "../../modules/console/console.ts";
import { AppError } from "../../modules/errors.ts";
import { parseId } from "../../modules/ids.ts";
import { startInput } from "../../modules/visas/practices.ts";
import type { VisaService } from "../../modules/visas/visas.ts";
import { MAX_RECORDING_BYTES, MAX_RECORDING_SECONDS, RECORDING_BITS_PER_SECOND, visaMessages } from "../../vocabulary/visas.ts";
import type { ServerEnv } from "../context.ts";
import { requireStudent } from "../guards.ts";
import { serveFile } from "./documents.ts";
import { answer, body, dataOf, describe, failures, idParam, messageAnswer, multipart, pathParam } from "./openapi-parts.ts";
import { readJson } from "./read-json.ts";
import { limitBody, readUpload } from "./uploads.ts";

const nullable = (type: string, extra: object = {}) => ({ type: [type, "null"], ...extra });

/** A practice as its student reads it: the questions, the answers with their feedback, and the counsellor's review. */
const practiceSchema = {
  type: "object",
  required: ["id", "country", "bankName", "startedAt", "answers"],
  properties: {
    id: { type: "integer" },
    country: { type: "string" },
    bankName: { type: "string" },
    secondsPerAnswer: { type: "integer" },
    startedAt: { type: "string", format: "date-time" },
    finishedAt: nullable("string", { format: "date-time" }),
    sharedAt: nullable("string", { format: "date-time" }),
    reviewedAt: nullable("string", { format: "date-time" }),
    reviewer: nullable("string"),
    answers: {
      type: "array",
      items: {
        type: "object",
        required: ["position", "theme", "question"],
        properties: {
          position: { type: "integer" },
          theme: { type: "string" },
          question: { type: "string" },
          mode: nullable("string", { enum: ["spoken", "typed", null] }),
          text: nullable("string"),
          durationSeconds: nullable("number"),
          recordingUrl: nullable("string"),
          feedback: nullable("object", { additionalProperties: true }),
          scores: nullable("object", {
            description: "The counsellor's rubric, 1 to 5: clarity, specificity, consistency, intent, delivery",
            additionalProperties: { type: "integer", minimum: 1, maximum: 5 },
          }),
          comment: nullable("string"),
        },
      },
    },
  },
};

/** A practice as its student reads it through the API: an explicit list of fields (the review's scores and comments included). */
const presentPractice = (p: Awaited<ReturnType<VisaService["practice"]>>) => ({
  id: p.id,
  country: p.country,
  bankName: p.bankName,
  secondsPerAnswer: p.secondsPerAnswer,
  startedAt: p.startedAt,
  finishedAt: p.finishedAt,
  sharedAt: p.sharedAt,
  reviewedAt: p.reviewedAt,
  reviewer: p.reviewer,
  answers: p.answers.map((a) => ({
    position: a.position,
    theme: a.theme,
    question: a.question,
    mode: a.mode,
    text: a.text,
    durationSeconds: a.durationSeconds,
    recordingUrl: a.recordingUrl,
    feedback: a.feedback,
    scores: a.scores,
    comment: a.comment,
  })),
});

/**
 * A student's mock interviews (decision 0040): start one, read it back with its feedback and review, share it
 * with the counsellor, and answer its questions (the answer with its recording is the one upload, so it
 * needs progress, not a form post).
 */
export function visasApi(visas: VisaService) {
  const api = new Hono<ServerEnv>();
  api.post(
    "/students/me/visa-practices",
    describe({
      operationId: "startVisaPractice",
      summary: "Start a mock visa interview for a destination that has one: its questions chosen from the student's file",
      student: true,
      requestBody: body(startInput),
      responses: { 201: messageAnswer("Started", practiceSchema), ...failures(400) },
    }),
    requireStudent,
    async (c) => {
      const id = await visas.startPractice(c.var.student.studentId, await readJson(c));
      return c.json(
        { message: "Practice started.", data: presentPractice(await visas.practice(c.var.student.studentId, id)) },
        201,
      );
    },
  );
  api.get(
    "/students/me/visa-practices/:practiceId",
    describe({
      operationId: "getVisaPractice",
      summary:
        "One of the student's practices with each answer's feedback and, once reviewed, the counsellor's scores and comments",
      student: true,
      parameters: [idParam("practiceId")],
      responses: { 200: answer("The practice", dataOf(practiceSchema)), ...failures(404) },
    }),
    requireStudent,
    async (c) =>
      c.json({
        data: presentPractice(await visas.practice(c.var.student.studentId, parseId(c.req.param("practiceId"), "Practice"))),
      }),
  );
  api.post(
    "/students/me/visa-practices/:practiceId/share",
    describe({
      operationId: "shareVisaPractice",
      summary: "Share a finished practice with the student's counsellor, for review",
      student: true,
      parameters: [idParam("practiceId")],
      responses: { 200: messageAnswer("Shared", practiceSchema), ...failures(404, 409) },
    }),
    requireStudent,
    async (c) => {
      const studentId = c.var.student.studentId;
      const practiceId = parseId(c.req.param("practiceId"), "Practice");
      await visas.share(studentId, practiceId);
      return c.json({ message: visaMessages.shared, data: presentPractice(await visas.practice(studentId, practiceId)) });
    },
  );
  api.post(
    "/students/me/visa-practices/:practiceId/answers",
    describe({
      operationId: "answerVisaPracticeQuestion",
      summary: `Answer one question of the student's practice: typed, or spoken with its recording (WebM, Ogg or MP4 audio, at most the practice's seconds per answer and ${MAX_RECORDING_SECONDS} seconds, recorded at ${RECORDING_BITS_PER_SECOND / 1000} kbit/s: ${Math.round(MAX_RECORDING_BYTES / 1024)} KB for the longest) and the browser's transcript; answers with its feedback`,
      student: true,
      parameters: [idParam("practiceId")],
      requestBody: multipart({
        position: { type: "integer", minimum: 1 },
        mode: { type: "string", enum: ["spoken", "typed"] },
        text: { type: "string", maxLength: 3000, description: "What was typed, or the browser's transcript" },
        durationSeconds: { type: "number", minimum: 0 },
        file: { type: "string", format: "binary", description: "The recording, for a spoken answer" },
      }),
      responses: {
        200: answer("Answer saved", {
          type: "object",
          properties: {
            message: { type: "string" },
            data: {
              type: "object",
              properties: { finished: { type: "boolean" }, feedback: { type: "object", additionalProperties: true } },
            },
          },
        }),
        ...failures(400, 404, 409, 413, 415),
      },
    }),
    requireStudent,
    limitBody(MAX_RECORDING_BYTES, visaMessages.recordingTooLarge(MAX_RECORDING_SECONDS)),
    async (c) => {
      const practiceId = parseId(c.req.param("practiceId"), "Practice");
      let upload: Awaited<ReturnType<typeof readUpload>>;
      try {
        upload = await readUpload(c);
      } catch (error) {
        // A body cut off half-way cannot be parsed: the student records again; earlier answers are kept.
        if (AppError.is(error) && error.status === 400)
          throw new AppError("invalid_input", visaMessages.recordingCut, { recording: visaMessages.recordingCut });
        throw error;
      }
      const { position, mode, text, durationSeconds } = upload.fields;
      const practice = await visas.answer(
        c.var.student.studentId,
        practiceId,
        { position, mode, text, durationSeconds },
        upload.file,
      );
      const answered = practice.answers.find((a) => a.position === Number(position));
      return c.json({
        message: "Answer saved.",
        data: { finished: practice.finishedAt !== null, feedback: answered?.feedback ?? null },
      });
    },
  );
  return api;
}

/** GET /files/recordings/:publicId: a practice's recording, only to its owner (the same 404 to anyone else). */
export function recordingRoute(visas: VisaService) {
  return new Hono<ServerEnv>().get(
    "/files/recordings/:publicId",
    describe({
      operationId: "downloadRecording",
      summary: `A practice answer's recording, only to its owner (${visaMessages.noSuchPractice.replace(".", "")}: 404 to anyone else)`,
      student: true,
      parameters: [pathParam("publicId", { type: "string" })],
      responses: {
        200: { description: "The recording", content: { "audio/webm": { schema: { type: "string", format: "binary" } } } },
        404: { description: "Not found" },
      },
    }),
    async (c) => {
      const viewer = c.var.student ? { studentId: c.var.student.studentId } : null;
      return serveFile(c, await visas.openRecording(viewer, c.req.param("publicId")), false);
    },
  );
}

/** GET /staff/files/recordings/:publicId: for staff who may reach the student's documents; the listen is audited. */
export function staffRecordingRoute(staff: StaffService): Handler<ServerEnv> {
  return async (c) => {
    const member = c.var.staff;
    if (!member) throw new AppError("not_found", "File not found");
    return serveFile(c, await staff.visas.openRecording(member, c.req.param("publicId") ?? ""), false);
  };
}
