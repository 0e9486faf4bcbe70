import { type Handler, Hono } from "hono";
import type { StaffService } from "../../modules/console/console.ts";
import { AppError } from "../../modules/errors.ts";
import { parseId } from "../../modules/ids.ts";
import type { VisaService } from "../../modules/visas/visas.ts";
import { MAX_RECORDING_BYTES, MAX_RECORDING_SECONDS, visaMessages } from "../../vocabulary/visas.ts";
import type { ServerEnv } from "../context.ts";
import { requireStudent } from "../guards.ts";
import { serveFile } from "./documents.ts";
import { readJson } from "./read-json.ts";
import { limitBody, readUpload } from "./uploads.ts";

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
  api.post("/students/me/visa-practices", requireStudent, async (c) => {
    const id = await visas.startPractice(c.var.student.studentId, await readJson(c));
    return c.json(
      { message: "Practice started.", data: presentPractice(await visas.practice(c.var.student.studentId, id)) },
      201,
    );
  });
  api.get("/students/me/visa-practices/:practiceId", requireStudent, async (c) =>
    c.json({
      data: presentPractice(await visas.practice(c.var.student.studentId, parseId(c.req.param("practiceId"), "Practice"))),
    }),
  );
  api.post("/students/me/visa-practices/:practiceId/share", requireStudent, async (c) => {
    const studentId = c.var.student.studentId;
    const practiceId = parseId(c.req.param("practiceId"), "Practice");
    await visas.share(studentId, practiceId);
    return c.json({ message: visaMessages.shared, data: presentPractice(await visas.practice(studentId, practiceId)) });
  });
  api.post(
    "/students/me/visa-practices/:practiceId/answers",
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
export function recordingRoute(visas: VisaService): Handler<ServerEnv> {
  return async (c) => {
    const viewer = c.var.student ? { studentId: c.var.student.studentId } : null;
    return serveFile(c, await visas.openRecording(viewer, c.req.param("publicId") ?? ""), false);
  };
}

/** GET /staff/files/recordings/:publicId: for staff who may reach the student's documents; the listen is audited. */
export function staffRecordingRoute(staff: StaffService): Handler<ServerEnv> {
  return async (c) => {
    const member = c.var.staff;
    if (!member) throw new AppError("not_found", "File not found");
    return serveFile(c, await staff.visas.openRecording(member, c.req.param("publicId") ?? ""), false);
  };
}
