import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createStaffService } from "../../modules/console/console.ts";
import { consultations } from "../../modules/leads/tables.ts";
import { auditLog } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createLogger } from "../../platform/log.ts";
import { createDatabaseRateLimiter } from "../../platform/rate-limit.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { bookingDetails, createBooking, createStudent, uniqueEmail } from "../../tests/support/factories.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffTeam, type StaffTeam, type TeamMember } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/** The leads inbox: who sees which bookings, round-robin assignment, status changes and their audit. */
let database: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  testApp = createTestApp(database, { SMTP_URL: sink.url });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "leads.test");
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
const inbox = (who: TeamMember, query = "") => api.get(`/api/v1/staff/leads${query}`, team.as(who));

describe("the leads inbox", () => {
  it("assigns new bookings round-robin among active counsellors, and each counsellor sees only their own", async () => {
    const booked = [];
    for (let n = 1; n <= 4; n++) booked.push((await book(n)).body.data.id as number);
    const rows = await database.db.select().from(consultations);
    const assigned = booked.map((id) => rows.find((r) => r.id === id)?.assignedStaffId);
    expect(new Set(assigned)).toEqual(new Set([team.asha.staffId, team.ravi.staffId]));
    expect(assigned.filter((a) => a === team.asha.staffId)).toHaveLength(2);
    expect(assigned[0]).not.toBe(assigned[1]);

    const ashas = (await inbox("asha")).body;
    expect(ashas.total).toBe(2);
    expect(ashas.data.every((lead: { assignedStaffId: number }) => lead.assignedStaffId === team.asha.staffId)).toBe(true);
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
    const owner = row?.assignedStaffId === team.asha.staffId ? "asha" : "ravi";
    const other = owner === "asha" ? "ravi" : "asha";
    expect((await api.get(`/api/v1/staff/leads/${id}`, team.as(owner))).status).toBe(200);
    expect((await api.get(`/api/v1/staff/leads/${id}`, team.as(other))).status).toBe(404);
    const refused = await api.post(`/api/v1/staff/leads/${id}/status`, { status: "Contacted" }, team.as(other));
    expect(refused.status).toBe(404);
    // Read-only staff see it but may not change it.
    expect((await api.get(`/api/v1/staff/leads/${id}`, team.as("viewer"))).status).toBe(200);
    expect((await api.post(`/api/v1/staff/leads/${id}/status`, { status: "Contacted" }, team.as("viewer"))).status).toBe(403);
    const [after] = await database.db.select().from(consultations).where(eq(consultations.id, id));
    expect(after?.status).toBe("New");
  });

  it("moves a lead through its statuses, Lost only with a reason, each change in the audit log", async () => {
    const { body } = await book(6);
    const id = body.data.id as number;
    const [row] = await database.db.select().from(consultations).where(eq(consultations.id, id));
    const owner = row?.assignedStaffId === team.asha.staffId ? "asha" : "ravi";
    const move = (change: object) => api.post(`/api/v1/staff/leads/${id}/status`, change, team.as(owner));
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
      .where(eq(auditLog.subjectId, String(id)))
      // The round-robin's word to the counsellor (decision 0042) is tested in lead-assignment-mail.
      .then((rows) => rows.filter((e) => e.action !== "lead.assignee_mailed"));
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
    expect(entries.every((e) => e.actorStaffId === team[owner].staffId)).toBe(true);
  });

  it("converting never hands a counsellor an existing student; the admin links the lead, or mails the person an invitation", async () => {
    const ownerOf = async (id: number) => {
      const [row] = await database.db.select().from(consultations).where(eq(consultations.id, id));
      return row?.assignedStaffId === team.asha.staffId ? "asha" : "ravi";
    };
    const convert = async (id: number) =>
      api.post(`/api/v1/staff/leads/${id}/status`, { status: "Converted" }, team.as(await ownerOf(id)));

    const student = await createStudent(api, { name: "Kiran Das" });
    const withAccount = (await createBooking(api, { firstName: "Kiran", lastName: "Das", email: student.email })).body.data.id;
    const converted = await convert(withAccount);
    expect(converted.status).toBe(200);
    // The counsellor does not look after Kiran: the answer says nothing of the account, and Kiran stays out of reach.
    expect(converted.body.data).toMatchObject({ status: "Converted", studentId: null });
    const owner = await ownerOf(withAccount);
    expect((await api.get(`/api/v1/staff/students/${student.studentId}`, team.as(owner))).status).toBe(404);
    // The admin links the lead to the account and lets its counsellor look after Kiran: both audited.
    const linkedByAdmin = await api.post(`/api/v1/staff/leads/${withAccount}/student`, { counsellor: true }, team.as("admin"));
    expect(linkedByAdmin.status).toBe(200);
    expect(linkedByAdmin.body.data).toMatchObject({ status: "Converted", studentId: student.studentId });
    const other = owner === "asha" ? "ravi" : "asha";
    expect((await api.get(`/api/v1/staff/students/${student.studentId}`, team.as(owner))).status).toBe(200);
    expect((await api.get(`/api/v1/staff/students/${student.studentId}`, team.as(other))).status).toBe(404);

    const email = `no.account.${Date.now()}@example.in`;
    const without = (await createBooking(api, { firstName: "Tara", lastName: "Bose", email })).body.data.id;
    await testApp.consultations.settle();
    const before = sink.messages.length;
    const invited = await convert(without);
    expect(invited.body.data).toMatchObject({ status: "Converted", studentId: null });
    const mails = sink.messages.slice(before).filter((m) => m.to.includes(email));
    expect(mails.map((m) => m.subject)).toEqual(["Create your Ignite account to follow your applications"]);
    expect(mails[0]?.text).toContain(`with this e-mail address (${email})`);
    const actions = (
      await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subjectId, String(without)))
    ).map((e) => e.action);
    expect(actions).toEqual(["lead.assignee_mailed", "lead.status_changed", "lead.invited_to_sign_up"]);
    // Converting again sends nothing more.
    await convert(without);
    expect(sink.messages.filter((m) => m.to.includes(email) && m.subject.startsWith("Create your"))).toHaveLength(1);
    // When the invited person signs up with that e-mail, the lead links to the account and its counsellor looks after them.
    const joined = await createStudent(api, { name: "Tara Bose", email });
    const [linked] = await database.db.select().from(consultations).where(eq(consultations.id, without));
    expect(linked?.studentId).toBe(joined.studentId);
    const invitedOwner = await ownerOf(without);
    expect((await api.get(`/api/v1/staff/students/${joined.studentId}`, team.as(invitedOwner))).status).toBe(200);
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
    for (const account of (await api.get("/api/v1/staff/members", team.as("admin"))).body.data)
      expect(shape("StaffAccount").safeParse(account).error).toBeUndefined();
    for (const entry of (await api.get("/api/v1/staff/audit", team.as("admin"))).body.data)
      expect(shape("AuditEntry").safeParse(entry).error).toBeUndefined();
  });
});

