import { describe, expect, it } from "vitest";
import { type NetCostInput, netCost, type RateOf } from "./net-cost.ts";

/**
 * What an offer really costs (decision 0081) when the portal lacks some of its figures: a country with no
 * row in the living-cost table, or no visa guide. The total names what it leaves out, and says nothing of
 * what is short rather than "Short ₹0".
 */
const rateOf: RateOf = (currency) =>
  currency === "EUR" ? { rupeesPerUnit: 90, source: "Reserve Bank of India reference rate", rateDate: "2026-11-20" } : undefined;

/** A one-year master's in Ireland at EUR 20,000, a family that has saved 25 lakh. */
const input = (): NetCostInput => ({
  course: { durationMonths: 12, online: false, fee: { amount: 20_000, currency: "EUR", period: "year" } },
  feeSource: { university: "University College Dublin", source: "https://www.ucd.ie/fees/", checkedOn: "2026-10-05" },
  scholarship: null,
  living: { amountPerYear: 12_000, currency: "EUR", source: "Irish Naturalisation and Immigration Service", year: 2026 },
  charges: [
    {
      label: "Visa application fee",
      amount: 100,
      currency: "EUR",
      per: "once",
      source: "https://www.irishimmigration.ie/",
      checkedOn: "2026-11-01",
      confirmed: true,
    },
  ],
  travel: { rupees: 60_000, basis: "Ignite's estimate of one economy flight", asOf: "2026-11-28" },
  funding: [{ kind: "family-savings", amount: 25_00_000, currency: "INR" }],
  otherScholarships: [],
});

describe("an offer's whole cost when figures are missing (decision 0081)", () => {
  it("says what is short when every figure is there", () => {
    const cost = netCost(input(), rateOf);
    // 18,00,000 tuition + 10,80,000 living + 9,000 visa + 60,000 travel = 29,49,000; 25,00,000 covered.
    expect(cost.missing).toEqual([]);
    expect(cost.totalRupees).toBe(29_49_000);
    expect(cost.shortRupees).toBe(4_49_000);
  });

  it("names the living costs and the visa charges it has no figures for, and gives no short figure", () => {
    const cost = netCost({ ...input(), living: null, charges: null }, rateOf);
    expect(cost.missing).toEqual(["living", "visa"]);
    // 18,00,000 + 60,000 = 18,60,000 is under the 25 lakh saved: without the missing costs that would read "Short ₹0".
    expect(cost.totalRupees).toBe(18_60_000);
    expect(cost.shortRupees).toBeNull();
    expect(netCost({ ...input(), living: null }, rateOf).missing).toEqual(["living"]);
    expect(netCost({ ...input(), charges: null }, rateOf).missing).toEqual(["visa"]);
  });

  it("misses nothing for an online course, which has no living costs abroad and no visa", () => {
    const online = input();
    online.course.online = true;
    const cost = netCost({ ...online, living: null, charges: null }, rateOf);
    expect(cost.missing).toEqual([]);
    expect(cost.shortRupees).toBe(0);
  });
});

describe("an online course (decision 0081's amendment)", () => {
  it("counts neither the visa charges nor a flight though the guide and the estimate are there, and names them as not needed", () => {
    const online = input();
    online.course.online = true;
    online.charges?.push({
      label: "Health charge",
      amount: 500,
      currency: "EUR",
      per: "year",
      source: "https://www.irishimmigration.ie/",
      checkedOn: "2026-11-01",
      confirmed: false,
    });
    const cost = netCost(online, rateOf);
    // The tuition alone: EUR 20,000 × ₹90 = ₹18,00,000; no living, no EUR 100 visa fee, no ₹60,000 flight.
    expect(cost.lines.map((l) => l.key)).toEqual(["tuition"]);
    expect(cost.totalRupees).toBe(18_00_000);
    expect(cost.toConfirm).toEqual([]);
    expect(cost.notNeeded).toEqual(["living", "visa", "travel"]);
    expect(netCost(input(), rateOf).notNeeded).toEqual([]);
  });
});

describe("the tuition line's source (decision 0017)", () => {
  const tuition = (feeSource: NetCostInput["feeSource"]) =>
    netCost({ ...input(), feeSource }, rateOf).lines.find((l) => l.key === "tuition");

  it("carries the catalogue's source and the day the fee was checked", () => {
    const line = tuition({
      university: "University College Dublin",
      source: "https://www.ucd.ie/fees/",
      checkedOn: "2026-10-05",
    });
    expect(line?.source).toBe("University College Dublin: https://www.ucd.ie/fees/");
    expect(line?.sourceDate).toBe("2026-10-05");
  });

  it("says plainly the fee was not checked when the catalogue has no date for it", () => {
    const none = tuition({ university: "University College Dublin", source: null, checkedOn: null });
    expect(none?.source).toBe("University College Dublin: the catalogue's fee, no source recorded, not checked");
    expect(none?.sourceDate).toBeNull();
    const undated = tuition({ university: "University College Dublin", source: "University website", checkedOn: null });
    expect(undated?.source).toBe("University College Dublin: University website, not checked");
  });
});

