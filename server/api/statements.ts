import { type Context, Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../modules/errors.ts";
import { parseId } from "../../modules/ids.ts";
import {
  answerSchema,
  type ConsoleStatementView,
  commentSchema,
  compareVersions,
  copySchema,
  type StatementPdfFile,
  type StatementService,
  type StatementView,
  saveDraftSchema,
  sendSchema,
} from "../../modules/statements/statements.ts";
import { type StatementKind, statementCheckKeys, statementKinds, statementMessages } from "../../vocabulary/statements.ts";
import type { ServerEnv } from "../context.ts";
import { requireStaff, requireStudent } from "../guards.ts";
import { contentDisposition } from "./documents.ts";
import { answer, body, component, dataOf, describe, failures, idParam, messageAnswer, pathParam, ref } from "./openapi-parts.ts";
import { readJson } from "./read-json.ts";

const checksSchema = z.object({
  holding: z.int().meta({ description: "How many of the checks hold" }),
  total: z.int(),
  words: z.int(),
  checks: z.array(
    z.object({
      key: z.enum(statementCheckKeys),
      label: z.string(),
      holds: z.boolean(),
      reasons: z.array(z.string()).meta({ description: "Why it holds or does not, in words the student can act on" }),
    }),
  ),
});

const versionSchema = z.object({
  id: z.int(),
  number: z.int(),
  paragraphs: z.array(z.string()),
  sent_at: z.iso.datetime(),
  approved_at: z.iso.datetime().nullable(),
  checks: checksSchema,
});
const commentOutSchema = z.object({
  id: z.int(),
  version: z.int(),
  paragraph: z.int().meta({ description: "The paragraph of that version it is about, from 1" }),
  quote: z.string().nullable(),
  comment: z.string(),
  by: z.string(),
  answer: z.string().nullable(),
  done: z.boolean(),
});
/** What the student and the console both read: the versions sent, their checks and comments. */
const sentFields = {
  application_id: z.int(),
  kind: z.enum(statementKinds),
  university: z.string(),
  course: z.string(),
  word_limit: z.int().nullable().meta({ description: "The course's SOP word limit; the server refuses a draft over it" }),
  approved_version: z.int().nullable().meta({ description: "The number of the version approved: the one the package uses" }),
  pdf_cannot_print: z.array(z.string()).meta({
    description: "Characters of the approved version (an emoji, Tamil) its PDF's fonts cannot print: the PDF leaves them out",
  }),
  versions: z.array(versionSchema),
};

/** A statement (SOP or letter of explanation) with its draft, versions, comments and checks (decisions 0072-0073). */
export const statementSchema = component(
  "Statement",
  z.object({
    ...sentFields,
    paragraphs: z.array(z.string()).meta({ description: "The draft, as plain-text paragraphs" }),
    revision: z
      .int()
      .meta({ description: "Send it back with a save: a save from a tab that read an older one is refused (409)" }),
    changed_since_sent: z.boolean(),
    checks: checksSchema,
    comments: z.array(
      commentOutSchema.extend({
        paragraph_in_draft: z
          .int()
          .nullable()
          .meta({ description: "Where that paragraph is in the draft now, found by its text (null when removed)" }),
      }),
    ),
    sources: z
      .array(z.object({ application_id: z.int(), label: z.string() }))
      .meta({ description: "Other applications of the student with an SOP to start from" }),
  }),
);

/** The console's read of a statement: the versions sent and their comments, never the student's unsent draft (decision 0072). */
export const consoleStatementSchema = component(
  "ConsoleStatement",
  z.object({ ...sentFields, comments: z.array(commentOutSchema) }),
);

const iso = (d: Date | null) => d?.toISOString() ?? null;
const presentChecks = (c: StatementView["checks"]) => ({ holding: c.holding, total: c.total, words: c.words, checks: c.checks });

const presentSent = (s: ConsoleStatementView): z.infer<typeof consoleStatementSchema> => ({
  application_id: s.applicationId,
  kind: s.kind,
  university: s.university,
  course: s.course,
  word_limit: s.wordLimit,
  approved_version: s.versions.find((v) => v.id === s.approvedVersionId)?.number ?? null,
  pdf_cannot_print: s.pdfCannotPrint,
  versions: s.versions.map((v) => ({
    id: v.id,
    number: v.number,
    paragraphs: v.paragraphs,
    sent_at: v.sentAt.toISOString(),
    approved_at: iso(v.approvedAt),
    checks: presentChecks(v.checks),
  })),
  comments: s.comments.map((c) => ({
    id: c.id,
    version: c.versionNumber,
    paragraph: c.paragraphIndex + 1,
    quote: c.quote,
    comment: c.body,
    by: c.staffName,
    answer: c.answer,
    done: c.doneAt !== null,
  })),
});

export const presentStatement = (s: StatementView): z.infer<typeof statementSchema> => {
  const sent = presentSent(s);
  return {
    ...sent,
    paragraphs: s.paragraphs,
    revision: s.revision,
    changed_since_sent: s.changedSinceSent,
    checks: presentChecks(s.checks),
    comments: sent.comments.map((c, i) => {
      const inDraft = s.comments[i]?.inDraft;
      return { ...c, paragraph_in_draft: inDraft ? inDraft.index + 1 : null };
    }),
    sources: s.sources.map((x) => ({ application_id: x.applicationId, label: x.label })),
  };
};

const diffSchema = component(
  "StatementDiff",
  z.object({
    from: z.int().meta({ description: "A version's number; 0 is the draft" }),
    to: z.int(),
    parts: z.array(z.object({ text: z.string(), change: z.enum(["same", "added", "removed"]) })),
  }),
);

/** The approved statement's PDF (decision 0096): saved, never shown inline, kept by no cache. */
function servePdf<E extends ServerEnv>(c: Context<E>, file: StatementPdfFile) {
  return c.body(file.bytes, 200, {
    "Content-Type": "application/pdf",
    "Content-Length": String(file.bytes.byteLength),
    "Content-Disposition": contentDisposition("attachment", file.name),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
  });
}
const pdfAnswer = {
  description: "The approved version as an A4 PDF",
  content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
};

const kindParam = pathParam("kind", { type: "string", enum: [...statementKinds] });
const kindOf = (raw: string | undefined): StatementKind => {
  if (!statementKinds.includes(raw as StatementKind)) throw new AppError("not_found", statementMessages.noSuchStatement);
  return raw as StatementKind;
};
const appOf = (raw: string | undefined) => parseId(raw, "Application");
const numberOf = (raw: string | undefined) => {
  const n = Number(raw ?? "");
  if (!Number.isInteger(n) || n < 0 || n > 10_000) throw new AppError("not_found", statementMessages.noSuchVersion);
  return n;
};

/**
 * A student's SOP and Canadian letter of explanation (decision 0072) under
 * /api/v1/students/me/applications/{applicationId}/statements/{kind}, and the console's review of them
 * under /api/v1/staff/applications/{applicationId}/statements/{kind}. The owner comes from the session;
 * another student's application, or a student a counsellor does not look after, is a 404.
 */
export function statementsApi(statements: StatementService) {
  const api = new Hono<ServerEnv>();
  const base = "/students/me/applications/:applicationId/statements/:kind";
  const params = [idParam("applicationId"), kindParam];
  const read = async (studentId: number, id: number, kind: StatementKind) =>
    presentStatement(await statements.get(studentId, id, kind));

  api.get(
    base,
    describe({
      operationId: "getMyStatement",
      summary: "The student's SOP (or Canadian letter of explanation) on an application: draft, versions, comments and checks",
      student: true,
      parameters: params,
      responses: { 200: answer("The statement", dataOf(ref("Statement"))), ...failures(404) },
    }),
    requireStudent,
    async (c) =>
      c.json({ data: await read(c.var.student.studentId, appOf(c.req.param("applicationId")), kindOf(c.req.param("kind"))) }),
  );

  api.put(
    `${base}/draft`,
    describe({
      operationId: "saveMyStatementDraft",
      summary:
        "Save the draft (paragraphs split at blank lines) with the revision read; refused over the course's word limit (400) or when another tab saved since (409)",
      student: true,
      parameters: params,
      requestBody: body(saveDraftSchema, { describe: { revision: "The revision the draft was read at (0 for a new one)" } }),
      responses: { 200: messageAnswer("Saved", ref("Statement")), ...failures(400, 404, 409) },
    }),
    requireStudent,
    async (c) => {
      const studentId = c.var.student.studentId;
      const id = appOf(c.req.param("applicationId"));
      const kind = kindOf(c.req.param("kind"));
      await statements.save(studentId, id, kind, await readJson(c));
      return c.json({ message: statementMessages.saved, data: await read(studentId, id, kind) });
    },
  );

  api.post(
    `${base}/copy`,
    describe({
      operationId: "copyMyStatement",
      summary: "Start the draft from the SOP of another of the student's applications",
      student: true,
      parameters: params,
      requestBody: body(copySchema),
      responses: { 200: messageAnswer("Copied", ref("Statement")), ...failures(400, 404, 409) },
    }),
    requireStudent,
    async (c) => {
      const studentId = c.var.student.studentId;
      const id = appOf(c.req.param("applicationId"));
      const kind = kindOf(c.req.param("kind"));
      await statements.copy(studentId, id, kind, await readJson(c));
      return c.json({ message: statementMessages.copied, data: await read(studentId, id, kind) });
    },
  );

  api.post(
    `${base}/versions`,
    describe({
      operationId: "sendMyStatementForReview",
      summary:
        "Send the draft for review: it becomes the next version, frozen, and the counsellor reviews it; with a text, that text is saved first (refused like a save) and sent",
      student: true,
      parameters: params,
      requestBody: body(sendSchema, {
        describe: {
          revision: "The revision the draft was read at",
          text: "The draft as the student has it on screen; without it, the draft as last saved is sent",
        },
      }),
      responses: { 201: messageAnswer("Sent", ref("Statement")), ...failures(400, 404, 409) },
    }),
    requireStudent,
    async (c) => {
      const studentId = c.var.student.studentId;
      const id = appOf(c.req.param("applicationId"));
      const kind = kindOf(c.req.param("kind"));
      await statements.send(studentId, id, kind, await readJson(c));
      return c.json({ message: statementMessages.sent, data: await read(studentId, id, kind) }, 201);
    },
  );

  api.get(
    `${base}/diff/:from/:to`,
    describe({
      operationId: "compareMyStatementVersions",
      summary: "What changed between two versions (by number; 0 is the draft), word by word",
      student: true,
      parameters: [
        ...params,
        pathParam("from", { type: "integer", minimum: 0 }),
        pathParam("to", { type: "integer", minimum: 0 }),
      ],
      responses: { 200: answer("The comparison", dataOf(ref("StatementDiff"))), ...failures(404) },
    }),
    requireStudent,
    async (c) => {
      const view = await statements.get(
        c.var.student.studentId,
        appOf(c.req.param("applicationId")),
        kindOf(c.req.param("kind")),
      );
      return c.json({ data: compareVersions(view, numberOf(c.req.param("from")), numberOf(c.req.param("to"))) });
    },
  );

  api.get(
    `${base}/pdf`,
    describe({
      operationId: "downloadMyStatementPdf",
      summary:
        "The approved version as a PDF (name, university, course, title, paragraphs), made from its stored text; 409 before a version is approved",
      student: true,
      parameters: params,
      responses: { 200: pdfAnswer, ...failures(404, 409) },
    }),
    requireStudent,
    async (c) =>
      servePdf(
        c,
        await statements.pdf(c.var.student.studentId, appOf(c.req.param("applicationId")), kindOf(c.req.param("kind"))),
      ),
  );

  api.post(
    `${base}/comments/:commentId/answer`,
    describe({
      operationId: "answerStatementComment",
      summary: "Answer a counsellor's comment",
      student: true,
      parameters: [...params, idParam("commentId")],
      requestBody: body(answerSchema),
      responses: { 200: messageAnswer("Answered", ref("Statement")), ...failures(400, 404) },
    }),
    requireStudent,
    async (c) => {
      const studentId = c.var.student.studentId;
      const id = appOf(c.req.param("applicationId"));
      const kind = kindOf(c.req.param("kind"));
      await statements.answer(studentId, id, kind, parseId(c.req.param("commentId"), "Comment"), await readJson(c));
      return c.json({ message: statementMessages.answered, data: await read(studentId, id, kind) });
    },
  );

  api.post(
    `${base}/comments/:commentId/done`,
    describe({
      operationId: "markStatementCommentDone",
      summary: "Mark a counsellor's comment done",
      student: true,
      parameters: [...params, idParam("commentId")],
      responses: { 200: messageAnswer("Marked done", ref("Statement")), ...failures(404) },
    }),
    requireStudent,
    async (c) => {
      const studentId = c.var.student.studentId;
      const id = appOf(c.req.param("applicationId"));
      const kind = kindOf(c.req.param("kind"));
      await statements.markDone(studentId, id, kind, parseId(c.req.param("commentId"), "Comment"));
      return c.json({ message: statementMessages.marked, data: await read(studentId, id, kind) });
    },
  );

  const staffBase = "/staff/applications/:applicationId/statements/:kind";

  api.get(
    staffBase,
    describe({
      operationId: "getConsoleStatement",
      summary:
        "A student's SOP or letter of explanation: the versions sent, with their comments and checks (the draft stays the student's until sent); the view is audited",
      staff: true,
      parameters: params,
      responses: { 200: answer("The statement", dataOf(ref("ConsoleStatement"))) },
    }),
    requireStaff,
    async (c) =>
      c.json({
        data: presentSent(
          await statements.console.get(c.var.staff, appOf(c.req.param("applicationId")), kindOf(c.req.param("kind"))),
        ),
      }),
  );

  api.get(
    `${staffBase}/pdf`,
    describe({
      operationId: "downloadConsoleStatementPdf",
      summary:
        "The approved version of a student's statement as a PDF; 409 before a version is approved; the download is audited",
      staff: true,
      parameters: params,
      responses: { 200: pdfAnswer, ...failures(409) },
    }),
    requireStaff,
    async (c) =>
      servePdf(c, await statements.console.pdf(c.var.staff, appOf(c.req.param("applicationId")), kindOf(c.req.param("kind")))),
  );

  api.post(
    `${staffBase}/versions/:versionId/comments`,
    describe({
      operationId: "commentOnStatementVersion",
      summary:
        "Comment on a paragraph (from 0) of a version sent, optionally quoting words of it; 400 when the paragraph lacks them (counsellors and admins)",
      staff: true,
      parameters: [...params, idParam("versionId")],
      requestBody: body(commentSchema, { optional: ["quote"] }),
      responses: { 201: messageAnswer("Commented", ref("ConsoleStatement")), ...failures(400) },
    }),
    requireStaff,
    async (c) => {
      const id = appOf(c.req.param("applicationId"));
      const kind = kindOf(c.req.param("kind"));
      await statements.console.comment(c.var.staff, id, kind, parseId(c.req.param("versionId"), "Version"), await readJson(c));
      return c.json(
        { message: statementMessages.commented, data: presentSent(await statements.console.get(c.var.staff, id, kind)) },
        201,
      );
    },
  );

  api.post(
    `${staffBase}/versions/:versionId/approval`,
    describe({
      operationId: "approveStatementVersion",
      summary: "Approve a version: the package's SOP item reads Approved and uses it (counsellors and admins); audited",
      staff: true,
      parameters: [...params, idParam("versionId")],
      responses: { 200: messageAnswer("Approved", ref("ConsoleStatement")), ...failures(409) },
    }),
    requireStaff,
    async (c) => {
      const id = appOf(c.req.param("applicationId"));
      const kind = kindOf(c.req.param("kind"));
      await statements.console.approve(c.var.staff, id, kind, parseId(c.req.param("versionId"), "Version"));
      return c.json({
        message: statementMessages.approved,
        data: presentSent(await statements.console.get(c.var.staff, id, kind)),
      });
    },
  );

  return api;
}

export { diffSchema };
