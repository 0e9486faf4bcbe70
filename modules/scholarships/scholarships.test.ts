import { describe, expect, it } from "vitest";
import { courseLevels } from "../../vocabulary/catalogue.ts";
import { isDayOfMonth } from "../../vocabulary/scholarships.ts";
import { referenceScholarships } from "./reference-scholarships.ts";
import { daysUntil, type MatchProfile, matchScholarship, nextDeadline, parseScholarshipFilters } from "./scholarships.ts";

describe("a yearly deadline's next date", () => {
  it("is this year's while it has not passed in India, today included, else next year's", () => {
    expect(nextDeadline(11, 5, new Date("2026-11-04T12:00:00Z"))).toBe("2026-11-05");
    expect(nextDeadline(11, 5, new Date("2026-11-05T12:00:00Z"))).toBe("2026-11-05");
    // 5 November 19:00 UTC is already 6 November in India.
    expect(nextDeadline(11, 5, new Date("2026-11-05T19:00:00Z"))).toBe("2027-11-05");
    expect(daysUntil("2026-11-15", new Date("2026-11-05T06:00:00Z"))).toBe(10);
  });

  it("falls on 28 February in a year without a 29th; a deadline that varies has none", () => {
    expect(nextDeadline(2, 29, new Date("2027-01-10T00:00:00Z"))).toBe("2027-02-28");
    expect(nextDeadline(2, 29, new Date("2027-12-10T00:00:00Z"))).toBe("2028-02-29");
    expect(nextDeadline(null, null, new Date())).toBeNull();
  });
});

describe("matching a scholarship to a student", () => {
  const profile = (p: Partial<MatchProfile>): MatchProfile => ({ levels: [], destinations: [], marks: {}, ...p });
  const turkey = { levels: ["Bachelors", "Masters"] as const, destinations: ["Turkey"], minimumPercentage: 70 };

  it("needs their level, one of their destinations (or any when they named none) and the marks asked", () => {
    const student = profile({ levels: ["Bachelors"], destinations: ["Turkey", "Germany"], marks: { "12th": 72 } });
    expect(matchScholarship({ ...turkey, levels: [...turkey.levels] }, student)).toEqual({
      matches: true,
      reasons: ["Bachelors", "Turkey", "70% asked, you have 72% in 12th"],
    });
    expect(matchScholarship({ ...turkey, levels: [...turkey.levels] }, { ...student, marks: { "12th": 65 } }).matches).toBe(
      false,
    );
    expect(matchScholarship({ ...turkey, levels: [...turkey.levels] }, { ...student, marks: {} }).matches).toBe(false);
    expect(matchScholarship({ ...turkey, levels: ["Masters"] }, student).matches).toBe(false);
    expect(matchScholarship({ ...turkey, levels: [...turkey.levels] }, { ...student, destinations: ["Germany"] }).matches).toBe(
      false,
    );
    expect(matchScholarship({ ...turkey, levels: [...turkey.levels] }, { ...student, destinations: [] }).matches).toBe(true);
  });

  it("reads the marks of the qualification before the level: the bachelor's for a master's", () => {
    const student = profile({ levels: ["Masters"], marks: { "12th": 95, Bachelors: 58 } });
    expect(matchScholarship({ levels: ["Masters"], destinations: [], minimumPercentage: 60 }, student).matches).toBe(false);
    expect(matchScholarship({ levels: ["Masters"], destinations: [], minimumPercentage: 55 }, student)).toEqual({
      matches: true,
      reasons: ["Masters", "any country", "55% asked, you have 58% in Bachelors"],
    });
  });
});

describe("the list's filters from a URL", () => {
  it("ignore an unknown level and a blank destination", () => {
    expect(parseScholarshipFilters({ level: "Masters", destination: " Germany " })).toEqual({
      level: "Masters",
      destination: "Germany",
    });
    expect(parseScholarshipFilters({ level: "masters'--", destination: "  " })).toEqual({});
  });
});

describe("the seeded scholarships", () => {
  it("are at least 30, each with provider, levels, amount, eligibility, an https official page and a valid deadline", () => {
    expect(referenceScholarships.length).toBeGreaterThanOrEqual(30);
    expect(new Set(referenceScholarships.map((s) => s.name)).size).toBe(referenceScholarships.length);
    for (const s of referenceScholarships) {
      expect(s.provider, s.name).not.toBe("");
      expect(s.levels.length, s.name).toBeGreaterThan(0);
      for (const level of s.levels) expect(courseLevels).toContain(level);
      expect(s.amount, s.name).not.toBe("");
      expect(s.eligibility, s.name).not.toBe("");
      expect(new URL(s.officialUrl).protocol, s.name).toBe("https:");
      if (s.deadline) expect(isDayOfMonth(s.deadline.month, s.deadline.day), s.name).toBe(true);
      else expect(s.deadlineNote, s.name).toBeTruthy();
    }
  });
});