// ---- Decision 0013, "Leads": assignment, settings, leads entered by hand, duplicates, first response ----

let bookings = 0;
/** A booking from an address of its own (the per-address limit stays out of the way). */
const bookAs = async (overrides: Record<string, unknown> = {}) => {
  bookings += 1;
  const answer = await createBooking(api, overrides, { ip: `10.77.${bookings >> 8}.${bookings & 255}` });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data.id as number;
};
const row = async (id: number) => (await database.db.select().from(consultations).where(eq(consultations.id, id)))[0];
const as = (who: TeamMember) => team.as(who);
const setSettings = (who: TeamMember, settings: object) => api.put("/api/v1/staff/settings", settings, as(who));
const defaults = {
  leadAssignment: "round_robin",
  firstResponseHours: 4,
  workingHours: { days: [1, 2, 3, 4, 5, 6], start: "09:30", end: "18:30" },
  bookingRetentionMonths: 12,
  homeVideo: null,
  socialLinks: { instagram: null, facebook: null, youtube: null, linkedin: null, x: null },
  maxActiveApplications: 10,
};
const auditOf = async (id: number, action: string) =>
  (
    await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(id)))
  ).filter((e) => e.action === action);

describe("assigning leads", () => {
  it("an admin assigns many leads at once to an active counsellor, each change audited with before and after", async () => {
    const first = await bookAs();
    const second = await bookAs();
    const before = [await row(first), await row(second)].map((r) => r?.assignedStaffId);
    const answer = await api.post(
      "/api/v1/staff/leads/assign",
      { leadIds: [first, second], staffId: team.ravi.staffId },
      as("admin"),
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.message).toBe("2 leads assigned to Ravi Kumar.");
    expect((await row(first))?.assignedStaffId).toBe(team.ravi.staffId);
    expect((await row(second))?.assignedStaffId).toBe(team.ravi.staffId);
    const ravis = (await inbox("ravi", `?q=${encodeURIComponent((await row(first))?.email ?? "")}`)).body.data;
    expect(ravis.map((l: { id: number }) => l.id)).toEqual([first]);
    // Only leads that changed hands are audited.
    for (const [i, id] of [first, second].entries()) {
      const entries = await auditOf(id, "lead.assigned");
      if (before[i] === team.ravi.staffId) expect(entries).toEqual([]);
      else {
        expect(entries).toHaveLength(1);
        expect(entries[0]).toMatchObject({
          actorStaffId: expect.any(Number),
          after: { assignedStaffId: team.ravi.staffId, assignedTo: team.ravi.fullName },
        });
        expect(entries[0]?.before).toMatchObject({ assignedStaffId: before[i] ?? null });
      }
    }
  });

  it("counsellors and read-only staff cannot assign; only an active counsellor can receive leads; bad input is a 400", async () => {
    const id = await bookAs();
    const owner = (await row(id))?.assignedStaffId;
    const other = owner === team.asha.staffId ? team.ravi.staffId : team.asha.staffId;
    for (const who of ["asha", "ravi", "viewer", "verifier"] as const)
      expect((await api.post("/api/v1/staff/leads/assign", { leadIds: [id], staffId: other }, as(who))).status, who).toBe(403);
    expect((await api.post("/api/v1/staff/leads/assign", { leadIds: [id], staffId: other })).status).toBe(404);
    expect((await row(id))?.assignedStaffId).toBe(owner);

    const toViewer = await api.post("/api/v1/staff/leads/assign", { leadIds: [id], staffId: team.viewer.staffId }, as("admin"));
    expect(toViewer.status).toBe(400);
    expect(toViewer.body.error.fields.staffId).toBe("Choose an active counsellor");
    const gone = await testApp.staff.team.create(
      { system: "test" },
      { email: `gone.${Date.now()}@leads.test`, fullName: "Gone", role: "counsellor", password: "gone-Secret-pass" },
    );
    await testApp.staff.team.setDisabled(team.admin, gone.staffId, true);
    expect((await api.post("/api/v1/staff/leads/assign", { leadIds: [id], staffId: gone.staffId }, as("admin"))).status).toBe(
      400,
    );
    expect(
      (await api.post("/api/v1/staff/leads/assign", { leadIds: [], staffId: other }, as("admin"))).body.error.fields.leadIds,
    ).toBe("Choose at least one lead");
    expect((await api.post("/api/v1/staff/leads/assign", { leadIds: ["x"], staffId: other }, as("admin"))).status).toBe(400);
    expect(
      (await api.post("/api/v1/staff/leads/assign", { leadIds: [id, 99_999_999], staffId: other }, as("admin"))).status,
    ).toBe(404);
    expect((await row(id))?.assignedStaffId).toBe(owner);
    expect(await auditOf(id, "lead.assigned")).toEqual([]);
  });
});

