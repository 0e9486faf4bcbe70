import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createApplication, createCourse, createStudent, type Student } from "../../tests/support/factories.ts";
import { readMail, startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import { courseIntakes } from "../catalogue/tables.ts";

/**
 * An application's deadline says where it was read and when, with its age, or "not checked" (decision
 * 0105), wherever the student reads it away from the application page: the Deadlines list (and its API),
 * the reminder mail and the calendar feed, in English and in Hindi (decision 0086). PGlite, and PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const DAY_MS = 86_400_000;
const DEADLINES_PAGE = "https://www.ed.ac.uk/studying/postgraduate/applying/deadlines";
/** The university's page of dates was read 40 India days ago. */
const checkedOn = indianDay(Date.now() - 40 * DAY_MS);
const inEnglish = (day: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
const inHindi = (day: string) =>
  new Intl.DateTimeFormat("hi-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  testApp = createTestApp(database, {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ignite-deadline-source-")),
    SMTP_URL: sink.url,
    PUBLIC_URL: "https://ignite.example",
  });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "deadline-source.test");
}, 60_000);
afterAll(async () => {
  await testApp?.close();
  await sink?.close();
  await database?.close();
});

/**
 * A student of Asha's with an application to a new course whose intake's deadline is `daysAhead` India
 * days away; the course's deadlines read from `source` on the day given, or never said.
 */
async function applicant(name: string, course: string, daysAhead: number, read: { source: string; on: string } | null) {
  const student = await createStudent(api, { name });
  const given = await api.post(
    `/api/v1/staff/students/${student.studentId}/counsellor`,
    { counsellorStaffId: team.asha.staffId },
    team.as("admin"),
  );
  expect(given.status).toBe(200);
  const created = await createCourse(
    api,
    team.admin,
    read ? { name: course, deadlineSource: read.source, deadlineCheckedOn: read.on } : { name: course },
  );
  const start = new Date(Date.now() + 120 * DAY_MS);
  const intake = { intakeMonth: start.getUTCMonth() + 1, intakeYear: start.getUTCFullYear() };
  await database.db.insert(courseIntakes).values({
    courseId: created.id,
    month: intake.intakeMonth,
    year: intake.intakeYear,
    deadline: indianDay(Date.now() + daysAhead * DAY_MS),
  });
  const application = await createApplication(api, team.asha, student, created.id, { intake });
  return { student, applicationId: application.id as number };
}

/** The deadline reminders a student was sent (in either language), as their mail program shows them; waits up to 15 s. */
async function remindersTo(student: Student) {
  const mine = () =>
    sink.messages
      .filter((m) => m.to.includes(student.email))
      .map(readMail)
      .filter((m) => /^(Application deadline|आवेदन की अंतिम तिथि) /.test(m.subject));
  for (const until = Date.now() + 15_000; mine().length === 0 && Date.now() < until; )
    await new Promise((resolve) => setTimeout(resolve, 50));
  return mine();
}

