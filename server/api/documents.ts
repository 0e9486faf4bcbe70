import { type Context, Hono } from "hono";
import type { DocumentService, FileDownload } from "../../modules/documents/documents.ts";
import { documentMessages, MAX_DOCUMENT_BYTES, MAX_PHOTO_BYTES, opensInBrowser } from "../../vocabulary/documents.ts";
import type { ServerEnv } from "../context.ts";
import { requireStudent } from "../guards.ts";
import { answer, describe, failures, listOf, multipart, pathParam, ref } from "./openapi-parts.ts";
import { fileSchema, presentFile } from "./presenters.ts";
import { limitBody, readUpload } from "./uploads.ts";

/** The logged-in student's documents and photo under /api/v1/students/me: the owner always comes from the session. */
export function documentsApi(documents: DocumentService) {
  const api = new Hono<ServerEnv>();

  api.get(
    "/students/me/files",
    describe({
      operationId: "listMyDocuments",
      summary: "The student's documents",
      student: true,
      responses: { 200: answer("Documents", listOf(ref("StudentFile"))) },
    }),
    requireStudent,
    async (c) => c.json({ data: (await documents.list(c.var.student.studentId)).map(presentFile) }),
  );

  api.post(
    "/students/me/files",
    describe({
      operationId: "uploadDocument",
      summary: `Upload a document (${documentMessages.documentsHint.replace(" * required", "")}); replaces that type's earlier one`,
      student: true,
      requestBody: multipart({
        attachment_type: fileSchema.shape.attachment_type.toJSONSchema(),
        file: { type: "string", format: "binary" },
      }),
      responses: {
        200: answer("{attachment_type} uploaded successfully", {
          type: "object",
          properties: { message: { type: "string" }, data: ref("StudentFile") },
        }),
        ...failures(400, 429),
      },
    }),
    requireStudent,
    limitBody(MAX_DOCUMENT_BYTES, documentMessages.tooLarge),
    async (c) => {
      const { fields, file } = await readUpload(c);
      const stored = await documents.upload(c.var.student.studentId, { attachmentType: fields.attachment_type, file });
      return c.json({ message: documentMessages.uploaded(stored.attachmentType), data: presentFile(stored) });
    },
  );

  api.delete(
    "/students/me/files/:attachmentType",
    describe({
      operationId: "deleteDocument",
      summary: "Delete the document of that type",
      student: true,
      parameters: [pathParam("attachmentType", { type: "string" })],
      responses: { 200: answer("Deleted", ref("Message")), ...failures(404) },
    }),
    requireStudent,
    async (c) => {
      const removed = await documents.remove(c.var.student.studentId, c.req.param("attachmentType"));
      return c.json({ message: documentMessages.deleted(removed) });
    },
  );

  api.post(
    "/students/me/photo",
    describe({
      operationId: "uploadPhoto",
      summary: `Replace the profile photo (${documentMessages.photoHint}; re-encoded without metadata)`,
      student: true,
      requestBody: multipart({ file: { type: "string", format: "binary" } }),
      responses: {
        200: answer("Profile picture updated successfully", {
          type: "object",
          properties: { message: { type: "string" }, data: { type: "object", properties: { photo: { type: "string" } } } },
        }),
        ...failures(400, 429),
      },
    }),
    requireStudent,
    limitBody(MAX_PHOTO_BYTES, documentMessages.photoTooLarge),
    async (c) => {
      const { file } = await readUpload(c);
      const stored = await documents.uploadPhoto(c.var.student.studentId, file);
      return c.json({ message: documentMessages.photoUpdated, data: { photo: stored.url } });
    },
  );

  return api;
}

/** `attachment; filename="..."` with an ASCII fallback and the exact name in RFC 5987 form. */
export function contentDisposition(disposition: "attachment" | "inline", name: string): string {
  const ascii = name.replace(/[^ -~]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Streams a private upload so that no browser runs it: nosniff, a sandboxing CSP, attachment unless
 * `inline` is asked for a kind the browser shows in its own viewer, a PDF or an image (the photo always inline).
 */
export async function serveFile(c: Context<ServerEnv>, file: FileDownload, inlineAsked: boolean) {
  // PDFs too (decision 0035): Chromium shows a top-level PDF under this sandboxing CSP in its own viewer.
  const inline = file.isPhoto || (inlineAsked && opensInBrowser(file.contentType));
  const headers = {
    "Content-Type": file.contentType,
    "Content-Length": String(file.size),
    "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", file.name),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": file.isPhoto ? "private, max-age=3600" : "private, no-store",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (c.req.method === "HEAD") {
    await file.body.cancel();
    return c.body(null, 200, headers);
  }
  return c.body(file.body, 200, headers);
}

/** GET /files/:publicId: a private upload, streamed only to its owner; everyone else gets the same 404. */
export function filesRoute(documents: DocumentService) {
  return new Hono<ServerEnv>().get(
    "/files/:publicId",
    describe({
      operationId: "downloadFile",
      summary: "A private file, only to its owner (404 to anyone else)",
      student: true,
      parameters: [pathParam("publicId", { type: "string" })],
      responses: {
        200: {
          description: "The file",
          content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
        },
        404: { description: "Not found" },
      },
    }),
    async (c) => serveFile(c, await documents.open(c.var.student, c.req.param("publicId")), c.req.query("inline") === "1"),
  );
}
