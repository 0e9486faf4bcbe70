import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications } from "../../modules/applications/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createStudent } from "../../tests/support/factories.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

let database: DatabaseHandle;
let api: ApiClient;

beforeAll(async () => {
  database = await openTestDatabase();
  api = new ApiClient(createTestApp(database).app, {
    onAnswer: async (response) => expect(await response.clone().text()).not.toMatch(/\$argon2|password_hash|passwordHash/),
  });
});
afterAll(() => database.close());

async function someCourseIds(count: number): Promise<number[]> {
  const { body } = await api.get("/api/catalogue/search/computer");
  return body.coursesData.slice(0, count).map((c: { course_id: number }) => c.course_id);
}

const fullProfile = {
  name1: "Meera Nair",
  phone: "+91 98470 12345",
  gender: "Female",
  dob: "2003-08-21",
  passport_no: "t7654321",
  address: "MG Road\nKochi",
  qualifications: [
    { qualification: "10th", percentage: 94.2, cgpa: "" },
    { qualification: "12th", percentage: "88.75" },
    { qualification: "Bachelors", cgpa: 8.1 },
  ],
};

describe("profile", () => {
  it("reads and writes the student's own record, marks in the spec's order", async () => {
    const me = await createStudent(api, { name: "profile Test" });
    const saved = await api.put("/api/v1/students/me", fullProfile, { cookie: me.cookie });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Edited successfully");
    const { body } = await api.get("/api/v1/students/me", { cookie: me.cookie });
    expect(body.data).toMatchObject({
      name1: "Meera Nair",
      email: me.email,
      phone: "+919847012345",
      gender: "Female",
      dob: "2003-08-21",
      passport_no: "T7654321",
      address: "MG Road\nKochi",
    });
    expect(body.data.qualifications).toEqual([
      { qualification: "10th", percentage: 94.2, cgpa: null },
      { qualification: "12th", percentage: 88.75, cgpa: null },
      { qualification: "Bachelors", percentage: null, cgpa: 8.1 },
      { qualification: "Masters", percentage: null, cgpa: null },
    ]);
  });

  it.each([
    [
      { qualifications: [{ qualification: "10th", percentage: 100.5 }] },
      "qualifications",
      "Percentage must be a number from 0 to 100",
    ],
    [{ qualifications: [{ qualification: "12th", cgpa: 11 }] }, "qualifications", "CGPA must be a number from 0 to 10"],
    [{ qualifications: [{ qualification: "12th", cgpa: "abc" }] }, "qualifications", "CGPA must be a number from 0 to 10"],
    [{ gender: "Unknown" }, "gender", "Choose Male, Female or Other"],
    [{ dob: "2099-01-01" }, "dob", "Enter a date of birth in the past"],
    [{ passport_no: "12" }, "passport_no", "A passport number has 6 to 12 letters and digits"],
    [{ phone: "12345" }, "phone", "Enter a valid phone number (Indian numbers may leave out +91)"],
    [{ name1: "" }, "name1", "Enter your full name"],
    // Exactly the names sign-up refuses: control characters, and more than 100 characters.
    [{ name1: "Meera\u0007Nair" }, "name1", "Use letters, spaces and punctuation only"],
    [{ name1: "M".repeat(101) }, "name1", "At most 100 characters"],
  ])("refuses %j with 400 'No changes made' and changes nothing", async (change, field, message) => {
    const me = await createStudent(api, { name: "bad Test" });
    await api.put("/api/v1/students/me", fullProfile, { cookie: me.cookie });
    const refused = await api.put("/api/v1/students/me", { ...fullProfile, ...change }, { cookie: me.cookie });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("No changes made");
    expect(refused.body.error.fields[field]).toBe(message);
    const { body } = await api.get("/api/v1/students/me", { cookie: me.cookie });
    expect(body.data.name1).toBe("Meera Nair");
    expect(body.data.qualifications[0].percentage).toBe(94.2);
  });

  it("marks every answer about the student private and not to be stored by any cache", async () => {
    const me = await createStudent(api);
    for (const path of [
      "/api/v1/students/me",
      "/api/v1/students/me/interests",
      "/api/v1/students/me/applications",
      "/api/v1/students/me/files",
    ]) {
      const answer = await api.get(path, { cookie: me.cookie });
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    const refused = await api.get("/api/v1/students/me");
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("never changes the e-mail, the password or another student through a profile write", async () => {
    const me = await createStudent(api, { name: "Owner Test" });
    const other = await createStudent(api, { name: "Other Test" });
    const write = await api.put(
      "/api/v1/students/me",
      { ...fullProfile, email: "taken@example.in", password: "hijacked-123", student_id: other.studentId, name: other.studentId },
      { cookie: me.cookie },
    );
    expect(write.status).toBe(200);
    expect((await api.get("/api/v1/students/me", { cookie: me.cookie })).body.data.email).toBe(me.email);
    expect((await api.get("/api/v1/students/me", { cookie: other.cookie })).body.data.name1).toBe(other.name);
    const login = await api.post("/api/v1/auth/login", { email: me.email, password: me.password });
    expect(login.status).toBe(200);
  });
});

describe("interests (saved courses)", () => {
  it("adds idempotently, lists with the university, removes idempotently", async () => {
    const me = await createStudent(api, { name: "saver Test" });
    const [first, second] = await someCourseIds(2);
    for (let i = 0; i < 2; i++) {
      const added = await api.put(`/api/v1/students/me/interests/${first}`, undefined, { cookie: me.cookie });
      expect(added.status).toBe(200);
      expect(added.body.message).toBe("You have added this course to interested");
    }
    await api.put(`/api/v1/students/me/interests/${second}`, undefined, { cookie: me.cookie });
    const list = await api.get("/api/v1/students/me/interests", { cookie: me.cookie });
    expect(list.body.data.map((c: { course_id: number }) => c.course_id).sort()).toEqual([first, second].sort());
    expect(list.body.data[0]).toHaveProperty("university_name");
    const profile = await api.get("/api/v1/students/me", { cookie: me.cookie });
    expect(profile.body.data.interested_courses).toHaveLength(2);
    for (let i = 0; i < 2; i++) {
      expect((await api.delete(`/api/v1/students/me/interests/${first}`, { cookie: me.cookie })).status).toBe(200);
    }
    expect((await api.get("/api/v1/students/me/interests", { cookie: me.cookie })).body.data).toHaveLength(1);
  });

  it("answers 404 for a course that does not exist", async () => {
    const me = await createStudent(api, { name: "missing Test" });
    expect((await api.put("/api/v1/students/me/interests/99999999", undefined, { cookie: me.cookie })).status).toBe(404);
    expect((await api.put("/api/v1/students/me/interests/abc", undefined, { cookie: me.cookie })).status).toBe(404);
  });
});

describe("two students", () => {
  it("the second never reads or changes the first's record, interests or applications", async () => {
    const first = await createStudent(api, { name: "first Test" });
    const second = await createStudent(api, { name: "second Test" });
    const [course] = await someCourseIds(1);
    await api.put("/api/v1/students/me", fullProfile, { cookie: first.cookie });
    await api.put(`/api/v1/students/me/interests/${course}`, undefined, { cookie: first.cookie });
    if (course === undefined) throw new Error("no course");
    await database.db.insert(applications).values({ studentId: first.studentId, courseId: course, status: "Submitted" });

    const seen = await api.get("/api/v1/students/me", { cookie: second.cookie });
    expect(seen.body.data.email).toBe(second.email);
    expect(JSON.stringify(seen.body)).not.toContain("Meera");
    expect((await api.get("/api/v1/students/me/interests", { cookie: second.cookie })).body.data).toEqual([]);
    expect((await api.get("/api/v1/students/me/applications", { cookie: second.cookie })).body.data).toEqual([]);
    await api.delete(`/api/v1/students/me/interests/${course}`, { cookie: second.cookie });
    expect((await api.get("/api/v1/students/me/interests", { cookie: first.cookie })).body.data).toHaveLength(1);
    // Ids in the request never choose the student.
    await api.put(
      `/api/v1/students/me?student_id=${first.studentId}`,
      { ...fullProfile, name1: "Changed" },
      { cookie: second.cookie },
    );
    expect((await api.get("/api/v1/students/me", { cookie: first.cookie })).body.data.name1).toBe("Meera Nair");

    const mine = await api.get("/api/v1/students/me/applications", { cookie: first.cookie });
    expect(mine.body.data).toEqual([expect.objectContaining({ status: "Submitted", course_id: course })]);
    expect(mine.body.data[0]).toHaveProperty("country");
    expect(mine.body.data[0]).toHaveProperty("university");
  });

  it("a visitor gets 401 on every student call", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/students/me"],
      ["PUT", "/api/v1/students/me"],
      ["GET", "/api/v1/students/me/interests"],
      ["PUT", "/api/v1/students/me/interests/1"],
      ["DELETE", "/api/v1/students/me/interests/1"],
      ["GET", "/api/v1/students/me/applications"],
      ["GET", "/api/v1/students/me/files"],
    ] as const) {
      const answer = await api.call(path, { method, json: method === "PUT" ? fullProfile : undefined });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.body.message).toBe("Please login or sign-up before continuing");
    }
  });
});
