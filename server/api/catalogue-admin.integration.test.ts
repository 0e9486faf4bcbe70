import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countries, courseIntakes, courses, universities } from "../../modules/catalogue/tables.ts";
import { auditLog } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient, cookiesNamed } from "../../tests/support/api-client.ts";
import { createStudent } from "../../tests/support/factories.ts";
import { createStaffMember, type TestStaff } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * Admins edit the catalogue from the console (decision 0017): a retired course or university leaves the
 * site, the catalogue API and search at once (the public cache forgets) but stays for its applications;
 * a renamed university's courses are found by the new name; a hidden country leaves the site; only
 * admins may; every change is audited with its before and after.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let admin: TestStaff;
let counsellor: TestStaff;
let adminCookie: string;

const courseIdsOf = (answer: { body: { coursesData: { course_id: number }[] } }) =>
  answer.body.coursesData.map((c) => c.course_id);

beforeAll(async () => {
  database = await openTestDatabase();
  testApp = createTestApp(database);
  api = new ApiClient(testApp.app);
  admin = await createStaffMember(testApp, { email: "admin@catalogue.test", role: "admin" });
  counsellor = await createStaffMember(testApp, { email: "counsellor@catalogue.test", role: "counsellor" });
  const signIn = await api.post("/api/v1/staff/session", { email: admin.email, password: admin.password });
  adminCookie = cookiesNamed(signIn, "ignite_staff")[0]?.pair ?? "";
});
afterAll(() => database.close());

/**
 * A test's own university from the demo catalogue (the `nth` with at least two courses: each test takes
 * another) and its courses' ids. Its courses lose the demo's intakes (decision 0030): applied to below for
 * any month, as a course without intakes takes (decision 0019).
 */
async function universityWithCourses(nth: number) {
  const [university] = await database.db
    .select({
      id: universities.id,
      name: universities.name,
      city: universities.city,
      type: universities.type,
      countryId: universities.countryId,
    })
    .from(universities)
    .where(
      inArray(
        universities.id,
        database.db.select({ id: courses.universityId }).from(courses).groupBy(courses.universityId).having(sql`count(*) >= 2`),
      ),
    )
    .orderBy(asc(universities.id))
    .offset(nth)
    .limit(1);
  if (!university) throw new Error(`the demo catalogue has no university with courses at ${nth}`);
  const courseIds = (
    await database.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.universityId, university.id))
      .orderBy(asc(courses.id))
  ).map((c) => c.id);
  expect(courseIds.length).toBeGreaterThanOrEqual(2);
  await database.db.delete(courseIntakes).where(inArray(courseIntakes.courseId, courseIds));
  return { university, courseIds };
}

const auditOf = (subjectType: string, subjectId: number) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, String(subjectId))))
    .orderBy(asc(auditLog.id));

