import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createStudent } from "../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { COMPARE_MAX } from "../../vocabulary/eligibility.ts";
import { courses } from "../catalogue/tables.ts";
import { comparedCourses } from "./tables.ts";

/**
 * A signed-in student's comparison kept on the account (decision 0043): the visitor's list merged at
 * sign-in (the account's first, then the visitor's new ones, up to three, what did not fit named), a
 * course no longer shown taking no place, the order kept, and the list gone with the account.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let ids: number[];

beforeAll(async () => {
  database = await openTestDatabase();
  testApp = createTestApp(database);
  api = new ApiClient(testApp.app);
  const rows = await database.db
    .select({ id: courses.id })
    .from(courses)
    .where(sql`${courses.retiredAt} is null`)
    .orderBy(courses.id)
    .limit(7);
  ids = rows.map((r) => r.id);
});
afterAll(() => database.close());

const student = async () => (await createStudent(api)).studentId;
const course = (n: number) => ids[n] as number;

describe("the comparison on the account", () => {
  it("an empty account takes the visitor's list as it was, in its order", async () => {
    const id = await student();
    const merged = await testApp.students.mergeComparedCourses(id, [course(2), course(0)]);
    expect(merged).toEqual({ ids: [course(2), course(0)], leftOut: [] });
    expect(await testApp.students.comparedCourses(id)).toEqual([course(2), course(0)]);
  });

  it("the account's courses come first, then the visitor's new ones; one on both is kept once", async () => {
    const id = await student();
    await testApp.students.saveComparedCourses(id, [course(1)]);
    const merged = await testApp.students.mergeComparedCourses(id, [course(3), course(1)]);
    expect(merged).toEqual({ ids: [course(1), course(3)], leftOut: [] });
  });

  it(`holds at most ${COMPARE_MAX}: the visitor's that did not fit are named`, async () => {
    const id = await student();
    await testApp.students.saveComparedCourses(id, [course(0), course(1)]);
    const merged = await testApp.students.mergeComparedCourses(id, [course(2), course(3), course(4)]);
    expect(merged).toEqual({ ids: [course(0), course(1), course(2)], leftOut: [course(3), course(4)] });
    expect(await testApp.students.comparedCourses(id)).toEqual([course(0), course(1), course(2)]);
    await expect(testApp.students.saveComparedCourses(id, [course(0), course(1), course(2), course(3)])).rejects.toThrow();
  });

  it("a course no longer shown takes no place, on either side", async () => {
    const id = await student();
    await testApp.students.saveComparedCourses(id, [course(5), course(0), course(1)]);
    await database.db
      .update(courses)
      .set({ retiredAt: new Date() })
      .where(eq(courses.id, course(5)));
    try {
      const merged = await testApp.students.mergeComparedCourses(id, [course(6), course(5)]);
      expect(merged).toEqual({ ids: [course(0), course(1), course(6)], leftOut: [] });
    } finally {
      await database.db
        .update(courses)
        .set({ retiredAt: null })
        .where(eq(courses.id, course(5)));
    }
  });

  it("each student has their own list; two writes at once leave one whole list", async () => {
    const [a, b] = [await student(), await student()];
    await Promise.all([
      testApp.students.saveComparedCourses(a, [course(0), course(1)]),
      testApp.students.saveComparedCourses(a, [course(2)]),
      testApp.students.saveComparedCourses(b, [course(3)]),
    ]);
    expect([[course(0), course(1)], [course(2)]]).toContainEqual(await testApp.students.comparedCourses(a));
    expect(await testApp.students.comparedCourses(b)).toEqual([course(3)]);
  });

  it("signing in or up through the API merges the visitor's cookie and clears it", async () => {
    const someone = await createStudent(api);
    await testApp.students.saveComparedCourses(someone.studentId, [course(0), course(1)]);
    const login = await api.post(
      "/api/v1/auth/login",
      { email: someone.email, password: someone.password },
      { cookie: `ignite_compare=${course(2)}.${course(3)}` },
    );
    expect(login.status).toBe(200);
    expect(login.setCookies.some((c) => c.startsWith("ignite_compare=;") && c.includes("Max-Age=0"))).toBe(true);
    expect(await testApp.students.comparedCourses(someone.studentId)).toEqual([course(0), course(1), course(2)]);

    const signup = await api.post(
      "/api/v1/auth/signup",
      {
        name1: "Meera Nair",
        email: `meera.${Date.now()}@example.in`,
        phone: "9876543210",
        password: "meera-Secret-pass-1",
        confirmPassword: "meera-Secret-pass-1",
      },
      { cookie: `ignite_compare=${course(4)}` },
    );
    expect(signup.status).toBe(200);
    expect(await testApp.students.comparedCourses(signup.body.student_id)).toEqual([course(4)]);
  });

  it("goes with the account when the student deletes it", async () => {
    const someone = await createStudent(api);
    await testApp.students.mergeComparedCourses(someone.studentId, [course(0), course(1)]);
    const erased = await api.post("/api/v1/students/me/erase", { password: someone.password }, { cookie: someone.cookie });
    expect(erased.status).toBe(200);
    const left = await database.db
      .select()
      .from(comparedCourses)
      .where(inArray(comparedCourses.studentId, [someone.studentId]));
    expect(left).toEqual([]);
  });
});
