import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { parse } from "csv-parse";
import { parse as parseSync } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../platform/db/client.ts";
import { catalogueImportMappings, catalogueImportRows, catalogueImports, staff } from "../../platform/db/schema.ts";
import { newStorageKey } from "../../platform/storage/file-storage.ts";
import { courseLevels, catalogueAdminMessages as m, universityTypes } from "../../vocabulary/catalogue.ts";
import {
  type CatalogueImportKind,
  type CatalogueImportStatus,
  catalogueImportKinds,
  IMPORT_ROWS_PAGE_SIZE,
  type ImportRowAction,
  catalogueImportMessages as im,
  importRowActions,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_HEADER_BYTES,
  MAX_IMPORT_ROW_BYTES,
  RECENT_IMPORTS,
} from "../../vocabulary/catalogue-import.ts";
import { recordAudit } from "../audit-log.ts";
import { safeCell } from "../csv-cells.ts";
import { nowOf, type StaffDeps, tellPublicSide } from "../deps.ts";
import { AppError } from "../errors.ts";
import { checkbox } from "../fields.ts";
import { authorize, canManageCatalogue, type StaffMember } from "../policies.ts";
import { parseInput } from "../validation.ts";
import {
  type CourseFacts,
  type CourseFieldKey,
  courseFieldList,
  courseFieldsColumnNames,
  courseFieldsFrom,
  courseFieldsRecordset,
  courseFieldsSelect,
  courseFieldsSet,
  courseInput,
  csvHeaderOf,
  universityInput,
} from "./course-record.ts";
import {
  type CatalogueCsvColumn,
  csvColumnsOf,
  normaliseHeader,
  oneOfAnyCase,
  readCell,
  suggestMapping,
  yesNo,
  yesNoCell,
} from "./csv-export.ts";

/**
 * The catalogue's CSV import (decision 0020): upload -> map the file's columns to ours -> dry run (what
 * would be new, changed, unchanged, retired or refused) -> apply, all or nothing. The dry run and the
 * apply are jobs on the queue (`deps.jobs`, decision 0021), one function each of the import's id, run
 * after the request answers by whichever instance takes them and retried after a crash: their state
 * lives in catalogue_imports, never in the process, and each starts over cleanly when run again.
 *
 * The file is streamed from storage and read in batches: each batch loads only the records its rows
 * name, and writes its diff rows (dry run) or its inserts and updates (apply) in a few statements.
 * What is kept across batches is compact: the ids already met (a bit set) and the natural keys met.
 */

type ImportRecord = typeof catalogueImports.$inferSelect;
type Executor = Pick<Database, "execute">;

/** Rows read and processed together: one round of lookups, one round of writes. */
const BATCH_ROWS = 2000;
/** Records scanned at once for "retire what the file leaves out". */
const RETIRE_PAGE = 5000;
/** The progress in catalogue_imports is written at most this often. */
const PROGRESS_EVERY_MS = 400;

export interface ImportCounts {
  rows: number;
  new: number;
  changed: number;
  unchanged: number;
  retired: number;
  refused: number;
}
export interface ImportSummary extends ImportCounts {
  /** Once applied: what the apply did (the catalogue may have moved since the dry run). */
  applied?: ImportCounts;
}

export interface CatalogueImportView {
  id: string;
  kind: CatalogueImportKind;
  fileName: string;
  status: CatalogueImportStatus;
  createdAt: Date;
  createdBy: string;
  rowsTotal: number | null;
  rowsDone: number;
  retireMissing: boolean;
  /** The file's header, as mappings compare it (trimmed, lower-case). */
  columns: string[];
  /** Our column -> the file's column. */
  mapping: Record<string, string>;
  summary: ImportSummary | null;
  failure: string | null;
  checkedAt: Date | null;
  appliedAt: Date | null;
}

export interface ImportDiffRow {
  line: number;
  recordId: number | null;
  action: ImportRowAction;
  label: string;
  changes: Record<string, [string, string]> | null;
  reason: string | null;
}

