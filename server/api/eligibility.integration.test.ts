import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCompareList } from "../../modules/catalogue/compare.ts";
import { courses, universities } from "../../modules/catalogue/tables.ts";
import { auditLog } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createStudent, type Student } from "../../tests/support/factories.ts";
import { createStaffMember, signInStaff } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { mayShare } from "../cached-answers.ts";

/**
 * Entry requirements and eligibility (decision 0027): admins set a course's requirements (audited, checked),
 * the site shows them at once, a student's English test is checked on their profile, and a student's
 * marks are judged against a course's requirements with the numbers.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let adminCookie: string;
let counsellorCookie: string;
let student: Student;
let bachelors: { id: number; name: string }[];
let masters: { id: number; name: string };

/** The console's course body with the course's current facts and these requirements. */
async function courseBody(id: number, requirements: Record<string, unknown>) {
  const current = (await api.get(`/api/v1/staff/catalogue/courses/${id}`, { cookie: adminCookie })).body.data;
  return {
    name: current.name,
    level: current.level,
    durationMonths: current.durationMonths,
    feeAmount: current.feeAmount,
    feeCurrency: current.feeCurrency,
    feePeriod: current.feePeriod,
    mode: current.mode,
    englishExamWaiver: false,
    mediumOfInstruction: current.mediumOfInstruction,
    ...requirements,
  };
}

const setRequirements = async (id: number, requirements: Record<string, unknown>) =>
  api.put(`/api/v1/staff/catalogue/courses/${id}`, await courseBody(id, requirements), { cookie: adminCookie });

const eligibilityOf = async (id: number, cookie = student.cookie) => api.get(`/api/v1/courses/${id}/eligibility`, { cookie });

beforeAll(async () => {
  database = await openTestDatabase();
  testApp = createTestApp(database);
  api = new ApiClient(testApp.app);
  const admin = await createStaffMember(testApp, { email: "admin@eligibility.test", role: "admin" });
  const counsellor = await createStaffMember(testApp, { email: "counsellor@eligibility.test", role: "counsellor" });
  adminCookie = await signInStaff(api, admin.email, admin.password);
  counsellorCookie = await signInStaff(api, counsellor.email, counsellor.password);
  student = await createStudent(api, { name: "Rohan Verma" });
  const shown = (level: "Bachelors" | "Masters") =>
    database.db
      .select({ id: courses.id, name: courses.name })
      .from(courses)
      .innerJoin(universities, eq(universities.id, courses.universityId))
      .where(and(eq(courses.level, level), isNull(courses.retiredAt), isNull(universities.retiredAt)))
      .orderBy(asc(courses.id))
      .limit(3);
  bachelors = await shown("Bachelors");
  [masters] = (await shown("Masters")) as [{ id: number; name: string }];
});
afterAll(() => database.close());

