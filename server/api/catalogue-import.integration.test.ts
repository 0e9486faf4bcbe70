import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { catalogueImports, countries, courses, universities } from "../../modules/catalogue/tables.ts";
import { auditLog } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createLocalFileStorage } from "../../platform/storage/file-storage.ts";
import { type Answer, ApiClient } from "../../tests/support/api-client.ts";
import { createStaffMember, signInStaff, type TestStaff } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { ensureWorldCountries, worldUniversitiesCsv, worldUniversityRows } from "../../tests/support/world-universities.ts";
import { catalogueImportMessages as im, MAX_IMPORT_BYTES } from "../../vocabulary/catalogue-import.ts";

/**
 * The catalogue's CSV import and export through the real HTTP app (decision 0020): upload, mapping
 * (remembered per header), a dry run that changes nothing and shows each difference and each refused
 * row, an apply that writes all or nothing, retire-missing, the export's round trip, who may, and the
 * 10,251 world universities.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let admin: TestStaff;
let adminCookie: string;
let counsellorCookie: string;
let uploadsDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  uploadsDir = mkdtempSync(path.join(tmpdir(), "ignite-imports-"));
  testApp = createTestApp(database, {}, { storage: createLocalFileStorage(uploadsDir) });
  api = new ApiClient(testApp.app);
  admin = await createStaffMember(testApp, { email: "admin@imports.test", role: "admin" });
  const counsellor = await createStaffMember(testApp, { email: "counsellor@imports.test", role: "counsellor" });
  adminCookie = await signInStaff(api, admin.email, admin.password);
  counsellorCookie = await signInStaff(api, counsellor.email, counsellor.password);
});
afterAll(async () => {
  // A dry run or an apply a test started runs on after its answer: each has ended before the database goes.
  const running = () =>
    database.db
      .select({ n: count() })
      .from(catalogueImports)
      .where(inArray(catalogueImports.status, ["checking", "applying"]));
  await vi.waitUntil(async () => (await running())[0]?.n === 0, { timeout: 30_000, interval: 50 });
  await database.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const csv = (rows: unknown[][]) => stringify(rows);

function uploadForm(kind: string, content: string | Uint8Array<ArrayBuffer>, name = "catalogue.csv") {
  const form = new FormData();
  form.set("kind", kind);
  form.set("file", new File([content], name, { type: "text/csv" }));
  return form;
}

async function upload(
  kind: string,
  content: string | Uint8Array<ArrayBuffer>,
  name?: string,
  cookie = adminCookie,
): Promise<Answer> {
  return api.call("/api/v1/staff/catalogue/imports", { method: "POST", form: uploadForm(kind, content, name), cookie });
}

/** Waits (polling the API, as the screen does) until the running step of an import has ended. */
async function settled(id: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const answer = await api.get(`/api/v1/staff/catalogue/imports/${id}`, { cookie: adminCookie });
    expect(answer.status).toBe(200);
    if (!["checking", "applying"].includes(answer.body.data.status)) return answer.body.data;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${answer.body.data.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Uploads, confirms the mapping (the suggested one unless given) and waits for the dry run. */
async function dryRun(
  kind: string,
  content: string,
  options: { mapping?: Record<string, string>; retireMissing?: boolean } = {},
) {
  const uploaded = await upload(kind, content);
  expect(uploaded.status, uploaded.text).toBe(201);
  const id = uploaded.body.data.id as string;
  const started = await api.post(
    `/api/v1/staff/catalogue/imports/${id}/check`,
    { mapping: options.mapping ?? uploaded.body.data.mapping, retireMissing: options.retireMissing ?? false },
    { cookie: adminCookie },
  );
  expect(started.status, started.text).toBe(202);
  const checked = await settled(id);
  return { id, uploaded: uploaded.body.data, checked };
}

async function apply(id: string) {
  const started = await api.post(`/api/v1/staff/catalogue/imports/${id}/apply`, undefined, { cookie: adminCookie });
  expect(started.status, started.text).toBe(202);
  return settled(id);
}

const rowsOf = async (id: string, action?: string, page = 1) =>
  (
    await api.get(
      `/api/v1/staff/catalogue/imports/${id}/rows?${new URLSearchParams({ ...(action ? { action } : {}), page: String(page) })}`,
      { cookie: adminCookie },
    )
  ).body;

async function someUniversities(n: number, countryName?: string) {
  return database.db
    .select({
      id: universities.id,
      name: universities.name,
      city: universities.city,
      type: universities.type,
      country: countries.name,
    })
    .from(universities)
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .where(and(isNull(universities.retiredAt), countryName ? eq(countries.name, countryName) : undefined))
    .orderBy(asc(universities.id))
    .limit(n);
}

const catalogueSize = async () => {
  const [u] = await database.db.select({ n: count() }).from(universities);
  const [c] = await database.db.select({ n: count() }).from(courses);
  return { universities: u?.n ?? 0, courses: c?.n ?? 0 };
};

describe("the dry run", () => {
  it("counts new, changed and unchanged rows, shows each changed field before and after, and writes nothing", async () => {
    const [same, moved] = await someUniversities(2);
    if (!same || !moved) throw new Error("the demo catalogue has too few universities");
    const before = await catalogueSize();
    const { id, checked } = await dryRun(
      "universities",
      csv([
        ["name", "city", "country", "type"],
        [same.name, same.city, same.country, same.type],
        [moved.name.toUpperCase(), "Newtown", moved.country, moved.type === "Public" ? "private" : "public"],
        ["Institute of Imported Knowledge", "Leipzig", "DE", "Private"],
      ]),
    );
    expect(checked.status).toBe("checked");
    expect(checked.summary).toEqual({ rows: 3, new: 1, changed: 1, unchanged: 1, retired: 0, refused: 0 });
    const changed = await rowsOf(id, "changed");
    expect(changed.data).toEqual([
      expect.objectContaining({
        line: 3,
        recordId: moved.id,
        changes: {
          name: [moved.name, moved.name.toUpperCase()],
          city: [moved.city, "Newtown"],
          type: [moved.type, moved.type === "Public" ? "Private" : "Public"],
        },
      }),
    ]);
    expect((await rowsOf(id, "new")).data).toEqual([
      expect.objectContaining({ line: 4, action: "new", label: "Institute of Imported Knowledge (Germany)" }),
    ]);
    expect(await catalogueSize()).toEqual(before);
    const [unmoved] = await database.db.select().from(universities).where(eq(universities.id, moved.id));
    expect(unmoved?.city).toBe(moved.city);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "catalogue.import_checked"), eq(auditLog.subjectId, id)));
    expect(entry?.after).toMatchObject({ new: 1, changed: 1, unchanged: 1, refused: 0 });
  });
});

