import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { atTheRateOf, formatRupees } from "../../vocabulary/costs.ts";
import { demoCountries } from "../catalogue/demo/countries.ts";
import {
  createCostService,
  degreeCost,
  type ExchangeRate,
  type RateTable,
  ratesFor,
  rateTable,
  seedReferenceCosts,
  toRupees,
} from "./costs.ts";
import { currenciesWithoutConfirmedRate, OLD_SEED_DAY, referenceLivingCosts, referenceRates } from "./reference-costs.ts";
import { exchangeRates } from "./tables.ts";

const rate = (currency: string, rupeesPerUnit: number): ExchangeRate => ({
  currency,
  rupeesPerUnit,
  source: "RBI reference rate",
  rateDate: "2026-05-08",
});
const rates: RateTable = new Map([
  ["EUR", rate("EUR", 90)],
  ["GBP", rate("GBP", 110)],
]);
const germany = { amountPerYear: 11_904, currency: "EUR", source: "Blocked account", year: 2025 };

describe("rupee amounts", () => {
  it("are written the Indian way, rounded to the nearest hundred", () => {
    expect(formatRupees(1_234_567)).toBe("₹12,34,600");
    expect(formatRupees(99_949)).toBe("₹99,900");
    expect(formatRupees(0)).toBe("₹0");
    expect(atTheRateOf("2026-05-08")).toBe("approximately, at the rate of 8 May 2026");
  });

  it("come from the currency's rate, and are absent without one", () => {
    expect(toRupees(1_500, "eur", rates).rupees).toBe(135_000);
    expect(toRupees(1_500, "CHF", rates)).toMatchObject({ rupees: null, rate: null });
  });

  it("a page's rates are those of its currencies that the table has, each once", () => {
    expect(ratesFor(rates, ["GBP", "EUR", "eur", "CHF"]).map((r) => r.currency)).toEqual(["EUR", "GBP"]);
  });
});

describe("the estimated total of a degree", () => {
  it("adds tuition per year over the years and a year's living costs per year", () => {
    const cost = degreeCost(
      { durationMonths: 24, mode: "Full-time", fee: { amount: 1_500, currency: "EUR", period: "year" } },
      germany,
      rates,
    );
    expect(cost.tuition).toMatchObject({ amount: 3_000, rupees: 270_000 });
    expect(cost.living).toMatchObject({ amount: 23_808, rupees: 23_808 * 90, source: "Blocked account", year: 2025 });
    expect(cost.totalRupees).toBe(270_000 + 23_808 * 90);
  });

  it("counts two semesters a year, and a fee given in total once", () => {
    const semester = degreeCost(
      { durationMonths: 18, mode: "Full-time", fee: { amount: 1_000, currency: "EUR", period: "semester" } },
      null,
      rates,
    );
    expect(semester.tuition.amount).toBe(3_000);
    const total = degreeCost(
      { durationMonths: 36, mode: "Full-time", fee: { amount: 9_000, currency: "GBP", period: "total" } },
      null,
      rates,
    );
    expect(total.tuition.amount).toBe(9_000);
    expect(total.totalRupees).toBe(990_000);
    expect(total.livingLeftOut).toBe("no figure");
  });

  it("leaves living costs out of an online course", () => {
    const cost = degreeCost(
      { durationMonths: 12, mode: "Online", fee: { amount: 2_000, currency: "EUR", period: "year" } },
      germany,
      rates,
    );
    expect(cost.living).toBeNull();
    expect(cost.livingLeftOut).toBe("online");
    expect(cost.totalRupees).toBe(180_000);
  });

  it("gives no rupee total when a part's currency has no rate", () => {
    const cost = degreeCost(
      { durationMonths: 12, mode: "Full-time", fee: { amount: 20_000, currency: "CHF", period: "year" } },
      germany,
      rates,
    );
    expect(cost.tuition.rupees).toBeNull();
    expect(cost.living?.rupees).toBe(11_904 * 90);
    expect(cost.totalRupees).toBeNull();
  });
});

