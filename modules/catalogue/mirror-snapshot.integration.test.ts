import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { type CatalogueMirror, createCatalogueMirror, type MirroredCatalogue } from "./catalogue-mirror.ts";
import { findCourses } from "./search-courses.ts";
import type { IndexQuery } from "./search-index.ts";
import { courses, universities } from "./tables.ts";

let database: DatabaseHandle;
let folder: string;
let file: string;
const mirrors: CatalogueMirror[] = [];

/** A mirror over the test database that keeps its snapshot in `file`, once it is ready. */
async function startMirror(): Promise<CatalogueMirror> {
  const mirror = createCatalogueMirror(database.db, undefined, { pollMs: 100, snapshotFile: file });
  mirrors.push(mirror);
  await mirror.ready();
  return mirror;
}

/** When the snapshot file was last written (its mtime), or null when there is none. */
const writtenAt = () => (existsSync(file) ? statSync(file).mtimeMs : null);

/**
 * Waits (at most 10 s) until a snapshot file newer than `before` (a `writtenAt()`) is in place. Compared with
 * the file's own earlier time, not the clock: a file's time has a fraction of a millisecond and `Date.now()`
 * has none, so a file written in the same millisecond as a `Date.now()` reads as written after it.
 */
async function snapshotWrittenSince(before: number | null) {
  for (const until = Date.now() + 10_000; Date.now() < until; ) {
    const now = writtenAt();
    if (now !== null && (before === null || now > before)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the snapshot was not written");
}

/** Searches a student would make: broad, misspelt, several words, with filters, orders and counts. */
const queries: IndexQuery[] = [
  { words: ["computer", "science"], offset: 0, limit: 12 },
  { words: ["compter", "science"], offset: 12, limit: 12 },
  { words: ["engineering"], offset: 0, limit: 12, filters: { level: "Masters" }, counts: { feeSteps: [1_000_000, 2_500_000] } },
  {
    words: ["management"],
    offset: 0,
    limit: 12,
    sort: "fee",
    filters: { feeMax: 2_500_000 },
    rupees: new Map([
      ["EUR", 90],
      ["GBP", 105],
      ["USD", 84],
      ["AUD", 55],
      ["CAD", 61],
      ["NZD", 50],
      ["SGD", 63],
      ["INR", 1],
    ]),
  },
  { words: [], offset: 0, limit: 12, filters: { intake: 9, mode: "Full-time" }, sort: "duration" },
  { words: [{ word: "germany", field: "country", exact: true }, "data"], offset: 0, limit: 12 },
];

/** What a mirror answers: each query's ids, totals and counts, and every course's details. */
function answersOf(catalogue: MirroredCatalogue) {
  return {
    size: catalogue.search.size,
    found: queries.map((query) => catalogue.search.find(query)),
    courses: catalogue.search.find({ words: [], offset: 0, limit: 100_000, filters: {} }),
    details: catalogue.search.find({ words: ["science"], offset: 0, limit: 100_000 }).ids.map((id) => catalogue.courses.get(id)),
  };
}

beforeAll(async () => {
  database = await openTestDatabase();
  folder = mkdtempSync(path.join(tmpdir(), "ignite-snapshot-"));
  file = path.join(folder, "search-index.snapshot");
});
afterAll(async () => {
  for (const mirror of mirrors) mirror.stop();
  await database.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("the search index kept beside the data (decision 0071)", () => {
  it("is made again from the file on an unchanged catalogue, answering every search and course exactly as one read from the catalogue", async () => {
    const before = writtenAt();
    const first = await startMirror();
    expect(first.stats()).toMatchObject({ fullBuilds: 1, fromSnapshot: 0 });
    await snapshotWrittenSince(before);

    const second = await startMirror();
    expect(second.stats()).toMatchObject({ fullBuilds: 1, fromSnapshot: 1 });
    const read = first.current() as MirroredCatalogue;
    const kept = second.current() as MirroredCatalogue;
    expect(kept.search.size).toBeGreaterThan(5000);
    expect(answersOf(kept)).toEqual(answersOf(read));
    expect(answersOf(kept).details.length).toBeGreaterThan(100);
    // The same through the search a student makes, read query and filter counts included.
    const asked = { term: "masters in data science in germany", page: 2, filters: { sort: "relevance" as const }, counts: true };
    expect(await findCourses(database.db, asked, second)).toEqual(await findCourses(database.db, asked, first));
  });

  it("is not used once the catalogue has changed: a new course is found, and the file is written again", async () => {
    const [university] = await database.db.select().from(universities).limit(1);
    await database.db.insert(courses).values({
      universityId: university?.id ?? 0,
      name: "मास्टर ऑफ़ डेटा साइंस (Data Stewardship)",
      level: "Masters",
      durationMonths: 24,
      feeAmount: 2_500_000,
      feeCurrency: "INR",
      feePeriod: "year",
      mode: "Full-time",
    });
    const before = writtenAt();
    const third = await startMirror();
    expect(third.stats()).toMatchObject({ fullBuilds: 1, fromSnapshot: 0 });
    const found = third.current()?.search.find({ words: ["stewardship"], offset: 0, limit: 12 });
    expect(found?.total).toBe(1);
    await snapshotWrittenSince(before);

    const fourth = await startMirror();
    expect(fourth.stats()).toMatchObject({ fromSnapshot: 1 });
    expect(fourth.current()?.search.find({ words: ["stewardship"], offset: 0, limit: 12 })).toEqual(found);
  });

  it("reads the catalogue when the file is damaged, and then writes a whole one", async () => {
    const { writeFileSync, readFileSync } = await import("node:fs");
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 2)));
    const damaged = writtenAt();
    const fifth = await startMirror();
    expect(fifth.stats()).toMatchObject({ fullBuilds: 1, fromSnapshot: 0 });
    expect(fifth.current()?.search.size).toBe(mirrors[2]?.current()?.search.size);
    await snapshotWrittenSince(damaged);
    expect((await startMirror()).stats()).toMatchObject({ fromSnapshot: 1 });
  });
});