const rowsOf = async <T>(db: Executor, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const idList = (ids: Iterable<number>) =>
  sql`(select value::int from json_array_elements_text(${JSON.stringify([...ids])}::json))`;

/**
 * The job queue's names for the import's steps, each with `{ importId }` (server/background.ts registers
 * their workers). A step that failed on an unexpected error is retried; once its retries are spent the
 * queue hands its data to `givenUp`, which marks the import failed.
 */
export const importJobs = {
  check: "catalogue-import-check",
  apply: "catalogue-import-apply",
  givenUp: "catalogue-import-given-up",
} as const;

/**
 * Queues a step in the transaction that set the import's status, so the two commit together; without
 * a queue, the step is started once that transaction has committed (`runNow`).
 */
async function queueStep(deps: StaffDeps, tx: Executor, name: string, importId: number) {
  await deps.jobs?.send(name, { importId }, { within: tx });
}

/** Without a queue: runs the step in this process, once, and an unexpected error fails the import. */
function runNow(deps: StaffDeps, step: (deps: StaffDeps, importId: number) => Promise<void>, importId: number) {
  if (deps.jobs) return;
  void step(deps, importId).catch((error: unknown) => giveUpImportStep(deps, importId, error));
}

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

/** The header row: its cells as mappings compare them; refuses a header that cannot name our columns. */
function headerOf(head: string): string[] {
  const text = head.replace(/^\uFEFF/, "");
  const end = text.indexOf("\n");
  if (end < 0) throw new AppError("invalid_input", text.length >= MAX_IMPORT_HEADER_BYTES - 1 ? im.headerTooLong : im.noRows);
  let cells: string[];
  try {
    cells = (parseSync(text.slice(0, end), { relax_quotes: true }) as string[][])[0] ?? [];
  } catch {
    throw new AppError("invalid_input", im.headerUnreadable);
  }
  const header = cells.map(normaliseHeader);
  if (header.filter(Boolean).length < 2) throw new AppError("invalid_input", im.headerTooFew);
  const twice = header.find((h, i) => h && header.indexOf(h) !== i);
  if (twice) throw new AppError("invalid_input", im.duplicateColumn(twice));
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
    if (seen.bytes === 0) throw new AppError("invalid_input", im.empty, { file: im.empty });
    const header = headerOf(seen.head);
    const rows = seen.newlines - 1 + (seen.lastByte === 0x0a ? 0 : 1);
    if (rows < 1) throw new AppError("invalid_input", im.noRows, { file: im.noRows });
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

// ---------------------------------------------------------------------------------------------------
// Reading imports

const present = (row: ImportRecord, createdBy: string): CatalogueImportView => ({
  id: row.publicId,
  kind: row.kind,
  fileName: row.fileName,
  status: row.status,
  createdAt: row.createdAt,
  createdBy,
  rowsTotal: row.rowsTotal,
  rowsDone: row.rowsDone,
  retireMissing: row.retireMissing,
  columns: JSON.parse(row.headerKey) as string[],
  mapping: (row.mapping ?? {}) as Record<string, string>,
  summary: (row.summary ?? null) as ImportSummary | null,
  failure: row.failure,
  checkedAt: row.checkedAt,
  appliedAt: row.appliedAt,
});

async function findImport(deps: StaffDeps, publicId: string) {
  if (!/^[0-9a-f]{32}$/.test(publicId)) throw new AppError("not_found", im.noSuchImport);
  const [found] = await deps.db
    .select({ row: catalogueImports, createdBy: staff.fullName })
    .from(catalogueImports)
    .innerJoin(staff, eq(staff.id, catalogueImports.staffId))
    .where(eq(catalogueImports.publicId, publicId));
  if (!found) throw new AppError("not_found", im.noSuchImport);
  return found;
}

/** One import: its mapping, its progress, its dry run's counts and its result. */
export async function getImport(deps: StaffDeps, member: StaffMember, publicId: string): Promise<CatalogueImportView> {
  authorize(canManageCatalogue, member);
  const { row, createdBy } = await findImport(deps, publicId);
  return present(row, createdBy);
}

/** The latest imports, newest first. */
export async function recentImports(deps: StaffDeps, member: StaffMember): Promise<CatalogueImportView[]> {
  authorize(canManageCatalogue, member);
  const rows = await deps.db
    .select({ row: catalogueImports, createdBy: staff.fullName })
    .from(catalogueImports)
    .innerJoin(staff, eq(staff.id, catalogueImports.staffId))
    .orderBy(desc(catalogueImports.createdAt), desc(catalogueImports.id))
    .limit(RECENT_IMPORTS);
  return rows.map(({ row, createdBy }) => present(row, createdBy));
}

export const rowsQuery = z.object({
  action: z.preprocess((v) => (v === "" || v === undefined ? undefined : v), z.enum(importRowActions).optional()),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

/** A page of the dry run's rows (new, changed, would-be-retired, refused), in the file's order. */
export async function importRows(deps: StaffDeps, member: StaffMember, publicId: string, raw: unknown) {
  authorize(canManageCatalogue, member);
  const { action, page } = parseInput(rowsQuery, raw ?? {});
  const { row } = await findImport(deps, publicId);
  const summary = row.summary as ImportSummary | null;
  const where = action
    ? and(eq(catalogueImportRows.importId, row.id), eq(catalogueImportRows.action, action))
    : eq(catalogueImportRows.importId, row.id);
  const rows = await deps.db
    .select({
      line: catalogueImportRows.line,
      recordId: catalogueImportRows.recordId,
      action: catalogueImportRows.action,
      label: catalogueImportRows.label,
      changes: catalogueImportRows.changes,
      reason: catalogueImportRows.reason,
    })
    .from(catalogueImportRows)
    .where(where)
    .orderBy(catalogueImportRows.line, catalogueImportRows.recordId)
    .limit(IMPORT_ROWS_PAGE_SIZE)
    .offset((page - 1) * IMPORT_ROWS_PAGE_SIZE);
  const total = summary ? (action ? summary[action] : summary.new + summary.changed + summary.retired + summary.refused) : 0;
  return {
    action: action ?? null,
    page,
    pageSize: IMPORT_ROWS_PAGE_SIZE,
    total,
    rows: rows as ImportDiffRow[],
  };
}

// ---------------------------------------------------------------------------------------------------
// Reading the file

interface SourceRow {
  line: number;
  cells: string[];
  /** The file cannot be read from this line on (a broken quote, an endless row). */
  unreadable?: string;
}

const parseProblems: Record<string, string> = {
  CSV_INVALID_CLOSING_QUOTE: "a quoted cell goes on after its closing quote",
  CSV_QUOTE_NOT_CLOSED: "a quote is opened and never closed",
  CSV_MAX_RECORD_SIZE: `a row is longer than ${MAX_IMPORT_ROW_BYTES / 1024} KB`,
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: "a row has the wrong number of cells",
};

const lineBreaks = /\r\n|\n|\r/g;

/** The file's records after the header, each with the line it starts on (the header is line 1). */
async function* fileRecords(body: ReadableStream<Uint8Array>): AsyncGenerator<SourceRow> {
  const input = Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>);
  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    // Empty lines come as a blank record, so each record's line is known by counting: one line, plus
    // the line breaks inside its quoted cells.
    skip_empty_lines: false,
    max_record_size: MAX_IMPORT_ROW_BYTES,
  });
  input.on("error", (error) => parser.destroy(error));
  input.pipe(parser);
  let breaksBefore = 0;
  let first = true;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const line = 1 + breaksBefore;
      breaksBefore += 1;
      for (const cell of record)
        if (cell.includes("\n") || cell.includes("\r")) breaksBefore += cell.match(lineBreaks)?.length ?? 0;
      if (first) {
        first = false;
        continue;
      }
      yield { line, cells: record };
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (!code.startsWith("CSV_")) throw error;
    yield {
      line: breaksBefore + 1,
      cells: [],
      unreadable: parseProblems[code] ?? String((error as Error).message).slice(0, 200),
    };
  } finally {
    input.destroy();
    parser.destroy();
  }
}

async function* batchesOf<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/**
 * Reads one item ahead: the next batch is parsed while the database works on this one. The read ahead
 * may fail (storage reset) before it is awaited: marked as handled, so the failure reaches the step when
 * it asks for the batch rather than the process as an unhandled rejection.
 */
async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  const ahead = () => {
    const promise = iterator.next();
    promise.catch(() => undefined);
    return promise;
  };
  let next = ahead();
  try {
    for (;;) {
      const current = await next;
      if (current.done) return;
      next = ahead();
      yield current.value;
    }
  } finally {
    // Stopped early (a refused row on apply, an error): the file is let go.
    next.then(
      () => iterator.return?.(),
      () => undefined,
    );
  }
}

async function openFile(deps: StaffDeps, row: ImportRecord) {
  const object = await deps.storage?.get(row.storageKey);
  if (!object) throw new AppError("not_found", im.fileMissing);
  return object.body;
}

// ---------------------------------------------------------------------------------------------------
// The engine: one pass over the file, for the dry run or the apply

