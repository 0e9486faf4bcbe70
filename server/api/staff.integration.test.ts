import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staff } from "../../modules/staff/tables.ts";
import { auditLog } from "../../modules/tables.ts";
import { type DatabaseHandle, openPglite } from "../../platform/db/client.ts";
import { ApiClient, cookiesNamed } from "../../tests/support/api-client.ts";
import { compiledProgram } from "../../tests/support/compiled.ts";
import { createStudent } from "../../tests/support/factories.ts";
import { createStaffMember } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { copyTemplateInto, openTestDatabase } from "../../tests/support/test-database.ts";

let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
const ADMIN = { email: "admin@ignite.test", password: "admin-Secret-long-1" };

beforeAll(async () => {
  database = await openTestDatabase();
  testApp = createTestApp(database);
  api = new ApiClient(testApp.app);
  await testApp.staff.team.ensureAdmin(ADMIN);
});
afterAll(() => database.close());

/** Signs a staff member in; answers the cookie pair to send. */
async function staffSignIn(email: string, password: string): Promise<string> {
  const answer = await api.post("/api/v1/staff/session", { email, password });
  expect(answer.status, answer.text).toBe(200);
  const [cookie] = cookiesNamed(answer, "ignite_staff");
  expect(cookie?.attributes.has("httponly")).toBe(true);
  expect(cookie?.attributes.get("samesite")).toBe("Strict");
  return cookie?.pair ?? "";
}

const auditOf = (subjectId: number) =>
  database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subjectId, String(subjectId)))
    .orderBy(auditLog.id);

