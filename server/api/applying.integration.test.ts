import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseIntakes } from "../../modules/catalogue/tables.ts";
import { mailOutbox } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createCourse, createStudent, type Student, uploadDocument } from "../../tests/support/factories.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { indianDay } from "../../vocabulary/india-time.ts";

/**
 * The student's JSON API for applying (decision 0055): start, list, read one with its package, record the
 * fee paid, withdraw; refusals as 400, 404 and 409 with the message the screen shows. On the real clock:
 * the course's intakes are next year's, one with a deadline that passed yesterday.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let courseId: number;
const next = new Date().getUTCFullYear() + 1;
const september = `${next}-09`;
const closedIntake = `${next}-10`;

const pdf = (text: string) =>
  new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), "ignite-applying-api-"));
  testApp = createTestApp(database, { SMTP_URL: sink.url, DATA_DIR: dataDir, PUBLIC_URL: "https://ignite.test" });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "applying-api.test");
  const course = await createCourse(api, team.admin, {
    name: "MSc Data Science",
    level: "Masters",
    feeCurrency: "GBP",
    lettersRequired: 2,
    sopRequired: true,
    sopWordLimit: 500,
    applicationFeeAmount: 75,
    applicationFeeCurrency: "GBP",
  });
  courseId = course.id;
  const yesterday = indianDay(Date.now() - 86_400_000);
  await database.db.insert(courseIntakes).values([
    { courseId, month: 9, year: next, deadline: `${next}-06-30` },
    { courseId, month: 10, year: next, deadline: yesterday },
  ]);
});
afterAll(async () => {
  await database.close();
  await sink.close();
});

const start = (student: Student | undefined, input: Record<string, unknown>) =>
  api.post("/api/v1/students/me/applications", input, { cookie: student?.cookie ?? "" });

describe("the student's applications through the API", () => {
  let student: Student;
  let applicationId: number;

  it("starts one at Started by you, with its package and deadline, and lists it", async () => {
    student = await createStudent(api, { name: "अनन्या मेनन" });
    const started = await start(student, { courseId, intake: september });
    expect(started.status, started.text).toBe(201);
    expect(started.body.message).toBe("Application started. Your counsellor has been told.");
    const data = started.body.data;
    applicationId = data.id;
    expect(data).toMatchObject({
      status: "Started by you",
      course: "MSc Data Science",
      intake: `September ${next}`,
      deadline: `${next}-06-30`,
      deadline_passed: false,
      may_withdraw: true,
      submitted_on: null,
      sent: [],
    });
    const items = data.checklist.map((c: { item: string }) => c.item);
    expect(items).toEqual(expect.arrayContaining(["SOP", "LOR", "LOR 2", "Bachelors", "Application fee"]));
    expect(data.checklist.find((c: { item: string }) => c.item === "SOP")).toMatchObject({
      state: "Missing",
      waits_on: "student",
      note: "At most 500 words",
    });
    expect(data.checklist.find((c: { item: string }) => c.item === "Application fee")).toMatchObject({
      attachment_type: "Application fee receipt",
      note: "GBP 75 (not checked)",
    });

    const list = await api.get("/api/v1/students/me/applications", { cookie: student.cookie });
    expect(list.body.data.map((a: { name: number; status: string }) => [a.name, a.status])).toEqual([
      [applicationId, "Started by you"],
    ]);
    const one = await api.get(`/api/v1/students/me/applications/${applicationId}`, { cookie: student.cookie });
    expect(one.status).toBe(200);
    expect(one.body.data.id).toBe(applicationId);
  });

  it("refuses the same intake twice (409), a passed deadline (409), a bad intake (400) and a retired or unknown course (404)", async () => {
    const twice = await start(student, { courseId, intake: september });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe("You already have an application to this course for this intake.");
    const late = await start(student, { courseId, intake: closedIntake });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/^The deadline for this intake \(.+\) has passed: choose a later intake\.$/);
    for (const intake of [`${next}-13`, "September", "", `${next}-03`]) {
      const bad = await start(student, { courseId, intake });
      expect(bad.status, intake).toBe(400);
      expect(bad.body.error.fields.intake, intake).toBe("Choose one of the course's upcoming intakes");
    }
    expect((await start(student, { courseId: 99_999_999, intake: september })).status).toBe(404);
    expect((await start(undefined, { courseId, intake: september })).status).toBe(401);
    // Still one application.
    const list = await api.get("/api/v1/students/me/applications", { cookie: student.cookie });
    expect(list.body.data).toHaveLength(1);
  });

  it("keeps another student's application a 404, for reading, the fee and withdrawing", async () => {
    const other = await createStudent(api, { name: "Rohan Verma" });
    const path = `/api/v1/students/me/applications/${applicationId}`;
    expect((await api.get(path, { cookie: other.cookie })).status).toBe(404);
    expect((await api.post(`${path}/fee-paid`, {}, { cookie: other.cookie })).status).toBe(404);
    expect((await api.post(`${path}/withdrawal`, {}, { cookie: other.cookie })).status).toBe(404);
    expect((await api.get(path, { cookie: student.cookie })).body.data.status).toBe("Started by you");
  });

  it("records the fee paid only with a receipt uploaded, then withdraws once", async () => {
    const path = `/api/v1/students/me/applications/${applicationId}`;
    const early = await api.post(`${path}/fee-paid`, {}, { cookie: student.cookie });
    expect(early.status).toBe(400);
    expect(early.body.error.message).toBe("Upload the fee's receipt first, then record the fee as paid.");
    const uploaded = await uploadDocument(api, student, "Application fee receipt", {
      bytes: pdf("receipt GBP 75"),
      name: "receipt.pdf",
    });
    expect(uploaded.status).toBe(200);
    const paid = await api.post(`${path}/fee-paid`, {}, { cookie: student.cookie });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data.fee_paid_on).toBe(indianDay(new Date()));
    const fee = paid.body.data.checklist.find((c: { item: string }) => c.item === "Application fee");
    expect(fee).toMatchObject({ state: "Waiting for review", waits_on: "counsellor" });
    expect(fee.file).toMatch(/^\/files\//);

    const withdrawn = await api.post(`${path}/withdrawal`, {}, { cookie: student.cookie });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({
      message: "Application withdrawn.",
      data: { status: "Withdrawn", may_withdraw: false },
    });
    const again = await api.post(`${path}/withdrawal`, {}, { cookie: student.cookie });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("This application is already closed.");
    // Withdrawn, the same intake may be applied for again.
    expect((await start(student, { courseId, intake: september })).status).toBe(201);
  });
});

describe("an intake staff remove after students applied for it", () => {
  it("leaves the application its month and year, marked, and tells its counsellor once through the outbox", async () => {
    const intakeYear = next + 1;
    const [intake] = await database.db
      .insert(courseIntakes)
      .values({ courseId, month: 1, year: intakeYear, deadline: `${next}-10-31` })
      .returning({ id: courseIntakes.id });
    const student = await createStudent(api, { name: "Ishaan Kulkarni" });
    const assigned = await api.post(
      `/api/v1/staff/students/${student.studentId}/counsellor`,
      { counsellorStaffId: team.ravi.staffId },
      team.as("admin"),
    );
    expect(assigned.status).toBe(200);
    const started = await start(student, { courseId, intake: `${intakeYear}-01` });
    expect(started.status, started.text).toBe(201);
    const before = sink.messages.length;

    const removed = await api.delete(`/api/v1/staff/catalogue/courses/${courseId}/intakes/${intake?.id}`, team.as("admin"));
    expect(removed.status, removed.text).toBe(200);
    const [told] = (await sink.waitFor(before + 1)).slice(before);
    expect(told?.to).toContain(team.ravi.email);
    expect(told?.subject).toBe(`The January ${intakeYear} intake of MSc Data Science was removed: 1 application names it`);
    expect(told?.text).toContain("Ishaan Kulkarni: https://ignite.test/staff/applications/");
    expect(told?.text).toContain(`31 October ${next}`);

    const view = await api.get(`/api/v1/students/me/applications/${started.body.data.id}`, { cookie: student.cookie });
    expect(view.body.data).toMatchObject({
      intake: `January ${intakeYear}`,
      intake_gone: true,
      deadline: null,
      status: "Started by you",
    });

    // Removing it again is a 404, and nobody is told twice.
    expect((await api.delete(`/api/v1/staff/catalogue/courses/${courseId}/intakes/${intake?.id}`, team.as("admin"))).status).toBe(
      404,
    );
    // Sent mail leaves the outbox; none waits to go again, and the sink holds the one.
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, team.ravi.email))).toEqual([]);
    expect(sink.messages.slice(before).filter((m) => m.subject.includes(`January ${intakeYear} intake`))).toHaveLength(1);
  });
});