/** Ids met so far, one bit each: compact for hundreds of thousands of records. */
class IdSet {
  private bits = new Uint8Array(1 << 14);
  add(id: number) {
    const at = id >>> 3;
    if (at >= this.bits.length) {
      const grown = new Uint8Array(Math.max(at + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    this.bits[at] = (this.bits[at] ?? 0) | (1 << (id & 7));
  }
  has(id: number) {
    return (((this.bits[id >>> 3] ?? 0) >> (id & 7)) & 1) === 1;
  }
}

interface Country {
  id: number;
  name: string;
}

type Mode = "check" | "apply";

interface Pass {
  db: Executor;
  mode: Mode;
  kind: CatalogueImportKind;
  width: number;
  /** Our column -> the cell's index in a row. */
  at: Partial<Record<CatalogueCsvColumn, number>>;
  countries: Map<string, Country>;
  countryById: Map<number, Country>;
  now: Date;
  today: string;
  /** Record id -> the line that named it. */
  seen: Map<number, number>;
  /** A record's natural key after the row (country|name, university|name|level) -> the line. */
  keys: Map<string, number>;
  /** Records the file names (for retire-missing). */
  matched: IdSet;
  /** Countries (universities) or universities (courses) the file names: the scope of retire-missing. */
  scope: Set<number>;
  counts: ImportCounts;
}

interface Outcome {
  line: number;
  action: ImportRowAction | "unchanged";
  recordId?: number;
  label: string;
  changes?: Record<string, [string, string]>;
  reason?: string;
}

interface UniversityValues {
  id?: number;
  name: string;
  city: string;
  type: string;
  countryId: number;
  retired: boolean;
  /** Its courses' search entries hold its name, city and country: they are rebuilt on apply. */
  renamed?: boolean;
}

/** A course as the import writes it: its university, its facts (course-record.ts), retired or not. */
type CourseValues = { id?: number; universityId: number } & CourseFacts & { retired: boolean };

class Refused extends Error {}
const refuse = (reason: string): never => {
  throw new Refused(reason);
};

/** The cell of one of our columns: undefined when the column is not mapped. */
const cellOf = (pass: Pass, row: SourceRow, column: CatalogueCsvColumn): string | undefined => {
  const index = pass.at[column];
  return index === undefined ? undefined : readCell(row.cells[index]);
};

/** A whole-number id cell: undefined when blank or unmapped. */
function idCell(pass: Pass, row: SourceRow, column: "id" | "university_id"): number | undefined {
  const text = cellOf(pass, row, column);
  if (!text) return undefined;
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2_147_483_647) refuse(im.badId(column));
  return Number(text);
}

/** The first problem zod found, said with our column's name. */
function firstProblem(error: z.ZodError, columns: Record<string, string>): string {
  const issue = error.issues[0];
  const field = String(issue?.path[0] ?? "");
  return `${columns[field] ?? field}: ${issue?.message ?? "invalid"}`;
}

/** A row with a wrong number of cells (extra blank cells at the end are forgiven). */
function shapeProblem(pass: Pass, row: SourceRow): string | undefined {
  if (row.unreadable) return im.unreadable(row.unreadable);
  if (row.cells.length === pass.width) return undefined;
  if (row.cells.length > pass.width && row.cells.slice(pass.width).every((c) => c.trim() === "")) return undefined;
  if (row.cells.length > MAX_IMPORT_ROW_BYTES) return im.rowTooLong;
  return im.wrongCellCount(row.cells.length, pass.width);
}

const isBlankRow = (row: SourceRow) => !row.unreadable && row.cells.every((c) => c.trim() === "");

const show = (value: unknown): string => (value === null || value === undefined ? "" : String(value));

function diff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, [string, string]> {
  const changes: Record<string, [string, string]> = {};
  for (const [key, value] of Object.entries(after))
    if (show(before[key]) !== show(value)) changes[key] = [show(before[key]), show(value)];
  return changes;
}

const countryOf = (pass: Pass, text: string) => pass.countries.get(text.trim().toLowerCase());

// ---- universities

interface UniversityRecord {
  /** The natural key it was found by (lookups by key only). */
  key?: string;
  id: number;
  name: string;
  city: string;
  type: string;
  countryId: number;
  retired: boolean;
}

const universityFields = { name: "name", city: "city", type: "type" };

async function universitiesWhere(pass: Pass, condition: SQL, keys?: SQL): Promise<UniversityRecord[]> {
  // The apply locks what it read until it commits; the keyed lookup is a lateral subquery (offset 0 keeps
  // it one), so each key uses the index universities_country_lower_name_idx however large the table grew.
  const lock = pass.mode === "apply" ? sql` for update` : sql``;
  return rowsOf<UniversityRecord>(
    pass.db,
    sql`select ${keys ? sql`k.key, ` : sql``}u.id, u.name, u.city, u.type, u.country_id as "countryId", u.retired_at is not null as retired
        ${keys ? sql`from ${keys} cross join lateral (select * from universities u where ${condition} offset 0${lock}) u` : sql`from universities u where ${condition}${lock}`}`,
  );
}

async function universitiesByKey(pass: Pass, keys: Map<string, { countryId: number; name: string }>) {
  const found = new Map<string, UniversityRecord[]>();
  if (!keys.size) return found;
  // Matched by the database's lower(), the same the index universities_country_lower_name_idx holds.
  const list = [...keys.entries()].map(([key, k]) => ({ key, cid: k.countryId, name: k.name }));
  const rows = await universitiesWhere(
    pass,
    sql`u.country_id = k.cid and lower(u.name) = lower(k.name)`,
    sql`json_to_recordset(${JSON.stringify(list)}::json) as k(key text, cid int, name text)`,
  );
  for (const { key = "", ...r } of rows) found.set(key, [...(found.get(key) ?? []), r]);
  return found;
}

/** A row on its way through a batch: what its cells said, what the lookups found, or why it is refused. */
interface Item {
  row: SourceRow;
  refused?: string;
  blank?: boolean;
  id?: number;
  country?: Country;
  name?: string;
}

/** Runs `step` on each row still in play; a Refused thrown marks the row refused with its reason. */
async function eachLive<T extends Item>(items: T[], step: (item: T) => void | Promise<void>) {
  for (const item of items) {
    if (item.refused !== undefined || item.blank) continue;
    try {
      await step(item);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      item.refused = error.message;
    }
  }
}

async function universityBatch(pass: Pass, batch: SourceRow[]): Promise<{ outcomes: Outcome[]; writes: UniversityValues[] }> {
  const items: (Item & { existing?: UniversityRecord })[] = batch.map((row) => ({ row, blank: isBlankRow(row) }));
  // Each row's cells; what needs the database is gathered for two queries.
  await eachLive(items, (item) => {
    const shape = shapeProblem(pass, item.row);
    if (shape) refuse(shape);
    item.id = idCell(pass, item.row, "id");
    const countryText = cellOf(pass, item.row, "country");
    item.country = countryText ? (countryOf(pass, countryText) ?? refuse(im.unknownCountry(countryText))) : undefined;
    item.name = cellOf(pass, item.row, "name");
    if (item.id === undefined) {
      if (!item.name) refuse(`name: ${m.enterUniversityName}`);
      if (!item.country) refuse(im.noCountry);
    }
  });
  const ids = items.flatMap((i) => (i.refused === undefined && i.id !== undefined ? [i.id] : []));
  const byId = new Map((ids.length ? await universitiesWhere(pass, sql`u.id in ${idList(ids)}`) : []).map((u) => [u.id, u]));
  await eachLive(items, (item) => {
    if (item.id !== undefined) item.existing = byId.get(item.id) ?? refuse(im.noSuchUniversityId(String(item.id)));
  });
  // Natural keys: of rows without an id (to match them), and of renamed rows (to catch a name taken).
  const keys = new Map<string, { countryId: number; name: string }>();
  for (const item of items) {
    if (item.refused !== undefined || item.blank) continue;
    const countryId = item.country?.id ?? item.existing?.countryId;
    const name = item.name || item.existing?.name;
    if (countryId !== undefined && name) keys.set(`${countryId}|${name.toLowerCase()}`, { countryId, name });
  }
  const byKey = await universitiesByKey(pass, keys);

  const writes: UniversityValues[] = [];
  const outcomes: Outcome[] = [];
  for (const item of items) {
    if (item.blank) continue;
    const line = item.row.line;
    try {
      if (item.refused !== undefined) refuse(item.refused);
      let existing = item.existing;
      if (!existing) {
        const country = item.country as Country;
        const matches = byKey.get(`${country.id}|${(item.name ?? "").toLowerCase()}`) ?? [];
        if (matches.length > 1) refuse(im.ambiguousUniversity(item.name ?? "", country.name));
        existing = matches[0];
      }
      if (existing && pass.seen.has(existing.id)) refuse(im.sameAsLine(pass.seen.get(existing.id) ?? 0));
      const typeCell = cellOf(pass, item.row, "type");
      const parsed = universityInput.safeParse({
        name: item.name ?? existing?.name,
        city: cellOf(pass, item.row, "city") ?? existing?.city,
        type: typeCell !== undefined ? oneOfAnyCase(universityTypes, typeCell) : existing?.type,
      });
      if (!parsed.success) refuse(firstProblem(parsed.error, universityFields));
      const input = parsed.data as z.infer<typeof universityInput>;
      const countryId = item.country?.id ?? (existing?.countryId as number);
      const key = `${countryId}|${input.name.toLowerCase()}`;
      const earlier = pass.keys.get(key);
      if (earlier !== undefined) refuse(im.sameAsLine(earlier));
      const taken = (byKey.get(key) ?? []).find((u) => u.id !== existing?.id);
      if (taken && existing) refuse(im.nameTaken("university", taken.id));
      const retiredCell = cellOf(pass, item.row, "retired");
      const retired =
        retiredCell === undefined ? (existing?.retired ?? false) : (yesNo(retiredCell) ?? refuse(im.yesOrNo("retired")));
      const country = pass.countryById.get(countryId)?.name ?? "";
      const label = `${input.name} (${country})`;
      pass.keys.set(key, line);
      pass.scope.add(countryId);
      const values: UniversityValues = { name: input.name, city: input.city, type: input.type, countryId, retired };
      if (!existing) {
        outcomes.push({ line, action: "new", label });
        writes.push(values);
        continue;
      }
      pass.seen.set(existing.id, line);
      pass.matched.add(existing.id);
      const changes = diff(
        {
          name: existing.name,
          city: existing.city,
          country: pass.countryById.get(existing.countryId)?.name,
          type: existing.type,
          retired: yesNoCell(existing.retired),
        },
        { name: input.name, city: input.city, country, type: input.type, retired: yesNoCell(retired) },
      );
      if (!Object.keys(changes).length) {
        outcomes.push({ line, action: "unchanged", recordId: existing.id, label });
        continue;
      }
      outcomes.push({ line, action: "changed", recordId: existing.id, label, changes });
      writes.push({ ...values, id: existing.id, renamed: Boolean(changes.name || changes.city || changes.country) });
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      outcomes.push({ line, action: "refused", label: labelOfRow(pass, item.row), reason: error.message });
    }
  }
  return { outcomes, writes };
}

/** What a refused row names, as far as its cells say. */
function labelOfRow(pass: Pass, row: SourceRow): string {
  const name = cellOf(pass, row, "name") ?? "";
  const where = pass.kind === "universities" ? cellOf(pass, row, "country") : cellOf(pass, row, "university");
  const id = cellOf(pass, row, "id");
  return [name || (id ? `id ${id}` : ""), where ? `(${where})` : ""].filter(Boolean).join(" ").slice(0, 300);
}

async function writeUniversities(pass: Pass, writes: UniversityValues[]) {
  const now = pass.now.toISOString();
  const fresh = writes.filter((w) => w.id === undefined);
  const changed = writes.filter((w) => w.id !== undefined);
  if (fresh.length) {
    const inserted = await rowsOf<{ id: number }>(
      pass.db,
      sql`insert into universities (name, city, country_id, type, retired_at)
          select x.name, x.city, x."countryId", x.type, case when x.retired then ${now}::timestamptz end
          from json_to_recordset(${JSON.stringify(fresh)}::json) as x(name text, city text, "countryId" int, type text, retired boolean)
          returning id`,
    );
    for (const { id } of inserted) pass.matched.add(id);
  }
  if (changed.length) {
    await pass.db.execute(
      sql`update universities u set name = x.name, city = x.city, country_id = x."countryId", type = x.type,
            retired_at = case when x.retired then coalesce(u.retired_at, ${now}::timestamptz) end
          from json_to_recordset(${JSON.stringify(changed)}::json) as x(id int, name text, city text, "countryId" int, type text, retired boolean)
          where u.id = x.id`,
    );
    const renamed = changed.filter((w) => w.renamed).map((w) => w.id as number);
    // Touching the name fires the search-vector trigger of migration 0002 for each course.
    if (renamed.length) await pass.db.execute(sql`update courses set name = name where university_id in ${idList(renamed)}`);
  }
}

// ---- courses

/** A course as the database holds it: the values of a row, with its id. */
type CourseRecord = CourseValues & { id: number };

interface UniversityRef {
  key?: string | null;
  id: number;
  name: string;
  countryId: number;
}

/** Each field's CSV column, for saying a refusal with the file's words. */
const courseHeaders: Record<string, string> = Object.fromEntries(courseFieldList.map((f) => [f.key, csvHeaderOf(f)]));

async function coursesWhere(pass: Pass, condition: SQL): Promise<CourseRecord[]> {
  // The apply locks what it read until it commits.
  const lock = pass.mode === "apply" ? sql` for update` : sql``;
  return rowsOf<CourseRecord>(
    pass.db,
    sql`select c.id, c.university_id as "universityId", ${courseFieldsSelect("c")}, c.retired_at is not null as retired
        from courses c where ${condition}${lock}`,
  );
}

interface CourseItem extends Item {
  universityId?: number;
  universityName?: string;
  existing?: CourseRecord;
  university?: UniversityRef;
  level?: string;
}

/**
 * A row's cells for courseInput, a field at a time (course-record.ts): a column the file leaves out keeps
 * the course's value (or a new row's default), a blank number clears it, a choice is read whatever its
 * letter case, and a yes/no cell that is neither refuses the row. `known` holds what was read already.
 */
function courseCellsOf(
  pass: Pass,
  row: SourceRow,
  existing: CourseRecord | undefined,
  known: Partial<Record<CourseFieldKey, unknown>>,
): Record<string, unknown> {
  const given: Record<string, unknown> = {};
  for (const f of courseFieldList) {
    if (f.key in known) {
      given[f.key] = known[f.key];
      continue;
    }
    const header = csvHeaderOf(f) as CatalogueCsvColumn;
    const cell = cellOf(pass, row, header);
    const current = existing?.[f.key] ?? undefined;
    if (f.kind === "whole" || f.kind === "decimal") given[f.key] = cell === undefined ? current : cell === "" ? undefined : cell;
    else if (f.kind === "choice") given[f.key] = cell === undefined ? current : oneOfAnyCase(f.options ?? [], cell);
    else if (f.kind === "yesNo")
      given[f.key] = cell === undefined ? (current ?? false) : (yesNo(cell) ?? refuse(im.yesOrNo(header)));
    else given[f.key] = cell ?? current ?? f.newRow;
  }
  return given;
}

async function courseBatch(pass: Pass, batch: SourceRow[]): Promise<{ outcomes: Outcome[]; writes: CourseValues[] }> {
  const items: CourseItem[] = batch.map((row) => ({ row, blank: isBlankRow(row) }));
  await eachLive(items, (item) => {
    const shape = shapeProblem(pass, item.row);
    if (shape) refuse(shape);
    item.id = idCell(pass, item.row, "id");
    item.universityId = idCell(pass, item.row, "university_id");
    item.universityName = cellOf(pass, item.row, "university");
    const countryText = cellOf(pass, item.row, "country");
    if (countryText && item.universityId === undefined)
      item.country = countryOf(pass, countryText) ?? refuse(im.unknownCountry(countryText));
    if (item.id === undefined && item.universityId === undefined && !(item.universityName && item.country))
      refuse(im.noUniversity);
  });
  const courseIds = items.flatMap((i) => (i.refused === undefined && i.id !== undefined ? [i.id] : []));
  const byId = new Map(
    (courseIds.length ? await coursesWhere(pass, sql`c.id in ${idList(courseIds)}`) : []).map((c) => [c.id, c]),
  );
  await eachLive(items, (item) => {
    if (item.id !== undefined) item.existing = byId.get(item.id) ?? refuse(im.noSuchCourseId(String(item.id)));
  });
  // The universities the rows name: by id (theirs, or their course's), and by country and name.
  const universityIds = new Set<number>();
  const namedUniversities = new Map<string, { key: string; cid: number; name: string }>();
  for (const item of items) {
    if (item.refused !== undefined || item.blank) continue;
    if (item.universityId !== undefined) universityIds.add(item.universityId);
    else if (item.universityName && item.country)
      namedUniversities.set(`${item.country.id}|${item.universityName.toLowerCase()}`, {
        key: `${item.country.id}|${item.universityName.toLowerCase()}`,
        cid: item.country.id,
        name: item.universityName,
      });
    if (item.existing) universityIds.add(item.existing.universityId);
  }
  const refs = await rowsOf<UniversityRef>(
    pass.db,
    sql`select null as key, u.id, u.name, u.country_id as "countryId" from universities u where u.id in ${idList(universityIds)}
        union all
        select k.key, u.id, u.name, u.country_id
        from json_to_recordset(${JSON.stringify([...namedUniversities.values()])}::json) as k(key text, cid int, name text)
        cross join lateral (select * from universities u where u.country_id = k.cid and lower(u.name) = lower(k.name) offset 0) u`,
  );
  const universityById = new Map(refs.map((u) => [u.id, u]));
  const universitiesByKey = new Map<string, UniversityRef[]>();
  for (const { key, ...u } of refs) if (key) universitiesByKey.set(key, [...(universitiesByKey.get(key) ?? []), u]);
  // Each row's university, name and level; then the courses they name (to match, or to find a name taken).
  await eachLive(items, (item) => {
    if (item.universityId !== undefined)
      item.university = universityById.get(item.universityId) ?? refuse(im.noSuchUniversityId(String(item.universityId)));
    else if (item.universityName && item.country) {
      const matches = universitiesByKey.get(`${item.country.id}|${item.universityName.toLowerCase()}`) ?? [];
      if (matches.length > 1) refuse(im.ambiguousUniversity(item.universityName, item.country.name));
      item.university = matches[0] ?? refuse(im.unknownUniversity(item.universityName, item.country.name));
    } else if (item.existing) item.university = universityById.get(item.existing.universityId);
    if (!item.university) refuse(im.noUniversity);
    item.name = cellOf(pass, item.row, "name") ?? item.existing?.name ?? "";
    const levelCell = cellOf(pass, item.row, "level");
    item.level = levelCell !== undefined ? oneOfAnyCase(courseLevels, levelCell) : (item.existing?.level ?? "");
  });
  const courseKeys = new Map<string, { uid: number }>();
  for (const item of items)
    if (item.refused === undefined && item.university && item.name)
      courseKeys.set(`${item.university.id}|${item.name.toLowerCase()}|${item.level}`, { uid: item.university.id });
  const byKey = new Map<string, CourseRecord[]>();
  // The courses of the batch's universities in one index range scan (a file lists a university's
  // courses together, as the export does), matched here by university, lower-case name and level.
  const batchUniversities = new Set([...courseKeys.values()].map((k) => k.uid));
  if (batchUniversities.size)
    for (const c of await coursesWhere(pass, sql`c.university_id in ${idList(batchUniversities)}`)) {
      const key = `${c.universityId}|${c.name.toLowerCase()}|${c.level}`;
      if (courseKeys.has(key)) byKey.set(key, [...(byKey.get(key) ?? []), c]);
    }

  const outcomes: Outcome[] = [];
  const writes: CourseValues[] = [];
  const universityLabel = (u: UniversityRef) => `${u.name} (${pass.countryById.get(u.countryId)?.name ?? ""})`;
  for (const item of items) {
    if (item.blank) continue;
    const { row } = item;
    const line = row.line;
    try {
      if (item.refused !== undefined) refuse(item.refused);
      const university = item.university as UniversityRef;
      let existing = item.existing;
      if (!existing) {
        const matches = byKey.get(`${university.id}|${(item.name ?? "").toLowerCase()}|${item.level}`) ?? [];
        if (matches.length > 1) refuse(im.nameTaken("course", matches[0]?.id ?? 0));
        existing = matches[0];
      }
      if (existing && pass.seen.has(existing.id)) refuse(im.sameAsLine(pass.seen.get(existing.id) ?? 0));
      const given = courseCellsOf(pass, row, existing, { name: item.name, level: item.level });
      const parsed = courseInput.safeParse(given);
      if (!parsed.success) refuse(firstProblem(parsed.error, courseHeaders));
      const input = parsed.data as z.infer<typeof courseInput>;
      if (input.feeCheckedOn && input.feeCheckedOn > pass.today) refuse(`fee_checked_on: ${m.checkedOn}`);
      const key = `${university.id}|${input.name.toLowerCase()}|${input.level}`;
      const earlier = pass.keys.get(key);
      if (earlier !== undefined) refuse(im.sameAsLine(earlier));
      const taken = (byKey.get(key) ?? []).find((c) => c.id !== existing?.id);
      if (taken && existing) refuse(im.nameTaken("course", taken.id));
      const retiredCell = cellOf(pass, row, "retired");
      const retired =
        retiredCell === undefined ? (existing?.retired ?? false) : (yesNo(retiredCell) ?? refuse(im.yesOrNo("retired")));
      const values: CourseValues = {
        universityId: university.id,
        ...(Object.fromEntries(courseFieldList.map((f) => [f.key, input[f.key] ?? null])) as CourseFacts),
        retired,
      };
      const label = `${input.name} (${input.level}), ${universityLabel(university)}`;
      pass.keys.set(key, line);
      pass.scope.add(university.id);
      if (!existing) {
        outcomes.push({ line, action: "new", label });
        writes.push(values);
        continue;
      }
      pass.seen.set(existing.id, line);
      pass.matched.add(existing.id);
      const shown = (c: CourseValues | CourseRecord) => ({
        university: "",
        ...Object.fromEntries(
          courseFieldList.map((f) => [csvHeaderOf(f), f.kind === "yesNo" ? yesNoCell(c[f.key] as boolean) : c[f.key]]),
        ),
        retired: yesNoCell(c.retired),
      });
      const before = shown(existing);
      const after = shown(values);
      if (existing.universityId !== university.id) {
        const was = universityById.get(existing.universityId);
        before.university = was ? `${universityLabel(was)}, id ${was.id}` : `id ${existing.universityId}`;
        after.university = `${universityLabel(university)}, id ${university.id}`;
      }
      const changes = diff(before, after);
      if (!Object.keys(changes).length) {
        outcomes.push({ line, action: "unchanged", recordId: existing.id, label });
        continue;
      }
      outcomes.push({ line, action: "changed", recordId: existing.id, label, changes });
      writes.push({ ...values, id: existing.id });
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      outcomes.push({ line, action: "refused", label: labelOfRow(pass, row), reason: error.message });
    }
  }
  return { outcomes, writes };
}

const courseRecordset = sql`(id int, "universityId" int, ${courseFieldsRecordset()}, retired boolean)`;

async function writeCourses(pass: Pass, writes: CourseValues[]) {
  const now = pass.now.toISOString();
  const fresh = writes.filter((w) => w.id === undefined);
  const changed = writes.filter((w) => w.id !== undefined);
  if (fresh.length) {
    // One statement per batch: the search-words statement trigger of migration 0002 runs once for it.
    const inserted = await rowsOf<{ id: number }>(
      pass.db,
      sql`insert into courses (university_id, ${courseFieldsColumnNames()}, retired_at)
          select x."universityId", ${courseFieldsFrom("x")}, case when x.retired then ${now}::timestamptz end
          from json_to_recordset(${JSON.stringify(fresh)}::json) as x${courseRecordset}
          returning id`,
    );
    for (const { id } of inserted) pass.matched.add(id);
  }
  if (changed.length)
    await pass.db.execute(
      sql`update courses c set university_id = x."universityId", ${courseFieldsSet("x")},
            retired_at = case when x.retired then coalesce(c.retired_at, ${now}::timestamptz) end
          from json_to_recordset(${JSON.stringify(changed)}::json) as x${courseRecordset}
          where c.id = x.id`,
    );
}

// ---- retire what the file leaves out

/** Records on the site, within the scope the file names, that no row matched: each would be retired. */
async function retireMissing(pass: Pass, onRetired: (batch: Outcome[]) => Promise<void>) {
  if (!pass.scope.size) return;
  let after = 0;
  for (;;) {
    const rows =
      pass.kind === "universities"
        ? await rowsOf<{ id: number; label: string }>(
            pass.db,
            sql`select u.id, u.name || ' (' || c.name || ')' as label from universities u join countries c on c.id = u.country_id
                where u.country_id in ${idList(pass.scope)} and u.retired_at is null and u.id > ${after}
                order by u.id limit ${RETIRE_PAGE}`,
          )
        : await rowsOf<{ id: number; label: string }>(
            pass.db,
            sql`select c.id, c.name || ' (' || c.level || '), ' || u.name || ' (' || n.name || ')' as label
                from courses c join universities u on u.id = c.university_id join countries n on n.id = u.country_id
                where c.university_id in ${idList(pass.scope)} and c.retired_at is null and c.id > ${after}
                order by c.id limit ${RETIRE_PAGE}`,
          );
    const missing = rows
      .filter((r) => !pass.matched.has(r.id))
      .map((r): Outcome => ({ line: 0, action: "retired", recordId: r.id, label: r.label, changes: { retired: ["no", "yes"] } }));
    if (missing.length) await onRetired(missing);
    if (rows.length < RETIRE_PAGE) return;
    after = rows[rows.length - 1]?.id ?? after;
  }
}

async function writeOutcomes(db: Executor, importId: number, outcomes: Outcome[]) {
  const rows = outcomes
    .filter((o) => o.action !== "unchanged")
    .map((o) => ({
      line: o.line,
      record_id: o.recordId ?? null,
      action: o.action,
      label: o.label,
      changes: o.changes ?? null,
      reason: o.reason ?? null,
    }));
  if (!rows.length) return;
  await db.execute(
    sql`insert into catalogue_import_rows (import_id, line, record_id, action, label, changes, reason)
        select ${importId}, x.line, x.record_id, x.action, x.label, x.changes, x.reason
        from json_to_recordset(${JSON.stringify(rows)}::json) as x(line int, record_id int, action text, label text, changes jsonb, reason text)`,
  );
}

async function countryIndex(db: Executor) {
  const rows = await rowsOf<{ id: number; name: string; code: string; slug: string; aliases: string[] }>(
    db,
    sql`select id, name, code, slug, aliases from countries`,
  );
  const countries = new Map<string, Country>();
  const byId = new Map<number, Country>();
  for (const r of rows) {
    const country = { id: r.id, name: r.name };
    byId.set(r.id, country);
    for (const alias of r.aliases) countries.set(alias.toLowerCase(), country);
    countries.set(r.code.toLowerCase(), country);
    countries.set(r.slug.toLowerCase(), country);
  }
  // Names win over another country's alias or code.
  for (const r of rows) countries.set(r.name.toLowerCase(), byId.get(r.id) as Country);
  return { countries, byId };
}

/** The file's columns for our columns, from the import's mapping. */
function positions(row: ImportRecord): Partial<Record<CatalogueCsvColumn, number>> {
  const header = JSON.parse(row.headerKey) as string[];
  const mapping = (row.mapping ?? {}) as Record<string, string>;
  const at: Partial<Record<CatalogueCsvColumn, number>> = {};
  for (const column of csvColumnsOf(row.kind)) {
    const name = mapping[column];
    const index = name ? header.indexOf(name) : -1;
    if (index >= 0) at[column] = index;
  }
  return at;
}

/**
 * One pass over the file: every row looked up, checked and compared in batches. The dry run writes
 * the rows that would change (and the refused ones) to catalogue_import_rows; the apply writes the
 * catalogue itself and stops at the first refused row (its caller rolls back).
 */
async function runPass(
  deps: StaffDeps,
  db: Executor,
  row: ImportRecord,
  mode: Mode,
  onProgress: (done: number) => void,
): Promise<ImportCounts> {
  const body = await openFile(deps, row);
  const { countries, byId } = await countryIndex(db);
  const now = nowOf(deps);
  const pass: Pass = {
    db,
    mode,
    kind: row.kind,
    width: (JSON.parse(row.headerKey) as string[]).length,
    at: positions(row),
    countries,
    countryById: byId,
    now,
    today: now.toISOString().slice(0, 10),
    seen: new Map(),
    keys: new Map(),
    matched: new IdSet(),
    scope: new Set(),
    counts: { rows: 0, new: 0, changed: 0, unchanged: 0, retired: 0, refused: 0 },
  };
  const counts = pass.counts;
  for await (const batch of readAhead(batchesOf(fileRecords(body), BATCH_ROWS))) {
    const { outcomes, writes } =
      pass.kind === "universities" ? await universityBatch(pass, batch) : await courseBatch(pass, batch);
    for (const o of outcomes) {
      counts.rows += 1;
      counts[o.action] += 1;
    }
    if (mode === "check") await writeOutcomes(db, row.id, outcomes);
    else {
      const refused = outcomes.find((o) => o.action === "refused");
      if (refused) throw new AppError("conflict", im.nowRefused(1, `line ${refused.line}: ${refused.reason}`));
      if (pass.kind === "universities") await writeUniversities(pass, writes as UniversityValues[]);
      else await writeCourses(pass, writes as CourseValues[]);
    }
    onProgress(counts.rows);
  }
  if (row.retireMissing && counts.refused === 0)
    await retireMissing(pass, async (retired) => {
      counts.retired += retired.length;
      if (mode === "check") await writeOutcomes(db, row.id, retired);
      else {
        const table = pass.kind === "universities" ? sql`universities` : sql`courses`;
        await db.execute(
          sql`update ${table} set retired_at = ${now.toISOString()}::timestamptz
              where id in ${idList(retired.map((r) => r.recordId as number))} and retired_at is null`,
        );
      }
    });
  return counts;
}

// ---------------------------------------------------------------------------------------------------
// The steps: mapping -> dry run -> apply

const mappingInput = z.object({
  mapping: z.record(z.string().max(60), z.string().max(200)),
  retireMissing: checkbox,
});

/** What the mapping must name so each row can be found or made. */
function mappingProblem(kind: CatalogueImportKind, mapping: Record<string, string>, header: string[]): string | undefined {
  const used = new Map<string, string>();
  for (const [column, fileColumn] of Object.entries(mapping)) {
    if (!header.includes(fileColumn)) return im.unknownColumn(fileColumn);
    if (used.has(fileColumn)) return im.columnTwice(fileColumn);
    used.set(fileColumn, column);
  }
  const has = (c: string) => mapping[c] !== undefined;
  if (kind === "universities" && !has("id") && !(has("name") && has("country")))
    return im.mappingNeeds("name and country (or id)");
  if (
    kind === "courses" &&
    !has("id") &&
    !(has("name") && has("level") && (has("university_id") || (has("university") && has("country"))))
  )
    return im.mappingNeeds("name, level and university_id (or university and country), or id");
  return undefined;
}

/**
 * Saves the admin's mapping (remembered for the next file with the same header) and starts the dry
 * run in the background. Allowed after an upload, a dry run or a failure; not while a step runs.
 */
export async function startCheck(deps: StaffDeps, member: StaffMember, publicId: string, raw: unknown) {
  authorize(canManageCatalogue, member);
  const { row } = await findImport(deps, publicId);
  const input = parseInput(mappingInput, raw);
  const header = JSON.parse(row.headerKey) as string[];
  const ours = new Set<string>(csvColumnsOf(row.kind));
  const mapping = Object.fromEntries(Object.entries(input.mapping).filter(([column, file]) => ours.has(column) && file !== ""));
  const problem = mappingProblem(row.kind, mapping, header);
  if (problem) throw new AppError("invalid_input", problem, { mapping: problem });
  const started = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(catalogueImports)
      .set({
        mapping,
        retireMissing: input.retireMissing,
        status: "checking",
        rowsDone: 0,
        summary: null,
        failure: null,
        updatedAt: nowOf(deps),
      })
      .where(and(eq(catalogueImports.id, row.id), inArray(catalogueImports.status, ["uploaded", "checked", "failed"])))
      .returning({ id: catalogueImports.id });
    if (!updated) return false;
    await tx
      .insert(catalogueImportMappings)
      .values({ kind: row.kind, headerKey: row.headerKey, mapping })
      .onConflictDoUpdate({
        target: [catalogueImportMappings.kind, catalogueImportMappings.headerKey],
        set: { mapping, updatedAt: nowOf(deps) },
      });
    await queueStep(deps, tx, importJobs.check, row.id);
    return true;
  });
  if (!started) throw new AppError("conflict", im.notNow);
  runNow(deps, checkImport, row.id);
  return im.checkStarted;
}