describe("the home page's video and the footer's social links, on the settings an admin keeps", () => {
  it("an admin sets them from the usual addresses; a counsellor is refused; a bad address names its field and loses nothing", async () => {
    const links = {
      instagram: "https://www.instagram.com/ignite.studyabroad/",
      facebook: "",
      youtube: "https://www.youtube.com/@IgniteStudyAbroad",
      linkedin: "https://www.linkedin.com/company/ignite-study-abroad/",
      x: "",
    };
    const saved = await setSettings("admin", {
      ...defaults,
      homeVideo: "https://youtu.be/aqz-KE-bpKQ?si=Xy12",
      socialLinks: links,
    });
    expect(saved.status, saved.text).toBe(200);
    const expected = {
      ...defaults,
      homeVideo: "aqz-KE-bpKQ",
      socialLinks: { ...links, facebook: null, x: null },
    };
    expect(saved.body.data).toEqual(expected);
    expect((await database.db.select().from(auditLog)).filter((e) => e.action === "settings.changed").at(-1)).toMatchObject({
      before: { homeVideo: null },
      after: { homeVideo: "aqz-KE-bpKQ", socialLinks: { instagram: links.instagram } },
    });
    try {
      // The other usual forms give the same id.
      for (const address of [
        "https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=42s",
        "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ",
        " aqz-KE-bpKQ ",
      ]) {
        const again = await setSettings("admin", { ...defaults, homeVideo: address, socialLinks: links });
        expect(again.body.data.homeVideo, address).toBe("aqz-KE-bpKQ");
      }

      for (const who of ["asha", "viewer", "verifier"] as const)
        expect((await setSettings(who, { ...defaults, homeVideo: "", socialLinks: {} })).status, who).toBe(403);

      for (const address of [
        "https://vimeo.com/76979871",
        "http://www.youtube.com/watch?v=aqz-KE-bpKQ",
        "https://www.youtube.com/watch?v=short",
        "https://youtu.be.example.com/aqz-KE-bpKQ",
        "javascript:alert(1)",
      ]) {
        const refused = await setSettings("admin", { ...defaults, homeVideo: address, socialLinks: links });
        expect(refused.status, address).toBe(400);
        expect(refused.body.error.fields.homeVideo, address).toMatch(/^Enter a YouTube video address/);
      }
      for (const [network, address] of [
        ["instagram", "https://www.instagram.com/"],
        ["facebook", "http://www.facebook.com/ignite.studyabroad"],
        ["x", "https://x.com.evil.example/ignite"],
        ["linkedin", "https://www.facebook.com/ignite.studyabroad"],
      ] as const) {
        const refused = await setSettings("admin", { ...defaults, socialLinks: { ...links, [network]: address } });
        expect(refused.status, address).toBe(400);
        expect(refused.body.error.fields.socialLinks, address).toContain(`https://`);
        expect(refused.body.error.message, address).toBe(refused.body.error.fields.socialLinks);
      }
      expect((await api.get("/api/v1/staff/settings", as("admin"))).body.data).toEqual(expected);

      // A client that sends only the older settings keeps the video and the links in force.
      const older = await setSettings("admin", {
        leadAssignment: defaults.leadAssignment,
        firstResponseHours: 5,
        workingHours: defaults.workingHours,
      });
      expect(older.status, older.text).toBe(200);
      expect(older.body.data).toEqual({ ...expected, firstResponseHours: 5 });
    } finally {
      const restored = await setSettings("admin", defaults);
      expect(restored.body.data).toEqual(defaults);
    }
  });
});

