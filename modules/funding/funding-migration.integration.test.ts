import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, type DatabaseHandle, openPglite, queryRows } from "../../platform/db/client.ts";
import { openScratchPostgres } from "../../tests/support/test-database.ts";
import { fundingPlanOf } from "./funding.ts";

/**
 * Migration 0040 (decision 0079) moves the sources of money each student kept on their visa plans into
 * their one funding plan. A database as it stood at 0039, holding visa plans as families filled them in
 * (amounts in rupees and in foreign currencies, several sources, two plans, none), is migrated to today,
 * and each student's funding plan is what their newest plan with sources said. PGlite, and PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
const migrations = path.resolve(import.meta.dirname, "../../drizzle");
const folders: string[] = [];
let database: DatabaseHandle;
let pool: pg.Pool | undefined;
/** Runs the migrations of `folder` not yet run, with drizzle's own migrator as the server does. */
let migrateWith: (folder: string) => Promise<void>;

/** A copy of the migrations whose journal stops at `lastTag`: the database as a release that ended there left it. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "ignite-migrations-"));
  folders.push(folder);
  cpSync(migrations, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await openScratchPostgres({ migrate: false });
    database = scratch;
    pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    const db = drizzlePg({ client: pool });
    migrateWith = (folder) => migratePg(db, { migrationsFolder: folder });
  } else {
    const pglite = openPglite("memory://");
    database = pglite;
    const db = drizzlePglite({ client: pglite.client });
    migrateWith = (folder) => migratePglite(db, { migrationsFolder: folder });
  }
  await migrateWith(migrationsUpTo("0039_loans_and_departure"));
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await database?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const one = async <T>(db: Database, query: ReturnType<typeof sql>) => (await queryRows<T>(db, query))[0] as T;

/** A student of the 0039 schema (the columns it asked for), their id. */
async function student(db: Database, fullName: string, email: string): Promise<number> {
  return (
    await one<{ id: number }>(
      db,
      sql`insert into students (email, full_name, phone, password_hash) values (${email}, ${fullName}, '9876543210', 'not-a-hash') returning id`,
    )
  ).id;
}

/** A visa plan as the 0039 funds form saved it (`funds`: the sources and the apply day), made `daysAgo`. */
async function visaPlan(
  db: Database,
  where: { studentId: number; courseId: number; countryId: number },
  funds: Record<string, unknown>,
  daysAgo: number,
): Promise<number> {
  const application = await one<{ id: number }>(
    db,
    sql`insert into applications (student_id, course_id, status) values (${where.studentId}, ${where.courseId}, 'Visa applied') returning id`,
  );
  return (
    await one<{ id: number }>(
      db,
      sql`insert into visa_plans (application_id, student_id, country_id, funds, created_at)
          values (${application.id}, ${where.studentId}, ${where.countryId}, ${JSON.stringify(funds)}::jsonb,
                  now() - make_interval(days => ${daysAgo}))
          returning id`,
    )
  ).id;
}

