/** The suggestions under the navbar's search box while a visitor types (decision 0026). */
import type { Database } from "../../platform/db/client.ts";
import { SUGGEST_MIN_LENGTH, type Suggestion } from "../../vocabulary/catalogue.ts";
import type { CatalogueMirror, MirroredCatalogue, MirroredUniversity } from "./catalogue-mirror.ts";
import { parseSearchTerm } from "./input.ts";
import { searchPlaces } from "./search-courses.ts";
import { wordsOf } from "./search-index.ts";
import { readQuery } from "./search-query.ts";
import { mirroredCourse } from "./shown.ts";

/** Each university's words (name and city), read once per mirror, for suggestions. */
const universityWordsOf = new WeakMap<MirroredCatalogue, string[][]>();

/** Every typed word begins one of these words. */
const beginsAll = (typed: string[], words: readonly string[]) => typed.every((t) => words.some((w) => w.startsWith(t)));

/**
 * Up to two destinations, three universities and three courses for a partly typed term, from the
 * in-process mirror (none while it is rebuilt: the box then works as a plain search). Courses come from
 * the same reading and index as the search; the last word counts as the beginning of a word.
 */
export async function suggest(db: Database, rawTerm: string, mirror?: CatalogueMirror): Promise<Suggestion[]> {
  const term = parseSearchTerm(rawTerm).toLowerCase();
  const mirrored = mirror?.current();
  const typed = wordsOf(term).slice(0, 8);
  if (!mirrored || typed.length === 0 || term.length < SUGGEST_MIN_LENGTH) return [];
  const destinations: Suggestion[] = mirrored.countries
    .filter((country) => beginsAll(typed, [...wordsOf(country.name), ...country.aliases.flatMap(wordsOf)]))
    .slice(0, 2)
    .map((country) => ({
      kind: "destination",
      label: country.name,
      detail: "Destination",
      href: `/${country.slug}/universities`,
    }));
  let words = universityWordsOf.get(mirrored);
  if (!words) {
    words = mirrored.universities.map((u) => [...wordsOf(u.name), ...wordsOf(u.city)]);
    universityWordsOf.set(mirrored, words);
  }
  const universities: Suggestion[] = [];
  for (let i = 0; i < mirrored.universities.length && universities.length < 3; i += 1) {
    const university = mirrored.universities[i] as MirroredUniversity;
    if (beginsAll(typed, words[i] as string[]))
      universities.push({
        kind: "university",
        label: university.name,
        detail: `${university.city}, ${university.countryName}`,
        href: `/${university.countrySlug}/universities/${university.id}`,
      });
  }
  const { places, lookup } = await searchPlaces(db, mirrored);
  const reading = readQuery(term, lookup, places);
  const found = reading.words.length ? mirrored.search.search(reading.words, 0, 3).ids : [];
  const courses: Suggestion[] = found.flatMap((id) => {
    const course = mirroredCourse(mirrored, mirrored.courses.get(id));
    return course
      ? [{ kind: "course" as const, label: course.name, detail: course.university.name, href: `/courses/${course.id}` }]
      : [];
  });
  return [...destinations, ...universities, ...courses];
}
