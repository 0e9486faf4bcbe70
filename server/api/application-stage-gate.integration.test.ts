import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseIntakes, courses } from "../../modules/catalogue/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient, cookiesNamed } from "../../tests/support/api-client.ts";
import { askOnlyTheSpecDocuments, createStudent, type Student, uploadDocument } from "../../tests/support/factories.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * Decision 0035: a stage whose student label says the documents are complete ("Ready to
 * submit", "Submitted") is refused while any checklist item is neither approved nor waived with a
 * reason, with the items named; the application's detail says which moves are held and why.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let admin: string;
let student: Student;
let courseId: number;

const pdf = (text: string) =>
  new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
// A submission names its day and the university's reference (decision 0058).
const submission = { submittedOn: "2026-01-05", universityReference: "KTH-2026-3321" };
const move = (applicationId: number, status: string) =>
  api.post(
    `/api/v1/staff/applications/${applicationId}/moves`,
    { status, details: status === "Submitted" ? submission : {} },
    { cookie: admin },
  );
const detail = async (applicationId: number) =>
  (await api.get(`/api/v1/staff/applications/${applicationId}`, { cookie: admin })).body.data;
const waive = (applicationId: number, item: string, reason: string) =>
  api.post(`/api/v1/staff/applications/${applicationId}/waivers`, { item, reason }, { cookie: admin });
const review = async (applicationId: number, item: string, decision: Record<string, string>) => {
  // Staff open the file from the checklist: /staff/files/{publicId}.
  const entry = (await detail(applicationId)).checklist.find((c: { item: string }) => c.item === item);
  const publicId = String(entry.file).split("/").at(-1);
  const answer = await api.post(`/api/v1/staff/documents/${publicId}/review`, decision, { cookie: admin });
  expect(answer.status, answer.text).toBe(200);
};

beforeAll(async () => {
  database = await openTestDatabase();
  testApp = createTestApp(database, { DATA_DIR: mkdtempSync(path.join(tmpdir(), "ignite-stage-gate-")) });
  api = new ApiClient(testApp.app);
  await testApp.staff.team.ensureAdmin({ email: "admin@gate.test", password: "admin-Secret-gate" });
  const session = await api.post("/api/v1/staff/session", { email: "admin@gate.test", password: "admin-Secret-gate" });
  admin = cookiesNamed(session, "ignite_staff")[0]?.pair ?? "";
  student = await createStudent(api, { name: "Kavya Iyer" });
  const [course] = await database.db.select({ id: courses.id }).from(courses).limit(1);
  if (!course) throw new Error("no course");
  courseId = course.id;
  // The stage model is the subject here, not intakes: the course takes any month and year (decision 0019).
  await database.db.delete(courseIntakes).where(inArray(courseIntakes.courseId, [courseId]));
  // Nor the course's package: it asks only the spec's documents (decision 0057; applying.integration.test.ts tests the package).
  await askOnlyTheSpecDocuments(database.db, [courseId]);
});
afterAll(async () => {
  await database.close();
});

