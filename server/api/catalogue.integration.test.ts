import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchMisses } from "../../modules/catalogue/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

let database: DatabaseHandle;
let api: ApiClient;
let testApp: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  testApp = createTestApp(database);
  api = new ApiClient(testApp.app);
});
afterAll(() => database.close());

const universityKeys = ["uni_id", "university_name", "university_location", "university_image", "country", "type_of_university"];
const courseKeys = [
  "course_id",
  "uni_id",
  "course_name",
  "university_name",
  "course_duration",
  "tuition_fees",
  "course_level",
  "mode_of_course",
  "english_exam_waiver",
  "Medium Of Instruction",
];

describe("universities", () => {
  it("lists universities page by page with the spec's field names", async () => {
    const first = await api.get("/api/catalogue/universities?page=1");
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(12);
    expect(first.body).toMatchObject({ page: 1, pageSize: 12 });
    expect(first.body.total).toBeGreaterThan(100);
    for (const key of universityKeys) expect(first.body.data[0]).toHaveProperty(key);
    expect(first.body.data[0].type_of_university).toMatch(/^(Public|Private)$/);

    const second = await api.get("/api/catalogue/universities?page=2");
    const firstIds = first.body.data.map((u: { uni_id: number }) => u.uni_id);
    const secondIds = second.body.data.map((u: { uni_id: number }) => u.uni_id);
    expect(secondIds).toHaveLength(12);
    expect(secondIds.filter((id: number) => firstIds.includes(id))).toEqual([]);
  });

  it("treats no page as page 1 and a page past the end as empty, not an error", async () => {
    const none = await api.get("/api/catalogue/universities");
    const one = await api.get("/api/catalogue/universities?page=1");
    expect(none.body.data).toEqual(one.body.data);
    const past = await api.get("/api/catalogue/universities?page=9999");
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
  });

  it.each(["0", "-1", "abc", "1.5", ""])("refuses page=%s with 400 and a message", async (page) => {
    const { status, body } = await api.get(`/api/catalogue/universities?page=${page}`);
    expect(status).toBe(400);
    expect(body.error.message).toMatch(/page/i);
  });

  it.each(["germany", "Germany", "GERMANY", "uk", "UK", "united-kingdom", "United%20Kingdom", "usa", "united-states"])(
    "matches the country %s by name, slug or alias in any case",
    async (name) => {
      const { status, body } = await api.get(`/api/catalogue/${name}/universities`);
      expect(status).toBe(200);
      expect(body.data.length).toBeGreaterThanOrEqual(5);
      const countries = new Set(body.data.map((u: { country: string }) => u.country));
      expect(countries.size).toBe(1);
      expect(["Germany", "United Kingdom", "United States"]).toContain([...countries][0]);
    },
  );

  it("answers 404 with a JSON error for an unknown country", async () => {
    const { status, body } = await api.get("/api/catalogue/atlantis/universities");
    expect(status).toBe(404);
    expect(body.error.message).toBe("Country not found");
  });

  it("returns one university as the first item of data, and 404 for unknown ids", async () => {
    const list = await api.get("/api/catalogue/universities");
    const id = list.body.data[0].uni_id;
    const one = await api.get(`/api/catalogue/universities/${id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual([list.body.data[0]]);
    for (const bad of ["999999", "abc", "0", "99999999999999"]) {
      const missing = await api.get(`/api/catalogue/universities/${bad}`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe("not_found");
    }
  });
});

describe("courses", () => {
  it("lists a university's courses and returns one course, with every spec field", async () => {
    const list = await api.get("/api/catalogue/universities");
    const uni = list.body.data[0];
    const courses = await api.get(`/api/catalogue/${uni.uni_id}/courses`);
    expect(courses.status).toBe(200);
    expect(courses.body.coursesData.length).toBeGreaterThan(10);
    const course = courses.body.coursesData[0];
    for (const key of courseKeys) expect(course).toHaveProperty(key);
    expect(course.uni_id).toBe(uni.uni_id);
    expect(course.university_name).toBe(uni.university_name);
    expect(course.tuition_fees).toMatch(/^[A-Z]{3} [\d,]+ (per year|per semester|in total)$/);
    expect(course.course_duration).toMatch(/^\d+ (years?|months)$/);

    const one = await api.get(`/api/catalogue/courses/${course.course_id}`);
    expect(one.body.coursesData).toEqual([course]);
  });

  it("answers 404 for unknown courses and universities", async () => {
    expect((await api.get("/api/catalogue/courses/99999999")).status).toBe(404);
    expect((await api.get("/api/catalogue/courses/x")).status).toBe(404);
    expect((await api.get("/api/catalogue/99999999/courses")).status).toBe(404);
  });
});

describe("suggestions while typing (decision 0026)", () => {
  const suggest = async (q: string) => (await api.get(`/api/catalogue/suggestions?q=${encodeURIComponent(q)}`)).body;

  it("suggests destinations first, then universities and courses, each with where it leads", async () => {
    await testApp.catalogueMirror.ready();
    const { suggestions } = await suggest("germ");
    expect(suggestions[0]).toEqual({
      kind: "destination",
      label: "Germany",
      detail: "Destination",
      href: "/germany/universities",
    });
    const courses = (await suggest("ms in cs usa")).suggestions.filter((s: { kind: string }) => s.kind === "course");
    expect(courses.length).toBeGreaterThan(0);
    for (const course of courses) {
      expect(course.label).toMatch(/computer science/i);
      expect(course.href).toMatch(/^\/courses\/\d+$/);
    }
    const universities = (await suggest("trinity dub")).suggestions;
    expect(universities).toContainEqual(
      expect.objectContaining({ kind: "university", label: "Trinity College Dublin", detail: "Dublin, Ireland" }),
    );
  });

  it("suggests nothing for one letter, and refuses an empty or overlong term as a search does", async () => {
    expect((await suggest("g")).suggestions).toEqual([]);
    expect((await api.get("/api/catalogue/suggestions?q=")).status).toBe(400);
    expect((await api.get(`/api/catalogue/suggestions?q=${"a".repeat(101)}`)).status).toBe(400);
  });
});

describe("searches that find little (decision 0026)", () => {
  it("keeps the term and time of a search finding fewer than three courses, and staff read them counted", async () => {
    const before = new Date(Date.now() - 1000);
    // The same miss twice in a row: each is counted, so no cache keeps the answer.
    for (const term of ["Quantum Basket Weaving", "quantum basket weaving", "computer science", "mbbs sweden"]) {
      const response = await api.get(`/api/catalogue/search/${encodeURIComponent(term)}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control"), term).toBe(
        term === "computer science" ? "public, max-age=0, s-maxage=60, stale-while-revalidate=300" : "private, no-store",
      );
    }
    // A later page of a search is the same search: not counted again.
    await api.get(`/api/catalogue/search/${encodeURIComponent("quantum basket weaving")}?page=2`);
    // Nor is a search the visitor narrowed with filters until little was left: the catalogue may have the rest.
    const narrowed = await api.get(`/api/catalogue/search/${encodeURIComponent("law")}?level=phd&mode=online&fee_max=1`);
    expect(narrowed.body.total).toBeLessThan(3);
    const rows = await database.db.select().from(searchMisses);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(["id", "results", "searchedAt", "term"]);
    const misses = await testApp.catalogue.searchMisses(before, new Date(Date.now() + 1000));
    expect(misses.map(({ term, searches, fewestResults }) => ({ term, searches, fewestResults }))).toEqual([
      { term: "quantum basket weaving", searches: 2, fewestResults: 0 },
      { term: "mbbs sweden", searches: 1, fewestResults: 0 },
    ]);
    expect(await testApp.catalogue.searchMisses(new Date(0), before)).toEqual([]);
  });
});

