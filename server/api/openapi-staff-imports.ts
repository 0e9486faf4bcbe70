import { rowsQuery } from "../../modules/catalogue/import.ts";
import { catalogueImportKinds, MAX_IMPORT_BYTES } from "../../vocabulary/catalogue-import.ts";
import {
  answer,
  body,
  dataOf,
  failures,
  jsonSchema,
  listOf,
  multipart,
  operation,
  pathParam,
  queryParams,
  ref,
  write,
} from "./openapi-parts.ts";
import { applyBody, catalogueImportSchema, checkBody, importRowSchema } from "./staff-imports.ts";

export const staffImportsSchemas = () => ({
  CatalogueImport: jsonSchema(catalogueImportSchema, "output"),
  CatalogueImportRow: jsonSchema(importRowSchema, "output"),
});

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

/** The catalogue's CSV import and export (server/api/staff-imports.ts, decision 0020): admins only, audited. */
export const staffImportsPaths = () => ({
  "/api/v1/staff/catalogue/imports": {
    get: operation({
      operationId: "listCatalogueImports",
      summary: "The latest catalogue imports, newest first (admins)",
      staff: true,
      responses: { 200: answer("The imports", listOf(ref("CatalogueImport"))), ...failures(403) },
    }),
    post: write({
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
  },
  "/api/v1/staff/catalogue/imports/{importId}": {
    get: operation({
      operationId: "getCatalogueImport",
      summary: "One import: its mapping, progress, the dry run's counts, the result or why it failed (admins)",
      staff: true,
      parameters: [importId],
      responses: { 200: answer("The import", dataOf(ref("CatalogueImport"))), ...failures(403) },
    }),
  },
  "/api/v1/staff/catalogue/imports/{importId}/check": {
    post: write({
      operationId: "checkCatalogueImport",
      summary:
        "Confirm the column mapping (remembered for the same header) and start the dry run, which changes nothing (admins)",
      staff: true,
      parameters: [importId],
      requestBody: body(checkBody),
      responses: { 202: started, ...failures(400, 409) },
    }),
  },
  "/api/v1/staff/catalogue/imports/{importId}/rows": {
    get: operation({
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
  },
  "/api/v1/staff/catalogue/imports/{importId}/refused-rows": {
    get: operation({
      operationId: "downloadCatalogueImportRefusedRows",
      summary: "The dry run's refused rows as CSV: line, reason, then the row's cells (admins; audited as an export)",
      staff: true,
      parameters: [importId],
      responses: { 200: csvFile("The refused rows"), ...failures(403) },
    }),
  },
  "/api/v1/staff/catalogue/imports/{importId}/apply": {
    post: write({
      operationId: "applyCatalogueImport",
      summary:
        "Apply a dry run in one transaction, or nothing if a row is now refused: the whole file (a clean dry run), or with rows passing only the rows that passed, the refused ones left out (admins; audited)",
      staff: true,
      parameters: [importId],
      // Optional: no body applies the whole file, as before.
      requestBody: { ...body(applyBody), required: false },
      responses: { 202: started, ...failures(409) },
    }),
  },
  "/api/v1/staff/catalogue/export/{kind}": {
    get: operation({
      operationId: "exportCatalogue",
      summary: "All universities or all courses as CSV in the import's shape, retired ones marked (admins; audited; streamed)",
      staff: true,
      parameters: [pathParam("kind", { type: "string", enum: [...catalogueImportKinds] })],
      responses: { 200: csvFile("The catalogue's file"), ...failures(403) },
    }),
  },
});
