import { eq, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { findCountry, getCourse, getUniversity, listCountries, listUniversities } from "./catalogue.ts";
import { type CatalogueMirror, createCatalogueMirror } from "./catalogue-mirror.ts";
import { searchCourses } from "./search-courses.ts";
import { countries, courses, universities } from "./tables.ts";

let database: DatabaseHandle;
let mirror: CatalogueMirror;

beforeAll(async () => {
  database = await openTestDatabase();
  mirror = createCatalogueMirror(database.db, undefined, { pollMs: 100 });
  await mirror.ready();
});
afterAll(async () => {
  mirror.stop();
  await database.close();
});

describe("the search mirror", () => {
  it("finds exactly what the database search finds, for broad, narrow, misspelt and place terms", async () => {
    expect(mirror.current()?.search.size).toBeGreaterThan(5000);
    const terms = [
      "computer science",
      "compter science",
      "law",
      "medicine",
      "data science germany",
      "mba",
      "phd physics",
      "engineering uk",
      "science",
      "management france",
      "usa",
      "holland",
      "psycology",
      "munich",
      "archi",
    ];
    for (const term of terms) {
      const fromIndex = await searchCourses(database.db, term, 1, mirror);
      const fromDatabase = await searchCourses(database.db, term, 1);
      expect(fromIndex.total, term).toBe(fromDatabase.total);
      expect(fromIndex.items.length, term).toBe(fromDatabase.items.length);
    }
  });

  it("lists universities, all or by country, page by page, exactly as the database does", async () => {
    const [country] = await database.db.select().from(countries).where(eq(countries.slug, "germany"));
    for (const options of [
      { page: 1 },
      { page: 7 },
      { page: 1, countryId: country?.id },
      { page: 2, countryId: country?.id },
      { page: 999 },
    ]) {
      expect(await listUniversities(database.db, options, mirror)).toEqual(await listUniversities(database.db, options));
    }
    const first = (await listUniversities(database.db, { page: 1 })).items[0];
    expect(await getUniversity(database.db, first?.id ?? 0, mirror)).toEqual(first);
    await expect(getUniversity(database.db, 987_654_321, mirror)).rejects.toMatchObject({ kind: "not_found" });
  });

  it("lists countries and finds one by name, address or alias exactly as the database does", async () => {
    expect(await listCountries(database.db, mirror)).toEqual(await listCountries(database.db));
    const [withAlias] = await database.db.select().from(countries).where(eq(countries.slug, "united-kingdom"));
    expect(withAlias?.aliases.length).toBeGreaterThan(0);
    const spaced = withAlias?.aliases.find((alias) => alias.includes(" "));
    const asked = ["UK", "united-kingdom", "United Kingdom", " germany ", "Holland", "united_states", "atlantis"];
    if (spaced) asked.push(spaced, spaced.replace(/ /g, "-"));
    for (const name of asked) {
      const fromMirror = await findCountry(database.db, name, mirror).catch((error) => error.kind);
      expect(fromMirror, name).toEqual(await findCountry(database.db, name).catch((error) => error.kind));
    }
    expect(await findCountry(database.db, "atlantis", mirror).catch((error) => error.kind)).toBe("not_found");
  });

  it("gives each course's details exactly as the database does, fee source, check date and entry requirements included", async () => {
    const [sourced, unset] = await database.db.select({ id: courses.id }).from(courses).orderBy(courses.id).limit(2);
    await database.db
      .update(courses)
      .set({
        feeSource: "https://www.example.edu/fees",
        feeCheckedOn: "2026-10-01",
        minPercentage: "72.25",
        minCgpa: "10.00",
        minIelts: "9.0",
        minToefl: 120,
        minPte: 10,
        minDuolingo: 160,
        minGre: 340,
        minGmat: 805,
      })
      .where(eq(courses.id, sourced?.id ?? 0));
    await database.db
      .update(courses)
      .set({ minPercentage: "100", minCgpa: null, minIelts: "0", minToefl: null, minPte: null, minGre: 260, minGmat: null })
      .where(eq(courses.id, unset?.id ?? 0));
    mirror.changed();
    await mirror.ready();
    const found = await searchCourses(database.db, "science", 3, mirror);
    expect(found.items).toHaveLength(12);
    for (const course of found.items) expect(course).toEqual(await getCourse(database.db, course.id));
    const withSource = await getCourse(database.db, sourced?.id ?? 0, undefined, mirror);
    expect(withSource.fee).toMatchObject({ source: "https://www.example.edu/fees", checkedOn: "2026-10-01" });
    expect(withSource).toEqual(await getCourse(database.db, sourced?.id ?? 0));
    expect(withSource.requirements).toEqual({
      minPercentage: 72.25,
      minCgpa: 10,
      minIelts: 9,
      minToefl: 120,
      minPte: 10,
      minDuolingo: 160,
      minGre: 340,
      minGmat: 805,
    });
    const withoutMost = await getCourse(database.db, unset?.id ?? 0, undefined, mirror);
    expect(withoutMost.requirements).toEqual({
      minPercentage: 100,
      minCgpa: null,
      minIelts: 0,
      minToefl: null,
      minPte: null,
      minDuolingo: null,
      minGre: 260,
      minGmat: null,
    });
    expect(withoutMost).toEqual(await getCourse(database.db, unset?.id ?? 0));
    await expect(getCourse(database.db, sourced?.id ?? 0, withSource.university.id + 1, mirror)).rejects.toMatchObject({
      kind: "not_found",
    });
    await expect(getCourse(database.db, 987_654_321, undefined, mirror)).rejects.toMatchObject({ kind: "not_found" });
  });

  it("stops answering from an outdated index at once after a change, and catches up", async () => {
    const [university] = await database.db.select().from(universities).limit(1);
    const [added] = await database.db
      .insert(courses)
      .values({
        universityId: university?.id ?? 0,
        name: "Master of Quizzicology",
        level: "Masters",
        durationMonths: 12,
        feeAmount: 1000,
        feeCurrency: "EUR",
        feePeriod: "year",
        mode: "Full-time",
      })
      .returning({ id: courses.id });
    mirror.changed();
    expect(mirror.current()).toBeNull();
    expect((await searchCourses(database.db, "quizzicology", 1, mirror)).items.map((c) => c.id)).toEqual([added?.id]);
    await mirror.ready();
    expect(mirror.current()).not.toBeNull();
    expect((await searchCourses(database.db, "quizicology", 1, mirror)).items.map((c) => c.id)).toEqual([added?.id]);

    // A change made elsewhere (another instance, a script) is seen by the version check.
    await database.db
      .update(courses)
      .set({ retiredAt: new Date() })
      .where(eq(courses.id, added?.id ?? 0));
    const started = Date.now();
    while (mirror.current() !== null && Date.now() - started < 1000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await searchCourses(database.db, "quizzicology", 1, mirror)).total).toBe(0);
    await mirror.ready();
    expect((await searchCourses(database.db, "quizzicology", 1, mirror)).total).toBe(0);
  });
});

