import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPostgres, queryRows } from "../../platform/db/client.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import { createLogger } from "../../platform/log.ts";
import { createDatabaseRateLimiter } from "../../platform/rate-limit.ts";
import { startBackgroundWork } from "../../server/background.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { exportReady } from "../../tests/support/data-export.ts";
import { createApplication, createCourse, createStudent, type Student, uploadDocument } from "../../tests/support/factories.ts";
import { startTestJobQueue } from "../../tests/support/job-queue.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import { courseIntakes } from "../catalogue/tables.ts";
import { createStaffService } from "../console/console.ts";
import { deadlineFeeds, deadlinePreferences, deadlineReminders } from "./tables.ts";

/**
 * Deadlines in one place (decision 0059): the student's list, the reminders (once per application and
 * threshold, across sweeps, instances and a restart; none when submitted, withdrawn or turned off; held
 * in the outbox while mail is down), the calendar feed read by a strict iCalendar parser, its renewal,
 * the counsellor's applications due, and the student's export and erasure. PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
const log = createLogger("silent");
let database: DatabaseHandle & { url?: string };
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const queues: JobQueue[] = [];
const DAY_MS = 86_400_000;
const SITE = "https://ignite.example";

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  testApp = createTestApp(database, {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ignite-deadlines-")),
    SMTP_URL: sink.url,
    PUBLIC_URL: SITE,
  });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "deadlines.test");
}, 60_000);
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await testApp?.close();
  await sink?.close();
  await database?.close();
});

/** A student of Asha's, signed up with a Devanagari name. */
async function ashasStudent(name: string): Promise<Student> {
  const student = await createStudent(api, { name });
  const given = await api.post(
    `/api/v1/staff/students/${student.studentId}/counsellor`,
    { counsellorStaffId: team.asha.staffId },
    team.as("admin"),
  );
  expect(given.status).toBe(200);
  return student;
}

/**
 * An application of `student` to a new course whose intake (four months on) has its deadline `daysAhead`
 * India days from today, moved through `moves`.
 */
async function applicationDue(student: Student, daysAhead: number, name: string, moves: string[] = []) {
  const course = await createCourse(api, team.admin, { name });
  const start = new Date(Date.now() + 120 * DAY_MS);
  const intake = { intakeMonth: start.getUTCMonth() + 1, intakeYear: start.getUTCFullYear() };
  await database.db.insert(courseIntakes).values({
    courseId: course.id,
    month: intake.intakeMonth,
    year: intake.intakeYear,
    deadline: indianDay(Date.now() + daysAhead * DAY_MS),
  });
  const application = await createApplication(api, team.asha, student, course.id, { intake, moves });
  return {
    id: application.id as number,
    courseId: course.id,
    course: name,
    deadline: indianDay(Date.now() + daysAhead * DAY_MS),
  };
}

const remindersTo = (email: string) =>
  sink.messages.filter((m) => m.to.includes(email) && m.subject.startsWith("Application deadline"));

describe("the student's deadlines", () => {
  it("lists the open applications' deadlines ahead, soonest first, with days left and what each package misses", async () => {
    const student = await ashasStudent("अनन्या शर्मा");
    const later = await applicationDue(student, 40, "MSc Data Science");
    const sooner = await applicationDue(student, 12, "MSc Artificial Intelligence");
    await applicationDue(student, 9, "MSc Robotics", ["Ready to submit", "Submitted"]);
    await applicationDue(student, 5, "MSc Photonics", ["Withdrawn"]);
    await applicationDue(student, -3, "MSc Optometry");

    const items = (await testApp.deadlines.list(student.studentId)).filter((i) => i.kind === "application");
    expect(items.map((i) => [i.title, i.daysLeft, i.day])).toEqual([
      ["MSc Artificial Intelligence", 12, sooner.deadline],
      ["MSc Data Science", 40, later.deadline],
    ]);
    // A new student has uploaded nothing: every required document is missing, the passport among them.
    expect(items[0]?.missing).toContain("Passport");
    // It leads to the application's own page, where the package is uploaded.
    expect(items[0]?.href).toBe(`/user/applications/${sooner.id}`);
    // Once uploaded, the passport waits on the counsellor's review: no longer the student's to do.
    const pdf = Buffer.from("%PDF-1.4\n% passport scanned on a phone\n%%EOF\n");
    expect((await uploadDocument(api, student, "Passport", { bytes: pdf, name: "passport.pdf" })).status).toBe(200);
    const after = (await testApp.deadlines.list(student.studentId)).filter((i) => i.kind === "application");
    expect(after[0]?.missing).not.toContain("Passport");
    expect(after[0]?.missing).toContain("SOP");
  });
});