describe("a file with bad rows", () => {
  it("changes nothing, names each refused row with its line and reason, and gives them as a CSV of errors", async () => {
    const [uni] = await someUniversities(1);
    if (!uni) throw new Error("no university");
    const header = [
      "university_id",
      "university",
      "country",
      "name",
      "level",
      "duration_months",
      "fee_amount",
      "fee_currency",
      "fee_period",
      "mode",
    ];
    const good = [uni.id, "", "", "Applied Imports", "Masters", "12", "9000", "GBP", "year", "Full-time"];
    const content = csv([
      header,
      good,
      ["", "Nowhere University", "Atlantis", "Sailing", "Bachelors", "36", "100", "EUR", "year", "Full-time"],
      [uni.id, "", "", "Data Things", "Masterz", "12", "9000", "GBP", "year", "Full-time"],
      [uni.id, "", "", "Data Things", "Masters", "12", "lots", "GBP", "year", "Full-time"],
      good,
      ["99999999", "", "", "Ghost Course", "PhD", "36", "0", "EUR", "year", "Full-time"],
    ]);
    const before = await catalogueSize();
    const { id, checked } = await dryRun("courses", content);
    expect(checked.summary).toMatchObject({ rows: 6, new: 1, refused: 5 });
    const refused = (await rowsOf(id, "refused")).data.map((r: { line: number; reason: string }) => [r.line, r.reason]);
    expect(refused).toEqual([
      [3, im.unknownCountry("Atlantis")],
      [4, "level: Choose a level from the list"],
      [5, "fee_amount: Enter the fee in whole units (0 or more)"],
      [6, im.sameAsLine(2)],
      [7, im.noSuchUniversityId("99999999")],
    ]);
    // It cannot be applied, and nothing was written.
    const refusedApply = await api.post(`/api/v1/staff/catalogue/imports/${id}/apply`, undefined, { cookie: adminCookie });
    expect(refusedApply.status).toBe(409);
    expect(refusedApply.body.message).toBe(im.refusedFirst);
    expect(await catalogueSize()).toEqual(before);

    const errors = await api.get(`/api/v1/staff/catalogue/imports/${id}/refused-rows`, { cookie: adminCookie });
    expect(errors.status).toBe(200);
    expect(errors.headers.get("Content-Type")).toContain("text/csv");
    expect(errors.headers.get("Content-Disposition")).toContain("attachment");
    const table = parse(errors.text, { bom: true }) as string[][];
    expect(table[0]).toEqual(["line", "reason", ...header]);
    expect(table.slice(1).map((r) => [r[0], r[1], r[5]])).toEqual([
      ["3", im.unknownCountry("Atlantis"), "Sailing"],
      ["4", "level: Choose a level from the list", "Data Things"],
      ["5", "fee_amount: Enter the fee in whole units (0 or more)", "Data Things"],
      ["6", im.sameAsLine(2), "Applied Imports"],
      ["7", im.noSuchUniversityId("99999999"), "Ghost Course"],
    ]);
    expect(table[3]?.[8]).toBe("lots");
  });

  it("counts lines as an editor shows them: CRLF, a cell over two lines and an empty line", async () => {
    const { id } = await dryRun(
      "universities",
      'name,city,country,type\r\n"Two\r\nLine College",Bonn,Germany,Private\r\n\r\nLost College,Nowhere,Atlantis,Public\r\n',
    );
    expect((await rowsOf(id, "refused")).data.map((r: { line: number; reason: string }) => [r.line, r.reason])).toEqual([
      [2, "name: Use letters, spaces and punctuation only"],
      [5, im.unknownCountry("Atlantis")],
    ]);
  });

  it("an unreadable quote stops the dry run at its line, refused", async () => {
    const [uni] = await someUniversities(1);
    const { id, checked } = await dryRun(
      "universities",
      `name,city,country,type\n${uni?.name},${uni?.city},${uni?.country},${uni?.type}\n"Broken,Town,Germany,Public\nLater,Town,Germany,Public\n`,
    );
    expect(checked.summary).toMatchObject({ unchanged: 1, refused: 1 });
    const [row] = (await rowsOf(id, "refused")).data;
    expect(row.line).toBe(3);
    expect(row.reason).toContain("cannot be read from here on");
  });
});

