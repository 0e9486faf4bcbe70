import { describe, expect, it } from "vitest";
import { courseLevels } from "../../vocabulary/catalogue.ts";
import { demoCountries } from "./demo/countries.ts";
import { demoUniversities } from "./demo/universities.ts";
import { degrees, fillerWords, places, subjects, unservedDestinations } from "./search-dictionary.ts";
import { placeLookup, readQuery, type SearchPlaces } from "./search-query.ts";

// The demo catalogue's places, as the reader gets them from the catalogue.
const demo: SearchPlaces = {
  countries: demoCountries.map(({ name, aliases }) => ({ name, aliases })),
  cities: [...new Set(demoUniversities.map((u) => u.city))],
};
const lookup = placeLookup(demo);
const read = (term: string) => readQuery(term, lookup, demo);
const served = new Set(demo.countries.map((c) => c.name));

describe("the search dictionary, entry by entry", () => {
  it.each(Object.entries(degrees))("reads the degree %s as its level and subject", (typed, entry) => {
    expect(courseLevels).toContain(entry.level);
    const reading = read(typed);
    expect(reading.level).toBe(entry.level);
    expect(reading.subjects).toEqual(entry.subject ? [entry.subject] : []);
    expect(reading.text).toEqual([]);
    expect(reading.words.filter((w) => w.optional).map((w) => w.word)).toEqual((entry.prefer ?? "").split(" ").filter(Boolean));
  });

  it.each(Object.entries(subjects))("reads the subject %s as %s, matched in course names", (typed, subject) => {
    const reading = read(typed);
    expect(reading.subjects).toEqual([subject]);
    expect(reading.level).toBeNull();
    expect(reading.words.length).toBeGreaterThan(0);
    expect(reading.words.every((w) => w.field === "name")).toBe(true);
  });

  it.each(Object.entries(places))("reads the place %s as %s", (typed, name) => {
    const reading = read(typed);
    if (served.has(name)) expect(reading.country).toBe(name);
    else if (demo.cities.includes(name)) expect(reading.city).toBe(name);
    else {
      // Not a destination of ours: it must be one we name the closest served ones for.
      expect(unservedDestinations[name]).toBeDefined();
      expect(reading.unserved?.name).toBe(name);
    }
    expect(reading.text).toEqual([]);
  });

  it.each(Object.entries(unservedDestinations))("says %s is not served and offers %s, all served today", (name, closest) => {
    expect(served.has(name)).toBe(false);
    for (const destination of closest) expect(served.has(destination)).toBe(true);
    const reading = read(name.toLowerCase());
    expect(reading.unserved).toEqual({ name, closest });
    expect(reading.words).toEqual([]);
  });

  it.each([...fillerWords])("leaves out the filler word %s beside a real one", (word) => {
    const reading = read(`${word} nursing`);
    expect(reading.subjects).toEqual(["Nursing"]);
    expect(reading.text).toEqual([]);
  });

  it("keeps its keys lower case and free of anything but letters, digits and single spaces", () => {
    for (const key of [...Object.keys(degrees), ...Object.keys(subjects), ...Object.keys(places), ...fillerWords])
      expect(key).toMatch(/^[a-z0-9]+( [a-z0-9]+)*$/);
  });
});
