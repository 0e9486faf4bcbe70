import { type Context, Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../modules/errors.ts";
import { parseId } from "../../modules/ids.ts";
import {
  declineSchema,
  invitationSchema,
  type LetterDownload,
  type LetterService,
  letterPageOpenings,
  type RecommenderView,
  type StudentLetterView,
} from "../../modules/letters/letters.ts";
import { MAX_DOCUMENT_BYTES } from "../../vocabulary/documents.ts";
import { letterMessages, letterStatuses } from "../../vocabulary/letters.ts";
import type { ServerEnv } from "../context.ts";
import { requireStaff, requireStudent } from "../guards.ts";
import { contentDisposition } from "./documents.ts";
import {
  answer,
  body,
  component,
  dataOf,
  describe,
  failures,
  idParam,
  json,
  listOf,
  messageAnswer,
  multipart,
  pathParam,
  ref,
} from "./openapi-parts.ts";
import { readJson } from "./read-json.ts";
import { limitBody, readUpload } from "./uploads.ts";

/** An invitation as its student reads it: never the token; a waived letter never offered. */
const letterInvitationSchema = component(
  "LetterInvitation",
  z.object({
    id: z.int(),
    recommender: z.object({
      name: z.string(),
      email: z.string(),
      role: z.string(),
      institution: z.string(),
      relation: z.string(),
    }),
    applications: z.array(z.object({ id: z.int(), course: z.string(), university: z.string() })),
    status: z.enum(letterStatuses),
    waived: z.boolean(),
    invited_at: z.iso.datetime(),
    expires_at: z.iso.datetime(),
    submitted_at: z.iso.datetime().nullable(),
    decline_reason: z.string().nullable(),
    mail_waiting: z
      .boolean()
      .meta({ description: "The mail to the recommender waits in the outbox: the mail server refused it" }),
    may_remind: z.boolean(),
    remind_from: z.iso.datetime().nullable(),
    may_revoke: z.boolean(),
    letter: z
      .string()
      .nullable()
      .meta({ description: "Where the student opens their letter: only when submitted and not waived (decision 0075)" }),
  }),
);

const presentInvitation = (l: StudentLetterView): z.infer<typeof letterInvitationSchema> => ({
  id: l.id,
  recommender: l.recommender,
  applications: l.applications,
  status: l.status,
  waived: l.waived,
  invited_at: l.invitedAt.toISOString(),
  expires_at: l.expiresAt.toISOString(),
  submitted_at: l.submittedAt?.toISOString() ?? null,
  decline_reason: l.declineReason,
  mail_waiting: l.mailWaiting,
  may_remind: l.mayRemind,
  remind_from: l.remindFrom?.toISOString() ?? null,
  may_revoke: l.mayRevoke,
  letter: l.readable ? `/api/v1/students/me/letters/${l.id}/letter` : null,
});

/** What the recommender's link shows: the student's name, the applications and deadlines, the letter so far. */
const recommenderViewSchema = component(
  "RecommenderView",
  z.object({
    recommender_name: z.string(),
    student_name: z.string(),
    waived: z.boolean(),
    expires_at: z.iso.datetime(),
    applications: z.array(
      z.object({ course: z.string(), university: z.string(), country: z.string(), deadline: z.iso.date().nullable() }),
    ),
    uploaded: z.object({ name: z.string(), size: z.int(), at: z.iso.datetime() }).nullable(),
  }),
);

const presentView = (v: RecommenderView): z.infer<typeof recommenderViewSchema> => ({
  recommender_name: v.recommenderName,
  student_name: v.studentName,
  waived: v.waived,
  expires_at: v.expiresAt.toISOString(),
  applications: v.applications,
  uploaded: v.uploaded ? { name: v.uploaded.name, size: v.uploaded.size, at: v.uploaded.at.toISOString() } : null,
});

/**
 * The recommender's link: kept by no cache, listed by no search engine, sending a referrer to no other site
 * ("same-origin", not "no-referrer": with none, a browser's plain form post says "Origin: null", which the
 * writes' same-origin check and React Router refuse; decision 0095).
 */
export const letterLinkHeaders = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
} as const;

const gone = {
  description: "The link is unknown, expired, revoked, already used or its account erased (one answer for all)",
  content: json(ref("ErrorBody")),
};

function serveLetter<E extends ServerEnv>(c: Context<E>, letter: LetterDownload) {
  return c.body(letter.body, 200, {
    "Content-Type": "application/pdf",
    "Content-Length": String(letter.size),
    "Content-Disposition": contentDisposition("inline", letter.name),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
  });
}

const tokenParam = pathParam("token", { type: "string", maxLength: 100 });

/**
 * Recommendation letters (decisions 0075-0077): the student's invitations under /students/me/letters, the
 * recommender's link under /letters/{token} (no account; rate-limited; the token left out of the request
 * log), and the console's reading of an application's letters (audited).
 */
