import PgBoss from "pg-boss";
import type { DatabaseHandle } from "./db/client.ts";
import type { Logger } from "./log.ts";

/**
 * Background work that runs exactly once however many instances serve the site, and survives a
 * restart: a job queue in the database itself (pg-boss, decision 0021). Jobs carry plain JSON data;
 * the work they name is registered by each instance at start.
 */
export interface JobQueue {
  /**
   * Handles the jobs of `name`, one at a time in this instance; a handler that throws is retried.
   * `exclusive`: at most one run at a time across all instances, and at most one more waiting (for
   * sweeps that must not overlap, such as retrying mail).
   */
  work<T extends object>(name: string, handler: (data: T) => Promise<void>, options?: { exclusive?: boolean }): Promise<void>;
  /** Queues a job; it runs once, on whichever instance takes it first, retried if it fails. */
  send(name: string, data: object): Promise<void>;
  /** Runs `name` on a cron schedule in IST; only one instance starts each run. */
  every(name: string, cron: string): Promise<void>;
  /** Stops taking jobs and waits (up to a few seconds) for the running ones. */
  stop(): Promise<void>;
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

/** Starts the queue on the site's database (PGlite or PostgreSQL): creates or migrates its schema first. */
export async function startJobQueue(
  database: DatabaseHandle,
  log: Logger,
  options: { retryDelaySeconds?: number } = {},
): Promise<JobQueue> {
  const boss = await startBoss(database, log);
  const created = new Set<string>();
  const ensureQueue = async (name: string, exclusive = false) => {
    if (created.has(name)) return;
    await untilNoStartRace(async () => {
      // Another instance starting at the same moment may create it first: then theirs is used.
      if (await boss.getQueue(name)) return;
      await boss.createQueue(name, {
        name,
        policy: exclusive ? "stately" : "standard",
        retryLimit: 5,
        retryDelay: options.retryDelaySeconds ?? 30,
        retryBackoff: true,
      });
    });
    created.add(name);
  };
  return {
    async work(name, handler, workOptions = {}) {
      await ensureQueue(name, workOptions.exclusive);
      await boss.work<object>(name, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data as never);
          } catch (error) {
            log.error({ err: error, job: name }, "background job failed; it will be retried");
            throw error;
          }
        }
      });
    },
    async send(name, data) {
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