describe("round-robin or manual assignment, on the settings an admin keeps", () => {
  it("only admins read or change the settings; a bad value is a 400 naming the field", async () => {
    expect((await api.get("/api/v1/staff/settings", as("admin"))).body.data).toEqual(defaults);
    for (const who of ["asha", "viewer", "verifier"] as const) {
      expect((await api.get("/api/v1/staff/settings", as(who))).status, who).toBe(403);
      expect((await setSettings(who, { ...defaults, leadAssignment: "manual" })).status, who).toBe(403);
    }
    expect((await api.get("/api/v1/staff/settings")).status).toBe(404);
    const late = await setSettings("admin", { ...defaults, workingHours: { days: [1], start: "18:00", end: "09:00" } });
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe("The working day must end after it starts");
    expect((await setSettings("admin", { ...defaults, firstResponseHours: 0 })).status).toBe(400);
    expect((await setSettings("admin", { ...defaults, leadAssignment: "random" })).status).toBe(400);
    expect((await setSettings("admin", { ...defaults, workingHours: { ...defaults.workingHours, days: [] } })).status).toBe(400);
    expect((await api.get("/api/v1/staff/settings", as("admin"))).body.data).toEqual(defaults);
  });

  it("in manual mode new bookings and hand-entered leads stay unassigned and show under Unassigned; round-robin comes back", async () => {
    const manual = await setSettings("admin", { ...defaults, leadAssignment: "manual" });
    expect(manual.status, manual.text).toBe(200);
    expect((await database.db.select().from(auditLog)).filter((e) => e.action === "settings.changed").at(-1)).toMatchObject({
      before: { leadAssignment: "round_robin" },
      after: { leadAssignment: "manual" },
    });
    try {
      const booked = await bookAs();
      expect((await row(booked))?.assignedStaffId).toBeNull();
      const entered = await api.post("/api/v1/staff/leads", { ...bookingDetails(), source: "Phone call" }, as("admin"));
      expect(entered.status, entered.text).toBe(201);
      expect(entered.body.data.assignedStaffId).toBeNull();
      const unassigned = (await inbox("admin", "?counsellor=unassigned")).body.data.map((l: { id: number }) => l.id);
      expect(unassigned).toEqual(expect.arrayContaining([booked, entered.body.data.id]));
      expect(
        (await inbox("admin", "?counsellor=unassigned")).body.data.every(
          (l: { assignedStaffId: null }) => l.assignedStaffId === null,
        ),
      ).toBe(true);
      // Counsellors do not see unassigned leads.
      expect((await inbox("asha", "?counsellor=unassigned")).body.total).toBe(0);
    } finally {
      expect((await setSettings("admin", defaults)).status).toBe(200);
    }
    const again = await bookAs();
    expect([team.asha.staffId, team.ravi.staffId]).toContain((await row(again))?.assignedStaffId);
  });
});

