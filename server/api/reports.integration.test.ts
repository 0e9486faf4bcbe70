import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationEvents } from "../../modules/applications/tables.ts";
import { courseIntakes, courses } from "../../modules/catalogue/tables.ts";
import { createStaffService } from "../../modules/console/console.ts";
import { defaultConsoleSettings } from "../../modules/console-settings.ts";
import { consultations } from "../../modules/leads/tables.ts";
import { staff } from "../../modules/staff/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createLogger } from "../../platform/log.ts";
import { createDatabaseRateLimiter } from "../../platform/rate-limit.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createApplication, createLead, createStudent } from "../../tests/support/factories.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffTeam, type StaffTeam, type TeamMember } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * The reports dashboard's figures over a small known history: four leads booked recently and one two
 * years ago, two converted students with applications moved through the stages, event times set so
 * the stays in each stage are known. Admins and read-only staff see all of it, a counsellor their own.
 */
let database: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const istDay = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
const twoYearsAgo = new Date(Date.now() - 730 * DAY);
/** An instant given as an IST day and time ("HH:MM" or "HH:MM:SS.mmm"). */
const at = (isoDay: string, time: string) => new Date(`${isoDay}T${time}+05:30`);
/** The IST midnight of the latest day on or before `ms` that is this weekday (0 Sunday). */
function weekdayBefore(ms: number, weekday: number): Date {
  let day = new Date(`${istDay(new Date(ms))}T00:00:00+05:30`);
  while (new Date(day.getTime() + 330 * 60_000).getUTCDay() !== weekday) day = new Date(day.getTime() - DAY);
  return day;
}

const as = (who: TeamMember) => team.as(who);
const report = (who: TeamMember, query = "") => api.get(`/api/v1/staff/reports${query}`, as(who));

let bookings = 0;
async function bookFor(counsellor: "asha" | "ravi", destination: string, email?: string) {
  bookings += 1;
  const lead = await createLead(
    api,
    { studyDestination: destination, ...(email ? { email } : {}) },
    { ip: `203.0.113.${bookings}`, assignTo: team[counsellor], by: as("admin") },
  );
  return lead.id;
}
async function setStatus(leadId: number, status: string) {
  expect((await api.post(`/api/v1/staff/leads/${leadId}/status`, { status }, as("admin"))).status).toBe(200);
}
/** Gives an application's events, in order, the times base + each offset (days). */
async function timeEvents(applicationId: number, base: number, offsetsInDays: number[]) {
  const events = await database.db
    .select({ id: applicationEvents.id })
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, applicationId))
    .orderBy(applicationEvents.id);
  expect(events).toHaveLength(offsetsInDays.length);
  for (const [i, event] of events.entries())
    await database.db
      .update(applicationEvents)
      .set({ at: new Date(base + (offsetsInDays[i] as number) * DAY) })
      .where(eq(applicationEvents.id, event.id));
}

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  testApp = createTestApp(database, { SMTP_URL: sink.url });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "reports.test");
  const meera = await createStudent(api, { name: "Meera Nair" });
  const arjun = await createStudent(api, { name: "Arjun Rao" });
  const [course] = await database.db.select({ id: courses.id }).from(courses).limit(1);
  if (!course) throw new Error("no course");
  // Its applications are for September next year: without the demo's intakes (decision 0030) it takes any month.
  await database.db.delete(courseIntakes).where(eq(courseIntakes.courseId, course.id));

  // L1 (Asha): contacted at once, converted; Meera's application goes all the way to Enrolled.
  const l1 = await bookFor("asha", "Germany", meera.email);
  await setStatus(l1, "Contacted");
  await setStatus(l1, "Converted");
  // L2 (Ravi): converted; Arjun's application gets an offer, then the visa is refused.
  const l2 = await bookFor("ravi", "Ireland", arjun.email);
  await setStatus(l2, "Converted");
  // Converting links the leads to the accounts but moves no student (decision 0034): the admin chooses their counsellors.
  for (const [student, counsellor] of [
    [meera, team.asha.staffId],
    [arjun, team.ravi.staffId],
  ] as const) {
    const chosen = await api.post(
      `/api/v1/staff/students/${student.studentId}/counsellor`,
      { counsellorStaffId: counsellor },
      as("admin"),
    );
    expect(chosen.status).toBe(200);
  }
  // L3 (Asha): booked on a Monday at 10:00, contacted at 19:00: eight and a half working hours, late
  // against the default four-hour target.
  const l3 = await bookFor("asha", "Germany");
  await setStatus(l3, "Contacted");
  // L4 (Asha): booked that Monday at 10:00 and still New (due at 14:00, long past: late too).
  const l4 = await bookFor("asha", "France");
  // L5 (Ravi): booked two years ago, outside the default range.
  const l5 = await bookFor("ravi", "Germany");
  const monday = istDay(weekdayBefore(Date.now() - 7 * DAY, 1));
  await database.db
    .update(consultations)
    .set({ createdAt: at(monday, "10:00"), firstContactedAt: at(monday, "19:00") })
    .where(eq(consultations.id, l3));
  await database.db
    .update(consultations)
    .set({ createdAt: at(monday, "10:00") })
    .where(eq(consultations.id, l4));
  await database.db.update(consultations).set({ createdAt: twoYearsAgo }).where(eq(consultations.id, l5));
  await database.db
    .update(consultations)
    .set({ createdAt: new Date(Date.now() - 90 * DAY), firstContactedAt: new Date(Date.now() - 90 * DAY + HOUR) })
    .where(inArray(consultations.id, [l1, l2]));

  const meeras = (
    await createApplication(api, as("admin"), meera, course.id, {
      moves: [
        "Ready to submit",
        "Submitted",
        { status: "Conditional offer", details: { offerConditions: "IELTS 6.5" } },
        "Offer accepted",
        { status: "Confirmation issued", details: { confirmationKind: "CAS", confirmationNumber: "CAS-1" } },
        "Visa applied",
        { status: "Visa granted", details: { visaDecisionDate: "2026-01-10" } },
        "Enrolled",
      ],
    })
  ).id as number;
  const arjuns = (
    await createApplication(api, as("admin"), arjun, course.id, {
      moves: [
        "Ready to submit",
        "Submitted",
        "Unconditional offer",
        "Offer accepted",
        { status: "Confirmation issued", details: { confirmationKind: "CAS", confirmationNumber: "CAS-2" } },
        "Visa applied",
        { status: "Visa refused", details: { visaDecisionDate: "2026-01-10", refusalReason: "Funds" } },
      ],
    })
  ).id as number;
  // Stays: Shortlisted 2 and 1 days, Ready to submit 1 and 3, Submitted 10 and 4, Visa applied 20 and 30.
  const base = Date.now() - 80 * DAY;
  await timeEvents(meeras, base, [0, 2, 3, 13, 15, 20, 25, 45, 50]);
  await timeEvents(arjuns, base, [0, 1, 4, 8, 10, 15, 20, 50]);
});
afterAll(async () => {
  await testApp.consultations.settle();
  await sink.close();
  await database.close();
});

