/**
 * What is near a search that found nothing (decision 0051): the page keeps the spec's "Sorry, no items
 * were found for your search" and offers, under it, searches that do find courses: the same course in
 * other destinations, the term without its last word, and any intake instead of the one named. Each
 * is searched for real, so nothing offered leads to another empty page.
 */
import type { CourseFilters, FilterCounts } from "./course-filters.ts";
import { wordsOf } from "./search-index.ts";
import type { QueryReading } from "./search-query.ts";

/** A search as search-courses.ts's findCourses takes it (only what is read here). */
export interface NearQuery {
  term: string;
  page: number;
  filters: CourseFilters;
  rupees?: ReadonlyMap<string, number>;
  counts?: boolean;
}

/** What findCourses answers (only what is read here). */
export interface NearFinding {
  reading: QueryReading | null;
  result: { total: number } | null;
  filters: CourseFilters;
  termLeft: string;
  counts: FilterCounts | null;
}

export type NearSearch =
  /** The same search in other destinations, each with how many courses it finds there. */
  | {
      kind: "elsewhere";
      term: string;
      filters: CourseFilters;
      destinations: Array<{ slug: string; name: string; count: number }>;
    }
  /** The term without its last word. */
  | { kind: "shorter"; term: string; filters: CourseFilters; total: number }
  /** The same search at any intake. */
  | { kind: "any-intake"; term: string; filters: CourseFilters; total: number };

/** Destinations offered for the same course elsewhere, most courses first. */
const ELSEWHERE_SHOWN = 4;

/**
 * Searches near one that found nothing. `asked` is the search as the address gave it, `found` its
 * finding (the filters as applied, the term's reading); `find` runs another search; `destinations`
 * are the shown countries.
 */
export async function nearSearches(
  asked: NearQuery,
  found: NearFinding,
  find: (query: NearQuery) => Promise<NearFinding>,
  destinations: ReadonlyArray<{ id: number; name: string; slug: string }>,
): Promise<NearSearch[]> {
  const near: NearSearch[] = [];
  const reading = found.reading;
  const base = { page: 1, rupees: asked.rupees };
  const drop = (filters: CourseFilters, ...keys: Array<keyof CourseFilters>) => {
    const left = { ...filters };
    for (const key of keys) delete left[key];
    return left;
  };
  // The term's own words for the filters stay out of the links' term: the filters carry them.
  const term = found.termLeft;
  const cityAt = reading?.parts.findIndex((part) => part.kind === "city") ?? -1;

  if (found.filters.country || cityAt >= 0) {
    // Without the destination (and a city the term named: its words leave the term), counted by destination.
    const elsewhereTerm = cityAt >= 0 ? (reading?.without[cityAt] ?? term) : term;
    const filters = drop(found.filters, "country");
    const other = await find({ ...base, term: elsewhereTerm, filters, counts: true });
    const counts = other.counts?.country ?? new Map<number, number>();
    const shown = destinations
      .filter((d) => d.slug !== found.filters.country && (counts.get(d.id) ?? 0) > 0)
      .map((d) => ({ slug: d.slug, name: d.name, count: counts.get(d.id) ?? 0 }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
      .slice(0, ELSEWHERE_SHOWN);
    if (shown.length > 0) near.push({ kind: "elsewhere", term: other.termLeft || elsewhereTerm, filters, destinations: shown });
  }

  const typed = wordsOf(asked.term);
  if (typed.length >= 2) {
    const shorter = typed.slice(0, -1).join(" ");
    const other = await find({ ...base, term: shorter, filters: asked.filters });
    if ((other.result?.total ?? 0) > 0)
      near.push({ kind: "shorter", term: shorter, filters: asked.filters, total: other.result?.total ?? 0 });
  }

  if (found.filters.intake) {
    const filters = drop(found.filters, "intake");
    const other = await find({ ...base, term, filters });
    if ((other.result?.total ?? 0) > 0) near.push({ kind: "any-intake", term, filters, total: other.result?.total ?? 0 });
  }
  return near;
}
