import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createLogger } from "../../platform/log.ts";
import { createMailer } from "../../platform/mail/mailer.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import {
  askOnlyTheSpecDocuments,
  createApplication,
  createStudent,
  type Student,
  uploadDocument,
} from "../../tests/support/factories.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { requiredAttachmentTypes } from "../../vocabulary/documents.ts";
import { countries, courseIntakes, courses, universities } from "../catalogue/tables.ts";
import { istDayOf, istInstant } from "../counselling/availability.ts";
import { createCounsellingService } from "../counselling/counselling.ts";
import { studentHome } from "./home.ts";

/**
 * The student's home (decision 0062) on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * applications made and moved in the console, documents uploaded through the API, a message from the
 * counsellor and sessions booked through the counselling service, read back as the home shows them.
 */
let database: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let ukCourse: number;
let usCourse: number;
let germanCourse: number;
const log = createLogger("silent");

/** The clock of the sessions: next Monday, 09:00 India time, at least two days away. */
const monday = (() => {
  let day = istDayOf(Date.now() + 2 * 86_400_000);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 1) day = istDayOf(Date.parse(`${day}T12:00:00Z`) + 86_400_000);
  return day;
})();
let clock = new Date(istInstant(monday, "09:00"));
const now = () => clock;

const pdf = (text: string) =>
  new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

let made = 0;
/** A new student of the test's own, looked after by Asha. */
async function ashasStudent(name: string): Promise<Student> {
  made += 1;
  const student = await createStudent(api, { name, ip: `198.51.100.${made}` });
  const given = await api.post(
    `/api/v1/staff/students/${student.studentId}/counsellor`,
    { counsellorStaffId: team.asha.staffId },
    team.as("admin"),
  );
  expect(given.status).toBe(200);
  return student;
}

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), "ignite-home-"));
  testApp = createTestApp(database, { SMTP_URL: sink.url, DATA_DIR: dataDir });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "home.test");
  const courseIn = async (country: string) => {
    const [row] = await database.db
      .select({ id: courses.id })
      .from(courses)
      .innerJoin(universities, eq(universities.id, courses.universityId))
      .innerJoin(countries, eq(countries.id, universities.countryId))
      .where(eq(countries.name, country))
      .limit(1);
    if (!row) throw new Error(`no course in ${country}`);
    return row.id;
  };
  ukCourse = await courseIn("United Kingdom");
  usCourse = await courseIn("United States");
  germanCourse = await courseIn("Germany");
  // Any month and year goes for these courses (the intake rule is not what this file tests).
  await database.db.delete(courseIntakes).where(inArray(courseIntakes.courseId, [ukCourse, usCourse, germanCourse]));
});
afterAll(async () => {
  await testApp.consultations.settle();
  await sink.close();
  await database.close();
});