const steps = (row: Record<string, number>) => [
  row.booked,
  row.contacted,
  row.converted,
  row.applied,
  row.offered,
  row.visaGranted,
  row.enrolled,
];
const byKey = (rows: { label: string }[]) => Object.fromEntries(rows.map((r) => [r.label, steps(r as never)]));

describe("the reports dashboard's figures", () => {
  it("counts the whole funnel for an admin, by month, intake, destination, source and counsellor", async () => {
    const answer = await report("admin");
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.scope).toBe("all");
    expect(steps(data.total)).toEqual([4, 3, 2, 2, 2, 1, 1]);
    expect(data.total.firstResponseMissed).toBe(2);
    expect(data.total.rates).toEqual({
      booked: null,
      contacted: 75,
      converted: 66.7,
      applied: 100,
      offered: 100,
      visaGranted: 50,
      enrolled: 100,
    });
    expect(byKey(data.funnel.destination)).toEqual({
      Germany: [2, 2, 1, 1, 1, 1, 1],
      Ireland: [1, 1, 1, 1, 1, 0, 0],
      France: [1, 0, 0, 0, 0, 0, 0],
    });
    expect(byKey(data.funnel.counsellor)).toEqual({
      [team.asha.fullName]: [3, 2, 1, 1, 1, 1, 1],
      [team.ravi.fullName]: [1, 1, 1, 1, 1, 0, 0],
    });
    expect(byKey(data.funnel.source)).toEqual({ "Website form": [4, 3, 2, 2, 2, 1, 1] });
    const intake = `September ${new Date().getUTCFullYear() + 1}`;
    expect(byKey(data.funnel.intake)).toEqual({ [intake]: [2, 2, 2, 2, 2, 1, 1], "No application yet": [2, 1, 0, 0, 0, 0, 0] });
    const months = data.funnel.month.map((r: { booked: number }) => r.booked);
    expect(months.reduce((a: number, b: number) => a + b, 0)).toBe(4);
    expect(data.outcomes).toMatchObject({ offers: 2, visasGranted: 1, visasRefused: 1 });
    expect((await report("viewer")).body.data).toEqual(data);
  });

  it("gives the median days in each stage from the applications' events", async () => {
    const { stageDurations } = (await report("admin")).body.data;
    expect(stageDurations).toEqual([
      { stage: "Shortlisted", stays: 2, medianDays: 1.5 },
      { stage: "Ready to submit", stays: 2, medianDays: 2 },
      { stage: "Submitted", stays: 2, medianDays: 7 },
      { stage: "Conditional offer", stays: 1, medianDays: 2 },
      { stage: "Unconditional offer", stays: 1, medianDays: 2 },
      { stage: "Offer accepted", stays: 2, medianDays: 5 },
      { stage: "Confirmation issued", stays: 2, medianDays: 5 },
      { stage: "Visa applied", stays: 2, medianDays: 25 },
      { stage: "Visa granted", stays: 1, medianDays: 5 },
    ]);
  });

  it("shows a counsellor only their own leads and students, and no breakdown by counsellor", async () => {
    const asha = (await report("asha")).body.data;
    expect(asha.scope).toBe("own");
    expect(steps(asha.total)).toEqual([3, 2, 1, 1, 1, 1, 1]);
    expect(asha.total.firstResponseMissed).toBe(2);
    expect(asha.funnel.counsellor).toBeUndefined();
    expect(asha.outcomes).toMatchObject({ offers: 1, visasGranted: 1, visasRefused: 0 });
    expect(asha.stageDurations.find((s: { stage: string }) => s.stage === "Submitted")).toEqual({
      stage: "Submitted",
      stays: 1,
      medianDays: 10,
    });
    const ravi = (await report("ravi")).body.data;
    expect(steps(ravi.total)).toEqual([1, 1, 1, 1, 1, 0, 0]);
    expect(ravi.total.firstResponseMissed).toBe(0);
    expect(ravi.outcomes).toMatchObject({ offers: 1, visasGranted: 0, visasRefused: 1 });
  });

  it("counts only leads booked in the range asked for", async () => {
    const day = istDay(twoYearsAgo);
    const old = (await report("admin", `?from=${day}&to=${day}`)).body.data;
    expect(old.range).toEqual({ from: day, to: day });
    expect(steps(old.total)).toEqual([1, 0, 0, 0, 0, 0, 0]);
    expect(old.outcomes).toMatchObject({ offers: 0, visasGranted: 0, visasRefused: 0 });
    expect(old.stageDurations).toEqual([]);
    const refused = await report("admin", "?from=2026-05-02&to=2026-05-01");
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.from).toBeDefined();
    expect((await report("admin", "?from=yesterday")).status).toBe(400);
  });

  it("refuses document verifiers, and does not exist without a staff session", async () => {
    expect((await report("verifier")).status).toBe(403);
    expect((await api.get("/api/v1/staff/reports")).status).toBe(404);
  });

  it("is described in the OpenAPI document", async () => {
    const { body } = await api.get("/api/openapi.json");
    expect(body.paths["/api/v1/staff/reports"].get.operationId).toBe("getReports");
    const answerKeys = Object.keys((await report("admin")).body.data).sort();
    expect(Object.keys(body.components.schemas.Report.properties).sort()).toEqual(answerKeys);
  });
});

