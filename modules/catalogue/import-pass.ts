import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../platform/db/client.ts";
import {
  type CatalogueImportKind,
  type CatalogueImportStatus,
  type ImportRowAction,
  catalogueImportMessages as im,
  MAX_IMPORT_ROW_BYTES,
} from "../../vocabulary/catalogue-import.ts";
import type { IntakeChange } from "../intakes.ts";
import type { CourseFacts } from "./course-record.ts";
import { type CatalogueCsvColumn, readCell } from "./csv-export.ts";
import type { IntakeCell } from "./intakes-editing.ts";
import type { catalogueImports } from "./tables.ts";

export type ImportRecord = typeof catalogueImports.$inferSelect;
export type Executor = Pick<Database, "execute">;

/**
 * Rows read and processed together: one round of lookups, then the writes in pieces (`inPieces`). Kept
 * small because on PGlite every statement runs on the event loop's thread (decision 0038).
 */
export const BATCH_ROWS = 500;
/** How long one write statement of an import should hold the database (and, on PGlite, the event loop). */
const PIECE_MS = 15;

/**
 * Writes (or reads) `rows` in pieces, one statement each, sized so a statement takes about PIECE_MS (a course row
 * costs its search vector and index entries: from a tenth of a millisecond to a few on a busy machine),
 * giving the event loop back between them so other requests are answered while an import applies.
 * `first` is the first piece's size (a row that stands for many records, such as a university whose
 * courses are read, starts smaller).
 */
export async function inPieces<T>(rows: T[], write: (piece: T[]) => Promise<void>, first = 50): Promise<void> {
  let size = first;
  for (let at = 0; at < rows.length; ) {
    const piece = rows.slice(at, at + size);
    const started = performance.now();
    await write(piece);
    const took = Math.max(0.5, performance.now() - started);
    at += piece.length;
    // Grown at most twofold at a time: one quick statement says little about the next.
    size = Math.max(5, Math.min(size * 2, 200, Math.round((piece.length * PIECE_MS) / took)));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
/** Records scanned at once for "retire what the file leaves out". */
export const RETIRE_PAGE = 1000;
/** The progress in catalogue_imports is written at most this often. */
export const PROGRESS_EVERY_MS = 400;

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
  /**
   * Set when the admin chose to apply only the rows that passed the dry run (decision 0045): the dry
   * run's refused rows are left out of the apply, by their lines.
   */
  passingOnly?: boolean;
  /** Once applied with `passingOnly`: how many of the file's rows were left out (the dry run's refused rows). */
  leftOut?: number;
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

export const rowsOf = async <T>(db: Executor, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
export const idList = (ids: Iterable<number>) =>
  sql`(select value::int from json_array_elements_text(${JSON.stringify([...ids])}::json))`;

/** The catalogue import's engine: one pass over the file for the dry run or the apply, its state and shared helpers (decision 0020). */
// ---------------------------------------------------------------------------------------------------
// The engine: one pass over the file, for the dry run or the apply

/** Ids met so far, one bit each: compact for hundreds of thousands of records. */
export class IdSet {
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

export interface Country {
  id: number;
  name: string;
}

export type Mode = "check" | "apply";

export interface Pass {
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
  /**
   * The intakes the apply removed or whose deadlines it moved (decision 0085), gathered over every batch and
   * told once the file is written, in its transaction: one mail per counsellor per import (decision 0106).
   * Absent in the dry run.
   */
  intakeChanges?: IntakeChange[];
}

export interface Outcome {
  line: number;
  action: ImportRowAction | "unchanged";
  recordId?: number;
  label: string;
  changes?: Record<string, [string, string]>;
  reason?: string;
}

export interface UniversityValues {
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
export type CourseValues = { id?: number; universityId: number } & CourseFacts & {
    retired: boolean;
    /** The course's intakes as its row lists them (decision 0085); undefined when the file has no intakes column. */
    intakes?: IntakeCell[];
  };

export class Refused extends Error {}
export const refuse = (reason: string): never => {
  throw new Refused(reason);
};

/** The cell of one of our columns: undefined when the column is not mapped. */
export const cellOf = (pass: Pass, row: SourceRow, column: CatalogueCsvColumn): string | undefined => {
  const index = pass.at[column];
  return index === undefined ? undefined : readCell(row.cells[index]);
};

/** A whole-number id cell: undefined when blank or unmapped. */
export function idCell(pass: Pass, row: SourceRow, column: "id" | "university_id"): number | undefined {
  const text = cellOf(pass, row, column);
  if (!text) return undefined;
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2_147_483_647) refuse(im.badId(column));
  return Number(text);
}

/** Every problem zod found, each said with our column's name (once each), in the order of the fields. */
export function problemsOf(error: z.ZodError, columns: Record<string, string>): string[] {
  const said = error.issues.map((issue) => {
    const field = String(issue.path[0] ?? "");
    return `${columns[field] ?? field}: ${issue.message || "invalid"}`;
  });
  return [...new Set(said)];
}

/**
 * A row's faults as one reason: every one of them (each begins with its column's name), in the order of
 * the file's columns, joined by semicolons: "fee_amount: ...; mode: ...".
 */
export function faultsOf(pass: Pass, faults: string[]): string {
  const position = (fault: string) => pass.at[fault.slice(0, fault.indexOf(":")) as CatalogueCsvColumn] ?? pass.width;
  return [...faults]
    .sort((a, b) => position(a) - position(b))
    .map((fault) => fault.replace(/\.$/, ""))
    .join("; ");
}

/** A row with a wrong number of cells (extra blank cells at the end are forgiven). */
export function shapeProblem(pass: Pass, row: SourceRow): string | undefined {
  if (row.unreadable) return im.unreadable(row.unreadable);
  if (row.cells.length === pass.width) return undefined;
  if (row.cells.length > pass.width && row.cells.slice(pass.width).every((c) => c.trim() === "")) return undefined;
  if (row.cells.length > MAX_IMPORT_ROW_BYTES) return im.rowTooLong;
  return im.wrongCellCount(row.cells.length, pass.width);
}

export const isBlankRow = (row: SourceRow) => !row.unreadable && row.cells.every((c) => c.trim() === "");

const show = (value: unknown): string => (value === null || value === undefined ? "" : String(value));

export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, [string, string]> {
  const changes: Record<string, [string, string]> = {};
  for (const [key, value] of Object.entries(after))
    if (show(before[key]) !== show(value)) changes[key] = [show(before[key]), show(value)];
  return changes;
}

export const countryOf = (pass: Pass, text: string) => pass.countries.get(text.trim().toLowerCase());

export interface SourceRow {
  line: number;
  cells: string[];
  /** The file cannot be read from this line on (a broken quote, an endless row). */
  unreadable?: string;
}

export const present = (row: ImportRecord, createdBy: string): CatalogueImportView => ({
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
