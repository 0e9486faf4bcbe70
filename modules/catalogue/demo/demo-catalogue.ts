import { type DemoCountry, demoCountries } from "./countries.ts";
import { createRandom, type DemoCourse, generateCourses } from "./courses.ts";
import { type DemoUniversity, demoUniversities } from "./universities.ts";

export interface DemoCatalogue {
  countries: DemoCountry[];
  universities: DemoUniversity[];
  /** The courses of the index-th university: the same every time for the same university and index. */
  coursesFor(university: DemoUniversity, index: number): DemoCourse[];
}

const baseSeed = 20_250_601;

/** The real countries and universities with 22 to 30 generated courses each; deterministic (decision 0004). */
export function buildDemoCatalogue(): DemoCatalogue {
  const countryByName = new Map(demoCountries.map((c) => [c.name, c]));
  return {
    countries: demoCountries,
    universities: demoUniversities,
    coursesFor(university, index) {
      const country = countryByName.get(university.country);
      if (!country) throw new Error(`Unknown country ${university.country} for ${university.name}`);
      const random = createRandom(baseSeed + index * 7_919);
      const count = 22 + Math.floor(random() * 9);
      return generateCourses(university, country, random, count);
    },
  };
}