describe("leads entered by hand", () => {
  it("admins and counsellors enter a lead with its source, assigned as a booking is, audited, and no mail goes out", async () => {
    const email = uniqueEmail("walk.in");
    const sent = sink.messages.length;
    const answer = await api.post(
      "/api/v1/staff/leads",
      { ...bookingDetails({ email, firstName: "Walk", lastName: "In" }), source: "Walk-in" },
      as("asha"),
    );
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.message).toBe("Lead created for Walk In.");
    expect(answer.body.data).toMatchObject({ source: "Walk-in", status: "New", email });
    expect([team.asha.staffId, team.ravi.staffId]).toContain(answer.body.data.assignedStaffId);
    const [created] = await auditOf(answer.body.data.id, "lead.created");
    expect(created).toMatchObject({ actorStaffId: team.asha.staffId, after: { source: "Walk-in" } });
    await testApp.consultations.retryPendingMail();
    await testApp.consultations.settle();
    expect(sink.messages.slice(sent).filter((m) => m.to.includes(email))).toEqual([]);
    const bySource = (await inbox("admin", "?source=Walk-in")).body.data;
    expect(bySource.map((l: { id: number }) => l.id)).toContain(answer.body.data.id);
    expect(bySource.every((l: { source: string }) => l.source === "Walk-in")).toBe(true);
    // Website bookings say so.
    expect((await row(await bookAs()))?.source).toBe("Website form");
    expect(
      (await inbox("admin", "?source=Website%20form")).body.data.every((l: { source: string }) => l.source === "Website form"),
    ).toBe(true);
  });

  it("read-only staff and verifiers cannot; a missing or website source and bad fields are a 400", async () => {
    const count = (await database.db.select().from(consultations)).length;
    expect((await api.post("/api/v1/staff/leads", { ...bookingDetails(), source: "Event" }, as("viewer"))).status).toBe(403);
    expect((await api.post("/api/v1/staff/leads", { ...bookingDetails(), source: "Event" }, as("verifier"))).status).toBe(403);
    const website = await api.post("/api/v1/staff/leads", { ...bookingDetails(), source: "Website form" }, as("admin"));
    expect(website.status).toBe(400);
    expect(website.body.error.fields.source).toBe("Choose a source from the list");
    const bad = await api.post("/api/v1/staff/leads", { ...bookingDetails({ email: "nope" }), source: "Event" }, as("admin"));
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.email).toBeDefined();
    expect((await database.db.select().from(consultations)).length).toBe(count);
  });
});

