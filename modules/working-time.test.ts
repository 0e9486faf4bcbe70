import { describe, expect, it } from "vitest";
import { defaultConsoleSettings } from "./console-settings.ts";
import { addWorkingTime, subtractWorkingTime, workingMillisBetween } from "./working-time.ts";

/** Monday to Saturday, 09:30 to 18:30 IST (the default). Instants are written in IST (+05:30). */
const hours = defaultConsoleSettings.workingHours;
const ist = (text: string) => new Date(`${text}+05:30`);
const H = 3_600_000;

// 2025-06-02 is a Monday; 2025-06-07 a Saturday; 2025-06-08 a Sunday.
describe("working time between two instants (IST)", () => {
  it("counts the hours inside one working day", () => {
    expect(workingMillisBetween(ist("2025-06-02T10:00"), ist("2025-06-02T14:00"), hours)).toBe(4 * H);
    expect(workingMillisBetween(ist("2025-06-02T14:00"), ist("2025-06-02T10:00"), hours)).toBe(0);
  });

  it("counts nothing before the day starts, after it ends or at night", () => {
    expect(workingMillisBetween(ist("2025-06-02T07:00"), ist("2025-06-02T09:30"), hours)).toBe(0);
    expect(workingMillisBetween(ist("2025-06-02T18:30"), ist("2025-06-03T09:30"), hours)).toBe(0);
    expect(workingMillisBetween(ist("2025-06-02T08:00"), ist("2025-06-02T10:00"), hours)).toBe(0.5 * H);
    expect(workingMillisBetween(ist("2025-06-02T17:00"), ist("2025-06-02T23:59"), hours)).toBe(1.5 * H);
  });

  it("skips days off (Sunday by default) and any day an admin takes out", () => {
    expect(workingMillisBetween(ist("2025-06-07T17:30"), ist("2025-06-09T10:30"), hours)).toBe(2 * H);
    expect(workingMillisBetween(ist("2025-06-08T00:00"), ist("2025-06-08T23:59"), hours)).toBe(0);
    const weekdaysOnly = { ...hours, days: [1, 2, 3, 4, 5] };
    expect(workingMillisBetween(ist("2025-06-06T17:30"), ist("2025-06-09T10:30"), weekdaysOnly)).toBe(2 * H);
  });

  it("spans several days and whole weeks", () => {
    expect(workingMillisBetween(ist("2025-06-02T09:30"), ist("2025-06-04T18:30"), hours)).toBe(27 * H);
    // Two whole weeks from a Monday morning: 12 working days of 9 hours.
    expect(workingMillisBetween(ist("2025-06-02T09:30"), ist("2025-06-16T09:30"), hours)).toBe(108 * H);
    // A year back costs no more and agrees with the week arithmetic.
    const year = workingMillisBetween(ist("2024-06-03T09:30"), ist("2025-06-02T09:30"), hours);
    expect(year).toBe(52 * 54 * H);
  });

  it("is independent of the server's own time zone: a UTC evening is the next IST morning", () => {
    // 2025-06-02T04:00Z is 09:30 IST.
    expect(workingMillisBetween(new Date("2025-06-02T04:00:00Z"), new Date("2025-06-02T05:00:00Z"), hours)).toBe(H);
  });
});

describe("due times", () => {
  it("a booking inside working hours is due the same day when the hours fit", () => {
    expect(addWorkingTime(ist("2025-06-02T10:00"), 4 * H, hours)).toEqual(ist("2025-06-02T14:00"));
  });

  it("a booking late in the day, at night or on a Sunday runs into the next working day", () => {
    expect(addWorkingTime(ist("2025-06-02T17:30"), 4 * H, hours)).toEqual(ist("2025-06-03T12:30"));
    expect(addWorkingTime(ist("2025-06-02T23:00"), 4 * H, hours)).toEqual(ist("2025-06-03T13:30"));
    expect(addWorkingTime(ist("2025-06-07T18:00"), 4 * H, hours)).toEqual(ist("2025-06-09T13:00"));
    expect(addWorkingTime(ist("2025-06-08T12:00"), 4 * H, hours)).toEqual(ist("2025-06-09T13:30"));
  });

  it("a target longer than a day spans several working days", () => {
    expect(addWorkingTime(ist("2025-06-06T12:00"), 20 * H, hours)).toEqual(ist("2025-06-09T14:00")); // 6.5 h Friday, 9 h Saturday, 4.5 h Monday
  });

  it("the overdue cut-off is the latest booking whose due time has passed", () => {
    for (const now of ["2025-06-03T11:00", "2025-06-03T22:00", "2025-06-08T12:00", "2025-06-09T09:45"]) {
      const cutoff = subtractWorkingTime(ist(now), 4 * H, hours);
      expect(workingMillisBetween(cutoff, ist(now), hours)).toBe(4 * H);
      expect(addWorkingTime(cutoff, 4 * H, hours).getTime()).toBeLessThanOrEqual(ist(now).getTime());
      expect(addWorkingTime(new Date(cutoff.getTime() + 60_000), 4 * H, hours).getTime()).toBeGreaterThan(ist(now).getTime());
    }
    expect(subtractWorkingTime(ist("2025-06-09T10:30"), 4 * H, hours)).toEqual(ist("2025-06-07T15:30"));
  });
});
