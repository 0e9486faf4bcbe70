import { sql } from "drizzle-orm";
import { type Database, queryRows } from "../../platform/db/client.ts";
import type { Logger } from "../../platform/log.ts";
import type { UniversityType } from "../../vocabulary/catalogue.ts";
import { currentMonthNumber } from "../intakes.ts";
import { annualFee } from "./course-filters.ts";
import { courseFieldsSelect } from "./course-record.ts";
import { type CourseTable, createCourseTableBuilder, type MirroredCourse } from "./course-table.ts";
import { createSearchIndexBuilder, type IndexedCourse, type SearchIndex } from "./search-index.ts";

/** A shown university with its country, as the lists show it. */
export interface MirroredUniversity {
  id: number;
  name: string;
  city: string;
  type: UniversityType;
  /** The uploaded picture's storage key, or null for the drawn placeholder. */
  imageKey: string | null;
  countryId: number;
  countryName: string;
  countrySlug: string;
}

/** A shown country, as the countries page and a country's address read it. */
export interface MirroredCountry {
  id: number;
  name: string;
  slug: string;
  code: string;
  /** Lower-case other names ("uk", "great britain"), as entered by admins. */
  aliases: string[];
}

/** What the mirror holds: the search index, the shown courses' fields, countries and universities, in the lists' order. */
export interface MirroredCatalogue {
  /** The shown countries in the countries page's order (sort order, then name). */
  countries: MirroredCountry[];
  search: SearchIndex;
  /** Every shown course's fields, so a result page needs no database read. */
  courses: CourseTable;
  /** All shown universities in the database's (name, id) order. */
  universities: MirroredUniversity[];
  byCountry: Map<number, MirroredUniversity[]>;
  byId: Map<number, MirroredUniversity>;
}

/**
 * The shown catalogue read into the process (decision 0022): the search index and the university lists,
 * so uncached searches and list pages need no ranking or counting in the database. The catalogue's version
 * (a counter that triggers move on every change to countries, universities and courses, migration 0013)
 * is read every half second and after each change made here; when it moved, searches go to the
 * database (always right, slower) until the index is rebuilt from it. So every instance answers a
 * change within a second, and a search is never answered from an index older than the catalogue.
 */
export interface CatalogueMirror {
  /** The mirror when it matches the catalogue's current version; null while it is (re)built. */
  current(): MirroredCatalogue | null;
  /** Reads the version now (news from another instance). */
  check(): Promise<void>;
  /**
   * This instance just changed the catalogue: the index stops answering at once (searches go to the
   * database) and is rebuilt.
   */
  changed(): void;
  /** Resolves once the index matches the catalogue (tests, benches, start-up logs). */
  ready(): Promise<void>;
  stop(): void;
}

const LOAD_BATCH = 5_000;

async function catalogueVersionOf(db: Database): Promise<number> {
  const [row] = await queryRows<{ version: string | number }>(db, sql`select version from catalogue_version where id = 1`);
  return Number(row?.version ?? 0);
}

async function loadMirroredUniversities(db: Database): Promise<MirroredUniversity[]> {
  return queryRows<MirroredUniversity>(
    db,
    sql`select u.id, u.name, u.city, u.type, u.image_key as "imageKey", co.id as "countryId", co.name as "countryName", co.slug as "countrySlug"
        from universities u
        join countries co on co.id = u.country_id and co.visible
        where u.retired_at is null
        order by u.name, u.id`,
  );
}

async function loadMirroredCountries(db: Database): Promise<MirroredCountry[]> {
  return queryRows<MirroredCountry>(
    db,
    sql`select id, name, slug, code, aliases from countries where visible order by sort_order, name`,
  );
}

function mirrorOf(
  { search, courses }: { search: SearchIndex; courses: CourseTable },
  countries: MirroredCountry[],
  universities: MirroredUniversity[],
): MirroredCatalogue {
  const byCountry = new Map<number, MirroredUniversity[]>();
  for (const university of universities) {
    const list = byCountry.get(university.countryId);
    if (list) list.push(university);
    else byCountry.set(university.countryId, [university]);
  }
  return { countries, search, courses, universities, byCountry, byId: new Map(universities.map((u) => [u.id, u])) };
}

/**
 * Every shown course into the index and the course table, read in batches by id so none is held whole.
 * `month` (a month number in India) is the first month whose intakes are upcoming.
 */
