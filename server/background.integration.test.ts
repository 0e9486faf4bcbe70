import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { consultations } from "../modules/leads/tables.ts";
import { type DatabaseHandle, openPostgres, queryRows } from "../platform/db/client.ts";
import type { JobQueue } from "../platform/jobs.ts";
import { createLogger } from "../platform/log.ts";
import { ApiClient } from "../tests/support/api-client.ts";
import { bookingDetails, createBooking } from "../tests/support/factories.ts";
import { startTestJobQueue } from "../tests/support/job-queue.ts";
import { startSmtpSink } from "../tests/support/smtp-sink.ts";
import { createTestApp } from "../tests/support/test-app.ts";
import { openTestDatabase } from "../tests/support/test-database.ts";
import { startBackgroundWork } from "./background.ts";

const log = createLogger("silent");
let database: DatabaseHandle & { url?: string };
let second: DatabaseHandle;
const queues: JobQueue[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  // The second instance opens its own connections when the database is a server.
  second = database.url ? openPostgres(database.url, { max: 3 }) : database;
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  if (second !== database) await second.close();
  await database.close();
});

it("two instances starting together send a booking's delayed mail once", async () => {
  const sink = await startSmtpSink();
  const env = { SMTP_URL: sink.url, STAFF_EMAIL: "leads@ignite.test" };
  const [a, b] = [createTestApp(database, env), createTestApp(second, env)];

  // The mail server is away when the booking is made: it is stored, its mail waits.
  const port = sink.port;
  await sink.close();
  const booked = await createBooking(
    new ApiClient(a.app),
    bookingDetails({ email: "twice.never@example.in", phoneNumber: "9000000077" }),
  );
  expect(booked.status).toBe(200);
  await a.consultations.settle();
  const back = await startSmtpSink(port);
  try {
    // Both instances start their background work at once; each queues an upkeep run at start.
    const [queueA, queueB] = await Promise.all([startTestJobQueue(database, log), startTestJobQueue(second, log)]);
    queues.push(queueA, queueB);
    await Promise.all([startBackgroundWork(queueA, a, 9, log), startBackgroundWork(queueB, b, 9, log)]);
    const mails = await back.waitFor(2, 20_000);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(["leads@ignite.test", "twice.never@example.in"]);
    // Each mail is marked sent once the mail server has taken it, a moment after the sink has it.
    const booking = async () =>
      (await database.db.select().from(consultations).where(eq(consultations.email, "twice.never@example.in")))[0];
    await expect.poll(async () => (await booking())?.staffNotifiedAt, { timeout: 10_000 }).toBeInstanceOf(Date);
    expect((await booking())?.confirmationSentAt).toBeInstanceOf(Date);
    // A second run (the other instance's start) finds nothing left to send.
    await queueB.send("upkeep", {});
    await expect.poll(upkeepRunsLeft, { timeout: 20_000 }).toBe(0);
    expect(back.messages).toHaveLength(2);
  } finally {
    await back.close();
  }
}, 60_000);

/** Upkeep runs queued or running, in the queue's own table (pg-boss 12). */
async function upkeepRunsLeft(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pgboss.job where name = 'upkeep' and state in ('created', 'retry', 'active')`,
  );
  return row?.n ?? -1;
}
