import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseIntakes } from "../../modules/catalogue/tables.ts";
import { letterRequests } from "../../modules/letters/tables.ts";
import { mailOutbox } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createApplication, createCourse, createStudent, documentForm, type Student } from "../../tests/support/factories.ts";
import { withinOneWindow } from "../../tests/support/rate-window.ts";
import { readMail, startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import { LETTER_PAGE_OPENINGS_PER_MINUTE, letterMessages } from "../../vocabulary/letters.ts";

/**
 * What follows an invitation (decisions 0075, 0077 and 0094): the counsellor's Today flags a letter late
 * against its application's deadline, the console lists an application's letters, the recommender's link
 * is rate-limited, an invitation and a reminder wait in the outbox while the mail server is down and go
 * once when it returns, and the student is mailed when the recommender submits or declines.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const DAY_MS = 86_400_000;
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

const pdf = (text: string) =>
  new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
/** A mail header's RFC 2047 encoded words, read back. */
const decodeHeader = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?(Q|B)\?(.*?)\?=/gi, (_, how: string, q: string) =>
      how.toUpperCase() === "B"
        ? Buffer.from(q, "base64").toString("utf8")
        : decodeURIComponent(q.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, "%$1")),
    );

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  testApp = createTestApp(database, {
    SMTP_URL: sink.url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ignite-letters-follow-")),
    PUBLIC_URL: "https://ignite.test",
  });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "letters-follow.test");
}, 60_000);
afterAll(async () => {
  await database.close();
  await sink.close();
});

const member = (who: "asha" | "ravi" | "admin") => ({
  staffId: team[who].staffId,
  email: team[who].email,
  fullName: team[who].fullName,
  role: team[who].role,
});

/** A student looked after by Asha, with an application to a course asking for one letter, due `daysAhead` India days from today. */
async function applicant(name: string, daysAhead: number, courseName: string) {
  const student = await createStudent(api, { name });
  const given = await api.post(
    `/api/v1/staff/students/${student.studentId}/counsellor`,
    { counsellorStaffId: team.asha.staffId },
    team.as("admin"),
  );
  expect(given.status).toBe(200);
  const course = await createCourse(api, team.admin, { name: courseName, lettersRequired: 1 });
  const start = new Date(Date.now() + 120 * DAY_MS);
  const intake = { intakeMonth: start.getUTCMonth() + 1, intakeYear: start.getUTCFullYear() };
  await database.db.insert(courseIntakes).values({
    courseId: course.id,
    month: intake.intakeMonth,
    year: intake.intakeYear,
    deadline: indianDay(Date.now() + daysAhead * DAY_MS),
  });
  const application = await createApplication(api, team.asha, student, course.id, { intake });
  return { ...student, applicationId: application.id as number };
}

const invitation = (applicationId: number, fullName: string, overrides: Record<string, unknown> = {}) => ({
  fullName,
  email: `${fullName.toLowerCase().replace(/[^a-z]+/g, ".")}.${Math.random().toString(16).slice(2, 8)}@college.example.in`,
  role: "Professor",
  institution: "St. Xavier's College, Mumbai",
  relation: "Teacher or professor",
  applicationIds: [applicationId],
  waiver: "keep",
  ...overrides,
});