async function readShownCourses(db: Database, month: number): Promise<{ search: SearchIndex; courses: CourseTable }> {
  const [counted] = await queryRows<{ courses: number }>(
    db,
    sql`select count(*)::int as courses from courses c
        join universities u on u.id = c.university_id and u.retired_at is null
        join countries co on co.id = u.country_id and co.visible
        where c.retired_at is null`,
  );
  const index = createSearchIndexBuilder(counted?.courses);
  const table = createCourseTableBuilder(counted?.courses);
  let after = 0;
  for (;;) {
    const batch = await queryRows<IndexedCourse & MirroredCourse & { intakeMonths: number[] }>(
      db,
      sql`select c.id, u.name as university, u.city,
                 co.name || ' ' || array_to_string(co.aliases, ' ') as country, co.id as "countryId",
                 array(select distinct i.month::int from course_intakes i
                       where i.course_id = c.id and i.year * 12 + i.month - 1 >= ${month}) as "intakeMonths",
                 ${courseFieldsSelect("c")}, c.university_id as "universityId"
          from courses c
          join universities u on u.id = c.university_id and u.retired_at is null
          join countries co on co.id = u.country_id and co.visible
          where c.retired_at is null and c.id > ${after}
          order by c.id
          limit ${LOAD_BATCH}`,
    );
    for (const row of batch) {
      row.annualFee = annualFee({ amount: row.feeAmount, period: row.feePeriod }, row.durationMonths);
      index.add(row);
      table.add(row);
    }
    if (batch.length < LOAD_BATCH) return { search: index.build(), courses: table.build() };
    after = (batch.at(-1) as IndexedCourse).id;
  }
}

export function createCatalogueMirror(
  db: Database,
  log?: Logger,
  options: {
    pollMs?: number;
    /** Called once a mirror is built and in use (the server returns the build's garbage to the system then). */
    afterBuild?: () => void;
  } = {},
): CatalogueMirror {
  let index: MirroredCatalogue | null = null;
  let indexVersion = -1;
  /** The month (in India) whose upcoming intakes the index holds: a new month means a rebuild. */
  let indexMonth = -1;
  let latestVersion = -1;
  let building: Promise<void> | null = null;
  let waiting: Array<() => void> = [];
  let stopped = false;

  const settle = () => {
    if (index && indexVersion === latestVersion) {
      for (const resolve of waiting) resolve();
      waiting = [];
    }
  };

  const rebuild = async () => {
    while (!stopped && indexVersion !== latestVersion) {
      const started = performance.now();
      // The version is read before the courses: a change after that moves it again and brings another
      // rebuild, so an index is never labelled newer than what it holds. Reading in batches, outside a
      // transaction, lets requests go between them (PGlite has one connection).
      const readVersion = await catalogueVersionOf(db);
      const month = currentMonthNumber(new Date());
      index = mirrorOf(await readShownCourses(db, month), await loadMirroredCountries(db), await loadMirroredUniversities(db));
      indexMonth = month;
      indexVersion = readVersion;
      // Only a version read by check() is believed (after changed() it is unknown until then).
      if (readVersion > latestVersion) latestVersion = readVersion;
      log?.info(
        {
          courses: index.search.size,
          universities: index.universities.length,
          version: readVersion,
          ms: Math.round(performance.now() - started),
        },
        "catalogue mirror built",
      );
      settle();
      options.afterBuild?.();
    }
  };

  const check = async () => {
    const version = await catalogueVersionOf(db);
    const monthChanged = index !== null && indexMonth !== currentMonthNumber(new Date());
    if (version === latestVersion && version === indexVersion && !monthChanged) return;
    // A month that has begun ends the last month's intakes: the index is rebuilt as for a change.
    if (monthChanged) indexVersion = -1;
    latestVersion = version;
    settle();
    if (!building)
      building = rebuild()
        .catch((error) => log?.error({ err: error }, "search index could not be built; searches use the database"))
        .finally(() => {
          building = null;
        });
  };

  const timer = setInterval(() => {
    check().catch((error) => log?.warn({ err: error }, "could not read the catalogue version"));
  }, options.pollMs ?? 500);
  timer.unref();
  void check().catch((error) => log?.warn({ err: error }, "could not read the catalogue version"));

  return {
    current: () => (indexVersion === latestVersion ? index : null),
    check,
    changed: () => {
      // Unknown until read: no index matches it, so nothing stale is answered meanwhile.
      latestVersion = Number.NaN;
      void check().catch((error) => log?.warn({ err: error }, "could not read the catalogue version"));
    },
    ready: () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        void check().then(settle, () => undefined);
      }),
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