describe("a student's home", () => {
  it("lists the applications waiting on the student first, each with its next step and what is still needed", async () => {
    const student = await ashasStudent("Kavya Reddy");
    const asha = { cookie: team.as("asha").cookie };
    // The British course asks only the spec's documents, which the checks below name one by one.
    await askOnlyTheSpecDocuments(database.db, [ukCourse]);
    // Oldest first: submitted (waiting on the university), then documents pending, then withdrawn.
    const submitted = await createApplication(api, asha, student, usCourse, {
      intake: { intakeMonth: 9, intakeYear: new Date().getUTCFullYear() + 1 },
      moves: ["Ready to submit", "Submitted"],
    });
    const pending = await createApplication(api, asha, student, ukCourse, { moves: ["Documents pending"] });
    const withdrawn = await createApplication(api, asha, student, germanCourse, { moves: ["Withdrawn"] });
    expect(
      (await uploadDocument(api, student, "Passport", { bytes: pdf("Kavya's passport"), name: "passport.pdf" })).status,
    ).toBe(200);

    const home = await studentHome({ db: database.db, now }, student.studentId);
    expect(home.applications.map((a) => a.id)).toEqual([pending.id, submitted.id, withdrawn.id]);
    const [first, second, third] = home.applications;
    expect(first).toMatchObject({
      status: "Documents pending",
      country: "United Kingdom",
      nextAction: "Upload the missing documents on your profile.",
      waitingOn: "student",
    });
    // Every required document is still needed; the passport is uploaded and waits for review.
    expect(first?.outstanding.map((o) => o.item).sort()).toEqual([...requiredAttachmentTypes].sort());
    expect(first?.outstanding.find((o) => o.item === "Passport")?.state).toBe("Waiting for review");
    expect(first?.outstanding.find((o) => o.item === "SOP")?.state).toBe("Missing");
    // Past the documents, nothing is listed as needed, and the step is the university's.
    expect(second).toMatchObject({ status: "Submitted", waitingOn: "university", outstanding: [] });
    expect(second?.nextAction).toBe("Nothing to do: the university is reviewing it.");
    expect(third).toMatchObject({ status: "Withdrawn", waitingOn: "nobody", outstanding: [] });
  });

  it("counts the counsellor's unread messages without marking them read; opening the conversation does", async () => {
    const student = await ashasStudent("रोहन शर्मा");
    const before = await studentHome({ db: database.db, now }, student.studentId);
    expect(before).toMatchObject({ unreadMessages: 0, counsellor: { fullName: team.asha.fullName }, applications: [] });

    const written = await api.post(
      `/api/v1/staff/students/${student.studentId}/messages`,
      { body: "Namaste Rohan, please send your 12th marks sheet." },
      team.as("asha"),
    );
    expect(written.status).toBe(201);
    expect((await studentHome({ db: database.db, now }, student.studentId)).unreadMessages).toBe(1);
    // Read twice: the home never marks them read.
    expect((await studentHome({ db: database.db, now }, student.studentId)).unreadMessages).toBe(1);
    expect((await api.get("/api/v1/students/me/messages", { cookie: student.cookie })).status).toBe(200);
    expect((await studentHome({ db: database.db, now }, student.studentId)).unreadMessages).toBe(0);
  });

  it("shows the soonest session not cancelled and not over, and none once it has passed", async () => {
    const student = await ashasStudent("Meera Iyer");
    const counselling = createCounsellingService({
      db: database.db,
      mailer: createMailer({ smtpUrl: sink.url, from: "Ignite <hello@ignite.test>", dataDir: "", log }),
      log,
      siteAddress: "http://localhost:3000",
      now,
    });
    expect((await studentHome({ db: database.db, now }, student.studentId)).nextSession).toBeNull();
    const slots = await counselling.slotsForStudent(student.studentId, "application-planning");
    const [soon, later] = [slots[2], slots[12]] as [Date, Date];
    const first = await counselling.book(student.studentId, { kind: "application-planning", slot: soon.toISOString() });
    const second = await counselling.book(student.studentId, { kind: "consultation-call", slot: later.toISOString() });

    const home = await studentHome({ db: database.db, now }, student.studentId);
    expect(home.nextSession).toMatchObject({
      id: first.session.id,
      kind: "application-planning",
      counsellor: team.asha.fullName,
    });
    expect(home.nextSession?.startsAt.toISOString()).toBe(soon.toISOString());

    await counselling.cancel(student.studentId, first.session.id);
    expect((await studentHome({ db: database.db, now }, student.studentId)).nextSession?.id).toBe(second.session.id);

    // An hour after the later session ends, nothing is coming.
    const saved = clock;
    clock = new Date(second.session.endsAt.getTime() + 3_600_000);
    try {
      expect((await studentHome({ db: database.db, now }, student.studentId)).nextSession).toBeNull();
    } finally {
      clock = saved;
    }
  });

  it("a student with no counsellor and nothing yet sees an empty home, not an error", async () => {
    const student = await createStudent(api, { name: "Aditya Kulkarni", ip: "198.51.100.200" });
    expect(await studentHome({ db: database.db, now }, student.studentId)).toEqual({
      applications: [],
      unreadMessages: 0,
      counsellor: null,
      nextSession: null,
      deadlines: [],
    });
  });
});