describe("search", () => {
  type Hit = { course_name: string; university_name: string; country: string; course_level: string };
  const search = async (term: string) =>
    (await api.get(`/api/catalogue/search/${encodeURIComponent(term)}`)).body.coursesData as Hit[];

  it("finds courses by course name, case-insensitively, best matches first", async () => {
    const hits = await search("Computer Science");
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]?.course_name).toMatch(/computer science/i);
    expect(await search("COMPUTER SCIENCE")).toEqual(hits);
  });

  it("tolerates one typo in a word", async () => {
    const hits = await search("compter science");
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]?.course_name).toMatch(/computer science/i);
  });

  it("matches university name, country (with aliases) and level", async () => {
    const byUniversity = await search("trinity college dublin");
    expect(byUniversity.length).toBeGreaterThan(0);
    expect(byUniversity.every((h) => h.university_name === "Trinity College Dublin")).toBe(true);
    const byCountry = await search("germany");
    expect(byCountry.length).toBeGreaterThan(0);
    expect(byCountry.every((h) => h.country === "Germany")).toBe(true);
    const byAlias = await search("uk");
    expect(byAlias.every((h) => h.country === "United Kingdom")).toBe(true);
    const byLevel = await search("phd germany");
    expect(byLevel.length).toBeGreaterThan(0);
    expect(byLevel.every((h) => h.course_level === "PhD" && h.country === "Germany")).toBe(true);
  });

  it("ranks a course-name match above a match on the university only", async () => {
    const hits = await search("law");
    expect(hits[0]?.course_name).toMatch(/law/i);
  });

  it("answers an empty list for nothing found, and 400 for a term too long", async () => {
    expect(await search("zzqxv")).toEqual([]);
    const long = await api.get(`/api/catalogue/search/${"a".repeat(10_000)}`);
    expect(long.status).toBe(400);
    expect(long.body.error.message).toMatch(/at most 100 characters/);
    const page = await api.get("/api/catalogue/search/law?page=abc");
    expect(page.status).toBe(400);
  });

  it("pages through results", async () => {
    const one = await api.get("/api/catalogue/search/science?page=1");
    const two = await api.get("/api/catalogue/search/science?page=2");
    expect(one.body.total).toBeGreaterThan(24);
    expect(two.body.coursesData).toHaveLength(12);
    expect(two.body.coursesData[0]).not.toEqual(one.body.coursesData[0]);
    expect((await api.get("/api/catalogue/search/science?page=9999")).body.coursesData).toEqual([]);
  });

  it("narrows and orders a search by the pages' filters, and says which filter it refuses", async () => {
    const all = await api.get("/api/catalogue/search/engineering");
    const narrowed = await api.get("/api/catalogue/search/engineering?level=masters&mode=full-time&sort=duration");
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.total).toBeGreaterThan(0);
    expect(narrowed.body.total).toBeLessThan(all.body.total);
    for (const course of narrowed.body.coursesData)
      expect(course).toMatchObject({ course_level: "Masters", mode_of_course: "Full-time" });
    expect(narrowed.body.coursesData).toHaveLength(12);
    // A destination named in the term is that filter; the address's wins.
    const typed = await api.get("/api/catalogue/search/engineering%20germany");
    const chosen = await api.get("/api/catalogue/search/engineering?country=germany");
    expect(typed.body.total).toBe(chosen.body.total);
    const refused = await api.get("/api/catalogue/search/engineering?fee_max=cheap");
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("The highest fee must be an amount in rupees");
  });
});