/** The staff member who started an import: the actor of its audit entries when a step runs later. */
async function actorOf(deps: StaffDeps, staffId: number): Promise<StaffMember> {
  const [who] = await deps.db
    .select({ staffId: staff.id, email: staff.email, fullName: staff.fullName, role: staff.role })
    .from(staff)
    .where(eq(staff.id, staffId));
  if (!who) throw new Error("the import's staff member is gone");
  return who;
}

/** Keeps catalogue_imports.rows_done current, at most every PROGRESS_EVERY_MS (never awaited by the pass). */
function progressWriter(deps: StaffDeps, id: number, status: "checking" | "applying") {
  let last = 0;
  return (done: number) => {
    if (Date.now() - last < PROGRESS_EVERY_MS) return;
    last = Date.now();
    // Not awaited: during the apply's transaction, PGlite runs it after the commit (then it finds the
    // status changed and does nothing); PostgreSQL runs it at once on another connection.
    void deps.db
      .update(catalogueImports)
      .set({ rowsDone: done, updatedAt: new Date() })
      .where(and(eq(catalogueImports.id, id), eq(catalogueImports.status, status)))
      .catch((error: unknown) => deps.log.warn({ err: error, importId: id }, "import progress not saved"));
  };
}

/**
 * A step stopped for a reason of the import's own (a refused row on apply, the file gone): the import
 * is failed with that reason in words, and the job ends, since running it again would change nothing.
 * Anything else is thrown on, for the queue to retry.
 */
