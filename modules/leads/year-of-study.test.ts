import { describe, expect, it } from "vitest";
import { indianStates, preferredSubjects, yearsOfStudyFrom } from "../../vocabulary/consultations.ts";
import { AppError } from "../errors.ts";
import { checkYearOfStudy } from "./input.ts";

/** Decision 0035: the years of study come from the clock; the lists cover every state and the common subjects. */
describe("the year of study, from the clock", () => {
  const november2026 = new Date("2026-11-24T12:00:00Z");

  it("offers this year and the next three, never a year already past", () => {
    expect(yearsOfStudyFrom(2026)).toEqual(["2026", "2027", "2028", "2029"]);
    expect(yearsOfStudyFrom(2030)).toEqual(["2030", "2031", "2032", "2033"]);
  });

  it("refuses a year not offered at the moment of booking, naming the field; a blank year is fine", () => {
    for (const year of ["2026", "2029"]) expect(() => checkYearOfStudy({ yearOfStudy: year }, november2026)).not.toThrow();
    expect(() => checkYearOfStudy({}, november2026)).not.toThrow();
    for (const year of ["2025", "2030"]) {
      try {
        checkYearOfStudy({ yearOfStudy: year }, november2026);
        expect.unreachable(`${year} was accepted`);
      } catch (error) {
        expect(AppError.is(error) && error.status).toBe(400);
        expect((error as AppError).fields).toEqual({ yearOfStudy: "Choose a year of study from the list" });
      }
    }
  });
});

describe("the booking's lists", () => {
  it("keeps the spec's eight states and adds every state and union territory: 36, each once", () => {
    for (const state of [
      "Andhra Pradesh",
      "Karnataka",
      "Kerala",
      "Maharashtra",
      "Tamil Nadu",
      "Telangana",
      "Uttar Pradesh",
      "West Bengal",
    ])
      expect(indianStates).toContain(state);
    for (const state of ["Delhi", "Gujarat", "Punjab", "Rajasthan", "Haryana", "Jammu and Kashmir", "Puducherry", "Ladakh"])
      expect(indianStates).toContain(state);
    expect(new Set(indianStates).size).toBe(36);
    expect([...indianStates]).toEqual([...indianStates].sort((a, b) => a.localeCompare(b)));
  });

  it("keeps the spec's six subjects first, then nursing, data science, hospitality, arts and design, and Other last", () => {
    expect(preferredSubjects.slice(0, 6)).toEqual([
      "Accounting & Finance",
      "Computer Science",
      "Medicine & Dentistry",
      "Law",
      "Engineering (General)",
      "Business & Management",
    ]);
    expect(preferredSubjects.slice(6)).toEqual(["Nursing", "Data Science", "Hospitality", "Arts & Design", "Other"]);
  });
});