describe("a course's entry requirements", () => {
  it("the demo catalogue carries plausible requirements on most courses", async () => {
    const rows = await database.db
      .select({
        level: courses.level,
        minPercentage: courses.minPercentage,
        minIelts: courses.minIelts,
        medium: courses.mediumOfInstruction,
      })
      .from(courses)
      .limit(2000);
    const withPercentage = rows.filter((r) => r.minPercentage !== null);
    expect(withPercentage.length / rows.length).toBeGreaterThan(0.8);
    for (const r of withPercentage) expect(Number(r.minPercentage)).toBeGreaterThanOrEqual(50);
    for (const r of withPercentage) expect(Number(r.minPercentage)).toBeLessThanOrEqual(90);
    expect(rows.filter((r) => r.medium === "English").every((r) => r.minIelts !== null)).toBe(true);
  });

  it("an admin sets them: saved, shown on the course at once, audited with before and after", async () => {
    const id = bachelors[0]?.id as number;
    const saved = await setRequirements(id, { minPercentage: 75, minIelts: 6.5, minToefl: 90 });
    expect(saved.status, saved.text).toBe(200);
    const console = (await api.get(`/api/v1/staff/catalogue/courses/${id}`, { cookie: adminCookie })).body.data;
    expect(console).toMatchObject({ minPercentage: 75, minCgpa: null, minIelts: 6.5, minToefl: 90, minPte: null });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "course"), eq(auditLog.subjectId, String(id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.action).toBe("course.edited");
    expect(entry?.after).toMatchObject({ minPercentage: 75, minCgpa: null, minIelts: 6.5, minToefl: 90, minPte: null });
    expect(entry?.before).toHaveProperty("minPercentage");
    // The site reads the new figures at once (the mirror is told, the cache forgets).
    const shown = await testApp.catalogue.getCourse(id);
    expect(shown.requirements).toEqual({
      minPercentage: 75,
      minCgpa: null,
      minIelts: 6.5,
      minToefl: 90,
      minPte: null,
      minDuolingo: null,
      minGre: null,
      minGmat: null,
    });

    // Cleared again: blank or absent means "not set".
    expect((await setRequirements(id, { minPercentage: 75 })).status).toBe(200);
    expect((await testApp.catalogue.getCourse(id)).requirements).toMatchObject({ minIelts: null, minToefl: null });
  });

  it("refuses figures off their scale, naming each field; counsellors may not edit them", async () => {
    const id = bachelors[0]?.id as number;
    const refused = await setRequirements(id, { minPercentage: 101, minCgpa: 11, minIelts: 6.3, minToefl: 121, minPte: 5 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toMatchObject({
      minPercentage: "Minimum percentage must be a number from 0 to 100",
      minCgpa: "Minimum CGPA must be a number from 0 to 10",
      minIelts: "Minimum IELTS must be from 0 to 9, in steps of 0.5",
      minToefl: "Minimum TOEFL iBT must be a whole number from 0 to 120",
      minPte: "Minimum PTE Academic must be a whole number from 10 to 90",
    });
    expect((await setRequirements(id, { minPercentage: "abc" })).status).toBe(400);
    // Duolingo, GRE and GMAT on their own scales (decision 0041); a classic GMAT score (ending in 0) is off the Focus scale.
    const offScale = await setRequirements(id, { minDuolingo: 112, minGre: 200, minGmat: 700 });
    expect(offScale.status).toBe(400);
    expect(offScale.body.error.fields).toEqual({
      minDuolingo: "Minimum Duolingo English Test must be from 10 to 160, in steps of 5",
      minGre: "Minimum GRE must be a whole number from 260 to 340 (the General Test's total)",
      minGmat: "Minimum GMAT must be from 205 to 805, ending in 5 (GMAT Focus Edition)",
    });
    const byCounsellor = await api.put(`/api/v1/staff/catalogue/courses/${id}`, await courseBody(id, { minPercentage: 50 }), {
      cookie: counsellorCookie,
    });
    expect(byCounsellor.status).toBe(403);
  });
});

describe("a student's English test on the profile", () => {
  const profile = { name1: "Rohan Verma", phone: "9876543210" };

  it("keeps the test and its score, and clears both", async () => {
    expect(
      (
        await api.put(
          "/api/v1/students/me",
          { ...profile, english_test: "IELTS", english_score: 6.5 },
          { cookie: student.cookie },
        )
      ).status,
    ).toBe(200);
    expect((await api.get("/api/v1/students/me", { cookie: student.cookie })).body.data).toMatchObject({
      english_test: "IELTS",
      english_score: 6.5,
    });
    expect((await api.put("/api/v1/students/me", profile, { cookie: student.cookie })).status).toBe(200);
    expect((await api.get("/api/v1/students/me", { cookie: student.cookie })).body.data).toMatchObject({
      english_test: null,
      english_score: null,
    });
  });

  it.each([
    [{ english_score: 7 }, "english_test", "Choose which English test the score is from"],
    [{ english_test: "IELTS" }, "english_score", "Enter your score in that test"],
    [{ english_test: "IELTS", english_score: 6.3 }, "english_score", "IELTS scores are from 0 to 9, in steps of 0.5"],
    [{ english_test: "TOEFL iBT", english_score: 121 }, "english_score", "TOEFL iBT scores are whole numbers from 0 to 120"],
    [{ english_test: "PTE Academic", english_score: 9 }, "english_score", "PTE Academic scores are whole numbers from 10 to 90"],
    [
      { english_test: "Duolingo", english_score: 120 },
      "english_test",
      "Choose IELTS, TOEFL iBT, PTE Academic or Duolingo English Test",
    ],
    [{ english_test: "IELTS", english_score: "six" }, "english_score", "English test score must be a number"],
  ])("refuses %j with a clear message", async (fields, field, message) => {
    const answer = await api.put("/api/v1/students/me", { ...profile, ...fields }, { cookie: student.cookie });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields[field]).toBe(message);
  });
});

describe("a student's Duolingo, GRE and GMAT scores (decision 0041)", () => {
  const profile = { name1: "Rohan Verma", phone: "9876543210" };

  it("keeps a Duolingo score as the English test and the GRE and GMAT totals beside it", async () => {
    const saved = await api.put(
      "/api/v1/students/me",
      { ...profile, english_test: "Duolingo English Test", english_score: 125, gre_score: 318, gmat_score: 655 },
      { cookie: student.cookie },
    );
    expect(saved.status, saved.text).toBe(200);
    expect((await api.get("/api/v1/students/me", { cookie: student.cookie })).body.data).toMatchObject({
      english_test: "Duolingo English Test",
      english_score: 125,
      gre_score: 318,
      gmat_score: 655,
    });
  });

  it.each([
    [
      { english_test: "Duolingo English Test", english_score: 122 },
      "english_score",
      "Duolingo English Test scores are from 10 to 160, in steps of 5",
    ],
    [
      { english_test: "Duolingo English Test", english_score: 165 },
      "english_score",
      "Duolingo English Test scores are from 10 to 160, in steps of 5",
    ],
    [{ gre_score: 170 }, "gre_score", "GRE scores are whole numbers from 260 to 340 (Verbal and Quantitative together)"],
    [{ gre_score: 341 }, "gre_score", "GRE scores are whole numbers from 260 to 340 (Verbal and Quantitative together)"],
    [
      { gmat_score: 700 },
      "gmat_score",
      "GMAT Focus Edition scores are from 205 to 805 and end in 5. A classic GMAT score (200 to 800) is on another scale: ask your counsellor",
    ],
    [
      { gmat_score: 815 },
      "gmat_score",
      "GMAT Focus Edition scores are from 205 to 805 and end in 5. A classic GMAT score (200 to 800) is on another scale: ask your counsellor",
    ],
  ])("refuses %j with a clear message and keeps what was saved", async (fields, field, message) => {
    const before = (await api.get("/api/v1/students/me", { cookie: student.cookie })).body.data;
    const answer = await api.put("/api/v1/students/me", { ...profile, ...fields }, { cookie: student.cookie });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields[field]).toBe(message);
    expect((await api.get("/api/v1/students/me", { cookie: student.cookie })).body.data).toEqual(before);
  });

  it("a course's GRE minimum is met, not met, or waits for a score; either test answers a course naming both", async () => {
    const course = masters.id;
    expect((await setRequirements(course, { minGre: 310 })).status).toBe(200);
    expect((await testApp.catalogue.getCourse(course)).requirements).toMatchObject({ minGre: 310, minGmat: null });
    const me = await createStudent(api, { name: "Kavya Menon" });
    const write = (fields: Record<string, unknown>) =>
      api.put("/api/v1/students/me", { name1: "Kavya Menon", phone: "9876543210", ...fields }, { cookie: me.cookie });

    await write({ english_test: "Duolingo English Test", english_score: 120 });
    expect((await eligibilityOf(course, me.cookie)).body.data).toMatchObject({
      status: "missing",
      described: ["GRE 310"],
      checks: [{ kind: "admissions", outcome: "unknown", text: "Needs GRE 310; add your GRE score to your profile" }],
    });
    await write({ gre_score: 305 });
    expect((await eligibilityOf(course, me.cookie)).body.data).toMatchObject({
      status: "missing",
      checks: [{ kind: "admissions", outcome: "short", text: "Needs GRE 310; you have 305" }],
    });
    await write({ gre_score: 312 });
    expect((await eligibilityOf(course, me.cookie)).body.data).toMatchObject({
      status: "meets",
      checks: [{ kind: "admissions", outcome: "met", text: "GRE 310: you have 312" }],
    });

    expect((await setRequirements(course, { minGre: 320, minGmat: 605, minDuolingo: 115 })).status).toBe(200);
    await write({ english_test: "Duolingo English Test", english_score: 120, gre_score: 312, gmat_score: 615 });
    expect((await eligibilityOf(course, me.cookie)).body.data).toMatchObject({
      status: "meets",
      described: ["Duolingo English Test 115", "GRE 320 or GMAT 605"],
      checks: [
        { kind: "english", outcome: "met", text: "Duolingo English Test 115: you have 120" },
        { kind: "admissions", outcome: "met", text: "GMAT 605: you have 615" },
      ],
    });
    await setRequirements(course, {});
  });
});