describe("retiring a course", () => {
  it("hides it from search, its university's list and its page at once, but keeps a student's application to it", async () => {
    const { university, courseIds } = await universityWithCourses(0);
    const student = await createStudent(api, { name: "Kavya Iyer" });
    const [retiredId, keptId] = courseIds as [number, number];
    const [course] = await database.db.select({ name: courses.name }).from(courses).where(eq(courses.id, retiredId));
    const term = encodeURIComponent(`${course?.name} ${university.name}`.slice(0, 90));
    // The student applies to it first (through the console, as a counsellor would).
    const applied = await api.post(
      `/api/v1/staff/students/${student.studentId}/applications`,
      { courseId: retiredId, intakeMonth: 9, intakeYear: new Date().getUTCFullYear() + 1 },
      { cookie: adminCookie },
    );
    expect(applied.status).toBe(201);
    // Asked once before, so the public cache holds the answers.
    expect(courseIdsOf(await api.get(`/api/catalogue/search/${term}`))).toContain(retiredId);
    expect(courseIdsOf(await api.get(`/api/catalogue/${university.id}/courses`))).toContain(retiredId);
    expect((await api.get(`/api/catalogue/courses/${retiredId}`)).status).toBe(200);

    await testApp.staff.catalogue.retireCourse(admin, retiredId, true);

    expect(courseIdsOf(await api.get(`/api/catalogue/search/${term}`))).not.toContain(retiredId);
    const listed = courseIdsOf(await api.get(`/api/catalogue/${university.id}/courses`));
    expect(listed).not.toContain(retiredId);
    expect(listed).toContain(keptId);
    expect((await api.get(`/api/catalogue/courses/${retiredId}`)).status).toBe(404);
    const mine = await api.get("/api/v1/students/me/applications", { cookie: student.cookie });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((a: { course_id: number }) => a.course_id)).toContain(retiredId);
    // It takes no new application nor a place in a student's saved courses.
    const again = await api.post(
      `/api/v1/staff/students/${student.studentId}/applications`,
      { courseId: retiredId, intakeMonth: 1, intakeYear: new Date().getUTCFullYear() + 1 },
      { cookie: adminCookie },
    );
    expect(again.status).toBe(400);
    expect((await api.put(`/api/v1/students/me/interests/${retiredId}`, undefined, { cookie: student.cookie })).status).toBe(404);
    // The console still shows it, marked retired.
    const record = await testApp.staff.catalogue.university(admin, university.id);
    expect(record.courses.find((c) => c.id === retiredId)?.retired).toBe(true);

    await testApp.staff.catalogue.retireCourse(admin, retiredId, false);
    expect((await api.get(`/api/catalogue/courses/${retiredId}`)).status).toBe(200);
    expect((await auditOf("course", retiredId)).map((e) => [e.action, e.before, e.after])).toEqual([
      ["course.retired", { retired: false }, { retired: true }],
      ["course.restored", { retired: true }, { retired: false }],
    ]);
  });

  it("a retired university's page, courses and search results are gone", async () => {
    const { university } = await universityWithCourses(1);
    const term = encodeURIComponent(university.name.slice(0, 90));
    expect((await api.get(`/api/catalogue/search/${term}`)).body.total).toBeGreaterThan(0);
    await testApp.staff.catalogue.retireUniversity(admin, university.id, true);
    expect((await api.get(`/api/catalogue/universities/${university.id}`)).status).toBe(404);
    expect((await api.get(`/api/catalogue/${university.id}/courses`)).status).toBe(404);
    const found = await api.get(`/api/catalogue/search/${term}`);
    expect(found.body.coursesData.filter((c: { uni_id: number }) => c.uni_id === university.id)).toEqual([]);
    await testApp.staff.catalogue.retireUniversity(admin, university.id, false);
    expect((await api.get(`/api/catalogue/universities/${university.id}`)).status).toBe(200);
  });
});

describe("editing", () => {
  it("renaming a university makes search find its courses by the new name, and is audited", async () => {
    const { university, courseIds } = await universityWithCourses(2);
    const newName = "Zephyrine Quillfeather Institute";
    expect((await api.get("/api/catalogue/search/quillfeather")).body.total).toBe(0);
    await testApp.staff.catalogue.editUniversity(admin, university.id, {
      name: newName,
      city: university.city,
      type: university.type,
    });
    const found = await api.get("/api/catalogue/search/quillfeather");
    expect(found.body.total).toBe(courseIds.length);
    for (const id of courseIdsOf(found)) expect(courseIds).toContain(id);
    // One typo still finds it: the new words reached search_words.
    expect((await api.get("/api/catalogue/search/quilfeather")).body.total).toBe(courseIds.length);
    expect((await api.get(`/api/catalogue/universities/${university.id}`)).body.data[0].university_name).toBe(newName);
    const [entry] = (await auditOf("university", university.id)).filter((e) => e.action === "university.edited");
    expect(entry?.before).toEqual({ name: university.name, city: university.city, type: university.type });
    expect(entry?.after).toEqual({ name: newName, city: university.city, type: university.type });
    expect(entry?.actorStaffId).toBe(admin.staffId);
  });

  it("a course's fee, its source and checked date are saved, shown and audited; a bad form names its fields", async () => {
    const { courseIds } = await universityWithCourses(3);
    const id = courseIds[1] as number;
    const form = {
      name: "Data Science",
      level: "Masters",
      durationMonths: "24",
      feeAmount: "1500",
      feeCurrency: "eur",
      feePeriod: "semester",
      mode: "Full-time",
      englishExamWaiver: "on",
      mediumOfInstruction: "English",
      feeSource: "University website",
      feeCheckedOn: "2026-01-15",
    };
    await testApp.staff.catalogue.editCourse(admin, id, form);
    const shown = await api.get(`/api/catalogue/courses/${id}`);
    expect(shown.body.coursesData[0]).toMatchObject({ course_name: "Data Science", tuition_fees: "EUR 1,500 per semester" });
    const course = await testApp.staff.catalogue.course(admin, id);
    expect(course).toMatchObject({ feeSource: "University website", feeCheckedOn: "2026-01-15" });
    expect(course.englishExamWaiver).toBe(true);
    const [entry] = await auditOf("course", id);
    expect(entry?.action).toBe("course.edited");
    expect(entry?.after).toMatchObject({ feeAmount: 1500, feeCurrency: "EUR", feeSource: "University website" });
    expect(entry?.before).toMatchObject({ feeSource: null, feeCheckedOn: null });

    await expect(
      testApp.staff.catalogue.editCourse(admin, id, {
        ...form,
        feeCurrency: "euro",
        durationMonths: "0",
        feeCheckedOn: "2999-01-01",
      }),
    ).rejects.toMatchObject({
      kind: "invalid_input",
      fields: { feeCurrency: expect.any(String), durationMonths: expect.any(String) },
    });
  });
});

