import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { auditLog, consultations } from "../../platform/db/schema.ts";
import { ApiClient, cookiesNamed } from "../../tests/support/api-client.ts";
import { createBooking, createStudent } from "../../tests/support/factories.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/** The leads inbox: who sees which bookings, round-robin assignment, status changes and their audit. */
let database: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let testApp: TestApp;
let api: ApiClient;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};

async function signIn(email: string, password: string) {
  const answer = await api.post("/api/v1/staff/session", { email, password });
  expect(answer.status).toBe(200);
  return cookiesNamed(answer, "ignite_staff")[0]?.pair ?? "";
}

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  testApp = createTestApp(database, { SMTP_URL: sink.url });
  api = new ApiClient(testApp.app);
  await testApp.staff.ensureAdmin({ email: "admin@leads.test", password: "admin-Secret-leads" });
  cookies.admin = await signIn("admin@leads.test", "admin-Secret-leads");
  for (const [key, role] of [
    ["asha", "counsellor"],
    ["ravi", "counsellor"],
    ["viewer", "read_only"],
    ["verifier", "document_verifier"],
  ] as const) {
    const member = await testApp.staff.create(
      { system: "test" },
      { email: `${key}@leads.test`, fullName: key, role, password: `${key}-Secret-pass` },
    );
    ids[key] = member.staffId;
    cookies[key] = await signIn(`${key}@leads.test`, `${key}-Secret-pass`);
  }
});
afterAll(async () => {
  await testApp.consultations.settle();
  await sink.close();
  await database.close();
});

const book = (n: number) =>
  createBooking(api, {
    firstName: `Lead${n}`,
    lastName: "Sharma",
    email: `lead${n}.${Date.now()}@example.in`,
    phoneNumber: `98765${String(10000 + n).slice(-5)}`,
  });
const inbox = (who: string, query = "") => api.get(`/api/v1/staff/leads${query}`, { cookie: cookies[who] });

