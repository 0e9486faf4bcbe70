/**
 * The course search (decisions 0026, 0030): a term read into its parts, narrowed by filters, answered by
 * the in-process index when it matches the catalogue, else by the database (search-database.ts).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Database, queryRows } from "../../platform/db/client.ts";
import { AppError } from "../errors.ts";
import type { CatalogueMirror, MirroredCatalogue } from "./catalogue-mirror.ts";
import {
  type CourseFilters,
  durationBands,
  emptyFilterCounts,
  type FilterCounts,
  feeStepsWith,
  narrows,
  type ResolvedFilters,
} from "./course-filters.ts";
import { parseSearchTerm } from "./input.ts";
import { searchInDatabase } from "./search-database.ts";
import type { IndexQuery } from "./search-index.ts";
import { placeLookup, type QueryReading, readQuery, type SearchPlaces } from "./search-query.ts";
import {
  type Course,
  countryShown,
  courseColumns,
  courseShown,
  mirroredCourse,
  PAGE_SIZE,
  type Page,
  toCourse,
  universityShown,
} from "./shown.ts";
import { countries, courses, universities } from "./tables.ts";

/** The catalogue's places the query reader knows, read once per mirror. */
const placesOfMirror = new WeakMap<MirroredCatalogue, { places: SearchPlaces; lookup: ReturnType<typeof placeLookup> }>();

export async function searchPlaces(
  db: Database,
  mirrored: MirroredCatalogue | null,
): Promise<{ places: SearchPlaces; lookup: ReturnType<typeof placeLookup> }> {
  if (mirrored) {
    const known = placesOfMirror.get(mirrored);
    if (known) return known;
    const places: SearchPlaces = {
      countries: mirrored.countries.map(({ name, aliases }) => ({ name, aliases })),
      cities: [...new Set(mirrored.universities.map((u) => u.city))],
    };
    const made = { places, lookup: placeLookup(places) };
    placesOfMirror.set(mirrored, made);
    return made;
  }
  const [countryRows, cityRows] = await Promise.all([
    db.select({ name: countries.name, aliases: countries.aliases }).from(countries).where(countryShown),
    queryRows<{ city: string }>(
      db,
      sql`select distinct u.city from universities u join countries co on co.id = u.country_id and co.visible
          where u.retired_at is null`,
    ),
  ]);
  const places: SearchPlaces = { countries: countryRows, cities: cityRows.map((r) => r.city) };
  return { places, lookup: placeLookup(places) };
}

/** The shown courses with these ids, in the order given. */
async function coursesInOrder(db: Database, ids: number[], mirrored: MirroredCatalogue | null): Promise<Course[]> {
  if (ids.length === 0) return [];
  if (mirrored) return ids.flatMap((id) => mirroredCourse(mirrored, mirrored.courses.get(id)) ?? []);
  const rows = await db
    .select(courseColumns)
    .from(courses)
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .where(and(inArray(courses.id, ids), courseShown, universityShown, countryShown));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCourse(row)] : [];
  });
}

/** A search or a university's courses, narrowed by filters (course-filters.ts, decision 0030). */
export interface CourseQuery {
  /** What was typed (read into parts); empty: the filters alone choose. */
  term: string;
  page: number;
  filters: CourseFilters;
  /** Only this university's courses (its page), all on one page. */
  universityId?: number;
  /** Rupees per unit of each currency (the fee filters and order). */
  rupees?: ReadonlyMap<string, number>;
  /** Count what each filter's choices would leave. */
  counts?: boolean;
}

export interface CourseFinding {
  /** How the term was read; null without a term. */
  reading: QueryReading | null;
  /** Null when there is nothing to look for (no term, no filter). */
  result: Page<Course> | null;
  /**
   * The filters as applied: the address's, and a level or destination the term named when the address
   * did not (the filter form then carries them, and `termLeft` is the term without them).
   */
  filters: CourseFilters;
  termLeft: string;
  counts: FilterCounts | null;
}

/** A university's courses are few: all on one page. */
const UNIVERSITY_COURSES_LIMIT = 1_000;

/** The shown countries' ids, names and slugs (for the destination filter). */
export async function shownCountries(
  db: Database,
  mirrored: MirroredCatalogue | null,
): Promise<Array<{ id: number; name: string; slug: string }>> {
  if (mirrored) return mirrored.countries;
  return db.select({ id: countries.id, name: countries.name, slug: countries.slug }).from(countries).where(countryShown);
}