async function invite(student: Student, body: Record<string, unknown>) {
  const before = sink.messages.length;
  const answer = await api.post("/api/v1/students/me/letters", body, { cookie: student.cookie });
  expect(answer.status, answer.text).toBe(201);
  const [mail] = (await sink.waitFor(before + 1)).slice(before);
  const token = mail?.text.match(/https:\/\/ignite\.test\/letters\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error("no link in the invitation");
  return { id: answer.body.data.id as number, token };
}

const upload = (token: string, text: string) =>
  api.fetch(`/api/v1/letters/${token}/letter`, { form: documentForm({ file: { bytes: pdf(text), name: "letter.pdf" } }) });

describe("the counsellor's view of letters", () => {
  it("flags on Today a letter not submitted for an application due within 14 days, by recommender and status", async () => {
    const sana = await applicant("Sana Qureshi", 6, "MSc Finance");
    const later = await applicant("Dev Malhotra", 40, "MSc Economics");
    const opened = await invite(sana, invitation(sana.applicationId, "Prof. Farah Khan"));
    expect((await api.get(`/api/v1/letters/${opened.token}`)).status).toBe(200);
    const expiring = await invite(sana, invitation(sana.applicationId, "Dr. Vivek Rao"));
    await database.db
      .update(letterRequests)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(letterRequests.id, expiring.id));
    await invite(later, invitation(later.applicationId, "Prof. Irfan Ali"));

    const today = await testApp.staff.deadlines.dueSoon(member("asha"));
    const sanas = today.find((a) => a.id === sana.applicationId);
    expect(sanas?.lettersWaiting).toEqual(
      expect.arrayContaining([
        { recommender: "Prof. Farah Khan", status: "opened" },
        { recommender: "Dr. Vivek Rao", status: "expired" },
      ]),
    );
    expect(sanas?.lettersWaiting).toHaveLength(2);
    // Forty days away is not Today's; and Ravi does not see Asha's student.
    expect(today.map((a) => a.id)).not.toContain(later.applicationId);
    expect((await testApp.staff.deadlines.dueSoon(member("ravi"))).map((a) => a.id)).not.toContain(sana.applicationId);

    // Submitted, it is no longer flagged.
    await upload(opened.token, "Farah Khan's letter");
    expect((await api.post(`/api/v1/letters/${opened.token}/submission`)).status).toBe(200);
    const after = (await testApp.staff.deadlines.dueSoon(member("asha"))).find((a) => a.id === sana.applicationId);
    expect(after?.lettersWaiting ?? []).not.toContainEqual(expect.objectContaining({ recommender: "Prof. Farah Khan" }));
  });

  it("lists an application's letters in the console: status, waiver, reminders, a refusal, a letter ready; to its counsellor only", async () => {
    const mira = await applicant("Mira Desai", 30, "MSc Public Health");
    const declining = await invite(mira, invitation(mira.applicationId, "Dr. Kavita Sen"));
    expect(
      (await api.post(`/api/v1/letters/${declining.token}/decline`, { reason: "I am travelling all of June." })).status,
    ).toBe(200);
    const waived = await invite(mira, invitation(mira.applicationId, "Mr. Rahul Bose", { waiver: "waive" }));
    await upload(waived.token, "confidential");
    await api.post(`/api/v1/letters/${waived.token}/submission`);
    const pending = await invite(mira, invitation(mira.applicationId, "Ms. Anita Roy"));

    const listed = await testApp.letters.forStaff(member("asha"), mira.applicationId);
    expect(listed.map((l) => [l.id, l.recommender.name, l.status, l.waived, l.letterReady])).toEqual([
      [pending.id, "Ms. Anita Roy", "invited", false, false],
      [waived.id, "Mr. Rahul Bose", "submitted", true, true],
      [declining.id, "Dr. Kavita Sen", "declined", false, false],
    ]);
    expect(listed[2]?.declineReason).toBe("I am travelling all of June.");
    expect(listed[0]).toMatchObject({
      reminders: 0,
      mailWaiting: false,
      recommender: { institution: "St. Xavier's College, Mumbai" },
    });
    expect(JSON.stringify(listed)).not.toMatch(/tokenHash|storageKey/);
    await expect(testApp.letters.forStaff(member("ravi"), mira.applicationId)).rejects.toMatchObject({ status: 404 });
    expect(await testApp.letters.forStaff(member("admin"), mira.applicationId)).toHaveLength(3);
  });
});