describe("the mirror's version, when reads cross", () => {
  /** Runs before a version read (`before`), or between the read and its answer landing (`after`), once. */
  const hooks: { before?: () => Promise<void>; after?: () => Promise<void> } = {};
  let moves = 0;
  let crossed: CatalogueMirror;
  const dialect = new PgDialect();

  beforeAll(async () => {
    const real = database.db;
    const watched = new Proxy(real, {
      get(target, property) {
        if (property === "execute")
          return async (query: SQL) => {
            const versionRead = dialect.sqlToQuery(query).sql.includes("from catalogue_version");
            const before = versionRead ? hooks.before : undefined;
            const after = versionRead ? hooks.after : undefined;
            if (before) delete hooks.before;
            if (after) delete hooks.after;
            await before?.();
            const answer = await target.execute(query);
            await after?.();
            return answer;
          };
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    // No poll in between: each read of the version is one the test starts.
    crossed = createCatalogueMirror(watched, undefined, { pollMs: 3_600_000, onVersionMoved: () => (moves += 1) });
    await crossed.ready();
  });
  afterAll(() => crossed.stop());

  /** An edit made by another instance: a course's fee, which moves the catalogue's version. */
  const editElsewhere = async (fee: number) => {
    const [course] = await database.db.select({ id: courses.id }).from(courses).orderBy(courses.id).limit(1);
    await database.db
      .update(courses)
      .set({ feeAmount: fee })
      .where(eq(courses.id, course?.id ?? 0));
  };

  it("clears the page cache for an edit that a catch-up already under way read first", async () => {
    const before = moves;
    await editElsewhere(21_000);
    // The poll sees the first edit; the catch-up it starts reads the version after a second edit.
    let seen = false;
    hooks.after = async () => {
      seen = true;
      hooks.before = () => editElsewhere(22_000);
    };
    await crossed.check();
    expect(seen).toBe(true);
    await crossed.ready();
    expect(moves - before).toBe(2);
    // The next poll finds nothing new: one clearing per edit, none again.
    await crossed.check();
    expect(moves - before).toBe(2);
  });

  it("never moves its version back when a slow poll lands after a newer read", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    hooks.after = () => held;
    const slow = crossed.check();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await editElsewhere(23_000);
    await crossed.changed();
    await crossed.ready();
    const before = moves;
    release();
    await slow;
    expect(crossed.current()).not.toBeNull();
    expect(moves).toBe(before);

    // The same with a plain poll for the newer read.
    const heldAgain = new Promise<void>((resolve) => {
      release = resolve;
    });
    hooks.after = () => heldAgain;
    const slowAgain = crossed.check();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await editElsewhere(24_000);
    await crossed.check();
    await crossed.ready();
    const beforeAgain = moves;
    release();
    await slowAgain;
    expect(crossed.current()).not.toBeNull();
    expect(moves).toBe(beforeAgain);
  });
});
