import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { startTestJobQueue } from "../tests/support/job-queue.ts";
import { openTestDatabase } from "../tests/support/test-database.ts";
import { type DatabaseHandle, openPostgres, queryRows } from "./db/client.ts";
import type { JobQueue } from "./jobs.ts";
import { createLogger } from "./log.ts";

const log = createLogger("silent");
const open: { queues: JobQueue[]; handles: DatabaseHandle[] } = { queues: [], handles: [] };

afterEach(async () => {
  for (const queue of open.queues.splice(0)) await queue.stop();
  for (const handle of open.handles.splice(0).reverse()) await handle.close();
});

async function queueOn(handle: DatabaseHandle) {
  const queue = await startTestJobQueue(handle, log);
  open.queues.push(queue);
  return queue;
}

/** Resolves once `done()` is true, checking every 50 ms, or fails after `ms`. */
async function until(done: () => boolean | Promise<boolean>, ms = 20_000) {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > ms) throw new Error("timed out waiting for the jobs");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether every job of `name` has ended: none is waiting, due for a retry or running. */
async function allEnded(database: DatabaseHandle, name: string) {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pgboss.job where name = ${name} and state in ('created', 'retry', 'active')`,
  );
  return row?.n === 0;
}

describe("the job queue", () => {
  // One database for these tests, each with queues of its own names: the queue's schema is installed once.
  let database: DatabaseHandle & { url?: string };
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  test("two instances on one database handle each job exactly once", async () => {
    // A second instance has its own connections when the database is a server; PGlite is one process.
    const second = database.url ? openPostgres(database.url, { max: 2 }) : database;
    if (second !== database) open.handles.push(second);
    const [a, b] = [await queueOn(database), await queueOn(second)];
    const handledBy: Record<number, string[]> = {};
    const handler = (instance: string) => async (data: { n: number }) => {
      handledBy[data.n] = [...(handledBy[data.n] ?? []), instance];
    };
    await a.work("test.count", handler("a"));
    await b.work("test.count", handler("b"));
    for (let n = 0; n < 8; n += 1) await (n % 2 ? a : b).send("test.count", { n });
    await until(() => Object.keys(handledBy).length === 8);
    // Before counting, every job has ended (none is left to run again) and both instances have stopped
    // (a run already taken has finished): a duplicate has had every chance to show up.
    await until(() => allEnded(database, "test.count"));
    await a.stop();
    await b.stop();
    expect(Object.values(handledBy).map((instances) => instances.length)).toEqual(Array(8).fill(1));
  }, 60_000);

  test("a job queued before a restart runs after it, and a failing job is retried", async () => {
    const before = await queueOn(database);
    await before.send("test.survives", { note: "sent before the restart" });
    await before.stop();
    open.queues.splice(open.queues.indexOf(before), 1);

    const after = await queueOn(database);
    const seen: string[] = [];
    let attempts = 0;
    await after.work("test.survives", async (data: { note: string }) => {
      seen.push(data.note);
    });
    await after.work("test.flaky", async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("the mail server did not answer");
    });
    await after.send("test.flaky", {});
    await until(() => seen.length === 1);
    expect(seen).toEqual(["sent before the restart"]);
    await until(() => attempts === 2);
  }, 90_000);

  test("a job sent inside a transaction is queued only if that transaction commits", async () => {
    const queue = await queueOn(database);
    const seen: string[] = [];
    await queue.work("test.within", async (data: { note: string }) => {
      seen.push(data.note);
    });
    await database.db
      .transaction(async (tx) => {
        await queue.send("test.within", { note: "rolled back" }, { within: tx });
        throw new Error("the change it went with failed");
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await queue.send("test.within", { note: "committed" }, { within: tx });
    });
    await until(() => seen.length === 1);
    expect(seen).toEqual(["committed"]);
    const jobs = await queryRows<{ note: string }>(
      database.db,
      sql`select data->>'note' as note from pgboss.job where name = 'test.within'`,
    );
    expect(jobs).toEqual([{ note: "committed" }]);
  }, 60_000);

  test("on a database of its own, a job left running by a process that stopped is retried at the next start", async () => {
    const before = await queueOn(database);
    let started = false;
    let release: () => void = () => undefined;
    // The process hangs in the middle of the job, as if killed: the job stays active.
    await before.work("test.cut-off", async () => {
      started = true;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await before.send("test.cut-off", {});
    await until(() => started);

    const after = await startTestJobQueue(database, log, { onlyInstance: true });
    open.queues.unshift(after);
    let finished = false;
    await after.work("test.cut-off", async () => {
      finished = true;
    });
    await until(() => finished);
    // The hung run ends only now, so that stopping its queue need not wait out its grace period.
    release();
  }, 60_000);
});

test("pg-boss 12 reports no error of its own while it starts and runs (its background upkeep reads every statement's rows)", async () => {
  const database = await openTestDatabase();
  open.handles.push(database);
  const errors: string[] = [];
  const watching = createLogger("error", { write: (line: string) => void errors.push(line) });
  const queue = await startTestJobQueue(database, watching);
  open.queues.push(queue);
  const ran: number[] = [];
  await queue.work<{ n: number }>("watched", async (data) => void ran.push(data.n));
  await queue.send("watched", { n: 1 });
  await until(() => ran.length === 1);
  // pg-boss's background migrations poll at start: once their first poll has stamped its time, stopping
  // waits for that poll, claim included, to end.
  await until(async () => {
    const [row] = await queryRows<{ stamped: boolean }>(
      database.db,
      sql`select bam_on is not null as stamped from pgboss.version`,
    );
    return row?.stamped === true;
  });
  await queue.stop();
  expect(errors).toEqual([]);
}, 60_000);
