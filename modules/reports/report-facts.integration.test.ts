import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { defaultConsoleSettings } from "../console-settings.ts";
import { ensureReportFacts } from "./report-facts.ts";
import { spanOf } from "./reports.ts";

/**
 * The reports' kept-up-to-date facts (decision 0023): whatever happens to leads, applications and
 * their events, through any code path, the rows and monthly counts the triggers keep are exactly what
 * a rebuild from scratch gives.
 */

let database: DatabaseHandle;
const DAY = 86_400_000;
const rows = async <T = Record<string, unknown>>(query: SQL) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const one = async (query: SQL) => Number(Object.values((await rows(query))[0] ?? {})[0]);

/** A small deterministic generator, so a failure can be replayed. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T,
  };
}

async function snapshot() {
  return {
    leads: await rows(sql`select * from report_leads order by consultation_id`),
    stays: await rows(sql`select * from report_stays order by event_id`),
    funnel: await rows(sql`select * from report_funnel_months where leads <> 0 order by month, grouping, key, level, missed`),
    stayMonths: await rows(sql`select * from report_stay_months where stays <> 0 order by month, stage, tenths`),
    outcomes: await rows(sql`select * from report_outcomes order by application_id, month, outcome`),
    outcomeMonths: await rows(sql`select * from report_outcome_months where applications <> 0 order by month, outcome`),
  };
}

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("the reports' kept-up-to-date facts", () => {
  it("equal a rebuild from scratch after leads, applications and events change in every way", async () => {
    const random = randomFrom(20261123);
    const [staffA, staffB] = (
      await rows<{ id: number }>(sql`insert into staff (email, full_name, role, password_hash)
        values ('a@facts.test', 'A', 'counsellor', 'x'), ('b@facts.test', 'B', 'counsellor', 'x') returning id`)
    ).map((r) => r.id);
    const courseId = await one(sql`select id from courses order by id limit 1`);
    const now = Date.now();
    const lead = async () =>
      one(sql`insert into consultations (first_name, last_name, phone_number, email, study_destination, type_of_study,
          preferred_subject, assigned_staff_id, source, created_at)
        values ('F', 'L', '+919876543210', 'f@facts.test', ${random.pick(["Germany", "France", "Ireland"])}, 'Masters', 'Business',
          ${random.pick([staffA, staffB, null])}, ${random.pick(["Website form", "Phone"])},
          ${new Date(now - random.int(120) * DAY - random.int(DAY)).toISOString()}::timestamptz)
        returning id`);

    // Some data before the facts are built (the rebuild path), then the facts, then changes (the triggers).
    for (let i = 0; i < 5; i++) await lead();
    expect(await ensureReportFacts(database.db, defaultConsoleSettings)).toBe(true);
    expect(await one(sql`select count(*) from report_leads`)).toBe(5);

    const leads: number[] = [];
    for (let i = 0; i < 30; i++) leads.push(await lead());
    const applicationIds: number[] = [];
    const stages = [
      "Shortlisted",
      "Ready to submit",
      "Submitted",
      "Conditional offer",
      "Offer accepted",
      "Visa applied",
      "Visa granted",
      "Enrolled",
    ];
    for (const [i, id] of leads.entries()) {
      const booked = new Date(
        (await rows<{ created_at: string }>(sql`select created_at from consultations where id = ${id}`))[0]?.created_at ?? now,
      );
      if (i % 5 === 0) continue; // still New
      const contacted = new Date(booked.getTime() + random.int(3 * DAY));
      await database.db.execute(
        sql`update consultations set status = 'Contacted', first_contacted_at = ${contacted.toISOString()}::timestamptz where id = ${id}`,
      );
      if (i % 3 !== 0) continue;
      const studentId = await one(sql`insert into students (email, full_name, phone, password_hash, counsellor_staff_id)
        values (${`s${id}@facts.test`}, 'S', '+919876543210', 'x', ${random.pick([staffA, staffB])}) returning id`);
      await database.db.execute(sql`update consultations set status = 'Converted', student_id = ${studentId} where id = ${id}`);
      for (let a = 0; a < 1 + random.int(2); a++) {
        const applicationId = await one(sql`insert into applications (student_id, course_id, intake_month, intake_year)
          values (${studentId}, ${courseId}, ${1 + random.int(12)}, ${2027 + random.int(2)}) returning id`);
        applicationIds.push(applicationId);
        let at = contacted.getTime() + random.int(5 * DAY);
        // The first application goes all the way to Enrolled; the others stop somewhere.
        const reached = applicationIds.length === 1 ? stages.length : 1 + random.int(stages.length);
        for (const stage of stages.slice(0, reached)) {
          await database.db.execute(sql`insert into application_events (application_id, to_status, actor_label, at)
            values (${applicationId}, ${stage}, 'test', ${new Date(Math.min(at, now)).toISOString()}::timestamptz)`);
          at += random.int(20 * DAY);
        }
      }
    }
    // Edits of every kind the triggers follow.
    const someEvents = await rows<{ id: number; application_id: number }>(
      sql`select id, application_id from application_events order by id`,
    );
    for (const event of someEvents.filter((_, i) => i % 4 === 0))
      await database.db.execute(sql`update application_events set at = at - interval '36 hours' where id = ${event.id}`);
    for (const event of someEvents.filter((_, i) => i % 7 === 3))
      await database.db.execute(sql`delete from application_events where id = ${event.id}`);
    await database.db.execute(
      sql`update applications set intake_month = 1, intake_year = 2029 where id = ${applicationIds[0] ?? 0}`,
    );
    await database.db.execute(sql`delete from applications where id = ${applicationIds[1] ?? 0}`);
    await database.db.execute(sql`update consultations set merged_into_id = ${leads[1] ?? 0} where id = ${leads[2] ?? 0}`);
    await database.db.execute(
      sql`update consultations set study_destination = 'Spain', assigned_staff_id = ${staffB} where id = ${leads[3] ?? 0}`,
    );
    await database.db.execute(
      sql`update consultations set created_at = created_at - interval '40 days' where id = ${leads[4] ?? 0}`,
    );
    await database.db.execute(sql`delete from consultations where id = ${leads[7] ?? 0}`);
    // A student handed to another counsellor: their stays and outcomes follow.
    await database.db.execute(sql`update students set counsellor_staff_id = ${staffB}
      where id = (select student_id from applications where id = ${applicationIds[0] ?? 0})`);
    await database.db.execute(sql`update students set counsellor_staff_id = ${staffA}
      where id = (select student_id from applications where id = ${applicationIds[3] ?? 0})`);
    const aStudent = await one(sql`select student_id from applications where id = ${applicationIds[2] ?? 0}`);
    await database.db.execute(sql`delete from students where id = ${aStudent}`);

    const kept = await snapshot();
    expect(kept.leads.length).toBe(33); // 35 booked, one merged away, one deleted
    expect(kept.stays.length).toBeGreaterThan(10);
    expect(kept.outcomes.length).toBeGreaterThan(3);
    expect(new Set(kept.leads.map((l) => Number(l.level)))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
    await database.db.execute(sql`select report_rebuild()`);
    expect(await snapshot()).toEqual(kept);
  });

  it("are rebuilt once for new working hours or target, and not again for the same ones", async () => {
    expect(await ensureReportFacts(database.db, defaultConsoleSettings)).toBe(false);
    const weekdays = { ...defaultConsoleSettings, workingHours: { days: [1, 2, 3, 4, 5], start: "09:30", end: "18:30" } };
    expect(await ensureReportFacts(database.db, weekdays)).toBe(true);
    expect(await ensureReportFacts(database.db, weekdays)).toBe(false);
    expect(await ensureReportFacts(database.db, { ...weekdays, firstResponseHours: 8 })).toBe(true);
    expect(await ensureReportFacts(database.db, defaultConsoleSettings)).toBe(true);
  });
});

describe("a report's range in whole months and days", () => {
  it("takes the whole IST months inside the range from the monthly counts and leaves the days at either end", () => {
    expect(spanOf({ from: "2026-01-15", to: "2026-04-10" })).toEqual({
      start: "2026-01-14T18:30:00.000Z",
      end: "2026-04-10T18:30:00.000Z",
      wholeMonths: { first: "2026-02", last: "2026-03", start: "2026-01-31T18:30:00.000Z", end: "2026-03-31T18:30:00.000Z" },
    });
    expect(spanOf({ from: "2025-12-01", to: "2026-11-30" }).wholeMonths).toEqual({
      first: "2025-12",
      last: "2026-11",
      start: "2025-11-30T18:30:00.000Z",
      end: "2026-11-30T18:30:00.000Z",
    });
    expect(spanOf({ from: "2026-02-01", to: "2026-02-28" }).wholeMonths?.first).toBe("2026-02");
    expect(spanOf({ from: "2026-02-02", to: "2026-02-28" }).wholeMonths).toBeUndefined();
    expect(spanOf({ from: "2026-01-31", to: "2026-02-27" }).wholeMonths).toBeUndefined();
  });
});