export function lettersApi(letters: LetterService) {
  const api = new Hono<ServerEnv>();
  const idOf = (raw: string | undefined) => parseId(raw, "Invitation");

  api.get(
    "/students/me/letters",
    describe({
      operationId: "listMyLetters",
      summary: "The student's invitations to recommenders, newest first, with their status (a waived letter is never offered)",
      student: true,
      responses: { 200: answer("The invitations", listOf(ref("LetterInvitation"))) },
    }),
    requireStudent,
    async (c) => c.json({ data: (await letters.list(c.var.student.studentId)).map(presentInvitation) }),
  );

  api.post(
    "/students/me/letters",
    describe({
      operationId: "inviteRecommender",
      summary:
        "Invite a recommender for one or more of the student's applications, with the waiver chosen; the mail goes through the outbox (it waits there when the mail server is down)",
      student: true,
      requestBody: body(invitationSchema),
      responses: { 201: messageAnswer("Invited", ref("LetterInvitation")), ...failures(400, 429) },
    }),
    requireStudent,
    async (c) => {
      const studentId = c.var.student.studentId;
      const { id, mailWaiting } = await letters.invite(studentId, await readJson(c));
      const created = (await letters.list(studentId)).find((l) => l.id === id);
      if (!created) throw new Error("created invitation not found");
      return c.json(
        { message: mailWaiting ? letterMessages.invitedWaiting : letterMessages.invited, data: presentInvitation(created) },
        201,
      );
    },
  );

  api.post(
    "/students/me/letters/:letterId/reminder",
    describe({
      operationId: "remindRecommender",
      summary: "Remind the recommender (at most once every three days): a new link replaces the old one",
      student: true,
      parameters: [idParam("letterId")],
      responses: { 200: answer("Reminded", ref("Message")), ...failures(404, 409, 429) },
    }),
    requireStudent,
    async (c) => {
      const { mailWaiting } = await letters.remind(c.var.student.studentId, idOf(c.req.param("letterId")));
      return c.json({ message: mailWaiting ? letterMessages.invitedWaiting : letterMessages.reminded });
    },
  );

  api.post(
    "/students/me/letters/:letterId/revocation",
    describe({
      operationId: "revokeLetterInvitation",
      summary: "Revoke an invitation not yet answered: the recommender's link stops at once",
      student: true,
      parameters: [idParam("letterId")],
      responses: { 200: answer("Revoked", ref("Message")), ...failures(404, 409) },
    }),
    requireStudent,
    async (c) => {
      await letters.revoke(c.var.student.studentId, idOf(c.req.param("letterId")));
      return c.json({ message: letterMessages.revoked });
    },
  );

  api.get(
    "/students/me/letters/:letterId/letter",
    describe({
      operationId: "openMyLetter",
      summary: "The submitted letter, when the student did not waive the right to read it (a waived one is a 404)",
      student: true,
      parameters: [idParam("letterId")],
      responses: {
        200: {
          description: "The letter (PDF)",
          content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
        },
        ...failures(404),
      },
    }),
    requireStudent,
    async (c) => serveLetter(c, await letters.openForStudent(c.var.student.studentId, idOf(c.req.param("letterId")))),
  );

  api.get(
    "/letters/:token",
    describe({
      operationId: "openLetterLink",
      summary:
        "What a recommender sees through their link, without an account: the student's name, the applications and deadlines, the letter uploaded so far",
      parameters: [tokenParam],
      responses: { 200: answer("The recommender's view", dataOf(ref("RecommenderView"))), ...failures(429), 404: gone },
    }),
    async (c) => {
      for (const [name, value] of Object.entries(letterLinkHeaders)) c.header(name, value);
      await c.var.limit(letterPageOpenings);
      const view = await letters.openLink(c.req.param("token"));
      if (!view) throw new AppError("not_found", letterMessages.linkGoneTitle);
      return c.json({ data: presentView(view) });
    },
  );

  api.post(
    "/letters/:token/letter",
    describe({
      operationId: "uploadLetter",
      summary:
        "The recommender uploads the letter as a PDF (at most 10 MB); a second upload before submission replaces the first",
      parameters: [tokenParam],
      requestBody: multipart({ file: { type: "string", format: "binary" } }),
      responses: { 200: answer("Uploaded", ref("Message")), ...failures(400, 429), 404: gone },
    }),
    async (c, next) => {
      await c.var.limit(letterPageOpenings);
      return next();
    },
    limitBody(MAX_DOCUMENT_BYTES, letterMessages.tooLarge),
    async (c) => {
      c.header("Cache-Control", "private, no-store");
      const { file } = await readUpload(c);
      const { replaced } = await letters.upload(c.req.param("token"), file);
      return c.json({ message: replaced ? letterMessages.replaced : letterMessages.uploaded });
    },
  );

  api.post(
    "/letters/:token/submission",
    describe({
      operationId: "submitLetter",
      summary: "The recommender submits the letter uploaded; the link stops working",
      parameters: [tokenParam],
      responses: { 200: answer("Submitted", ref("Message")), ...failures(400, 429), 404: gone },
    }),
    async (c) => {
      await c.var.limit(letterPageOpenings);
      await letters.submit(c.req.param("token"));
      return c.json({ message: letterMessages.submitted });
    },
  );

  api.post(
    "/letters/:token/decline",
    describe({
      operationId: "declineLetter",
      summary: "The recommender declines with a reason the student reads; the link stops working",
      parameters: [tokenParam],
      requestBody: body(declineSchema),
      responses: { 200: answer("Declined", ref("Message")), ...failures(400, 429), 404: gone },
    }),
    async (c) => {
      await c.var.limit(letterPageOpenings);
      await letters.decline(c.req.param("token"), await readJson(c));
      return c.json({ message: letterMessages.declined });
    },
  );

  api.get(
    "/staff/applications/:applicationId/letters/:letterId",
    describe({
      operationId: "openApplicationLetter",
      summary: "Staff open a submitted letter of an application they may see, waived or not; the view is audited",
      staff: true,
      parameters: [idParam("applicationId"), idParam("letterId")],
      responses: {
        200: {
          description: "The letter (PDF)",
          content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
        },
      },
    }),
    requireStaff,
    async (c) =>
      serveLetter(
        c,
        await letters.openForStaff(
          c.var.staff,
          parseId(c.req.param("applicationId"), "Application"),
          idOf(c.req.param("letterId")),
        ),
      ),
  );

  return api;
}