async function failForItsOwnReason(deps: StaffDeps, importId: number, status: "checking" | "applying", error: unknown) {
  if (!AppError.is(error)) throw error;
  await deps.db
    .update(catalogueImports)
    .set({ status: "failed", failure: error.message, updatedAt: nowOf(deps) })
    .where(and(eq(catalogueImports.id, importId), eq(catalogueImports.status, status)));
}

/**
 * The dry run (a job, by the import's id): reads the whole file, writes the rows that would change or
 * are refused, and the counts. Changes nothing in the catalogue. Audited. Run again (a retry after a
 * crash or an error), it starts over: the rows of the earlier attempt are deleted first.
 */
export async function checkImport(deps: StaffDeps, importId: number): Promise<void> {
  const [row] = await deps.db.select().from(catalogueImports).where(eq(catalogueImports.id, importId));
  if (row?.status !== "checking") return;
  try {
    const actor = await actorOf(deps, row.staffId);
    await deps.db.delete(catalogueImportRows).where(eq(catalogueImportRows.importId, row.id));
    await deps.db
      .update(catalogueImports)
      .set({ rowsDone: 0, updatedAt: nowOf(deps) })
      .where(and(eq(catalogueImports.id, row.id), eq(catalogueImports.status, "checking")));
    const counts = await runPass(deps, deps.db, row, "check", progressWriter(deps, row.id, "checking"));
    await deps.db.transaction(async (tx) => {
      const [checked] = await tx
        .update(catalogueImports)
        .set({
          status: "checked",
          summary: counts,
          rowsTotal: counts.rows,
          rowsDone: counts.rows,
          checkedAt: nowOf(deps),
          updatedAt: nowOf(deps),
        })
        .where(and(eq(catalogueImports.id, row.id), eq(catalogueImports.status, "checking")))
        .returning({ id: catalogueImports.id });
      if (!checked) return;
      await recordAudit(tx, actor, {
        action: "catalogue.import_checked",
        subjectType: "catalogue_import",
        subjectId: row.publicId,
        after: { kind: row.kind, fileName: row.fileName, retireMissing: row.retireMissing, ...counts },
      });
    });
  } catch (error) {
    await failForItsOwnReason(deps, row.id, "checking", error);
  }
}

