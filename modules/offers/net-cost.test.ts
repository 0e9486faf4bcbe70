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
  funding: { rupees: 25_00_000, unconverted: [] },
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