describe("inbox filters", () => {
  it("filters by counsellor and by booked IST calendar days, refusing bad dates", async () => {
    const early = await bookAs();
    const late = await bookAs();
    // 2024-03-09 23:59 IST is still the 9th in India (18:29 UTC); 2024-03-10 00:01 IST is the 10th.
    await database.db
      .update(consultations)
      .set({ createdAt: new Date("2024-03-09T18:29:00Z") })
      .where(eq(consultations.id, early));
    await database.db
      .update(consultations)
      .set({ createdAt: new Date("2024-03-09T18:31:00Z") })
      .where(eq(consultations.id, late));
    const days = async (query: string) => (await inbox("admin", query)).body.data.map((l: { id: number }) => l.id);
    expect(await days("?from=2024-03-09&to=2024-03-09")).toEqual([early]);
    expect(await days("?from=2024-03-10&to=2024-03-10")).toEqual([late]);
    expect(await days("?from=2024-03-09&to=2024-03-10")).toEqual([late, early]);
    expect(await days("?to=2024-03-10")).toEqual(expect.arrayContaining([late, early]));
    expect((await inbox("admin", "?from=2024-03-11&to=2024-03-10")).body.error.fields.to).toBe(
      "The first day must not be after the last",
    );
    expect((await inbox("admin", "?from=10/03/2024")).status).toBe(400);
    expect((await inbox("admin", "?from=2024-13-45")).status).toBe(400);

    const owner = (await row(early))?.assignedStaffId as number;
    const mine = (await inbox("admin", `?counsellor=${owner}&from=2024-03-09&to=2024-03-10`)).body.data;
    expect(mine.map((l: { id: number }) => l.id)).toContain(early);
    expect(mine.every((l: { assignedStaffId: number }) => l.assignedStaffId === owner)).toBe(true);
    expect((await inbox("admin", "?counsellor=someone")).status).toBe(400);
    // A counsellor asking for another's leads gets none of them.
    const other = owner === team.asha.staffId ? "ravi" : "asha";
    expect((await inbox(other, `?counsellor=${owner}`)).body.total).toBe(0);
  });
});

