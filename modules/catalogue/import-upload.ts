import { parse as parseSync } from "csv-parse/sync";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { newStorageKey } from "../../platform/storage/file-storage.ts";
import {
  catalogueImportKinds,
  catalogueImportMessages as im,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_HEADER_BYTES,
} from "../../vocabulary/catalogue-import.ts";
import { recordAudit } from "../audit-log.ts";
import type { StaffDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { authorize, canManageCatalogue, type StaffMember } from "../policies.ts";
import { parseInput } from "../validation.ts";
import { normaliseHeader, suggestMapping } from "./csv-export.ts";
import { type CatalogueImportView, present } from "./import-pass.ts";
import { catalogueImportMappings, catalogueImports } from "./tables.ts";

/** The catalogue import's first step (decision 0020): the file arrives, is checked for its kind and header, and is stored. */
// ---------------------------------------------------------------------------------------------------
// Upload

const spreadsheetName = /\.(xlsx|xlsm|xlsb|xls|ods|numbers)$/i;
const csvName = /\.(csv|txt)$/i;

/** What the first bytes say the file is, when it is plainly not CSV text. */
function sniff(head: Buffer): "spreadsheet" | "binary" | undefined {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0xd0, 0xcf, 0x11, 0xe0)) return "spreadsheet"; // zip (xlsx, ods), OLE (xls)
  if (head.includes(0)) return "binary";
  return undefined;
}

interface Inspection {
  bytes: number;
  newlines: number;
  lastByte: number;
  head: string;
}

/**
 * Passes the upload on to storage while checking it: at most MAX_IMPORT_BYTES, not a workbook or other
 * binary, UTF-8 throughout; counts its lines (for the progress bar) and keeps its beginning (the header).
 */
async function* inspected(body: AsyncIterable<Uint8Array>, seen: Inspection): AsyncGenerator<Uint8Array> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for await (const chunk of body) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (seen.bytes === 0 && bytes.length > 0) {
      const kind = sniff(bytes.subarray(0, 8));
      if (kind === "spreadsheet") throw new AppError("unsupported_media_type", im.spreadsheet);
      if (kind === "binary") throw new AppError("unsupported_media_type", im.notText);
    }
    seen.bytes += bytes.length;
    if (seen.bytes > MAX_IMPORT_BYTES) throw new AppError("payload_too_large", im.tooLarge);
    if (bytes.includes(0)) throw new AppError("unsupported_media_type", im.notText);
    let text: string;
    try {
      text = decoder.decode(bytes, { stream: true });
    } catch {
      throw new AppError("unsupported_media_type", im.notUtf8);
    }
    if (seen.head.length < MAX_IMPORT_HEADER_BYTES) seen.head += text.slice(0, MAX_IMPORT_HEADER_BYTES - seen.head.length);
    for (let at = bytes.indexOf(0x0a); at >= 0; at = bytes.indexOf(0x0a, at + 1)) seen.newlines += 1;
    if (bytes.length) seen.lastByte = bytes[bytes.length - 1] ?? 0;
    yield bytes;
  }
  try {
    decoder.decode();
  } catch {
    throw new AppError("unsupported_media_type", im.notUtf8);
  }
}

/** A refusal of the uploaded file: said once, at the file's field. */
const refusedFile = (message: string) => new AppError("invalid_input", message, { file: message });

/** The header row: its cells as mappings compare them; refuses a header that cannot name our columns. */
function headerOf(head: string): string[] {
  const text = head.replace(/^\uFEFF/, "");
  const end = text.indexOf("\n");
  // A file of one line without a line break: that line is all there is (no rows follow, said below).
  if (end < 0 && text.length >= MAX_IMPORT_HEADER_BYTES - 1) throw refusedFile(im.headerTooLong);
  let cells: string[];
  try {
    cells = (parseSync(end < 0 ? text : text.slice(0, end), { relax_quotes: true }) as string[][])[0] ?? [];
  } catch {
    throw refusedFile(im.headerUnreadable);
  }
  const header = cells.map(normaliseHeader);
  if (header.filter(Boolean).length < 2) throw refusedFile(im.headerTooFew);
  const twice = header.find((h, i) => h && header.indexOf(h) !== i);
  if (twice) throw refusedFile(im.duplicateColumn(twice));
  return header;
}

const kindInput = z.enum(catalogueImportKinds, { error: im.chooseKind });

/**
 * Takes an uploaded file (its bytes streamed to storage, never held whole), checks it is UTF-8 CSV with a
 * usable header, and starts an import at the mapping step, pre-filled from the mapping remembered for
 * the same header, else from the header's names. Audited.
 */
export async function uploadImport(
  deps: StaffDeps,
  member: StaffMember,
  upload: { kind: unknown; fileName: string; body: AsyncIterable<Uint8Array> },
): Promise<CatalogueImportView> {
  authorize(canManageCatalogue, member);
  const storage = deps.storage;
  if (!storage) throw new Error("the catalogue import needs file storage");
  const kind = parseInput(z.object({ kind: kindInput }), { kind: upload.kind }).kind;
  const fileName =
    upload.fileName
      .replace(/[\p{Cc}]/gu, "")
      .trim()
      .slice(-200) || "upload.csv";
  if (spreadsheetName.test(fileName)) throw new AppError("unsupported_media_type", im.spreadsheet, { file: im.spreadsheet });
  if (/\.[a-z0-9]{1,5}$/i.test(fileName) && !csvName.test(fileName))
    throw new AppError("unsupported_media_type", im.notCsv, { file: im.notCsv });
  const key = newStorageKey();
  const seen: Inspection = { bytes: 0, newlines: 0, lastByte: 0x0a, head: "" };
  try {
    await storage.put(key, inspected(upload.body, seen));
  } catch (error) {
    if (AppError.is(error) && error.fields === undefined) throw new AppError(error.kind, error.message, { file: error.message });
    throw error;
  }
  try {
    if (seen.bytes === 0) throw refusedFile(im.empty);
    const header = headerOf(seen.head);
    const rows = seen.newlines - 1 + (seen.lastByte === 0x0a ? 0 : 1);
    // One row only: a header with nothing under it, or (when it names none of our columns) a row of
    // data with no header above it. Either way said as what it is, never claiming a header not found.
    if (rows < 1) throw refusedFile(Object.keys(suggestMapping(kind, header)).length ? im.noRows : im.noHeader);
    const headerKey = JSON.stringify(header);
    const [remembered] = await deps.db
      .select({ mapping: catalogueImportMappings.mapping })
      .from(catalogueImportMappings)
      .where(and(eq(catalogueImportMappings.kind, kind), eq(catalogueImportMappings.headerKey, headerKey)));
    const rememberedMapping = remembered?.mapping as Record<string, string> | undefined;
    const mapping =
      rememberedMapping && Object.values(rememberedMapping).every((column) => header.includes(column))
        ? rememberedMapping
        : suggestMapping(kind, header);
    const publicId = newStorageKey();
    const created = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(catalogueImports)
        .values({
          publicId,
          staffId: member.staffId,
          kind,
          fileName,
          storageKey: key,
          headerKey,
          mapping,
          status: "uploaded",
          rowsTotal: rows,
        })
        .returning();
      await recordAudit(tx, member, {
        action: "catalogue.import_uploaded",
        subjectType: "catalogue_import",
        subjectId: publicId,
        after: { kind, fileName, bytes: seen.bytes, lines: rows },
      });
      return row;
    });
    if (!created) throw new Error("the import was not saved");
    return present(created, member.fullName);
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}
