import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { applications } from "../../platform/db/schema.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

let database: DatabaseHandle;
let app: ReturnType<typeof createTestApp>["app"];
let ip = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  app = createTestApp(database, { TRUST_PROXY: "true" }).app;
});
afterAll(() => database.close());

async function call(path: string, options: { method?: string; body?: unknown; cookie?: string } = {}) {
  ip += 1;
  const response = await app.request(path, {
    method: options.method ?? "GET",
    headers: {
      "Content-Type": "application/json",
      "X-Forwarded-For": `10.8.${ip >> 8}.${ip & 255}`,
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  expect(text).not.toMatch(/\$argon2|password_hash|passwordHash/);
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function student(name: string) {
  const email = `${name}.${Date.now()}.${ip}@example.in`;
  ip += 1;
  const response = await app.request("/api/v1/auth/signup", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.9.${ip >> 8}.${ip & 255}` },
    body: JSON.stringify({
      name1: `${name} Test`,
      email,
      phone: "9876543210",
      password: "long-enough-1",
      confirmPassword: "long-enough-1",
    }),
  });
  expect(response.status).toBe(200);
  const cookie = (response.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  const { student_id } = (await response.json()) as { student_id: number };
  return { email, cookie, id: student_id };
}

async function someCourseIds(count: number): Promise<number[]> {
  const { body } = await call("/api/catalogue/search/computer");
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
    const me = await student("profile");
    const saved = await call("/api/v1/students/me", { method: "PUT", body: fullProfile, cookie: me.cookie });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Edited successfully");
    const { body } = await call("/api/v1/students/me", { cookie: me.cookie });
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
  ])("refuses %j with 400 'No changes made' and changes nothing", async (change, field, message) => {
    const me = await student("bad");
    await call("/api/v1/students/me", { method: "PUT", body: fullProfile, cookie: me.cookie });
    const refused = await call("/api/v1/students/me", { method: "PUT", body: { ...fullProfile, ...change }, cookie: me.cookie });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("No changes made");
    expect(refused.body.error.fields[field]).toBe(message);
    const { body } = await call("/api/v1/students/me", { cookie: me.cookie });
    expect(body.data.name1).toBe("Meera Nair");
    expect(body.data.qualifications[0].percentage).toBe(94.2);
  });

  it("never changes the e-mail, the password or another student through a profile write", async () => {
    const me = await student("owner");
    const other = await student("other");
    const write = await call("/api/v1/students/me", {
      method: "PUT",
      body: { ...fullProfile, email: "taken@example.in", password: "hijacked-123", student_id: other.id, name: other.id },
      cookie: me.cookie,
    });
    expect(write.status).toBe(200);
    expect((await call("/api/v1/students/me", { cookie: me.cookie })).body.data.email).toBe(me.email);
    expect((await call("/api/v1/students/me", { cookie: other.cookie })).body.data.name1).toBe("other Test");
    const login = await app.request("/api/v1/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.10.0.1" },
      body: JSON.stringify({ email: me.email, password: "long-enough-1" }),
    });
    expect(login.status).toBe(200);
  });
});

describe("interests (saved courses)", () => {
  it("adds idempotently, lists with the university, removes idempotently", async () => {
    const me = await student("saver");
    const [first, second] = await someCourseIds(2);
    for (let i = 0; i < 2; i++) {
      const added = await call(`/api/v1/students/me/interests/${first}`, { method: "PUT", cookie: me.cookie });
      expect(added.status).toBe(200);
      expect(added.body.message).toBe("You have added this course to interested");
    }
    await call(`/api/v1/students/me/interests/${second}`, { method: "PUT", cookie: me.cookie });
    const list = await call("/api/v1/students/me/interests", { cookie: me.cookie });
    expect(list.body.data.map((c: { course_id: number }) => c.course_id).sort()).toEqual([first, second].sort());
    expect(list.body.data[0]).toHaveProperty("university_name");
    const profile = await call("/api/v1/students/me", { cookie: me.cookie });
    expect(profile.body.data.interested_courses).toHaveLength(2);
    for (let i = 0; i < 2; i++) {
      expect((await call(`/api/v1/students/me/interests/${first}`, { method: "DELETE", cookie: me.cookie })).status).toBe(200);
    }
    expect((await call("/api/v1/students/me/interests", { cookie: me.cookie })).body.data).toHaveLength(1);
  });

  it("answers 404 for a course that does not exist", async () => {
    const me = await student("missing");
    expect((await call("/api/v1/students/me/interests/99999999", { method: "PUT", cookie: me.cookie })).status).toBe(404);
    expect((await call("/api/v1/students/me/interests/abc", { method: "PUT", cookie: me.cookie })).status).toBe(404);
  });
});

describe("two students", () => {
  it("the second never reads or changes the first's record, interests or applications", async () => {
    const first = await student("first");
    const second = await student("second");
    const [course] = await someCourseIds(1);
    await call("/api/v1/students/me", { method: "PUT", body: fullProfile, cookie: first.cookie });
    await call(`/api/v1/students/me/interests/${course}`, { method: "PUT", cookie: first.cookie });
    if (course === undefined) throw new Error("no course");
    await database.db.insert(applications).values({ studentId: first.id, courseId: course, status: "Applied" });

    const seen = await call("/api/v1/students/me", { cookie: second.cookie });
    expect(seen.body.data.email).toBe(second.email);
    expect(JSON.stringify(seen.body)).not.toContain("Meera");
    expect((await call("/api/v1/students/me/interests", { cookie: second.cookie })).body.data).toEqual([]);
    expect((await call("/api/v1/students/me/applications", { cookie: second.cookie })).body.data).toEqual([]);
    await call(`/api/v1/students/me/interests/${course}`, { method: "DELETE", cookie: second.cookie });
    expect((await call("/api/v1/students/me/interests", { cookie: first.cookie })).body.data).toHaveLength(1);
    // Ids in the request never choose the student.
    await call(`/api/v1/students/me?student_id=${first.id}`, {
      method: "PUT",
      body: { ...fullProfile, name1: "Changed" },
      cookie: second.cookie,
    });
    expect((await call("/api/v1/students/me", { cookie: first.cookie })).body.data.name1).toBe("Meera Nair");

    const mine = await call("/api/v1/students/me/applications", { cookie: first.cookie });
    expect(mine.body.data).toEqual([expect.objectContaining({ status: "Applied", course_id: course })]);
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
      const answer = await call(path, { method, body: method === "PUT" ? fullProfile : undefined });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.body.message).toBe("Please login or sign-up before continuing");
    }
  });
});
