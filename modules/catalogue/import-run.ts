import { sql } from "drizzle-orm";
import { catalogueImportMessages as im } from "../../vocabulary/catalogue-import.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import type { IntakeChangedHook } from "../intakes.ts";
import { type CatalogueCsvColumn, csvColumnsOf } from "./csv-export.ts";
import { batchesOf, fileRecords, openFile, readAhead } from "./import-file.ts";
import {
  BATCH_ROWS,
  type Country,
  type CourseValues,
  type Executor,
  IdSet,
  type ImportCounts,
  type ImportRecord,
  idList,
  inPieces,
  type Mode,
  type Outcome,
  type Pass,
  RETIRE_PAGE,
  rowsOf,
  type UniversityValues,
} from "./import-pass.ts";
import { courseBatch, universityBatch, writeCourses, writeUniversities } from "./import-rows.ts";

/** Gives the event loop back for one turn, so requests waiting for it are answered. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The catalogue import's engine: retiring what the file leaves out, and one whole pass over the file (decision 0020). */
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
    await nextTurn();
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
 * catalogue itself and stops at the first refused row (its caller rolls back). `leaveOut` holds the lines
 * of rows to skip unread (the dry run's refused rows, when only the rows that passed are applied).
 */
export async function runPass(
  deps: StaffDeps,
  db: Executor,
  row: ImportRecord,
  mode: Mode,
  onProgress: (done: number) => void,
  leaveOut?: ReadonlySet<number>,
): Promise<ImportCounts & { leftOut: number }> {
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
    today: indianDay(now),
    seen: new Map(),
    keys: new Map(),
    matched: new IdSet(),
    scope: new Set(),
    counts: { rows: 0, new: 0, changed: 0, unchanged: 0, retired: 0, refused: 0 },
    intakeChanges: mode === "apply" ? [] : undefined,
  };
  const counts = pass.counts;
  let leftOut = 0;
  for await (const read of readAhead(batchesOf(fileRecords(body), BATCH_ROWS))) {
    // Applying the rows that passed (decision 0045): the dry run's refused rows are left out by their
    // lines, before anything is looked up, so none of them is written even if it would pass now.
    const batch = leaveOut?.size ? read.filter((r) => !leaveOut.has(r.line)) : read;
    leftOut += read.length - batch.length;
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
    // Other requests go between the batches (decision 0038): on PGlite the queries run on this thread.
    await nextTurn();
  }
  // The intakes every batch moved or removed, told at once in the apply's transaction, the one the change
  // commits with: each counsellor is mailed once for the whole import, not once an intake (decisions 0085, 0106).
  if (pass.intakeChanges?.length && deps.intakeChanged)
    await deps.intakeChanged(db as Parameters<IntakeChangedHook>[0], pass.intakeChanges);
  // Nothing is retired when rows are refused or left out: the dry run then lists no retirement to read.
  if (row.retireMissing && counts.refused === 0 && !leaveOut?.size)
    await retireMissing(pass, async (retired) => {
      counts.retired += retired.length;
      if (mode === "check") await writeOutcomes(db, row.id, retired);
      else {
        const table = pass.kind === "universities" ? sql`universities` : sql`courses`;
        await inPieces(retired, async (piece) => {
          await db.execute(
            sql`update ${table} set retired_at = ${now.toISOString()}::timestamptz
                where id in ${idList(piece.map((r) => r.recordId as number))} and retired_at is null`,
          );
        });
      }
    });
  return { ...counts, leftOut };
}