describe("a stage that says the documents are complete", () => {
  let applicationId: number;

  it("is refused while documents are missing or unreviewed, naming each item with its state", async () => {
    // The case: the CV uploaded and waiting for review, every other required document missing.
    expect((await uploadDocument(api, student, "CV/Resume", { bytes: pdf("cv"), name: "cv.pdf" })).status).toBe(200);
    const created = await api.post(
      `/api/v1/staff/students/${student.studentId}/applications`,
      { courseId, intakeMonth: 9, intakeYear: new Date().getUTCFullYear() + 1 },
      { cookie: admin },
    );
    expect(created.status, created.text).toBe(201);
    applicationId = created.body.data.id;
    const expected =
      "Ready to submit needs every document approved or waived with a reason. Not yet: CV/Resume (Waiting for review), " +
      "SOP (Missing), LOR (Missing), Passport (Missing), 10th Grade (Missing), 12th Grade (Missing).";
    // The detail does not offer the move, and says why.
    expect(created.body.data.moves).toEqual(["Documents pending", "Withdrawn"]);
    expect(created.body.data.held).toEqual([{ status: "Ready to submit", reason: expected }]);

    const refused = await move(applicationId, "Ready to submit");
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(expected);
    expect(refused.body.error).toMatchObject({ code: "conflict", fields: { status: expected } });
    // Nothing moved, nothing was mailed as if it had.
    expect((await detail(applicationId)).status).toBe("Shortlisted");

    // Through "Documents pending" it is the same: the gate is on the stage, not on the path.
    expect((await move(applicationId, "Documents pending")).status).toBe(200);
    expect((await move(applicationId, "Ready to submit")).status).toBe(409);
  });

  it("a waiver needs a reason; the items left are named until every one is approved or waived", async () => {
    const blank = await waive(applicationId, "SOP", "   ");
    expect(blank.status).toBe(400);
    for (const item of ["SOP", "LOR", "Passport", "10th Grade", "12th Grade"])
      expect((await waive(applicationId, item, "The university asked for none of these")).status).toBe(200);
    const refused = await move(applicationId, "Ready to submit");
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "Ready to submit needs every document approved or waived with a reason. Not yet: CV/Resume (Waiting for review).",
    );
    // A correction asked for is not complete either.
    await review(applicationId, "CV/Resume", {
      decision: "correction",
      reason: "Unreadable or blurred",
      message: "Scan it again",
    });
    expect((await move(applicationId, "Ready to submit")).body.message).toMatch(
      /Not yet: CV\/Resume \(Correction requested\)\.$/,
    );

    await review(applicationId, "CV/Resume", { decision: "approve" });
    expect((await detail(applicationId)).held).toEqual([]);
    const ready = await move(applicationId, "Ready to submit");
    expect(ready.status, ready.text).toBe(200);
    // The day as an Indian writes it, 12 November: refused with how to write it, not stored as 11 December.
    const typed = await api.post(
      `/api/v1/staff/applications/${applicationId}/moves`,
      { status: "Submitted", details: { ...submission, submittedOn: "12/11/2026" } },
      { cookie: admin },
    );
    expect(typed.status).toBe(400);
    expect(typed.body.error.fields.submittedOn).toBe("Submitted on: give the day as YYYY-MM-DD, for example 2026-12-11");
    expect((await detail(applicationId)).status).toBe("Ready to submit");
    expect((await move(applicationId, "Submitted")).status).toBe(200);
    const theirs = await api.get(`/api/v1/students/me/applications/${applicationId}`, { cookie: student.cookie });
    expect(theirs.body.data.submitted_on).toBe("2026-01-05");
    const mine = (await api.get("/api/v1/students/me/applications", { cookie: student.cookie })).body.data;
    expect(mine[0]).toMatchObject({ status: "Submitted", history: expect.any(Array) });
  });

  it("a document replaced after submission holds the way back to Submitted until it is reviewed", async () => {
    expect((await move(applicationId, "More information requested")).status).toBe(200);
    // The student sends a new CV: it waits for review, so the application cannot say it is submitted complete.
    expect((await uploadDocument(api, student, "CV/Resume", { bytes: pdf("cv 2"), name: "cv-2.pdf" })).status).toBe(200);
    const held = await move(applicationId, "Submitted");
    expect(held.status).toBe(409);
    expect(held.body.message).toBe(
      "Submitted needs every document approved or waived with a reason. Not yet: CV/Resume (Waiting for review).",
    );
    expect((await detail(applicationId)).moves).toEqual(["Rejected", "Withdrawn"]);
    await review(applicationId, "CV/Resume", { decision: "approve" });
    expect((await move(applicationId, "Submitted")).status).toBe(200);
  });

  it("stages that say nothing about documents move as before, whatever the checklist", async () => {
    const other = await createStudent(api, { name: "Rohan Das" });
    const created = await api.post(
      `/api/v1/staff/students/${other.studentId}/applications`,
      { courseId, intakeMonth: 1, intakeYear: new Date().getUTCFullYear() + 1 },
      { cookie: admin },
    );
    expect(created.status).toBe(201);
    expect((await move(created.body.data.id, "Withdrawn")).status).toBe(200);
    expect((await detail(created.body.data.id)).held).toEqual([]);
  });
});
