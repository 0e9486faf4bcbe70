import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { queryRows } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { exportReady } from "../../tests/support/data-export.ts";
import { createStudent, type Student } from "../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * The loan planner through the student's API (decision 0082): offers typed the way Indian families write
 * amounts, read back with the instalment, total interest and total cost; the refusals the issue names; at
 * most three; the owner only; in the export and gone with the account. Runs on PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;

beforeAll(async () => {
  database = await openTestDatabase();
  testApp = createTestApp(database, { DATA_DIR: mkdtempSync(path.join(tmpdir(), "ignite-loans-")) });
  api = new ApiClient(testApp.app);
});
afterAll(async () => {
  await database.close();
});

const offer = (overrides: Record<string, unknown> = {}) => ({
  label: "Letter of 3 March",
  amount: "40 lakh",
  annualRate: "10.5",
  rateType: "floating",
  tenureYears: "10",
  courseMonths: "18",
  graceMonths: "6",
  interestPaidDuringMoratorium: false,
  processingFee: "10,000",
  ...overrides,
});
const add = (student: Student, body: unknown) => api.post("/api/v1/students/me/loan-offers", body, { cookie: student.cookie });

describe("the loan planner through the API", () => {
  let student: Student;

  it("reads 40 lakh at 10.5% over 10 years after a 24-month moratorium: EMI 65,309, interest 38,37,025", async () => {
    student = await createStudent(api, { name: "अनन्या मेनन" });
    const saved = await add(student, offer());
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body.message).toBe("Loan offer saved.");
    // 8,40,000 simple interest accrued over 24 months, added to 40,00,000; the EMI on 48,40,000 over 120 months.
    expect(saved.body.data).toMatchObject({
      amount: 4_000_000,
      annual_rate: 10.5,
      tenure_months: 120,
      moratorium_months: 24,
      moratorium_interest: 840_000,
      principal_at_repayment: 4_840_000,
      emi: 65_309,
      total_interest: 3_837_025,
      total_cost: 3_847_025,
    });
  });

  it("understands the amount however it is written, and shows back what it read", async () => {
    const other = await createStudent(api, { name: "Rohan Iyer" });
    for (const [written, value] of [
      ["40,00,000", 4_000_000],
      ["4,000,000", 4_000_000],
      ["40 00 000", 4_000_000],
      ["1.2 crore", 12_000_000],
      ["40 लाख", 4_000_000],
      ["१.२ करोड़", 12_000_000],
    ] as const) {
      const saved = await add(other, offer({ amount: written, label: written }));
      expect(saved.status, `${written}: ${saved.text}`).toBe(201);
      expect(saved.body.data.amount, written).toBe(value);
      await api.delete(`/api/v1/students/me/loan-offers/${saved.body.data.id}`, { cookie: other.cookie });
    }
  });

  it("refuses a rate of 0 or over 30%, a tenure of 0 or over 30 years, an amount it cannot read, with the field's message", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ annualRate: "0" }, "annualRate", "Enter the annual interest rate in per cent: more than 0 and at most 30 (e.g. 10.5)."],
      [
        { annualRate: "30.5" },
        "annualRate",
        "Enter the annual interest rate in per cent: more than 0 and at most 30 (e.g. 10.5).",
      ],
      [
        { annualRate: "ten" },
        "annualRate",
        "Enter the annual interest rate in per cent: more than 0 and at most 30 (e.g. 10.5).",
      ],
      // Below 0.01% the rate would be stored as 0 (kept to two decimals), and its EMI read ₹NaN.
      [
        { annualRate: "0.004" },
        "annualRate",
        "Enter a rate of at least 0.01 per cent: rates are kept to two decimals (e.g. 10.5).",
      ],
      [{ tenureYears: "0" }, "tenureYears", "Enter the repayment tenure in years: more than 0 and at most 30."],
      [{ tenureYears: "31" }, "tenureYears", "Enter the repayment tenure in years: more than 0 and at most 30."],
      [{ amount: "forty lakh" }, "amount", "Write the amount in rupees, e.g. 40,00,000, 40 lakh or 1.2 crore."],
      [{ amount: "40,0,000" }, "amount", "Write the amount in rupees, e.g. 40,00,000, 40 lakh or 1.2 crore."],
    ];
    for (const [change, field, message] of cases) {
      const refused = await add(student, offer(change));
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.body.error.fields[field]).toBe(message);
      expect(refused.body.error.message).toBe(message);
    }
    // Nothing saved was lost: the first offer is still there, alone.
    const listed = await api.get("/api/v1/students/me/loan-offers", { cookie: student.cookie });
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0].emi).toBe(65_309);
  });

  it("holds three offers side by side and refuses a fourth; an edit changes the figures", async () => {
    const second = await add(
      student,
      offer({ label: "Second letter", amount: "40,00,000", annualRate: "9.25", interestPaidDuringMoratorium: true }),
    );
    expect(second.status).toBe(201);
    expect((await add(student, offer({ label: "Third letter", annualRate: "11" }))).status).toBe(201);
    const fourth = await add(student, offer({ label: "Fourth" }));
    expect(fourth.status).toBe(409);
    expect(fourth.body.error.message).toBe("You can compare up to three loan offers. Remove one to add another.");
    const changed = await api.put(
      `/api/v1/students/me/loan-offers/${second.body.data.id}`,
      offer({
        label: "Second letter",
        amount: "40,00,000",
        annualRate: "9.25",
        interestPaidDuringMoratorium: true,
        tenureYears: "15",
      }),
      { cookie: student.cookie },
    );
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.tenure_months).toBe(180);
    expect(changed.body.data.emi).toBeLessThan(second.body.data.emi);
    const listed = (await api.get("/api/v1/students/me/loan-offers", { cookie: student.cookie })).body.data;
    expect(listed.map((o: { label: string }) => o.label)).toEqual(["Letter of 3 March", "Second letter", "Third letter"]);
  });

  it("takes an offer without a processing fee, moratorium or interest choice as none, as the API says they are optional", async () => {
    const other = await createStudent(api, { name: "Meera Pillai" });
    const saved = await add(other, {
      label: "Offer A",
      amount: "25 lakh",
      annualRate: "11",
      rateType: "fixed",
      tenureYears: "8",
    });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body.data).toMatchObject({ processing_fee: 0, course_months: 0, grace_months: 0, moratorium_months: 0 });
    expect(saved.body.data.interest_paid_during_moratorium).toBe(false);
  });

  it("keeps each student's offers their own", async () => {
    const stranger = await createStudent(api, { name: "Kabir Shah" });
    const mine = (await api.get("/api/v1/students/me/loan-offers", { cookie: student.cookie })).body.data[0];
    expect((await api.get("/api/v1/students/me/loan-offers", { cookie: stranger.cookie })).body.data).toEqual([]);
    expect((await api.put(`/api/v1/students/me/loan-offers/${mine.id}`, offer(), { cookie: stranger.cookie })).status).toBe(404);
    expect((await api.delete(`/api/v1/students/me/loan-offers/${mine.id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await api.get("/api/v1/students/me/loan-offers")).status).toBe(401);
  });

  it("puts the offers in the data export and erases them with the account", async () => {
    expect((await api.post("/api/v1/students/me/data-export", undefined, { cookie: student.cookie })).status).toBe(202);
    const ready = await exportReady(api, student.cookie);
    const zip = unzipSync(new Uint8Array(await (await api.fetch(ready.url, { cookie: student.cookie })).arrayBuffer()));
    const data = JSON.parse(new TextDecoder().decode(zip["ignite-data.json"]));
    expect(data.loanOffers).toHaveLength(3);
    expect(data.loanOffers[0]).toMatchObject({ label: "Letter of 3 March", amountRupees: 4_000_000, emiRupees: 65_309 });

    const erased = await api.post("/api/v1/students/me/erase", { password: student.password }, { cookie: student.cookie });
    expect(erased.status, erased.text).toBe(200);
    const left = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from loan_offers where student_id = ${student.studentId}`,
    );
    expect(left[0]?.n).toBe(0);
  });
});
