import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { type Database, queryRows } from "../../platform/db/client.ts";
import { countries, courses, universities } from "../../platform/db/schema.ts";
import type { FileStorage, StoredObject } from "../../platform/storage/file-storage.ts";
import {
  type CourseLevel,
  type CourseMode,
  type FeePeriod,
  type UniversityType,
  universityImage,
} from "../../vocabulary/catalogue.ts";
import { notFound } from "../errors.ts";
import { type Intake, upcomingIntakes } from "../intakes.ts";
import type { CatalogueMirror, MirroredCatalogue, MirroredCountry, MirroredUniversity } from "./catalogue-mirror.ts";
import type { MirroredCourse } from "./course-table.ts";
import { parseSearchTerm } from "./inputs.ts";
import { type SearchWord, wordsOf } from "./search-index.ts";
import { listSearchMisses, recordSearch } from "./search-misses.ts";
import { placeLookup, type QueryReading, readQuery, type SearchPlaces } from "./search-query.ts";

export const PAGE_SIZE = 12;

export interface Country {
  id: number;
  name: string;
  slug: string;
  code: string;
  image: string;
}

export interface UniversitySummary {
  id: number;
  name: string;
  city: string;
  type: UniversityType;
  image: string;
  country: { name: string; slug: string };
}

export interface Course {
  id: number;
  name: string;
  level: CourseLevel;
  durationMonths: number;
  /** `source` and `checkedOn` (YYYY-MM-DD): where and when an admin last checked the fee, if they said. */
  fee: { amount: number; currency: string; period: FeePeriod; source: string | null; checkedOn: string | null };
  mode: CourseMode;
  englishExamWaiver: boolean;
  mediumOfInstruction: string;
  university: { id: number; name: string; city: string; country: { name: string; slug: string } };
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export const flagImage = (code: string) => `/flags/${code}.svg`;

const universityColumns = {
  id: universities.id,
  name: universities.name,
  city: universities.city,
  type: universities.type,
  imageKey: universities.imageKey,
  countryName: countries.name,
  countrySlug: countries.slug,
};

type UniversityRow = {
  id: number;
  name: string;
  city: string;
  type: UniversityType;
  imageKey: string | null;
  countryName: string;
  countrySlug: string;
};

const toUniversity = (row: UniversityRow): UniversitySummary => ({
  id: row.id,
  name: row.name,
  city: row.city,
  type: row.type,
  image: universityImage(row.id, row.imageKey),
  country: { name: row.countryName, slug: row.countrySlug },
});

const courseColumns = {
  id: courses.id,
  name: courses.name,
  level: courses.level,
  durationMonths: courses.durationMonths,
  feeAmount: courses.feeAmount,
  feeCurrency: courses.feeCurrency,
  feePeriod: courses.feePeriod,
  feeSource: courses.feeSource,
  feeCheckedOn: courses.feeCheckedOn,
  mode: courses.mode,
  englishExamWaiver: courses.englishExamWaiver,
  mediumOfInstruction: courses.mediumOfInstruction,
  universityId: universities.id,
  universityName: universities.name,
  universityCity: universities.city,
  countryName: countries.name,
  countrySlug: countries.slug,
};

/** A course's own fields with its university's, as the join below (or the mirror) gives them. */
type CourseRow = MirroredCourse & {
  universityName: string;
  universityCity: string;
  countryName: string;
  countrySlug: string;
};

const toCourse = (row: CourseRow): Course => ({
  id: row.id,
  name: row.name,
  level: row.level,
  durationMonths: row.durationMonths,
  fee: {
    amount: row.feeAmount,
    currency: row.feeCurrency,
    period: row.feePeriod,
    source: row.feeSource,
    checkedOn: row.feeCheckedOn,
  },
  mode: row.mode,
  englishExamWaiver: row.englishExamWaiver,
  mediumOfInstruction: row.mediumOfInstruction,
  university: {
    id: row.universityId,
    name: row.universityName,
    city: row.universityCity,
    country: { name: row.countryName, slug: row.countrySlug },
  },
});

/**
 * What the site shows (decision 0017): a country an admin has not hidden, a university and a course
 * not retired. Every public query below holds to these; retired rows stay for the applications naming them.
 */
const countryShown = eq(countries.visible, true);
const universityShown = isNull(universities.retiredAt);
const courseShown = isNull(courses.retiredAt);
const shownCountryIds = (db: Database) => db.select({ id: countries.id }).from(countries).where(countryShown);

const toCountry = ({ id, name, slug, code }: { id: number; name: string; slug: string; code: string }): Country => ({
  id,
  name,
  slug,
  code,
  image: flagImage(code),
});

export async function listCountries(db: Database, mirror?: CatalogueMirror): Promise<Country[]> {
  const mirrored = mirror?.current();
  if (mirrored) return mirrored.countries.map(toCountry);
  const rows = await db
    .select({ id: countries.id, name: countries.name, slug: countries.slug, code: countries.code })
    .from(countries)
    .where(countryShown)
    .orderBy(asc(countries.sortOrder), asc(countries.name));
  return rows.map(toCountry);
}

/**
 * A country by its name, slug or an alias, in any letter case ("UK", "united-kingdom", "United Kingdom");
 * an alias of several words also in its address form ("great-britain"), so a renamed country's old
 * address, kept as an alias, still leads to it (decision 0019).
 */
export async function findCountry(db: Database, nameOrAlias: string, mirror?: CatalogueMirror): Promise<Country> {
  const key = nameOrAlias.trim().toLowerCase().slice(0, 100);
  const slug = key.replace(/[\s_]+/g, "-");
  const mirrored = mirror?.current();
  if (mirrored) {
    const matching = mirrored.countries.filter(
      (country) =>
        country.name.toLowerCase() === key ||
        country.slug === slug ||
        country.aliases.some((alias) => alias === key || alias.replace(/\s+/g, "-") === slug),
    );
    const first = matching.reduce<MirroredCountry | undefined>((low, c) => (low && low.id < c.id ? low : c), undefined);
    if (!first) throw notFound("Country");
    return toCountry(first);
  }
  const [row] = await db
    .select({ id: countries.id, name: countries.name, slug: countries.slug, code: countries.code })
    .from(countries)
    .where(
      and(
        countryShown,
        sql`(lower(${countries.name}) = ${key} or ${countries.slug} = ${slug} or ${key} = any(${countries.aliases})
             or ${slug} = any(select regexp_replace(alias, '[[:space:]]+', '-', 'g') from unnest(${countries.aliases}) as alias))`,
      ),
    )
    .orderBy(asc(countries.id))
    .limit(1);
  if (!row) throw notFound("Country");
  return toCountry(row);
}

export async function listUniversities(
  db: Database,
  options: { page: number; countryId?: number },
  mirror?: CatalogueMirror,
): Promise<Page<UniversitySummary>> {
  const mirrored = mirror?.current();
  if (mirrored) {
    const all = options.countryId === undefined ? mirrored.universities : (mirrored.byCountry.get(options.countryId) ?? []);
    const start = (options.page - 1) * PAGE_SIZE;
    return {
      items: all.slice(start, start + PAGE_SIZE).map(toUniversity),
      page: options.page,
      pageSize: PAGE_SIZE,
      total: all.length,
    };
  }
  const where = and(
    universityShown,
    inArray(universities.countryId, shownCountryIds(db)),
    options.countryId === undefined ? undefined : eq(universities.countryId, options.countryId),
  );
  // The page's ids first (an index walk), then their details: joining before the offset would sort every row.
  const pageIds = db
    .select({ id: universities.id, name: universities.name })
    .from(universities)
    .where(where)
    .orderBy(asc(universities.name), asc(universities.id))
    .limit(PAGE_SIZE)
    .offset((options.page - 1) * PAGE_SIZE)
    .as("page_ids");
  const [rows, [totals]] = await Promise.all([
    db
      .select(universityColumns)
      .from(pageIds)
      .innerJoin(universities, eq(universities.id, pageIds.id))
      .innerJoin(countries, eq(countries.id, universities.countryId))
      .orderBy(asc(pageIds.name), asc(pageIds.id)),
    db.select({ total: count() }).from(universities).where(where),
  ]);
  return { items: rows.map(toUniversity), page: options.page, pageSize: PAGE_SIZE, total: totals?.total ?? 0 };
}

export async function getUniversity(db: Database, id: number, mirror?: CatalogueMirror): Promise<UniversitySummary> {
  const mirrored = mirror?.current();
  if (mirrored) {
    const university = mirrored.byId.get(id);
    if (!university) throw notFound("University");
    return toUniversity(university);
  }
  const [row] = await db
    .select(universityColumns)
    .from(universities)
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .where(and(eq(universities.id, id), universityShown, countryShown));
  if (!row) throw notFound("University");
  return toUniversity(row);
}

export async function listUniversityCourses(db: Database, universityId: number, mirror?: CatalogueMirror): Promise<Course[]> {
  await getUniversity(db, universityId, mirror);
  const rows = await db
    .select(courseColumns)
    .from(courses)
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .where(and(eq(courses.universityId, universityId), courseShown))
    .orderBy(asc(courses.name), asc(courses.id));
  return rows.map(toCourse);
}

/** A course from the mirror with its university's fields, as the database's join would give it. */
function mirroredCourse(mirrored: MirroredCatalogue, course: MirroredCourse | undefined): Course | null {
  const university = course && mirrored.byId.get(course.universityId);
  if (!course || !university) return null;
  return toCourse({
    ...course,
    universityName: university.name,
    universityCity: university.city,
    countryName: university.countryName,
    countrySlug: university.countrySlug,
  });
}

export async function getCourse(db: Database, id: number, universityId?: number, mirror?: CatalogueMirror): Promise<Course> {
  const mirrored = mirror?.current();
  if (mirrored) {
    const course = mirroredCourse(mirrored, mirrored.courses.get(id));
    if (!course || (universityId !== undefined && course.university.id !== universityId)) throw notFound("Course");
    return course;
  }
  const [row] = await db
    .select(courseColumns)
    .from(courses)
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .where(
      and(
        eq(courses.id, id),
        courseShown,
        universityShown,
        countryShown,
        universityId === undefined ? undefined : eq(courses.universityId, universityId),
      ),
    );
  if (!row) throw notFound("Course");
  return toCourse(row);
}

const quoteLexeme = (word: string) => `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/** The tsvector weight each field of a course's search vector has (migration 0002): name A, level B. */
const fieldWeightLabel: Partial<Record<SearchWord["field"], string>> = { name: "A", level: "B" };

/**
 * The database's answer to a search, for when the in-process index is not ready (start-up, just after a
 * catalogue change): the same matching over the trigger-built vectors of migration 0002. A word kept to
 * the name or level is kept to that weight of the vector; one kept to the country (or the city and
 * university name) is matched against those columns alone, as the index does.
 */
async function searchInDatabase(db: Database, words: SearchWord[], offset: number): Promise<{ total: number; ids: number[] }> {
  const vectorWords = words.filter((w) => w.field !== "country" && w.field !== "cityOrUniversity" && !w.optional);
  // Optional words only rank (as in the index): the courses holding them come first.
  const optional = words
    .filter((w) => w.optional)
    .map((w) => `${quoteLexeme(w.word)}:*${fieldWeightLabel[w.field] ?? ""}`)
    .join(" | ");
  const fuzzy = vectorWords.filter((w) => !w.exact).map((w) => w.word);
  const similar = fuzzy.length
    ? await queryRows<{ input: string; word: string }>(
        db,
        sql`
    select w.input, s.word
    from jsonb_array_elements_text(${JSON.stringify(fuzzy)}::jsonb) as w(input)
    cross join lateral (
      select word from search_words
      where char_length(w.input) >= 3 and word % w.input
      order by word <-> w.input, word
      limit 4
    ) s`,
      )
    : [];
  const clauses = vectorWords.map((w) => {
    const label = fieldWeightLabel[w.field] ?? "";
    if (w.exact) return `${quoteLexeme(w.word)}${label ? `:${label}` : ""}`;
    const alternatives = new Set([`${quoteLexeme(w.word)}:*${label}`]);
    for (const row of similar) if (row.input === w.word) alternatives.add(`${quoteLexeme(row.word)}${label ? `:${label}` : ""}`);
    return `(${[...alternatives].join(" | ")})`;
  });
  const query = clauses.join(" & ");
  const placeQuery = (field: "country" | "cityOrUniversity") =>
    words
      .filter((w) => w.field === field)
      .map((w) => quoteLexeme(w.word))
      .join(" & ");
  const countryQuery = placeQuery("country");
  const cityQuery = placeQuery("cityOrUniversity");
  const matching = sql.join(
    [
      sql`c.retired_at is null`,
      query ? sql`c.search_vector @@ to_tsquery('simple', ${query})` : sql`true`,
      countryQuery
        ? sql`to_tsvector('simple', co.name || ' ' || array_to_string(co.aliases, ' ')) @@ to_tsquery('simple', ${countryQuery})`
        : sql`true`,
      cityQuery ? sql`to_tsvector('simple', u.city || ' ' || u.name) @@ to_tsquery('simple', ${cityQuery})` : sql`true`,
    ],
    sql` and `,
  );
  const [ranked, [counted]] = await Promise.all([
    queryRows<{ id: number }>(
      db,
      sql`
      select c.id
      from courses c
      join universities u on u.id = c.university_id and u.retired_at is null
      join countries co on co.id = u.country_id and co.visible
      where ${matching}
      order by ${optional ? sql`ts_rank(c.search_vector, to_tsquery('simple', ${optional})) desc,` : sql``}
        ${query ? sql`ts_rank(c.search_vector, to_tsquery('simple', ${query})) desc,` : sql``} c.name, c.id
      limit ${PAGE_SIZE} offset ${offset}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from courses c
          join universities u on u.id = c.university_id and u.retired_at is null
          join countries co on co.id = u.country_id and co.visible
          where ${matching}`,
    ),
  ]);
  return { total: counted?.total ?? 0, ids: ranked.map((r) => r.id) };
}

/** The catalogue's places the query reader knows, read once per mirror. */
const placesOfMirror = new WeakMap<MirroredCatalogue, { places: SearchPlaces; lookup: ReturnType<typeof placeLookup> }>();

async function searchPlaces(
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

/**
 * A search term read into its parts (search-query.ts) and the courses matching them, best first
 * (search-index.ts says how). Answered by the in-process index when it matches the catalogue, else by
 * the database.
 */
export async function readAndSearch(
  db: Database,
  rawTerm: string,
  page: number,
  mirror?: CatalogueMirror,
): Promise<{ reading: QueryReading; result: Page<Course> }> {
  const term = parseSearchTerm(rawTerm);
  const mirrored = mirror?.current() ?? null;
  const { places, lookup } = await searchPlaces(db, mirrored);
  const reading = readQuery(term, lookup, places);
  const words = reading.words;
  if (words.length === 0) return { reading, result: { items: [], page, pageSize: PAGE_SIZE, total: 0 } };
  const offset = (page - 1) * PAGE_SIZE;
  const { total, ids } = mirrored ? mirrored.search.search(words, offset, PAGE_SIZE) : await searchInDatabase(db, words, offset);
  return { reading, result: { items: await coursesInOrder(db, ids, mirrored), page, pageSize: PAGE_SIZE, total } };
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

/** A suggestion while typing in the navbar box (decision 0026). */
export interface Suggestion {
  kind: "destination" | "university" | "course";
  label: string;
  /** Where it is: the country for a university, the university for a course. */
  detail: string;
  href: string;
}

/** Suggestions start from this many letters: one letter begins too many words to be of use. */
export const SUGGEST_MIN_LENGTH = 2;

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

export interface FeaturedUniversity extends UniversitySummary {
  /** Its place on the home page's strips: 1 to 4 the first strip, 5 to 8 the second (vocabulary/catalogue.ts). */
  place: number;
}

/** The universities admins put on the home page's strips, by place; retired ones and hidden countries' are left out. */
export async function featuredUniversities(db: Database): Promise<FeaturedUniversity[]> {
  const rows = await db
    .select({ ...universityColumns, place: universities.featuredRank })
    .from(universities)
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .where(and(isNotNull(universities.featuredRank), universityShown, countryShown))
    .orderBy(asc(universities.featuredRank), asc(universities.id));
  return rows.map(({ place, ...row }) => ({ ...toUniversity(row), place: place ?? 0 }));
}

/** A university's uploaded picture, when `key` is its current one; null otherwise (an old or made-up address). */
export async function universityPicture(
  db: Database,
  storage: FileStorage,
  id: number,
  key: string,
): Promise<StoredObject | null> {
  const [row] = await db
    .select({ id: universities.id })
    .from(universities)
    .where(and(eq(universities.id, id), eq(universities.imageKey, key)));
  return row ? storage.get(key) : null;
}

/** The catalogue with its database bound: what route loaders and API handlers receive. */
export function createCatalogueService(db: Database, mirror?: CatalogueMirror, storage?: FileStorage) {
  return {
    listCountries: () => listCountries(db, mirror),
    findCountry: (nameOrAlias: string) => findCountry(db, nameOrAlias, mirror),
    listUniversities: (options: { page: number; countryId?: number }) => listUniversities(db, options, mirror),
    getUniversity: (id: number) => getUniversity(db, id, mirror),
    listUniversityCourses: (universityId: number) => listUniversityCourses(db, universityId, mirror),
    getCourse: (id: number, universityId?: number) => getCourse(db, id, universityId, mirror),
    searchCourses: (term: string, page: number) => searchCourses(db, term, page, mirror),
    readAndSearch: (term: string, page: number) => readAndSearch(db, term, page, mirror),
    suggest: (term: string) => suggest(db, term, mirror),
    /** A visitor's search and how many courses it found: kept when it found few (decision 0026). */
    recordSearch: (term: string, results: number) => recordSearch(db, term, results),
    /** The searches in [from, to) that found few courses, most searched first (for staff reports). */
    searchMisses: (from: Date, to: Date) => listSearchMisses(db, { from, to }),
    featuredUniversities: () => featuredUniversities(db),
    /** Each course's intakes that have not yet begun, earliest first (the course page, the console's applications). */
    upcomingIntakes: (courseIds: readonly number[], now = new Date()): Promise<Map<number, Intake[]>> =>
      upcomingIntakes(db, courseIds, now),
    universityPicture: async (id: number, key: string) => (storage ? universityPicture(db, storage, id, key) : null),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
