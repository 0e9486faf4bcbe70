import { describe, expect, it } from "vitest";
import { pathForLog } from "./parents.ts";

/** Every secret token a path can carry is kept out of the logs (decisions 0028, 0059 and 0075). */
describe("a path as the logs keep it", () => {
  const token = "Qk3x9_ZpL0-aBcDeFgHiJkLmNoPqRsTuVwXyZ012345";

  it("leaves out a recommender's token, on the page and on the API", () => {
    expect(pathForLog(`/letters/${token}`)).toBe("/letters/[link]");
    expect(pathForLog(`/letters/${token}.data`)).toBe("/letters/[link]");
    expect(pathForLog(`/api/v1/letters/${token}/letter`)).toBe("/api/v1/letters/[link]/letter");
  });

  it("leaves out a parent link's token, on the page and on the API", () => {
    expect(pathForLog(`/parent/${token}`)).toBe("/parent/[link]");
    expect(pathForLog(`/parent/${token}.data`)).toBe("/parent/[link]");
    expect(pathForLog(`/api/v1/parent/${token}`)).toBe("/api/v1/parent/[link]");
  });

  it("leaves out a calendar feed's token", () => {
    expect(pathForLog(`/calendar/${token}.ics`)).toBe("/calendar/[feed].ics");
  });

  it("keeps every other path as it is", () => {
    expect(pathForLog("/user/applications/12/letters")).toBe("/user/applications/12/letters");
    expect(pathForLog("/profile")).toBe("/profile");
    expect(pathForLog("/staff/calendar/hours")).toBe("/staff/calendar/hours");
  });
});
