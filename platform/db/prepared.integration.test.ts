import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffService } from "../../modules/console/console.ts";
import { createIdentityService } from "../../modules/identity/identity.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createStudent, type Student } from "../../tests/support/factories.ts";
import { countingQueries } from "../../tests/support/query-count.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { createLogger } from "../log.ts";
import { createMailer } from "../mail/mailer.ts";
import { createDatabaseRateLimiter } from "../rate-limit.ts";
import type { DatabaseHandle } from "./client.ts";
import { preparedRead } from "./prepared.ts";

/**
 * The reads every signed-in page makes, built once (decision 0110): a session's student or staff member
 * is one query that reads no password hash, and a prepared read is built once per database, never inside
 * a caller's transaction. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
let database: DatabaseHandle & { url?: string };
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let counting: ReturnType<typeof countingQueries>;
let student: Student;
let dataDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "ignite-prepared-"));
  testApp = createTestApp(database, { DATA_DIR: dataDir });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "prepared-reads.test");
  student = await createStudent(api, { name: "सुनीता देशपांडे" });
  counting = countingQueries(database);
}, 60_000);

afterAll(async () => {
  await counting?.close();
  await testApp?.close();
  await database?.close();
});

describe("a session's person", () => {
  it("a student's session and its student are one query that reads no password hash", async () => {
    const identity = createIdentityService({
      db: counting.handle.db,
      // No mail is sent here: a session is only read.
      mailer: createMailer({ from: "Ignite <no-reply@ignite.example>", dataDir, log: createLogger("silent") }),
      limiter: createDatabaseRateLimiter(counting.handle.db),
      log: createLogger("silent"),
      siteAddress: "https://ignite.example",
    });
    const first = await counting.during(() => identity.studentForSession(student.sessionToken));
    expect(first.result).toEqual({
      studentId: student.studentId,
      fullName: "सुनीता देशपांडे",
      email: student.email,
      phone: "+919876543210",
    });
    const again = await counting.during(() => identity.studentForSession(student.sessionToken));
    expect(again.result?.studentId).toBe(student.studentId);
    for (const { queries } of [first, again]) {
      expect(queries).toHaveLength(1);
      expect(queries[0]).not.toMatch(/password_hash/);
    }
    // A token that is no session's is none, and an empty or overlong one is not even looked up.
    expect(await identity.studentForSession(`${student.sessionToken}x`)).toBeNull();
    const refused = await counting.during(async () => [
      await identity.studentForSession(""),
      await identity.studentForSession("x".repeat(500)),
    ]);
    expect(refused).toEqual({ result: [null, null], queries: [] });
  });

  it("a staff member's session is one query that reads no password hash", async () => {
    const staff = createStaffService({
      db: counting.handle.db,
      limiter: createDatabaseRateLimiter(counting.handle.db),
      log: createLogger("silent"),
      siteAddress: "https://ignite.example",
    });
    const token = decodeURIComponent(team.asha.cookie.split("=")[1] ?? "");
    const read = await counting.during(() => staff.team.forSession(token));
    expect(read.result).toMatchObject({ email: team.asha.email, fullName: "Asha Rao", role: "counsellor" });
    expect(read.queries).toHaveLength(1);
    expect(read.queries[0]).not.toMatch(/password_hash/);
  });
});

describe("preparedRead", () => {
  it("builds a read once per database, and a transaction's read runs in the transaction", async () => {
    let builds = 0;
    const sessionsOf = preparedRead((db) => {
      builds += 1;
      return db
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`sessions`)
        .where(sql`student_id = ${sql.placeholder("studentId")}`)
        .prepare("test_sessions_of");
    });
    const [before] = await sessionsOf(database.db).execute({ studentId: student.studentId });
    expect(before?.n).toBe(1);
    await sessionsOf(database.db).execute({ studentId: student.studentId });
    expect(builds).toBe(1);
    // Inside a transaction that has signed the student in once more, the transaction's own read sees it.
    await database.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`insert into sessions (token_hash, student_id, created_at, expires_at, last_seen_at, device)
            values ('prepared-read-test', ${student.studentId}, now(), now() + interval '1 day', now(), 'test')`,
        );
        const [inside] = await sessionsOf(tx).execute({ studentId: student.studentId });
        expect(inside?.n).toBe(2);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === "Rollback")) throw error;
      });
    expect(builds).toBe(2);
    const [after] = await sessionsOf(database.db).execute({ studentId: student.studentId });
    expect(after?.n).toBe(1);
  });
});
