import { stringify } from "csv-stringify/sync";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import {
  type CatalogueImportKind,
  IMPORT_ROWS_PAGE_SIZE,
  catalogueImportMessages as im,
  importRowActions,
  RECENT_IMPORTS,
} from "../../vocabulary/catalogue-import.ts";
import { recordAudit } from "../audit-log.ts";
import { safeCell } from "../csv-cells.ts";
import { nowOf, type StaffDeps, tellPublicSide } from "../deps.ts";
import { AppError } from "../errors.ts";
import { checkbox } from "../fields.ts";
import { deliverWithoutQueue } from "../outbox.ts";
import { authorize, canManageCatalogue, type StaffMember } from "../policies.ts";
import { staff } from "../staff/tables.ts";
import { parseInput } from "../validation.ts";
import { csvColumnsOf } from "./csv-export.ts";
import { fileRecords, openFile } from "./import-file.ts";
import {
  type CatalogueImportView,
  type Executor,
  type ImportDiffRow,
  type ImportSummary,
  PROGRESS_EVERY_MS,
  present,
  RETIRE_PAGE,
} from "./import-pass.ts";
import { runPass } from "./import-run.ts";
import { catalogueImportMappings, catalogueImportRows, catalogueImports } from "./tables.ts";

export type { CatalogueImportView, ImportCounts, ImportDiffRow, ImportSummary } from "./import-pass.ts";
export { uploadImport } from "./import-upload.ts";

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
  void step(deps, importId)
    .catch((error: unknown) => giveUpImportStep(deps, importId, error))
    // The database itself gone (the process stopping): the import stays as it was, and is said in the log.
    .catch((error: unknown) => deps.log.error({ err: error, importId }, "catalogue import could not be marked failed"));
}

// ---------------------------------------------------------------------------------------------------
// Reading imports

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

/**
 * Keeps catalogue_imports.rows_done current, at most every PROGRESS_EVERY_MS and one write at a time
 * (never awaited by the pass). The apply's transaction holds the import's row locked: on PostgreSQL a
 * write that waited for it held a pool connection until the commit, and a 100,000-row apply took all
 * ten (every other request then failed to connect). So a write skips a locked row instead of waiting.
 */
function progressWriter(deps: StaffDeps, id: number, status: "checking" | "applying") {
  let last = 0;
  let writing = false;
  return (done: number) => {
    if (writing || Date.now() - last < PROGRESS_EVERY_MS) return;
    last = Date.now();
    writing = true;
    // Not awaited: during the apply's transaction, PGlite runs it after the commit (then it finds the
    // status changed and does nothing); PostgreSQL runs it at once on another connection, where it
    // finds the row locked by the apply and writes nothing.
    void deps.db
      .update(catalogueImports)
      .set({ rowsDone: done, updatedAt: new Date() })
      .where(
        and(
          eq(catalogueImports.status, status),
          inArray(
            catalogueImports.id,
            deps.db
              .select({ id: catalogueImports.id })
              .from(catalogueImports)
              .where(eq(catalogueImports.id, id))
              .for("update", { skipLocked: true }),
          ),
        ),
      )
      .catch((error: unknown) => deps.log.warn({ err: error, importId: id }, "import progress not saved"))
      .finally(() => {
        writing = false;
      });
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
    const { leftOut: _none, ...counts } = await runPass(deps, deps.db, row, "check", progressWriter(deps, row.id, "checking"));
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

export const applyInput = z.object({
  /** all: the whole file, all or nothing (a clean dry run only); passing: the rows that passed, the refused left out. */
  rows: z.enum(["all", "passing"]).default("all"),
});

/**
 * Starts the apply in the background. One import is applied at a time. The whole file (`rows: "all"`)
 * needs a clean dry run; with refused rows the admin may apply only the rows that passed
 * (`rows: "passing"`, decision 0045): the refused rows are left out by their lines.
 */
export async function startApply(deps: StaffDeps, member: StaffMember, publicId: string, raw: unknown = {}) {
  authorize(canManageCatalogue, member);
  const { rows } = parseInput(applyInput, raw ?? {});
  const { row } = await findImport(deps, publicId);
  if (row.status !== "checked") throw new AppError("conflict", row.status === "uploaded" ? im.notChecked : im.notNow);
  const summary = row.summary as ImportSummary | null;
  const refused = summary?.refused ?? 0;
  if (refused > 0 && rows === "all") throw new AppError("conflict", im.refusedFirst);
  const passingOnly = refused > 0;
  if (passingOnly && (summary?.new ?? 0) + (summary?.changed ?? 0) === 0) throw new AppError("conflict", im.nothingPassed);
  const [busy] = await deps.db
    .select({ id: catalogueImports.id })
    .from(catalogueImports)
    .where(eq(catalogueImports.status, "applying"))
    .limit(1);
  if (busy) throw new AppError("conflict", im.anotherApplying);
  const started = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(catalogueImports)
      .set({
        status: "applying",
        rowsDone: 0,
        failure: null,
        summary: { ...(summary as ImportSummary), passingOnly },
        updatedAt: nowOf(deps),
      })
      .where(and(eq(catalogueImports.id, row.id), eq(catalogueImports.status, "checked")))
      .returning({ id: catalogueImports.id });
    if (!updated) return false;
    await queueStep(deps, tx, importJobs.apply, row.id);
    return true;
  });
  if (!started) throw new AppError("conflict", im.notNow);
  runNow(deps, applyImport, row.id);
  return passingOnly ? im.passingStarted : im.applyStarted;
}

