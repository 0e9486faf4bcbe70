import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { preparingStatements } from "./pglite-prepared.ts";
import { givingTurns } from "./pglite-turns.ts";

/**
 * The one database type every module takes: PGlite and node-postgres share it. Queries name their tables
 * (each module's `tables.ts`, decision 0052), so the client is given no schema.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Runs `work` while no other instance runs its own `exclusively` on this database (a PostgreSQL
   * advisory lock; PGlite has one process anyway): instances starting together migrate and seed in turn.
   * `waiting` is told how long it has waited, after `WAIT_NOTICE_MS` and then every `WAIT_NOTICE_MS` more,
   * so that an operator's log says why an instance is not up yet.
   */
  exclusively<T>(work: () => Promise<T>, waiting?: (waitedMs: number) => void): Promise<T>;
  /**
   * Raw SQL for platform adapters that bring their own statements (the job queue, platform/jobs.ts).
   * Without values the text may hold several statements: the rows of all of them come back, in order.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PostgreSQL's connection pool now: open connections, idle ones and requests waiting for one (metrics). */
  poolUse?(): { total: number; idle: number; waiting: number };
  /** PGlite's data directory as a gzipped tar, taken between two queries (a backup, decision 0065). */
  snapshot?(): Promise<Blob>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

/** pg_trgm for search; btree_gist for the calendar's exclusion constraint (decision 0036). */
export const pgliteExtensions = { pg_trgm, btree_gist };

/**
 * PGlite's shared buffers, in MB: a quarter of the database's files, between 8 and 32 MB. All of them
 * stay resident in the process from the start (PostgreSQL touches its whole shared memory), while the
 * pages are in the operating system's file cache anyway and searches and lists are answered from the
 * catalogue mirror (decision 0022). The large catalogue (150 MB of files) gets 32, measured as fast for
 * pages and about 100 MB smaller than PGlite's default 128 (decision 0021); the demo catalogue (about
 * 30 MB) gets 8, which keeps its server 20 to 25 MB smaller (decision 0033). A new database, or one in
 * memory (where a page not in the buffers is a copy within the process), starts at 8.
 */
export function sharedBuffersMb(dataDir: string): number {
  const bytes = dataDir.startsWith("memory://") ? 0 : filesSize(path.join(dataDir, "base"));
  return Math.min(32, Math.max(8, Math.round(bytes / 4 / 1024 / 1024)));
}

/** The size of the files under `folder`, in bytes (0 when it does not exist). */
function filesSize(folder: string): number {
  if (!existsSync(folder)) return 0;
  let bytes = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true, encoding: "utf8" }).filter((e) => e.isFile())) {
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return bytes;
}

/** A PGlite database: in memory for `memory://`, else files under the given directory. */
export function openPglite(dataDir: string, options: { loadDataDir?: Blob | File } = {}): DatabaseHandle & { client: PGlite } {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, {
    extensions: pgliteExtensions,
    loadDataDir: options.loadDataDir,
    // Every query is a prepared statement here (decision 0108), always run with its generic plan: planned once,
    // rather than planned again at each run whenever Postgres guesses a custom plan cheaper (its amendment).
    postgresqlconf: [`shared_buffers=${sharedBuffersMb(dataDir)}MB`, "plan_cache_mode=force_generic_plan"],
  });
  // The portal's queries run as prepared statements (platform/db/pglite-prepared.ts) and give the event loop
  // a turn between them (platform/db/pglite-turns.ts).
  const db = drizzlePglite({ client: givingTurns(preparingStatements(client)) }) as unknown as Database;
  // pg-boss's texts run one after another, each with its rollback: two queues on one PGlite (the tests'
  // two instances) would otherwise slip a statement between a failed text and its ROLLBACK.
  let last: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = last.then(work, work);
    last = run.catch(() => undefined);
    return run;
  };
  return {
    client,
    db,
    kind: "pglite",
    migrate: async () => {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    },
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
    snapshot: async () => {
      // A checkpoint first: the image then needs little replay when it is opened.
      await client.exec("checkpoint");
      return client.dumpDataDir("gzip");
    },
    exclusively: (work) => work(),
    executeSql: (text, values) =>
      oneAtATime(async () => {
        if (values?.length) return { rows: (await client.query(text, values)).rows };
        try {
          // Every statement's rows, in order: pg-boss 12 reads a row from the middle of a
          // BEGIN … COMMIT text (its background migrations' claim), as its own adapters give it.
          const results = await client.exec(text);
          return { rows: results.flatMap((result) => result.rows ?? []) };
        } catch (error) {
          await rollBackOpenTransaction((statement) => client.exec(statement));
          throw error;
        }
      }),
  };
}

