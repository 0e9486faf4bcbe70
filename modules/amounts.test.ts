import { describe, expect, it } from "vitest";
import { readAmount } from "./amounts.ts";

describe("an amount as a family types it", () => {
  it("reads Indian and international grouping, lakh and crore", () => {
    expect(readAmount("25,00,000")).toBe(2_500_000);
    expect(readAmount("2,500,000")).toBe(2_500_000);
    expect(readAmount("25 lakh")).toBe(2_500_000);
    expect(readAmount("25 Lakhs")).toBe(2_500_000);
    expect(readAmount("25L")).toBe(2_500_000);
    expect(readAmount("1.2 crore")).toBe(12_000_000);
    expect(readAmount("1,20,00,000")).toBe(12_000_000);
    expect(readAmount("₹25,00,000")).toBe(2_500_000);
    expect(readAmount("Rs. 18,50,000/-")).toBe(1_850_000);
    expect(readAmount("11904")).toBe(11_904);
    expect(readAmount("11,904.50")).toBe(11_904.5);
    expect(readAmount(" 500000 ")).toBe(500_000);
  });

  it("refuses what it cannot read rather than guessing", () => {
    for (const text of [
      "",
      "lakh",
      "25,0,000",
      "2,50,00",
      "25 lakh rupees",
      "twenty lakh",
      "25,00,000 lakh",
      "1e9",
      "-5",
      "25 bananas",
    ]) {
      expect(readAmount(text), text).toBeNull();
    }
  });
});
