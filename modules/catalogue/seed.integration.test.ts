import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite } from "../../platform/db/client.ts";
import { demoCountries } from "./demo/countries.ts";
import { createRandom, durationBounds, generateCourses, medicalBachelorsBounds } from "./demo/courses.ts";
import { buildDemoCatalogue } from "./demo/demo-catalogue.ts";
import { generateLargeUniversities } from "./demo/large-catalogue.ts";
import { demoUniversities } from "./demo/universities.ts";
import { isCatalogueEmpty, seedDemoCatalogue } from "./seed.ts";

const bigCountries = ["Germany", "Ireland", "France", "United Kingdom", "United States", "Australia"];
const countryByName = new Map(demoCountries.map((c) => [c.name, c]));

function country(name: string) {
  const c = countryByName.get(name);
  if (!c) throw new Error(`no country ${name}`);
  return c;
}

describe("demo data", () => {
  it("lists the spec's 38 destinations and Canada and New Zealand in order, with flag codes and unique slugs", async () => {
    expect(demoCountries.map((c) => c.name)).toEqual([
      "Australia",
      "Austria",
      "Belgium",
      "Brunei",
      "Canada",
      "Costa Rica",
      "Croatia",
      "Cyprus",
      "Denmark",
      "France",
      "Georgia",
      "Germany",
      "Guyana",
      "Hungary",
      "Ireland",
      "Italy",
      "Japan",
      "Kyrgyzstan",
      "Latvia",
      "Lithuania",
      "Malaysia",
      "Malta",
      "Mexico",
      "Moldova",
      "Netherlands",
      "New Zealand",
      "Poland",
      "Romania",
      "Russia",
      "Singapore",
      "South Africa",
      "South Korea",
      "Spain",
      "Sri Lanka",
      "Switzerland",
      "Thailand",
      "Turkey",
      "United Kingdom",
      "United States",
      "Uzbekistan",
    ]);
    const { existsSync } = await import("node:fs");
    for (const c of demoCountries) {
      expect(c.slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(c.currency).toMatch(/^[A-Z]{3}$/);
      expect(existsSync(`node_modules/flag-icons/flags/4x3/${c.code}.svg`), c.code).toBe(true);
      for (const alias of c.aliases) expect(alias).toBe(alias.toLowerCase());
    }
    expect(new Set(demoCountries.map((c) => c.slug)).size).toBe(40);
    expect(new Set(demoCountries.map((c) => c.code)).size).toBe(40);
    expect(country("United Kingdom").aliases).toEqual(expect.arrayContaining(["uk", "great britain", "england"]));
    expect(country("United States").aliases).toEqual(expect.arrayContaining(["us", "usa", "america"]));
  });

  it("places every university in a destination, without duplicates", () => {
    for (const u of demoUniversities) expect(countryByName.has(u.country), u.name).toBe(true);
    const keys = demoUniversities.map((u) => `${u.country}/${u.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("course generator", () => {
  const catalogue = buildDemoCatalogue();

  it("is deterministic for the same seed", () => {
    const uni = { name: "University of Oxford", type: "Public" as const };
    const a = generateCourses(uni, country("United Kingdom"), createRandom(42), 25);
    const b = generateCourses(uni, country("United Kingdom"), createRandom(42), 25);
    const c = generateCourses(uni, country("United Kingdom"), createRandom(43), 25);
    expect(a).toEqual(b);
    expect(a).toHaveLength(25);
    expect(c).not.toEqual(a);
    const u0 = catalogue.universities[0];
    if (!u0) throw new Error("no universities");
    expect(catalogue.coursesFor(u0, 0)).toEqual(buildDemoCatalogue().coursesFor(u0, 0));
  });

  it("keeps name+level unique, fees in the country's currency and durations within the level's bounds", () => {
    catalogue.universities.forEach((u, i) => {
      const courses = catalogue.coursesFor(u, i);
      expect(courses.length, u.name).toBeGreaterThanOrEqual(22);
      expect(courses.length, u.name).toBeLessThanOrEqual(30);
      const keys = courses.map((c) => `${c.level}|${c.name}`);
      expect(new Set(keys).size, u.name).toBe(keys.length);
      const currency = country(u.country).currency;
      for (const c of courses) {
        expect(c.feeCurrency).toBe(currency);
        expect(Number.isInteger(c.feeAmount) && c.feeAmount > 0).toBe(true);
        const medical = c.level === "Bachelors" && /medicine|dental/i.test(c.name);
        const [min, max] = medical ? medicalBachelorsBounds : durationBounds[c.level];
        expect(c.durationMonths, `${u.name}: ${c.name}`).toBeGreaterThanOrEqual(min);
        expect(c.durationMonths, `${u.name}: ${c.name}`).toBeLessThanOrEqual(max);
      }
    });
  });

  it("prices plausibly: German public per semester, UK and US per year in range", () => {
    const de = generateCourses({ name: "Heidelberg University", type: "Public" }, country("Germany"), createRandom(1), 30);
    for (const c of de) {
      expect(c.feePeriod).toBe("semester");
      expect(c.feeAmount).toBeGreaterThanOrEqual(150);
      expect(c.feeAmount).toBeLessThanOrEqual(1_500);
    }
    const uk = generateCourses({ name: "University of Leeds", type: "Public" }, country("United Kingdom"), createRandom(2), 30);
    for (const c of uk.filter((x) => x.level === "Bachelors" && !/medicine|dental/i.test(x.name))) {
      expect(c.feePeriod).toBe("year");
      expect(c.feeAmount).toBeGreaterThanOrEqual(15_000);
      expect(c.feeAmount).toBeLessThanOrEqual(38_000);
    }
    const ru = generateCourses({ name: "Kazan Federal University", type: "Public" }, country("Russia"), createRandom(3), 30);
    for (const c of ru.filter((x) => /general medicine/i.test(x.name))) {
      expect(c.feeAmount).toBeGreaterThanOrEqual(3_000);
      expect(c.feeAmount).toBeLessThanOrEqual(7_000);
    }
  });

  it("mixes waivers, modes and languages in sensible proportions", () => {
    const all = catalogue.universities.flatMap((u, i) => catalogue.coursesFor(u, i));
    const share = (f: (c: (typeof all)[number]) => boolean) => all.filter(f).length / all.length;
    expect(share((c) => c.englishExamWaiver)).toBeGreaterThan(0.12);
    expect(share((c) => c.englishExamWaiver)).toBeLessThan(0.28);
    expect(share((c) => c.mode === "Full-time")).toBeGreaterThan(0.7);
    expect(share((c) => c.mediumOfInstruction === "English")).toBeGreaterThan(0.9);
    for (const c of all) {
      if (c.mediumOfInstruction !== "English") expect(["Diploma", "Certificate"]).toContain(c.level);
    }
  });
});

describe("Canada and New Zealand (decision 0044)", () => {
  it("come after every other destination's universities, so theirs keep their index and their generated courses", () => {
    const added = new Set(["Canada", "New Zealand"]);
    const firstAdded = demoUniversities.findIndex((u) => added.has(u.country));
    expect(firstAdded).toBe(322);
    expect(demoUniversities.slice(firstAdded).every((u) => added.has(u.country))).toBe(true);
    expect(demoUniversities.slice(0, firstAdded).some((u) => added.has(u.country))).toBe(false);
  });
});

describe("large catalogue generator", () => {
  it("yields 10,000 unique names quickly", () => {
    const started = performance.now();
    const list = [...generateLargeUniversities(10_000, demoCountries, createRandom(7))];
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(list).toHaveLength(10_000);
    expect(new Set(list.map((u) => u.name)).size).toBe(10_000);
    for (const u of list) expect(countryByName.has(u.country)).toBe(true);
    expect(new Set(list.map((u) => u.country)).size).toBe(40);
  });
});

describe("seedDemoCatalogue", { timeout: 60_000 }, () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = openPglite("memory://");
    await handle.migrate();
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
  });

  /** Rows of a raw query; PGlite and node-postgres both answer with `rows`. */
  const rows = async <T>(query: SQL): Promise<T[]> => ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
  const count = async (query: SQL) => Number((await rows<{ n: number }>(query))[0]?.n);

  it("seeds an empty database", async () => {
    expect(await isCatalogueEmpty(handle.db)).toBe(true);
    const counts = await seedDemoCatalogue(handle.db);
    expect(counts?.countries).toBe(40);
    expect(await isCatalogueEmpty(handle.db)).toBe(false);

    expect(await count(sql`select count(*)::int as n from countries`)).toBe(40);
    const perCountry = await rows<{ name: string; n: number }>(sql`
      select c.name, count(u.id)::int as n from countries c left join universities u on u.country_id = c.id
      group by c.name`);
    expect(perCountry).toHaveLength(40);
    for (const row of perCountry) {
      expect(row.n, row.name).toBeGreaterThanOrEqual(bigCountries.includes(row.name) ? 5 : 2);
    }
    const sortOrder = await rows<{ name: string }>(sql`select name from countries order by sort_order`);
    expect(sortOrder.map((r) => r.name)).toEqual(demoCountries.map((c) => c.name));

    const courses = await count(sql`select count(*)::int as n from courses`);
    expect(courses).toBeGreaterThanOrEqual(3_000);
    expect(courses).toBe(counts?.courses);
    expect(
      await count(sql`select count(*)::int as n from courses where search_vector is null or length(search_vector) = 0`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from search_words where word = 'computer'`)).toBe(1);
    // The country's aliases reach the search vector through the trigger.
    expect(
      await count(sql`select count(*)::int as n from courses where search_vector @@ to_tsquery('simple', 'uk')`),
    ).toBeGreaterThan(0);
  });

  it("gives Canada's courses their September, January and May intakes and New Zealand's February and July", async () => {
    const months = await rows<{ code: string; months: number[]; mains: number }>(sql`
      select co.code, array_agg(distinct i.month order by i.month) as months,
        count(distinct c.id) filter (where i.month = case co.code when 'ca' then 9 else 2 end)::int as mains
      from course_intakes i join courses c on c.id = i.course_id join universities u on u.id = c.university_id
      join countries co on co.id = u.country_id where co.code in ('ca', 'nz') group by co.code order by co.code`);
    const courses = await rows<{ code: string; n: number }>(sql`
      select co.code, count(*)::int as n from courses c join universities u on u.id = c.university_id
      join countries co on co.id = u.country_id where co.code in ('ca', 'nz') group by co.code order by co.code`);
    expect(months.map(({ code, months }) => ({ code, months }))).toEqual([
      { code: "ca", months: [1, 5, 9] },
      { code: "nz", months: [2, 7] },
    ]);
    // Every course has its country's main intake.
    expect(months.map((m) => m.mains)).toEqual(courses.map((c) => c.n));
  });

  it("gives each intake an illustrative deadline: US autumn mid-December to early January, UK 30 June, Germany 15 July and 15 January", async () => {
    const deadlines = await rows<{ code: string; month: number; days: string[] }>(sql`
      select co.code, i.month, array_agg(distinct to_char(i.deadline, 'MM-DD') order by to_char(i.deadline, 'MM-DD')) as days
      from course_intakes i join courses c on c.id = i.course_id join universities u on u.id = c.university_id
      join countries co on co.id = u.country_id where co.code in ('us', 'gb', 'de') group by co.code, i.month
      order by co.code, i.month`);
    expect(deadlines).toEqual([
      { code: "de", month: 4, days: ["01-15"] },
      { code: "de", month: 10, days: ["07-15"] },
      { code: "gb", month: 1, days: ["10-31"] },
      { code: "gb", month: 9, days: ["06-30"] },
      { code: "us", month: 1, days: ["10-01"] },
      { code: "us", month: 8, days: ["01-05", "12-15"] },
    ]);
    // Every deadline falls before its intake begins, and none is missing.
    expect(
      await count(
        sql`select count(*)::int as n from course_intakes where deadline is null or deadline >= make_date(year, month, 1)`,
      ),
    ).toBe(0);
  });

  it("gives degree courses an illustrative package: letters, an SOP, the fee in the destination's currency", async () => {
    const [masters] = await rows<{ letters: number; sop: number; fee: number; n: number }>(sql`
      select min(letters_required)::int as letters, count(*) filter (where sop_required)::int as sop,
        count(*) filter (where application_fee_currency = 'USD' and application_fee_amount between 75 and 125)::int as fee,
        count(*)::int as n
      from courses c join universities u on u.id = c.university_id join countries co on co.id = u.country_id
      where co.code = 'us' and c.level = 'Masters'`);
    expect(masters?.n).toBeGreaterThan(0);
    expect(masters).toMatchObject({ letters: 2, sop: masters?.n, fee: masters?.n });
    expect(
      await count(
        sql`select count(*)::int as n from courses where (application_fee_amount is null) <> (application_fee_currency is null)`,
      ),
    ).toBe(0);
    // Illustrative like the tuition fees: no demo fee or deadline claims a source or a checked day (decision 0105).
    expect(
      await count(
        sql`select count(*)::int as n from courses where num_nonnulls(application_fee_source, application_fee_checked_on,
              deadline_source, deadline_checked_on, fee_source, fee_checked_on) > 0`,
      ),
    ).toBe(0);
  });

  it("does nothing when seeded again", async () => {
    const before = await count(sql`select count(*)::int as n from courses`);
    const universities = await count(sql`select count(*)::int as n from universities`);
    expect(await isCatalogueEmpty(handle.db)).toBe(false);
    expect(await seedDemoCatalogue(handle.db)).toBeNull();
    expect(await count(sql`select count(*)::int as n from courses`)).toBe(before);
    expect(await count(sql`select count(*)::int as n from universities`)).toBe(universities);
    expect(await count(sql`select count(*)::int as n from countries`)).toBe(40);
  });
});