describe("the recommender's link", () => {
  it("is rate-limited per client address, whether the token is good or guessed", { timeout: 45_000 }, async () => {
    const omar = await applicant("Omar Sheikh", 30, "MSc Robotics");
    const { token } = await invite(omar, invitation(omar.applicationId, "Prof. Leela Nair"));
    const ip = "10.77.0.1";
    await withinOneWindow(60);
    for (let i = 0; i < LETTER_PAGE_OPENINGS_PER_MINUTE - 1; i += 1)
      expect((await api.get(`/api/v1/letters/${token}`, { ip })).status).toBe(200);
    // A guessed token counts too: nobody walks through tokens.
    expect((await api.get(`/api/v1/letters/${"x".repeat(43)}`, { ip })).status).toBe(404);
    const refused = await api.get(`/api/v1/letters/${token}`, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.text).not.toContain("Omar");
    expect((await upload(token, "from the same address")).status).toBe(200);
    const posted = await api.fetch(`/api/v1/letters/${token}/letter`, {
      ip,
      form: documentForm({ file: { bytes: pdf("again"), name: "letter.pdf" } }),
    });
    expect(posted.status).toBe(429);
    // Another address still opens it.
    expect((await api.get(`/api/v1/letters/${token}`, { ip: "10.77.0.2" })).status).toBe(200);
  });
});

describe("mail down", () => {
  it("keeps an invitation and a reminder in the outbox, says so, and sends each once when the server is back, the reminder with the link that works", async () => {
    const zoya = await applicant("Zoya Akhtar", 30, "MSc Film Studies");
    const port = sink.port;
    await sink.close();
    let id: number;
    try {
      const answer = await api.post("/api/v1/students/me/letters", invitation(zoya.applicationId, "Prof. Naseer Ahmed"), {
        cookie: zoya.cookie,
      });
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body.message).toBe(letterMessages.invitedWaiting);
      id = answer.body.data.id;
      const listed = (await api.get("/api/v1/students/me/letters", { cookie: zoya.cookie })).body.data[0];
      expect(listed).toMatchObject({ id, mail_waiting: true });
      expect((await testApp.letters.forStaff(member("asha"), zoya.applicationId))[0]?.mailWaiting).toBe(true);

      // Three days on, still down: the reminder waits too, and the invitation's stale link goes with it.
      await database.db
        .update(letterRequests)
        .set({ lastMailAt: new Date(Date.now() - 3 * DAY_MS - 1000) })
        .where(eq(letterRequests.id, id));
      const reminded = await api.post(`/api/v1/students/me/letters/${id}/reminder`, undefined, { cookie: zoya.cookie });
      expect(reminded.status, reminded.text).toBe(200);
      expect(reminded.body.message).toBe(letterMessages.invitedWaiting);
      const waiting = await database.db.select().from(mailOutbox).where(eq(mailOutbox.studentId, zoya.studentId));
      // The recommender has had nothing yet: what waits is the invitation, once, with the new link.
      expect(waiting.map((w) => w.subject)).toEqual(["Zoya Akhtar asks you for a recommendation letter"]);
    } finally {
      sink = await startSmtpSink(port);
    }
    expect(await testApp.staff.outbox.deliverPending()).toBe(1);
    expect(await testApp.staff.outbox.deliverPending()).toBe(0);
    // The sink started again holds only what went since.
    const toNaseer = sink.messages.filter((m) => m.subject.includes("Zoya Akhtar asks you"));
    expect(toNaseer.map((m) => decodeHeader(m.subject))).toEqual(["Zoya Akhtar asks you for a recommendation letter"]);
    const token = toNaseer[0]?.text.match(/\/letters\/([A-Za-z0-9_-]+)/)?.[1];
    expect((await api.get(`/api/v1/letters/${token}`)).status).toBe(200);
    const listed = (await api.get("/api/v1/students/me/letters", { cookie: zoya.cookie })).body.data[0];
    expect(listed).toMatchObject({ id, mail_waiting: false });
  });
});

