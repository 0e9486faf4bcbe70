import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countries, courseIntakes, universities } from "../../modules/catalogue/tables.ts";
import { auditLog } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import {
  courseDetails,
  createStudent,
  createCourse as makeCourse,
  createUniversity as makeUniversity,
} from "../../tests/support/factories.ts";
import { createStaffMember, signInStaff } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { countryCodes } from "../../vocabulary/country-codes.ts";

/**
 * Admins create catalogue records from the console (decision 0019), through the real HTTP API: countries
 * (with clashing names refused), universities with a picture served at an address that changes with it,
 * the home page's featured universities, courses that public search finds at once, and intakes that
 * visitors see and applications must use. Counsellors are refused; every change is audited.
 */
let dataDir: string;
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let adminCookie: string;
let counsellorCookie: string;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "ignite-catalogue-create-"));
  database = await openTestDatabase();
  testApp = createTestApp(database, { DATA_DIR: dataDir });
  api = new ApiClient(testApp.app);
  const admin = await createStaffMember(testApp, { email: "admin@create.test", role: "admin" });
  const counsellor = await createStaffMember(testApp, { email: "counsellor@create.test", role: "counsellor" });
  adminCookie = await signInStaff(api, admin.email, admin.password);
  counsellorCookie = await signInStaff(api, counsellor.email, counsellor.password);
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const admin = () => ({ cookie: adminCookie });
const counsellor = () => ({ cookie: counsellorCookie });

const auditOf = async (subjectType: string, subjectId: number) =>
  (
    await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, String(subjectId))))
      .orderBy(asc(auditLog.id))
  ).map((e) => ({ action: e.action, before: e.before, after: e.after }));

const courseIdsOf = (answer: { body: { coursesData: { course_id: number }[] } }) =>
  answer.body.coursesData.map((c) => c.course_id);

const countryForm = (overrides: Record<string, unknown> = {}) => ({
  name: "Sweden",
  code: "SE",
  aliases: "Sverige, Konungariket Sverige",
  currency: "sek",
  visible: true,
  ...overrides,
});

const courseForm = courseDetails;

async function createCountry(overrides: Record<string, unknown> = {}) {
  const answer = await api.post("/api/v1/staff/catalogue/countries", countryForm(overrides), admin());
  expect(answer.status, answer.text).toBe(201);
  return answer.body.data as { id: number; name: string; slug: string; aliases: string[]; code: string };
}

/** A university in `countryId` made by the admin (the factory's, in Tromsø). */
const createUniversity = (countryId: number, name: string) => makeUniversity(api, admin(), { countryId, name });

/** A course made by the admin (the factory's form, with these changes). */
const createCourse = (universityId: number, overrides: Record<string, unknown> = {}) =>
  makeCourse(api, admin(), { universityId, ...overrides });

const picture = (format: "png" | "jpeg", background: string, width = 1600, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background } })
    [format]()
    .toBuffer();

const uploadPicture = (universityId: number, bytes: Uint8Array, name = "campus.png", cookie = adminCookie) => {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)]), name);
  return api.call(`/api/v1/staff/catalogue/universities/${universityId}/picture`, { method: "PUT", form, cookie });
};

