import { and, asc, count, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import type { FileStorage, StoredObject } from "../../platform/storage/file-storage.ts";
import { catalogueAdminMessages, intakeLabel, type UniversityType, universityImage } from "../../vocabulary/catalogue.ts";
import { dayLabel } from "../../vocabulary/scholarships.ts";
import { changePublicSide, type StaffDeps } from "../deps.ts";
import { AppError, notFound } from "../errors.ts";
import { type Intake, upcomingIntakes } from "../intakes.ts";
import { deliverWithoutQueue } from "../outbox.ts";
import type { StaffMember } from "../policies.ts";
import type { CatalogueMirror, MirroredCountry } from "./catalogue-mirror.ts";
import { catalogueCountries, catalogueCountry, createCountry, editCountry } from "./countries-editing.ts";
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
import { addIntake, catalogueCourseIntakes, moveIntakeDeadline, removeIntake } from "./intakes-editing.ts";
import {
  type CourseFinding,
  type CourseQuery,
  findCourses,
  readAndSearch,
  searchCourses,
  shownCountries,
} from "./search-courses.ts";
import { listSearchMisses, recordSearch } from "./search-misses.ts";
import { nearSearches } from "./search-near.ts";
import { suggest } from "./search-suggestions.ts";
import {
  type Course,
  countryShown,
  courseColumns,
  courseShown,
  mirroredCourse,
  PAGE_SIZE,
  type Page,
  shownCountryIds,
  toCourse,
  universityShown,
} from "./shown.ts";
import { countries, courses, universities } from "./tables.ts";
import { type IncomingPicture, setFeatured, setUniversityPicture } from "./university-pictures.ts";

export { mergeCompareLists } from "./compare.ts";
export type { CatalogueCountry } from "./countries-editing.ts";
export type { CatalogueCourse, CatalogueUniversity } from "./editing.ts";
export type { CatalogueImportView, ImportCounts, ImportDiffRow, ImportSummary } from "./import.ts";
export { importJobs } from "./import.ts";
export type { ConsoleIntake } from "./intakes-editing.ts";
export type { IncomingPicture } from "./university-pictures.ts";

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
    changePublicSide(deps, async () => {
      const removed = await removeIntake(deps, actor, courseId, intakeId);
      // Counsellors told of applications naming it: sent now when no job queue runs (decision 0034).
      await deliverWithoutQueue(deps);
      return removed;
    }),
  /** Moves an intake's deadline in place (decision 0088); the message says what it is now. */
  moveIntakeDeadline: (actor: StaffMember, courseId: number, intakeId: number, raw: unknown) =>
    changePublicSide(deps, async () => {
      const { intake, moved } = await moveIntakeDeadline(deps, actor, courseId, intakeId, raw);
      // Counsellors told of applications naming it: sent now when no job queue runs (decision 0034).
      if (moved) await deliverWithoutQueue(deps);
      const name = intakeLabel({ month: intake.month, year: intake.year });
      const message = moved
        ? catalogueAdminMessages.intakeDeadlineMoved(name, intake.deadline ? dayLabel(intake.deadline) : null)
        : catalogueAdminMessages.intakeDeadlineUnchanged(name);
      return { intake, moved, message };
    }),
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