describe("apply", () => {
  it("writes every row in one go: new courses are public and found by search at once; audited", async () => {
    const [uni] = await someUniversities(1);
    if (!uni) throw new Error("no university");
    const term = "Zorblax";
    expect((await api.get(`/api/catalogue/search/${term}`)).body.total).toBe(0);
    const { id, checked } = await dryRun(
      "courses",
      csv([
        [
          "university",
          "country",
          "name",
          "level",
          "duration_months",
          "fee_amount",
          "fee_currency",
          "fee_period",
          "mode",
          "english_exam_waiver",
          "fee_checked_on",
          "min_percentage",
          "min_ielts",
          "min_duolingo",
          "min_gre",
          "gmat",
        ],
        [
          uni.name,
          uni.country,
          "Zorblax Engineering",
          "bachelors",
          "48",
          "12000",
          "usd",
          "Year",
          "full-time",
          "yes",
          "2025-06-01",
          "70",
          "6.5",
          "105",
          "",
          "",
        ],
        [
          uni.name,
          uni.country,
          "Zorblax Design",
          "Masters",
          "12",
          "8000",
          "USD",
          "total",
          "Online",
          "no",
          "",
          "",
          "",
          "",
          "310",
          "605",
        ],
      ]),
    );
    expect(checked.summary).toMatchObject({ new: 2, refused: 0 });
    const done = await apply(id);
    expect(done.status).toBe("applied");
    expect(done.summary.applied).toMatchObject({ new: 2, changed: 0, refused: 0 });
    const found = await api.get(`/api/catalogue/search/${term}`);
    expect(found.body.total).toBe(2);
    expect(found.body.coursesData.map((c: { course_name: string }) => c.course_name).sort()).toEqual([
      "Zorblax Design",
      "Zorblax Engineering",
    ]);
    // A typo finds it too: the new words reached search_words through the statement trigger.
    expect((await api.get("/api/catalogue/search/zorblaks")).body.total).toBeGreaterThan(0);
    const [stored] = await database.db.select().from(courses).where(eq(courses.name, "Zorblax Engineering"));
    expect(stored).toMatchObject({
      level: "Bachelors",
      feeCurrency: "USD",
      feePeriod: "year",
      mode: "Full-time",
      englishExamWaiver: true,
      feeCheckedOn: "2025-06-01",
      // Entry requirements travel in the file too (decision 0027).
      minPercentage: "70.00",
      minIelts: "6.5",
      minToefl: null,
      // The Duolingo English Test, the GRE and the GMAT too (decision 0041); "gmat" is another name of min_gmat.
      minDuolingo: 105,
      minGre: null,
    });
    const [design] = await database.db.select().from(courses).where(eq(courses.name, "Zorblax Design"));
    expect(design).toMatchObject({ minDuolingo: null, minGre: 310, minGmat: 605 });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "catalogue.import_applied"), eq(auditLog.subjectId, id)));
    expect(entry?.after).toMatchObject({ kind: "courses", new: 2, refused: 0 });
  });

  it("writes nothing when the catalogue changed so that a row now fails, and says so", async () => {
    const [uni] = await someUniversities(1, "Germany");
    if (!uni) throw new Error("no German university");
    const before = await catalogueSize();
    const { id, checked } = await dryRun(
      "courses",
      csv([
        ["university", "country", "name", "level", "duration_months", "fee_amount", "fee_currency", "fee_period", "mode"],
        [uni.name, "Germany", "Quantum Basketry", "Masters", "24", "0", "EUR", "year", "Full-time"],
        [uni.name, "Germany", "Quantum Pottery", "Masters", "24", "0", "EUR", "year", "Full-time"],
      ]),
    );
    expect(checked.summary).toMatchObject({ new: 2, refused: 0 });
    // Meanwhile an admin renames the university: the file's rows no longer find it.
    await testApp.staff.catalogue.editUniversity(admin, uni.id, {
      name: `${uni.name} Renamed`,
      city: uni.city,
      type: uni.type,
    });
    const done = await apply(id);
    expect(done.status).toBe("failed");
    expect(done.failure).toContain("Nothing was written");
    expect(done.failure).toContain(im.unknownUniversity(uni.name, "Germany"));
    expect(await catalogueSize()).toEqual(before);
    expect((await api.get("/api/catalogue/search/basketry")).body.total).toBe(0);
  });
});

