import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../platform/config.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createLogger } from "../../platform/log.ts";
import { createServices, type Services } from "../../server/services.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createApplication, createCourse, createStudent, createUniversity, type Student } from "../../tests/support/factories.ts";
import { countingQueries } from "../../tests/support/query-count.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { countries } from "../catalogue/tables.ts";
import { exchangeRates, livingCosts } from "../costs/tables.ts";

/**
 * What the offers comparison reckons (decision 0081) for a student with four offers in two countries, and
 * what that costs in queries: the living costs and the visa guides are read once for all the offers
 * (decision 0087), not once for each. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
let database: DatabaseHandle & { url?: string };
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let counting: ReturnType<typeof countingQueries>;
let services: Services;
let student: Student;
const applicationIds: Record<"manchester" | "edinburgh" | "online" | "monash", number> = {
  manchester: 0,
  edinburgh: 0,
  online: 0,
  monash: 0,
};
const year = new Date().getUTCFullYear() + 1;

const countryId = async (name: string) => {
  const [row] = await database.db.select({ id: countries.id }).from(countries).where(eq(countries.name, name));
  if (!row) throw new Error(`the demo catalogue has no ${name}`);
  return row.id;
};
/** The rate and living-cost tables as an admin keeps them, at round figures the arithmetic below uses. */
const setRate = (currency: string, rupeesPerUnit: number) => {
  const values = { rupeesPerUnit: String(rupeesPerUnit), source: "Reserve Bank of India reference rate", rateDate: "2026-11-20" };
  return database.db
    .insert(exchangeRates)
    .values({ currency, ...values })
    .onConflictDoUpdate({ target: exchangeRates.currency, set: values });
};
const setLiving = (country: number, amountPerYear: number, currency: string, source: string) =>
  database.db
    .insert(livingCosts)
    .values({ countryId: country, amountPerYear, currency, source, year: 2026 })
    .onConflictDoUpdate({ target: livingCosts.countryId, set: { amountPerYear, currency, source, year: 2026 } });

beforeAll(async () => {
  database = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "ignite-offer-cost-"));
  testApp = createTestApp(database, { DATA_DIR: dataDir });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "offer-cost.test");
  counting = countingQueries(database);
  services = createServices({
    config: loadConfig({ SEED: "none", DATA_DIR: dataDir }),
    database: counting.handle,
    log: createLogger("silent"),
  });
  // The catalogue mirror's own reads (a poll every half second) are no request's: stopped before counting.
  services.catalogueMirror.stop();
  await services.catalogueMirror.check();

  const uk = await countryId("United Kingdom");
  const au = await countryId("Australia");
  await setRate("GBP", 110);
  await setRate("AUD", 55);
  await setLiving(uk, 12_000, "GBP", "UKCISA, International student budget");
  await setLiving(au, 29_710, "AUD", "Department of Home Affairs, Financial capacity");
  const university = (countryId: number, name: string, city: string) =>
    createUniversity(api, team.admin, { countryId, name: `${name} (offer cost test)`, city });
  const course = async (universityId: number, fields: Record<string, unknown>) =>
    (
      await createCourse(api, team.admin, {
        universityId,
        feePeriod: "year",
        feeSource: "The university's international fees page",
        feeCheckedOn: "2026-10-01",
        ...fields,
      })
    ).id;
  const manchester = await university(uk, "University of Manchester", "Manchester");
  const edinburgh = await university(uk, "University of Edinburgh", "Edinburgh");
  const london = await university(uk, "University of London", "London");
  const monash = await university(au, "Monash University", "Melbourne");
  const courses = {
    manchester: await course(manchester.id, {
      name: "MSc Data Science",
      durationMonths: 12,
      feeAmount: 24_500,
      feeCurrency: "GBP",
    }),
    edinburgh: await course(edinburgh.id, {
      name: "MSc Artificial Intelligence",
      durationMonths: 12,
      feeAmount: 31_000,
      feeCurrency: "GBP",
    }),
    online: await course(london.id, {
      name: "MSc Cyber Security (online)",
      durationMonths: 24,
      feeAmount: 7_000,
      feeCurrency: "GBP",
      mode: "Online",
    }),
    monash: await course(monash.id, {
      name: "Master of Information Technology",
      durationMonths: 24,
      feeAmount: 30_000,
      feeCurrency: "AUD",
    }),
  };
  student = await createStudent(api, { name: "प्रिया अय्यर" });
  for (const [key, courseId] of Object.entries(courses) as [keyof typeof courses, number][]) {
    applicationIds[key] = (
      await createApplication(api, team.admin, student, courseId, { moves: ["Ready to submit", "Submitted"] })
    ).id;
    const recorded = await api.put(
      `/api/v1/staff/applications/${applicationIds[key]}/offer`,
      {
        kind: "unconditional",
        replyBy: `${year}-05-31`,
        // Manchester's Global Futures scholarship: GBP 5,000 off the first year's fees.
        ...(key === "manchester" ? { scholarship: { amount: "5,000", currency: "GBP", years: 1 } } : {}),
      },
      team.as("admin"),
    );
    expect(recorded.status, recorded.text).toBe(200);
  }
  // The family's plan: 25 lakh of savings, written the Indian way.
  const saved = await api.put(
    "/api/v1/students/me/funding-plan",
    { sources: [{ kind: "family-savings", amount: "25,00,000", currency: "INR", proof: "SBI savings account statement" }] },
    { cookie: student.cookie },
  );
  expect(saved.status, saved.text).toBe(200);
  // A staff team, four universities, four courses and four applications moved to "Submitted" through the API.
}, 240_000);

