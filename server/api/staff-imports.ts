import { type Context, Hono } from "hono";
import { z } from "zod";
import type { CatalogueImportView, ImportDiffRow } from "../../modules/catalogue/catalogue.ts";
import { rowsQuery } from "../../modules/catalogue/import.ts";
import type { StaffService } from "../../modules/console/console.ts";
import { AppError } from "../../modules/errors.ts";
import { MultipartError, readUploadForm } from "../../platform/multipart.ts";
import {
  catalogueImportKinds,
  catalogueImportStatuses,
  catalogueImportMessages as im,
  importRowActions,
  MAX_IMPORT_BYTES,
} from "../../vocabulary/catalogue-import.ts";
import type { ServerEnv } from "../context.ts";
import { requireStaff } from "../guards.ts";
import { contentDisposition } from "./documents.ts";
import {
  answer,
  body,
  component,
  dataOf,
  describe,
  failures,
  listOf,
  multipart,
  pathParam,
  queryParams,
  ref,
} from "./openapi-parts.ts";
import { readJson, readOptionalJson } from "./read-json.ts";

/** Room for the multipart boundaries and the kind field around the file. */
const IMPORT_FORM_HEADROOM = 64 * 1024;

/**
 * The upload form, read as it streams: the fields before the file, then the file's bytes handed on to
 * storage. Used by the API and by the import screen's form (which posts the same fields).
 */
async function readImportUpload(request: Request) {
  const refusal = (error: unknown) => {
    if (!(error instanceof MultipartError)) return error;
    if (error.tooLarge) return new AppError("payload_too_large", im.tooLarge, { file: im.tooLarge });
    const notMultipart = !request.headers.get("Content-Type")?.toLowerCase().startsWith("multipart/form-data");
    return new AppError(notMultipart ? "unsupported_media_type" : "invalid_input", im.multipartOnly);
  };
  try {
    const form = await readUploadForm(request, { maxBodyBytes: MAX_IMPORT_BYTES + IMPORT_FORM_HEADROOM });
    const file = form.file;
    if (!file) return form;
    // The body may still be refused while the file streams (cut short, too large): said as ours.
    const body = async function* () {
      try {
        yield* file.body;
      } catch (error) {
        throw refusal(error);
      }
    };
    return { ...form, file: { ...file, body: body() } };
  } catch (error) {
    throw refusal(error);
  }
}

const countsSchema = z.object({
  rows: z.int(),
  new: z.int(),
  changed: z.int(),
  unchanged: z.int(),
  retired: z.int().meta({ description: "Would be (or were) retired because the file leaves them out" }),
  refused: z.int(),
});

const catalogueImportSchema = component(
  "CatalogueImport",
  z.object({
    id: z.string(),
    kind: z.enum(catalogueImportKinds),
    fileName: z.string(),
    status: z.enum(catalogueImportStatuses),
    createdAt: z.iso.datetime(),
    createdBy: z.string(),
    rowsTotal: z.int().nullable().meta({ description: "Rows in the file (an estimate until the dry run has counted them)" }),
    rowsDone: z.int().meta({ description: "Rows done by the running step" }),
    retireMissing: z.boolean(),
    columns: z.array(z.string()).meta({ description: "The file's header, trimmed and lower-case" }),
    mapping: z.record(z.string(), z.string()).meta({ description: "Our column -> the file's column" }),
    summary: countsSchema
      .extend({
        applied: countsSchema.optional(),
        passingOnly: z.boolean().optional().meta({ description: "The apply leaves the dry run's refused rows out" }),
        leftOut: z.int().optional().meta({ description: "Once applied with passingOnly: the refused rows left out" }),
      })
      .nullable(),
    failure: z.string().nullable().meta({ description: "Why the last step failed, in words" }),
    checkedAt: z.iso.datetime().nullable(),
    appliedAt: z.iso.datetime().nullable(),
  }),
);