describe("the reference figures", () => {
  it("have a confirmed rate, with its source and day, for every currency of the demo catalogue, or none at all", () => {
    const rated = new Set(referenceRates.map((r) => r.currency));
    const unconfirmed = new Set<string>(currenciesWithoutConfirmedRate);
    for (const currency of [...demoCountries.map((c) => c.currency), ...referenceLivingCosts.map((l) => l.currency)])
      expect(rated.has(currency) !== unconfirmed.has(currency), currency).toBe(true);
    for (const r of referenceRates) {
      expect(r.rupeesPerUnit).toBeGreaterThan(0);
      // Decision 0041: the European Central Bank's table of 8 May 2026, named on every row.
      expect(r.source).toContain("European Central Bank");
      expect(r.rateDate).toBe("2026-05-08");
    }
    // Worked out from the ECB's figures: INR 111.1285 and USD 1.1761, GBP 0.86410 to the euro.
    expect(referenceRates.find((r) => r.currency === "USD")?.rupeesPerUnit).toBeCloseTo(111.1285 / 1.1761, 3);
    expect(referenceRates.find((r) => r.currency === "GBP")?.rupeesPerUnit).toBeCloseTo(111.1285 / 0.8641, 3);
  });

  it("replace at start a rate the first seed wrote unchecked, drop one with no confirmed figure, and keep an admin's", async () => {
    const database = await openTestDatabase();
    try {
      const { db } = database;
      const old = (currency: string) => ({
        currency,
        rupeesPerUnit: "1",
        source: "RBI reference rate (approx.)",
        rateDate: OLD_SEED_DAY,
      });
      await db.delete(exchangeRates).where(inArray(exchangeRates.currency, ["USD", "LKR", "GBP"]));
      await db
        .insert(exchangeRates)
        .values([
          old("USD"),
          old("LKR"),
          { currency: "GBP", rupeesPerUnit: "112.5", source: "RBI reference rate", rateDate: OLD_SEED_DAY },
        ]);
      await seedReferenceCosts(db);
      const rows = await db
        .select({
          currency: exchangeRates.currency,
          rupeesPerUnit: exchangeRates.rupeesPerUnit,
          rateDate: exchangeRates.rateDate,
        })
        .from(exchangeRates)
        .where(inArray(exchangeRates.currency, ["USD", "LKR", "GBP"]))
        .orderBy(exchangeRates.currency);
      expect(rows).toEqual([
        { currency: "GBP", rupeesPerUnit: "112.500000", rateDate: OLD_SEED_DAY },
        { currency: "USD", rupeesPerUnit: "94.489000", rateDate: "2026-05-08" },
      ]);
      // A page with a fee in rupees it cannot confirm says so rather than guess.
      expect(toRupees(1000, "LKR", await rateTable(db)).rupees).toBeNull();
    } finally {
      await database.close();
    }
  });
});

describe("the rates pages read", () => {
  it("are read at most once a second, and afresh at once after an admin's change", async () => {
    const database = await openTestDatabase();
    try {
      let clock = 1_000_000;
      const costs = createCostService(database.db, () => clock);
      const euro = async () => (await costs.ratesFor(["EUR"]))[0]?.rupeesPerUnit;
      const before = await euro();
      expect(before).toBeGreaterThan(0);
      await database.db.update(exchangeRates).set({ rupeesPerUnit: "123.5" }).where(eq(exchangeRates.currency, "EUR"));
      clock += 500;
      expect(await euro()).toBe(before);
      clock += 500;
      expect(await euro()).toBe(123.5);
      await database.db.update(exchangeRates).set({ rupeesPerUnit: "99" }).where(eq(exchangeRates.currency, "EUR"));
      costs.forget();
      expect(await euro()).toBe(99);
    } finally {
      await database.close();
    }
  });
});