describe("duplicates and merging", () => {
  it("flags leads sharing an e-mail or phone, lists them on the lead, and merges them keeping both histories", async () => {
    const email = uniqueEmail("twice");
    const kept = await bookAs({ email, phoneNumber: "9811100001" });
    const duplicate = await bookAs({ email, phoneNumber: "9811100002" });
    const byPhone = await bookAs({ phoneNumber: "9811100001" });
    const stranger = await bookAs({ phoneNumber: "9811100003" });
    const assign = (leadIds: number[], staffId: number) =>
      api.post("/api/v1/staff/leads/assign", { leadIds, staffId }, as("admin"));
    expect((await assign([kept, duplicate, stranger], team.asha.staffId)).status).toBe(200);
    expect((await assign([byPhone], team.ravi.staffId)).status).toBe(200);

    const flags = (await inbox("admin", `?q=98111000`)).body.data as { id: number; possibleDuplicate: boolean }[];
    expect(Object.fromEntries(flags.map((l) => [l.id, l.possibleDuplicate]))).toEqual({
      [kept]: true,
      [duplicate]: true,
      [byPhone]: true,
      [stranger]: false,
    });
    const page = (await api.get(`/api/v1/staff/leads/${kept}`, as("admin"))).body;
    expect(page.duplicates.map((l: { id: number }) => l.id)).toEqual([duplicate, byPhone]);
    // Asha sees only her own duplicate, and is told another exists.
    const hers = (await api.get(`/api/v1/staff/leads/${kept}`, as("asha"))).body;
    expect(hers.duplicates.map((l: { id: number }) => l.id)).toEqual([duplicate]);
    expect(hers.hiddenDuplicates).toBe(1);

    const merge = (who: TeamMember, keep: number, dup: unknown) =>
      api.post(`/api/v1/staff/leads/${keep}/merge`, { duplicateId: dup }, as(who));
    expect((await merge("ravi", kept, duplicate)).status).toBe(404);
    expect((await merge("asha", kept, byPhone)).status).toBe(404); // Ravi's lead does not exist for Asha
    expect((await merge("viewer", kept, duplicate)).status).toBe(403);
    expect((await merge("asha", kept, stranger)).body.error.message).toBe(
      "Only leads sharing an e-mail or phone number can be merged",
    );
    expect((await merge("asha", kept, kept)).status).toBe(400);
    expect((await merge("asha", kept, "x")).status).toBe(400);
    expect((await row(duplicate))?.mergedIntoId).toBeNull();

    const merged = await merge("asha", kept, duplicate);
    expect(merged.status, merged.text).toBe(200);
    expect((await row(duplicate))?.mergedIntoId).toBe(kept);
    expect((await merge("asha", kept, duplicate)).status).toBe(409);
    const [entry] = await auditOf(kept, "lead.merged");
    expect(entry).toMatchObject({ actorStaffId: team.asha.staffId, after: { mergedLeadId: duplicate } });

    // The duplicate leaves the inbox; the kept lead shows it and both histories.
    const after = (await inbox("admin", `?q=98111000`)).body.data.map((l: { id: number }) => l.id);
    expect(after).not.toContain(duplicate);
    expect(after).toContain(kept);
    const keptPage = (await api.get(`/api/v1/staff/leads/${kept}`, as("asha"))).body;
    expect(keptPage.merged.map((l: { id: number }) => l.id)).toEqual([duplicate]);
    const subjects = new Set(keptPage.history.map((e: { subjectId: string }) => e.subjectId));
    expect(subjects).toEqual(new Set([String(kept), String(duplicate)]));
    expect(keptPage.history.map((e: { action: string }) => e.action)).toContain("lead.merged");
    // The merged lead still opens, saying where it went, and takes no more changes.
    expect((await api.get(`/api/v1/staff/leads/${duplicate}`, as("asha"))).body.data.mergedIntoId).toBe(kept);
    expect((await api.post(`/api/v1/staff/leads/${duplicate}/status`, { status: "Contacted" }, as("asha"))).status).toBe(409);

    // An admin merges across counsellors.
    expect((await merge("admin", kept, byPhone)).status).toBe(200);
    const flagged = (await inbox("admin", `?q=98111000`)).body.data as { id: number; possibleDuplicate: boolean }[];
    expect(flagged.find((l) => l.id === kept)?.possibleDuplicate).toBe(false);
  });
});