describe("the student is told when the recommender answers", () => {
  /** The letters' mail to the student (the application's own stage mail aside), as their mail program shows it. */
  const mailsTo = (email: string) =>
    sink.messages
      .filter((m) => m.to.includes(email))
      .map((m) => ({ ...readMail(m), raw: m.raw }))
      .filter((m) => /recommendation letter|सिफ़ारिश पत्र/.test(m.subject));

  it("in English by default: a submitted letter, once, with where to read it and never the letter itself", async () => {
    const ankit = await applicant("Ankit Bansal", 30, "MSc Marine Biology");
    const { token, id } = await invite(ankit, invitation(ankit.applicationId, "Dr. Shalini Verma"));
    expect(await upload(token, "SHALINI'S ASSESSMENT OF ANKIT")).toMatchObject({ status: 200 });
    expect(mailsTo(ankit.email)).toEqual([]);
    expect((await api.post(`/api/v1/letters/${token}/submission`)).status).toBe(200);
    expect((await api.post(`/api/v1/letters/${token}/submission`)).status).toBe(404);
    const mails = mailsTo(ankit.email);
    expect(mails.map((m) => m.subject)).toEqual(["Dr. Shalini Verma has submitted your recommendation letter"]);
    expect(mails[0]?.text).toContain("Dear Ankit Bansal,");
    expect(mails[0]?.text).toContain("- MSc Marine Biology, ");
    expect(mails[0]?.text).toContain(`https://ignite.test/user/applications/${ankit.applicationId}/letters`);
    expect(mails[0]?.raw).not.toContain("SHALINI'S ASSESSMENT");
    expect(mails[0]?.raw).not.toMatch(/application\/pdf|Content-Disposition: attachment/i);
    expect((await api.get("/api/v1/students/me/letters", { cookie: ankit.cookie })).body.data[0]).toMatchObject({
      id,
      status: "submitted",
    });
  });

  it("in the student's stored Hindi: a waived letter named as waived and nothing of it; a refusal with its reason", async () => {
    const pooja = await applicant("पूजा अग्रवाल", 30, "MSc Neuroscience");
    await testApp.deadlines.rememberLanguage(pooja.studentId, "hi");
    const waived = await invite(pooja, invitation(pooja.applicationId, "Prof. Harish Iyer", { waiver: "waive" }));
    await upload(waived.token, "CONFIDENTIAL: POOJA RANKS IN THE TOP FIVE");
    expect((await api.post(`/api/v1/letters/${waived.token}/submission`)).status).toBe(200);
    const [told, ...more] = mailsTo(pooja.email);
    expect(more).toEqual([]);
    expect(told?.subject).toBe("Prof. Harish Iyer ने आपका सिफ़ारिश पत्र जमा कर दिया है");
    expect(told?.text).toContain("प्रिय पूजा अग्रवाल,");
    expect(told?.text).toContain("आपने यह पत्र पढ़ने का अधिकार छोड़ दिया था");
    expect(told?.text).not.toContain("/letters");
    expect(told?.raw).not.toContain("CONFIDENTIAL");
    expect(told?.raw).not.toMatch(/application\/pdf|Content-Disposition: attachment/i);

    const declining = await invite(pooja, invitation(pooja.applicationId, "Dr. Meenal Shah"));
    const declined = await api.post(`/api/v1/letters/${declining.token}/decline`, { reason: "मैं जून तक छुट्टी पर हूँ।" });
    expect(declined.status).toBe(200);
    const refusal = mailsTo(pooja.email).slice(1);
    expect(refusal.map((m) => m.subject)).toEqual(["Dr. Meenal Shah ने आपका सिफ़ारिश पत्र लिखने से मना कर दिया है"]);
    expect(refusal[0]?.text).toContain("उनका कारण:\nमैं जून तक छुट्टी पर हूँ।");
    expect(refusal[0]?.text).toContain(`https://ignite.test/user/applications/${pooja.applicationId}/letters`);
  });
});