/**
 * A text of several statements that opened a transaction and failed half way leaves the connection in
 * an aborted transaction; it is rolled back before the connection serves anyone else.
 */
async function rollBackOpenTransaction(run: (statement: string) => Promise<unknown>) {
  await run("ROLLBACK").catch(() => undefined);
}

/**
 * Connection-level failures: the database server is down, restarting, unreachable or full. A request
 * that meets one is answered "try again shortly" (503), not as a bug (500); the pool opens new
 * connections by itself when the server is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    const code = typeof e.code === "string" ? e.code : "";
    const message = typeof e.message === "string" ? e.message : "";
    if (/^(08|57P0[123]|53300)/.test(code)) return true;
    if (["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND"].includes(code))
      return true;
    if (/Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message))
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Whether an error, or one of its causes (drizzle wraps the driver's error), carries this SQLSTATE code. */
export function hasSqlState(error: unknown, code: string): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code === code) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** A unique index refused a second row (SQLSTATE 23505, unique_violation). */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, "23505");

/** The advisory lock key under which one instance at a time prepares (migrates, seeds) a PostgreSQL database. */
const PREPARE_LOCK = 727_274_001;

/** How long an instance waits for another's turn to prepare the database before it says so, and again. */
export const WAIT_NOTICE_MS = 5000;

/** How long a request waits for a connection, and for a query, before it is answered 503. */
const CONNECT_TIMEOUT_MS = 3000;
const QUERY_TIMEOUT_MS = 15_000;

/** A PostgreSQL server through node-postgres. */
export function openPostgres(url: string, options: { max?: number; onIdleError?: (error: Error) => void } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // Fail fast when the server cannot be reached, rather than holding the request until TCP gives up.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle connection the server closed (restart, failover) is dropped and replaced by the pool;
  // without a listener it would crash the process.
  pool.on("error", (error) => options.onIdleError?.(error));
  const db = drizzlePg({ client: pool }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    migrate: async () => {
      await migratePg(drizzlePg({ client: pool }), { migrationsFolder });
    },
    exclusively: async (work, waiting) => {
      const lock = await pool.connect();
      try {
        // Asked again every quarter second rather than waited for in one query: another instance's
        // migrating and seeding can outlast QUERY_TIMEOUT_MS on a busy server, and a query that times out
        // would stop this instance's start.
        const since = Date.now();
        let told = 0;
        while (!(await lock.query<{ held: boolean }>("select pg_try_advisory_lock($1) as held", [PREPARE_LOCK])).rows[0]?.held) {
          await sleep(250);
          const waited = Date.now() - since;
          if (waited >= (told + 1) * WAIT_NOTICE_MS) {
            told = Math.floor(waited / WAIT_NOTICE_MS);
            waiting?.(waited);
          }
        }
        return await work();
      } finally {
        await lock.query("select pg_advisory_unlock($1)", [PREPARE_LOCK]).catch(() => undefined);
        lock.release();
      }
    },
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    executeSql: async (text, values) => {
      const client = await pool.connect();
      try {
        const result = await client.query(text, values?.length ? values : undefined);
        // Several statements answer an array of results: every statement's rows, in order, as pg-boss
        // 12 expects of a database it is handed (and as the PGlite adapter above gives).
        return { rows: Array.isArray(result) ? result.flatMap((one) => one.rows ?? []) : (result.rows ?? []) };
      } catch (error) {
        await rollBackOpenTransaction((statement) => client.query(statement));
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

export function openDatabase(
  config: { databaseUrl?: string; dataDir: string },
  onIdleError?: (error: Error) => void,
): DatabaseHandle {
  return config.databaseUrl ? openPostgres(config.databaseUrl, { onIdleError }) : openPglite(pgliteFilesOf(config.dataDir));
}

/** Where the server's PGlite keeps its database, under DATA_DIR. */
const pgliteFilesOf = (dataDir: string) => path.join(dataDir, "pgdata");

/** Whether DATA_DIR holds no database yet: PostgreSQL's files begin with PG_VERSION. */
export const pgliteIsNew = (dataDir: string) => !existsSync(path.join(pgliteFilesOf(dataDir), "PG_VERSION"));

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
