import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../platform/config.ts";
import { type DatabaseHandle, openPostgres, WAIT_NOTICE_MS } from "../platform/db/client.ts";
import { createLogger } from "../platform/log.ts";
import { openScratchPostgres } from "../tests/support/test-database.ts";
import { prepareDatabase } from "./startup.ts";

// Two instances starting on one PostgreSQL database take turns to migrate and seed (an advisory lock). The
// one that waits says so in its log, so an operator whose instance is not up yet reads why.
let first: DatabaseHandle & { url: string };
let second: DatabaseHandle;
beforeAll(async () => {
  first = await openScratchPostgres();
  second = openPostgres(first.url, { max: 2 });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

describe("the start-up lock on PostgreSQL", () => {
  it("an instance waiting for another's migrations logs that it waits, and how long, then starts", async () => {
    const lines: { msg: string; waitedMs?: number; level: number }[] = [];
    const log = createLogger(
      "info",
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    );
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = () => {};
    const taken = new Promise<void>((resolve) => {
      holding = resolve;
    });
    // The first instance is in the middle of its migrations.
    const migrating = first.exclusively(async () => {
      holding();
      await held;
    });
    await taken;
    const starting = prepareDatabase(loadConfig({ SEED: "none" }), second, log);
    await expect
      .poll(() => lines.find((line) => /waiting for another instance/.test(line.msg)), { timeout: 3 * WAIT_NOTICE_MS })
      .toBeTruthy();
    const notice = lines.find((line) => /waiting for another instance/.test(line.msg));
    expect(notice).toMatchObject({ level: 40, msg: expect.stringContaining("migrating and seeding") });
    expect(notice?.waitedMs).toBeGreaterThanOrEqual(WAIT_NOTICE_MS);
    expect(lines.some((line) => line.msg === "data prepared")).toBe(false);
    release();
    await migrating;
    await starting;
    expect(lines.some((line) => line.msg === "data prepared")).toBe(true);
  }, 30_000);
});
