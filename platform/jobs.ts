import { type SQL, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Database, DatabaseHandle } from "./db/client.ts";
import type { Logger } from "./log.ts";

/**
 * Background work that runs exactly once however many instances serve the site, and survives a
 * restart: a job queue in the database itself (pg-boss, decision 0021). Jobs carry plain JSON data;
 * the work they name is registered by each instance at start.
 */
export interface JobQueue extends JobSender {
  /**
   * Handles the jobs of `name`, one at a time in this instance; a handler that throws is retried. The
   * options are the queue's, kept in the database: each start sets them as the code says.
   */
  work<T extends object>(name: string, handler: (data: T) => Promise<void>, options?: QueueOptions): Promise<void>;
  /** Runs `name` on a cron schedule in IST; only one instance starts each run. */
  every(name: string, cron: string): Promise<void>;
  /** Stops taking jobs and waits (up to a few seconds) for the running ones. */
  stop(): Promise<void>;
}

/** What a module needs to hand work to the queue (a domain module depends on this much only). */
export interface JobSender {
  /**
   * Queues a job; it runs once, on whichever instance takes it first, retried if it fails. `within`: a
   * transaction of ours the job is written in, so it is queued if and only if that transaction commits
   * (the queue must be set up already, by `work`).
   */
  send(name: string, data: object, options?: { within?: SqlRunner }): Promise<void>;
}

/** A database or a transaction of ours (drizzle), on which a job can be written. */
export type SqlRunner = Pick<Database, "execute">;

export interface QueueOptions {
  /**
   * At most one run at a time across all instances, and at most one more waiting (for sweeps that must
   * not overlap, such as retrying mail).
   */
  exclusive?: boolean;
  /** Retries after a failure (5 unless said), after `retryDelaySeconds`, doubled each time with `retryBackoff`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /**
   * How long a run may take (15 minutes unless said). A job still active after that is taken as lost
   * (its instance died) and retried; so is one whose handler runs longer, while that handler goes on.
   */
  expireInSeconds?: number;
  /** The queue that gets a job's data once its last retry has failed, to clean up after it. */
  deadLetter?: string;
}

/** How often an idle worker asks for work; a sent job starts within about this long. */
const POLL_SECONDS = 1;

/** Lock conflicts that two instances installing the queue's schema at the same moment may meet. */
const isStartRace = (error: unknown) => ["40P01", "23505", "42P07", "42710"].includes((error as { code?: string }).code ?? "");

/** Runs `step` again (up to five times, after a short random pause) when it lost a start race. */
async function untilNoStartRace<T>(step: () => Promise<T>, beforeRetry?: () => Promise<unknown>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= 5 || !isStartRace(error)) throw error;
      await beforeRetry?.().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt + Math.random() * 200));
    }
  }
}

async function startBoss(database: DatabaseHandle, log: Logger): Promise<PgBoss> {
  let boss: PgBoss | undefined;
  return untilNoStartRace(
    async () => {
      boss = new PgBoss({
        db: { executeSql: (text, values) => database.executeSql(text, values) },
        schema: "pgboss",
        // Keep finished jobs a week for the operator; pg-boss archives and deletes them after that.
        archiveCompletedAfterSeconds: 7 * 24 * 3600,
      });
      boss.on("error", (error) => log.error({ err: error }, "job queue error"));
      await boss.start();
      return boss;
    },
    // Instances starting together on a new database: the loser stops and tries again.
    async () => boss?.stop({ graceful: false, close: false }),
  );
}

/**
 * pg-boss's statement (with $1.. placeholders) run through drizzle on `db`: in a transaction of ours, the
 * job is written or rolled back with it. Used for sending only, whose statement quotes no `$`.
 */
function onRunner(db: SqlRunner) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts: SQL[] = [];
      let at = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        parts.push(sql.raw(text.slice(at, match.index)), sql`${values[Number(match[1]) - 1] ?? null}`);
        at = (match.index ?? 0) + match[0].length;
      }
      parts.push(sql.raw(text.slice(at)));
      const result = (await db.execute(sql.join(parts))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/**
 * Jobs left active by a process that stopped without finishing them: on PGlite (one process owns the
 * database) that is every active job at start. They are failed now, so their retries run at once
 * rather than after their expiry.
 */
async function retryOrphans(database: DatabaseHandle, boss: PgBoss, log: Logger) {
  const { rows } = await database.executeSql(
    "select name, array_agg(id::text) as ids from pgboss.job where state = 'active' and name not like '\\_\\_pgboss%' group by name",
  );
  for (const { name, ids } of rows as { name: string; ids: string[] }[]) {
    for (const id of ids) await boss.fail(name, id, { message: "the process that ran it stopped" });
    log.warn({ job: name, jobs: ids.length }, "jobs cut off by the last stop are retried");
  }
}

/**
 * Starts the queue on the site's database (PGlite or PostgreSQL): creates or migrates its schema first.
 * `onlyInstance`: no other process uses this database (PGlite), so a job found active was cut off by
 * the last stop and is retried at once.
 */
export async function startJobQueue(
  database: DatabaseHandle,
  log: Logger,
  options: { retryDelaySeconds?: number; onlyInstance?: boolean } = {},
): Promise<JobQueue> {
  const boss = await startBoss(database, log);
  if (options.onlyInstance) await retryOrphans(database, boss, log);
  const created = new Set<string>();
  const ensureQueue = async (name: string, queueOptions: QueueOptions = {}, update = false) => {
    if (created.has(name) && !update) return;
    if (queueOptions.deadLetter) await ensureQueue(queueOptions.deadLetter);
    const settings = {
      policy: queueOptions.exclusive ? ("stately" as const) : ("standard" as const),
      retryLimit: queueOptions.retryLimit ?? 5,
      retryDelay: queueOptions.retryDelaySeconds ?? options.retryDelaySeconds ?? 30,
      retryBackoff: queueOptions.retryBackoff ?? true,
      ...(queueOptions.expireInSeconds ? { expireInSeconds: queueOptions.expireInSeconds } : {}),
      ...(queueOptions.deadLetter ? { deadLetter: queueOptions.deadLetter } : {}),
    };
    await untilNoStartRace(async () => {
      // Another instance starting at the same moment may create it first: then theirs is used.
      if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...settings });
      else if (update) await boss.updateQueue(name, { name, ...settings });
    });
    created.add(name);
  };
  return {
    async work(name, handler, workOptions = {}) {
      await ensureQueue(name, workOptions, true);
      await boss.work<object>(name, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data as never);
          } catch (error) {
            log.error({ err: error, job: name }, "background job failed; it is retried while its retries last");
            throw error;
          }
        }
      });
    },
    async send(name, data, sendOptions = {}) {
      if (sendOptions.within) {
        // Inside the caller's transaction nothing else may touch the database (PGlite has one
        // connection): the queue must exist, and a missing one fails the send, hence the transaction.
        const id = await boss.send(name, data, { db: onRunner(sendOptions.within) });
        if (!id) throw new Error(`the job queue ${name} is not set up`);
        return;
      }
      await ensureQueue(name);
      await boss.send(name, data);
    },
    async every(name, cron) {
      await ensureQueue(name);
      await boss.schedule(name, cron, {}, { tz: "Asia/Kolkata" });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, close: false, wait: true });
    },
  };
}