/**
 * Starts the apply of a clean dry run in the background. One import is applied at a time; a dry run
 * with refused rows cannot be applied.
 */
export async function startApply(deps: StaffDeps, member: StaffMember, publicId: string) {
  authorize(canManageCatalogue, member);
  const { row } = await findImport(deps, publicId);
  if (row.status !== "checked") throw new AppError("conflict", row.status === "uploaded" ? im.notChecked : im.notNow);
  if (((row.summary as ImportSummary | null)?.refused ?? 0) > 0) throw new AppError("conflict", im.refusedFirst);
  const [busy] = await deps.db
    .select({ id: catalogueImports.id })
    .from(catalogueImports)
    .where(eq(catalogueImports.status, "applying"))
    .limit(1);
  if (busy) throw new AppError("conflict", im.anotherApplying);
  const started = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(catalogueImports)
      .set({ status: "applying", rowsDone: 0, failure: null, updatedAt: nowOf(deps) })
      .where(and(eq(catalogueImports.id, row.id), eq(catalogueImports.status, "checked")))
      .returning({ id: catalogueImports.id });
    if (!updated) return false;
    await queueStep(deps, tx, importJobs.apply, row.id);
    return true;
  });
  if (!started) throw new AppError("conflict", im.notNow);
  runNow(deps, applyImport, row.id);
  return im.applyStarted;
}