/** The lines of the dry run's refused rows: what an apply of the rows that passed leaves out. */
async function refusedLines(db: Executor, importId: number): Promise<Set<number>> {
  const lines = new Set<number>();
  let after = -1;
  for (;;) {
    const page = await db.execute(
      sql`select line from catalogue_import_rows where import_id = ${importId} and action = 'refused' and line > ${after}
          order by line limit ${RETIRE_PAGE}`,
    );
    const found = (page as unknown as { rows: { line: number }[] }).rows;
    for (const r of found) lines.add(r.line);
    if (found.length < RETIRE_PAGE) return lines;
    after = found[found.length - 1]?.line ?? after;
  }
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
      const summary = (row.summary ?? {}) as ImportSummary;
      const leaveOut = summary.passingOnly ? await refusedLines(tx, row.id) : undefined;
      const { leftOut, ...counts } = await runPass(deps, tx, row, "apply", progress, leaveOut);
      const partial = summary.passingOnly ? { passingOnly: true, leftOut } : {};
      await tx
        .update(catalogueImports)
        .set({
          status: "applied",
          summary: { ...summary, applied: counts, ...partial },
          rowsDone: counts.rows,
          appliedAt: nowOf(deps),
          updatedAt: nowOf(deps),
        })
        .where(eq(catalogueImports.id, row.id));
      await recordAudit(tx, actor, {
        action: "catalogue.import_applied",
        subjectType: "catalogue_import",
        subjectId: row.publicId,
        after: { kind: row.kind, fileName: row.fileName, retireMissing: row.retireMissing, ...counts, ...partial },
      });
      return true;
    });
    if (!applied) return;
    // The import writes in bulk inside its own transaction, so it tells the public side itself.
    await tellPublicSide(deps);
    // Counsellors told of an intake it moved or removed (decision 0085): sent now when no job queue runs (decision 0034).
    await deliverWithoutQueue(deps);
    // With rows left out, the file stays: the refused rows' download reads their cells from it.
    if (!(row.summary as ImportSummary | null)?.passingOnly) await deps.storage?.delete(row.storageKey).catch(() => undefined);
    // Many rows may have arrived at once: the planner's statistics follow (PGlite has no autovacuum).
    // A table at a time, from a smaller sample than the default's 30,000 rows: on PGlite the analyze
    // holds the server's thread, 370 to 700 ms for 200,000 courses at the default, about 110 ms so
    // (decision 0038). PostgreSQL's autovacuum later analyzes at its own default.
    await deps.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local default_statistics_target = 20`);
        await tx.execute(sql`analyze universities`);
        await tx.execute(sql`analyze courses`);
      })
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
  // The cells come from the stored file; if it is gone, the rows still come with their line and reason.
  const body =
    (summary?.refused ?? 0) > 0
      ? await openFile(deps, row).catch((error: unknown) => {
          if (AppError.is(error)) return undefined;
          throw error;
        })
      : undefined;
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
