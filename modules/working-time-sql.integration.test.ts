import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, queryRows } from "../platform/db/client.ts";
import { openTestDatabase } from "../tests/support/test-database.ts";
import { defaultConsoleSettings, type WorkingHours } from "./console-settings.ts";
import { addWorkingTime, addWorkingTimeSql, workingMillisBetween } from "./working-time.ts";

/**
 * Due times in SQL (what the reports count with) against the TypeScript calendar (what the inbox
 * counts with): the same instant, to the millisecond, for every minute of a week and for random
 * instants, calendars and targets.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const H = 3_600_000;
const ist = (text: string) => new Date(`${text}+05:30`);
const weekdays: WorkingHours = { days: [1, 2, 3, 4, 5], start: "09:30", end: "18:30" };

/** A small deterministic generator (mulberry32), so a failure can be run again. */
function randomFrom(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The SQL due time (whole milliseconds since the epoch) of each instant, given as ISO text (microseconds allowed). */
async function dueInSql(instants: string[], amountMs: number, hours: WorkingHours): Promise<number[]> {
  const rows = await queryRows<{ due: string }>(
    database.db,
    sql`select (extract(epoch from ${addWorkingTimeSql(sql`t.at`, amountMs, hours)}) * 1000)::bigint::text as due
      from (select value::timestamptz as at, n from jsonb_array_elements_text(${JSON.stringify(instants)}::jsonb) with ordinality as e(value, n)) t
      order by t.n`,
  );
  return rows.map((r) => Number(r.due));
}

describe("due times in SQL", () => {
  it("are the inbox's on hand-counted bookings", async () => {
    const hours = defaultConsoleSettings.workingHours;
    const booked = [
      "2025-06-02T10:00",
      "2025-06-02T17:30",
      "2025-06-07T17:30",
      "2025-06-07T18:00",
      "2025-06-08T12:00",
      "2025-06-02T18:30",
    ];
    const due = await dueInSql(
      booked.map((b) => ist(b).toISOString()),
      4 * H,
      hours,
    );
    expect(due.map((ms) => new Date(ms))).toEqual(
      [
        "2025-06-02T14:00",
        "2025-06-03T12:30",
        "2025-06-09T12:30",
        "2025-06-09T13:00",
        "2025-06-09T13:30",
        "2025-06-03T13:30",
      ].map(ist),
    );
    // Friday 19:00, Monday to Friday: four working hours are done on Monday at 13:30, not Saturday morning.
    expect(await dueInSql([ist("2025-06-06T19:00").toISOString()], 4 * H, weekdays)).toEqual([ist("2025-06-09T13:30").getTime()]);
    // Nine hours from the very end of a day end at the end of the next one (not at 09:30 the day after).
    expect(await dueInSql([ist("2025-06-02T18:30").toISOString()], 9 * H, hours)).toEqual([ist("2025-06-03T18:30").getTime()]);
  });

  it("agree with addWorkingTime at every minute of a week, and a millisecond either side", async () => {
    const weekStart = ist("2025-06-01T00:00").getTime();
    const instants = Array.from({ length: 7 * 24 * 60 }, (_, m) => weekStart + m * 60_000).flatMap((at) => [at - 1, at, at + 1]);
    const cases: [WorkingHours, number][] = [
      [defaultConsoleSettings.workingHours, 4 * H],
      [weekdays, 9 * H],
      [{ days: [0, 3], start: "10:15", end: "13:45" }, 25 * H],
    ];
    for (const [hours, amount] of cases) {
      const due = await dueInSql(
        instants.map((at) => new Date(at).toISOString()),
        amount,
        hours,
      );
      const expected = instants.map((at) => addWorkingTime(new Date(at), amount, hours).getTime());
      const wrong = instants.filter((_, i) => due[i] !== expected[i]).map((at) => new Date(at).toISOString());
      expect(wrong).toEqual([]);
    }
  });

  it("agree with addWorkingTime and workingMillisBetween for 400 random bookings, calendars and targets", async () => {
    const random = randomFrom(20_260_101);
    const calendars: WorkingHours[] = [
      defaultConsoleSettings.workingHours,
      weekdays,
      { days: [0, 6], start: "10:15", end: "13:45" },
      { days: [3], start: "00:00", end: "23:59" },
      { days: [0, 1, 2, 3, 4, 5, 6], start: "08:00", end: "20:30" },
    ];
    const from2018 = Date.parse("2018-01-01T00:00:00Z");
    const span = Date.parse("2030-01-01T00:00:00Z") - from2018;
    for (const hours of calendars) {
      const amount = (1 + Math.floor(random() * 100)) * H;
      // Whole milliseconds as our Dates write them, a third on a whole minute (windows start and end on minutes),
      // and microseconds as the database's own clock writes them (truncated, as a Date reads them).
      const booked = Array.from({ length: 80 }, (_, i) => {
        const at = from2018 + Math.floor(random() * span);
        if (i % 3 === 0) return { text: new Date(at - (at % 60_000)).toISOString(), ms: at - (at % 60_000) };
        if (i % 3 === 1) return { text: new Date(at).toISOString(), ms: at };
        const micros = String(Math.floor(random() * 1000)).padStart(3, "0");
        return { text: new Date(at).toISOString().replace("Z", `${micros}Z`), ms: at };
      });
      const due = await dueInSql(
        booked.map((b) => b.text),
        amount,
        hours,
      );
      expect(due).toEqual(booked.map((b) => addWorkingTime(new Date(b.ms), amount, hours).getTime()));
      for (const [i, b] of booked.entries()) {
        expect(workingMillisBetween(new Date(b.ms), new Date(due[i] as number), hours)).toBe(amount);
        expect(workingMillisBetween(new Date(b.ms), new Date((due[i] as number) - 1), hours)).toBe(amount - 1);
      }
    }
  });
});