/**
 * The apply (a job, by the import's id): the same pass as the dry run, in one transaction that writes
 * every new and changed row (and the retirements asked for), or nothing if any row is now refused.
 * Audited with its counts; the public cache and search follow at once. Run again, it is either the
 * first to commit or finds the import no longer applying and does nothing: the transaction locks the
 * import's row and reads its status again first, so two runs never both write.
 */
export async function applyImport(deps: StaffDeps, importId: number): Promise<void> {
  const [row] = await deps.db.select().from(catalogueImports).where(eq(catalogueImports.id, importId));
  if (row?.status !== "applying") return;
  try {
    const actor = await actorOf(deps, row.staffId);
    const progress = progressWriter(deps, row.id, "applying");
    const applied = await deps.db.transaction(async (tx) => {
      const [still] = await tx
        .select({ status: catalogueImports.status })
        .from(catalogueImports)
        .where(eq(catalogueImports.id, row.id))
        .for("update");
      if (still?.status !== "applying") return false;
      const counts = await runPass(deps, tx, row, "apply", progress);
      await tx
        .update(catalogueImports)
        .set({
          status: "applied",
          summary: { ...((row.summary ?? {}) as ImportSummary), applied: counts },
          rowsDone: counts.rows,
          appliedAt: nowOf(deps),
          updatedAt: nowOf(deps),
        })
        .where(eq(catalogueImports.id, row.id));
      await recordAudit(tx, actor, {
        action: "catalogue.import_applied",
        subjectType: "catalogue_import",
        subjectId: row.publicId,
        after: { kind: row.kind, fileName: row.fileName, retireMissing: row.retireMissing, ...counts },
      });
      return true;
    });
    if (!applied) return;
    // The import writes in bulk inside its own transaction, so it tells the public side itself.
    tellPublicSide(deps);
    await deps.storage?.delete(row.storageKey).catch(() => undefined);
    // Many rows may have arrived at once: the planner's statistics follow (PGlite has no autovacuum).
    await deps.db
      .execute(sql`analyze universities, courses`)
      .catch((error: unknown) => deps.log.warn({ err: error }, "analyze after an import failed"));
  } catch (error) {
    await failForItsOwnReason(deps, row.id, "applying", error);
  }
}