afterAll(async () => {
  await services?.close();
  await counting?.close();
  await testApp?.close();
  await database?.close();
});

describe("the queries of the student's offers comparison", () => {
  it("reads the living costs and the visa guides once for four offers in two countries, each offer still with its figures", async () => {
    const listed = await counting.during(() => services.offers.list(student.studentId));
    const reading = (table: string) => listed.queries.filter((query) => new RegExp(`\\bfrom "${table}"`).test(query));
    // 4 of each while every offer read its own, and the rate table once more for each guide.
    expect(reading("living_costs")).toHaveLength(1);
    expect(reading("visa_guides")).toHaveLength(1);
    expect(reading("exchange_rates")).toHaveLength(1);
    expect(listed.queries).toHaveLength(6);
    const byApplication = new Map(listed.result.map((offer) => [offer.applicationId, offer]));
    const living = (key: keyof typeof applicationIds) =>
      byApplication.get(applicationIds[key])?.cost.lines.find((line) => line.key === "living")?.source;
    expect(living("manchester")).toBe("UKCISA, International student budget");
    expect(living("edinburgh")).toBe("UKCISA, International student budget");
    expect(living("monash")).toBe("Department of Home Affairs, Financial capacity");
    // The UK's confirmed health surcharge is on both UK offers studied there; none of them lacks a figure.
    for (const key of ["manchester", "edinburgh"] as const)
      expect(byApplication.get(applicationIds[key])?.cost.lines.filter((line) => line.key === "visa")).toHaveLength(1);
    expect(listed.result.every((offer) => offer.cost.missing.length === 0)).toBe(true);
  });
});

type ListedOffer = {
  application_id: number;
  cost: {
    lines: { key: string; label: string; amount: number; currency: string; rupees: number | null; reckoning: string }[];
    to_confirm: { label: string; amount: number; currency: string }[];
    missing: string[];
    not_needed: string[];
    funding_not_counted: { kind: string; amount: number; currency: string; reason: string; university: string | null }[];
    total_rupees: number | null;
    covered_rupees: number | null;
    short_rupees: number | null;
  };
};
const offerOn = async (key: keyof typeof applicationIds) => {
  const listed = await api.get("/api/v1/students/me/offers", { cookie: student.cookie });
  expect(listed.status, listed.text).toBe(200);
  const found = (listed.body.data as ListedOffer[]).find((offer) => offer.application_id === applicationIds[key]);
  if (!found) throw new Error(`no offer on the ${key} application`);
  return found;
};

