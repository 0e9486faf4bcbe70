import { sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { currentMonthNumber } from "../intakes.ts";
import type { DemoCountry } from "./demo/countries.ts";
import type { DemoCourse } from "./demo/courses.ts";
import { buildDemoCatalogue } from "./demo/demo-catalogue.ts";
import type { DemoUniversity } from "./demo/universities.ts";
import { countries, courses, universities } from "./tables.ts";

export interface SeedSource {
  countries: DemoCountry[];
  universities: Iterable<DemoUniversity>;
  coursesFor(university: DemoUniversity, index: number): DemoCourse[];
}

export interface SeedCounts {
  countries: number;
  universities: number;
  courses: number;
}

export interface SeedOptions {
  /** Universities per transaction (default 500). */
  batchSize?: number;
  /** Course rows per INSERT statement (default and maximum 2,000). */
  courseChunkSize?: number;
  /** Called after each committed batch with the running totals. */
  onProgress?: (done: SeedCounts) => void;
  /** When the intakes are seeded: each course's next ones from this month on (default now). */
  now?: Date;
}

/**
 * The months courses start in, by destination (ISO code): the usual main intake first, then the others.
 * Illustrative, like the demo fees: a university's real intakes vary by course.
 */
const intakeMonthsByCountry: Record<string, readonly number[]> = {
  au: [2, 7],
  nz: [2, 7],
  ca: [9, 1, 5],
  de: [10, 4],
  at: [10, 3],
  ch: [9, 2],
  us: [8, 1],
  gb: [9, 1],
  ie: [9, 1],
  jp: [4, 10],
  kr: [3, 9],
  sg: [8, 1],
  my: [9, 2],
  ae: [9, 1],
};
const usualIntakeMonths = [9, 2] as const;

/**
 * Application deadlines by destination and intake month (illustrative, like the fees): the month and day
 * of the last day to apply and how many years before the intake's year it falls; two choices where
 * universities differ (a course takes one by its id). United States graduate schools mostly close from
 * mid-December to early January for the autumn; UK universities admit on a rolling basis and state a
 * date (30 June for September, 31 October for January); German universities take winter-semester
 * applications to 15 July and summer-semester ones to 15 January. Elsewhere: the last day of the month
 * three months before the intake begins.
 */
type DeadlineRule = { month: number; day: number; yearsBefore: number };
const deadlinesByCountry: Record<string, Record<number, readonly [DeadlineRule, DeadlineRule?]>> = {
  us: {
    8: [
      { month: 12, day: 15, yearsBefore: 1 },
      { month: 1, day: 5, yearsBefore: 0 },
    ],
    1: [{ month: 10, day: 1, yearsBefore: 1 }],
  },
  gb: { 9: [{ month: 6, day: 30, yearsBefore: 0 }], 1: [{ month: 10, day: 31, yearsBefore: 1 }] },
  de: { 10: [{ month: 7, day: 15, yearsBefore: 0 }], 4: [{ month: 1, day: 15, yearsBefore: 0 }] },
};

/**
 * Every seeded course's next intakes (decision 0030): its destination's main intake, and for two courses
 * in three the others (Canada's January and May, decision 0044), each in the next twelve months from `now`'s
 * month in India, each with its illustrative deadline (`deadlinesByCountry`). One statement.
 */
async function seedIntakes(db: Database, now: Date): Promise<void> {
  const current = currentMonthNumber(now);
  const year = Math.floor(current / 12);
  const codes = await db.select({ code: countries.code }).from(countries);
  const rows = codes.flatMap(({ code }) =>
    (intakeMonthsByCountry[code] ?? usualIntakeMonths).map((month, at) => {
      const [first, second = first] = deadlinesByCountry[code]?.[month] ?? [];
      return sql`(${code}::text, ${month}::int, ${at === 0}::boolean,
        ${first?.month ?? null}::int, ${first?.day ?? null}::int, ${first?.yearsBefore ?? null}::int,
        ${second?.month ?? null}::int, ${second?.day ?? null}::int, ${second?.yearsBefore ?? null}::int)`;
    }),
  );
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into course_intakes (course_id, month, year, deadline)
    select id, month, year,
      case
        when m1 is null then (make_date(year, month, 1) - interval '2 months' - interval '1 day')::date
        when id % 2 = 0 then make_date(year - y1, m1, d1)
        else make_date(year - y2, m2, d2)
      end
    from (
      select c.id, m.month, m.m1, m.d1, m.y1, m.m2, m.d2, m.y2,
        case when ${year}::int * 12 + m.month - 1 >= ${current}::int then ${year}::int else ${year}::int + 1 end as year
      from courses c
      join universities u on u.id = c.university_id
      join countries co on co.id = u.country_id
      join (values ${sql.join(rows, sql`, `)}) as m(code, month, main, m1, d1, y1, m2, d2, y2) on m.code = co.code
      where m.main or c.id % 3 <> 0
    ) as next_intakes
    on conflict do nothing`);
}

const maxCourseChunk = 2_000;

/**
 * Inserts the countries (sortOrder = their index), then the universities in batches, one transaction per batch,
 * with their courses in multi-row statements. The courses' search_vector and the search_words table are filled by
 * the triggers of drizzle/0002_search_index.sql. Does not check that the catalogue is empty.
 */
export async function seedCatalogue(db: Database, catalogue: SeedSource, options: SeedOptions = {}): Promise<SeedCounts> {
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 500));
  const chunkSize = Math.min(maxCourseChunk, Math.max(1, Math.floor(options.courseChunkSize ?? maxCourseChunk)));

  const countryRows = await db
    .insert(countries)
    .values(
      catalogue.countries.map((c, index) => ({
        name: c.name,
        slug: c.slug,
        code: c.code,
        aliases: c.aliases,
        currency: c.currency,
        sortOrder: index,
      })),
    )
    .returning({ id: countries.id, name: countries.name });
  const countryIds = new Map(countryRows.map((r) => [r.name, r.id]));
  const counts: SeedCounts = { countries: countryRows.length, universities: 0, courses: 0 };

  let batch: DemoUniversity[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const firstIndex = counts.universities;
    const current = batch;
    batch = [];
    const inserted = await db.transaction(async (tx) => {
      const ids = await tx
        .insert(universities)
        .values(
          current.map((u) => {
            const countryId = countryIds.get(u.country);
            if (countryId === undefined) throw new Error(`Unknown country "${u.country}" for "${u.name}"`);
            return { name: u.name, city: u.city, countryId, type: u.type };
          }),
        )
        .returning({ id: universities.id });
      if (ids.length !== current.length) throw new Error("University insert returned an unexpected row count");
      let courseRows: (typeof courses.$inferInsert)[] = [];
      let courseCount = 0;
      const writeCourses = async () => {
        if (courseRows.length === 0) return;
        const rows = courseRows;
        courseRows = [];
        await tx.insert(courses).values(rows);
        courseCount += rows.length;
      };
      for (const [i, university] of current.entries()) {
        // PostgreSQL returns the rows of a multi-row VALUES insert in the order given.
        const universityId = ids[i]?.id;
        if (universityId === undefined) throw new Error("Missing university id");
        for (const c of catalogue.coursesFor(university, firstIndex + i)) {
          courseRows.push({
            universityId,
            name: c.name,
            level: c.level,
            durationMonths: c.durationMonths,
            feeAmount: c.feeAmount,
            feeCurrency: c.feeCurrency,
            feePeriod: c.feePeriod,
            mode: c.mode,
            englishExamWaiver: c.englishExamWaiver,
            mediumOfInstruction: c.mediumOfInstruction,
            minPercentage: c.minPercentage === null ? null : String(c.minPercentage),
            minCgpa: c.minCgpa === null ? null : String(c.minCgpa),
            minIelts: c.minIelts === null ? null : String(c.minIelts),
            minToefl: c.minToefl,
            minPte: c.minPte,
            lettersRequired: c.lettersRequired,
            sopRequired: c.sopRequired,
            sopWordLimit: c.sopWordLimit,
            portfolioRequired: c.portfolioRequired,
            writingSampleRequired: c.writingSampleRequired,
            englishTestAsked: c.englishTestAsked,
            admissionsTestAsked: c.admissionsTestAsked,
            applicationFeeAmount: c.applicationFeeAmount,
            applicationFeeCurrency: c.applicationFeeAmount === null ? null : c.feeCurrency,
            // Illustrative, as the tuition fees and the deadlines are: no source, no checked day, so students
            // read them "not checked" (decision 0105).
            applicationFeeSource: null,
            applicationFeeCheckedOn: null,
            deadlineSource: null,
            deadlineCheckedOn: null,
          });
          if (courseRows.length >= chunkSize) await writeCourses();
        }
      }
      await writeCourses();
      return { universities: ids.length, courses: courseCount };
    });
    counts.universities += inserted.universities;
    counts.courses += inserted.courses;
    options.onProgress?.({ ...counts });
  };

  for (const university of catalogue.universities) {
    batch.push(university);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  await seedIntakes(db, options.now ?? new Date());
  // Fresh statistics, so the planner pages through the catalogue by index rather than by sorting it.
  await db.execute(sql`analyze countries, universities, courses, search_words`);
  return counts;
}

/** True when no country and no university is stored yet. */
export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const [country] = await db.select({ id: countries.id }).from(countries).limit(1);
  if (country) return false;
  const [university] = await db.select({ id: universities.id }).from(universities).limit(1);
  return !university;
}

/**
 * Seeds the demo catalogue (real universities, generated courses) when the catalogue is empty; returns the counts,
 * or null when there was something already. One transaction under an advisory lock, so instances starting together
 * seed it once.
 */
export async function seedDemoCatalogue(db: Database): Promise<SeedCounts | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ignite:seed-demo-catalogue'))`);
    if (!(await isCatalogueEmpty(tx))) return null;
    return seedCatalogue(tx, buildDemoCatalogue());
  });
}