/**
 * A step that kept failing on an unexpected error (its retries spent, or, without a queue, at once):
 * the import is marked failed, said plainly; the error itself goes to the log. The apply is one
 * transaction, so nothing of it was written.
 */
export async function giveUpImportStep(deps: StaffDeps, importId: number, error?: unknown): Promise<void> {
  deps.log.error({ err: error, importId }, "catalogue import step failed");
  await deps.db
    .update(catalogueImports)
    .set({ status: "failed", failure: im.failedUnexpectedly, updatedAt: nowOf(deps) })
    .where(and(eq(catalogueImports.id, importId), inArray(catalogueImports.status, ["checking", "applying"])));
}

/**
 * The dry run's refused rows as a CSV file: line, reason, then the row's cells as the file had them
 * (read again from the stored file, in step with the refused rows by line). Audited as an export.
 */
export async function refusedRowsCsv(deps: StaffDeps, member: StaffMember, publicId: string) {
  authorize(canManageCatalogue, member);
  const { row } = await findImport(deps, publicId);
  const summary = row.summary as ImportSummary | null;
  const body = (summary?.refused ?? 0) > 0 ? await openFile(deps, row) : undefined;
  await recordAudit(deps.db, member, {
    action: "export.downloaded",
    subjectType: "export",
    subjectId: "import-refused-rows",
    after: { list: "import-refused-rows", filters: { import: publicId }, rows: summary?.refused ?? 0, studentIds: [] },
  });
  const header = JSON.parse(row.headerKey) as string[];
  async function* refused(): AsyncGenerator<{ line: number; reason: string }> {
    let after = -1;
    for (;;) {
      const page = await deps.db
        .select({ line: catalogueImportRows.line, reason: catalogueImportRows.reason })
        .from(catalogueImportRows)
        .where(
          and(
            eq(catalogueImportRows.importId, row.id),
            eq(catalogueImportRows.action, "refused"),
            sql`${catalogueImportRows.line} > ${after}`,
          ),
        )
        .orderBy(catalogueImportRows.line)
        .limit(RETIRE_PAGE);
      for (const r of page) yield { line: r.line, reason: r.reason ?? "" };
      if (page.length < RETIRE_PAGE) return;
      after = page[page.length - 1]?.line ?? after;
    }
  }
  const write = (rows: unknown[][]) => stringify(rows, { record_delimiter: "windows" });
  async function* chunks(): AsyncGenerator<string> {
    yield `\uFEFF${write([["line", "reason", ...header]])}`;
    const lines = refused();
    let next = await lines.next();
    let pending: unknown[][] = [];
    const flush = () => {
      const text = write(pending);
      pending = [];
      return text;
    };
    if (body) {
      for await (const record of fileRecords(body)) {
        while (!next.done && next.value.line < record.line) {
          pending.push([next.value.line, next.value.reason]);
          next = await lines.next();
        }
        if (next.done) break;
        if (next.value.line === record.line) {
          pending.push([record.line, next.value.reason, ...record.cells].map(safeCell));
          next = await lines.next();
        }
        if (pending.length >= 1000) yield flush();
      }
    }
    while (!next.done) {
      pending.push([next.value.line, next.value.reason]);
      next = await lines.next();
    }
    if (pending.length) yield flush();
  }
  return { fileName: `${row.fileName.replace(/\.(csv|txt)$/i, "")}-refused-rows.csv`, chunks: chunks() };
}