describe("countries", () => {
  it("a hidden country leaves the countries list and its universities list; shown again, it is back", async () => {
    const { university } = await universityWithCourses(4);
    const [country] = await database.db
      .select({ id: countries.id, name: countries.name, slug: countries.slug })
      .from(countries)
      .where(eq(countries.id, university.countryId));
    if (!country) throw new Error("no country");
    const names = async () => (await api.get("/api/v1/countries")).body.data.map((c: { name: string }) => c.name);
    expect(await names()).toContain(country.name);
    expect((await api.get(`/api/catalogue/${country.slug}/universities`)).status).toBe(200);

    await testApp.staff.catalogue.setCountryVisible(admin, country.id, false);
    expect(await names()).not.toContain(country.name);
    expect((await api.get(`/api/catalogue/${country.slug}/universities`)).status).toBe(404);
    const all = await api.get("/api/catalogue/universities");
    expect(all.body.data.map((u: { country: string }) => u.country)).not.toContain(country.name);
    expect((await api.get(`/api/catalogue/universities/${university.id}`)).status).toBe(404);

    await testApp.staff.catalogue.setCountryVisible(admin, country.id, true);
    expect(await names()).toContain(country.name);
    expect((await auditOf("country", country.id)).map((e) => e.action)).toEqual(["country.hidden", "country.shown"]);
  });
});

describe("who may", () => {
  it("refuses staff who are not admins, and changes nothing", async () => {
    const { university, courseIds } = await universityWithCourses(5);
    const id = courseIds[0] as number;
    const refusals = [
      () => testApp.staff.catalogue.retireCourse(counsellor, id, true),
      () => testApp.staff.catalogue.retireUniversity(counsellor, university.id, true),
      () => testApp.staff.catalogue.editUniversity(counsellor, university.id, { name: "X", city: "Y", type: "Public" }),
      () => testApp.staff.catalogue.setCountryVisible(counsellor, university.countryId, false),
      () => testApp.staff.catalogue.universities(counsellor, {}),
    ];
    for (const refusal of refusals) await expect(refusal()).rejects.toMatchObject({ kind: "forbidden", status: 403 });
    expect((await api.get(`/api/catalogue/courses/${id}`)).status).toBe(200);
  });

  it("through the API: a counsellor is refused with 403, an admin retires and restores a course", async () => {
    const { courseIds } = await universityWithCourses(6);
    const id = courseIds[0] as number;
    const signIn = await api.post("/api/v1/staff/session", { email: counsellor.email, password: counsellor.password });
    const counsellorCookie = cookiesNamed(signIn, "ignite_staff")[0]?.pair ?? "";
    expect((await api.get("/api/v1/staff/catalogue/countries", { cookie: counsellorCookie })).status).toBe(403);
    const refused = await api.post(
      `/api/v1/staff/catalogue/courses/${id}/retirement`,
      { retired: true },
      { cookie: counsellorCookie },
    );
    expect(refused.status).toBe(403);
    expect((await api.get(`/api/catalogue/courses/${id}`)).status).toBe(200);

    const retired = await api.post(
      `/api/v1/staff/catalogue/courses/${id}/retirement`,
      { retired: true },
      { cookie: adminCookie },
    );
    expect(retired.status).toBe(200);
    expect((await api.get(`/api/catalogue/courses/${id}`)).status).toBe(404);
    const shown = await api.get(`/api/v1/staff/catalogue/courses/${id}`, { cookie: adminCookie });
    expect(shown.body.data).toMatchObject({ id, retired: true });
    await api.post(`/api/v1/staff/catalogue/courses/${id}/retirement`, { retired: false }, { cookie: adminCookie });
    expect((await api.get(`/api/catalogue/courses/${id}`)).status).toBe(200);
    const badBody = await api.post(
      `/api/v1/staff/catalogue/courses/${id}/retirement`,
      { retired: "maybe" },
      { cookie: adminCookie },
    );
    expect(badBody.status).toBe(400);
  });
});