describe("applying the rows that passed (decision 0045)", () => {
  const header = [
    "university_id",
    "university",
    "country",
    "name",
    "level",
    "duration_months",
    "fee_amount",
    "fee_currency",
    "fee_period",
    "mode",
    "english_exam_waiver",
  ];
  const allFaults =
    "level: Choose a level from the list; fee_amount: Enter the fee in whole units (0 or more); english_exam_waiver: write yes or no";

  it("lists every fault of a row, on the screen's rows and in the refused rows' CSV", async () => {
    const [uni] = await someUniversities(1);
    if (!uni) throw new Error("no university");
    const { id, checked } = await dryRun(
      "courses",
      csv([header, [uni.id, "", "", "Faulty Everything", "Masterz", "12", "lots", "GBP", "year", "Full-time", "maybe"]]),
    );
    expect(checked.summary).toMatchObject({ rows: 1, refused: 1 });
    const [row] = (await rowsOf(id, "refused")).data;
    expect([row.line, row.reason]).toEqual([2, allFaults]);
    const table = parse((await api.get(`/api/v1/staff/catalogue/imports/${id}/refused-rows`, { cookie: adminCookie })).text, {
      bom: true,
    }) as string[][];
    expect(table[1]?.slice(0, 2)).toEqual(["2", allFaults]);
    // Nothing passed, so there is nothing to apply either way.
    const none = await api.post(`/api/v1/staff/catalogue/imports/${id}/apply`, { rows: "passing" }, { cookie: adminCookie });
    expect([none.status, none.body.message]).toEqual([409, im.nothingPassed]);
  });

  it("writes exactly the rows that passed, never a refused one (even one that would pass now); audited with the counts; once", async () => {
    const [uni] = await someUniversities(1);
    if (!uni) throw new Error("no university");
    const lateName = "Partial Late University";
    const content = csv([
      header,
      [uni.id, "", "", "Partial Alpha", "Masters", "12", "9000", "GBP", "year", "Full-time", "no"],
      [uni.id, "", "", "Partial Gamma", "Masterz", "12", "lots", "GBP", "year", "Full-time", "maybe"],
      [uni.id, "", "", "Partial Beta", "Bachelors", "36", "7000", "GBP", "year", "Full-time", "yes"],
      ["", lateName, uni.country, "Partial Delta", "Masters", "12", "100", "GBP", "year", "Full-time", "no"],
    ]);
    const before = await catalogueSize();
    const { id, checked } = await dryRun("courses", content);
    expect(checked.summary).toMatchObject({ rows: 4, new: 2, refused: 2 });
    const refused = (await rowsOf(id, "refused")).data.map((r: { line: number; reason: string }) => [r.line, r.reason]);
    expect(refused).toEqual([
      [3, allFaults],
      [5, im.unknownUniversity(lateName, uni.country)],
    ]);

    // The whole file is refused; the rows that passed are the admin's separate choice.
    const whole = await api.post(`/api/v1/staff/catalogue/imports/${id}/apply`, undefined, { cookie: adminCookie });
    expect([whole.status, whole.body.message]).toEqual([409, im.refusedFirst]);
    expect(await catalogueSize()).toEqual(before);

    // Meanwhile the missing university is made: line 5 would pass now, but it was refused in the dry run.
    const [country] = await database.db.select({ id: countries.id }).from(countries).where(eq(countries.name, uni.country));
    if (!country) throw new Error("no country");
    await database.db.insert(universities).values({ name: lateName, city: "Late Town", type: "Public", countryId: country.id });

    const started = await api.post(`/api/v1/staff/catalogue/imports/${id}/apply`, { rows: "passing" }, { cookie: adminCookie });
    expect([started.status, started.body.message]).toEqual([202, im.passingStarted]);
    const done = await settled(id);
    expect(done.status).toBe("applied");
    expect(done.summary).toMatchObject({ passingOnly: true, leftOut: 2, applied: { rows: 2, new: 2, refused: 0 } });
    const written = await database.db
      .select({ name: courses.name })
      .from(courses)
      .where(inArray(courses.name, ["Partial Alpha", "Partial Beta", "Partial Gamma", "Partial Delta"]))
      .orderBy(asc(courses.name));
    expect(written.map((c) => c.name)).toEqual(["Partial Alpha", "Partial Beta"]);
    expect((await catalogueSize()).courses).toBe(before.courses + 2);

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "catalogue.import_applied"), eq(auditLog.subjectId, id)));
    expect(entry?.after).toMatchObject({ kind: "courses", rows: 2, new: 2, refused: 0, passingOnly: true, leftOut: 2 });

    // A second apply, of either kind, is refused; nothing more is written.
    for (const rows of ["passing", "all"]) {
      const again = await api.post(`/api/v1/staff/catalogue/imports/${id}/apply`, { rows }, { cookie: adminCookie });
      expect([again.status, again.body.message]).toEqual([409, im.notNow]);
    }
    expect((await catalogueSize()).courses).toBe(before.courses + 2);

    // The refused rows stay downloadable after the apply, with their cells, to be fixed and imported again.
    const table = parse((await api.get(`/api/v1/staff/catalogue/imports/${id}/refused-rows`, { cookie: adminCookie })).text, {
      bom: true,
    }) as string[][];
    expect(table.slice(1).map((r) => [r[0], r[1], r[5]])).toEqual([
      ["3", allFaults, "Partial Gamma"],
      ["5", im.unknownUniversity(lateName, uni.country), "Partial Delta"],
    ]);
  });

  it("a clean file stays all or nothing: rows passing applies it whole", async () => {
    const [uni] = await someUniversities(1);
    if (!uni) throw new Error("no university");
    const { id } = await dryRun(
      "courses",
      csv([header, [uni.id, "", "", "Partial Clean", "Masters", "12", "9000", "GBP", "year", "Full-time", "no"]]),
    );
    const done = await apply(id);
    expect(done.status).toBe("applied");
    expect(done.summary.passingOnly).toBe(false);
    expect(done.summary.leftOut).toBeUndefined();
    const bad = await api.post(`/api/v1/staff/catalogue/imports/${id}/apply`, { rows: "some" }, { cookie: adminCookie });
    expect(bad.status).toBe(400);
  });
});

