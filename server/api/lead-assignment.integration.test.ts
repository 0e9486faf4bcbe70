import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseIntakes, courses } from "../../modules/catalogue/tables.ts";
import { consultations } from "../../modules/leads/tables.ts";
import { students } from "../../modules/students/tables.ts";
import { auditLog, mailOutbox } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import {
  bookingDetails,
  createApplication,
  createBooking,
  createStudent,
  type Student,
  uploadDocument,
} from "../../tests/support/factories.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffTeam, type StaffTeam, type TeamMember } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * Decision 0042: a counsellor is mailed when a lead is given to them (round-robin on a
 * booking, a lead staff entered, an admin's assignment), once, through the outbox, with the lead's
 * name, what they asked for and a link, never the person's phone or e-mail in the subject; not when
 * they gave it to themselves; each lead's history says so. Today lists it until they open it. The
 * staff home's figures count what their lists list, each member only what they may see.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let database: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
const DOMAIN = "assignment-mail.test";

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  testApp = createTestApp(database, {
    SMTP_URL: sink.url,
    PUBLIC_URL: "https://ignite.example",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ignite-assignment-")),
  });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, DOMAIN);
});
afterAll(async () => {
  await testApp.consultations.settle();
  await sink.close();
  await database.close();
});

const counsellors = ["asha", "ravi"] as const;
const mailsTo = (who: TeamMember) => sink.messages.filter((m) => m.to.includes(team[who].email));
const ownerOf = async (id: number) => {
  const [row] = await database.db.select().from(consultations).where(eq(consultations.id, id));
  return counsellors.find((who) => team[who].staffId === row?.assignedStaffId);
};
const toldEntries = (id: number) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, String(id)), eq(auditLog.action, "lead.assignee_mailed")));
const book = async (overrides: Record<string, unknown>) => {
  const answer = await createBooking(api, overrides);
  expect(answer.status, answer.text).toBe(200);
  await testApp.consultations.settle();
  return answer.body.data.id as number;
};

describe("the counsellor a lead is given to", () => {
  it("is mailed once when round-robin gives them a booking: name, ask and link, no contact details in the subject", async () => {
    const details = bookingDetails({ firstName: "Meher", lastName: "Bakshi", studyDestination: "Australia" });
    const id = await book(details);
    const owner = await ownerOf(id);
    if (!owner) throw new Error("round-robin gave the booking to nobody");
    const mails = mailsTo(owner).filter((m) => m.text.includes(`/staff/leads/${id}`));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe("New lead for you: Meher Bakshi (Australia)");
    expect(mail?.subject).not.toContain(String(details.email));
    expect(mail?.subject.replace(/\D/g, "")).not.toContain("9876543210");
    expect(mail?.text).toContain("The website assigned a lead to you.");
    expect(mail?.text).toContain("Asked for: Postgraduate in Computer Science, Australia");
    expect(mail?.text).toContain(`Open the lead: https://ignite.example/staff/leads/${id}`);
    // The other counsellor hears nothing of it.
    expect(mailsTo(owner === "asha" ? "ravi" : "asha").filter((m) => m.text.includes(`/staff/leads/${id}`))).toEqual([]);
    // The outbox sent it and kept nothing; the lead's history says who was told.
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
    const told = await toldEntries(id);
    expect(told.map((e) => [e.actorLabel, e.after])).toEqual([
      ["Website booking (round-robin)", { assignedStaffId: team[owner].staffId, assignedTo: team[owner].fullName }],
    ]);

    // The same booking again (a double submission) is one lead: no second mail.
    await book(details);
    expect(mailsTo(owner).filter((m) => m.text.includes(`/staff/leads/${id}`))).toHaveLength(1);
  });

  it("is mailed when an admin gives them leads (one mail for many), and not again for a lead already theirs", async () => {
    const first = await book({ firstName: "Tara", lastName: "Gill" });
    const second = await book({ firstName: "Ishaan", lastName: "Das" });
    const moving = [first, second];
    // Both to Asha first (round-robin gave one of them to each), so that both then change hands.
    const toAsha = await api.post(
      "/api/v1/staff/leads/assign",
      { leadIds: moving, staffId: team.asha.staffId },
      team.as("admin"),
    );
    expect(toAsha.status, toAsha.text).toBe(200);
    const before = mailsTo("ravi").length;
    const assigned = await api.post(
      "/api/v1/staff/leads/assign",
      { leadIds: moving, staffId: team.ravi.staffId },
      team.as("admin"),
    );
    expect(assigned.status, assigned.text).toBe(200);
    const changed = assigned.body.data.changed as number;
    expect(changed).toBe(2);
    const fresh = mailsTo("ravi").slice(before);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]?.subject).toBe("2 new leads for you");
    expect(fresh[0]?.text).toContain("Administrator assigned 2 leads to you.");
    expect(fresh[0]?.text).toContain("Tara Gill");
    expect(fresh[0]?.text).toContain("Ishaan Das");
    for (const id of moving) expect(fresh[0]?.text).toContain(`https://ignite.example/staff/leads/${id}`);
    const again = await api.post("/api/v1/staff/leads/assign", { leadIds: moving, staffId: team.ravi.staffId }, team.as("admin"));
    expect(again.status).toBe(200);
    expect(mailsTo("ravi").slice(before)).toHaveLength(1);
    const adminTold = await database.db
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.subjectId, moving.map(String)), eq(auditLog.action, "lead.assignee_mailed")));
    // Told by the admin: Asha of the one that came to her, Ravi of both.
    expect(adminTold.filter((e) => e.actorStaffId === team.admin.staffId)).toHaveLength(3);
  });

  it("is not mailed for a lead they entered and round-robin gave back to them; the other counsellor is", async () => {
    const entered = [];
    for (const firstName of ["Walkin", "Caller"]) {
      const lead = await testApp.staff.leads.create(team.asha, {
        ...bookingDetails({ firstName, lastName: "Person" }),
        source: "Walk-in",
      });
      entered.push(lead);
    }
    // Round-robin takes turns, so of two leads in a row one went to Asha herself and one to Ravi.
    const own = entered.filter((lead) => lead.assignedStaffId === team.asha.staffId);
    const others = entered.filter((lead) => lead.assignedStaffId === team.ravi.staffId);
    expect(own).toHaveLength(1);
    expect(others).toHaveLength(1);
    for (const lead of own) {
      expect(mailsTo("asha").filter((m) => m.text.includes(`/staff/leads/${lead.id}`))).toEqual([]);
      expect(await toldEntries(lead.id)).toEqual([]);
    }
    for (const lead of others) {
      const mails = mailsTo("ravi").filter((m) => m.text.includes(`/staff/leads/${lead.id}`));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain("Asha Rao assigned a lead to you.");
      expect((await toldEntries(lead.id)).map((e) => e.actorStaffId)).toEqual([team.asha.staffId]);
    }
    // A lead one gave oneself is not new to one on Today.
    const ashasNew = (await testApp.staff.leads.newLeads(team.asha)).map((lead) => lead.id);
    for (const lead of own) expect(ashasNew).not.toContain(lead.id);
  });

  it("sees it on Today as new until they open it (an admin opening it changes nothing)", async () => {
    const id = await book({ firstName: "Nisha", lastName: "Pillai" });
    const owner = await ownerOf(id);
    if (!owner) throw new Error("round-robin gave the booking to nobody");
    const newIds = async () => (await testApp.staff.leads.newLeads(team[owner])).map((lead) => lead.id);
    expect(await newIds()).toContain(id);
    expect((await api.get(`/api/v1/staff/leads/${id}`, team.as("admin"))).status).toBe(200);
    await testApp.staff.leads.details(team.admin, id);
    expect(await newIds()).toContain(id);
    await testApp.staff.leads.details(team[owner], id);
    expect(await newIds()).not.toContain(id);
  });
});