describe("the leads inbox", () => {
  it("assigns new bookings round-robin among active counsellors, and each counsellor sees only their own", async () => {
    const booked = [];
    for (let n = 1; n <= 4; n++) booked.push((await book(n)).body.data.id as number);
    const rows = await database.db.select().from(consultations);
    const assigned = booked.map((id) => rows.find((r) => r.id === id)?.assignedStaffId);
    expect(new Set(assigned)).toEqual(new Set([ids.asha, ids.ravi]));
    expect(assigned.filter((a) => a === ids.asha)).toHaveLength(2);
    expect(assigned[0]).not.toBe(assigned[1]);

    const ashas = (await inbox("asha")).body;
    expect(ashas.total).toBe(2);
    expect(ashas.data.every((lead: { assignedStaffId: number }) => lead.assignedStaffId === ids.asha)).toBe(true);
    const all = (await inbox("admin")).body;
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect((await inbox("viewer")).body.total).toBe(all.total);
    expect((await inbox("verifier")).status).toBe(403);
    // Newest first.
    expect(all.data[0].id).toBe(booked[3]);
  });

  it("a counsellor cannot open or change another counsellor's lead: it does not exist for them", async () => {
    const { body } = await book(5);
    const id = body.data.id as number;
    const [row] = await database.db.select().from(consultations).where(eq(consultations.id, id));
    const owner = row?.assignedStaffId === ids.asha ? "asha" : "ravi";
    const other = owner === "asha" ? "ravi" : "asha";
    expect((await api.get(`/api/v1/staff/leads/${id}`, { cookie: cookies[owner] })).status).toBe(200);
    expect((await api.get(`/api/v1/staff/leads/${id}`, { cookie: cookies[other] })).status).toBe(404);
    const refused = await api.post(`/api/v1/staff/leads/${id}/status`, { status: "Contacted" }, { cookie: cookies[other] });
    expect(refused.status).toBe(404);
    // Read-only staff see it but may not change it.
    expect((await api.get(`/api/v1/staff/leads/${id}`, { cookie: cookies.viewer })).status).toBe(200);
    expect((await api.post(`/api/v1/staff/leads/${id}/status`, { status: "Contacted" }, { cookie: cookies.viewer })).status).toBe(
      403,
    );
    const [after] = await database.db.select().from(consultations).where(eq(consultations.id, id));
    expect(after?.status).toBe("New");
  });

  it("moves a lead through its statuses, Lost only with a reason, each change in the audit log", async () => {
    const { body } = await book(6);
    const id = body.data.id as number;
    const [row] = await database.db.select().from(consultations).where(eq(consultations.id, id));
    const owner = row?.assignedStaffId === ids.asha ? "asha" : "ravi";
    const move = (change: object) => api.post(`/api/v1/staff/leads/${id}/status`, change, { cookie: cookies[owner] });
    const contacted = await move({ status: "Contacted" });
    expect(contacted.status).toBe(200);
    expect(contacted.body.message).toBe("Status changed to Contacted.");
    const noReason = await move({ status: "Lost" });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields.lostReason).toBe("Say why the lead was lost");
    expect((await move({ status: "Lost", lostReason: "Budget" })).body.data).toMatchObject({
      status: "Lost",
      lostReason: "Budget",
    });
    expect((await move({ status: "Archived" })).status).toBe(400);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(id)));
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      [
        "lead.status_changed",
        { status: "New", lostReason: null, studentId: null },
        { status: "Contacted", lostReason: null, studentId: null },
      ],
      [
        "lead.status_changed",
        { status: "Contacted", lostReason: null, studentId: null },
        { status: "Lost", lostReason: "Budget", studentId: null },
      ],
    ]);
    expect(entries.every((e) => e.actorStaffId === ids[owner])).toBe(true);
  });

  it("converting links the lead to the student account with its e-mail, or mails the person an invitation", async () => {
    const ownerOf = async (id: number) => {
      const [row] = await database.db.select().from(consultations).where(eq(consultations.id, id));
      return row?.assignedStaffId === ids.asha ? "asha" : "ravi";
    };
    const convert = async (id: number) =>
      api.post(`/api/v1/staff/leads/${id}/status`, { status: "Converted" }, { cookie: cookies[await ownerOf(id)] });

    const student = await createStudent(api, { name: "Kiran Das" });
    const withAccount = (await createBooking(api, { firstName: "Kiran", lastName: "Das", email: student.email })).body.data.id;
    const converted = await convert(withAccount);
    expect(converted.status).toBe(200);
    expect(converted.body.data).toMatchObject({ status: "Converted", studentId: student.studentId });

    const email = `no.account.${Date.now()}@example.in`;
    const without = (await createBooking(api, { firstName: "Tara", lastName: "Bose", email })).body.data.id;
    await testApp.consultations.settle();
    const before = sink.messages.length;
    const invited = await convert(without);
    expect(invited.body.data).toMatchObject({ status: "Converted", studentId: null });
    const mails = sink.messages.slice(before).filter((m) => m.to.includes(email));
    expect(mails.map((m) => m.subject)).toEqual(["Create your Ignite account to follow your applications"]);
    expect(mails[0]?.text).toContain(`with this e-mail address (${email})`);
    expect(sink.messages.slice(before).filter((m) => m.to.includes(student.email))).toEqual([]);
    const actions = (
      await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subjectId, String(without)))
    ).map((e) => e.action);
    expect(actions).toEqual(["lead.status_changed", "lead.invited_to_sign_up"]);
    // Converting again sends nothing more.
    await convert(without);
    expect(sink.messages.filter((m) => m.to.includes(email) && m.subject.startsWith("Create your"))).toHaveLength(1);
  });

  it("filters by status and destination, searches name, e-mail or phone, and pages on the server", async () => {
    const found = await inbox("admin", "?q=lead6");
    expect(found.body.data.map((l: { firstName: string }) => l.firstName)).toEqual(["Lead6"]);
    expect((await inbox("admin", "?status=Lost")).body.data.every((l: { status: string }) => l.status === "Lost")).toBe(true);
    expect((await inbox("admin", "?q=%25")).body.total).toBe(0); // a % is a character, not a wildcard
    expect((await inbox("admin", "?destination=Germany")).body.total).toBeGreaterThan(0);
    const bad = await inbox("admin", "?status=Whatever");
    expect(bad.status).toBe(400);
    const page = await inbox("admin", "?page=2");
    expect(page.body).toMatchObject({ page: 2, pageSize: 50, data: [] });
  });

  it("answers in the shapes the published OpenAPI document gives (Lead, StaffAccount, AuditEntry)", async () => {
    const { components } = (await api.get("/api/openapi.json")).body;
    const shape = (name: string) => z.fromJSONSchema(components.schemas[name]);
    const leads = (await inbox("admin")).body.data;
    expect(leads.length).toBeGreaterThan(0);
    for (const lead of leads) expect(shape("Lead").safeParse(lead).error).toBeUndefined();
    for (const account of (await api.get("/api/v1/staff/members", { cookie: cookies.admin })).body.data)
      expect(shape("StaffAccount").safeParse(account).error).toBeUndefined();
    for (const entry of (await api.get("/api/v1/staff/audit", { cookie: cookies.admin })).body.data)
      expect(shape("AuditEntry").safeParse(entry).error).toBeUndefined();
  });
});