describe("the travel line (decision 0081)", () => {
  it("is labelled an estimate and carries the day it was set", () => {
    const travel = netCost(input(), rateOf).lines.find((l) => l.key === "travel");
    expect(travel).toMatchObject({ estimate: true, sourceDate: "2026-11-28" });
  });
});

describe("a scholarship counted once (decision 0111)", () => {
  /** The same master's with University College Dublin's EUR 5,000 scholarship on the offer. */
  const withScholarship = (funding: NetCostInput["funding"]): NetCostInput => ({
    ...input(),
    scholarship: { amount: 5_000, currency: "EUR", years: 1 },
    funding,
  });
  const savings = { kind: "family-savings", amount: 25_00_000, currency: "INR" };

  it("does not count the plan's scholarship again when it is the offer's own, already off the fees", () => {
    const cost = netCost(withScholarship([savings, { kind: "scholarship", amount: 5_000, currency: "EUR" }]), rateOf);
    // 18,00,000 - 4,50,000 + 10,80,000 + 9,000 + 60,000 = 24,99,000 against the 25 lakh saved alone.
    expect(cost.totalRupees).toBe(24_99_000);
    expect(cost.coveredRupees).toBe(25_00_000);
    expect(cost.shortRupees).toBe(0);
    expect(cost.fundingNotCounted).toEqual([
      { kind: "scholarship", amount: 5_000, currency: "EUR", rupees: 4_50_000, reason: "this-offer", university: null },
    ]);
  });

  it("knows it written in rupees at the family's own rate, within 5% of ours, or as the whole award", () => {
    // ₹4,60,000 is EUR 5,000 at ₹92 (ours is ₹90: 2% apart).
    const inRupees = netCost(withScholarship([savings, { kind: "scholarship", amount: 4_60_000, currency: "INR" }]), rateOf);
    expect(inRupees.coveredRupees).toBe(25_00_000);
    expect(inRupees.fundingNotCounted.map((n) => [n.amount, n.currency])).toEqual([[4_60_000, "INR"]]);
    const twoYears: NetCostInput = {
      ...withScholarship([{ kind: "scholarship", amount: 10_000, currency: "EUR" }]),
      course: { durationMonths: 24, online: false, fee: { amount: 20_000, currency: "EUR", period: "year" } },
      scholarship: { amount: 5_000, currency: "EUR", years: 2 },
    };
    expect(netCost(twoYears, rateOf).coveredRupees).toBe(0);
  });

  it("still counts another scholarship, a different amount or a second one of the same amount, and savings of that amount", () => {
    const other = netCost(withScholarship([savings, { kind: "scholarship", amount: 3_00_000, currency: "INR" }]), rateOf);
    expect(other.coveredRupees).toBe(28_00_000);
    expect(other.fundingNotCounted).toEqual([]);
    const two = netCost(
      withScholarship([
        { kind: "scholarship", amount: 5_000, currency: "EUR" },
        { kind: "scholarship", amount: 5_000, currency: "EUR" },
      ]),
      rateOf,
    );
    expect(two.coveredRupees).toBe(4_50_000);
    const savedSum = netCost(withScholarship([{ kind: "family-savings", amount: 5_000, currency: "EUR" }]), rateOf);
    expect(savedSum.coveredRupees).toBe(4_50_000);
  });

  it("does not count another offer's scholarship for this one: it is paid only at that university", () => {
    const cost = netCost(
      {
        ...input(),
        funding: [savings, { kind: "scholarship", amount: 5_000, currency: "EUR" }],
        otherScholarships: [{ university: "Trinity College Dublin", amount: 5_000, currency: "EUR", years: 1 }],
      },
      rateOf,
    );
    // 25,00,000 saved; Trinity's EUR 5,000 (₹4,50,000) is not money for University College Dublin.
    expect(cost.coveredRupees).toBe(25_00_000);
    expect(cost.shortRupees).toBe(4_49_000);
    expect(cost.fundingNotCounted).toEqual([
      {
        kind: "scholarship",
        amount: 5_000,
        currency: "EUR",
        rupees: 4_50_000,
        reason: "another-offer",
        university: "Trinity College Dublin",
      },
    ]);
  });
});
