import { Writable } from "node:stream";
import { eq, inArray } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createParentLinkService } from "../../modules/parents/parents.ts";
import { parentLinkOpenings, parentLinks } from "../../modules/parents/tables.ts";
import { createStudentService } from "../../modules/students/students.ts";
import { sha256 } from "../../modules/tokens.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createLogger } from "../../platform/log.ts";
import { createMemoryRateLimiter } from "../../platform/rate-limit.ts";
import { ApiClient, withoutRequestId } from "../../tests/support/api-client.ts";
import {
  applicableIntake,
  createApplication,
  createStudent,
  type Student,
  uploadDocument,
} from "../../tests/support/factories.ts";
import { signInStaff } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { monthNames } from "../../vocabulary/applications.ts";
import { PARENT_LINKS_ACTIVE_MAX, parentMessages } from "../../vocabulary/parents.ts";

/**
 * Decision 0028: a student's read-only links for a parent. Created, listed and
 * revoked by their student only; the token is given once and kept only as its hash; the parent's view
 * shows the first name and the applications' stages, never contact details, marks, documents or
 * staff's notes; an unknown, expired or revoked link answers the same 404; each opening is recorded.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let adminCookie: string;

const LINKS = "/api/v1/students/me/parent-links";
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n% ${text}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
const chromeOnAndroid =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

beforeAll(async () => {
  database = await openTestDatabase();
  testApp = createTestApp(database);
  api = new ApiClient(testApp.app);
  await testApp.staff.team.ensureAdmin({ email: "admin@parents.test", password: "admin-Secret-parents" });
  adminCookie = await signInStaff(api, "admin@parents.test", "admin-Secret-parents");
});
afterAll(() => database.close());

async function someCourseId(term: string): Promise<number> {
  const { body } = await api.get(`/api/catalogue/search/${term}`);
  return body.coursesData[0].course_id;
}

/** A student with contact details, marks, a document and an application that went through three stages with staff's notes. */
async function studentWithApplication(name: string): Promise<Student & { course: string; intake: string }> {
  const student = await createStudent(api, { name, phone: "9812345678" });
  const me = api.as(student);
  const profile = await me.put("/api/v1/students/me", {
    name1: name,
    phone: "9812345678",
    passport_no: "Z9876543",
    address: "42 Lotus Lane, Kochi",
    qualifications: [{ qualification: "12th", percentage: 87.25 }],
  });
  expect(profile.status).toBe(200);
  expect((await uploadDocument(api, student, "CV/Resume", { bytes: pdf(name), name: "secret-resume-file.pdf" })).status).toBe(
    200,
  );
  const courseId = await someCourseId("computer");
  const intake = await applicableIntake(database.db, courseId);
  const created = await createApplication(api, { cookie: adminCookie }, student, courseId, {
    intake,
    moves: [
      { status: "Ready to submit", note: "internal: her father called twice" },
      "Submitted",
      { status: "Conditional offer", details: { offerConditions: "IELTS 7.5 overall" } },
    ],
  });
  return { ...student, course: created.course, intake: `${monthNames[intake.intakeMonth - 1]} ${intake.intakeYear}` };
}

const createLink = (student: Student, body: unknown = {}) => api.post(LINKS, body, { cookie: student.cookie });
const openAsParent = (token: string, userAgent = chromeOnAndroid) =>
  api.get(`/api/v1/parent/${token}`, { headers: { "User-Agent": userAgent } });

