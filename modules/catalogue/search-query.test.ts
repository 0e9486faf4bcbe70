import { describe, expect, it } from "vitest";
import { placeLookup, readQuery, type SearchPlaces } from "./search-query.ts";

const catalogue: SearchPlaces = {
  countries: [
    { name: "United States", aliases: ["us", "usa", "america"] },
    { name: "France", aliases: [] },
    { name: "Germany", aliases: ["deutschland"] },
    { name: "Singapore", aliases: [] },
    { name: "South Korea", aliases: ["korea"] },
    { name: "Ireland", aliases: [] },
  ],
  cities: ["New York", "Frankfurt", "Paris", "Singapore", "Munich"],
};
const read = (term: string) => readQuery(term, placeLookup(catalogue), catalogue);
const labels = (term: string) => read(term).parts.map((p) => `${p.kind}:${p.label}`);

describe("reading a search term", () => {
  it("reads a level, a subject and a country from shorthand and filler", () => {
    expect(labels("ms in cs")).toEqual(["level:Masters", "subject:Computer Science"]);
    expect(labels("ms computer science usa")).toEqual(["level:Masters", "subject:Computer Science", "country:United States"]);
    expect(labels("masters of science in computer science in the united states")).toEqual([
      "level:Masters",
      "subject:Computer Science",
      "country:United States",
      "text:science",
    ]);
  });

  it("reads an intake, with its year, as the month it starts (decision 0051)", () => {
    const fall = read("ms in cs usa fall 2027");
    expect(labels("ms in cs usa fall 2027")).toEqual([
      "level:Masters",
      "subject:Computer Science",
      "country:United States",
      "intake:September",
    ]);
    expect(fall.intake).toBe(9);
    expect(fall.text).toEqual([]);
    expect(fall.withoutFilters).toBe("cs");
    expect(fall.without[3]).toBe("ms in cs usa");
    expect(read("mba spring intake").intake).toBe(1);
    expect(read("data science sept").intake).toBe(9);
    expect(read("may intake").intake).toBe(5);
    // A year alone is a word like any other.
    expect(labels("2027")).toEqual(["text:2027"]);
  });

  it("reads a degree naming its subject as both, and the longest phrase first", () => {
    expect(labels("mbbs")).toEqual(["level:Bachelors", "subject:Medicine"]);
    expect(labels("pg diploma")).toEqual(["level:Diploma"]);
    expect(labels("pg")).toEqual(["level:Masters"]);
    expect(labels("south korea")).toEqual(["country:South Korea"]);
  });

  it("reads a city, and a name that is both a country and a city as the country", () => {
    expect(labels("ms in new york")).toEqual(["level:Masters", "city:New York"]);
    expect(labels("singapore")).toEqual(["country:Singapore"]);
    expect(labels("germany munich")).toEqual(["city:Munich", "country:Germany"]);
    // A city's words are found in the city or the university's name ("Universidad Autónoma de Asunción").
    expect(read("new york").words).toEqual([
      { word: "new", field: "cityOrUniversity", exact: true },
      { word: "york", field: "cityOrUniversity", exact: true },
    ]);
  });

  it("keeps words it does not know as text, matched anywhere as before", () => {
    const reading = read("granada robotics");
    expect(reading.text).toEqual(["granada"]);
    expect(reading.words).toEqual([
      { word: "robotics", field: "name", exact: false },
      { word: "granada", field: "any", exact: false },
    ]);
    // Filler alone is searched as typed.
    expect(read("university").words).toEqual([{ word: "university", field: "any", exact: false }]);
  });

  it("keeps a place word to its own field, exactly: no typo correction can take it elsewhere", () => {
    const reading = read("management france");
    expect(reading.words).toEqual([
      { word: "management", field: "name", exact: false },
      { word: "france", field: "country", exact: true },
    ]);
    expect(read("usa").words).toEqual([
      { word: "united", field: "country", exact: true },
      { word: "states", field: "country", exact: true },
    ]);
  });

  it("names a destination we do not serve with the closest we do, and searches nothing elsewhere", () => {
    const reading = read("ms cs sweden");
    expect(reading.unserved).toEqual({ name: "Sweden", closest: ["Germany"] });
    expect(reading.words).toEqual([]);
    expect(reading.withoutUnserved).toBe("ms cs");
    expect(read("mba in dubai").unserved?.name).toBe("United Arab Emirates");
  });

  it("gives the term without each part, for the drop links", () => {
    const reading = read("ms in cs usa");
    expect(reading.parts.map((p) => p.label)).toEqual(["Masters", "Computer Science", "United States"]);
    expect(reading.without).toEqual(["in cs usa", "ms in usa", "ms in cs"]);
    const mba = read("mba germany");
    // The level and subject of "mba" come from one word: dropping either drops it.
    expect(mba.without).toEqual(["germany", "germany", "mba"]);
  });

  it("keeps the first of two levels or countries and reads no more than twelve words", () => {
    expect(labels("ms phd france germany")).toEqual(["level:Masters", "country:France"]);
    expect(read(Array.from({ length: 20 }, (_, i) => `w${i}`).join(" ")).text).toHaveLength(12);
  });
});
