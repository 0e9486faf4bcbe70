import { type SQL, sql } from "drizzle-orm";
import { PgBoss } from "pg-boss";
import type { Database, DatabaseHandle } from "./db/client.ts";
import type { Logger } from "./log.ts";
import { currentRequestId, inJobOfRequest, REQUEST_ID_FIELD } from "./request-id.ts";

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
  /**
   * Stops taking jobs and waits for the running ones, up to `timeoutMs` (5 s unless said); those still
   * running then are failed, so they are retried (decision 0067).
   */
  stop(timeoutMs?: number): Promise<void>;
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

/**
 * The queue's waits, which a test may shorten (decision 0052); a site keeps what the code says.
 * `pollSeconds`: how often an idle worker asks for work (POLL_SECONDS unless said; pg-boss takes 0.5 at
 * least). `retryDelaySeconds`: every queue's wait before a retry, in place of its own and without
 * back-off (0: at once).
 */
export interface QueueTimings {
  pollSeconds?: number;
  retryDelaySeconds?: number;
}

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

/**
 * pg-boss 11 rewrote its tables and ships no migration from pg-boss 10's (schema version 24): its
 * notes say to move the jobs. A database that still has them gets them renamed to `pgboss_v10` here,
 * before pg-boss 12 creates `pgboss` afresh; `moveJobsFromV10` then carries the queued jobs over.
 */
const OLD_SCHEMA = "pgboss_v10";

async function setAsideV10Schema(database: DatabaseHandle, log: Logger) {
  const { rows } = await database.executeSql(
    "select 1 from information_schema.tables where table_schema = 'pgboss' and table_name = 'version'",
  );
  if (rows.length === 0) return;
  const [row] = (await database.executeSql("select max(version) as version from pgboss.version")).rows as { version: number }[];
  if (Number(row?.version) >= 25) return;
  await database.executeSql(`
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = '${OLD_SCHEMA}') THEN
        ALTER SCHEMA pgboss RENAME TO ${OLD_SCHEMA};
      END IF;
    END $$;`);
  log.info({ version: row?.version }, `pg-boss 10's tables set aside as ${OLD_SCHEMA}; their queued jobs move to pg-boss 12`);
}

interface V10Queue {
  name: string;
  policy: string | null;
  retry_limit: number | null;
  retry_delay: number | null;
  retry_backoff: boolean | null;
  expire_seconds: number | null;
  dead_letter: string | null;
}

interface V10Job {
  id: string;
  name: string;
  data: object | null;
  priority: number;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: string | Date;
  singleton_key: string | null;
  expire_seconds: number;
  dead_letter: string | null;
}

/**
 * Queues every job pg-boss 10 had waiting, retrying or running (a running one was cut off by the
 * upgrade's stop, so it runs again, as after any stop) into pg-boss 12 with its id, data, retry settings
 * and start time, creating its queue with the old queue's policy and settings first, then drops the old
 * tables. Done by one instance at a time; inserting by id ignores a job already moved, so a move cut
 * short is finished by the next start. Finished and failed jobs stay behind and go with the old tables.
 */
async function moveJobsFromV10(database: DatabaseHandle, boss: PgBoss, log: Logger) {
  await database.exclusively(async () => {
    const { rows: present } = await database.executeSql(`select 1 from pg_namespace where nspname = '${OLD_SCHEMA}'`);
    if (present.length === 0) return;
    const queues = (
      await database.executeSql(
        `select name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds, dead_letter from ${OLD_SCHEMA}.queue`,
      )
    ).rows as V10Queue[];
    const jobs = (
      await database.executeSql(
        `select id::text, name, data, priority, retry_limit, retry_delay, retry_backoff, start_after, singleton_key,
              extract(epoch from expire_in)::int as expire_seconds, dead_letter
         from ${OLD_SCHEMA}.job
        where state in ('created', 'retry', 'active') and name not like '\\_\\_pgboss%'
        order by created_on`,
      )
    ).rows as V10Job[];
    const byName = new Map(queues.map((queue) => [queue.name, queue]));
    const made = new Set<string>();
    const makeQueue = async (name: string): Promise<void> => {
      if (made.has(name)) return;
      made.add(name);
      const old = byName.get(name);
      if (old?.dead_letter) await makeQueue(old.dead_letter);
      if (await boss.getQueue(name)) return;
      await boss.createQueue(name, {
        ...(old?.policy ? { policy: old.policy } : {}),
        ...(old?.retry_limit != null ? { retryLimit: old.retry_limit } : {}),
        ...(old?.retry_delay != null ? { retryDelay: old.retry_delay } : {}),
        ...(old?.retry_backoff != null ? { retryBackoff: old.retry_backoff } : {}),
        ...(old?.expire_seconds ? { expireInSeconds: old.expire_seconds } : {}),
        ...(old?.dead_letter ? { deadLetter: old.dead_letter } : {}),
      });
    };
    const names = [...new Set(jobs.map((job) => job.name))];
    for (const name of names) {
      await makeQueue(name);
      for (const job of jobs.filter((j) => j.name === name)) if (job.dead_letter) await makeQueue(job.dead_letter);
      await boss.insert(
        name,
        jobs
          .filter((job) => job.name === name)
          .map((job) => ({
            id: job.id,
            data: job.data ?? {},
            priority: job.priority,
            retryLimit: job.retry_limit,
            retryDelay: job.retry_delay,
            retryBackoff: job.retry_backoff,
            startAfter: new Date(job.start_after),
            ...(job.singleton_key ? { singletonKey: job.singleton_key } : {}),
            ...(job.expire_seconds > 0 ? { expireInSeconds: job.expire_seconds } : {}),
            ...(job.dead_letter ? { deadLetter: job.dead_letter } : {}),
          })),
      );
    }
    await database.executeSql(`drop schema ${OLD_SCHEMA} cascade`);
    log.info({ jobs: jobs.length, queues: names.length }, "queued jobs moved from pg-boss 10 to pg-boss 12");
  });
}

