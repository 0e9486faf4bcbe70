import { afterEach, describe, expect, test } from "vitest";
import { openTestDatabase } from "../tests/support/test-database.ts";
import { type DatabaseHandle, openPostgres } from "./db/client.ts";
import { type JobQueue, startJobQueue } from "./jobs.ts";
import { createLogger } from "./log.ts";

const log = createLogger("silent");
const open: { queues: JobQueue[]; handles: DatabaseHandle[] } = { queues: [], handles: [] };

afterEach(async () => {
  for (const queue of open.queues.splice(0)) await queue.stop();
  for (const handle of open.handles.splice(0).reverse()) await handle.close();
});

async function queueOn(handle: DatabaseHandle) {
  const queue = await startJobQueue(handle, log, { retryDelaySeconds: 1 });
  open.queues.push(queue);
  return queue;
}

/** Resolves once `done()` is true, checking every 50 ms, or fails after `ms`. */
async function until(done: () => boolean, ms = 20_000) {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > ms) throw new Error("timed out waiting for the jobs");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the job queue", () => {
  test("two instances on one database handle each job exactly once", async () => {
    const database = await openTestDatabase();
    open.handles.push(database);
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
    // Give a duplicate the chance to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(Object.values(handledBy).map((instances) => instances.length)).toEqual(Array(8).fill(1));
  }, 60_000);

  test("a job queued before a restart runs after it, and a failing job is retried", async () => {
    const database = await openTestDatabase();
    open.handles.push(database);
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
});