const importRowSchema = component(
  "CatalogueImportRow",
  z.object({
    line: z.int().meta({ description: "The file's line (the header is 1); 0 for a record the file leaves out" }),
    recordId: z.int().nullable(),
    action: z.enum(importRowActions),
    label: z.string(),
    changes: z
      .record(z.string(), z.tuple([z.string(), z.string()]))
      .nullable()
      .meta({ description: "Column -> [before, after]" }),
    reason: z.string().nullable(),
  }),
);

const applyBody = z.object({
  rows: z.enum(["all", "passing"]).optional().meta({
    description:
      "all (the default): the whole file, all or nothing, for a clean dry run; passing: only the rows that passed the dry run, its refused rows left out",
  }),
});

const checkBody = z.object({
  mapping: z.record(z.string(), z.string()).meta({ description: "Our column -> the file's column (from `columns`)" }),
  retireMissing: z.boolean().optional().meta({ description: "Retire what the file leaves out (off by default)" }),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const presentImport = (v: CatalogueImportView): z.infer<typeof catalogueImportSchema> => ({
  id: v.id,
  kind: v.kind,
  fileName: v.fileName,
  status: v.status,
  createdAt: v.createdAt.toISOString(),
  createdBy: v.createdBy,
  rowsTotal: v.rowsTotal,
  rowsDone: v.rowsDone,
  retireMissing: v.retireMissing,
  columns: v.columns,
  mapping: v.mapping,
  summary: v.summary,
  failure: v.failure,
  checkedAt: iso(v.checkedAt),
  appliedAt: iso(v.appliedAt),
});

const presentRow = (r: ImportDiffRow): z.infer<typeof importRowSchema> => ({
  line: r.line,
  recordId: r.recordId,
  action: r.action,
  label: r.label,
  changes: r.changes,
  reason: r.reason,
});

/** A CSV download streamed from chunks of text, never built whole. */
function csvDownload(c: Context, fileName: string, chunks: AsyncIterator<string>) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return?.(undefined);
    },
  });
  return c.body(body, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": contentDisposition("attachment", fileName),
    "X-Content-Type-Options": "nosniff",
  });
}

const importId = pathParam("importId", { type: "string", pattern: "^[0-9a-f]{32}$" });
const started = answer("Started in the background; GET the import for its progress and result", {
  type: "object",
  required: ["message"],
  properties: { message: { type: "string" } },
});
const csvFile = (description: string) => ({
  description,
  content: { "text/csv": { schema: { type: "string" } } },
});