/**
 * The courses matching a term and filters, in the order asked, with what each filter's choices would
 * leave. The term is read into parts (search-query.ts); a level or destination it names acts as that
 * filter unless the address gives one (the address wins), so "ms in germany" and
 * `?level=masters&country=germany` find the same courses. Answered by the in-process index when it
 * matches the catalogue, else by the database, alike.
 */
export async function findCourses(db: Database, query: CourseQuery, mirror?: CatalogueMirror): Promise<CourseFinding> {
  const term = query.term.trim() ? parseSearchTerm(query.term) : "";
  const mirrored = mirror?.current() ?? null;
  const { places, lookup } = await searchPlaces(db, mirrored);
  const reading = term ? readQuery(term, lookup, places) : null;
  const destinations = await shownCountries(db, mirrored);
  const filters: CourseFilters = { ...query.filters };
  if (reading?.level && !filters.level) filters.level = reading.level;
  if (reading?.intake && !filters.intake) filters.intake = reading.intake;
  const named = reading?.country ? destinations.find((c) => c.name === reading.country) : undefined;
  if (named && !filters.country) filters.country = named.slug;
  const destination = filters.country ? destinations.find((c) => c.slug === filters.country) : undefined;
  if (filters.country && !destination)
    throw new AppError("invalid_input", "Choose a destination from the list", { country: "Choose a destination from the list" });
  // The level and destination are filters now: their words leave the term (their score is the same for all).
  const words = (reading?.words ?? []).filter((w) => w.field !== "level" && w.field !== "country");
  const empty = (page: number): Page<Course> => ({ items: [], page, pageSize: PAGE_SIZE, total: 0 });
  const termLeft = reading?.withoutFilters ?? "";
  const nothingAsked = !term && !narrows(filters) && query.universityId === undefined;
  if (nothingAsked) return { reading, result: null, filters, termLeft, counts: null };
  if (reading && (reading.unserved || (reading.words.length === 0 && !narrows(filters))))
    return { reading, result: empty(query.page), filters, termLeft, counts: query.counts ? emptyFilterCounts() : null };
  const band = durationBands.find((b) => b.key === filters.duration);
  const resolved: ResolvedFilters = {
    countryId: destination?.id,
    universityId: query.universityId,
    level: filters.level,
    mode: filters.mode,
    duration: band ? { min: band.min, max: band.max } : undefined,
    intake: filters.intake,
    feeMin: filters.feeMin,
    feeMax: filters.feeMax,
  };
  const pageSize = query.universityId === undefined ? PAGE_SIZE : UNIVERSITY_COURSES_LIMIT;
  const indexQuery: IndexQuery = {
    words,
    filters: resolved,
    sort: filters.sort,
    offset: (query.page - 1) * pageSize,
    limit: pageSize,
    rupees: query.rupees,
    ...(query.counts ? { counts: { feeSteps: feeStepsWith(filters.feeMin, filters.feeMax) } } : {}),
  };
  const found = mirrored ? mirrored.search.find(indexQuery) : await searchInDatabase(db, words, indexQuery);
  return {
    reading,
    result: { items: await coursesInOrder(db, found.ids, mirrored), page: query.page, pageSize, total: found.total },
    filters,
    termLeft,
    counts: found.counts ?? null,
  };
}

/** A search term read into its parts and the courses matching them, best first (findCourses without filters). */
export async function readAndSearch(
  db: Database,
  rawTerm: string,
  page: number,
  mirror?: CatalogueMirror,
): Promise<{ reading: QueryReading; result: Page<Course> }> {
  const term = parseSearchTerm(rawTerm);
  const found = await findCourses(db, { term, page, filters: { sort: "relevance" } }, mirror);
  if (!found.reading) throw new Error("a term is always read");
  return { reading: found.reading, result: found.result ?? { items: [], page, pageSize: PAGE_SIZE, total: 0 } };
}

/** The courses matching a search term, best first (readAndSearch without the reading). */
export async function searchCourses(
  db: Database,
  rawTerm: string,
  page: number,
  mirror?: CatalogueMirror,
): Promise<Page<Course>> {
  return (await readAndSearch(db, rawTerm, page, mirror)).result;
}
