import { sql } from "drizzle-orm";
import PgBoss10 from "pg-boss-10";
import { afterEach, expect, test } from "vitest";
import { startTestJobQueue } from "../tests/support/job-queue.ts";
import { openTestDatabase } from "../tests/support/test-database.ts";
import { type DatabaseHandle, queryRows } from "./db/client.ts";
import type { JobQueue } from "./jobs.ts";
import { createLogger } from "./log.ts";

const log = createLogger("silent");
const open: { queues: JobQueue[]; handles: DatabaseHandle[] } = { queues: [], handles: [] };

afterEach(async () => {
  for (const queue of open.queues.splice(0)) await queue.stop();
  for (const handle of open.handles.splice(0)) await handle.close();
});

/** Resolves once `done()` is true, checking every 50 ms, or fails after `ms`. */
async function until(done: () => boolean | Promise<boolean>, ms = 20_000) {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > ms) throw new Error("timed out waiting for the jobs");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Decision 0033: pg-boss 11 rewrote its tables and has no migration from pg-boss 10's. A database
 * whose queue was written by pg-boss 10 (the release before this one) keeps every queued job.
 */
test("jobs queued by pg-boss 10 are run by pg-boss 12 after the upgrade, none lost, none twice", async () => {
  const database = await openTestDatabase();
  open.handles.push(database);
  /** Whether no job of these queues is due to run or running. */
  const nothingDue = async () => {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pgboss.job where name like 'upgrade-%'
            and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
    );
    return row?.n === 0;
  };

  // Yesterday's server: pg-boss 10 creates its tables and queues, and jobs are left in every state.
  const old = new PgBoss10({ db: { executeSql: (text, values) => database.executeSql(text, values) }, schema: "pgboss" });
  await old.start();
  await old.createQueue("upgrade-mail", { name: "upgrade-mail", policy: "stately", retryLimit: 3, retryDelay: 1 });
  await old.createQueue("upgrade-import-failed", { name: "upgrade-import-failed" });
  await old.createQueue("upgrade-import", { name: "upgrade-import", deadLetter: "upgrade-import-failed", retryDelay: 1 });
  await old.createQueue("upgrade-done", { name: "upgrade-done" });
  await old.createQueue("upgrade-retry", { name: "upgrade-retry", retryLimit: 2, retryDelay: 1 });
  await old.send("upgrade-mail", { to: "student@example.in" });
  await old.send("upgrade-import", { step: 1 });
  await old.send("upgrade-import", { step: 2 });
  const later = await old.send("upgrade-import", { step: 3 }, { startAfter: 3600 });
  await old.send("upgrade-done", { finished: true });
  const [done] = await old.fetch("upgrade-done");
  await old.complete("upgrade-done", done?.id ?? "");
  await old.send("upgrade-retry", { attempt: "second" });
  const [failedOnce] = await old.fetch("upgrade-retry");
  await old.fail("upgrade-retry", failedOnce?.id ?? "", { message: "the mail server was away" });
  const before = await queryRows<{ name: string; state: string }>(
    database.db,
    sql`select name, state::text from pgboss.job where name like 'upgrade-%' order by name`,
  );
  expect(before.map((j) => `${j.name}:${j.state}`).sort()).toEqual([
    "upgrade-done:completed",
    "upgrade-import:created",
    "upgrade-import:created",
    "upgrade-import:created",
    "upgrade-mail:created",
    "upgrade-retry:retry",
  ]);
  await old.stop({ graceful: false, close: false, wait: true });

  // Today's server starts on the same database: pg-boss 12, which moves the queued jobs over.
  const queue = await startTestJobQueue(database, log);
  open.queues.push(queue);
  const ran: string[] = [];
  await queue.work<{ to: string }>("upgrade-mail", async (data) => void ran.push(`mail ${data.to}`), { exclusive: true });
  await queue.work<{ step: number }>("upgrade-import", async (data) => void ran.push(`import ${data.step}`));
  await queue.work<{ attempt: string }>("upgrade-retry", async (data) => void ran.push(`retry ${data.attempt}`));
  await queue.work<object>("upgrade-done", async () => void ran.push("done again"));
  await until(() => ran.length >= 4);
  // Before counting, no job is due or running (the one delayed by an hour aside) and the queue has
  // stopped: a job moved twice, or one that had finished, has had every chance to run.
  await until(nothingDue);
  await queue.stop();
  open.queues.splice(0);
  expect(ran.sort()).toEqual(["import 1", "import 2", "mail student@example.in", "retry second"]);

  // The delayed job keeps its id and its time; the queues keep their policy and dead letter.
  const [waiting] = await queryRows<{ id: string; state: string; hours: number }>(
    database.db,
    sql`select id::text, state::text, extract(epoch from start_after - now()) / 3600 as hours from pgboss.job where name = 'upgrade-import' and state = 'created'`,
  );
  expect(waiting?.id).toBe(later);
  expect(Number(waiting?.hours)).toBeGreaterThan(0.9);
  const queues = await queryRows<{ name: string; policy: string; dead_letter: string | null }>(
    database.db,
    sql`select name, policy, dead_letter from pgboss.queue where name like 'upgrade-%' order by name`,
  );
  expect(queues.find((q) => q.name === "upgrade-mail")?.policy).toBe("stately");
  expect(queues.find((q) => q.name === "upgrade-import")?.dead_letter).toBe("upgrade-import-failed");
  // pg-boss 10's tables are gone, and pg-boss 12's schema is current.
  const leftover = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pg_namespace where nspname = 'pgboss_v10'`,
  );
  expect(leftover[0]?.n).toBe(0);
  const [version] = await queryRows<{ version: number }>(
    database.db,
    sql`select max(version)::int as version from pgboss.version`,
  );
  expect(version?.version).toBeGreaterThanOrEqual(25);

  // A later start finds nothing to move and runs nothing twice.
  const again = await startTestJobQueue(database, log);
  open.queues.push(again);
  await again.work<{ step: number }>("upgrade-import", async (data) => void ran.push(`import ${data.step}`));
  await until(nothingDue);
  await again.stop();
  expect(ran).toHaveLength(4);
}, 90_000);
