import { describe, expect, it } from "vitest";
import { checkFunds, type FundsInput, NoRateError } from "./funds.ts";
import type { FundsRule } from "./reference-types.ts";

const uk: FundsRule = {
  currency: "GBP",
  livingPerMonth: 1136,
  livingPerMonthInCapital: 1483,
  capitalCities: ["London"],
  months: 9,
  livingPerYear: null,
  plusFirstYearTuition: true,
  heldForDays: 28,
  periodEndsWithinDaysOfApplying: 31,
  how: { en: "", hi: "" },
  figureKey: null,
};
const rates = (c: string) => ({ GBP: 110, USD: 85 })[c];
const course = (city: string) => ({
  tuitionPerYear: { amount: 20_000, currency: "GBP" },
  city,
  estimatedFirstYearRupees: 3_600_000,
});
const savings = (amount: number, heldSince: string, statementDate: string) => ({
  kind: "family-savings" as const,
  amount,
  currency: "INR",
  heldSince,
  statementDate,
});

describe("the funds check", () => {
  it("reckons the UK rule as written: nine months outside London plus the first year's tuition", () => {
    const input: FundsInput = { sources: [savings(2_000_000, "2027-05-01", "2027-06-10")], applyOn: "2027-06-20" };
    const verdict = checkFunds(uk, course("Manchester"), input, rates);
    expect(verdict.required?.amount).toBe(1136 * 9 + 20_000);
    expect(verdict.required?.rupees).toBe((1136 * 9 + 20_000) * 110);
    expect(verdict.shortOfRuleRupees).toBe((1136 * 9 + 20_000) * 110 - 2_000_000);
    expect(verdict.shortOfEstimateRupees).toBe(1_600_000);
    expect(verdict.sources[0]?.problems).toEqual([]);
  });

  it("uses London's figure for a course in London", () => {
    const verdict = checkFunds(
      uk,
      course("London"),
      { sources: [savings(10_000_000, "2027-05-01", "2027-06-10")], applyOn: "2027-06-20" },
      rates,
    );
    expect(verdict.required?.amount).toBe(1483 * 9 + 20_000);
    expect(verdict.shortOfRuleRupees).toBe(0);
  });

  it("refuses money held for fewer than 28 consecutive days", () => {
    const verdict = checkFunds(
      uk,
      course("Leeds"),
      { sources: [savings(10_000_000, "2027-06-01", "2027-06-20")], applyOn: "2027-06-25" },
      rates,
    );
    expect(verdict.sources[0]?.problems).toEqual([
      "Family savings: held for 20 days by the statement's last day; the rule asks for 28 consecutive days.",
    ]);
  });

  it("refuses a statement that ends more than 31 days before applying, and accepts exactly 28 days ending 31 days before", () => {
    const late = checkFunds(
      uk,
      course("Leeds"),
      { sources: [savings(10_000_000, "2027-04-01", "2027-05-01")], applyOn: "2027-06-10" },
      rates,
    );
    expect(late.sources[0]?.problems).toEqual([
      "Family savings: the statement ends 40 days before you apply; it must end within 31 days of applying.",
    ]);
    const edge = checkFunds(
      uk,
      course("Leeds"),
      { sources: [savings(10_000_000, "2027-04-04", "2027-05-01")], applyOn: "2027-06-01" },
      rates,
    );
    expect(edge.sources[0]?.problems).toEqual([]);
  });

  it("does not hold a loan letter to the 28-day rule, and asks for the day of applying", () => {
    const verdict = checkFunds(
      uk,
      course("Leeds"),
      {
        sources: [
          { kind: "education-loan", amount: 4_000_000, currency: "INR", heldSince: null, statementDate: null },
          savings(1, "2027-01-01", "2027-03-01"),
        ],
        applyOn: null,
      },
      rates,
    );
    expect(verdict.sources[0]?.problems).toEqual([]);
    expect(verdict.problems[0]).toMatch(/Enter the day you plan to apply/);
  });

  it("names a currency it has no rate for", () => {
    expect(() =>
      checkFunds(
        uk,
        course("Leeds"),
        { sources: [{ ...savings(5, "2027-01-01", "2027-02-01"), currency: "XYZ" }], applyOn: null },
        rates,
      ),
    ).toThrow(NoRateError);
  });

  it("gives one verdict, never enough while the 28-day rule fails", () => {
    // Enough money for the rule and the estimate, but held for 20 days only.
    const verdict = checkFunds(
      uk,
      course("Leeds"),
      { sources: [savings(10_000_000, "2027-06-01", "2027-06-20")], applyOn: "2027-06-25" },
      rates,
    );
    expect(verdict.shortOfRuleRupees).toBe(0);
    expect(verdict.shortOfEstimateRupees).toBe(0);
    expect(verdict.standing).toBe("rule-fails");
    const held = checkFunds(
      uk,
      course("Leeds"),
      { sources: [savings(10_000_000, "2027-05-01", "2027-06-10")], applyOn: "2027-06-20" },
      rates,
    );
    expect(held.standing).toBe("enough");
  });

  it("is short of a blocked account's EUR 11,904 with EUR 10,000, though the course's estimate is lower", () => {
    const germany: FundsRule = {
      ...uk,
      currency: "EUR",
      livingPerMonth: null,
      livingPerMonthInCapital: null,
      capitalCities: [],
      months: null,
      livingPerYear: 11_904,
      plusFirstYearTuition: false,
      heldForDays: null,
      periodEndsWithinDaysOfApplying: null,
    };
    const verdict = checkFunds(
      germany,
      { tuitionPerYear: { amount: 0, currency: "EUR" }, city: "Berlin", estimatedFirstYearRupees: 700_300 },
      {
        sources: [{ kind: "blocked-account", amount: 10_000, currency: "EUR", heldSince: null, statementDate: null }],
        applyOn: null,
      },
      (c) => ({ EUR: 90 })[c],
    );
    expect(verdict.shortOfRuleRupees).toBe(1_904 * 90);
    expect(verdict.shortOfEstimateRupees).toBe(0);
    expect(verdict.standing).toBe("short-of-rule");
  });

  it("does not say enough against a rule whose amount is not confirmed", () => {
    const verdict = checkFunds(
      uk,
      course("Leeds"),
      { sources: [savings(10_000_000, "2027-05-01", "2027-06-10")], applyOn: "2027-06-20" },
      rates,
      { ruleConfirmed: false },
    );
    expect(verdict.standing).toBe("rule-to-confirm");
    expect(verdict.ruleConfirmed).toBe(false);
  });

  it("names the currencies it has rates for when it has none for the one given", () => {
    expect(() =>
      checkFunds(
        uk,
        course("Leeds"),
        { sources: [{ ...savings(5, "2027-01-01", "2027-02-01"), currency: "AED" }], applyOn: null },
        rates,
        { listed: ["USD", "GBP", "EUR"] },
      ),
    ).toThrow("We have no exchange rate for AED: enter the amount in one of these currencies: INR, EUR, GBP, USD.");
  });

  it("without a rule compares only with the first year's estimate", () => {
    const verdict = checkFunds(
      null,
      course("Paris"),
      { sources: [savings(4_000_000, "2027-01-01", "2027-02-01")], applyOn: null },
      rates,
    );
    expect(verdict.required).toBeNull();
    expect(verdict.shortOfRuleRupees).toBeNull();
    expect(verdict.shortOfEstimateRupees).toBe(0);
  });
});
