import { inArray } from "drizzle-orm";
import type { Database } from "../platform/db/client.ts";
import type { Logger } from "../platform/log.ts";
import type { FileStorage } from "../platform/storage/file-storage.ts";
import { catalogueImports, universities } from "./catalogue/tables.ts";
import { nowOf } from "./deps.ts";
import { studentFiles } from "./documents/tables.ts";
import { letterRequests } from "./letters/tables.ts";
import { dataExports } from "./privacy/tables.ts";
import { visaPracticeAnswers } from "./visas/tables.ts";

/**
 * Every column that names a stored object: the one list the sweep below keeps (a new kind of stored
 * file adds its column here, or the sweep removes its files once they are past the grace period).
 */
const keyColumns = [
  studentFiles.storageKey,
  letterRequests.storageKey,
  visaPracticeAnswers.recordingKey,
  dataExports.storageKey,
  catalogueImports.storageKey,
  universities.imageKey,
] as const;

/** Of `keys`, those some row names. */
async function namedKeys(db: Database, keys: string[]): Promise<Set<string>> {
  const named = new Set<string>();
  for (const column of keyColumns) {
    const rows = await db.select({ key: column }).from(column.table).where(inArray(column, keys));
    for (const row of rows) if (row.key) named.add(row.key);
  }
  return named;
}

export interface StoredFilesDeps {
  db: Database;
  storage: FileStorage;
  log: Logger;
  now?: () => Date;
}

/**
 * Removes stored objects no row names that were written more than `graceMs` ago (decision 0048): a
 * file is stored before its row is written, so a crash between the two (kill -9 during an upload or a
 * recording) leaves a whole file under an ordinary key that nothing refers to, that no download can
 * reach and that an erasure cannot find. An upload in flight is younger than the grace period and is
 * kept; a file whose row is written meanwhile is named by then. Answers how many it removed.
 */
export async function sweepUnreferencedFiles(deps: StoredFilesDeps, graceMs: number): Promise<number> {
  if (!deps.storage.storedBefore) return 0;
  const before = new Date(nowOf(deps).getTime() - graceMs);
  let removed = 0;
  for await (const page of deps.storage.storedBefore(before)) {
    const named = await namedKeys(deps.db, page);
    for (const key of page) {
      if (named.has(key)) continue;
      await deps.storage.delete(key);
      removed += 1;
    }
  }
  if (removed) deps.log.info({ removed }, "stored files no row names removed");
  return removed;
}