/** The catalogue's CSV import and export (decision 0020), under /api/v1/staff/catalogue: admins only. */
export function staffImportsApi(staff: StaffService) {
  const api = new Hono<ServerEnv>();
  const imports = staff.catalogue.imports;

  api.post(
    "/catalogue/imports",
    describe({
      operationId: "uploadCatalogueImport",
      summary: `Upload a CSV of universities or courses (UTF-8, with or without BOM, at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB; the kind field before the file); answers the import at its mapping step, pre-filled (admins)`,
      staff: true,
      requestBody: multipart({
        kind: { type: "string", enum: [...catalogueImportKinds] },
        file: { type: "string", format: "binary" },
      }),
      responses: {
        201: answer("Uploaded", { type: "object", properties: { message: { type: "string" }, data: ref("CatalogueImport") } }),
        ...failures(400, 415),
      },
    }),
    requireStaff,
    async (c) => {
      // The rule first, so a refused member's file is never read.
      await imports.recent(c.var.staff);
      const { fields, file } = await readImportUpload(c.req.raw);
      if (!file || file.name === "") throw new AppError("invalid_input", im.chooseFile, { file: im.chooseFile });
      const created = await imports.upload(c.var.staff, { kind: fields.kind, fileName: file.name, body: file.body });
      return c.json({ message: im.uploaded(created.fileName), data: presentImport(created) }, 201);
    },
  );
  api.get(
    "/catalogue/imports",
    describe({
      operationId: "listCatalogueImports",
      summary: "The latest catalogue imports, newest first (admins)",
      staff: true,
      responses: { 200: answer("The imports", listOf(ref("CatalogueImport"))), ...failures(403) },
    }),
    requireStaff,
    async (c) => c.json({ data: (await imports.recent(c.var.staff)).map(presentImport) }),
  );
  api.get(
    "/catalogue/imports/:importId",
    describe({
      operationId: "getCatalogueImport",
      summary: "One import: its mapping, progress, the dry run's counts, the result or why it failed (admins)",
      staff: true,
      parameters: [importId],
      responses: { 200: answer("The import", dataOf(ref("CatalogueImport"))), ...failures(403) },
    }),
    requireStaff,
    async (c) => c.json({ data: presentImport(await imports.get(c.var.staff, c.req.param("importId"))) }),
  );
  api.post(
    "/catalogue/imports/:importId/check",
    describe({
      operationId: "checkCatalogueImport",
      summary:
        "Confirm the column mapping (remembered for the same header) and start the dry run, which changes nothing (admins)",
      staff: true,
      parameters: [importId],
      requestBody: body(checkBody),
      responses: { 202: started, ...failures(400, 409) },
    }),
    requireStaff,
    async (c) => {
      const message = await imports.check(c.var.staff, c.req.param("importId"), await readJson(c));
      return c.json({ message }, 202);
    },
  );
  api.get(
    "/catalogue/imports/:importId/rows",
    describe({
      operationId: "listCatalogueImportRows",
      summary:
        "A page of the dry run's rows (new, changed with before and after, would-be-retired, refused with line and reason), in file order (admins)",
      staff: true,
      parameters: [importId, ...queryParams(rowsQuery, { page: "Out of range reads as page 1" })],
      responses: {
        200: answer(
          "The rows",
          listOf(ref("CatalogueImportRow"), {
            action: { type: ["string", "null"] },
            page: { type: "integer" },
            pageSize: { type: "integer" },
            total: { type: "integer" },
          }),
        ),
        ...failures(403),
      },
    }),
    requireStaff,
    async (c) => {
      const { rows, ...page } = await imports.rows(c.var.staff, c.req.param("importId"), c.req.query());
      return c.json({ ...page, data: rows.map(presentRow) });
    },
  );
  api.get(
    "/catalogue/imports/:importId/refused-rows",
    describe({
      operationId: "downloadCatalogueImportRefusedRows",
      summary: "The dry run's refused rows as CSV: line, reason, then the row's cells (admins; audited as an export)",
      staff: true,
      parameters: [importId],
      responses: { 200: csvFile("The refused rows"), ...failures(403) },
    }),
    requireStaff,
    async (c) => {
      const file = await imports.refusedRows(c.var.staff, c.req.param("importId"));
      return csvDownload(c, file.fileName, file.chunks);
    },
  );
  api.post(
    "/catalogue/imports/:importId/apply",
    describe({
      operationId: "applyCatalogueImport",
      summary:
        "Apply a dry run in one transaction, or nothing if a row is now refused: the whole file (a clean dry run), or with rows passing only the rows that passed, the refused ones left out (admins; audited)",
      staff: true,
      parameters: [importId],
      // Optional: no body applies the whole file, as before.
      requestBody: { ...body(applyBody), required: false },
      responses: { 202: started, ...failures(409) },
    }),
    requireStaff,
    async (c) => {
      // The body is optional: none (or {"rows": "all"}) applies the whole file; {"rows": "passing"} only the rows that passed.
      const message = await imports.apply(c.var.staff, c.req.param("importId"), await readOptionalJson(c));
      return c.json({ message }, 202);
    },
  );
  api.get(
    "/catalogue/export/:kind",
    describe({
      operationId: "exportCatalogue",
      summary: "All universities or all courses as CSV in the import's shape, retired ones marked (admins; audited; streamed)",
      staff: true,
      parameters: [pathParam("kind", { type: "string", enum: [...catalogueImportKinds] })],
      responses: { 200: csvFile("The catalogue's file"), ...failures(403) },
    }),
    requireStaff,
    async (c) => {
      const kind = catalogueImportKinds.find((k) => k === c.req.param("kind"));
      if (!kind) throw new AppError("not_found", "No such export.");
      const file = await staff.catalogue.export(c.var.staff, kind);
      return csvDownload(c, file.fileName, file.chunks);
    },
  );
  return api;
}