describe("staff accounts", () => {
  it("ADMIN_EMAIL and ADMIN_PASSWORD make an admin who can sign in; a second start updates it; the audit log says so without the password", async () => {
    const admin = await staffSignIn(ADMIN.email, ADMIN.password);
    const me = await api.get("/api/v1/staff/me", { cookie: admin });
    expect(me.body.data).toMatchObject({ email: ADMIN.email, role: "admin" });
    expect(await testApp.staff.team.ensureAdmin({ ...ADMIN, password: "admin-Secret-long-2" })).toBe("updated");
    expect((await api.post("/api/v1/staff/session", ADMIN)).status).toBe(401);
    await staffSignIn(ADMIN.email, "admin-Secret-long-2");
    await testApp.staff.team.ensureAdmin(ADMIN);
    const entries = await auditOf(me.body.data.id);
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(["staff.created", "staff.admin_ensured", "staff.signed_in"]),
    );
    expect(JSON.stringify(entries)).not.toMatch(/admin-Secret|argon2/);
  });

  it("hides every staff path from visitors and students: 404, as for a path that does not exist", async () => {
    const student = await createStudent(api);
    for (const cookie of [undefined, student.cookie, "ignite_staff=made-up-token"]) {
      for (const [method, path] of [
        ["GET", "/api/v1/staff/me"],
        ["GET", "/api/v1/staff/members"],
        ["POST", "/api/v1/staff/invitations"],
        ["POST", "/api/v1/staff/members/1/invitation"],
        ["GET", "/api/v1/staff/tasks"],
        ["POST", "/api/v1/staff/tasks"],
        ["POST", "/api/v1/staff/tasks/1/done"],
        ["GET", "/api/v1/staff/audit"],
        ["DELETE", "/api/v1/staff/session"],
        ["GET", "/api/v1/staff/no-such-thing"],
      ] as const) {
        const answer = await api.call(path, { method, cookie, json: method === "POST" ? {} : undefined });
        expect(answer.status, `${method} ${path} with ${cookie ?? "no cookie"}`).toBe(404);
      }
    }
    // And a staff session opens no student path.
    const admin = await staffSignIn(ADMIN.email, ADMIN.password);
    expect((await api.get("/api/v1/students/me", { cookie: admin })).status).toBe(401);
  });

  it("a counsellor (made by the system, as staff:create does) signs in but may not manage staff or read the audit log", async () => {
    const admin = await staffSignIn(ADMIN.email, ADMIN.password);
    const created = await createStaffMember(testApp, {
      email: "Asha.Rao@ignite.test",
      fullName: "Asha Rao",
      role: "counsellor",
      password: "counsellor-Secret-1",
    });
    expect(created).toMatchObject({ email: "asha.rao@ignite.test", fullName: "Asha Rao", role: "counsellor" });
    const asha = await staffSignIn("asha.rao@ignite.test", "counsellor-Secret-1");
    expect((await api.get("/api/v1/staff/me", { cookie: asha })).body.data.role).toBe("counsellor");
    for (const [method, path] of [
      ["GET", "/api/v1/staff/members"],
      ["POST", "/api/v1/staff/invitations"],
      ["POST", `/api/v1/staff/members/${created.staffId}/invitation`],
      ["GET", "/api/v1/staff/audit"],
      ["POST", `/api/v1/staff/members/${created.staffId}/disable`],
    ] as const) {
      const answer = await api.call(path, { method, cookie: asha, json: method === "POST" ? {} : undefined });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    // No staff member sets another's password: the API has no such call, and the service refuses a person.
    const withPassword = await api.post(
      "/api/v1/staff/members",
      { email: "set.by.admin@ignite.test", fullName: "Set By Admin", role: "counsellor", password: "counsellor-Secret-1" },
      { cookie: admin },
    );
    expect(withPassword.status).toBe(404);
    const me = (await api.get("/api/v1/staff/me", { cookie: admin })).body.data;
    const refused = await testApp.staff.team
      .create(
        { staffId: me.id, email: me.email, fullName: me.fullName, role: "admin" },
        { email: "set.by.admin@ignite.test", fullName: "Set By Admin", role: "counsellor", password: "counsellor-Secret-1" },
      )
      .catch((error: Error) => error.message);
    expect(refused).toBe("You do not have access to this.");
    await expect(
      createStaffMember(testApp, { email: "asha.rao@ignite.test", fullName: "Asha Again", role: "admin" }),
    ).rejects.toThrow("A staff account with this e-mail already exists.");
    await expect(
      createStaffMember(testApp, { email: "short@ignite.test", role: "counsellor", password: "short-pw" }),
    ).rejects.toThrow("Use at least 12 characters");
    const listed = await api.get("/api/v1/staff/members", { cookie: admin });
    expect(listed.body.data.map((m: { email: string }) => m.email)).toEqual(
      expect.arrayContaining([ADMIN.email, "asha.rao@ignite.test"]),
    );
    expect(listed.body.data.find((m: { email: string }) => m.email === "asha.rao@ignite.test")).toMatchObject({
      invited: false,
      disabled: false,
    });
    const audit = await api.get(`/api/v1/staff/audit?subjectType=staff&subjectId=${created.staffId}`, { cookie: admin });
    expect(audit.body.data.map((e: { action: string }) => e.action)).toEqual(["staff.signed_in", "staff.created"]);
    expect(audit.body.data[1].actor).toBe("test set-up");
  });

  it("a disabled account's sessions end and it cannot sign in; an admin cannot disable themselves or the last admin", async () => {
    const admin = await staffSignIn(ADMIN.email, ADMIN.password);
    const created = await createStaffMember(testApp, {
      email: "leaving@ignite.test",
      fullName: "Leaving Soon",
      role: "document_verifier",
      password: "verifier-Secret-1",
    });
    const id = created.staffId;
    const leaving = await staffSignIn("leaving@ignite.test", "verifier-Secret-1");
    const disabled = await api.post(`/api/v1/staff/members/${id}/disable`, undefined, { cookie: admin });
    expect(disabled.status).toBe(200);
    expect(disabled.body.message).toBe("leaving@ignite.test can no longer sign in.");
    expect((await api.get("/api/v1/staff/me", { cookie: leaving })).status).toBe(404);
    const refused = await api.post("/api/v1/staff/session", { email: "leaving@ignite.test", password: "verifier-Secret-1" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("This staff account is disabled. Ask an admin.");
    expect((await api.post(`/api/v1/staff/members/${id}/enable`, undefined, { cookie: admin })).status).toBe(200);
    await staffSignIn("leaving@ignite.test", "verifier-Secret-1");

    const me = (await api.get("/api/v1/staff/me", { cookie: admin })).body.data.id;
    const self = await api.post(`/api/v1/staff/members/${me}/disable`, undefined, { cookie: admin });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe("You cannot disable your own account.");
    expect((await auditOf(id)).map((e) => e.action)).toEqual([
      "staff.created",
      "staff.signed_in",
      "staff.disabled",
      "staff.enabled",
      "staff.signed_in",
    ]);
  });

  it("the last admin who can sign in cannot be disabled", async () => {
    const second = await testApp.staff.team.create(
      { system: "test" },
      { email: "second.admin@ignite.test", fullName: "Second Admin", role: "admin", password: "second-Secret-pass" },
    );
    const secondCookie = await staffSignIn("second.admin@ignite.test", "second-Secret-pass");
    const [first] = await database.db.select().from(staff).where(eq(staff.email, ADMIN.email));
    // The second admin disables the first; then nobody may disable the second, the last admin left.
    expect((await api.post(`/api/v1/staff/members/${first?.id}/disable`, undefined, { cookie: secondCookie })).status).toBe(200);
    const admins = await database.db.select().from(staff).where(eq(staff.role, "admin"));
    expect(admins.filter((s) => s.disabledAt === null).map((s) => s.id)).toEqual([second.staffId]);
    const last = await testApp.staff.team
      .setDisabled({ staffId: -1, email: "x", fullName: "Other Admin", role: "admin" }, second.staffId, true)
      .catch((error: Error) => error.message);
    expect(last).toBe("At least one admin must stay able to sign in.");
    await testApp.staff.team.ensureAdmin(ADMIN); // brings the first back for the other tests
  });

  it("keeps the audit log append-only: the database refuses to change, delete or empty it", async () => {
    // Entries of this test's own: an account made and signed in twice, beside the admin's.
    await createStaffMember(testApp, { email: "auditor@ignite.test", role: "read_only", password: "auditor-Secret-1" });
    await staffSignIn("auditor@ignite.test", "auditor-Secret-1");
    await staffSignIn("auditor@ignite.test", "auditor-Secret-1");
    expect((await database.db.select().from(auditLog)).length).toBeGreaterThan(3);
    for (const statement of [
      sql`update audit_log set action = 'nothing happened'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      await expect(database.db.execute(statement)).rejects.toThrow();
    }
    expect((await database.db.select().from(auditLog)).every((e) => e.action !== "nothing happened")).toBe(true);
  });
});

describe("the staff:create command", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "ignite-staff-cli-"));
    // The site's database exists already, as when an operator runs the command.
    await copyTemplateInto(dataDir);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("creates an account with the password read from standard input, and audits it", async () => {
    // The command's own code, compiled once rather than by tsx at each run (decision 0084).
    const createStaff = await compiledProgram("scripts/create-staff.ts");
    const run = (args: string[], input: string) =>
      spawnSync(process.execPath, [createStaff, ...args], {
        input,
        encoding: "utf8",
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
      });
    const done = run(
      ["--email", "cli.counsellor@ignite.test", "--name", "Cli Counsellor", "--role", "counsellor"],
      "cli-Secret-pass-1\n",
    );
    expect(done.stderr).toBe("");
    expect(done.status).toBe(0);
    expect(done.stdout).toMatch(/^Created counsellor cli\.counsellor@ignite\.test \(staff #\d+\)\.$/m);
    expect(done.stdout + done.stderr).not.toContain("cli-Secret-pass-1");
    const refused = run(["--email", "bad@ignite.test", "--role", "wizard"], "cli-Secret-pass-1\n");
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("role: Choose a role from the list");

    const stored = openPglite(path.join(dataDir, "pgdata"));
    try {
      const [row] = await stored.db.select().from(staff).where(eq(staff.email, "cli.counsellor@ignite.test"));
      expect(row).toMatchObject({ role: "counsellor", fullName: "Cli Counsellor", disabledAt: null });
      const [entry] = await stored.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subjectId, String(row?.id)));
      expect(entry).toMatchObject({ action: "staff.created", actorLabel: "command line (staff:create)", actorStaffId: null });
    } finally {
      await stored.close();
    }
  }, 120_000); // each run starts a process that loads the code and opens the database: 17 s alone, over 60 s on a loaded machine
});