describe("a deadline's source away from the application page", () => {
  it("is listed with where it was read, the day and its age; one never checked says so", async () => {
    const { student, applicationId } = await applicant("अनन्या शर्मा", "MSc Data Science", 20, {
      source: DEADLINES_PAGE,
      on: checkedOn,
    });
    const unchecked = await applicant("Rohan Verma", "MSc Robotics", 20, null);

    const [item] = (await testApp.deadlines.list(student.studentId)).filter((i) => i.kind === "application");
    expect(item?.checked).toEqual({ source: DEADLINES_PAGE, checkedOn, ageDays: 40 });
    const [other] = (await testApp.deadlines.list(unchecked.student.studentId)).filter((i) => i.kind === "application");
    expect(other?.checked).toEqual({ source: null, checkedOn: null, ageDays: null });

    // The API's list says the same.
    const listed = await api.get("/api/v1/students/me/deadlines", { cookie: student.cookie });
    expect(listed.status).toBe(200);
    const answered = listed.body.data.items.find((i: { uid: string }) => i.uid === `application-${applicationId}-deadline`);
    expect(answered.checked).toEqual({ source: DEADLINES_PAGE, checkedOn, ageDays: 40 });
  });

  it("a matching scholarship's deadline names the official page it was read from and the day staff checked it", async () => {
    const { student } = await applicant("मीरा पिल्लै", "MSc Glaciology", 20, null);
    const [application] = (await testApp.deadlines.list(student.studentId)).filter((i) => i.kind === "application");
    const country = application?.detail?.split(", ").at(-1) ?? "";
    const closes = indianDay(Date.now() + 10 * DAY_MS);
    const created = await api.post(
      "/api/v1/staff/scholarships",
      {
        name: "Polar Research Award",
        provider: "Polar Trust",
        destinations: country,
        levels: ["Masters"],
        amount: "CAD 5,000",
        eligibility: "Anyone with a bachelor's degree",
        officialUrl: "https://polartrust.example.org/award",
        checkedOn,
        deadlineMonth: Number(closes.slice(5, 7)),
        deadlineDay: Number(closes.slice(8, 10)),
      },
      team.as("admin"),
    );
    expect(created.status, created.text).toBe(201);
    const profile = await api.as(student).put("/api/v1/students/me", {
      name1: "मीरा पिल्लै",
      phone: "9876543210",
      qualifications: [{ qualification: "Bachelors", percentage: 72 }],
    });
    expect(profile.status, profile.text).toBe(200);
    const award = (await testApp.deadlines.list(student.studentId)).find((i) => i.title === "Polar Research Award");
    expect(award).toMatchObject({ kind: "scholarship", day: closes, daysLeft: 10 });
    expect(award?.checked).toEqual({ source: "https://polartrust.example.org/award", checkedOn, ageDays: 40 });
  });

  it("is said in the reminder, in English and in Hindi, and 'not checked' without a day", async () => {
    const english = await applicant("Kabir Mehta", "MSc Artificial Intelligence", 12, {
      source: "University website",
      on: checkedOn,
    });
    const hindi = await applicant("साक्षी वर्मा", "MSc Biotechnology", 12, { source: DEADLINES_PAGE, on: checkedOn });
    const unchecked = await applicant("Diya Malhotra", "MSc Marketing", 12, null);
    await testApp.deadlines.rememberLanguage(hindi.student.studentId, "hi");
    expect(await testApp.deadlines.sendDueReminders()).toBeGreaterThanOrEqual(3);

    const [inEnglishMail] = await remindersTo(english.student);
    expect(inEnglishMail?.text).toContain(
      `Source of the deadline: University website, checked on ${inEnglish(checkedOn)} (40 days ago).`,
    );
    const [inHindiMail] = await remindersTo(hindi.student);
    expect(inHindiMail?.text).toContain(`अंतिम तिथि का स्रोत: ${DEADLINES_PAGE}, ${inHindi(checkedOn)} को जाँचा गया (40 दिन पहले)।`);
    const [uncheckedMail] = await remindersTo(unchecked.student);
    expect(uncheckedMail?.text).toContain("Source of the deadline: not checked.");
  }, 90_000);

  it("is in the calendar feed's description, in the student's language", async () => {
    const { student } = await applicant("Ishaan Gupta", "MSc Environmental Sustainability", 25, {
      source: DEADLINES_PAGE,
      on: checkedOn,
    });
    const { token } = await testApp.deadlines.renewFeed(student.studentId);
    const deadlineEvent = async (title: string) => {
      const answer = await api.fetch(`/calendar/${token}.ics`);
      expect(answer.status).toBe(200);
      const events = new ICAL.Component(ICAL.parse(await answer.text()))
        .getAllSubcomponents("vevent")
        .map((e) => new ICAL.Event(e));
      const found = events.find((e) => e.summary === title);
      expect(found, events.map((e) => e.summary).join(" | ")).toBeDefined();
      return found?.description ?? "";
    };
    expect(await deadlineEvent("Application deadline: MSc Environmental Sustainability")).toContain(
      `Source of the deadline: ${DEADLINES_PAGE}, checked on ${inEnglish(checkedOn)} (40 days ago).`,
    );
    await testApp.deadlines.rememberLanguage(student.studentId, "hi");
    expect(await deadlineEvent("आवेदन की अंतिम तिथि: MSc Environmental Sustainability")).toContain(
      `अंतिम तिथि का स्रोत: ${DEADLINES_PAGE}, ${inHindi(checkedOn)} को जाँचा गया (40 दिन पहले)।`,
    );
  }, 60_000);
});