/**
 * Late first responses, counted in working hours as the inbox counts them (decision 0013): a week
 * about fifteen months back, outside the default range, with the admin's calendar set to Monday to
 * Friday, 09:30 to 18:30 IST and the four-hour target. Six leads of Ravi's, around one weekend.
 */
describe("first responses missed, in working hours", () => {
  const friday = istDay(weekdayBefore(Date.now() - 450 * DAY, 5));
  const saturday = istDay(new Date(Date.parse(`${friday}T12:00:00+05:30`) + DAY));
  const monday = istDay(new Date(Date.parse(`${friday}T12:00:00+05:30`) + 3 * DAY));
  const range = `?from=${friday}&to=${monday}`;
  const weekdays = { days: [1, 2, 3, 4, 5], start: "09:30", end: "18:30" };
  const settings = (workingHours: typeof weekdays) =>
    api.put("/api/v1/staff/settings", { ...defaultConsoleSettings, workingHours }, as("admin"));
  const lead: Record<string, number> = {};

  beforeAll(async () => {
    expect((await settings(weekdays)).status).toBe(200);
    const leads: [string, string, string, string | null][] = [
      // name, booked (IST day, time), first contact on Monday (null: still New)
      ["fridayEvening", friday, "19:00", "11:00"], // 1.5 working hours: in time (64 wall-clock hours)
      ["fiveHours", friday, "16:30", "12:30"], // 2 on Friday + 3 on Monday: late
      ["stillNew", friday, "18:00", null], // due Monday 13:00, long past: late
      ["exactlyOnTime", friday, "16:30", "11:30:00.000"], // exactly four working hours: in time
      ["oneMillisecondLate", friday, "16:30", "11:30:00.001"], // late
      ["saturday", saturday, "10:00", "13:30"], // a day off: due Monday 13:30, contacted then: in time
    ];
    for (const [name, day, time, contact] of leads) {
      const id = await bookFor("ravi", "Ireland");
      lead[name] = id;
      if (contact) await setStatus(id, "Contacted");
      await database.db
        .update(consultations)
        .set({ createdAt: at(day, time), firstContactedAt: contact ? at(monday, contact) : null })
        .where(eq(consultations.id, id));
    }
  });
  afterAll(async () => {
    expect((await settings(defaultConsoleSettings.workingHours)).status).toBe(200);
  });

  it("does not count a lead booked on Friday evening and contacted on Monday morning; counts one answered after five working hours", async () => {
    const data = (await report("admin", range)).body.data;
    expect(data.total.booked).toBe(6);
    expect(data.firstResponseHours).toBe(4);
    expect(data.workingHours).toEqual(weekdays);
    // Late: five working hours, still New past Monday 13:00, one millisecond late. In wall-clock hours all six were.
    expect(data.total.firstResponseMissed).toBe(3);
    expect(data.funnel.counsellor).toEqual([
      expect.objectContaining({ label: team.ravi.fullName, booked: 6, firstResponseMissed: 3 }),
    ]);
    expect(data.funnel.month.reduce((n: number, r: { firstResponseMissed: number }) => n + r.firstResponseMissed, 0)).toBe(3);
    expect((await report("ravi", range)).body.data.total.firstResponseMissed).toBe(3);
  });

  it("counts exactly the leads the inbox shows as missed or overdue", async () => {
    const inbox = await api.get(`/api/v1/staff/leads${range}`, as("admin"));
    expect(inbox.status).toBe(200);
    const states = Object.fromEntries(
      (inbox.body.data as { id: number; firstResponse: string }[]).map((l) => [l.id, l.firstResponse]),
    );
    expect(states).toEqual({
      [lead.fridayEvening as number]: "met",
      [lead.fiveHours as number]: "missed",
      [lead.stillNew as number]: "overdue",
      [lead.exactlyOnTime as number]: "met",
      [lead.oneMillisecondLate as number]: "missed",
      [lead.saturday as number]: "met",
    });
    const late = Object.values(states).filter((s) => s === "missed" || s === "overdue").length;
    expect((await report("admin", range)).body.data.total.firstResponseMissed).toBe(late);
  });

  it("follows the admin's working days: with Saturdays worked, all six are late", async () => {
    expect((await settings(defaultConsoleSettings.workingHours)).status).toBe(200);
    try {
      const data = (await report("admin", range)).body.data;
      expect(data.workingHours).toEqual(defaultConsoleSettings.workingHours);
      expect(data.total.firstResponseMissed).toBe(6);
    } finally {
      expect((await settings(weekdays)).status).toBe(200);
    }
  });

  it("counts a lead still New as late only once its working hours have run out, as the inbox does", async () => {
    const [admin] = await database.db.select().from(staff).where(eq(staff.email, "admin@reports.test"));
    if (!admin) throw new Error("no admin");
    const member = { staffId: admin.id, email: admin.email, fullName: admin.fullName, role: admin.role };
    // The same service at two moments of that Monday: just before the New lead's due time (13:00), and at it.
    for (const [time, missed, overdue] of [
      ["12:59", 2, false],
      ["13:00", 3, true],
    ] as const) {
      const service = createStaffService({
        db: database.db,
        limiter: createDatabaseRateLimiter(database.db),
        log: createLogger("silent"),
        siteAddress: "http://localhost:3000",
        now: () => at(monday, time),
      });
      const figures = await service.reports.get(member, { from: friday, to: monday });
      expect(figures.total.firstResponseMissed, time).toBe(missed);
      const { leads } = await service.leads.list(member, { from: friday, to: monday });
      const stillNew = leads.find((l) => l.id === lead.stillNew);
      expect(stillNew?.firstResponse, time).toBe(overdue ? "overdue" : "pending");
      expect(leads.filter((l) => l.firstResponse === "missed" || l.firstResponse === "overdue")).toHaveLength(missed);
    }
  });
});
