import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../modules/tables.ts";
import { type DatabaseHandle, queryRows } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { exportReady } from "../../tests/support/data-export.ts";
import { createApplication, createCourse, createStudent, createUniversity, type Student } from "../../tests/support/factories.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * The departure checklist (decision 0083): it opens on an application when its counsellor records the
 * visa granted, holds the destination's steps dated from the course's start (the intake month's first
 * day), which the student ticks once each; the counsellor reads the state (audited, their students
 * only); the open steps join Deadlines; a destination without data says so; the ticks are in the export
 * and go with the account. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let student: Student;
let ukApplication: number;
let franceApplication: number;
const next = new Date().getUTCFullYear() + 1;

const toTheVisa = [
  "Ready to submit",
  "Submitted",
  { status: "Unconditional offer" },
  "Offer accepted",
  { status: "Confirmation issued", details: { confirmationKind: "CAS", confirmationNumber: "E4G7H2K9M1" } },
  "Visa applied",
];

beforeAll(async () => {
  database = await openTestDatabase();
  testApp = createTestApp(database, { DATA_DIR: mkdtempSync(path.join(tmpdir(), "ignite-departure-")) });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "departure.test");
  const countries = (await api.get("/api/v1/staff/catalogue/countries", team.as("admin"))).body.data as {
    id: number;
    name: string;
  }[];
  const countryId = (name: string) => countries.find((c) => c.name === name)?.id as number;
  const leeds = await createUniversity(api, team.admin, { countryId: countryId("United Kingdom"), city: "Leeds" });
  const lyon = await createUniversity(api, team.admin, { countryId: countryId("France"), city: "Lyon" });
  const ukCourse = await createCourse(api, team.admin, {
    universityId: leeds.id,
    name: "MSc Sustainable Energy",
    feeCurrency: "GBP",
  });
  const frenchCourse = await createCourse(api, team.admin, {
    universityId: lyon.id,
    name: "MSc Data Science",
    feeCurrency: "EUR",
  });
  student = await createStudent(api, { name: "अनन्या मेनन" });
  const assigned = await api.post(
    `/api/v1/staff/students/${student.studentId}/counsellor`,
    { counsellorStaffId: team.asha.staffId },
    team.as("admin"),
  );
  expect(assigned.status, assigned.text).toBe(200);
  const intake = { intakeMonth: 9, intakeYear: next };
  ukApplication = (await createApplication(api, team.asha, student, ukCourse.id, { intake, moves: toTheVisa })).id;
  franceApplication = (
    await createApplication(api, team.asha, student, frenchCourse.id, {
      intake,
      moves: [...toTheVisa, { status: "Visa granted", details: { visaDecisionDate: `${next}-06-20` } }],
    })
  ).id;
});
afterAll(async () => {
  await database.close();
});

const checklistOf = (id: number, who: Student = student) =>
  api.get(`/api/v1/students/me/applications/${id}/departure`, { cookie: who.cookie });
const tick = (id: number, item: string, done: boolean, who: Student = student) =>
  api.put(`/api/v1/students/me/applications/${id}/departure/${item}`, { done }, { cookie: who.cookie });