describe("countries and the rest", () => {
  it("lists the 40 destinations with name and image", async () => {
    const { status, body } = await api.get("/api/v1/countries");
    expect(status).toBe(200);
    expect(body.data).toHaveLength(40);
    expect(body.data[0]).toEqual({ name: "Australia", slug: "australia", image: "/flags/au.svg" });
  });

  it("lists Canada and New Zealand in their alphabetical places, each with real universities (decision 0035)", async () => {
    const names = (await api.get("/api/v1/countries")).body.data.map((c: { name: string }) => c.name);
    expect(names.indexOf("Canada")).toBe(names.indexOf("Brunei") + 1);
    expect(names.indexOf("New Zealand")).toBe(names.indexOf("Netherlands") + 1);
    const { body } = await api.get("/api/v1/countries");
    expect(body.data).toContainEqual({ name: "Canada", slug: "canada", image: "/flags/ca.svg" });
    expect(body.data).toContainEqual({ name: "New Zealand", slug: "new-zealand", image: "/flags/nz.svg" });
    type Listed = { uni_id: number; university_name: string; country: string };
    const allOf = async (address: string) => {
      const first = await api.get(`/api/catalogue/${address}/universities?page=1`);
      expect(first.status, address).toBe(200);
      const second = await api.get(`/api/catalogue/${address}/universities?page=2`);
      return { total: first.body.total as number, data: [...first.body.data, ...second.body.data] as Listed[] };
    };
    for (const [address, country, university] of [
      ["canada", "Canada", "University of Toronto"],
      ["new-zealand", "New Zealand", "University of Auckland"],
      ["nz", "New Zealand", "University of Otago"],
    ] as const) {
      const listed = await allOf(address);
      expect(listed.total, address).toBeGreaterThanOrEqual(8);
      expect(listed.data).toHaveLength(listed.total);
      expect(
        listed.data.every((u) => u.country === country),
        address,
      ).toBe(true);
      expect(
        listed.data.map((u) => u.university_name),
        address,
      ).toContain(university);
    }
    const toronto = (await allOf("canada")).data.find((u) => u.university_name === "University of Toronto");
    const courses = (await api.get(`/api/catalogue/${toronto?.uni_id}/courses`)).body.coursesData;
    expect(courses.length).toBeGreaterThanOrEqual(22);
    for (const course of courses) expect(course.tuition_fees).toMatch(/^CAD [\d,]+ (per year|in total)$/);
  });

  it("describes the APIs in an OpenAPI document", async () => {
    const { status, body } = await api.get("/api/openapi.json");
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        "/api/catalogue/universities",
        "/api/catalogue/search/{term}",
        "/api/v1/consultations",
        "/api/v1/auth/login",
        "/api/v1/students/me",
        "/api/v1/students/me/files",
      ]),
    );
    const booking = body.paths["/api/v1/consultations"].post.requestBody.content["application/json"].schema;
    expect(booking.required).toEqual(expect.arrayContaining(["firstName", "preferredSubject"]));
    expect(booking.properties.typeOfStudy.enum).toEqual(["Undergraduate", "Postgraduate", "Diploma", "Certificate"]);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const { status, body } = await api.get("/api/catalogue/a/b/c");
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
  });

  it("reports health and readiness", async () => {
    expect((await api.get("/healthz")).body).toEqual({ status: "ok" });
    // Searches and lists go to the database until the catalogue mirror is read, and /readyz says which.
    await testApp.catalogueMirror.ready();
    expect((await api.get("/readyz")).body).toEqual({ status: "ready", catalogueMirror: "ready" });
  });

  it("sends security headers with every answer", async () => {
    const response = await api.fetch("/api/catalogue/universities");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });

  it("refuses a cross-site write", async () => {
    const response = await api.fetch("/api/v1/countries", { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
  });
});