describe("the column mapping", () => {
  it("is guessed from the header's names, and remembered for the next file with the same header", async () => {
    const header = ["Institution Name", "Town", "Nation", "Sector"];
    const first = await upload("universities", csv([header, ["Alpha College", "Bonn", "Germany", "Private"]]));
    expect(first.status).toBe(201);
    expect(first.body.data.columns).toEqual(["institution name", "town", "nation", "sector"]);
    expect(first.body.data.mapping).toEqual({ city: "town" });
    const mapping = { name: "institution name", city: "town", country: "nation", type: "sector" };
    const wrong = await api.post(
      `/api/v1/staff/catalogue/imports/${first.body.data.id}/check`,
      { mapping: { city: "town" } },
      { cookie: adminCookie },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(im.mappingNeeds("name and country (or id)"));
    const started = await api.post(
      `/api/v1/staff/catalogue/imports/${first.body.data.id}/check`,
      { mapping },
      { cookie: adminCookie },
    );
    expect(started.status).toBe(202);
    expect((await settled(first.body.data.id)).summary).toMatchObject({ new: 1 });
    // The same header (any letter case) next time: the admin's mapping comes back.
    const second = await upload(
      "universities",
      csv([
        ["INSTITUTION NAME", "town", "Nation", "sector"],
        ["Beta College", "Bonn", "Germany", "Private"],
      ]),
    );
    expect(second.body.data.mapping).toEqual(mapping);
  });
});

describe("retire what the file leaves out", () => {
  it("is off by default; asked for, the dry run lists the records of the file's countries it leaves out, and apply retires them", async () => {
    const cypriot = await someUniversities(50, "Cyprus");
    expect(cypriot.length).toBeGreaterThanOrEqual(3);
    const [kept, ...left] = cypriot;
    if (!kept) throw new Error("no university");
    const content = csv([
      ["id", "name", "city", "country", "type"],
      [kept.id, kept.name, kept.city, kept.country, kept.type],
    ]);
    const plain = await dryRun("universities", content);
    expect(plain.checked.summary).toMatchObject({ unchanged: 1, retired: 0 });
    const { id, checked } = await dryRun("universities", content, { retireMissing: true });
    expect(checked.summary).toMatchObject({ unchanged: 1, retired: left.length });
    const retiredRows = (await rowsOf(id, "retired")).data;
    expect(retiredRows.map((r: { recordId: number }) => r.recordId).sort((a: number, b: number) => a - b)).toEqual(
      left.map((u) => u.id).sort((a, b) => a - b),
    );
    expect(retiredRows[0]).toMatchObject({ line: 0, changes: { retired: ["no", "yes"] } });
    const otherCountry = (await someUniversities(1, "Germany"))[0];
    await apply(id);
    const after = await database.db
      .select({ id: universities.id, retiredAt: universities.retiredAt })
      .from(universities)
      .where(inArray(universities.id, [kept.id, ...left.map((u) => u.id), otherCountry?.id ?? 0]));
    const retired = new Set(after.filter((u) => u.retiredAt).map((u) => u.id));
    expect(retired.has(kept.id)).toBe(false);
    expect(retired.has(otherCountry?.id ?? 0)).toBe(false);
    for (const u of left) expect(retired.has(u.id)).toBe(true);
    expect((await api.get(`/api/catalogue/universities/${left[0]?.id}`)).status).toBe(404);
  });
});

describe("export", () => {
  it("gives universities and courses in the import's shape; importing the export again changes nothing", async () => {
    const [course] = await database.db.select({ id: courses.id }).from(courses).orderBy(asc(courses.id)).limit(1);
    await testApp.staff.catalogue.retireCourse(admin, course?.id ?? 0, true);
    for (const kind of ["universities", "courses"] as const) {
      const exported = await api.get(`/api/v1/staff/catalogue/export/${kind}`, { cookie: adminCookie });
      expect(exported.status).toBe(200);
      expect(exported.headers.get("Content-Disposition")).toMatch(new RegExp(`ignite-${kind}-\\d{4}-\\d{2}-\\d{2}\\.csv`));
      const table = parse(exported.text, { bom: true }) as string[][];
      const total = kind === "universities" ? (await catalogueSize()).universities : (await catalogueSize()).courses;
      expect(table.length - 1).toBe(total);
      expect(table.some((r) => r.at(-1) === "yes")).toBe(true); // retired ones are there, marked
      const { checked } = await dryRun(kind, exported.text);
      expect(checked.summary).toEqual({ rows: total, new: 0, changed: 0, unchanged: total, retired: 0, refused: 0 });
    }
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "export.downloaded"), eq(auditLog.subjectId, "courses")));
    expect(entry?.after).toMatchObject({ list: "courses" });
    // Two whole exports and their dry runs (the courses' with every intake, decision 0085) on two busy cores.
  }, 90_000);
});

