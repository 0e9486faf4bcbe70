import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createLogger } from "../../platform/log.ts";
import { createDatabaseRateLimiter } from "../../platform/rate-limit.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { courseDetails, createApplication, createCourse, createStudent } from "../../tests/support/factories.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { countries, courseIntakes, courses, universities } from "../catalogue/tables.ts";
import { counsellingSessions } from "../counselling/tables.ts";
import { AppError } from "../errors.ts";
import { studentPlan } from "../visas/plans.ts";
import { createStaffService } from "./console.ts";

/**
 * Today is India's day (decision 0109): at 02:00 on 29 November in India it is still 28 November in UTC
 * (20:30). An admin who checked a figure that morning dates it the 29th, and the console takes it, in
 * every check that holds a day to "not in the future"; the day the screens' date fields stop at, and the
 * visa plan's, is the 29th; whether a session is still ahead is the console's clock's to say. PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
const AT = new Date("2026-11-28T20:30:00Z");
const INDIA_TODAY = "2026-11-29";
const INDIA_TOMORROW = "2026-11-30";

let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let clock = AT;
let atTwoAm: ReturnType<typeof createStaffService>;

beforeAll(async () => {
  database = await openTestDatabase();
  testApp = createTestApp(database);
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "india-today.test");
  // The console's services on a clock that reads 02:00 in India.
  atTwoAm = createStaffService({
    db: database.db,
    limiter: createDatabaseRateLimiter(database.db),
    log: createLogger("silent"),
    siteAddress: "https://ignite.example",
    now: () => clock,
  });
}, 60_000);
afterAll(async () => {
  await testApp?.close();
  await database?.close();
});

/** What a refused call threw: its field messages. */
async function refusedFields(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!AppError.is(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.fields ?? {};
}

const countryId = async (name: string) => {
  const [row] = await database.db.select({ id: countries.id }).from(countries).where(eq(countries.name, name));
  if (!row) throw new Error(`no ${name} in the demo catalogue`);
  return row.id;
};

describe("at 02:00 in India (20:30 UTC the day before)", () => {
  it("the console's today, where its date fields stop, is India's 29 November", () => {
    expect(atTwoAm.today()).toBe(INDIA_TODAY);
  });

  it("a visa guide's figure checked that morning is saved, dated the 29th and 'today'; the 30th is refused", async () => {
    const uk = await countryId("United Kingdom");
    const [guide] = (await atTwoAm.visas.guides(team.admin)).filter((g) => g.countryId === uk);
    const figure = guide?.guide.figures[0];
    if (!figure) throw new Error("the United Kingdom's guide has no figure");
    const input = {
      key: figure.key,
      amount: "524",
      currency: "GBP",
      source: "GOV.UK, Visa fees",
      sourceUrl: "https://www.gov.uk/government/publications/visa-regulations-revised-table",
      checkedOn: INDIA_TODAY,
      confirmed: "on",
    };
    await atTwoAm.visas.saveFigure(team.admin, uk, input);
    const [after] = (await atTwoAm.visas.guides(team.admin)).filter((g) => g.countryId === uk);
    expect(after?.guide.figures.find((f) => f.key === figure.key)).toMatchObject({ checkedOn: INDIA_TODAY, ageDays: 0 });
    expect(await refusedFields(atTwoAm.visas.saveFigure(team.admin, uk, { ...input, checkedOn: INDIA_TOMORROW }))).toEqual({
      checkedOn: "The day you checked it cannot be in the future.",
    });
  });

  it("the RBI's rate of the 29th is saved as that day's", async () => {
    const saved = await atTwoAm.costs.saveRate(team.admin, {
      currency: "GBP",
      rupeesPerUnit: "118.42",
      source: "RBI reference rate",
      rateDate: INDIA_TODAY,
    });
    expect(saved).toMatchObject({ currency: "GBP", rateDate: INDIA_TODAY });
    expect(
      await refusedFields(
        atTwoAm.costs.saveRate(team.admin, { currency: "GBP", rupeesPerUnit: "118.42", source: "RBI", rateDate: INDIA_TOMORROW }),
      ),
    ).toHaveProperty("rateDate");
  });

  it("a scholarship whose page was read that morning is added, checked on the 29th", async () => {
    const added = await atTwoAm.scholarships.create(team.admin, {
      name: "Commonwealth Master's Scholarship",
      provider: "Commonwealth Scholarship Commission in the UK",
      destinations: ["United Kingdom"],
      levels: ["Masters"],
      amount: "Tuition, a living allowance of £1,378 a month and the flights",
      deadlineMonth: "10",
      deadlineDay: "14",
      eligibility: "Citizens of India with a first degree of at least 60%",
      officialUrl: "https://cscuk.fcdo.gov.uk/scholarships/commonwealth-masters-scholarships/",
      checkedOn: INDIA_TODAY,
    });
    expect(added.checkedOn).toBe(INDIA_TODAY);
  });

  it("a course's tuition, application fee and deadlines checked that morning are saved", async () => {
    const course = await createCourse(api, team.admin, { name: "MSc Hydrology and Water Security" });
    const edited = await atTwoAm.catalogue.editCourse(
      team.admin,
      course.id,
      courseDetails({
        name: "MSc Hydrology and Water Security",
        feeCheckedOn: INDIA_TODAY,
        applicationFeeAmount: "75",
        applicationFeeCurrency: "GBP",
        applicationFeeSource: "University website",
        applicationFeeCheckedOn: INDIA_TODAY,
        deadlineSource: "University website",
        deadlineCheckedOn: INDIA_TODAY,
      }),
    );
    expect(edited).toMatchObject({
      feeCheckedOn: INDIA_TODAY,
      applicationFeeCheckedOn: INDIA_TODAY,
      deadlineCheckedOn: INDIA_TODAY,
    });
  });

  it("the student's visa plan, read then, lets its funds' dates run to the 29th", async () => {
    const student = await createStudent(api, { name: "Meera Nair" });
    const [course] = await database.db
      .select({ id: courses.id })
      .from(courses)
      .innerJoin(universities, eq(universities.id, courses.universityId))
      .where(eq(universities.countryId, await countryId("United Kingdom")))
      .limit(1);
    if (!course) throw new Error("no course in the United Kingdom");
    // Without the demo's intakes (decision 0030) the course takes any month.
    await database.db.delete(courseIntakes).where(eq(courseIntakes.courseId, course.id));
    const application = await createApplication(api, team.admin, student, course.id, {
      moves: [
        "Ready to submit",
        "Submitted",
        "Unconditional offer",
        "Offer accepted",
        { status: "Confirmation issued", details: { confirmationKind: "CAS", confirmationNumber: "CAS-2026-4471" } },
      ],
    });
    const plan = await studentPlan({ db: database.db, now: () => clock }, student.studentId, application.id);
    expect(plan.today).toBe(INDIA_TODAY);
  });

  it("a session from 01:30 to 02:30 IST is still ahead by the console's clock, and over at 02:45", async () => {
    const [session] = await database.db
      .insert(counsellingSessions)
      .values({
        uid: "india-today-session@ignite.example",
        staffId: team.asha.staffId,
        kind: "document-review",
        startsAt: new Date("2026-11-28T20:00:00Z"),
        endsAt: new Date("2026-11-28T21:00:00Z"),
        bookedBy: "staff",
      })
      .returning({ id: counsellingSessions.id });
    const shown = async () =>
      (await atTwoAm.counselling.calendar(team.asha, { view: "day", day: INDIA_TODAY })).days
        .flatMap((d) => d.sessions)
        .find((s) => s.id === session?.id);
    expect(await shown()).toMatchObject({ upcoming: true, recordable: true });
    clock = new Date("2026-11-28T21:15:00Z");
    try {
      expect(await shown()).toMatchObject({ upcoming: false, recordable: true });
    } finally {
      clock = AT;
    }
  });
});