describe("the departure checklist", () => {
  it("is not there before the visa is granted: reading or ticking it is refused with why", async () => {
    const early = await checklistOf(ukApplication);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe("The departure checklist opens when your visa is granted.");
    expect((await tick(ukApplication, "flight", true)).status).toBe(409);
  });

  it("opens when the counsellor records the visa granted, each step dated from the course's first day", async () => {
    const moved = await api.post(
      `/api/v1/staff/applications/${ukApplication}/moves`,
      { status: "Visa granted", details: { visaDecisionDate: `${next}-06-20` } },
      team.as("asha"),
    );
    expect(moved.status, moved.text).toBe(200);
    const { status, body } = await checklistOf(ukApplication);
    expect(status).toBe(200);
    const data = body.data;
    expect(data).toMatchObject({ country: "United Kingdom", course_start: `${next}-09-01`, has_data: true });
    const day = (key: string) => data.items.find((i: { key: string }) => i.key === key)?.day;
    // The course starts on 1 September (the intake month's first day). Counted back by hand:
    // accommodation 60 days before: 1 Sep - 31 days (August) = 1 Aug; - 29 more = 3 July.
    expect(day("accommodation")).toBe(`${next}-07-03`);
    // flight 40 days before: 1 Aug - 9 = 23 July.
    expect(day("flight")).toBe(`${next}-07-23`);
    // the eVisa account 21 days before: 31 Aug is 1 day before, so 21 days before is 11 August.
    expect(day("evisa-account")).toBe(`${next}-08-11`);
    // hand luggage a week before: 25 August; enrolment on the first day.
    expect(day("hand-luggage")).toBe(`${next}-08-25`);
    expect(day("enrolment")).toBe(`${next}-09-01`);
    // Soonest first, and every kind the issue names for the UK is there.
    const days = data.items.map((i: { day: string }) => i.day);
    expect(days).toEqual([...days].sort());
    expect(new Set(data.items.map((i: { kind: string }) => i.kind))).toEqual(
      new Set(["accommodation", "flight", "money", "medical", "arrival", "luggage"]),
    );
    // A step read only in secondary reports carries no address and says it is to be confirmed.
    const evisa = data.items.find((i: { key: string }) => i.key === "evisa-account");
    expect(evisa.source).toMatchObject({ official: false, address: null, checked: "2026-11-27" });
    expect(evisa.detail.en).toContain("To be confirmed");
    const funds = data.items.find((i: { key: string }) => i.key === "accommodation");
    expect(funds.source).toMatchObject({ official: true, address: "https://www.gov.uk/student-visa/money" });
    expect(data.items.every((i: { done: boolean }) => !i.done)).toBe(true);
  });

  it("lets the student tick a step once, however often pressed, and take the tick off", async () => {
    const first = await tick(ukApplication, "flight", true);
    expect(first.status, first.text).toBe(200);
    expect(first.body.message).toBe("Ticked.");
    const again = await tick(ukApplication, "flight", true);
    expect(again.status).toBe(200);
    const ticks = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from departure_ticks where application_id = ${ukApplication} and item = 'flight'`,
    );
    expect(ticks[0]?.n).toBe(1);
    expect((await tick(ukApplication, "tb-certificate", true)).status).toBe(200);
    const off = await tick(ukApplication, "tb-certificate", false);
    expect(off.body.message).toBe("Tick removed.");
    const done = off.body.data.items.filter((i: { done: boolean }) => i.done).map((i: { key: string }) => i.key);
    expect(done).toEqual(["flight"]);
    const unknown = await tick(ukApplication, "visit-the-moon", true);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("No such item on this checklist.");
    expect(
      (
        await api.put(
          `/api/v1/students/me/applications/${ukApplication}/departure/flight`,
          { done: "yes" },
          { cookie: student.cookie },
        )
      ).status,
    ).toBe(400);
  });

  it("is the student's own: another student reading or ticking it is told there is no such application", async () => {
    const stranger = await createStudent(api, { name: "Kabir Shah" });
    expect((await checklistOf(ukApplication, stranger)).status).toBe(404);
    expect((await tick(ukApplication, "accommodation", true, stranger)).status).toBe(404);
  });

  it("puts the steps not yet ticked into Deadlines on their days, in English and Hindi", async () => {
    const { body } = await api.get("/api/v1/students/me/deadlines", { cookie: student.cookie });
    const departure = body.data.items.filter((i: { kind: string }) => i.kind === "departure");
    const keys = departure.map((i: { uid: string }) => i.uid);
    expect(keys).toContain(`departure-${ukApplication}-accommodation`);
    expect(keys).not.toContain(`departure-${ukApplication}-flight`);
    const accommodation = departure.find((i: { uid: string }) => i.uid === `departure-${ukApplication}-accommodation`);
    expect(accommodation).toMatchObject({
      day: `${next}-07-03`,
      title: "Secure your accommodation",
      titleHi: "रहने की जगह पक्की करें",
    });
  });

  it("says plainly when there is no checklist for the destination", async () => {
    const { status, body } = await checklistOf(franceApplication);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ country: "France", has_data: false, items: [] });
  });

  it("shows the counsellor the state, audited, and no other counsellor", async () => {
    const asha = { staffId: team.asha.staffId, email: team.asha.email, fullName: team.asha.fullName, role: team.asha.role };
    const seen = await testApp.departure.forStaff(asha, ukApplication);
    expect(seen?.items.find((i) => i.key === "flight")?.done).toBe(true);
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "departure_checklist.viewed"), eq(auditLog.studentId, student.studentId)));
    expect(audited).toHaveLength(1);
    expect(audited[0]?.actorStaffId).toBe(team.asha.staffId);
    const log = (await api.get("/api/v1/students/me/access-log", { cookie: student.cookie })).body.data;
    expect(log[0]).toMatchObject({
      action: "departure_checklist.viewed",
      staffName: team.asha.fullName,
      staffRole: "Counsellor",
      what: "departure checklist",
      text: "Looked at your departure checklist",
    });
    const ravi = { staffId: team.ravi.staffId, email: team.ravi.email, fullName: team.ravi.fullName, role: team.ravi.role };
    await expect(testApp.departure.forStaff(ravi, ukApplication)).rejects.toMatchObject({ status: 404 });
  });

  it("puts the ticks in the data export and erases them with the account", async () => {
    expect((await api.post("/api/v1/students/me/data-export", undefined, { cookie: student.cookie })).status).toBe(202);
    const ready = await exportReady(api, student.cookie);
    const zip = unzipSync(new Uint8Array(await (await api.fetch(ready.url, { cookie: student.cookie })).arrayBuffer()));
    const data = JSON.parse(new TextDecoder().decode(zip["ignite-data.json"]));
    expect(data.departureChecklist).toEqual([{ applicationId: ukApplication, item: "flight", tickedAt: expect.any(String) }]);
    const erased = await api.post("/api/v1/students/me/erase", { password: student.password }, { cookie: student.cookie });
    expect(erased.status, erased.text).toBe(200);
    const left = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from departure_ticks where student_id = ${student.studentId}`,
    );
    expect(left[0]?.n).toBe(0);
  });
});