describe("the staff home's figures", () => {
  let ashas: Student;
  let ravis: Student;

  beforeAll(async () => {
    ashas = await createStudent(api, { name: "Asha's Student" });
    ravis = await createStudent(api, { name: "Ravi's Student" });
    await database.db.update(students).set({ counsellorStaffId: team.asha.staffId }).where(eq(students.id, ashas.studentId));
    await database.db.update(students).set({ counsellorStaffId: team.ravi.staffId }).where(eq(students.id, ravis.studentId));
    const [course, other] = await database.db.select({ id: courses.id }).from(courses).limit(2);
    if (!course || !other) throw new Error("no courses");
    await database.db.delete(courseIntakes).where(inArray(courseIntakes.courseId, [course.id, other.id]));
    // Waiting on the counsellor: Ready to submit (Asha's, Ravi's); waiting on the student: Shortlisted (Asha's).
    await createApplication(api, team.admin, ashas, course.id, { moves: ["Ready to submit"] });
    await createApplication(api, team.admin, ravis, course.id, { moves: ["Ready to submit"] });
    await createApplication(api, team.admin, ashas, other.id);
    const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
    expect((await uploadDocument(api, ashas, "SOP", { bytes: pdf, name: "sop.pdf" })).status).toBe(200);
    expect((await uploadDocument(api, ravis, "SOP", { bytes: pdf, name: "sop.pdf" })).status).toBe(200);
    expect((await uploadDocument(api, ravis, "CV/Resume", { bytes: pdf, name: "cv.pdf" })).status).toBe(200);
  });

  it("count a counsellor's own and the admin's team's, each by the rule of the list it links to", async () => {
    const staff = testApp.staff;
    for (const who of ["asha", "ravi", "admin"] as const) {
      const member = team[who];
      for (const filters of [{ open: "1" }, { awaiting: "1" }]) {
        const listed = await staff.leads.list(member, filters);
        expect(await staff.leads.count(member, filters)).toBe(listed.total);
        if (who !== "admin") expect(listed.leads.every((lead) => lead.assignedStaffId === member.staffId)).toBe(true);
      }
      const waiting = { waiting: "counsellor" };
      expect(await staff.applications.count(member, waiting)).toBe((await staff.applications.list(member, waiting)).length);
      expect(await staff.documents.reviewQueueCount(member)).toBe((await staff.documents.reviewQueue(member)).length);
    }
    expect(await staff.applications.count(team.asha, { waiting: "counsellor" })).toBe(1);
    expect(await staff.applications.count(team.ravi, { waiting: "counsellor" })).toBe(1);
    expect(await staff.applications.count(team.admin, { waiting: "counsellor" })).toBe(2);
    expect(await staff.documents.reviewQueueCount(team.asha)).toBe(1);
    expect(await staff.documents.reviewQueueCount(team.ravi)).toBe(2);
    expect(await staff.documents.reviewQueueCount(team.admin)).toBe(3);
    const open = { open: "1" };
    const own = (await staff.leads.count(team.asha, open)) + (await staff.leads.count(team.ravi, open));
    const unassigned = await staff.leads.count(team.admin, { ...open, counsellor: "unassigned" });
    expect(await staff.leads.count(team.admin, open)).toBe(own + unassigned);
    // Converting a lead takes it out of the open figure.
    const [mine] = (await staff.leads.list(team.asha, open)).leads;
    if (!mine) throw new Error("Asha has no open lead");
    const before = await staff.leads.count(team.asha, open);
    await staff.leads.changeStatus(team.asha, mine.id, { status: "Lost", lostReason: "Budget" });
    expect(await staff.leads.count(team.asha, open)).toBe(before - 1);
  });
});
