import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../platform/config.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createLogger } from "../../platform/log.ts";
import { createServices, type Services } from "../../server/services.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createApplication, createCourse, createStudent, type Student } from "../../tests/support/factories.ts";
import { countingQueries } from "../../tests/support/query-count.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import { courseIntakes } from "../catalogue/tables.ts";

/**
 * How many queries a student's Deadlines and home cost (decision 0087), counted on the server's own services
 * over the test database: the offers are read only for a student with an application that may hold one
 * (decision 0103), and the dates of one who has an offer are still there. PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
let database: DatabaseHandle & { url?: string };
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let counting: ReturnType<typeof countingQueries>;
let services: Services;
let withoutOffers: Student;
let withAnOffer: Student;
const year = new Date().getUTCFullYear() + 1;
const readsOffers = (query: string) => /\bfrom "offers"/.test(query);

beforeAll(async () => {
  database = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "ignite-query-count-"));
  testApp = createTestApp(database, { DATA_DIR: dataDir });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "query-count.test");
  counting = countingQueries(database);
  services = createServices({
    config: loadConfig({ SEED: "none", DATA_DIR: dataDir }),
    database: counting.handle,
    log: createLogger("silent"),
  });
  // The catalogue mirror's own reads (a poll every half second) are no request's: stopped before counting.
  services.catalogueMirror.stop();
  await services.catalogueMirror.check();

  // Each course's September intake next year, applications due by 31 July.
  const course = async (name: string) => {
    const made = await createCourse(api, team.admin, { name });
    await database.db.insert(courseIntakes).values({ courseId: made.id, month: 9, year, deadline: `${year}-07-31` });
    return made;
  };
  // Two applications still being put together: none can hold an offer.
  withoutOffers = await createStudent(api, { name: "कविता नायर" });
  await createApplication(api, team.admin, withoutOffers, (await course("MSc Marine Biology")).id);
  await createApplication(api, team.admin, withoutOffers, (await course("MSc Ocean Engineering")).id, {
    moves: ["Documents pending"],
  });
  // One submitted, with the university's offer recorded: a reply date, a deposit and a condition ahead.
  withAnOffer = await createStudent(api, { name: "अर्जुन मेहता" });
  await createApplication(api, team.admin, withAnOffer, (await course("MSc Coastal Management")).id);
  const offered = await createApplication(api, team.admin, withAnOffer, (await course("MSc Hydrology")).id, {
    moves: ["Ready to submit", "Submitted"],
  });
  const recorded = await api.put(
    `/api/v1/staff/applications/${offered.id}/offer`,
    {
      kind: "conditional",
      replyBy: `${year}-05-31`,
      conditions: [{ text: "IELTS 6.5 overall", state: "pending", dueOn: `${year}-06-30` }],
      deposit: { amount: "2,000", currency: "GBP", dueOn: `${year}-06-15` },
    },
    team.as("admin"),
  );
  expect(recorded.status, recorded.text).toBe(200);
}, 60_000);

afterAll(async () => {
  await services?.close();
  await counting?.close();
  await testApp?.close();
  await database?.close();
});

describe("the queries of a student's Deadlines and home", () => {
  it("a student without an application that may hold an offer: the offers are not read", async () => {
    const deadlines = await counting.during(() => services.deadlines.list(withoutOffers.studentId));
    const home = await counting.during(() => services.home.forStudent(withoutOffers.studentId));
    expect(deadlines.queries.filter(readsOffers)).toEqual([]);
    expect(home.queries.filter(readsOffers)).toEqual([]);
    // Both deadlines are still there, with what each package misses.
    const applicationDays = deadlines.result.filter((item) => item.kind === "application");
    expect(applicationDays.map((item) => `${item.day} ${item.title}`)).toEqual([
      `${year}-07-31 MSc Marine Biology`,
      `${year}-07-31 MSc Ocean Engineering`,
    ]);
    expect(applicationDays.every((item) => item.missing.length > 0)).toBe(true);
    expect(home.result.deadlines).toEqual(deadlines.result);
    // 10 and 13 while the offers were read for everyone.
    expect(deadlines.queries).toHaveLength(9);
    expect(home.queries).toHaveLength(12);
  });

  it("a student with an offer: the offers are read once, and its three dates are on both", async () => {
    const deadlines = await counting.during(() => services.deadlines.list(withAnOffer.studentId));
    const home = await counting.during(() => services.home.forStudent(withAnOffer.studentId));
    expect(deadlines.queries.filter(readsOffers)).toHaveLength(1);
    expect(home.queries.filter(readsOffers)).toHaveLength(1);
    expect(deadlines.queries).toHaveLength(11);
    expect(home.queries).toHaveLength(14);
    const offerDays = (items: readonly { kind: string; day: string; title: string }[]) =>
      items.filter((item) => item.kind === "offer").map((item) => `${item.day} ${item.title}`);
    const expected = [
      `${year}-05-31 Reply to the offer`,
      `${year}-06-15 Pay the offer's deposit`,
      `${year}-06-30 Meet the offer's condition: IELTS 6.5 overall`,
    ];
    expect(offerDays(deadlines.result)).toEqual(expected);
    expect(offerDays(home.result.deadlines)).toEqual(expected);
  });
});

describe("the queries of the reminders' sweep", () => {
  it("reads the checklists of every application due once, whatever their number", async () => {
    const DAY_MS = 86_400_000;
    const soon = new Date(Date.now() + 120 * DAY_MS);
    const intake = { intakeMonth: soon.getUTCMonth() + 1, intakeYear: soon.getUTCFullYear() };
    const dueIn = async (name: string, days: number) => {
      const made = await createCourse(api, team.admin, { name });
      await database.db.insert(courseIntakes).values({
        courseId: made.id,
        month: intake.intakeMonth,
        year: intake.intakeYear,
        deadline: indianDay(Date.now() + days * DAY_MS),
      });
      return made;
    };
    const student = await createStudent(api, { name: "रश्मि कुलकर्णी" });
    await createApplication(api, team.admin, student, (await dueIn("MSc Urban Planning", 12)).id, { intake });
    await createApplication(api, team.admin, student, (await dueIn("MSc Transport Planning", 6)).id, { intake });
    await createApplication(api, team.admin, student, (await dueIn("MArch Landscape", 25)).id, { intake });
    // The checklists' own read (their waivers gathered by application): once for the three, not once each.
    const readsChecklists = (query: string) => /from "application_waivers"/.test(query);
    const sweep = await counting.during(() => services.deadlines.sendDueReminders());
    expect(sweep.result).toBe(3);
    expect(sweep.queries.filter(readsChecklists)).toHaveLength(1);
  });
});