describe("eligibility against a student's marks", () => {
  it("a student with 72% in 12th meets a 70% course and is told the numbers for a 75% one", async () => {
    const [low, high, english] = bachelors as unknown as [{ id: number }, { id: number }, { id: number }];
    await setRequirements(low.id, { minPercentage: 70 });
    await setRequirements(high.id, { minPercentage: 75 });
    await setRequirements(english.id, { minPercentage: 72, minIelts: 6.5 });
    const me = await createStudent(api, { name: "Aarav Shah" });
    // No marks yet: the requirements are shown plainly.
    const plain = (await eligibilityOf(high.id, me.cookie)).body.data;
    expect(plain).toMatchObject({ status: "no-marks", described: ["75% in 12th"], checks: [] });

    await api.put(
      "/api/v1/students/me",
      { name1: "Aarav Shah", phone: "9876543210", qualifications: [{ qualification: "12th", percentage: 72 }] },
      { cookie: me.cookie },
    );
    expect((await eligibilityOf(low.id, me.cookie)).body.data).toMatchObject({
      status: "meets",
      checks: [{ kind: "marks", outcome: "met", text: "70% in 12th: you have 72%" }],
    });
    expect((await eligibilityOf(high.id, me.cookie)).body.data).toMatchObject({
      status: "missing",
      checks: [{ kind: "marks", outcome: "short", text: "Needs 75% in 12th; you have 72%" }],
    });
    expect((await eligibilityOf(english.id, me.cookie)).body.data.checks).toEqual([
      { kind: "marks", outcome: "met", text: "72% in 12th: you have 72%" },
      { kind: "english", outcome: "unknown", text: "Needs IELTS 6.5; add your English test score to your profile" },
    ]);

    // With an IELTS score on the profile, the English requirement is judged too.
    await api.put(
      "/api/v1/students/me",
      {
        name1: "Aarav Shah",
        phone: "9876543210",
        qualifications: [{ qualification: "12th", percentage: 72 }],
        english_test: "IELTS",
        english_score: 7,
      },
      { cookie: me.cookie },
    );
    expect((await eligibilityOf(english.id, me.cookie)).body.data.status).toBe("meets");
  });

  it("a master's is judged on the bachelor's marks, a CGPA counting where the course sets one", async () => {
    await setRequirements(masters.id, { minPercentage: 60, minCgpa: 6.5 });
    const me = await createStudent(api, { name: "Ishita Rao" });
    await api.put(
      "/api/v1/students/me",
      { name1: "Ishita Rao", phone: "9876543210", qualifications: [{ qualification: "Bachelors", cgpa: 6.2 }] },
      { cookie: me.cookie },
    );
    expect((await eligibilityOf(masters.id, me.cookie)).body.data.checks).toEqual([
      { kind: "marks", outcome: "short", text: "Needs 60% or CGPA 6.5 in your bachelor's; you have CGPA 6.2" },
    ]);
  });

  it("is a student's own question: a visitor gets 401, an unknown course 404, a bad id 400", async () => {
    const id = bachelors[0]?.id as number;
    expect((await api.get(`/api/v1/courses/${id}/eligibility`)).status).toBe(401);
    expect((await eligibilityOf(987_654_321)).status).toBe(404);
    expect((await eligibilityOf("abc" as unknown as number)).status).toBeLessThan(500);
  });
});

