/**
 * The course search answered by the database, for when the in-process index (search-index.ts) is not
 * ready: the same matching, ranking, filters and counts.
 */
import { type SQL, sql } from "drizzle-orm";
import { type Database, queryRows } from "../../platform/db/client.ts";
import { courseLevels, courseModes } from "../../vocabulary/catalogue.ts";
import { currentMonthNumber } from "../intakes.ts";
import { durationBandOf, emptyFilterCounts, SEMESTERS_PER_YEAR } from "./course-filters.ts";
import type { IndexQuery, SearchIndex, SearchWord } from "./search-index.ts";

const quoteLexeme = (word: string) => `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/** The tsvector weight each field of a course's search vector has (migration 0002): name A, level B. */
const fieldWeightLabel: Partial<Record<SearchWord["field"], string>> = { name: "A", level: "B" };

/**
 * The database's answer to a search, for when the in-process index is not ready (start-up, just after a
 * catalogue change): the same matching over the trigger-built vectors of migration 0002. A word kept to
 * the name or level is kept to that weight of the vector; one kept to the country (or the city and
 * university name) is matched against those columns alone, as the index does.
 */
export async function searchInDatabase(
  db: Database,
  words: SearchWord[],
  query: IndexQuery,
): Promise<ReturnType<SearchIndex["find"]>> {
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