async function startBoss(database: DatabaseHandle, log: Logger): Promise<PgBoss> {
  await database.exclusively(() => setAsideV10Schema(database, log));
  let boss: PgBoss | undefined;
  return untilNoStartRace(
    async () => {
      boss = new PgBoss({
        db: { executeSql: (text, values) => database.executeSql(text, values) },
        schema: "pgboss",
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
 * the last stop and is retried at once. The timings are for tests (`QueueTimings`); the site passes none.
 */
export async function startJobQueue(
  database: DatabaseHandle,
  log: Logger,
  options: QueueTimings & { onlyInstance?: boolean } = {},
): Promise<JobQueue> {
  const boss = await startBoss(database, log);
  await moveJobsFromV10(database, boss, log);
  if (options.onlyInstance) await retryOrphans(database, boss, log);
  const pollSeconds = options.pollSeconds ?? POLL_SECONDS;
  const created = new Set<string>();
  const ensureQueue = async (name: string, queueOptions: QueueOptions = {}, update = false) => {
    if (created.has(name) && !update) return;
    if (queueOptions.deadLetter) await ensureQueue(queueOptions.deadLetter);
    const settings = {
      policy: queueOptions.exclusive ? ("stately" as const) : ("standard" as const),
      retryLimit: queueOptions.retryLimit ?? 5,
      retryDelay: options.retryDelaySeconds ?? queueOptions.retryDelaySeconds ?? 30,
      retryBackoff: options.retryDelaySeconds === undefined && (queueOptions.retryBackoff ?? true),
      // Finished jobs stay a week for the operator, then pg-boss deletes them.
      deleteAfterSeconds: 7 * 24 * 3600,
      ...(queueOptions.expireInSeconds ? { expireInSeconds: queueOptions.expireInSeconds } : {}),
      ...(queueOptions.deadLetter ? { deadLetter: queueOptions.deadLetter } : {}),
    };
    await untilNoStartRace(async () => {
      // Another instance starting at the same moment may create it first: then theirs is used.
      if (!(await boss.getQueue(name))) await boss.createQueue(name, settings);
      else if (update) {
        // A queue's policy is fixed when it is created (pg-boss 12 refuses to change it).
        const { policy: _policy, ...changeable } = settings;
        await boss.updateQueue(name, changeable);
      }
    });
    created.add(name);
  };
  return {
    async work(name, handler, workOptions = {}) {
      await ensureQueue(name, workOptions, true);
      await boss.work<object>(name, { pollingIntervalSeconds: pollSeconds, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) {
          // The request that queued it, if one did: its id is on every log line of the run (decision 0067).
          const { [REQUEST_ID_FIELD]: requestId, ...data } = (job.data ?? {}) as Record<string, unknown>;
          const run = async () => {
            log.debug({ job: name }, "job started");
            try {
              await handler(data as never);
            } catch (error) {
              log.error({ err: error, job: name }, "background job failed; it is retried while its retries last");
              throw error;
            }
          };
          await (typeof requestId === "string" ? inJobOfRequest(requestId, run) : run());
        }
      });
    },
    async send(name, plainData, sendOptions = {}) {
      // Queued while answering a request: the job carries its id (decision 0067).
      const requestId = currentRequestId();
      const data = requestId ? { ...plainData, [REQUEST_ID_FIELD]: requestId } : plainData;
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
    async stop(timeoutMs = 5000) {
      await boss.stop({ graceful: true, timeout: timeoutMs, close: false });
    },
  };
}
