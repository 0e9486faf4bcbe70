import { type SQL, sql } from "drizzle-orm";
import { type Database, queryRows } from "../../platform/db/client.ts";
import type { Logger } from "../../platform/log.ts";
import type { UniversityType } from "../../vocabulary/catalogue.ts";
import { currentMonthNumber } from "../intakes.ts";
import { annualFee } from "./course-filters.ts";
import { courseFieldList, courseFieldsSelect } from "./course-record.ts";
import {
  type CourseTable,
  type CourseTableParts,
  courseTableOf,
  createCourseTableBuilder,
  type MirroredCourse,
} from "./course-table.ts";
import { decodeSnapshot, encodeSnapshot, readSnapshot, type SnapshotKey, writeSnapshot } from "./mirror-snapshot.ts";
import {
  createSearchIndexBuilder,
  type IndexedCourse,
  overlaidIndex,
  type SearchIndex,
  type SearchIndexParts,
  searchIndexFromParts,
} from "./search-index.ts";

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
  /** Reads the version now. */
  check(): Promise<void>;
  /**
   * The catalogue just changed, here or on another instance that said so: the mirror stops answering at
   * once (searches go to the database) until it has read which records changed. Resolves once those are
   * changed in the mirror, or, when it must be rebuilt whole (a bulk import), once that rebuild has begun.
   */
  changed(): Promise<void>;
  /** How the mirror has followed the catalogue: whole builds and record changes applied (tests, benches). */
  stats(): {
    fullBuilds: number;
    changesApplied: number;
    /** Courses held in the overlay beside the base index. */
    overlay: number;
    /** The longest the last build held the event loop in one piece, in milliseconds. */
    longestHoldMs: number;
    /** Whole builds made from the snapshot file instead of the catalogue (decision 0071). */
    fromSnapshot: number;
  };
  /** Resolves once the index matches the catalogue (tests, benches, start-up logs). */
  ready(): Promise<void>;
  /**
   * Whether the first whole build has ended (built, or failed and left searches to the database): what
   * /readyz waits for (decision 0068). A later rebuild does not take it back; the old index answers meanwhile.
   */
  started(): boolean;
  stop(): void;
}

/**
 * Courses read per query while building whole: on PGlite a query runs on the event loop's thread, so a
 * batch is kept small enough to hold it for a few tens of milliseconds. A batch reads the courses' own
 * columns only (their university's and country's words come from the lists the mirror holds anyway), so
 * 1,000 take about 35 ms where 100 with the joins and an intake array took 5 to 10 (decision 0071).
 */
const LOAD_BATCH = 1000;
/** Changed courses read per query when following edits (with their university and country joined). */
const CHANGE_BATCH = 100;
/** Changed courses kept beside the base index before the mirror is rebuilt whole (decision 0038). */
const OVERLAY_LIMIT = 2_000;

/** A shown course as the mirror reads it: what the index needs and what the course table keeps. */
type ShownCourse = IndexedCourse & MirroredCourse & { intakeMonths: number[] };

