import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultations } from "../../modules/leads/tables.ts";
import { students } from "../../modules/students/tables.ts";
import { auditLog } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient, withoutRequestId } from "../../tests/support/api-client.ts";
import { bookingDetails, createStudent, uniqueEmail } from "../../tests/support/factories.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffMember, signInStaff } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * Decision 0034: a counsellor could take over any student with no counsellor by typing a lead
 * with their e-mail and converting it. Converting never moves a student; linking a lead to an existing
 * account is an admin's act (or that student's counsellor's), audited; the answers tell nothing of accounts.
 */
let database: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let testApp: TestApp;
let api: ApiClient;
const cookie: Record<string, string> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  testApp = createTestApp(database, { SMTP_URL: sink.url });
  api = new ApiClient(testApp.app);
  for (const [key, role] of [
    ["admin", "admin"],
    ["mallory", "counsellor"],
  ] as const) {
    const member = await createStaffMember(testApp, { email: `${key}@isolation.test`, role });
    id[key] = member.staffId;
    cookie[key] = await signInStaff(api, member.email, member.password);
  }
});
afterAll(async () => {
  await testApp.consultations.settle();
  await sink.close();
  await database.close();
});

/** A lead typed by hand, as the counsellor does (the only counsellor: round-robin gives it to them). */
async function typeLead(who: string, email: string) {
  const answer = await api.post(
    "/api/v1/staff/leads",
    bookingDetails({ email, firstName: "Typed", lastName: "Lead", source: "Phone call" }),
    { cookie: cookie[who] },
  );
  expect(answer.status).toBe(201);
  return answer.body.data as { id: number; assignedStaffId: number | null };
}

const convert = (who: string, leadId: number) =>
  api.post(`/api/v1/staff/leads/${leadId}/status`, { status: "Converted" }, { cookie: cookie[who] });

const counsellorOf = async (studentId: number) =>
  (await database.db.select().from(students).where(eq(students.id, studentId)))[0]?.counsellorStaffId;

describe("a counsellor cannot take over a student", () => {
  it("converting a typed lead with an unassigned student's e-mail leaves the student alone and says nothing of the account", async () => {
    const victim = await createStudent(api, { name: "Unassigned Student" });
    const stranger = uniqueEmail("no.account");
    const withAccount = await typeLead("mallory", victim.email);
    const withoutAccount = await typeLead("mallory", stranger);
    expect(withAccount.assignedStaffId).toBe(id.mallory);

    const before = sink.messages.length;
    const [a, b] = [await convert("mallory", withAccount.id), await convert("mallory", withoutAccount.id)];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.studentId).toBeNull();
    expect(b.body.data.studentId).toBeNull();
    // The student is still nobody's, and still out of the counsellor's reach.
    expect(await counsellorOf(victim.studentId)).toBeNull();
    expect((await api.get(`/api/v1/staff/students/${victim.studentId}`, { cookie: cookie.mallory })).status).toBe(404);
    expect((await api.post(`/api/v1/staff/students/${victim.studentId}/emails`, {}, { cookie: cookie.mallory })).status).toBe(
      404,
    );
    // Both leads read the same: the same history, and both people got the same invitation.
    const actionsOf = async (leadId: number) =>
      (await api.get(`/api/v1/staff/leads/${leadId}`, { cookie: cookie.mallory })).body.history
        .map((e: { action: string }) => e.action)
        .sort();
    expect(await actionsOf(withAccount.id)).toEqual(await actionsOf(withoutAccount.id));
    const mails = await sink.waitFor(before + 2);
    expect(
      mails
        .slice(before)
        .map((m) => m.subject)
        .sort(),
    ).toEqual([
      "Create your Ignite account to follow your applications",
      "Create your Ignite account to follow your applications",
    ]);

    // Linking it is refused with the answer an e-mail without an account gets.
    const link = await api.post(`/api/v1/staff/leads/${withAccount.id}/student`, {}, { cookie: cookie.mallory });
    const none = await api.post(`/api/v1/staff/leads/${withoutAccount.id}/student`, {}, { cookie: cookie.mallory });
    expect(link.status).toBe(404);
    expect(withoutRequestId(link.body)).toEqual(withoutRequestId(none.body));
    expect(await counsellorOf(victim.studentId)).toBeNull();
    // Nor may a counsellor choose who looks after a student.
    const chosen = await api.post(
      `/api/v1/staff/students/${victim.studentId}/counsellor`,
      { counsellorStaffId: id.mallory },
      { cookie: cookie.mallory },
    );
    expect([403, 404]).toContain(chosen.status);
    expect(await counsellorOf(victim.studentId)).toBeNull();
  });

  it("the admin links the lead to the account (audited), and may hand the student to the lead's counsellor", async () => {
    const student = await createStudent(api, { name: "Linked Student" });
    const lead = await typeLead("mallory", student.email);
    expect((await convert("mallory", lead.id)).body.data.studentId).toBeNull();
    const linked = await api.post(`/api/v1/staff/leads/${lead.id}/student`, {}, { cookie: cookie.admin });
    expect(linked.status).toBe(200);
    expect(linked.body.data.studentId).toBe(student.studentId);
    // Linking alone moves no one.
    expect(await counsellorOf(student.studentId)).toBeNull();
    expect((await api.post(`/api/v1/staff/leads/${lead.id}/student`, {}, { cookie: cookie.admin })).status).toBe(409);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(lead.id)));
    const link = entries.find((e) => e.action === "lead.linked_to_student");
    expect(link).toMatchObject({ actorStaffId: id.admin, studentId: student.studentId, after: { studentId: student.studentId } });

    // Another lead: the admin links it and hands the student to its counsellor in one audited act.
    const other = await createStudent(api, { name: "Handed Student" });
    const second = await typeLead("mallory", other.email);
    const handed = await api.post(`/api/v1/staff/leads/${second.id}/student`, { counsellor: true }, { cookie: cookie.admin });
    expect(handed.status).toBe(200);
    expect(await counsellorOf(other.studentId)).toBe(id.mallory);
    const changed = await database.db.select().from(auditLog).where(eq(auditLog.studentId, other.studentId));
    expect(changed.map((e) => e.action)).toEqual(
      expect.arrayContaining(["lead.linked_to_student", "student.counsellor_changed"]),
    );
  });

  it("the student's own counsellor converting links the lead, and still moves no one", async () => {
    const student = await createStudent(api, { name: "Own Student" });
    const chosen = await api.post(
      `/api/v1/staff/students/${student.studentId}/counsellor`,
      { counsellorStaffId: id.mallory },
      { cookie: cookie.admin },
    );
    expect(chosen.status).toBe(200);
    const lead = await typeLead("mallory", student.email);
    const converted = await convert("mallory", lead.id);
    expect(converted.body.data.studentId).toBe(student.studentId);
    expect(await counsellorOf(student.studentId)).toBe(id.mallory);
    const [row] = await database.db.select().from(consultations).where(eq(consultations.id, lead.id));
    expect(row?.studentId).toBe(student.studentId);
    // Asking to take the student while linking is an admin's decision.
    const fresh = await createStudent(api, { name: "Fresh Student" });
    const third = await typeLead("mallory", fresh.email);
    const refused = await api.post(`/api/v1/staff/leads/${third.id}/student`, { counsellor: true }, { cookie: cookie.mallory });
    expect(refused.status).toBe(404);
    expect(await counsellorOf(fresh.studentId)).toBeNull();
  });
});
