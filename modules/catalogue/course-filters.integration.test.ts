import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { createCostService } from "../costs/costs.ts";
import { AppError } from "../errors.ts";
import { listUniversityCourses } from "./catalogue.ts";
import { type CatalogueMirror, createCatalogueMirror } from "./catalogue-mirror.ts";
import {
  annualFee,
  type CourseFilters,
  durationBandOf,
  durationBands,
  type FilterCounts,
  filtersQuery,
} from "./course-filters.ts";
import { parseCourseFilters } from "./input.ts";
import { type CourseQuery, findCourses } from "./search-courses.ts";
import type { Course } from "./shown.ts";

let database: DatabaseHandle;
let mirror: CatalogueMirror;
let rupees: ReadonlyMap<string, number>;

beforeAll(async () => {
  database = await openTestDatabase();
  mirror = createCatalogueMirror(database.db, undefined, { pollMs: 100 });
  await mirror.ready();
  rupees = await createCostService(database.db).rupeesPerUnit();
});
afterAll(async () => {
  mirror.stop();
  await database.close();
});

const filtersOf = (query: string) => parseCourseFilters(new URLSearchParams(query));
const rupeesAYear = (course: Course) =>
  annualFee({ amount: course.fee.amount, period: course.fee.period }, course.durationMonths) *
  (rupees.get(course.fee.currency) ?? Number.NaN);

/** The same question to the in-process index and to the database. */
async function both(query: Omit<CourseQuery, "rupees">) {
  const fromIndex = await findCourses(database.db, { ...query, rupees }, mirror);
  const fromDatabase = await findCourses(database.db, { ...query, rupees });
  return { fromIndex, fromDatabase };
}

const plainCounts = (counts: FilterCounts | null) =>
  counts && Object.fromEntries(Object.entries(counts).map(([facet, map]) => [facet, Object.fromEntries(map)]));

describe("filters in the address", () => {
  it("reads each filter, in any letter case, and leaves out what does not narrow", () => {
    expect(filtersOf("level=Masters&country=Germany&mode=online&duration=2y&intake=9&fee_min=&fee_max=2000000&sort=fee")).toEqual(
      {
        level: "Masters",
        country: "germany",
        mode: "Online",
        duration: "2y",
        intake: 9,
        feeMax: 2_000_000,
        sort: "fee",
      },
    );
    expect(filtersOf("")).toEqual({ sort: "relevance" });
    const filters: CourseFilters = { level: "PhD", feeMin: 500_000, sort: "duration" };
    expect(filtersOf(new URLSearchParams(filtersQuery(filters)).toString())).toEqual(filters);
  });

  it.each([
    ["level=doctorate", "level", "Choose a level from the list"],
    ["mode=evening", "mode", "Choose a mode from the list"],
    ["duration=5y", "duration", "Choose a duration from the list"],
    ["intake=13", "intake", "Choose an intake month from the list"],
    ["fee_max=lots", "fee_max", "The highest fee must be an amount in rupees"],
    ["fee_min=-5", "fee_min", "The lowest fee must be an amount in rupees"],
    ["fee_min=3000000&fee_max=1000000", "fee_max", "The lowest fee must not be above the highest"],
    ["sort=cheapest", "sort", "Choose an order from the list"],
  ])("refuses %s with a 400 saying why", (query, field, message) => {
    let caught: unknown;
    try {
      filtersOf(query);
    } catch (error) {
      caught = error;
    }
    expect(AppError.is(caught)).toBe(true);
    expect((caught as AppError).status).toBe(400);
    expect((caught as AppError).fields?.[field]).toBe(message);
  });

  it("reckons tuition a year from a fee per year, per semester or in total", () => {
    expect(annualFee({ amount: 10_000, period: "year" }, 24)).toBe(10_000);
    expect(annualFee({ amount: 10_000, period: "semester" }, 24)).toBe(20_000);
    expect(annualFee({ amount: 30_000, period: "total" }, 36)).toBe(10_000);
    expect(annualFee({ amount: 9_000, period: "total" }, 6)).toBe(9_000);
    expect(durationBands.map((band) => durationBandOf(band.max))).toEqual(["1y", "2y", "3y", "4y"]);
    expect(durationBandOf(13)).toBe("2y");
  });
});

