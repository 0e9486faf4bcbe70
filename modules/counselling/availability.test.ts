import { describe, expect, it } from "vitest";
import {
  exceptionHolds,
  freeSlots,
  isBookableStart,
  istDayOf,
  istInstant,
  type SlotRules,
  type WeeklyHours,
} from "./availability.ts";

/** Slots from hours, exceptions and held time, in IST (UTC+05:30, no daylight saving). */
const MIN = 60_000;
const rules = (notBefore: number, days = 14, minutes = 30): SlotRules => ({
  minutes,
  stepMinutes: 30,
  notBefore,
  before: notBefore + days * 24 * 60 * MIN,
});
const iso = (at: number) => new Date(at).toISOString();

describe("free slots in India time", () => {
  // Monday 2 March 2026, 00:00 IST is Sunday 1 March, 18:30 UTC.
  const mondayIst = istInstant("2026-03-02", "00:00");

  it("lays a day's hours on the IST day, which begins at 18:30 UTC the day before", () => {
    expect(iso(mondayIst)).toBe("2026-03-01T18:30:00.000Z");
    const week: WeeklyHours = { "1": { starts: "00:00", ends: "01:30" } };
    const slots = freeSlots(week, [], [], rules(mondayIst - 60 * MIN, 1));
    expect(slots.map(iso)).toEqual(["2026-03-01T18:30:00.000Z", "2026-03-01T19:00:00.000Z", "2026-03-01T19:30:00.000Z"]);
    expect(slots.every((at) => istDayOf(at) === "2026-03-02")).toBe(true);
  });

  it("fits the session's length in the hours: a 45-minute session does not start at 17:30 of a day ending at 18:00", () => {
    const week: WeeklyHours = { "1": { starts: "16:00", ends: "18:00" } };
    const slots = freeSlots(week, [], [], rules(mondayIst, 1, 45));
    expect(slots.map((at) => new Date(at + 330 * MIN).toISOString().slice(11, 16))).toEqual(["16:00", "16:30", "17:00"]);
  });

  it("takes out leave, follows a day's changed hours, and skips held time", () => {
    const week: WeeklyHours = { "1": { starts: "10:00", ends: "12:00" }, "2": { starts: "10:00", ends: "12:00" } };
    const held = [{ from: istInstant("2026-03-03", "14:30"), to: istInstant("2026-03-03", "15:00") }];
    const slots = freeSlots(
      week,
      [
        { day: "2026-03-02", hours: null },
        { day: "2026-03-03", hours: { starts: "14:00", ends: "16:00" } },
      ],
      held,
      rules(mondayIst, 2),
    );
    expect(slots.map((at) => `${istDayOf(at)} ${new Date(at + 330 * MIN).toISOString().slice(11, 16)}`)).toEqual([
      "2026-03-03 14:00",
      "2026-03-03 15:00",
      "2026-03-03 15:30",
    ]);
  });

  it("offers nothing before the notice asked nor past the horizon", () => {
    const week: WeeklyHours = { "1": { starts: "10:00", ends: "12:00" } };
    const notBefore = istInstant("2026-03-02", "11:00");
    expect(freeSlots(week, [], [], rules(notBefore, 1)).map(iso)).toEqual([iso(notBefore), iso(notBefore + 30 * MIN)]);
    expect(isBookableStart(week, [], istInstant("2026-03-02", "10:30"), rules(notBefore, 1))).toBe(false);
    expect(isBookableStart(week, [], istInstant("2026-03-02", "11:15"), rules(notBefore, 1))).toBe(false);
    expect(isBookableStart(week, [], istInstant("2026-03-09", "11:00"), rules(notBefore, 1))).toBe(false);
    expect(isBookableStart(week, [], istInstant("2026-03-02", "11:30"), rules(notBefore, 1))).toBe(true);
  });

  it("holds a whole IST day for leave and the hours around a changed day", () => {
    expect(exceptionHolds("2026-03-02", null).map((h) => [iso(h.from), iso(h.to)])).toEqual([
      ["2026-03-01T18:30:00.000Z", "2026-03-02T18:30:00.000Z"],
    ]);
    expect(exceptionHolds("2026-03-02", { starts: "00:00", ends: "12:00" }).map((h) => [iso(h.from), iso(h.to)])).toEqual([
      ["2026-03-02T06:30:00.000Z", "2026-03-02T18:30:00.000Z"],
    ]);
  });
});