/** The shown courses `where` picks, with their university, country and upcoming intake months. */
async function shownCourses(db: Database, month: number, where: SQL, limit: number | null): Promise<ShownCourse[]> {
  const rows = await queryRows<ShownCourse>(
    db,
    sql`select c.id, u.name as university, u.city,
               co.name || ' ' || array_to_string(co.aliases, ' ') as country, co.id as "countryId",
               array(select distinct i.month::int from course_intakes i
                     where i.course_id = c.id and i.year * 12 + i.month - 1 >= ${month}) as "intakeMonths",
               ${courseFieldsSelect("c")}, c.university_id as "universityId"
        from courses c
        join universities u on u.id = c.university_id and u.retired_at is null
        join countries co on co.id = u.country_id and co.visible
        where c.retired_at is null and ${where}
        order by c.id
        ${limit === null ? sql`` : sql`limit ${limit}`}`,
  );
  for (const row of rows) row.annualFee = annualFee({ amount: row.feeAmount, period: row.feePeriod }, row.durationMonths);
  return rows;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const byNameThenId = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;

/** The snapshot file's layout: raised whenever the parts kept change shape (decision 0071). */
const SNAPSHOT_LAYOUT = `1:${courseFieldList.map((f) => `${f.key}.${f.kind}`).join(",")}`;

/** What a snapshot of the mirror built now would be keyed by (decision 0071). */
async function snapshotKeyOf(db: Database, month: number): Promise<SnapshotKey & { catalogueVersion: number }> {
  const [row] = await queryRows<{ database: string; version: string; catalogueVersion: string | number }>(
    db,
    sql`select (select system_identifier::text from pg_control_system()) || '/' ||
               (select oid::text from pg_database where datname = current_database()) as database,
               version::text || '/' || xmin::text as version, version as "catalogueVersion"
        from catalogue_version where id = 1`,
  );
  return {
    layout: SNAPSHOT_LAYOUT,
    database: row?.database ?? "",
    version: row?.version ?? "",
    month,
    catalogueVersion: Number(row?.catalogueVersion ?? -1),
  };
}

/** What a snapshot holds: the index's parts and the course table's. */
interface SnapshotParts {
  search: SearchIndexParts;
  courses: CourseTableParts;
}

async function catalogueVersionOf(db: Database): Promise<number> {
  const [row] = await queryRows<{ version: string | number }>(db, sql`select version from catalogue_version where id = 1`);
  return Number(row?.version ?? 0);
}

/** Universities read at once by a full build: 10,000 in one statement held PGlite's thread about 100 ms. */
const UNIVERSITY_PAGE = 2000;

/** The shown universities (those `where` names), by name then id, a page at a time with turns between. */
async function loadMirroredUniversities(db: Database, where: SQL = sql`true`): Promise<MirroredUniversity[]> {
  const all: MirroredUniversity[] = [];
  for (;;) {
    const last = all.at(-1);
    const page = await queryRows<MirroredUniversity>(
      db,
      sql`select u.id, u.name, u.city, u.type, u.image_key as "imageKey", co.id as "countryId", co.name as "countryName", co.slug as "countrySlug"
          from universities u
          join countries co on co.id = u.country_id and co.visible
          where u.retired_at is null and ${where} ${last ? sql`and (u.name, u.id) > (${last.name}, ${last.id})` : sql``}
          order by u.name, u.id
          limit ${UNIVERSITY_PAGE}`,
    );
    all.push(...page);
    if (page.length < UNIVERSITY_PAGE) return all;
    await nextTurn();
  }
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

/** A course's own columns as a whole build reads them, with its upcoming intakes as month bits. */
type CourseRow = MirroredCourse & { intakeBits: number };

/**
 * Every course after `after` (by id, up to `limit`), with no join: a whole build finds each one's
 * university and country in the lists it read first. Intakes are one number, bit m-1 for month m.
 */
async function courseRowsAfter(db: Database, month: number, after: number, limit: number): Promise<CourseRow[]> {
  return queryRows<CourseRow>(
    db,
    sql`select c.id, ${courseFieldsSelect("c")}, c.university_id as "universityId",
               coalesce((select bit_or(1 << (i.month - 1)) from course_intakes i
                         where i.course_id = c.id and i.year * 12 + i.month - 1 >= ${month}), 0) as "intakeBits"
        from courses c
        where c.retired_at is null and c.id > ${after}
        order by c.id
        limit ${limit}`,
  );
}

/**
 * Every shown course into the index and the course table, read in batches by id so none is held
 * whole and the event loop is given back between them; the index is then built in slices (decision 0038).
 * A course is shown when its university is in `universities` (shown, in a visible country), whose words
 * and country's words it is indexed with (decision 0071). `month` (a month number in India) is the first
 * month whose intakes are upcoming.
 */
async function readShownCourses(
  db: Database,
  month: number,
  /** About how many courses there are (the last build's count): the builders grow if more come. */
  expected: number,
  countries: MirroredCountry[],
  universities: MirroredUniversity[],
  held: (ms: number) => void,
): Promise<{ search: SearchIndex; courses: CourseTable }> {
  const index = createSearchIndexBuilder(expected);
  const table = createCourseTableBuilder(expected);
  const countryWords = new Map(countries.map((c) => [c.id, [c.name, ...c.aliases].join(" ")]));
  const universityOf = new Map(universities.map((u) => [u.id, u]));
  let after = 0;
  for (;;) {
    const batch = await courseRowsAfter(db, month, after, LOAD_BATCH);
    const started = performance.now();
    for (const row of batch) {
      const university = universityOf.get(row.universityId);
      const country = university && countryWords.get(university.countryId);
      if (!university || country === undefined) continue;
      index.add({
        ...row,
        university: university.name,
        city: university.city,
        country,
        countryId: university.countryId,
        annualFee: annualFee({ amount: row.feeAmount, period: row.feePeriod }, row.durationMonths),
      });
      table.add(row);
    }
    held(performance.now() - started);
    await nextTurn();
    if (batch.length < LOAD_BATCH) return { search: await index.buildSliced(held), courses: table.build() };
    after = (batch.at(-1) as CourseRow).id;
  }
}

/** The records one run of version steps changed; null when one of them changed too many to say. */
interface ChangedRecords {
  courses: Set<number>;
  universities: Set<number>;
  countries: Set<number>;
}

async function changedRecords(db: Database, from: number, to: number): Promise<ChangedRecords | null> {
  if (from < 0 || to < from) return null;
  // A missing step (pruned, or made before the steps were recorded) cannot be followed, nor a run that
  // changed more courses than the overlay holds (an import): both are read whole instead.
  const [summed] = await queryRows<{ steps: number; ids: number }>(
    db,
    sql`select count(*)::int as steps, coalesce(sum(coalesce(cardinality(ids), ${OVERLAY_LIMIT + 1})), 0)::int as ids
        from catalogue_changes where version > ${from} and version <= ${to}`,
  );
  if (summed?.steps !== to - from || summed.ids > OVERLAY_LIMIT) return null;
  const steps = await queryRows<{ kind: string; ids: number[] | null }>(
    db,
    sql`select kind, ids from catalogue_changes where version > ${from} and version <= ${to} order by version`,
  );
  if (steps.length !== to - from) return null;
  const changed: ChangedRecords = { courses: new Set(), universities: new Set(), countries: new Set() };
  for (const { kind, ids } of steps) {
    if (ids === null) return null;
    const into = kind === "courses" ? changed.courses : kind === "universities" ? changed.universities : changed.countries;
    for (const id of ids) into.add(Number(id));
  }
  return changed;
}

const idList = (ids: Iterable<number>) =>
  sql`(${sql.join(
    [...ids].map((id) => sql`${id}`),
    sql`, `,
  )})`;

export function createCatalogueMirror(
  db: Database,
  log?: Logger,
  options: {
    pollMs?: number;
    /**
     * Called once a mirror is built whole and in use, and once its snapshot is written (the server returns
     * the garbage of either to the system then).
     */
    afterBuild?: () => void;
    /**
     * A file to keep the built mirror in (decision 0071): a start whose database and catalogue version
     * match it makes the mirror from it instead of reading every course.
     */
    snapshotFile?: string;
    /**
     * Called when a read of the catalogue's version finds it moved since the last one, whoever moved it: the
     * server clears its page cache then, so an edit on another instance shows here within a poll even when
     * that instance's news does not arrive (decision 0021).
     */
    onVersionMoved?: () => void;
  } = {},
): CatalogueMirror {
  /** What was built whole: every course then shown. */
  let base: { search: SearchIndex; courses: CourseTable } | null = null;
  /** Courses changed since the base was built: their state now, or null when no longer shown. */
  let overrides = new Map<number, ShownCourse | null>();
  let countries: MirroredCountry[] = [];
  let universities: MirroredUniversity[] = [];
  let index: MirroredCatalogue | null = null;
  let indexVersion = -1;
  /** The month (in India) whose upcoming intakes the index holds: a new month means a rebuild. */
  let indexMonth = -1;
  let latestVersion = -1;
  /** Counts changed() calls: a version read begun before one is older than what changed() reads. */
  let changes = 0;
  /**
   * The latest version moves only up, whichever read saw it (a slow poll may land after a newer read), and
   * each rise tells the server to clear its page cache (decision 0021). NaN (after changed()) takes any.
   */
  const raiseLatest = (version: number) => {
    if (!Number.isNaN(latestVersion) && version <= latestVersion) return;
    if (latestVersion !== -1) options.onVersionMoved?.();
    latestVersion = version;
  };
  let building: Promise<void> | null = null;
  /** Resolved once the current catch-up has applied its record changes or begun a whole build. */
  let decided: Array<() => void> = [];
  let waiting: Array<() => void> = [];
  let stopped = false;
  /** The first whole build has ended (decision 0068). */
  let firstBuildEnded = false;
  const counted = { fullBuilds: 0, changesApplied: 0, longestHoldMs: 0, fromSnapshot: 0 };
  const held = (ms: number) => {
    if (ms > counted.longestHoldMs) counted.longestHoldMs = ms;
  };

  const settle = () => {
    if (index && indexVersion === latestVersion) {
      for (const resolve of waiting) resolve();
      waiting = [];
    }
  };
  const decide = () => {
    for (const resolve of decided) resolve();
    decided = [];
  };

  /** The mirror made from the snapshot file when it was built from this very catalogue; else null. */
  const fromSnapshot = async (key: SnapshotKey): Promise<{ search: SearchIndex; courses: CourseTable } | null> => {
    const file = options.snapshotFile as string;
    const bytes = await readSnapshot(file);
    const parts = bytes && decodeSnapshot<SnapshotParts>(bytes, key);
    if (!parts) return null;
    try {
      const made = { search: await searchIndexFromParts(parts.search, held), courses: courseTableOf(parts.courses) };
      counted.fromSnapshot += 1;
      return made;
    } catch (error) {
      log?.warn({ err: error, file }, "the search index's snapshot could not be read; reading the catalogue");
      return null;
    }
  };

  /**
   * Writes what was just built to the snapshot file, unless the catalogue moved while it was read (the
   * mirror then holds changes newer than its version says, which the next catch-up reads again).
   */
  const keepSnapshot = async (key: SnapshotKey, built: { search: SearchIndex; courses: CourseTable }) => {
    const file = options.snapshotFile as string;
    try {
      const now = await snapshotKeyOf(db, key.month);
      const search = built.search.parts?.();
      const courses = (built.courses as Partial<ReturnType<typeof courseTableOf>>).parts?.();
      if (now.version !== key.version || now.database !== key.database || !search || !courses) return;
      const parts: SnapshotParts = { search, courses };
      const started = performance.now();
      const bytes = encodeSnapshot(key, parts);
      held(performance.now() - started);
      await writeSnapshot(file, bytes);
      log?.info(
        { file, bytes: bytes.byteLength, encodeMs: Math.round(performance.now() - started) },
        "search index snapshot written",
      );
    } catch (error) {
      log?.warn({ err: error, file }, "the search index's snapshot could not be written");
    }
  };

  /** The catalogue the requests read: the base with the changed courses laid over it. */
  const compose = async (): Promise<MirroredCatalogue> => {
    const built = base as { search: SearchIndex; courses: CourseTable };
    if (overrides.size === 0) return mirrorOf(built, countries, universities);
    const overlay = createSearchIndexBuilder(overrides.size);
    for (const row of overrides.values()) if (row) overlay.add(row);
    const changed = overrides;
    const courses: CourseTable = {
      get size() {
        return built.courses.size;
      },
      get: (id) => (changed.has(id) ? (changed.get(id) ?? undefined) : built.courses.get(id)),
    };
    const overlaid = await overlay.buildSliced(held);
    built.search.hide(changed.keys());
    const search = overlaidIndex(built.search, overlaid, (id) => courses.get(id)?.name ?? "");
    return mirrorOf({ search, courses }, countries, universities);
  };

  /** Changes only the records the steps from the mirror's version to `to` changed; false when it cannot. */
  const applyChanges = async (to: number, month: number): Promise<boolean> => {
    if (!base || month !== indexMonth) return false;
    const changed = await changedRecords(db, indexVersion, to);
    if (!changed) return false;
    if (changed.countries.size) {
      for (const { id } of await queryRows<{ id: number }>(
        db,
        sql`select id from universities where country_id in ${idList(changed.countries)}`,
      ))
        changed.universities.add(id);
    }
    if (changed.universities.size) {
      const [many] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from courses where university_id in ${idList(changed.universities)}`,
      );
      if ((many?.n ?? 0) + overrides.size > OVERLAY_LIMIT) return false;
      for (const { id } of await queryRows<{ id: number }>(
        db,
        sql`select id from courses where university_id in ${idList(changed.universities)}`,
      ))
        changed.courses.add(id);
    }
    const next = new Map(overrides);
    for (const id of changed.courses) next.set(id, null);
    if (next.size > OVERLAY_LIMIT) return false;
    const ids = [...changed.courses];
    for (let at = 0; at < ids.length; at += CHANGE_BATCH) {
      for (const row of await shownCourses(db, month, sql`c.id in ${idList(ids.slice(at, at + CHANGE_BATCH))}`, null))
        next.set(row.id, row);
    }
    if (changed.countries.size) countries = await loadMirroredCountries(db);
    if (changed.universities.size) {
      const fresh = await loadMirroredUniversities(db, sql`u.id in ${idList(changed.universities)}`);
      const kept = universities.filter((u) => !changed.universities.has(u.id));
      // Each fresh one put in its place in (name, id) order.
      for (const university of fresh) {
        let lo = 0;
        let hi = kept.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (byNameThenId(kept[mid] as MirroredUniversity, university) < 0) lo = mid + 1;
          else hi = mid;
        }
        kept.splice(lo, 0, university);
      }
      universities = kept;
    }
    overrides = next;
    index = await compose();
    counted.changesApplied += 1;
    return true;
  };

  const rebuild = async () => {
    while (!stopped && indexVersion !== latestVersion) {
      const started = performance.now();
      // The version is read before the records: a change after that moves it again and brings another
      // catch-up, so a mirror is never labelled newer than what it holds.
      const readVersion = await catalogueVersionOf(db);
      const month = currentMonthNumber(new Date());
      if (await applyChanges(readVersion, month)) {
        indexVersion = readVersion;
        if (readVersion > latestVersion) raiseLatest(readVersion);
        log?.debug(
          { version: readVersion, overlay: overrides.size, ms: Math.round(performance.now() - started) },
          "catalogue mirror changed",
        );
        decide();
        settle();
        continue;
      }
      decide();
      // Built whole (at start, after a bulk import, or once the overlay is full): in small batches and
      // slices, so requests go between them; meanwhile the database answers (current() is null).
      counted.longestHoldMs = 0;
      // Countries and universities first: the courses are indexed with their words.
      const readCountries = await loadMirroredCountries(db);
      const readUniversities = await loadMirroredUniversities(db);
      const key = options.snapshotFile ? await snapshotKeyOf(db, month).catch(() => null) : null;
      const kept = base === null && key?.catalogueVersion === readVersion ? await fromSnapshot(key) : null;
      base = kept ?? (await readShownCourses(db, month, base?.courses.size ?? 1024, readCountries, readUniversities, held));
      // Once written, the encoded copy is garbage: collected then (out of keepSnapshot's scope, which holds it).
      if (!kept && key?.catalogueVersion === readVersion) void keepSnapshot(key, base).then(() => options.afterBuild?.());
      overrides = new Map();
      countries = readCountries;
      universities = readUniversities;
      index = await compose();
      indexMonth = month;
      indexVersion = readVersion;
      counted.fullBuilds += 1;
      // Only a version read by check() is believed (after changed() it is unknown until then).
      if (readVersion > latestVersion) raiseLatest(readVersion);
      log?.info(
        {
          courses: index.search.size,
          universities: index.universities.length,
          version: readVersion,
          fromSnapshot: kept !== null,
          ms: Math.round(performance.now() - started),
        },
        "catalogue mirror built",
      );
      firstBuildEnded = true;
      settle();
      options.afterBuild?.();
    }
    decide();
  };

  const check = async () => {
    const round = changes;
    const version = await catalogueVersionOf(db);
    // Read before a change this instance made: the read changed() began is the one believed.
    if (round !== changes) return;
    const monthChanged = index !== null && indexMonth !== currentMonthNumber(new Date());
    if (version <= latestVersion && indexVersion === latestVersion && !monthChanged) return;
    // A month that has begun ends the last month's intakes: the index is rebuilt as for a change.
    if (monthChanged) indexVersion = -1;
    raiseLatest(version);
    settle();
    if (!building)
      building = rebuild()
        .catch((error) => {
          log?.error({ err: error }, "search index could not be built; searches use the database");
          // Searches still answer (from the database): the instance serves, slowly, rather than never.
          firstBuildEnded = true;
        })
        .finally(() => {
          building = null;
          decide();
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
    changed: async () => {
      // Unknown until read: no mirror matches it, so nothing stale is answered meanwhile.
      latestVersion = Number.NaN;
      changes += 1;
      const decision = new Promise<void>((resolve) => decided.push(resolve));
      try {
        await check();
      } catch (error) {
        log?.warn({ err: error }, "could not read the catalogue version");
        decide();
      }
      if (!building) decide();
      await decision;
    },
    stats: () => ({ ...counted, overlay: overrides.size }),
    started: () => firstBuildEnded,
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