describe("a search that narrows", () => {
  it("keeps only Masters in Germany under a fee in rupees, each fee checked in rupees", async () => {
    const filters = filtersOf("level=masters&country=germany&fee_max=100000");
    const { fromIndex } = await both({ term: "", page: 1, filters, counts: true });
    const result = fromIndex.result;
    expect(result?.total).toBeGreaterThan(0);
    for (const course of result?.items ?? []) {
      expect(course.level).toBe("Masters");
      expect(course.university.country.name).toBe("Germany");
      expect(rupeesAYear(course)).toBeLessThanOrEqual(100_000);
    }
    // Without the fee filter there are dearer ones: the filter did narrow.
    const { fromIndex: unfiltered } = await both({ term: "", page: 1, filters: filtersOf("level=masters&country=germany") });
    expect(unfiltered.result?.total).toBeGreaterThan(result?.total ?? 0);
  });

  it("counts for each choice of each filter exactly the courses choosing it would leave", async () => {
    const base = "fee_max=3000000";
    const { fromIndex } = await both({ term: "engineering", page: 1, filters: filtersOf(base), counts: true });
    const counts = fromIndex.counts as FilterCounts;
    expect(counts.level.get("Masters")).toBeGreaterThan(0);
    const checks: Array<[string, number | undefined]> = [
      [`${base}&level=masters`, counts.level.get("Masters")],
      [`${base}&level=phd`, counts.level.get("PhD")],
      [`${base}&mode=online`, counts.mode.get("Online")],
      [`${base}&duration=2y`, counts.duration.get("2y") ?? 0],
      [`${base}&intake=9`, counts.intake.get(9)],
      [`${base}&intake=2`, counts.intake.get(2)],
      ["fee_max=1000000", counts.feeUpTo.get(1_000_000)],
      ["fee_min=1000000&fee_max=3000000", counts.feeFrom.get(1_000_000)],
    ];
    for (const [query, expected] of checks) {
      const { fromIndex: chosen } = await both({ term: "engineering", page: 1, filters: filtersOf(query) });
      expect(chosen.result?.total, query).toBe(expected);
    }
    // The destination's counts, by id, add up to the whole (each course is in one country).
    const all = [...counts.country.values()].reduce((sum, n) => sum + n, 0);
    expect(all).toBe(fromIndex.result?.total);
  });

  it("orders by lowest fee in rupees and by shortest duration, page after page", async () => {
    const byFee = await findCourses(database.db, { term: "science", page: 1, filters: filtersOf("sort=fee"), rupees }, mirror);
    const byFee2 = await findCourses(database.db, { term: "science", page: 2, filters: filtersOf("sort=fee"), rupees }, mirror);
    const fees = [...(byFee.result?.items ?? []), ...(byFee2.result?.items ?? [])].map(rupeesAYear);
    expect(fees).toHaveLength(24);
    expect(fees).toEqual([...fees].sort((a, b) => a - b));
    const byDuration = await findCourses(
      database.db,
      { term: "science", page: 1, filters: filtersOf("sort=duration"), rupees },
      mirror,
    );
    const months = byDuration.result?.items.map((c) => c.durationMonths) ?? [];
    expect(months).toEqual([...months].sort((a, b) => a - b));
    const longest = await findCourses(
      database.db,
      { term: "science", page: 1, filters: filtersOf("sort=relevance"), rupees },
      mirror,
    );
    expect(Math.min(...(longest.result?.items.map((c) => c.durationMonths) ?? []))).toBeGreaterThanOrEqual(months[0] ?? 0);
  });

  it("reads a level or destination in the term as that filter, and the address's filter wins", async () => {
    const typed = await findCourses(
      database.db,
      { term: "ms in germany", page: 1, filters: filtersOf(""), rupees, counts: true },
      mirror,
    );
    expect(typed.filters).toMatchObject({ level: "Masters", country: "germany" });
    // Its filler word is dropped with the parts the filters now carry: the filter form carries no term.
    expect(typed.termLeft).toBe("");
    const chosen = await findCourses(
      database.db,
      { term: "", page: 1, filters: filtersOf("level=masters&country=germany"), rupees },
      mirror,
    );
    expect(typed.result?.total).toBe(chosen.result?.total);
    // "ms" prefers sciences (Master of Science): the same courses, those first. "masters" has no preference.
    expect(typed.result?.items[0]?.name).toMatch(/Science|MSc/);
    const plain = await findCourses(database.db, { term: "masters germany", page: 1, filters: filtersOf(""), rupees }, mirror);
    expect(plain.result?.items.map((c) => c.id)).toEqual(chosen.result?.items.map((c) => c.id));
    const overridden = await findCourses(
      database.db,
      { term: "ms in germany", page: 1, filters: filtersOf("level=phd"), rupees },
      mirror,
    );
    expect(overridden.result?.items.every((c) => c.level === "PhD" && c.university.country.name === "Germany")).toBe(true);
  });

  it("refuses a destination we do not list, with a 400", async () => {
    await expect(
      findCourses(database.db, { term: "", page: 1, filters: filtersOf("country=atlantis"), rupees }, mirror),
    ).rejects.toMatchObject({
      status: 400,
      message: "Choose a destination from the list",
    });
  });

  it("finds the same courses in the same order whether a search starts from a destination's, level's or university's courses or from its words", async () => {
    // Counting the choices reads past the filters, so a counted search starts from the words alone:
    // the same search without counts starts from the few courses its filters allow (decision 0030).
    const universityId = mirror.current()?.universities[3]?.id as number;
    const cases: Array<[string, string, number | undefined]> = [
      ["", "country=germany", undefined],
      ["germany", "", undefined],
      ["masters", "", undefined],
      ["", "level=bachelors&sort=fee", undefined],
      ["engineering uk", "", undefined],
      ["data science", "country=germany&level=masters", undefined],
      ["compter science", "country=united-kingdom&sort=duration", undefined],
      ["", "", universityId],
      ["science", "level=masters", universityId],
    ];
    for (const [term, query, inUniversity] of cases) {
      for (const page of [1, 2]) {
        const asked = { term, page, filters: filtersOf(query), universityId: inUniversity, rupees };
        const scoped = await findCourses(database.db, asked, mirror);
        const counted = await findCourses(database.db, { ...asked, counts: true }, mirror);
        const fromDatabase = await findCourses(database.db, asked);
        const label = `${term} ? ${query} in ${inUniversity} page ${page}`;
        expect(scoped.result?.total, label).toBeGreaterThan(0);
        expect(scoped.result?.total, label).toBe(counted.result?.total);
        expect(
          scoped.result?.items.map((c) => c.id),
          label,
        ).toEqual(counted.result?.items.map((c) => c.id));
        expect(scoped.result?.total, label).toBe(fromDatabase.result?.total);
      }
    }
  });

  it("lists a university's courses for the spec's API as its page does, from the index and from the database", async () => {
    for (const university of (mirror.current()?.universities ?? []).slice(0, 5)) {
      const page = await findCourses(
        database.db,
        { term: "", page: 1, filters: filtersOf(""), universityId: university.id, rupees },
        mirror,
      );
      const fromIndex = await listUniversityCourses(database.db, university.id, mirror);
      const fromDatabase = await listUniversityCourses(database.db, university.id);
      expect(fromIndex.length).toBeGreaterThan(0);
      expect(fromIndex.map((c) => c.id)).toEqual(page.result?.items.map((c) => c.id));
      expect(fromDatabase.map((c) => c.id)).toEqual(fromIndex.map((c) => c.id));
      expect(fromIndex.every((c) => c.university.id === university.id)).toBe(true);
    }
  });

  it("narrows a university's courses", async () => {
    const [first] = mirror.current()?.universities ?? [];
    const universityId = first?.id as number;
    const all = await findCourses(
      database.db,
      { term: "", page: 1, filters: filtersOf(""), universityId, rupees, counts: true },
      mirror,
    );
    expect(all.result?.total).toBeGreaterThan(10);
    expect(all.result?.items.every((c) => c.university.id === universityId)).toBe(true);
    const masters = await findCourses(
      database.db,
      { term: "", page: 1, filters: filtersOf("level=masters"), universityId, rupees },
      mirror,
    );
    expect(masters.result?.total).toBe(all.counts?.level.get("Masters"));
    expect(masters.result?.items.every((c) => c.level === "Masters")).toBe(true);
  });

  it("gives the same totals, pages and counts from the in-process index and from the database", async () => {
    const cases: Array<[string, string]> = [
      ["computer science", ""],
      ["computer science", "level=masters&fee_max=2000000"],
      ["", "country=germany&mode=full-time&intake=10"],
      ["mba", "duration=2y&fee_min=1000000"],
      ["engineering uk", "intake=1"],
      ["law", "sort=duration"],
      ["", "level=phd&sort=fee&fee_min=500000&fee_max=4000000"],
    ];
    for (const [term, query] of cases) {
      const { fromIndex, fromDatabase } = await both({ term, page: 1, filters: filtersOf(query), counts: true });
      const label = `${term} ? ${query}`;
      expect(fromIndex.result?.total, label).toBe(fromDatabase.result?.total);
      expect(plainCounts(fromIndex.counts), label).toEqual(plainCounts(fromDatabase.counts));
      if (query.includes("sort=")) {
        const key = query.includes("sort=fee") ? rupeesAYear : (c: Course) => c.durationMonths;
        expect(fromIndex.result?.items.map(key), label).toEqual(fromDatabase.result?.items.map(key));
      } else expect(fromIndex.result?.items.length, label).toBe(fromDatabase.result?.items.length);
    }
  });
});