describe("a student's links for a parent", () => {
  it("creates a link (30 days unless chosen), gives its token once and keeps only its hash", async () => {
    const student = await createStudent(api, { name: "Nisha Pillai" });
    const before = Date.now();
    const created = await createLink(student, { label: "Mother" });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(parentMessages.created);
    const { link, token, url } = created.body.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`http://localhost/parent/${token}`);
    expect(link).toMatchObject({
      label: "Mother",
      state: "active",
      revokedAt: null,
      openings: { count: 0, lastAt: null, recent: [] },
    });
    const days = (Date.parse(link.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);

    const [row] = await database.db.select().from(parentLinks).where(eq(parentLinks.id, link.id));
    expect(row?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const week = await createLink(student, { days: 7 });
    expect(week.status).toBe(201);
    expect(week.body.data.link.label).toBeNull();
    const listed = await api.get(LINKS, { cookie: student.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((l: { id: number }) => l.id)).toEqual([week.body.data.link.id, link.id]);
    expect(listed.text).not.toContain(token);
    expect(listed.text).not.toContain(week.body.data.token);
  });

  it("refuses other lengths, long labels, a sixth active link, visitors and cross-site writes", async () => {
    const student = await createStudent(api, { name: "Farhan Ali" });
    const fortnight = await createLink(student, { days: 14 });
    expect(fortnight.status).toBe(400);
    expect(fortnight.body.error.fields).toEqual({ days: parentMessages.chooseDays });
    const long = await createLink(student, { label: "x".repeat(41) });
    expect(long.status).toBe(400);
    expect(long.body.error.fields.label).toBe("At most 40 characters");
    for (let i = 0; i < PARENT_LINKS_ACTIVE_MAX; i += 1) expect((await createLink(student, { days: 90 })).status).toBe(201);
    const sixth = await createLink(student);
    expect(sixth.status).toBe(409);
    expect(sixth.body.message).toBe(parentMessages.tooManyActive);
    // Revoking one makes room again.
    const [first] = (await api.get(LINKS, { cookie: student.cookie })).body.data;
    expect((await api.post(`${LINKS}/${first.id}/revoke`, undefined, { cookie: student.cookie })).status).toBe(200);
    expect((await createLink(student)).status).toBe(201);

    expect((await api.get(LINKS)).status).toBe(401);
    expect((await api.post(LINKS, {})).status).toBe(401);
    const crossSite = await api.post(LINKS, {}, { cookie: student.cookie, headers: { Origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
  });

  it("revokes at once; another student cannot revoke it or even learn that it exists", async () => {
    const owner = await studentWithApplication("Ishita Verma");
    const other = await createStudent(api, { name: "Kabir Shah" });
    const { link, token } = (await createLink(owner, { label: "Father" })).body.data;
    expect((await openAsParent(token)).status).toBe(200);

    const theirs = await api.post(`${LINKS}/${link.id}/revoke`, undefined, { cookie: other.cookie });
    expect(theirs.status).toBe(404);
    const none = await api.post(`${LINKS}/999999/revoke`, undefined, { cookie: other.cookie });
    expect(none.status).toBe(404);
    expect(withoutRequestId(theirs.body)).toEqual(withoutRequestId(none.body));
    expect((await api.post(`${LINKS}/abc/revoke`, undefined, { cookie: owner.cookie })).status).toBe(404);
    expect((await openAsParent(token)).status).toBe(200);

    const revoked = await api.post(`${LINKS}/${link.id}/revoke`, undefined, { cookie: owner.cookie });
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe(parentMessages.revoked);
    expect(revoked.body.data).toMatchObject({ id: link.id, state: "revoked" });
    expect((await openAsParent(token)).status).toBe(404);
    // Revoking again changes nothing.
    const again = await api.post(`${LINKS}/${link.id}/revoke`, undefined, { cookie: owner.cookie });
    expect(again.body.data.revokedAt).toBe(revoked.body.data.revokedAt);
  });
});

describe("what the parent sees", () => {
  it("the first name and the applications' stages, never contact details, marks, documents, notes or details", async () => {
    const student = await studentWithApplication("Meenakshi Sundaram Iyer");
    const { token } = (await createLink(student, { label: "Amma" })).body.data;
    const answer = await openAsParent(token);
    expect(answer.status).toBe(200);
    const view = answer.body.data;
    expect(view.firstName).toBe("Meenakshi");
    expect(view.applications).toHaveLength(1);
    expect(view.applications[0]).toMatchObject({ course: student.course, status: "Conditional offer" });
    expect(view.applications[0].intake).toBe(student.intake);
    expect(view.applications[0].history.map((h: { status: string }) => h.status)).toEqual([
      "Shortlisted",
      "Ready to submit",
      "Submitted",
      "Conditional offer",
    ]);
    // The offers' state and the chosen university join them (decision 0091): none recorded here.
    expect(Object.keys(view).sort()).toEqual(["applications", "expiresAt", "firstName", "offerAmountsShared", "offers"]);
    expect(view.offers).toEqual([]);
    expect(Object.keys(view.applications[0]).sort()).toEqual(["country", "course", "history", "intake", "status", "university"]);
    for (const secret of [
      student.email,
      "9812345678",
      "Sundaram",
      "Z9876543",
      "Lotus Lane",
      "87.25",
      "secret-resume-file",
      "CV/Resume",
      "her father called",
      "IELTS 7.5",
      "studentId",
    ]) {
      expect(answer.text).not.toContain(secret);
    }
  });

  it("answers unknown, revoked and expired links the same way, with headers no cache or crawler keeps", async () => {
    const student = await studentWithApplication("Rohan Das");
    const { link, token } = (await createLink(student)).body.data;
    const good = await openAsParent(token);
    for (const [name, value] of [
      ["Cache-Control", "private, no-store"],
      ["Referrer-Policy", "same-origin"],
      ["X-Robots-Tag", "noindex, nofollow"],
    ] as const) {
      expect(good.headers.get(name)).toBe(value);
    }

    const unknown = await openAsParent("A".repeat(43));
    const malformed = await openAsParent("not a token!");
    const tooLong = await openAsParent("A".repeat(200));
    await api.post(`${LINKS}/${link.id}/revoke`, undefined, { cookie: student.cookie });
    const revoked = await openAsParent(token);
    const expiring = (await createLink(student)).body.data;
    await database.db
      .update(parentLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(parentLinks.id, expiring.link.id));
    const expired = await openAsParent(expiring.token);
    for (const gone of [unknown, malformed, tooLong, revoked, expired]) {
      expect(gone.status).toBe(404);
      expect(withoutRequestId(gone.body)).toEqual(withoutRequestId(unknown.body));
      expect(gone.body.message).toBe(parentMessages.goneTitle);
      expect(gone.headers.get("Cache-Control")).toBe("private, no-store");
      expect(gone.headers.get("Referrer-Policy")).toBe("same-origin");
    }
    const listed = (await api.get(LINKS, { cookie: student.cookie })).body.data;
    expect(listed.find((l: { id: number }) => l.id === expiring.link.id).state).toBe("expired");
    // A failed opening is not recorded.
    expect(listed.find((l: { id: number }) => l.id === link.id).openings.count).toBe(1);
  });

  it("expires on the clock: open the day before, gone the day after", async () => {
    let clock = new Date();
    const parents = createParentLinkService({
      db: database.db,
      limiter: createMemoryRateLimiter(),
      now: () => clock,
      applicationsOf: createStudentService(database.db).listApplications,
    });
    const student = await createStudent(api, { name: "Tara Bose" });
    const start = clock.getTime();
    const { token, link } = await parents.create(student.studentId, { days: "7" });
    expect(link.expiresAt.getTime()).toBe(start + 7 * 86_400_000);
    clock = new Date(start + 6 * 86_400_000);
    expect((await parents.open(token, "Firefox on Windows"))?.firstName).toBe("Tara");
    clock = new Date(start + 7 * 86_400_000 + 1);
    expect(await parents.open(token, "Firefox on Windows")).toBeNull();
    expect((await parents.list(student.studentId))[0]).toMatchObject({ state: "expired", openings: { count: 1 } });
  });

  it("records each opening with the browser's family only, and lists them for the student", async () => {
    const student = await studentWithApplication("Zoya Khan");
    const { link, token } = (await createLink(student)).body.data;
    await openAsParent(token);
    await openAsParent(token, "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0");
    await openAsParent(token);
    const listed = (await api.get(LINKS, { cookie: student.cookie })).body.data;
    const mine = listed.find((l: { id: number }) => l.id === link.id);
    expect(mine.openings.count).toBe(3);
    expect(mine.openings.recent.map((o: { device: string }) => o.device)).toEqual([
      "Chrome on Android",
      "Firefox on Windows",
      "Chrome on Android",
    ]);
    expect(mine.openings.lastAt).toBe(mine.openings.recent[0].at);
    const rows = await database.db.select().from(parentLinkOpenings).where(eq(parentLinkOpenings.linkId, link.id));
    expect(rows).toHaveLength(3);
    expect(JSON.stringify(rows)).not.toMatch(/Mozilla|Pixel|10\.\d+\.\d+\.\d+/);
  });
});

describe("the student's data controls", () => {
  async function exportOf(student: Student) {
    expect((await api.post("/api/v1/students/me/data-export", undefined, { cookie: student.cookie })).status).toBe(202);
    for (let i = 0; i < 100; i += 1) {
      const { body } = await api.get("/api/v1/students/me/data-export", { cookie: student.cookie });
      if (body.data?.status === "ready") {
        const zip = unzipSync(new Uint8Array(await (await api.fetch(body.data.url, { cookie: student.cookie })).arrayBuffer()));
        return {
          text: new TextDecoder().decode(zip["ignite-data.json"]),
          data: JSON.parse(new TextDecoder().decode(zip["ignite-data.json"])),
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("export not ready in 10 s");
  }

  it("the export lists the links and their openings without tokens; erasure deletes both", async () => {
    const student = await studentWithApplication("Anika Joshi");
    const { link, token } = (await createLink(student, { label: "Guardian" })).body.data;
    await openAsParent(token);
    const exported = await exportOf(student);
    expect(exported.data.parentLinks).toEqual([
      {
        label: "Guardian",
        createdAt: link.createdAt,
        expiresAt: link.expiresAt,
        revokedAt: null,
        openings: [{ at: expect.any(String), device: "Chrome on Android" }],
      },
    ]);
    expect(exported.text).not.toContain(token);
    expect(exported.text).not.toContain(sha256(token));

    const erased = await api.post("/api/v1/students/me/erase", { password: student.password }, { cookie: student.cookie });
    expect(erased.status).toBe(200);
    expect(await database.db.select().from(parentLinks).where(eq(parentLinks.studentId, student.studentId))).toEqual([]);
    expect(
      await database.db
        .select()
        .from(parentLinkOpenings)
        .where(inArray(parentLinkOpenings.linkId, [link.id])),
    ).toEqual([]);
    expect((await openAsParent(token)).status).toBe(404);
  });
});

describe("the logs", () => {
  it("keep a parent link's path without its token", async () => {
    const lines: string[] = [];
    const log = createLogger(
      "trace",
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const logged = new ApiClient(createTestApp(database, {}, { log }).app);
    const student = await createStudent(logged, { name: "Log Reader" });
    const created = await logged.post(LINKS, { label: "Father" }, { cookie: student.cookie });
    const { token } = created.body.data;
    expect((await logged.get(`/api/v1/parent/${token}`)).status).toBe(200);
    expect((await logged.get(`/api/v1/parent/${token}x`)).status).toBe(404);
    const text = lines.join("");
    expect(text).toContain('"path":"/api/v1/parent/[link]"');
    expect(text).not.toContain(token);
  });
});

describe("the upkeep", () => {
  it("deletes links expired or revoked over 90 days ago, with their openings, and keeps the others", async () => {
    const student = await createStudent(api, { name: "Old Links" });
    const make = async () => (await createLink(student)).body.data as { link: { id: number }; token: string };
    const [live, recent, oldExpired, oldRevoked] = [await make(), await make(), await make(), await make()];
    await openAsParent(oldExpired.token);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    await database.db
      .update(parentLinks)
      .set({ expiresAt: daysAgo(10) })
      .where(eq(parentLinks.id, recent.link.id));
    await database.db
      .update(parentLinks)
      .set({ expiresAt: daysAgo(91) })
      .where(eq(parentLinks.id, oldExpired.link.id));
    await database.db
      .update(parentLinks)
      .set({ revokedAt: daysAgo(91) })
      .where(eq(parentLinks.id, oldRevoked.link.id));
    await testApp.privacy.jobs.sweepExpired();
    const left = await database.db
      .select({ id: parentLinks.id })
      .from(parentLinks)
      .where(eq(parentLinks.studentId, student.studentId));
    expect(left.map((l) => l.id).sort()).toEqual([live.link.id, recent.link.id].sort());
    expect(await database.db.select().from(parentLinkOpenings).where(eq(parentLinkOpenings.linkId, oldExpired.link.id))).toEqual(
      [],
    );
  });
});