describe("who may", () => {
  it("a counsellor is refused the import, its screens' calls and the export (403)", async () => {
    expect((await upload("universities", "name,city\nA,B\n", "a.csv", counsellorCookie)).status).toBe(403);
    expect((await api.get("/api/v1/staff/catalogue/imports", { cookie: counsellorCookie })).status).toBe(403);
    expect((await api.get("/api/v1/staff/catalogue/export/courses", { cookie: counsellorCookie })).status).toBe(403);
    expect((await api.get("/api/v1/staff/catalogue/imports")).status).toBe(404);
  });
});

describe("files that are not ours", () => {
  it("a workbook, an image, a file not in UTF-8, an empty file or none are refused with a clear message", async () => {
    const xlsx = await upload("universities", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "catalogue.csv");
    expect([xlsx.status, xlsx.body.message]).toEqual([415, im.spreadsheet]);
    const named = await upload("universities", "name,city\n", "catalogue.xlsx");
    expect([named.status, named.body.message]).toEqual([415, im.spreadsheet]);
    const png = await upload("universities", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), "logo.png");
    expect([png.status, png.body.message]).toEqual([415, im.notCsv]);
    const latin1 = await upload(
      "universities",
      new Uint8Array([...Buffer.from("name,city,country,type\nUniversit"), 0xe9, ...Buffer.from(",Paris,France,Public\n")]),
    );
    expect([latin1.status, latin1.body.message]).toEqual([415, im.notUtf8]);
    const empty = await upload("universities", "");
    expect([empty.status, empty.body.message]).toEqual([400, im.empty]);
    const headerOnly = await upload("universities", "name,city,country,type\n");
    expect([headerOnly.status, headerOnly.body.message]).toEqual([400, im.noRows]);
    const headerOnlyNoBreak = await upload("universities", "name,city,country,type");
    expect([headerOnlyNoBreak.status, headerOnlyNoBreak.body.message]).toEqual([400, im.noRows]);
    // A row of data with no header above it: said as that, never as "a header row" it does not have.
    for (const content of ["Alpha College,Bonn,Germany,Private\n", "Alpha College,Bonn,Germany,Private"]) {
      const headless = await upload("universities", content);
      expect([headless.status, headless.body.message]).toEqual([400, im.noHeader]);
      expect(im.noHeader).not.toContain("has a header");
    }
    const kindless = await upload("planets", "name,city\nA,B\n");
    expect([kindless.status, kindless.body.message]).toEqual([400, im.chooseKind]);
    const form = new FormData();
    form.set("kind", "universities");
    const fileless = await api.call("/api/v1/staff/catalogue/imports", { method: "POST", form, cookie: adminCookie });
    expect([fileless.status, fileless.body.message]).toEqual([400, im.chooseFile]);
    const json = await api.post("/api/v1/staff/catalogue/imports", { kind: "universities" }, { cookie: adminCookie });
    expect([json.status, json.body.message]).toEqual([415, im.multipartOnly]);
    // Nothing half-stored: each refused upload left no file behind.
    const { readdirSync } = await import("node:fs");
    const stored = readdirSync(uploadsDir).length;
    expect((await upload("universities", new Uint8Array([0x50, 0x4b, 0x03, 0x04]))).status).toBe(415);
    expect(readdirSync(uploadsDir).length).toBe(stored);
  });

  it("a file over the limit is refused with 413 while it streams", async () => {
    const boundary = "----ignite-test-boundary";
    const chunk = new TextEncoder().encode(`${"x,".repeat(512 * 1024 - 1)}\n`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nuniversities\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\nname,city\n`,
          ),
        );
      },
      pull(controller) {
        if (sent > MAX_IMPORT_BYTES + 4 * chunk.length) controller.close();
        else {
          controller.enqueue(chunk);
          sent += chunk.length;
        }
      },
    });
    const answer = await api.call("/api/v1/staff/catalogue/imports", {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      cookie: adminCookie,
    });
    expect([answer.status, answer.body.message]).toEqual([413, im.tooLarge]);
  });
});

describe("the 10,251 world universities", () => {
  it("dry-run and apply with the right counts; a sample university is then public and its course searchable", async () => {
    const setUp = await ensureWorldCountries(database.db);
    expect(setUp.added).toBeGreaterThan(100);
    const rows = worldUniversityRows();
    // Hand-counted from the database: which of the file's universities exist already (by country and name).
    const existing = await database.db.execute(sql`
      select count(*)::int as n from universities u join countries c on c.id = u.country_id
      where (c.code, lower(u.name)) in (select * from json_to_recordset(${JSON.stringify(rows.map((r) => ({ code: r.code, name: r.name.toLowerCase() })))}::json) as x(code text, name text))`);
    const already = (existing as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    const before = await catalogueSize();
    const { id, checked } = await dryRun("universities", worldUniversitiesCsv());
    expect(checked.summary.refused).toBe(0);
    expect(checked.summary.rows).toBe(rows.length);
    expect(checked.summary.new).toBe(rows.length - already);
    expect(checked.summary.new + checked.summary.changed + checked.summary.unchanged).toBe(rows.length);
    const applied = await apply(id);
    expect(applied.status).toBe("applied");
    expect((await catalogueSize()).universities).toBe(before.universities + checked.summary.new);

    // A sample: public at once, in its country's list, and a course imported for it is found by search.
    const [sample] = await database.db
      .select({ id: universities.id, name: universities.name })
      .from(universities)
      .where(eq(universities.name, "Universidad Autónoma de Asunción"));
    if (!sample) throw new Error("the sample university was not imported");
    expect((await api.get(`/api/catalogue/universities/${sample.id}`)).body.data[0].university_name).toBe(sample.name);
    const listed = await api.get("/api/catalogue/paraguay/universities");
    expect(listed.body.data.map((u: { uni_id: number }) => u.uni_id)).toContain(sample.id);
    const course = await dryRun(
      "courses",
      csv([
        ["university_id", "name", "level", "duration_months", "fee_amount", "fee_currency", "fee_period", "mode"],
        [sample.id, "Ingeniería Agronómica", "Bachelors", "60", "0", "PYG", "year", "Full-time"],
      ]),
    );
    await apply(course.id);
    const found = await api.get(`/api/catalogue/search/${encodeURIComponent("agronómica asunción")}`);
    expect(found.body.coursesData.map((c: { uni_id: number }) => c.uni_id)).toContain(sample.id);
    const [done] = await database.db.select().from(catalogueImports).where(eq(catalogueImports.publicId, id));
    expect(done?.status).toBe("applied");
  }, 60_000);
});