describe("countries", () => {
  it("every flag an admin may choose is in flag-icons, which the build copies to public/flags", () => {
    expect(countryCodes.length).toBe(249);
    for (const { code } of countryCodes) expect(existsSync(`node_modules/flag-icons/flags/4x3/${code}.svg`), code).toBe(true);
  });

  it("an admin adds a country: it lists with its flag, answers at its address and its other names, and is audited", async () => {
    const before = await api.get("/api/v1/countries");
    expect(before.body.data.map((c: { name: string }) => c.name)).not.toContain("Sweden");

    const sweden = await createCountry();
    expect(sweden).toMatchObject({
      name: "Sweden",
      slug: "sweden",
      code: "se",
      aliases: ["sverige", "konungariket sverige"],
      currency: "SEK",
      visible: true,
      universities: 0,
    });

    const listed = await api.get("/api/v1/countries");
    expect(listed.body.data).toContainEqual({ name: "Sweden", slug: "sweden", image: "/flags/se.svg" });
    // Between Sri Lanka and Switzerland, as the alphabetical demo list would have it.
    const names = listed.body.data.map((c: { name: string }) => c.name);
    expect(names.indexOf("Sweden")).toBe(names.indexOf("Sri Lanka") + 1);
    for (const address of ["sweden", "Sweden", "sverige", "konungariket-sverige"])
      expect((await api.get(`/api/catalogue/${address}/universities`)).status, address).toBe(200);
    expect(await auditOf("country", sweden.id)).toEqual([
      {
        action: "country.created",
        before: null,
        after: {
          name: "Sweden",
          slug: "sweden",
          code: "se",
          aliases: ["sverige", "konungariket sverige"],
          currency: "SEK",
          visible: true,
        },
      },
    ]);
  });

  it("a name, flag or other name another country answers to is refused with 409 and a message naming it", async () => {
    const count = async () => (await database.db.select({ id: countries.id }).from(countries)).length;
    const before = await count();
    const clashes = [
      [{ name: "germany", code: "at" }, "“germany” already names Germany."],
      [{ name: "Deutschland", code: "at" }, "“Deutschland” already names Germany."],
      [{ name: "Atlantis", code: "de" }, "Germany already has the flag DE."],
      [{ name: "Atlantis", code: "aq", aliases: "Lost Island, UK" }, "The other name “uk” already names United Kingdom."],
      [{ name: "Atlantis", code: "aq", aliases: "south_korea" }, "The other name “south_korea” already names South Korea."],
    ] as const;
    for (const [fields, message] of clashes) {
      const answer = await api.post("/api/v1/staff/catalogue/countries", countryForm({ aliases: "", ...fields }), admin());
      expect(answer.status, JSON.stringify(fields)).toBe(409);
      expect(answer.body.error).toMatchObject({ code: "conflict", message });
    }
    expect(await count()).toBe(before);
  });

  it("a bad form names each wrong field: no name, a code without a flag, a currency that is not ISO 4217", async () => {
    const answer = await api.post(
      "/api/v1/staff/catalogue/countries",
      countryForm({ name: " ", code: "zz", currency: "dollars" }),
      admin(),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({
      name: "Enter the country's name",
      code: "Choose the country's flag (its ISO 3166-1 code) from the list",
      currency: "Enter the three-letter ISO 4217 code of its fees' currency, e.g. EUR",
    });
    const symbols = await api.post("/api/v1/staff/catalogue/countries", countryForm({ name: "日本", code: "jp" }), admin());
    expect(symbols.status).toBe(400);
    expect(symbols.body.error.fields.name).toMatch(/Latin alphabet/);
  });

  it("renaming a country or changing its other names keeps its addresses and search working", async () => {
    const country = await createCountry({ name: "Nordland Republic", code: "no", aliases: "Fjordia", currency: "NOK" });
    const university = await createUniversity(country.id, "Aurora Borealis Institute");
    const course = await createCourse(university.id, { name: "Snow Hydrology" });
    const found = async (term: string) => courseIdsOf(await api.get(`/api/catalogue/search/${encodeURIComponent(term)}`));
    expect(await found("snow hydrology fjordia")).toEqual([course.id]);

    const renamed = await api.put(
      `/api/v1/staff/catalogue/countries/${country.id}`,
      countryForm({ name: "Kingdom of Skandia", code: "no", aliases: "Vikingland", currency: "NOK" }),
      admin(),
    );
    expect(renamed.status, renamed.text).toBe(200);
    // The old name is kept as another name, so old links and searches still find it.
    expect(renamed.body.data).toMatchObject({ slug: "kingdom-of-skandia", aliases: ["vikingland", "nordland republic"] });
    for (const address of ["kingdom-of-skandia", "nordland-republic", "vikingland"]) {
      const listed = await api.get(`/api/catalogue/${address}/universities`);
      expect(listed.status, address).toBe(200);
      expect(listed.body.data.map((u: { uni_id: number }) => u.uni_id)).toEqual([university.id]);
    }
    expect((await api.get("/api/catalogue/fjordia/universities")).status).toBe(404);
    expect(await found("snow hydrology skandia")).toEqual([course.id]);
    expect(await found("snow hydrology vikingland")).toEqual([course.id]);
    expect(await found("snow hydrology skandya")).toEqual([course.id]); // a typo: the new words reached search_words
    expect(await found("snow hydrology fjordia")).toEqual([]);
    const [, edited] = await auditOf("country", country.id);
    expect(edited).toMatchObject({
      action: "country.edited",
      before: { name: "Nordland Republic", aliases: ["fjordia"] },
      after: { name: "Kingdom of Skandia", aliases: ["vikingland", "nordland republic"] },
    });
  });

  it("a counsellor may not add or change a country (403), and nothing changes", async () => {
    expect((await api.post("/api/v1/staff/catalogue/countries", countryForm({ name: "Elbonia" }), counsellor())).status).toBe(
      403,
    );
    const [germany] = await database.db.select({ id: countries.id }).from(countries).where(eq(countries.name, "Germany"));
    const put = await api.put(`/api/v1/staff/catalogue/countries/${germany?.id}`, countryForm({ name: "Elbonia" }), counsellor());
    expect(put.status).toBe(403);
    expect((await api.get("/api/catalogue/germany/universities")).status).toBe(200);
  });
});

describe("universities and their pictures", () => {
  // Made once, never changed: each test adds universities of its own to it.
  let iceland: { id: number };
  beforeAll(async () => {
    iceland = await createCountry({ name: "Iceland", code: "is", aliases: "", currency: "ISK" });
  });

  it("an admin adds a university: public at once with the drawn picture, audited; the same name twice is a 409", async () => {
    const university = await createUniversity(iceland.id, "Reykjavik School of Volcanology");
    expect(university.image).toBe(`/images/universities/${university.id}.svg`);
    const shown = await api.get(`/api/catalogue/universities/${university.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data[0]).toMatchObject({ university_name: "Reykjavik School of Volcanology", country: "Iceland" });
    expect(await auditOf("university", university.id)).toEqual([
      {
        action: "university.created",
        before: null,
        after: {
          name: "Reykjavik School of Volcanology",
          city: "Tromsø",
          type: "Public",
          country: "Iceland",
          image: university.image,
        },
      },
    ]);
    const again = await api.post(
      "/api/v1/staff/catalogue/universities",
      { name: "REYKJAVIK school of volcanology", city: "Reykjavik", countryId: iceland.id, type: "Private" },
      admin(),
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Iceland already has a university named Reykjavik School of Volcanology.");
  });

  it("a bad form names its fields; an unknown country is refused; a counsellor gets 403", async () => {
    const bad = await api.post("/api/v1/staff/catalogue/universities", { name: "", city: "X", type: "Royal" }, admin());
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      name: "Enter the university's name",
      type: "Choose Public or Private",
      countryId: "Choose the university's country from the list",
    });
    const unknown = await api.post(
      "/api/v1/staff/catalogue/universities",
      { name: "Nowhere University", city: "X", type: "Public", countryId: 999_999 },
      admin(),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ countryId: "Choose the university's country from the list" });
    const refused = await api.post(
      "/api/v1/staff/catalogue/universities",
      { name: "Counsellor College", city: "X", type: "Public", countryId: iceland.id },
      counsellor(),
    );
    expect(refused.status).toBe(403);
  });

  it("a picture is re-encoded, served as WebP at a new address for a year, and replacing it retires the old address", async () => {
    const university = await createUniversity(iceland.id, "Glacier Valley University");
    const first = await uploadPicture(university.id, await picture("png", "#0f766e"));
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({
      message: "Glacier Valley University's picture changed.",
      data: { image: expect.stringMatching(new RegExp(`^/images/universities/${university.id}-[0-9a-f]{32}\\.webp$`)) },
    });
    const firstAddress = first.body.data.image as string;
    const served = await api.fetch(firstAddress);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const meta = await sharp(new Uint8Array(await served.arrayBuffer())).metadata();
    const head = await api.fetch(firstAddress, { method: "HEAD" });
    expect([head.status, head.headers.get("Content-Type"), await head.text()]).toEqual([200, "image/webp", ""]);
    expect(meta).toMatchObject({ format: "webp", width: 800, height: 480 });
    // The site's answers name the new picture at once (the public cache was cleared).
    expect((await api.get(`/api/catalogue/universities/${university.id}`)).body.data[0].university_image).toBe(firstAddress);

    const second = await uploadPicture(university.id, await picture("jpeg", "#1d4ed8"), "campus.jpg");
    expect(second.status).toBe(200);
    const secondAddress = second.body.data.image as string;
    expect(secondAddress).not.toBe(firstAddress);
    expect((await api.fetch(secondAddress)).status).toBe(200);
    expect((await api.fetch(firstAddress)).status).toBe(404);
    expect((await api.get(`/api/catalogue/universities/${university.id}`)).body.data[0].university_image).toBe(secondAddress);

    const removed = await api.delete(`/api/v1/staff/catalogue/universities/${university.id}/picture`, admin());
    expect(removed.body).toEqual({
      message: "Glacier Valley University shows the drawn picture again.",
      data: { image: `/images/universities/${university.id}.svg` },
    });
    expect((await api.fetch(secondAddress)).status).toBe(404);
    expect((await auditOf("university", university.id)).filter((e) => e.action === "university.image_changed")).toEqual([
      { action: "university.image_changed", before: { image: university.image }, after: { image: firstAddress } },
      { action: "university.image_changed", before: { image: firstAddress }, after: { image: secondAddress } },
      { action: "university.image_changed", before: { image: secondAddress }, after: { image: university.image } },
    ]);
  });

  it("refuses a file that is not a picture (400), a picture over 5 MB (413) and a counsellor's upload (403)", async () => {
    const university = await createUniversity(iceland.id, "Geyser Polytechnic");
    const text = await uploadPicture(university.id, new TextEncoder().encode("not a picture at all"), "campus.png");
    expect(text.status).toBe(400);
    expect(text.body.message).toBe("Upload a JPEG, PNG or WebP picture.");
    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set(await picture("png", "#000000", 16, 16));
    const tooLarge = await uploadPicture(university.id, huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe("Pictures can be at most 5 MB.");
    expect((await uploadPicture(university.id, await picture("png", "#fff"), "a.png", counsellorCookie)).status).toBe(403);
    const [row] = await database.db
      .select({ imageKey: universities.imageKey })
      .from(universities)
      .where(eq(universities.id, university.id));
    expect(row?.imageKey).toBeNull();
  });

  it("a featured university shows on the home page's strip at its place, a taken place is a 409, and it can come off", async () => {
    const first = await createUniversity(iceland.id, "Northern Lights College");
    const second = await createUniversity(iceland.id, "Midnight Sun Academy");
    const home = () => testApp.catalogue.featuredUniversities();
    expect(await home()).toEqual([]);

    const featured = await api.put(`/api/v1/staff/catalogue/universities/${first.id}/featured`, { place: 1 }, admin());
    expect(featured.body.message).toBe("Northern Lights College shows on the home page: Major University, card 1.");
    expect(await home()).toEqual([
      expect.objectContaining({
        id: first.id,
        name: "Northern Lights College",
        place: 1,
        country: { name: "Iceland", slug: "iceland" },
      }),
    ]);
    const taken = await api.put(`/api/v1/staff/catalogue/universities/${second.id}/featured`, { place: 1 }, admin());
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(
      "Northern Lights College holds Major University, card 1: take it off the home page first, or choose another place.",
    );
    await api.put(`/api/v1/staff/catalogue/universities/${second.id}/featured`, { place: 5 }, admin());
    expect((await home()).map((u) => [u.id, u.place])).toEqual([
      [first.id, 1],
      [second.id, 5],
    ]);
    for (const refused of [{ place: 9 }, { place: "first" }, {}])
      expect((await api.put(`/api/v1/staff/catalogue/universities/${second.id}/featured`, refused, admin())).status).toBe(400);
    expect((await api.put(`/api/v1/staff/catalogue/universities/${second.id}/featured`, { place: 2 }, counsellor())).status).toBe(
      403,
    );
    // A retired university leaves the strip.
    await api.post(`/api/v1/staff/catalogue/universities/${second.id}/retirement`, { retired: true }, admin());
    expect((await home()).map((u) => u.id)).toEqual([first.id]);

    await api.put(`/api/v1/staff/catalogue/universities/${first.id}/featured`, { place: null }, admin());
    expect(await home()).toEqual([]);
    expect((await auditOf("university", first.id)).slice(1)).toEqual([
      { action: "university.featured", before: { place: null }, after: { place: 1 } },
      { action: "university.unfeatured", before: { place: 1 }, after: { place: null } },
    ]);
  });
});

describe("courses", () => {
  // Made once, never changed: each test adds a university of its own to it.
  let greenland: { id: number };
  beforeAll(async () => {
    greenland = await createCountry({ name: "Greenland", code: "gl", aliases: "Kalaallit Nunaat", currency: "DKK" });
  });

  it("a new course is found by public search at once, typos forgiven, and its page is public; audited", async () => {
    const universityId = (await createUniversity(greenland.id, "Ilulissat Icefjord University")).id;
    // Asked before, so the public cache holds the empty answer.
    expect((await api.get("/api/catalogue/search/glaciology")).body.total).toBe(0);
    const course = await createCourse(universityId);
    const found = await api.get("/api/catalogue/search/glaciology");
    expect(courseIdsOf(found)).toEqual([course.id]);
    expect(found.body.coursesData[0]).toMatchObject({
      course_name: "Glaciology and Polar Oceanography",
      university_name: "Ilulissat Icefjord University",
      country: "Greenland",
      tuition_fees: "CAD 31,000 per year",
    });
    // One typo per word, and words of its university and country.
    expect(courseIdsOf(await api.get("/api/catalogue/search/glacology%20oceanograpy"))).toEqual([course.id]);
    expect(courseIdsOf(await api.get("/api/catalogue/search/oceanography%20ilulissat%20kalaallit"))).toEqual([course.id]);
    const page = await api.get(`/api/catalogue/courses/${course.id}`);
    expect(page.status).toBe(200);
    expect(courseIdsOf(await api.get(`/api/catalogue/${universityId}/courses`))).toEqual([course.id]);
    const [entry] = await auditOf("course", course.id);
    expect(entry).toMatchObject({
      action: "course.created",
      after: { universityId, name: "Glaciology and Polar Oceanography", feeAmount: 31000, feeSource: "University website" },
    });
  });

  it("refuses a bad course with editCourse's messages, an unknown university with 404 and a counsellor with 403", async () => {
    const universityId = (await createUniversity(greenland.id, "Nuuk Arctic College")).id;
    const bad = await api.post(
      `/api/v1/staff/catalogue/universities/${universityId}/courses`,
      courseForm({ name: "", durationMonths: 0, feeCurrency: "euro", level: "Doctorate", feeCheckedOn: `${year + 2}-01-01` }),
      admin(),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      name: "Enter the course's name",
      durationMonths: "Enter the duration in whole months (1 to 120)",
      feeCurrency: "Enter a three-letter currency code, e.g. EUR",
      level: "Choose a level from the list",
    });
    const future = await api.post(
      `/api/v1/staff/catalogue/universities/${universityId}/courses`,
      courseForm({ feeCheckedOn: `${year + 2}-01-01` }),
      admin(),
    );
    expect(future.body.error.fields).toEqual({ feeCheckedOn: "Enter the day the fee was checked (not in the future)" });
    expect((await api.post("/api/v1/staff/catalogue/universities/999999/courses", courseForm(), admin())).status).toBe(404);
    expect(
      (await api.post(`/api/v1/staff/catalogue/universities/${universityId}/courses`, courseForm(), counsellor())).status,
    ).toBe(403);
  });
});

describe("intakes", () => {
  // Made once, never changed: each test adds courses of its own to it.
  let university: { id: number };
  beforeAll(async () => {
    const country = await createCountry({ name: "Faroe Islands", code: "fo", aliases: "", currency: "DKK" });
    university = await createUniversity(country.id, "Torshavn Maritime University");
  });

  const addIntake = (courseId: number, body: Record<string, unknown>, who = admin()) =>
    api.post(`/api/v1/staff/catalogue/courses/${courseId}/intakes`, body, who);
  /** A course with the two intakes the first test adds: September next year (apply by 30 June) and January the year after. */
  async function courseWithIntakes(name: string) {
    const { id } = await createCourse(university.id, { name });
    expect((await addIntake(id, { month: 9, year: year + 1, deadline: `${year + 1}-06-30` })).status).toBe(201);
    expect((await addIntake(id, { month: 1, year: year + 2 })).status).toBe(201);
    return id;
  }

  it("an admin adds intakes; a second in the same month, a past one or a deadline after the month is refused", async () => {
    const courseId = (await createCourse(university.id, { name: "Fisheries Science" })).id;
    const september = await addIntake(courseId, { month: 9, year: year + 1, deadline: `${year + 1}-06-30` });
    expect(september.status, september.text).toBe(201);
    expect(september.body.message).toBe(`September ${year + 1} intake added.`);
    expect(september.body.data).toMatchObject({ label: `September ${year + 1} (apply by 30 June ${year + 1})`, past: false });
    expect((await addIntake(courseId, { month: 1, year: year + 2 })).status).toBe(201);

    const twice = await addIntake(courseId, { month: 9, year: year + 1 });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(`This course already has a September ${year + 1} intake.`);
    const past = await addIntake(courseId, { month: 12, year: year - 1 });
    expect(past.status).toBe(400);
    expect(past.body.error.fields).toEqual({ year: "Choose the intake's year (this year or up to 3 years ahead)" });
    const late = await addIntake(courseId, { month: 2, year: year + 1, deadline: `${year + 1}-03-01` });
    expect(late.body.error.fields).toEqual({ deadline: "The application deadline must be before the end of the intake's month" });
    expect((await addIntake(courseId, { month: 13, year: year + 1 })).body.error.fields).toEqual({
      month: "Choose the intake's month",
    });
    expect((await addIntake(courseId, { month: 3, year: year + 1 }, counsellor())).status).toBe(403);
  });

  it("visitors see the upcoming intakes, never past ones; the console marks past ones", async () => {
    const courseId = await courseWithIntakes("Marine Engineering");
    // An intake whose month is over (admins cannot add one; time makes them).
    await database.db.insert(courseIntakes).values({ courseId, month: 1, year: year - 1, deadline: null });
    const upcoming = (await testApp.catalogue.upcomingIntakes([courseId])).get(courseId) ?? [];
    expect(upcoming.map((i) => [i.month, i.year, i.deadline])).toEqual([
      [9, year + 1, `${year + 1}-06-30`],
      [1, year + 2, null],
    ]);
    const listed = await api.get(`/api/v1/staff/catalogue/courses/${courseId}/intakes`, admin());
    expect(listed.body.data.map((i: { label: string; past: boolean }) => [i.label, i.past])).toEqual([
      [`January ${year - 1}`, true],
      [`September ${year + 1} (apply by 30 June ${year + 1})`, false],
      [`January ${year + 2}`, false],
    ]);
  });

  it("an application to a course with intakes must name one of them; a course without keeps the free choice", async () => {
    const courseId = await courseWithIntakes("Fisheries Management");
    const openCourseId = (await createCourse(university.id, { name: "Nordic Languages" })).id;
    const student = await createStudent(api, { name: "Ishaan Rao" });
    const apply = (course: number, intake: Record<string, unknown>) =>
      api.post(`/api/v1/staff/students/${student.studentId}/applications`, { courseId: course, ...intake }, admin());

    const wrong = await apply(courseId, { intakeMonth: 3, intakeYear: year + 1 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({
      intake: `This course takes students in September ${year + 1} or January ${year + 2}: choose one of its intakes.`,
    });
    const right = await apply(courseId, { intake: `${year + 2}-01` });
    expect(right.status, right.text).toBe(201);
    expect(right.body.data.intake).toBe(`January ${year + 2}`);
    const free = await apply(openCourseId, { intakeMonth: 3, intakeYear: year + 1 });
    expect(free.status).toBe(201);
    expect(free.body.data.intake).toBe(`March ${year + 1}`);
  });

  it("an admin removes an intake: gone for visitors, audited with what it was", async () => {
    const courseId = await courseWithIntakes("Aquaculture");
    const [september] = (await testApp.catalogue.upcomingIntakes([courseId])).get(courseId) ?? [];
    const removed = await api.delete(`/api/v1/staff/catalogue/courses/${courseId}/intakes/${september?.id}`, admin());
    expect(removed.body.message).toBe(`September ${year + 1} intake removed.`);
    expect(((await testApp.catalogue.upcomingIntakes([courseId])).get(courseId) ?? []).map((i) => i.month)).toEqual([1]);
    expect((await api.delete(`/api/v1/staff/catalogue/courses/${courseId}/intakes/${september?.id}`, admin())).status).toBe(404);
    expect((await auditOf("course", courseId)).map((e) => e.action)).toEqual([
      "course.created",
      "course.intake_added",
      "course.intake_added",
      "course.intake_removed",
    ]);
    const [, , , last] = await auditOf("course", courseId);
    expect(last?.before).toEqual({
      intake: `September ${year + 1} (apply by 30 June ${year + 1})`,
      month: 9,
      year: year + 1,
      deadline: `${year + 1}-06-30`,
    });
  });
});