describe("migration 0040 on a database from the release before it", () => {
  it("gives each student the sources of their newest visa plan with sources, and none to a student with none", async () => {
    const { db } = database;
    const country = await one<{ id: number }>(
      db,
      sql`insert into countries (name, slug, code, currency) values ('United Kingdom', 'united-kingdom', 'gb', 'GBP') returning id`,
    );
    const university = await one<{ id: number }>(
      db,
      sql`insert into universities (name, city, country_id, type) values ('University of Leeds', 'Leeds', ${country.id}, 'Public') returning id`,
    );
    const course = await one<{ id: number }>(
      db,
      sql`insert into courses (university_id, name, level, duration_months, fee_amount, fee_currency, fee_period, mode)
          values (${university.id}, 'MSc Data Science', 'Masters', 12, 29500, 'GBP', 'year', 'Full-time') returning id`,
    );
    const at = (studentId: number) => ({ studentId, courseId: course.id, countryId: country.id });

    // A family's money in rupees, three sources, a Devanagari name: savings proved by a statement, a loan, a sponsor.
    const priya = await student(db, "प्रिया देशपांडे", "priya.deshpande@example.in");
    const priyasSources = [
      { kind: "family-savings", amount: 2_500_000, currency: "INR", heldSince: "2026-03-01", statementDate: "2026-10-28" },
      { kind: "education-loan", amount: 4_000_000, currency: "INR", heldSince: null, statementDate: "2026-11-02" },
      { kind: "sponsor", amount: 500_000, currency: "INR", heldSince: null, statementDate: null },
    ];
    await visaPlan(db, at(priya), { sources: priyasSources, applyOn: "2027-07-15" }, 20);
    // Two plans: the newer one's sources are what the student had last (a scholarship in pounds, euros blocked).
    const rohan = await student(db, "Rohan Iyer", "rohan.iyer@example.in");
    await visaPlan(db, at(rohan), { sources: [{ kind: "scholarship", amount: 10_000, currency: "GBP" }], applyOn: null }, 60);
    const rohansSources = [
      { kind: "scholarship", amount: 12_500, currency: "GBP", heldSince: null, statementDate: null },
      { kind: "blocked-account", amount: 11_904, currency: "EUR", heldSince: "2026-09-01", statementDate: "2026-11-01" },
    ];
    await visaPlan(db, at(rohan), { sources: rohansSources, applyOn: "2027-08-01" }, 5);
    // Money abroad only, in dollars: an uncle in the United States and savings in Canada.
    const meera = await student(db, "मीरा ज़ैदी", "meera.zaidi@example.in");
    const meerasSources = [
      { kind: "sponsor", amount: 45_000, currency: "USD", heldSince: "2025-11-20", statementDate: "2026-11-20" },
      { kind: "family-savings", amount: 20_635, currency: "CAD", heldSince: null, statementDate: "2026-11-15" },
    ];
    await visaPlan(db, at(meera), { sources: meerasSources, applyOn: null }, 10);
    // A newer plan opened but its funds not yet filled in: the older plan's sources are still theirs.
    const kabir = await student(db, "Kabir Shaikh", "kabir.shaikh@example.in");
    const kabirsSources = [{ kind: "family-savings", amount: 3_200_000, currency: "INR", heldSince: null, statementDate: null }];
    await visaPlan(db, at(kabir), { sources: kabirsSources, applyOn: "2027-06-30" }, 30);
    await visaPlan(db, at(kabir), { sources: [], applyOn: "2027-07-10" }, 2);
    // A plan with only an apply day, and a student with no visa plan at all: no funding plan for either.
    const ananya = await student(db, "अनन्या राव", "ananya.rao@example.in");
    await visaPlan(db, at(ananya), { applyOn: "2027-07-01" }, 3);
    const nikhil = await student(db, "Nikhil Menon", "nikhil.menon@example.in");

    await migrateWith(migrations);

    const withProof = (sources: Record<string, unknown>[]) =>
      sources.map((s) => ({ heldSince: null, statementDate: null, ...s, proof: null }));
    expect((await fundingPlanOf(db, priya)).sources).toEqual(withProof(priyasSources));
    expect((await fundingPlanOf(db, rohan)).sources).toEqual(withProof(rohansSources));
    expect((await fundingPlanOf(db, meera)).sources).toEqual(withProof(meerasSources));
    expect((await fundingPlanOf(db, kabir)).sources).toEqual(withProof(kabirsSources));
    for (const none of [ananya, nikhil]) expect(await fundingPlanOf(db, none)).toEqual({ sources: [], updatedAt: null });

    // The visa plans keep their apply day and no sources of their own any more.
    const plans = await queryRows<{ student_id: number; funds: Record<string, unknown> }>(
      db,
      sql`select student_id, funds from visa_plans order by id`,
    );
    expect(plans.filter((p) => "sources" in p.funds)).toEqual([]);
    expect(plans.filter((p) => p.student_id === priya).map((p) => p.funds)).toEqual([{ applyOn: "2027-07-15" }]);
    expect(plans.filter((p) => p.student_id === kabir).map((p) => p.funds)).toEqual([
      { applyOn: "2027-06-30" },
      { applyOn: "2027-07-10" },
    ]);
  });
});