describe("first response", () => {
  // 2025-06-02 is a Monday; working hours Monday to Saturday 09:30-18:30 IST, 4 working hours by default.
  const ist = (text: string) => new Date(`${text}+05:30`);
  let clock = ist("2025-06-02T10:00");
  const atClock = () =>
    createStaffService({
      db: database.db,
      limiter: createDatabaseRateLimiter(database.db),
      log: createLogger("silent"),
      siteAddress: "http://localhost:3000",
      now: () => clock,
    });
  const bookedAt = async (at: Date, staffId: number) => {
    const id = await bookAs();
    await database.db.update(consultations).set({ createdAt: at, assignedStaffId: staffId }).where(eq(consultations.id, id));
    return id;
  };

  it("a lead is due four working hours after booking, and is overdue while still New after that", async () => {
    const evening = await bookedAt(ist("2025-06-02T17:30"), team.asha.staffId);
    const morning = await bookedAt(ist("2025-06-02T10:00"), team.asha.staffId);
    const service = atClock();
    const asha = team.asha;
    clock = ist("2025-06-02T13:59");
    expect(await service.leads.get(asha, morning)).toMatchObject({
      firstResponseDue: ist("2025-06-02T14:00"),
      firstResponse: "pending",
    });
    expect(await service.leads.get(asha, evening)).toMatchObject({
      firstResponseDue: ist("2025-06-03T12:30"),
      firstResponse: "pending",
    });
    clock = ist("2025-06-02T14:00");
    expect((await service.leads.get(asha, morning)).firstResponse).toBe("overdue");
    // The evening booking runs into Tuesday morning: the night does not count.
    clock = ist("2025-06-03T12:29");
    let overdue = (await service.leads.overdue(asha)).map((l) => l.id);
    expect(overdue).toContain(morning);
    expect(overdue).not.toContain(evening);
    clock = ist("2025-06-03T12:30");
    overdue = (await service.leads.overdue(asha)).map((l) => l.id);
    expect(overdue).toEqual(expect.arrayContaining([morning, evening]));
    // Only leads the member may see; all of them for an admin.
    expect((await service.leads.overdue(team.ravi)).map((l) => l.id)).not.toContain(morning);
    expect((await service.leads.overdue(team.admin)).map((l) => l.id)).toContain(morning);
    // The inbox's "Overdue only" agrees with the due time (on the real clock these are long overdue).
    const onlyOverdue = (await inbox("asha", "?overdue=1")).body.data;
    expect(onlyOverdue.map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining([morning, evening]));
    expect(onlyOverdue.every((l: { firstResponse: string }) => l.firstResponse === "overdue")).toBe(true);
    const fresh = await bookAs();
    expect((await inbox("admin", "?overdue=1")).body.data.map((l: { id: number }) => l.id)).not.toContain(fresh);
    expect((await api.get(`/api/v1/staff/leads/${fresh}`, as("admin"))).body.data.firstResponse).toBe("pending");
  });

  it("first contact is recorded the first time a lead leaves New: in time it is met, late it is missed", async () => {
    const service = atClock();
    const asha = team.asha;
    const onTime = await bookedAt(ist("2025-06-07T17:00"), team.asha.staffId); // Saturday evening: due Monday 12:30
    const tooLate = await bookedAt(ist("2025-06-02T09:00"), team.asha.staffId); // before opening: due Monday 13:30
    clock = ist("2025-06-09T12:00");
    const contacted = await service.leads.changeStatus(asha, onTime, { status: "Contacted" });
    expect(contacted).toMatchObject({ firstContactedAt: clock, firstResponse: "met" });
    clock = ist("2025-06-09T15:00");
    expect((await service.leads.changeStatus(asha, tooLate, { status: "Qualified" })).firstResponse).toBe("missed");
    // Later changes keep the first contact.
    await service.leads.changeStatus(asha, onTime, { status: "New" });
    await service.leads.changeStatus(asha, onTime, { status: "Qualified" });
    expect((await row(onTime))?.firstContactedAt).toEqual(ist("2025-06-09T12:00"));
    // Back to New after a first contact is not overdue.
    expect((await service.leads.overdue(asha)).map((l) => l.id)).not.toContain(onTime);
    // Read-only staff change nothing, the first contact included.
    const untouched = await bookedAt(ist("2025-06-02T10:00"), team.asha.staffId);
    await expect(service.leads.changeStatus(team.viewer, untouched, { status: "Contacted" })).rejects.toMatchObject({
      status: 403,
    });
    expect((await row(untouched))?.firstContactedAt).toBeNull();
  });

  it("the target and the working hours follow the settings", async () => {
    const service = atClock();
    const asha = team.asha;
    const id = await bookedAt(ist("2025-06-02T10:00"), team.asha.staffId);
    expect((await setSettings("admin", { ...defaults, firstResponseHours: 8 })).status).toBe(200);
    try {
      clock = ist("2025-06-02T15:00");
      expect(await service.leads.get(asha, id)).toMatchObject({
        firstResponseDue: ist("2025-06-02T18:00"),
        firstResponse: "pending",
      });
      const weekdays = {
        ...defaults,
        firstResponseHours: 8,
        workingHours: { days: [1, 2, 3, 4, 5], start: "10:00", end: "18:00" },
      };
      expect((await setSettings("admin", weekdays)).status).toBe(200);
      const friday = await bookedAt(ist("2025-06-06T14:00"), team.asha.staffId);
      expect((await service.leads.get(asha, friday)).firstResponseDue).toEqual(ist("2025-06-09T14:00"));
    } finally {
      expect((await setSettings("admin", defaults)).status).toBe(200);
    }
  });
});