describe("reminders before an application's deadline", () => {
  it("go once for the threshold the days left fall in, and again only at the next threshold", async () => {
    const student = await ashasStudent("Rohan Verma");
    const application = await applicationDue(student, 12, "MEng Civil Engineering");
    expect(await testApp.deadlines.sendDueReminders()).toBeGreaterThanOrEqual(1);
    expect(await testApp.deadlines.sendDueReminders()).toBe(0);
    const [mail, ...more] = remindersTo(student.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(/^Application deadline in 12 days: MEng Civil Engineering, Test University /);
    expect(mail?.text).toContain("Still missing from your application's package:");
    expect(mail?.text).toContain("- Passport");
    expect(mail?.text).toContain(`${SITE}/deadlines`);
    const rows = await database.db.select().from(deadlineReminders).where(eq(deadlineReminders.applicationId, application.id));
    expect(rows.map((r) => [r.thresholdDays, r.daysLeft])).toEqual([[14, 12]]);

    // Five days on, the 7-day reminder is due: the deadline moves nearer by the catalogue's correction.
    await database.db
      .update(courseIntakes)
      .set({ deadline: indianDay(Date.now() + 5 * DAY_MS) })
      .where(eq(courseIntakes.courseId, application.courseId));
    await testApp.deadlines.sendDueReminders();
    await testApp.deadlines.sendDueReminders();
    expect(remindersTo(student.email).map((m) => m.subject.split(":")[0])).toEqual([
      "Application deadline in 12 days",
      "Application deadline in 5 days",
    ]);
  });

  it("go again for the new date when staff move the deadline later, once each", async () => {
    const student = await ashasStudent("सौरभ त्रिपाठी");
    const application = await applicationDue(student, 12, "MSc Structural Engineering");
    await testApp.deadlines.sendDueReminders();
    // Ten days on, the 2-day reminder goes (the deadline moved nearer stands for the days passing).
    await database.db
      .update(courseIntakes)
      .set({ deadline: indianDay(Date.now() + 2 * DAY_MS) })
      .where(eq(courseIntakes.courseId, application.courseId));
    await testApp.deadlines.sendDueReminders();
    // The university extends its deadline: an admin moves it in the console to 13 days from today.
    const [intake] = await database.db
      .select({ id: courseIntakes.id })
      .from(courseIntakes)
      .where(eq(courseIntakes.courseId, application.courseId));
    const extended = indianDay(Date.now() + 13 * DAY_MS);
    const moved = await api.put(
      `/api/v1/staff/catalogue/courses/${application.courseId}/intakes/${intake?.id}/deadline`,
      { deadline: extended },
      team.as("admin"),
    );
    expect(moved.status, moved.text).toBe(200);
    // The 14-day reminder, sent for the old date, is due again for the new one: once, however often the sweep runs.
    expect(await testApp.deadlines.sendDueReminders()).toBeGreaterThanOrEqual(1);
    await testApp.deadlines.sendDueReminders();
    expect(remindersTo(student.email).map((m) => m.subject.split(":")[0])).toEqual([
      "Application deadline in 12 days",
      "Application deadline in 2 days",
      "Application deadline in 13 days",
    ]);
    const rows = await database.db.select().from(deadlineReminders).where(eq(deadlineReminders.applicationId, application.id));
    expect(rows.map((r) => [r.thresholdDays, r.deadline, r.daysLeft]).sort()).toEqual([
      [14, extended, 13],
      [2, indianDay(Date.now() + 2 * DAY_MS), 2],
    ]);
  });

  it("are not sent for a submitted or withdrawn application, nor to a student who turned them off", async () => {
    const submitted = await ashasStudent("Ishaan Gupta");
    await applicationDue(submitted, 6, "MSc Finance", ["Ready to submit", "Submitted"]);
    const withdrawn = await ashasStudent("Diya Malhotra");
    await applicationDue(withdrawn, 6, "MSc Marketing", ["Withdrawn"]);
    const turnedOff = await ashasStudent("Kabir Singh");
    await applicationDue(turnedOff, 6, "MSc Economics");
    await testApp.deadlines.setReminders(turnedOff.studentId, { on: false });
    await testApp.deadlines.sendDueReminders();
    for (const student of [submitted, withdrawn, turnedOff]) expect(remindersTo(student.email)).toEqual([]);
    // Turned on again, the reminder of the threshold the days fall in goes.
    await testApp.deadlines.setReminders(turnedOff.studentId, { on: true });
    await testApp.deadlines.sendDueReminders();
    expect(remindersTo(turnedOff.email).map((m) => m.subject.split(":")[0])).toEqual(["Application deadline in 6 days"]);
  });

  it("are not sent when nothing waits on the student: an upload waiting for review is not asked for again", async () => {
    const student = await ashasStudent("प्रिया देशपांडे");
    const application = await applicationDue(student, 12, "MSc Environmental Science");
    const pdf = Buffer.from("%PDF-1.4\n% passport scanned on a phone\n%%EOF\n");
    expect((await uploadDocument(api, student, "Passport", { bytes: pdf, name: "passport.pdf" })).status).toBe(200);
    // The counsellor waives the rest of the package with a reason: only the passport, waiting for review, is open.
    const [listed] = (await testApp.deadlines.list(student.studentId)).filter((i) => i.kind === "application");
    for (const item of listed?.missing ?? []) {
      const waived = await api.post(
        `/api/v1/staff/applications/${application.id}/waivers`,
        { item, reason: "The university accepts it after the offer" },
        team.as("admin"),
      );
      expect(waived.status, waived.text).toBe(200);
    }
    await testApp.deadlines.sendDueReminders();
    expect(remindersTo(student.email)).toEqual([]);
    expect(sink.messages.filter((m) => m.to.includes(student.email) && m.text.includes("Upload what is missing"))).toEqual([]);
  });

  it("wait in the outbox while the mail server is down, and go once when it is back", async () => {
    const student = await ashasStudent("Meera Nair");
    await applicationDue(student, 2, "LLM International Law");
    const port = sink.port;
    await sink.close();
    try {
      expect(await testApp.deadlines.sendDueReminders()).toBe(1);
      expect(await testApp.deadlines.sendDueReminders()).toBe(0);
    } finally {
      sink = await startSmtpSink(port);
    }
    expect(remindersTo(student.email)).toEqual([]);
    // The upkeep's sweep of the outbox, as the job queue runs it every five minutes.
    await testApp.staff.outbox.deliverPending();
    await testApp.staff.outbox.deliverPending();
    expect(remindersTo(student.email).map((m) => m.subject.split(":")[0])).toEqual(["Application deadline in 2 days"]);
  });

  it("go once through the job queue on two instances sharing the database, and not again after a restart", async () => {
    const student = await ashasStudent("Aarav Patel");
    const application = await applicationDue(student, 6, "MBA");
    const second = database.url ? openPostgres(database.url, { max: 3 }) : database;
    const env = { SMTP_URL: sink.url, PUBLIC_URL: SITE };
    const [a, b] = [createTestApp(database, env), createTestApp(second, env)];
    try {
      // Both instances start their background work at once; each queues a sweep of the reminders at start.
      const [queueA, queueB] = await Promise.all([startTestJobQueue(database, log), startTestJobQueue(second, log)]);
      queues.push(queueA, queueB);
      await Promise.all([startBackgroundWork(queueA, a, 9, log), startBackgroundWork(queueB, b, 9, log)]);
      await queueB.send("deadline-reminders", {});
      await expect.poll(() => remindersTo(student.email).length, { timeout: 20_000 }).toBe(1);
      await expect.poll(sweepsLeft, { timeout: 20_000 }).toBe(0);
      await Promise.all([queueA.stop(), queueB.stop()]);

      // A restart: a new queue on the same database sweeps at start; the claim in the database holds.
      const queueC = await startTestJobQueue(database, log);
      queues.push(queueC);
      await startBackgroundWork(queueC, a, 9, log);
      await expect.poll(sweepsLeft, { timeout: 20_000 }).toBe(0);
      await queueC.stop();
      expect(remindersTo(student.email)).toHaveLength(1);
      const rows = await database.db.select().from(deadlineReminders).where(eq(deadlineReminders.applicationId, application.id));
      expect(rows.map((r) => r.thresholdDays)).toEqual([7]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      if (second !== database) await second.close();
    }
  }, 90_000);
});

/** Reminder sweeps queued or running, in the queue's own table (pg-boss 12). */
async function sweepsLeft(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pgboss.job where name = 'deadline-reminders' and state in ('created', 'retry', 'active')`,
  );
  return row?.n ?? -1;
}

/** The feed's VEVENTs as a strict parser reads them. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((event) => new ICAL.Event(event));
}

describe("the calendar feed", () => {
  it("keeps its token out of the request log, whoever opens it", async () => {
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
    const logged = createTestApp(database, { DATA_DIR: mkdtempSync(path.join(tmpdir(), "ignite-feed-log-")) }, { log });
    try {
      const student = await ashasStudent("Meera Pillai");
      const { token } = await testApp.deadlines.renewFeed(student.studentId);
      const reader = new ApiClient(logged.app);
      expect((await reader.fetch(`/calendar/${token}.ics`)).status).toBe(200);
      expect((await reader.fetch(`/calendar/${token}x.ics`)).status).toBe(404);
      const text = lines.join("");
      expect(text).toContain('"path":"/calendar/[feed].ics"');
      expect(text).not.toContain(token);
    } finally {
      await logged.close();
    }
  });

  it("holds the same dated items, valid iCalendar, for whoever has the address, without a login", async () => {
    const student = await ashasStudent("Saanvi Reddy");
    const application = await applicationDue(student, 20, "MSc Biotechnology");
    const { token, renewed } = await testApp.deadlines.renewFeed(student.studentId);
    expect(renewed).toBe(false);
    const answer = await api.fetch(`/calendar/${token}.ics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await answer.text();
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    const events = eventsOf(text);
    const deadline = events.find((e) => e.summary === "Application deadline: MSc Biotechnology");
    expect(deadline?.startDate.isDate).toBe(true);
    expect(deadline?.startDate.toString()).toBe(application.deadline);
    expect(deadline?.description).toContain("Still missing:");
    expect(deadline?.uid).toBe(`application-${application.id}-deadline@ignite.example`);
    expect(events.length).toBe((await testApp.deadlines.list(student.studentId)).length);
    // The token is kept only as its hash.
    const [row] = await database.db.select().from(deadlineFeeds).where(eq(deadlineFeeds.studentId, student.studentId));
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("ends the old address when renewed (404, nothing said), and answers 404 to a guessed one", async () => {
    const student = await ashasStudent("Vihaan Joshi");
    const first = await testApp.deadlines.renewFeed(student.studentId);
    const second = await testApp.deadlines.renewFeed(student.studentId);
    expect(second.renewed).toBe(true);
    const old = await api.fetch(`/calendar/${first.token}.ics`);
    expect(old.status).toBe(404);
    expect(await old.text()).toBe("Not found");
    expect((await api.fetch(`/calendar/${second.token}.ics`)).status).toBe(200);
    for (const guess of ["A".repeat(43), "not-a-token", `${second.token}x`, "..%2f..%2fetc"]) {
      const answer = await api.fetch(`/calendar/${guess}.ics`);
      expect(answer.status, guess).toBe(404);
      expect(await answer.text()).toBe("Not found");
    }
    await testApp.deadlines.endFeed(student.studentId);
    expect((await api.fetch(`/calendar/${second.token}.ics`)).status).toBe(404);
  });
});

describe("the student's deadlines API", () => {
  it("answers the signed-in student's items, sets the reminders and makes, renews and stops the address", async () => {
    const student = await ashasStudent("Nikhil Bose");
    const application = await applicationDue(student, 16, "MSc Public Health");
    expect((await api.get("/api/v1/students/me/deadlines")).status).toBe(401);
    const listed = await api.get("/api/v1/students/me/deadlines", { cookie: student.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.data.remindersOn).toBe(true);
    expect(listed.body.data.feedMadeAt).toBeNull();
    const item = listed.body.data.items.find((i: { uid: string }) => i.uid === `application-${application.id}-deadline`);
    expect(item).toMatchObject({ kind: "application", day: application.deadline, daysLeft: 16, title: "MSc Public Health" });
    expect(item.missing).toContain("Passport");

    const refused = await api.put("/api/v1/students/me/deadline-reminders", { on: "sometimes" }, { cookie: student.cookie });
    expect(refused.status).toBe(400);
    const off = await api.put("/api/v1/students/me/deadline-reminders", { on: false }, { cookie: student.cookie });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe("Deadline reminders are off.");

    const made = await api.post("/api/v1/students/me/calendar-feed", undefined, { cookie: student.cookie });
    expect(made.status).toBe(200);
    expect(made.body.data.address).toBe(`${SITE}${made.body.data.path}`);
    expect((await api.fetch(made.body.data.path)).status).toBe(200);
    const again = await api.get("/api/v1/students/me/deadlines", { cookie: student.cookie });
    expect(again.body.data.remindersOn).toBe(false);
    expect(again.body.data.feedMadeAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The token is never in an answer but the one that made it.
    expect(again.text).not.toContain(made.body.data.path.slice("/calendar/".length, -".ics".length));
    const stopped = await api.delete("/api/v1/students/me/calendar-feed", { cookie: student.cookie });
    expect(stopped.status).toBe(200);
    expect((await api.fetch(made.body.data.path)).status).toBe(404);
  });
});

describe("the counsellor's applications due", () => {
  it("lists their students' open applications due within 14 days with packages incomplete, the same in the list's filter", async () => {
    const student = await ashasStudent("Tara Menon");
    const due = await applicationDue(student, 10, "MSc Climate Science");
    await applicationDue(student, 25, "MSc Oceanography");
    const list = await api.get("/api/v1/staff/applications?due=14", team.as("asha"));
    expect(list.status).toBe(200);
    const ids = (list.body.data as { id: number; deadline: string }[]).map((a) => a.id);
    expect(ids).toContain(due.id);
    expect(list.body.data.find((a: { id: number }) => a.id === due.id).deadline).toBe(due.deadline);
    // The list's CSV export holds the same rows.
    const csv = async () => (await api.fetch("/api/v1/staff/exports/applications?due=14", team.as("asha"))).text();
    expect(await csv()).toContain("MSc Climate Science");
    expect(await csv()).not.toContain("MSc Oceanography");
    // Ravi does not see Asha's student.
    const ravis = await api.get("/api/v1/staff/applications?due=14", team.as("ravi"));
    expect((ravis.body.data as { id: number }[]).map((a) => a.id)).not.toContain(due.id);
    // A waiver of every missing item completes the package: it leaves the list.
    const detail = (await api.get(`/api/v1/staff/applications/${due.id}`, team.as("asha"))).body.data;
    for (const entry of detail.checklist as { item: string; state: string }[])
      if (entry.state !== "Approved")
        await api.post(
          `/api/v1/staff/applications/${due.id}/waivers`,
          { item: entry.item, reason: "Not asked" },
          team.as("asha"),
        );
    const after = await api.get("/api/v1/staff/applications?due=14", team.as("asha"));
    expect((after.body.data as { id: number }[]).map((a) => a.id)).not.toContain(due.id);
    expect(await csv()).not.toContain("MSc Climate Science");
    expect((await api.get("/api/v1/staff/applications?due=-1", team.as("asha"))).status).toBe(400);
  });
});

describe("Today's days left", () => {
  it("are counted by the services' clock, as the list's filter is: four days on, a deadline 10 days away is 6 days away", async () => {
    const student = await ashasStudent("Nandini Iyer");
    const due = await applicationDue(student, 10, "MSc Marine Biology");
    // The console's services on a clock set four days ahead of the real one.
    let clock = new Date();
    const atClock = createStaffService({
      db: database.db,
      limiter: createDatabaseRateLimiter(database.db),
      log,
      siteAddress: SITE,
      now: () => clock,
    });
    const daysLeft = async () => (await atClock.deadlines.dueSoon(team.asha)).find((a) => a.id === due.id)?.daysLeft;
    expect(await daysLeft()).toBe(10);
    clock = new Date(Date.now() + 4 * DAY_MS);
    expect(await daysLeft()).toBe(6);
    // On the deadline's own India day: due today.
    clock = new Date(Date.parse(`${due.deadline}T12:00:00+05:30`));
    expect(await daysLeft()).toBe(0);
  });
});

describe("the student's data", () => {
  it("the export holds the feed's date and the reminder choice, never the token; erasure ends the feed", async () => {
    const student = await ashasStudent("Anaya Kulkarni");
    // Three days left: the 7-day reminder (the 2-day one comes later).
    await applicationDue(student, 3, "MA Education");
    await testApp.deadlines.sendDueReminders();
    await testApp.deadlines.setReminders(student.studentId, { on: false });
    const { token } = await testApp.deadlines.renewFeed(student.studentId);

    expect((await api.post("/api/v1/students/me/data-export", undefined, { cookie: student.cookie })).status).toBe(202);
    const ready = await exportReady(api, student.cookie);
    const download = await api.fetch(ready.url, { cookie: student.cookie });
    const zip = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const json = new TextDecoder().decode(zip["ignite-data.json"]);
    const data = JSON.parse(json);
    expect(data.deadlines.calendarFeed.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(data.deadlines.reminders.on).toBe(false);
    expect(data.deadlines.remindersSent.map((r: { thresholdDays: number }) => r.thresholdDays)).toEqual([7]);
    expect(json).not.toContain(token);

    const erased = await api.post("/api/v1/students/me/erase", { password: student.password }, { cookie: student.cookie });
    expect(erased.status).toBe(200);
    expect((await api.fetch(`/calendar/${token}.ics`)).status).toBe(404);
    for (const table of [deadlineFeeds, deadlinePreferences, deadlineReminders])
      expect(await database.db.select().from(table).where(eq(table.studentId, student.studentId))).toEqual([]);
  });
});
