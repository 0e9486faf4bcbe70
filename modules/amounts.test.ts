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

  it("reads the same amounts written in Hindi, with Devanagari digits or grouped by spaces", () => {
    expect(readAmount("25 लाख")).toBe(2_500_000);
    expect(readAmount("1.2 करोड़")).toBe(12_000_000);
    // करोड़ typed with the nukta as a separate mark, as some keyboards do, is the same word.
    expect(readAmount("1.2 करोड\u093C")).toBe(12_000_000);
    expect(readAmount("२५ लाख")).toBe(2_500_000);
    expect(readAmount("५० हज़ार")).toBe(50_000);
    expect(readAmount("रु 25,00,000")).toBe(2_500_000);
    expect(readAmount("25 00 000")).toBe(2_500_000);
    expect(readAmount("2 500 000")).toBe(2_500_000);
    expect(readAmount("25 लाख 5")).toBeNull();
    expect(readAmount("25 सेब")).toBeNull();
  });

  it("refuses what it cannot read rather than guessing", () => {
    for (const text of [
      "",
      "lakh",
      "25,0,000",
      "2,50,00",
      "25 lakh dollars",
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

describe("an amount written in Hindi or with spaces (decision 0082)", () => {
  it("reads लाख and करोड़, Devanagari digits and spaces between groups", () => {
    expect(readAmount("40 लाख")).toBe(4_000_000);
    expect(readAmount("40लाख")).toBe(4_000_000);
    expect(readAmount("१.२ करोड़")).toBe(12_000_000);
    expect(readAmount("1.2 करोड़")).toBe(12_000_000);
    expect(readAmount("रु. 25 लाख")).toBe(2_500_000);
    expect(readAmount("४०,००,०००")).toBe(4_000_000);
    expect(readAmount("40 00 000")).toBe(4_000_000);
    expect(readAmount("4 000 000")).toBe(4_000_000);
    expect(readAmount("₹ 40 00 000/-")).toBe(4_000_000);
  });

  it("still refuses what is not an amount", () => {
    for (const text of ["लाख", "40 0 000", "चालीस लाख", "40 लाख 5"]) expect(readAmount(text), text).toBeNull();
  });

  it("reads रुपये and रुपए before the amount, and a currency word after it", () => {
    expect(readAmount("रुपये 25,000")).toBe(25_000);
    expect(readAmount("रुपए 25,000")).toBe(25_000);
    expect(readAmount("रुपये 25 लाख")).toBe(2_500_000);
    expect(readAmount("25 लाख रुपये")).toBe(2_500_000);
    expect(readAmount("25,00,000 INR")).toBe(2_500_000);
    expect(readAmount("25 lakh rupees")).toBe(2_500_000);
    expect(readAmount("Rupees 25,000/-")).toBe(25_000);
    expect(readAmount("25,000 Rs.")).toBe(25_000);
    // "crores" ends in "rs" and is still a word of amount, not a rupee sign.
    expect(readAmount("2 crores")).toBe(20_000_000);
  });

  it("still refuses a currency word with no amount, or two amounts", () => {
    for (const text of ["रुपये", "INR", "25 rupees 5", "lakh rupees"]) expect(readAmount(text), text).toBeNull();
  });
});
