import { and, asc, count, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { type Database, queryRows } from "../../platform/db/client.ts";
import type { FileStorage, StoredObject } from "../../platform/storage/file-storage.ts";
import { courseLevels, courseModes, type FeePeriod, type UniversityType, universityImage } from "../../vocabulary/catalogue.ts";
import { changePublicSide, type StaffDeps } from "../deps.ts";
import type { EntryRequirements } from "../eligibility.ts";
import { AppError, notFound } from "../errors.ts";
import { currentMonthNumber, type Intake, upcomingIntakes } from "../intakes.ts";
import type { StaffMember } from "../policies.ts";
import type { CatalogueMirror, MirroredCatalogue, MirroredCountry, MirroredUniversity } from "./catalogue-mirror.ts";
import { catalogueCountries, catalogueCountry, createCountry, editCountry } from "./countries-editing.ts";
import {
  type CourseFilters,
  durationBandOf,
  durationBands,
  emptyFilterCounts,
  type FilterCounts,
  feeStepsWith,
  narrows,
  type ResolvedFilters,
  SEMESTERS_PER_YEAR,
} from "./course-filters.ts";
import { type CourseFacts, courseFieldColumns, courseFieldList, type FeeKey, type RequirementKey } from "./course-record.ts";
import type { MirroredCourse } from "./course-table.ts";
import { exportCatalogue } from "./csv-export.ts";
import {
  catalogueCourse,
  catalogueUniversity,
  createCourse,
  createUniversity,
  editCourse,
  editUniversity,
  featuredCatalogueUniversities,
  searchCatalogueUniversities,
  setCountryVisible,
  setCourseRetired,
  setUniversityRetired,
} from "./editing.ts";
import {
  applyImport,
  checkImport,
  getImport,
  giveUpImportStep,
  importRows,
  recentImports,
  refusedRowsCsv,
  startApply,
  startCheck,
  uploadImport,
} from "./import.ts";
import { parseSearchTerm } from "./inputs.ts";
import { addIntake, catalogueCourseIntakes, removeIntake } from "./intakes-editing.ts";
import { type IndexQuery, type SearchIndex, type SearchWord, wordsOf } from "./search-index.ts";
import { listSearchMisses, recordSearch } from "./search-misses.ts";
import { nearSearches } from "./search-near.ts";
import { placeLookup, type QueryReading, readQuery, type SearchPlaces } from "./search-query.ts";
import { countries, courses, universities } from "./tables.ts";
import { type IncomingPicture, setFeatured, setUniversityPicture } from "./university-pictures.ts";

export { mergeCompareLists } from "./compare.ts";
export type { CatalogueCountry } from "./countries-editing.ts";
export type { CatalogueCourse, CatalogueUniversity } from "./editing.ts";
export type { CatalogueImportView, ImportCounts, ImportDiffRow, ImportSummary } from "./import.ts";
export { importJobs } from "./import.ts";
export type { ConsoleIntake } from "./intakes-editing.ts";
export type { IncomingPicture } from "./university-pictures.ts";

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

/**
 * A course as the site shows it: its facts (course-record.ts), the fee's grouped as `fee` and the entry
 * requirements as `requirements`, with its university.
 */
export type Course = { id: number } & Omit<CourseFacts, FeeKey | RequirementKey> & {
    /** `source` and `checkedOn` (YYYY-MM-DD): where and when an admin last checked the fee, if they said. */
    fee: { amount: number; currency: string; period: FeePeriod; source: string | null; checkedOn: string | null };
    /** Entry requirements (decision 0027), illustrative on the demo catalogue like its fees. */
    requirements: EntryRequirements;
    university: { id: number; name: string; city: string; country: { name: string; slug: string } };
  };

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
  ...courseFieldColumns,
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

/** The course's fields in the record's order, the fee's and the requirements' each gathered where the first of them stands. */
function toCourse(row: CourseRow): Course {
  const course: Record<string, unknown> = { id: row.id };
  const group = (name: "fee" | "requirements") => {
    course[name] ??= {};
    return course[name] as Record<string, unknown>;
  };
  for (const f of courseFieldList) {
    const value = row[f.key];
    if (f.fee) group("fee")[f.fee] = value;
    else if (f.requirement) group("requirements")[f.key] = value;
    else course[f.key] = value;
  }
  course.university = {
    id: row.universityId,
    name: row.universityName,
    city: row.universityCity,
    country: { name: row.countryName, slug: row.countrySlug },
  };
  return course as Course;
}

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

/**
 * A university's shown courses by name, as its page lists them without filters (up to 1,000): the same
 * search (the index, or the database while the index catches up), so the spec's API and the page never differ.
 */
export async function listUniversityCourses(db: Database, universityId: number, mirror?: CatalogueMirror): Promise<Course[]> {
  await getUniversity(db, universityId, mirror);
  const found = await findCourses(db, { term: "", page: 1, filters: { sort: "relevance" }, universityId }, mirror);
  return found.result?.items ?? [];
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

/**
 * The courses a visitor compares (decision 0027), in the order given: those still shown on the site;
 * a retired or unknown id (the list comes from the visitor's cookie) is left out.
 */
export async function coursesToCompare(db: Database, ids: readonly number[], mirror?: CatalogueMirror): Promise<Course[]> {
  const found = await Promise.all(
    ids.map((id) =>
      getCourse(db, id, undefined, mirror).catch((error: unknown) => {
        if (AppError.is(error) && error.kind === "not_found") return null;
        throw error;
      }),
    ),
  );
  return found.filter((course): course is Course => course !== null);
}

/** Of these course ids, those a visitor may see now (not retired, nor their university or country), in the order given. */
export async function shownCourseIds(db: Database, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .where(and(inArray(courses.id, [...ids]), courseShown, universityShown, countryShown));
  const shown = new Set(rows.map((r) => r.id));
  return ids.filter((id) => shown.has(id));
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
async function searchInDatabase(db: Database, words: SearchWord[], query: IndexQuery): Promise<ReturnType<SearchIndex["find"]>> {
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
  const tsquery = clauses.join(" & ");
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
      tsquery ? sql`c.search_vector @@ to_tsquery('simple', ${tsquery})` : sql`true`,
      countryQuery
        ? sql`to_tsvector('simple', co.name || ' ' || array_to_string(co.aliases, ' ')) @@ to_tsquery('simple', ${countryQuery})`
        : sql`true`,
      cityQuery ? sql`to_tsvector('simple', u.city || ' ' || u.name) @@ to_tsquery('simple', ${cityQuery})` : sql`true`,
    ],
    sql` and `,
  );
  const relevance = sql`${optional ? sql`ts_rank(m.search_vector, to_tsquery('simple', ${optional})) desc,` : sql``}
        ${tsquery ? sql`ts_rank(m.search_vector, to_tsquery('simple', ${tsquery})) desc,` : sql``} m.name, m.id`;
  const { filters = {}, sort = "relevance", offset, limit, rupees } = query;
  const rates = JSON.stringify(Object.fromEntries(rupees ?? []));
  const month = currentMonthNumber(new Date());
  // Each shown course matching the words, with the facts the filters read (as the index keeps them).
  const matched = sql`
    select c.id, c.name, c.search_vector, co.id as country_id, c.level, c.mode, c.duration_months as duration,
      (case c.fee_period when 'year' then c.fee_amount::float8 when 'semester' then c.fee_amount::float8 * ${SEMESTERS_PER_YEAR}
        else c.fee_amount::float8 / greatest(1, c.duration_months / 12.0) end)
        * (${rates}::jsonb ->> upper(c.fee_currency))::float8 as fee,
      array(select distinct i.month::int from course_intakes i
            where i.course_id = c.id and i.year * 12 + i.month - 1 >= ${month}) as intakes
    from courses c
    join universities u on u.id = c.university_id and u.retired_at is null
    join countries co on co.id = u.country_id and co.visible
    where ${matching} ${filters.universityId === undefined ? sql`` : sql`and c.university_id = ${filters.universityId}`}`;
  const conditions: Record<"country" | "level" | "mode" | "duration" | "intake" | "fee", SQL | null> = {
    country: filters.countryId === undefined ? null : sql`m.country_id = ${filters.countryId}`,
    level: filters.level === undefined ? null : sql`m.level = ${filters.level}`,
    mode: filters.mode === undefined ? null : sql`m.mode = ${filters.mode}`,
    duration: filters.duration ? sql`m.duration between ${filters.duration.min} and ${filters.duration.max}` : null,
    intake: filters.intake === undefined ? null : sql`${filters.intake}::int = any(m.intakes)`,
    fee:
      filters.feeMin === undefined && filters.feeMax === undefined
        ? null
        : sql`m.fee between ${filters.feeMin ?? 0} and ${filters.feeMax ?? Number.MAX_SAFE_INTEGER}`,
  };
  const held = (except?: keyof typeof conditions) => {
    const kept = Object.entries(conditions).flatMap(([facet, condition]) => (condition && facet !== except ? [condition] : []));
    return kept.length ? sql.join(kept, sql` and `) : sql`true`;
  };
  const order =
    sort === "fee"
      ? sql`m.fee asc nulls last, ${relevance}`
      : sort === "duration"
        ? sql`m.duration asc, ${relevance}`
        : relevance;
  const [ranked, [counted]] = await Promise.all([
    queryRows<{ id: number }>(
      db,
      sql`with m as (${matched}) select m.id from m where ${held()} order by ${order} limit ${limit} offset ${offset}`,
    ),
    queryRows<{ total: number }>(db, sql`with m as (${matched}) select count(*)::int as total from m where ${held()}`),
  ]);
  const result = { total: counted?.total ?? 0, ids: ranked.map((r) => r.id) };
  if (!query.counts) return result;
  const counts = emptyFilterCounts();
  const grouped = async (facet: keyof typeof conditions, value: SQL) =>
    queryRows<{ value: string | number; n: number }>(
      db,
      sql`with m as (${matched}) select ${value} as value, count(*)::int as n from m where ${held(facet)} group by 1`,
    );
  const steps = query.counts.feeSteps;
  const [byCountry, byLevel, byMode, byDuration, byIntake, [fees]] = await Promise.all([
    grouped("country", sql`m.country_id`),
    grouped("level", sql`m.level`),
    grouped("mode", sql`m.mode`),
    grouped("duration", sql`m.duration`),
    grouped("intake", sql`unnest(m.intakes)`),
    queryRows<Record<string, number>>(
      db,
      sql`with m as (${matched}) select ${sql.join(
        steps.flatMap((step, at) => [
          sql`count(*) filter (where m.fee between ${filters.feeMin ?? 0} and ${step})::int as ${sql.raw(`"up${at}"`)}`,
          sql`count(*) filter (where m.fee between ${step} and ${filters.feeMax ?? Number.MAX_SAFE_INTEGER})::int as ${sql.raw(`"from${at}"`)}`,
        ]),
        sql`, `,
      )} from m where ${held("fee")}`,
    ),
  ]);
  for (const row of byCountry) counts.country.set(Number(row.value), row.n);
  for (const level of courseLevels) counts.level.set(level, byLevel.find((row) => row.value === level)?.n ?? 0);
  for (const mode of courseModes) counts.mode.set(mode, byMode.find((row) => row.value === mode)?.n ?? 0);
  for (const row of byDuration) {
    const band = durationBandOf(Number(row.value));
    counts.duration.set(band, (counts.duration.get(band) ?? 0) + row.n);
  }
  for (let m = 1; m <= 12; m += 1) counts.intake.set(m, byIntake.find((row) => Number(row.value) === m)?.n ?? 0);
  for (const [at, step] of steps.entries()) {
    counts.feeUpTo.set(step, fees?.[`up${at}`] ?? 0);
    counts.feeFrom.set(step, fees?.[`from${at}`] ?? 0);
  }
  return { ...result, counts };
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
async function shownCountries(
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
    /** A search or a university's courses with filters, and what each filter's choices would leave. */
    findCourses: (query: CourseQuery) => findCourses(db, query, mirror),
    /** Searches near one that found nothing (decision 0051): the course elsewhere, fewer words, any intake. */
    nearSearches: async (asked: CourseQuery, found: CourseFinding) =>
      nearSearches(asked, found, (query) => findCourses(db, query, mirror), await shownCountries(db, mirror?.current() ?? null)),
    coursesToCompare: (ids: readonly number[]) => coursesToCompare(db, ids, mirror),
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

/**
 * The catalogue as admins keep it (decisions 0017, 0019, 0020, 0031): editing, pictures, intakes,
 * countries, the CSV import and export. Each change tells the public side through one path.
 */
export const catalogueConsole = (deps: StaffDeps) => ({
  // The catalogue, as admins create and edit it (decisions 0017, 0019); each change clears the public cache.
  universities: (actor: StaffMember, filters: { q?: string }) => searchCatalogueUniversities(deps, actor, filters),
  featuredUniversities: (actor: StaffMember) => featuredCatalogueUniversities(deps, actor),
  university: (actor: StaffMember, id: number) => catalogueUniversity(deps, actor, id),
  course: (actor: StaffMember, id: number) => catalogueCourse(deps, actor, id),
  countries: (actor: StaffMember) => catalogueCountries(deps, actor),
  country: (actor: StaffMember, id: number) => catalogueCountry(deps, actor, id),
  createCountry: (actor: StaffMember, raw: unknown) => changePublicSide(deps, () => createCountry(deps, actor, raw)),
  editCountry: (actor: StaffMember, id: number, raw: unknown) => changePublicSide(deps, () => editCountry(deps, actor, id, raw)),
  createUniversity: (actor: StaffMember, raw: unknown, picture?: IncomingPicture) =>
    changePublicSide(deps, () => createUniversity(deps, actor, raw, picture)),
  editUniversity: (actor: StaffMember, id: number, raw: unknown) =>
    changePublicSide(deps, () => editUniversity(deps, actor, id, raw)),
  /** A new picture, or with `null` the drawn placeholder again. */
  setUniversityPicture: (actor: StaffMember, id: number, picture: IncomingPicture | null | undefined) =>
    changePublicSide(deps, () => setUniversityPicture(deps, actor, id, picture)),
  setFeatured: (actor: StaffMember, id: number, raw: unknown) => changePublicSide(deps, () => setFeatured(deps, actor, id, raw)),
  retireUniversity: (actor: StaffMember, id: number, retired: boolean) =>
    changePublicSide(deps, () => setUniversityRetired(deps, actor, id, retired)),
  createCourse: (actor: StaffMember, universityId: number, raw: unknown) =>
    changePublicSide(deps, () => createCourse(deps, actor, universityId, raw)),
  editCourse: (actor: StaffMember, id: number, raw: unknown) => changePublicSide(deps, () => editCourse(deps, actor, id, raw)),
  retireCourse: (actor: StaffMember, id: number, retired: boolean) =>
    changePublicSide(deps, () => setCourseRetired(deps, actor, id, retired)),
  courseIntakes: (actor: StaffMember, courseId: number) => catalogueCourseIntakes(deps, actor, courseId),
  addIntake: (actor: StaffMember, courseId: number, raw: unknown) =>
    changePublicSide(deps, () => addIntake(deps, actor, courseId, raw)),
  removeIntake: (actor: StaffMember, courseId: number, intakeId: number) =>
    changePublicSide(deps, () => removeIntake(deps, actor, courseId, intakeId)),
  setCountryVisible: (actor: StaffMember, id: number, visible: boolean) =>
    changePublicSide(deps, () => setCountryVisible(deps, actor, id, visible)),
  /** The catalogue's CSV import (decision 0020): upload, map, dry run and apply in the background. */
  imports: {
    upload: (actor: StaffMember, upload: { kind: unknown; fileName: string; body: AsyncIterable<Uint8Array> }) =>
      uploadImport(deps, actor, upload),
    recent: (actor: StaffMember) => recentImports(deps, actor),
    get: (actor: StaffMember, id: string) => getImport(deps, actor, id),
    rows: (actor: StaffMember, id: string, query: unknown) => importRows(deps, actor, id, query),
    check: (actor: StaffMember, id: string, raw: unknown) => startCheck(deps, actor, id, raw),
    apply: (actor: StaffMember, id: string, input?: unknown) => startApply(deps, actor, id, input),
    refusedRows: (actor: StaffMember, id: string) => refusedRowsCsv(deps, actor, id),
    /** The steps as the job queue's workers run them (`importJobs`, server/background.ts), by the import's id. */
    steps: {
      check: (importId: number) => checkImport(deps, importId),
      apply: (importId: number) => applyImport(deps, importId),
      giveUp: (importId: number) => giveUpImportStep(deps, importId),
    },
  },
  /** The catalogue's universities or courses as CSV in the import's shape, streamed; audited. */
  export: (actor: StaffMember, kind: "universities" | "courses") => exportCatalogue(deps, actor, kind),
});