describe("the courses a visitor compares", () => {
  it("come from a checked cookie: only shown courses, in the order added, retired and unknown ids left out", async () => {
    const [first, second, third] = bachelors as unknown as [{ id: number }, { id: number }, { id: number }];
    const ids = parseCompareList(`${third.id}.987654321.${first.id}.${first.id}.junk.${second.id}`);
    expect(ids).toEqual([third.id, 987_654_321, first.id]);
    expect((await testApp.catalogue.coursesToCompare(ids)).map((c) => c.id)).toEqual([third.id, first.id]);

    const retire = (retired: boolean) =>
      api.post(`/api/v1/staff/catalogue/courses/${third.id}/retirement`, { retired }, { cookie: adminCookie });
    expect((await retire(true)).status).toBe(200);
    const kept = await testApp.catalogue.coursesToCompare([third.id, first.id, second.id]);
    expect(kept.map((c) => c.id)).toEqual([first.id, second.id]);
    // Each carries what the comparison shows: its requirements among them.
    expect(kept[0]?.requirements).toMatchObject({ minPercentage: 70 });
    expect((await retire(false)).status).toBe(200);
  });

  it("is never served from the shared public cache", () => {
    expect(mayShare("/compare", undefined)).toBe(false);
    expect(mayShare("/compare.data", undefined)).toBe(false);
    expect(mayShare("/courses/1", undefined)).toBe(true);
  });
});
