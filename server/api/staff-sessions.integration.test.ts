import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staff } from "../../modules/staff/tables.ts";
import { auditLog } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffMember, signInStaff, type TestStaff } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * Decision 0034: staff sessions outlived a changed password, and a stolen session could not be
 * ended without a second admin. Now a password change ends every other session and is mailed; anyone
 * signs out everywhere, admins for any member; a changed ADMIN_PASSWORD ends that account's sessions;
 * an admin changes a role back, audited.
 */
let database: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let testApp: TestApp;
let api: ApiClient;
let admin: TestStaff;
let adminCookie: string;

const alive = async (cookie: string) => (await api.get("/api/v1/staff/me", { cookie })).status === 200;
const auditOf = async (action: string, staffId: number) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, String(staffId))));

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  testApp = createTestApp(database, { SMTP_URL: sink.url, PUBLIC_URL: "https://ignite.test" });
  api = new ApiClient(testApp.app);
  admin = await createStaffMember(testApp, { email: "admin@sessions.test", role: "admin" });
  adminCookie = await signInStaff(api, admin.email, admin.password);
});
afterAll(async () => {
  await testApp.consultations.settle();
  await sink.close();
  await database.close();
});

describe("a staff member's own password and sessions", () => {
  it("a password change needs the current password, ends every other session, and is mailed", async () => {
    const member = await createStaffMember(testApp, { email: "asha@sessions.test", role: "counsellor" });
    const here = await signInStaff(api, member.email, member.password);
    const stolen = await signInStaff(api, member.email, member.password);
    const newPassword = "a-new-Secret-for-asha";
    const change = (body: unknown) => api.put("/api/v1/staff/me/password", body, { cookie: here });

    const wrong = await change({ currentPassword: "not-the-password", newPassword, confirmPassword: newPassword });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toHaveProperty("currentPassword");
    expect(await alive(stolen)).toBe(true);
    expect((await change({ currentPassword: member.password, newPassword, confirmPassword: "other" })).status).toBe(400);

    const changed = await change({ currentPassword: member.password, newPassword, confirmPassword: newPassword });
    expect(changed.status).toBe(200);
    expect(await alive(here)).toBe(true);
    expect(await alive(stolen)).toBe(false);
    expect((await api.post("/api/v1/staff/session", { email: member.email, password: member.password })).status).toBe(401);
    expect(await alive(await signInStaff(api, member.email, newPassword))).toBe(true);
    const mails = await sink.waitFor(1);
    const mail = mails.find((m) => m.to.includes(member.email));
    expect(mail?.subject).toBe("Your Ignite staff password was changed");
    expect(mail?.raw).not.toContain(newPassword);
    expect(changed.text).not.toContain(newPassword);
    expect((await auditOf("staff.password_changed", member.staffId))[0]?.after).toEqual({ otherSessionsEnded: 1 });
  });

  it("signing out everywhere ends every session of one's own, this one too", async () => {
    const member = await createStaffMember(testApp, { email: "ravi@sessions.test", role: "read_only" });
    const [one, two] = [
      await signInStaff(api, member.email, member.password),
      await signInStaff(api, member.email, member.password),
    ];
    const out = await api.delete("/api/v1/staff/me/sessions", { cookie: one });
    expect(out.status).toBe(200);
    expect(out.setCookies.join("\n")).toMatch(/ignite_staff=;|Max-Age=0/);
    expect([await alive(one), await alive(two)]).toEqual([false, false]);
    expect((await auditOf("staff.signed_out_everywhere", member.staffId))[0]?.after).toEqual({ sessionsEnded: 2 });
  });

  it("an admin signs any member out everywhere; no one else may", async () => {
    const member = await createStaffMember(testApp, { email: "mira@sessions.test", role: "counsellor" });
    const session = await signInStaff(api, member.email, member.password);
    const other = await createStaffMember(testApp, { email: "dev@sessions.test", role: "counsellor" });
    const otherSession = await signInStaff(api, other.email, other.password);
    expect((await api.delete(`/api/v1/staff/members/${member.staffId}/sessions`, { cookie: otherSession })).status).toBe(403);
    expect(await alive(session)).toBe(true);
    const ended = await api.delete(`/api/v1/staff/members/${member.staffId}/sessions`, { cookie: adminCookie });
    expect(ended.status).toBe(200);
    expect(ended.body.data).toEqual({ email: member.email, sessionsEnded: 1 });
    expect(await alive(session)).toBe(false);
    expect(await alive(adminCookie)).toBe(true);
    const [entry] = await auditOf("staff.signed_out_everywhere", member.staffId);
    expect(entry?.actorStaffId).toBe(admin.staffId);
  });
});

describe("ADMIN_EMAIL and ADMIN_PASSWORD at start", () => {
  it("a changed ADMIN_PASSWORD ends the account's sessions; the same one keeps them", async () => {
    const email = "owner@sessions.test";
    await testApp.staff.team.ensureAdmin({ email, password: "first-Secret-owner" });
    const session = await signInStaff(api, email, "first-Secret-owner");
    await testApp.staff.team.ensureAdmin({ email, password: "first-Secret-owner" });
    expect(await alive(session)).toBe(true);
    await testApp.staff.team.ensureAdmin({ email, password: "second-Secret-owner" });
    expect(await alive(session)).toBe(false);
    expect((await api.post("/api/v1/staff/session", { email, password: "first-Secret-owner" })).status).toBe(401);
  });

  it("naming an existing counsellor promotes them; an admin changes the role back, audited", async () => {
    const counsellor = await createStaffMember(testApp, { email: "promoted@sessions.test", role: "counsellor" });
    await testApp.staff.team.ensureAdmin({ email: counsellor.email, password: "promoted-Secret-pass" });
    const [promoted] = await database.db.select().from(staff).where(eq(staff.id, counsellor.staffId));
    expect(promoted?.role).toBe("admin");
    const theirs = await signInStaff(api, counsellor.email, "promoted-Secret-pass");
    // Nobody changes their own role.
    expect(
      (await api.put(`/api/v1/staff/members/${counsellor.staffId}/role`, { role: "counsellor" }, { cookie: theirs })).status,
    ).toBe(400);
    const back = await api.put(
      `/api/v1/staff/members/${counsellor.staffId}/role`,
      { role: "counsellor" },
      { cookie: adminCookie },
    );
    expect(back.status).toBe(200);
    expect(back.body.data.role).toBe("counsellor");
    // The session they had is now a counsellor's: the admin's lists are closed to it at once.
    expect((await api.get("/api/v1/staff/members", { cookie: theirs })).status).toBe(403);
    const [entry] = await auditOf("staff.role_changed", counsellor.staffId);
    expect(entry).toMatchObject({ actorStaffId: admin.staffId, before: { role: "admin" }, after: { role: "counsellor" } });
    expect(
      (await api.put(`/api/v1/staff/members/${counsellor.staffId}/role`, { role: "boss" }, { cookie: adminCookie })).status,
    ).toBe(400);
  });
});