describe("an online course's offer (decision 0081's amendment)", () => {
  it("counts the tuition only: no visa or health charges and no flight for a student who studies from home, and says so", async () => {
    const offer = await offerOn("online");
    // Worked by hand, at GBP 1 = ₹110: tuition GBP 7,000 a year × 2 years = GBP 14,000 → ₹15,40,000, and nothing else.
    // Counted as if the student went to London, it read ₹17,70,720: the health surcharge twice (GBP 1,552) and a flight.
    expect(offer.cost.lines.map((line) => [line.key, line.amount, line.currency, line.rupees])).toEqual([
      ["tuition", 14_000, "GBP", 1_540_000],
    ]);
    expect(offer.cost.to_confirm).toEqual([]);
    expect(offer.cost.not_needed).toEqual(["living", "visa", "travel"]);
    expect(offer.cost.missing).toEqual([]);
    expect(offer.cost.total_rupees).toBe(1_540_000);
    // The same guide still counts for a course studied in the UK: its health surcharge and the flight.
    const manchester = await offerOn("manchester");
    expect(manchester.cost.lines.map((line) => line.key)).toEqual(["tuition", "scholarship", "living", "visa", "travel"]);
    expect(manchester.cost.not_needed).toEqual([]);
  });
});

describe("a scholarship counted once (decision 0111)", () => {
  it("is taken off Manchester's fees and not counted again in what the family's plan covers", async () => {
    // The student also writes Manchester's scholarship into the funding plan, beside the family's 25 lakh.
    const saved = await api.put(
      "/api/v1/students/me/funding-plan",
      {
        sources: [
          { kind: "family-savings", amount: "25,00,000", currency: "INR", proof: "SBI savings account statement" },
          { kind: "scholarship", amount: "5,000", currency: "GBP", proof: "Global Futures Scholarship award letter" },
        ],
      },
      { cookie: student.cookie },
    );
    expect(saved.status, saved.text).toBe(200);
    const offer = await offerOn("manchester");
    // Worked by hand, at GBP 1 = ₹110:
    //   tuition          GBP 24,500 a year × 1 year              → ₹26,95,000
    //   scholarship      GBP 5,000 a year × 1 year               → ₹-5,50,000
    //   living           GBP 12,000 a year × 1 year (UKCISA)     → ₹13,20,000
    //   health surcharge GBP 776 a year × 1 (guide, confirmed)   → ₹85,360
    //   travel           the portal's estimate                      ₹60,000
    //   total            26,95,000 - 5,50,000 + 13,20,000 + 85,360 + 60,000 = ₹36,10,360
    // Covered: the 25 lakh alone, the GBP 5,000 being the scholarship already off the fees; short ₹11,10,360.
    // Counted twice, it read covered ₹30,50,000 and short ₹5,60,360: half the gap the family must find.
    expect(offer.cost.lines.map((line) => [line.key, line.rupees])).toEqual([
      ["tuition", 2_695_000],
      ["scholarship", -550_000],
      ["living", 1_320_000],
      ["visa", 85_360],
      ["travel", 60_000],
    ]);
    expect(offer.cost.total_rupees).toBe(3_610_360);
    expect(offer.cost.covered_rupees).toBe(2_500_000);
    expect(offer.cost.short_rupees).toBe(1_110_360);
    expect(offer.cost.funding_not_counted).toEqual([
      { kind: "scholarship", amount: 5_000, currency: "GBP", rupees: 550_000, reason: "this-offer", university: null },
    ]);
  });

  it("is not money for the student's other offers, on their page and in the counsellor's console alike", async () => {
    // Edinburgh: GBP 31,000 → ₹34,10,000 + ₹13,20,000 living + ₹85,360 + ₹60,000 = ₹48,75,360; the plan covers 25 lakh.
    const edinburgh = await offerOn("edinburgh");
    expect(edinburgh.cost.total_rupees).toBe(4_875_360);
    expect(edinburgh.cost.covered_rupees).toBe(2_500_000);
    expect(edinburgh.cost.short_rupees).toBe(2_375_360);
    expect(edinburgh.cost.funding_not_counted).toEqual([
      {
        kind: "scholarship",
        amount: 5_000,
        currency: "GBP",
        rupees: 550_000,
        reason: "another-offer",
        university: "University of Manchester (offer cost test)",
      },
    ]);
    // The console reads one offer at a time, and counts the same.
    const inConsole = await api.get(`/api/v1/staff/applications/${applicationIds.edinburgh}/offer`, team.as("admin"));
    expect(inConsole.status, inConsole.text).toBe(200);
    expect(inConsole.body.data.cost.covered_rupees).toBe(2_500_000);
    expect(inConsole.body.data.cost.funding_not_counted).toEqual(edinburgh.cost.funding_not_counted);
    expect((await offerOn("online")).cost.covered_rupees).toBe(2_500_000);
  });
});
