import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
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
import { deadlinePreferences } from "./tables.ts";

/**
 * Reminders and the calendar feed in the student's language (decision 0086): Hindi once the student chose
 * Hindi while signed in (the words of the screens' Hindi catalogue for the package's items and the kinds of
 * dated things; a course's name as it is), English for a student who never chose. PGlite, and PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  testApp = createTestApp(database, {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ignite-deadline-language-")),
    SMTP_URL: sink.url,
    PUBLIC_URL: "https://ignite.example",
  });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "deadline-language.test");
}, 60_000);
afterAll(async () => {
  await testApp?.close();
  await sink?.close();
  await database?.close();
});

/** A student of Asha's with an application whose deadline is `daysAhead` India days away. */
async function studentWithDeadline(name: string, course: string, daysAhead: number): Promise<Student> {
  const student = await createStudent(api, { name });
  const given = await api.post(
    `/api/v1/staff/students/${student.studentId}/counsellor`,
    { counsellorStaffId: team.asha.staffId },
    team.as("admin"),
  );
  expect(given.status).toBe(200);
  const created = await createCourse(api, team.admin, { name: course });
  const start = new Date(Date.now() + 120 * DAY_MS);
  const intake = { intakeMonth: start.getUTCMonth() + 1, intakeYear: start.getUTCFullYear() };
  await database.db.insert(courseIntakes).values({
    courseId: created.id,
    month: intake.intakeMonth,
    year: intake.intakeYear,
    deadline: indianDay(Date.now() + daysAhead * DAY_MS),
  });
  await createApplication(api, team.asha, student, created.id, { intake });
  return student;
}

/** The deadline reminders a student was sent (in either language), read as their mail program shows them. */
const remindersTo = (email: string) =>
  sink.messages
    .filter((m) => m.to.includes(email))
    .map(readMail)
    .filter((m) => /^(Application deadline|आवेदन की अंतिम तिथि) /.test(m.subject));

/** Waits (up to 15 s, polling) until the mail server has received `count` reminders for the address. */
async function remindersArrived(email: string, count = 1) {
  const until = Date.now() + 15_000;
  while (remindersTo(email).length < count && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  return remindersTo(email);
}

describe("deadline reminders in the student's language", () => {
  it("go in Hindi to a student who chose Hindi, in English to one who never chose, each once", async () => {
    const hindi = await studentWithDeadline("अनन्या शर्मा", "MSc Data Science", 12);
    const english = await studentWithDeadline("Rohan Verma", "MSc Robotics", 12);
    await testApp.deadlines.rememberLanguage(hindi.studentId, "hi");
    // Choosing the language leaves the reminders on.
    expect(await testApp.deadlines.reminderSettings(hindi.studentId)).toMatchObject({ remindersOn: true, language: "hi" });

    expect(await testApp.deadlines.sendDueReminders()).toBeGreaterThanOrEqual(2);
    expect(await testApp.deadlines.sendDueReminders()).toBe(0);
    const [inHindi, ...moreHindi] = await remindersArrived(hindi.email);
    expect(moreHindi).toEqual([]);
    expect(inHindi?.subject).toMatch(/^आवेदन की अंतिम तिथि 12 दिन में: MSc Data Science, /);
    expect(inHindi?.text).toContain("प्रिय अनन्या शर्मा,");
    expect(inHindi?.text).toContain("आपके आवेदन के पैकेज में अभी ये बाकी हैं:");
    // The package's items in the screens' Hindi words.
    expect(inHindi?.text).toContain("- पासपोर्ट");
    expect(inHindi?.text).not.toContain("- Passport");
    expect(inHindi?.text).toContain("https://ignite.example/deadlines#reminders");

    const [inEnglish, ...moreEnglish] = await remindersArrived(english.email);
    expect(moreEnglish).toEqual([]);
    expect(inEnglish?.subject).toMatch(/^Application deadline in 12 days: MSc Robotics, /);
    expect(inEnglish?.text).toContain("- Passport");
    // Four students' worth of sign-ups, courses and mail on two busy cores.
  }, 90_000);

  it("follow the latest choice: back to English after choosing English", async () => {
    const student = await studentWithDeadline("Diya Malhotra", "MSc Marketing", 6);
    await testApp.deadlines.rememberLanguage(student.studentId, "hi");
    await testApp.deadlines.rememberLanguage(student.studentId, "en");
    await testApp.deadlines.sendDueReminders();
    const [mail] = await remindersArrived(student.email);
    expect(mail?.subject).toMatch(/^Application deadline in 6 days: MSc Marketing, /);
    const [row] = await database.db
      .select()
      .from(deadlinePreferences)
      .where(eq(deadlinePreferences.studentId, student.studentId));
    expect(row?.language).toBe("en");
  }, 60_000);
});

describe("the calendar feed in the student's language", () => {
  const summaries = async (token: string) => {
    const answer = await api.fetch(`/calendar/${token}.ics`);
    expect(answer.status).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(await answer.text()));
    return {
      name: String(calendar.getFirstPropertyValue("x-wr-calname") ?? ""),
      events: calendar.getAllSubcomponents("vevent").map((e) => new ICAL.Event(e)),
    };
  };

  it("titles its items in Hindi for a student who chose Hindi, and in English once they choose English", async () => {
    const student = await studentWithDeadline("साक्षी वर्मा", "MSc Biotechnology", 20);
    const { token } = await testApp.deadlines.renewFeed(student.studentId);
    const english = await summaries(token);
    expect(english.events.map((e) => e.summary)).toContain("Application deadline: MSc Biotechnology");

    await testApp.deadlines.rememberLanguage(student.studentId, "hi");
    const hindi = await summaries(token);
    expect(hindi.name).toBe("Ignite की अंतिम तिथियाँ");
    const deadline = hindi.events.find((e) => e.summary === "आवेदन की अंतिम तिथि: MSc Biotechnology");
    expect(deadline, hindi.events.map((e) => e.summary).join(" | ")).toBeDefined();
    expect(deadline?.description).toContain("अभी बाकी: ");
    expect(deadline?.description).toContain("पासपोर्ट");
    // The same items, the same identities: a calendar that subscribed keeps its events, now retitled.
    expect(hindi.events.map((e) => e.uid).sort()).toEqual(english.events.map((e) => e.uid).sort());
  }, 60_000);
});
