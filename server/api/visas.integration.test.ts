import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray, isNotNull, ne } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications } from "../../modules/applications/tables.ts";
import { countries, courseIntakes, courses, universities } from "../../modules/catalogue/tables.ts";
import { AppError } from "../../modules/errors.ts";
import { auditLog } from "../../modules/tables.ts";
import { visaPracticeAnswers, visaPractices } from "../../modules/visas/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createApplication, createStudent, type Student } from "../../tests/support/factories.ts";
import { oggRecording, webmRecording } from "../../tests/support/recordings.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { MAX_RECORDING_SECONDS, RECORDING_BITS_PER_SECOND, recordingBytesFor } from "../../vocabulary/visas.ts";

/**
 * Decision 0040: the visa plan opens when the university's papers arrive, the funds check reads the UK rule as
 * written, a practice's questions come from the student's own file, the feedback checks answers against
 * the record, and recordings are the student's private files (owner and their counsellor only, audited,
 * exported, erased). Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let dataDir: string;
let api: ApiClient;
let team: StaffTeam;
let student: Student;
let applicationId: number;
let ukCourse: { id: number; university: string; name: string };
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

/** The start of a WebM file (its EBML header naming the "webm" doc type), then silence: what MediaRecorder sends. */
const webm = (size = 2000) =>
  new Uint8Array([
    0x1a,
    0x45,
    0xdf,
    0xa3,
    0x9f,
    0x42,
    0x86,
    0x81,
    0x01,
    0x42,
    0xf7,
    0x81,
    0x01,
    0x42,
    0xf2,
    0x81,
    0x04,
    0x42,
    0xf3,
    0x81,
    0x08,
    0x42,
    0x82,
    0x84,
    0x77,
    0x65,
    0x62,
    0x6d,
    0x42,
    0x87,
    0x81,
    0x04,
    0x42,
    0x85,
    0x81,
    0x02,
    ...new Array(size).fill(0),
  ]);

function answerForm(fields: Record<string, string>, recording?: Uint8Array, type = "audio/webm") {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (recording) form.set("file", new Blob([recording as Uint8Array<ArrayBuffer>], { type }), "answer.webm");
  return form;
}
const answer = (who: Student, practiceId: number, fields: Record<string, string>, recording?: Uint8Array, type?: string) =>
  api.post(`/api/v1/students/me/visa-practices/${practiceId}/answers`, undefined, {
    cookie: who.cookie,
    form: answerForm(fields, recording, type),
  });

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "ignite-visas-"));
  sink = await startSmtpSink();
  testApp = createTestApp(database, { DATA_DIR: dataDir, SMTP_URL: sink.url, PUBLIC_URL: "https://ignite.example" });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "visas.test");
  student = await createStudent(api, { name: "Meera Pillai" });
  const [course] = await database.db
    .select({ id: courses.id, university: universities.name, name: courses.name })
    .from(courses)
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .innerJoin(countries, eq(countries.id, universities.countryId))
    .where(and(eq(countries.name, "United Kingdom"), eq(courses.feeCurrency, "GBP"), eq(courses.feePeriod, "year")))
    .limit(1);
  if (!course) throw new Error("the demo catalogue has no UK course with a yearly fee in pounds");
  ukCourse = course;
  await database.db.delete(courseIntakes).where(eq(courseIntakes.courseId, course.id));
  const counsellor = await api.post(
    `/api/v1/staff/students/${student.studentId}/counsellor`,
    { counsellorStaffId: team.asha.staffId },
    team.as("admin"),
  );
  expect(counsellor.status, counsellor.text).toBe(200);
  const application = await createApplication(api, team.asha, student, course.id, {
    moves: ["Ready to submit", "Submitted", "Unconditional offer"],
  });
  applicationId = application.id;
});
afterAll(async () => {
  await sink.close();
  await database.close();
});

const moveTo = async (status: string, details: Record<string, string> = {}) => {
  const moved = await api.post(`/api/v1/staff/applications/${applicationId}/moves`, { status, details }, team.as("asha"));
  expect(moved.status, moved.text).toBe(200);
};

describe("the microphone", () => {
  it("is allowed to this site on an interview's page only", async () => {
    const practice = await api.fetch("/visa/practice/1", { cookie: student.cookie });
    expect(practice.headers.get("Permissions-Policy")).toBe("camera=(), microphone=(self), geolocation=(), payment=()");
    for (const path of ["/", "/visa/practice", "/profile"]) {
      expect((await api.fetch(path, { cookie: student.cookie })).headers.get("Permissions-Policy"), path).toContain(
        "microphone=()",
      );
    }
  });
});

describe("the visa plan", () => {
  it("is not there before the university's papers arrive, and opens with the destination's steps when they do", async () => {
    const early = await testApp.visas.plan(student.studentId, applicationId).catch((error: unknown) => error);
    expect(AppError.is(early) && early.message).toBe(
      "Your visa plan opens when the university's papers arrive (I-20, CAS, CoE or admission letter).",
    );
    await moveTo("Offer accepted");
    await moveTo("Confirmation issued", { confirmationKind: "CAS", confirmationNumber: "E4G8H2J9K1L3M5N7" });
    const plan = await testApp.visas.plan(student.studentId, applicationId);
    expect(plan.guide?.visaName.en).toMatch(/Student/);
    expect(plan.steps.length).toBeGreaterThanOrEqual(4);
    // The CAS the counsellor recorded settles "CAS received" (decision 0050): done, and the next step is open.
    expect(plan.steps[0]).toMatchObject({ key: "cas", done: true, settled: "CAS E4G8H2J9K1L3M5N7", openForDays: null });
    expect(plan.steps[1]?.openForDays).toBe(0);
    // With an intake each timed step has the day to start by, weeks before the intake's first day.
    const intakeDay = Date.UTC(plan.application.intakeYear ?? 0, (plan.application.intakeMonth ?? 1) - 1, 1);
    expect(plan.stepsNeedIntake).toBe(false);
    expect(plan.steps[1]?.startBy).toBe(new Date(intakeDay - 14 * 7 * 86_400_000).toISOString().slice(0, 10));
    // A settled step is not ticked by hand.
    await expect(testApp.visas.saveStep(student.studentId, applicationId, { step: "cas", done: "" })).rejects.toThrow(
      "This step follows what your application records",
    );
    // The visa's documents are the guide's whole list, read against the student's own uploads and the application.
    expect(plan.checklist.map((c) => c.item)).toEqual(plan.guide?.documents.map((d) => d.label.en));
    expect(plan.checklist.length).toBe(9);
    expect(plan.checklist.find((c) => c.attachmentType === "Passport")?.state).toBe("Missing");
    expect(plan.checklist.find((c) => c.item === "CAS reference number")).toMatchObject({
      state: "Recorded",
      recorded: "CAS E4G8H2J9K1L3M5N7",
    });
    expect(plan.checklist.find((c) => /TB\) test certificate/.test(c.item))?.state).toBe("To bring");
    // Another student cannot open it.
    const other = await createStudent(api, { name: "Someone Else" });
    await expect(testApp.visas.plan(other.studentId, applicationId)).rejects.toThrow("No such visa plan.");
  });

  it("opens without a guide for a destination that has none (the screen then says a counsellor will confirm)", async () => {
    const [course] = await database.db
      .select({ id: courses.id })
      .from(courses)
      .innerJoin(universities, eq(universities.id, courses.universityId))
      .innerJoin(countries, eq(countries.id, universities.countryId))
      .where(eq(countries.name, "Japan"))
      .limit(1);
    if (!course) throw new Error("the demo catalogue has no course in Japan");
    await database.db.delete(courseIntakes).where(eq(courseIntakes.courseId, course.id));
    const japan = await createApplication(api, team.asha, student, course.id, {
      moves: [
        "Ready to submit",
        "Submitted",
        "Unconditional offer",
        "Offer accepted",
        { status: "Confirmation issued", details: { confirmationKind: "CoE", confirmationNumber: "JP-1" } },
      ],
    });
    const plan = await testApp.visas.plan(student.studentId, japan.id);
    expect(plan.guide).toBeNull();
    expect(plan.steps).toEqual([]);
    expect(plan.checklist).toEqual([]);
  });

  it("checks funds against the UK rule as written and says what is short", async () => {
    const applyOn = "2027-07-01";
    const plan = await testApp.visas.saveFunds(student.studentId, applicationId, {
      // Held since 10 June with a statement ending 20 June: 11 days, and the statement ends 11 days before applying.
      sources: [
        { kind: "family-savings", amount: "500000", currency: "INR", heldSince: "2027-06-10", statementDate: "2027-06-20" },
      ],
      applyOn,
    });
    const verdict = plan.verdict;
    expect(verdict?.totalRupees).toBe(500_000);
    expect(verdict?.required?.currency).toBe("GBP");
    expect(verdict?.shortOfRuleRupees).toBeGreaterThan(0);
    expect(verdict?.sources[0]?.problems).toEqual([
      "Family savings: held for 11 days by the statement's last day; the rule asks for 28 consecutive days.",
    ]);
    expect(plan.funds.applyOn).toBe(applyOn);
  });

  it("refuses a currency without a rate, naming it, and keeps what was saved before", async () => {
    const refused = await testApp.visas
      .saveFunds(student.studentId, applicationId, { sources: [{ kind: "sponsor", amount: "100", currency: "XYZ" }] })
      .catch((error: unknown) => error);
    expect(AppError.is(refused) && refused.status).toBe(400);
    expect(AppError.is(refused) && refused.fields).toEqual({
      "sources.0.currency": expect.stringMatching(
        /^We have no exchange rate for XYZ: enter the amount in one of these currencies: INR, .*\bGBP\b.*\bUSD\b.*\.$/,
      ),
    });
    const plan = await testApp.visas.plan(student.studentId, applicationId);
    expect(plan.funds.sources.map((s) => s.kind)).toEqual(["family-savings"]);
  });

  it("reads amounts as families write them, and refuses one it cannot read by its field, keeping what was saved", async () => {
    for (const [typed, rupees] of [
      ["25,00,000", 2_500_000],
      ["25 lakh", 2_500_000],
      ["1.2 crore", 12_000_000],
      ["2,500,000", 2_500_000],
    ] as const) {
      const plan = await testApp.visas.saveFunds(student.studentId, applicationId, {
        sources: [{ kind: "education-loan", amount: typed, currency: "INR" }],
      });
      expect(plan.verdict?.totalRupees, typed).toBe(rupees);
    }
    const refused = await testApp.visas
      .saveFunds(student.studentId, applicationId, { sources: [{ kind: "education-loan", amount: "25,0,000", currency: "INR" }] })
      .catch((error: unknown) => error);
    expect(AppError.is(refused) && refused.fields).toEqual({
      "sources.0.amount": "Enter the amount in figures, for example 25,00,000, 2,500,000 or 25 lakh",
    });
    expect(AppError.is(refused) && refused.message).not.toBe("Add at least one source of money.");
    // Put back the savings the next tests read.
    await testApp.visas.saveFunds(student.studentId, applicationId, {
      sources: [
        { kind: "family-savings", amount: "500000", currency: "INR", heldSince: "2027-06-10", statementDate: "2027-06-20" },
      ],
      applyOn: "2027-07-01",
    });
  });

  it("says which date the steps need when the application has no intake", async () => {
    const [intake] = await database.db
      .select({ month: applications.intakeMonth, year: applications.intakeYear })
      .from(applications)
      .where(eq(applications.id, applicationId));
    await database.db.update(applications).set({ intakeMonth: null, intakeYear: null }).where(eq(applications.id, applicationId));
    try {
      const plan = await testApp.visas.plan(student.studentId, applicationId);
      expect(plan.stepsNeedIntake).toBe(true);
      expect(plan.steps.every((s) => s.startBy === null)).toBe(true);
    } finally {
      await database.db
        .update(applications)
        .set({ intakeMonth: intake?.month ?? null, intakeYear: intake?.year ?? null })
        .where(eq(applications.id, applicationId));
    }
  });

  it("lets the student mark a step done with its date, and a counsellor record the outcome with its reason, audited", async () => {
    const plan = await testApp.visas.plan(student.studentId, applicationId);
    const dated = plan.steps.find((s) => s.dateLabel) ?? plan.steps[0];
    const saved = await testApp.visas.saveStep(student.studentId, applicationId, {
      step: dated?.key,
      done: "on",
      onDate: "2027-07-15",
    });
    expect(saved.steps.find((s) => s.key === dated?.key)).toMatchObject({ done: true, onDate: "2027-07-15" });
    await expect(testApp.visas.saveStep(student.studentId, applicationId, { step: "no-such-step", done: "on" })).rejects.toThrow(
      "This plan has no such step.",
    );
  });

  it("refuses a step's date outside the product's days with the field's message, keeping the date saved (decision 0048)", async () => {
    const plan = await testApp.visas.plan(student.studentId, applicationId);
    const dated = plan.steps.find((s) => s.onDate) ?? plan.steps[0];
    for (const onDate of ["0000-01-01", "9999-12-31", "1999-12-31"]) {
      const refused = await testApp.visas
        .saveStep(student.studentId, applicationId, { step: dated?.key, done: "on", onDate })
        .catch((error: unknown) => error);
      expect(AppError.is(refused) && refused.status, onDate).toBe(400);
      expect(AppError.is(refused) && refused.fields, onDate).toEqual({ onDate: "Enter a date" });
    }
    const kept = await testApp.visas.plan(student.studentId, applicationId);
    expect(kept.steps.find((s) => s.key === dated?.key)?.onDate).toBe(dated?.onDate);
  });
});

describe("mock interview practice", () => {
  let practiceId: number;

  it("chooses the questions from the student's file and fills them in", async () => {
    practiceId = await testApp.visas.startPractice(student.studentId, { country: "united-kingdom", refusal: "on" });
    const practice = await testApp.visas.practice(student.studentId, practiceId);
    expect(practice.answers.length).toBe(12);
    const asked = practice.answers.map((a) => a.question);
    expect(asked.some((q) => q.includes(ukCourse.university) || q.includes(ukCourse.name))).toBe(true);
    expect(asked.join(" ")).not.toMatch(/\{\w+\}/);
    // The earlier refusal the student declared is asked about.
    expect(practice.answers.some((a) => a.theme === "immigration-history")).toBe(true);
    expect(practice.current).toBe(1);
  });

  it("keeps the current question's clock on the server: a reload resumes it, a break of over an hour starts it afresh", async () => {
    const first = await testApp.visas.openPractice(student.studentId, practiceId);
    expect(first.secondsLeft).toBe(90);
    // Twenty seconds later the student reloads the page: the clock has run on.
    const slot = and(eq(visaPracticeAnswers.practiceId, practiceId), eq(visaPracticeAnswers.position, 1));
    await database.db
      .update(visaPracticeAnswers)
      .set({ askedAt: new Date(Date.now() - 20_000) })
      .where(slot);
    const reloaded = await testApp.visas.openPractice(student.studentId, practiceId);
    expect(reloaded.secondsLeft).toBeGreaterThanOrEqual(69);
    expect(reloaded.secondsLeft).toBeLessThanOrEqual(70);
    // Ten minutes on, time is up, and stays up however often the page is loaded.
    await database.db
      .update(visaPracticeAnswers)
      .set({ askedAt: new Date(Date.now() - 10 * 60_000) })
      .where(slot);
    expect((await testApp.visas.openPractice(student.studentId, practiceId)).secondsLeft).toBe(0);
    expect((await testApp.visas.openPractice(student.studentId, practiceId)).secondsLeft).toBe(0);
    // Back the next day: the question is put afresh.
    await database.db
      .update(visaPracticeAnswers)
      .set({ askedAt: new Date(Date.now() - 26 * 3600_000) })
      .where(slot);
    expect((await testApp.visas.openPractice(student.studentId, practiceId)).secondsLeft).toBe(90);
  });

  it("gives feedback at once, with a note where the answer does not match the file", async () => {
    const practice = await testApp.visas.practice(student.studentId, practiceId);
    const typed = await answer(student, practiceId, {
      position: "1",
      mode: "typed",
      text: "My first year will cost about 5 lakh in total, and my father will pay it from his savings and an education loan.",
    });
    expect(typed.status, typed.text).toBe(200);
    const feedback = typed.body.data.feedback;
    expect(feedback.length.unit).toBe("words");
    expect(Array.isArray(feedback.covered)).toBe(true);
    expect(feedback.consistency).toContain("You mentioned a loan; your funds check lists no education loan.");
    expect(feedback.consistency.join(" ")).toMatch(/^You said 5 lakh; your first year is estimated at [\d.]+ lakh\./m);
    expect(practice.answers[0]?.question).toBeTruthy();
  });

  it("keeps a spoken answer's recording for its owner and their counsellor only, and logs the counsellor's listening", async () => {
    const recording = webmRecording(18);
    const spoken = await answer(student, practiceId, { position: "2", mode: "spoken", durationSeconds: "18" }, recording);
    expect(spoken.status, spoken.text).toBe(200);
    expect(spoken.body.data.feedback).toMatchObject({ length: { measured: 18, unit: "seconds" }, covered: null });
    const practice = await testApp.visas.practice(student.studentId, practiceId);
    const url = practice.answers[1]?.recordingUrl ?? "";
    expect(url).toMatch(/^\/files\/recordings\/[A-Za-z0-9_-]{24}$/);
    const mine = await api.fetch(url, { cookie: student.cookie });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("audio/webm");
    expect(new Uint8Array(await mine.arrayBuffer()).byteLength).toBe(recording.byteLength);
    const stranger = await createStudent(api, { name: "Not Meera" });
    expect((await api.fetch(url, { cookie: stranger.cookie })).status).toBe(404);
    expect((await api.fetch(url)).status).toBe(404);
    const staffUrl = `/staff${url}`;
    expect((await api.fetch(staffUrl, team.as("ravi"))).status).toBe(404);
    expect((await api.fetch(staffUrl, team.as("asha"))).status).toBe(200);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "recording.viewed"), eq(auditLog.studentId, student.studentId)));
    expect(entry?.actorLabel).toMatch(/Asha Rao/);
    const access = await api.get("/api/v1/students/me/access-log", { cookie: student.cookie });
    expect(JSON.stringify(access.body)).toContain("Listened to your recorded answer 2");
  });

  it("takes a spoken answer of 30 seconds and more at the recorder's bit rate, up to the practice's timer", async () => {
    // 40 seconds at 48 kbit/s, as the browser's recorder sends it: far over the 64 KB a form may carry.
    const forty = webm((40 * RECORDING_BITS_PER_SECOND) / 8);
    expect(forty.byteLength).toBeGreaterThan(64 * 1024);
    const spoken = await answer(student, practiceId, { position: "3", mode: "spoken", durationSeconds: "40" }, forty);
    expect(spoken.status, spoken.text).toBe(200);
    expect(spoken.body.data.feedback.length).toMatchObject({ measured: 40, unit: "seconds" });
    // The whole timer (90 seconds here) fits too.
    const full = webm((90 * RECORDING_BITS_PER_SECOND) / 8);
    const ninety = await answer(student, practiceId, { position: "3", mode: "spoken", durationSeconds: "90" }, full);
    expect(ninety.status, ninety.text).toBe(200);
    // Back to unanswered for the next test, which reads the refusals on position 3.
    await database.db
      .update(visaPracticeAnswers)
      .set({ answeredAt: null })
      .where(and(eq(visaPracticeAnswers.practiceId, practiceId), eq(visaPracticeAnswers.position, 3)));
  });

  it("judges a spoken answer by the recording's own length, not the browser's word for it (decision 0048)", async () => {
    // A practice of its own, so the answers of the practice above stay as the tests below expect.
    const practiceId = await testApp.visas.startPractice(student.studentId, { country: "united-kingdom" });
    for (const [position, recording, type] of [
      ["4", webmRecording(7), "audio/webm"],
      ["5", oggRecording(7), "audio/ogg"],
    ] as const) {
      const spoken = await answer(student, practiceId, { position, mode: "spoken", durationSeconds: "180" }, recording, type);
      expect(spoken.status, spoken.text).toBe(200);
      expect(spoken.body.data.feedback.length).toMatchObject({ measured: 7, unit: "seconds" });
    }
    // Longer than a recording may last, whatever the browser says: refused, the earlier answer kept.
    const long = await testApp.visas
      .answer(
        student.studentId,
        practiceId,
        { position: "4", mode: "spoken", durationSeconds: "20" },
        { bytes: webmRecording(200) },
      )
      .catch((error: unknown) => error);
    expect(AppError.is(long) && long.fields).toEqual({ recording: "A recording can be at most 3 minutes long." });
    const kept = await testApp.visas.practice(student.studentId, practiceId);
    expect(kept.answers[3]?.durationSeconds).toBe(7);
    // Gone again, so the export below holds the practices it counts.
    await database.db.delete(visaPractices).where(eq(visaPractices.id, practiceId));
  });

  it("refuses a recording in an unknown format, too large or cut off half-way, and an empty typed answer, keeping earlier answers", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.4\n%%EOF\n");
    const wrong = await answer(student, practiceId, { position: "3", mode: "spoken", durationSeconds: "10" }, pdf, "audio/webm");
    expect(wrong.status).toBe(415);
    expect(wrong.body.error.message).toBe("We could not read this recording. Record it again, or type your answer.");
    // Longer than this practice's 90 seconds at the recorder's bit rate: refused in seconds, not bytes.
    const long = await answer(
      student,
      practiceId,
      { position: "3", mode: "spoken", durationSeconds: "90" },
      webm(recordingBytesFor(90) + 1),
    );
    expect(long.status).toBe(413);
    expect(long.body.error.message).toBe(
      "This recording is longer than the 90 seconds an answer can take. Record a shorter answer, or type it: your earlier answers are saved.",
    );
    // Far larger than any answer: refused while it streams in, before it is read.
    const large = await answer(
      student,
      practiceId,
      { position: "3", mode: "spoken", durationSeconds: "10" },
      webm(9 * 1024 * 1024),
    );
    expect(large.status).toBe(413);
    expect(large.body.error.message).toContain(`longer than the ${MAX_RECORDING_SECONDS} seconds`);
    const empty = await answer(student, practiceId, { position: "3", mode: "typed", text: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe("Type your answer, or record it.");
    // An upload cut off half-way (the connection dropped): the body ends before its closing boundary.
    const whole = new Response(answerForm({ position: "3", mode: "spoken", durationSeconds: "10" }, webm(64 * 1024)));
    const bytes = new Uint8Array(await whole.arrayBuffer());
    const cut = await api.call(`/api/v1/students/me/visa-practices/${practiceId}/answers`, {
      cookie: student.cookie,
      method: "POST",
      body: bytes.slice(0, bytes.length / 2),
      headers: { "Content-Type": whole.headers.get("Content-Type") ?? "" },
    });
    expect(cut.status).toBe(400);
    expect(cut.body.error.message).toBe(
      "The recording did not arrive whole. Record it again, or type your answer: your earlier answers are saved.",
    );
    const practice = await testApp.visas.practice(student.studentId, practiceId);
    expect(practice.answers.filter((a) => a.answeredAt).map((a) => a.position)).toEqual([1, 2]);
    // Abandoned and resumed: the practice goes on at the first unanswered question.
    expect(practice.current).toBe(3);
  });

  it("is shared when finished, scored by the counsellor on the rubric, and the student reads the scores", async () => {
    const early = await testApp.visas.share(student.studentId, practiceId).catch((e: unknown) => e);
    expect(AppError.is(early) && early.message).toBe("Answer every question before you share the practice.");
    for (let position = 3; position <= 12; position += 1) {
      const typed = await answer(student, practiceId, {
        position: String(position),
        mode: "typed",
        text: "I will return to India to work.",
      });
      expect(typed.status, typed.text).toBe(200);
    }
    const mailsTo = (address: string) => sink.messages.filter((m) => m.to.includes(address));
    const before = mailsTo(team.asha.email).length;
    await testApp.visas.share(student.studentId, practiceId);
    // Decision 0049: the counsellor is mailed once (sharing again sends nothing) with the practice's link.
    await testApp.visas.share(student.studentId, practiceId);
    await expect.poll(() => mailsTo(team.asha.email).length).toBe(before + 1);
    const told = mailsTo(team.asha.email).at(-1);
    expect(told?.subject).toBe("Meera Pillai shared a mock visa interview for your review");
    expect(told?.text).toContain(`https://ignite.example/staff/visas/practices/${practiceId}`);
    const asha = { staffId: team.asha.staffId, role: "counsellor" as const, fullName: "Asha Rao", email: team.asha.email };
    const ravi = { staffId: team.ravi.staffId, role: "counsellor" as const, fullName: "Ravi Kumar", email: team.ravi.email };
    expect((await testApp.staff.visas.practiceQueue(asha)).map((q) => q.id)).toContain(practiceId);
    expect((await testApp.staff.visas.practiceQueue(ravi)).map((q) => q.id)).not.toContain(practiceId);
    await expect(testApp.staff.visas.practiceForReview(ravi, practiceId)).rejects.toThrow("No such practice.");
    const scores = { clarity: 4, specificity: 3, consistency: 2, intent: 5, delivery: 4 };
    const incomplete = await testApp.staff.visas
      .reviewPractice(asha, practiceId, { answers: [{ position: 1, scores }] })
      .catch((e: unknown) => e);
    expect(AppError.is(incomplete) && incomplete.message).toBe("Score every answer from 1 to 5 on each line of the rubric.");
    const all = Array.from({ length: 12 }, (_, i) => ({
      position: i + 1,
      scores,
      comment: i === 0 ? "Name the loan in your answer." : "",
    }));
    expect(await testApp.visas.reviewNotice(student.studentId)).toBeNull();
    const studentMails = mailsTo(student.email).length;
    await testApp.staff.visas.reviewPractice(asha, practiceId, { answers: all });
    // The student is mailed that the review is ready, and a notice waits until they open it.
    await expect.poll(() => mailsTo(student.email).length).toBe(studentMails + 1);
    const ready = mailsTo(student.email).at(-1);
    expect(ready?.subject).toBe("Your mock visa interview has been reviewed");
    expect(ready?.text).toContain(`https://ignite.example/visa/practice/${practiceId}`);
    expect(ready?.text).toContain("Asha Rao has reviewed your mock visa interview for United Kingdom");
    expect(await testApp.visas.reviewNotice(student.studentId)).toEqual({ practiceId, country: "United Kingdom" });
    await testApp.visas.openPractice(student.studentId, practiceId);
    expect(await testApp.visas.reviewNotice(student.studentId)).toBeNull();
    const seen = await testApp.visas.practice(student.studentId, practiceId);
    expect(seen.reviewedAt).not.toBeNull();
    expect(seen.answers[0]).toMatchObject({ scores, comment: "Name the loan in your answer." });
    const readiness = await testApp.visas.readiness(student.studentId);
    expect(readiness.at(-1)?.themes).toBeTruthy();
    expect(Object.values(readiness.at(-1)?.themes ?? {}).some((t) => t.rubric === 3.6)).toBe(true);
  });

  it("held live as a counselling session, is made once for the session and scored on the same rubric", async () => {
    const slots = await testApp.counselling.slotsForStudent(student.studentId, "mock-visa-interview");
    expect(slots.length).toBeGreaterThan(0);
    const startsAt = slots[0] ?? new Date(0);
    const { session } = await testApp.counselling.book(student.studentId, {
      kind: "mock-visa-interview",
      slot: startsAt.toISOString(),
    });
    const asha = { staffId: team.asha.staffId, role: "counsellor" as const, fullName: "Asha Rao", email: team.asha.email };
    const ravi = { staffId: team.ravi.staffId, role: "counsellor" as const, fullName: "Ravi Kumar", email: team.ravi.email };
    await expect(testApp.staff.visas.startLivePractice(ravi, session.id)).rejects.toThrow("No such mock interview session.");
    const id = await testApp.staff.visas.startLivePractice(asha, session.id);
    expect(await testApp.staff.visas.startLivePractice(asha, session.id)).toBe(id);
    const live = await testApp.staff.visas.practiceForReview(asha, id);
    expect(live.answers.length).toBe(12);
    expect(live.answers.every((a) => a.mode === "live" && a.answeredAt)).toBe(true);
    const scores = { clarity: 3, specificity: 3, consistency: 3, intent: 4, delivery: 3 };
    await testApp.staff.visas.reviewPractice(asha, id, { answers: live.answers.map((a) => ({ position: a.position, scores })) });
    const seen = await testApp.visas.practice(student.studentId, id);
    expect(seen.answers[0]?.scores).toEqual(scores);
    expect((await testApp.visas.practices(student.studentId)).map((p) => p.id)).toContain(id);
  });

  it("opened from a visa plan, asks about that application's university and course, though a newer one is there", async () => {
    const [other] = await database.db
      .select({ id: courses.id, university: universities.name })
      .from(courses)
      .innerJoin(universities, eq(universities.id, courses.universityId))
      .innerJoin(countries, eq(countries.id, universities.countryId))
      .where(and(eq(countries.name, "United Kingdom"), ne(universities.name, ukCourse.university)))
      .limit(1);
    if (!other) throw new Error("the demo catalogue has one UK university only");
    await database.db.delete(courseIntakes).where(eq(courseIntakes.courseId, other.id));
    await createApplication(api, team.asha, student, other.id, { moves: ["Ready to submit"] });
    const started: number[] = [];
    const asked = async (raw: Record<string, unknown>) => {
      const id = await testApp.visas.startPractice(student.studentId, { country: "united-kingdom", ...raw });
      started.push(id);
      return (await testApp.visas.practice(student.studentId, id)).answers.map((a) => a.question).join(" ");
    };
    // Without a named application, the newest one there; from the plan, the plan's own.
    expect(await asked({})).toContain(other.university);
    const fromPlan = await asked({ application: String(applicationId) });
    expect(fromPlan).toContain(ukCourse.university);
    expect(fromPlan).not.toContain(other.university);
    // An application that is not the student's is no file of theirs: the practice uses their own.
    const stranger = await createStudent(api, { name: "Kiran Bose" });
    const theirs = await testApp.visas.startPractice(stranger.studentId, {
      country: "united-kingdom",
      application: String(applicationId),
    });
    const strangerAsked = (await testApp.visas.practice(stranger.studentId, theirs)).answers.map((a) => a.question).join(" ");
    expect(strangerAsked).not.toContain(ukCourse.university);
    // The export below counts the practices the student answered.
    await database.db.delete(visaPractices).where(inArray(visaPractices.id, started));
  });

  it("is in the student's data export with its recordings, and erasure removes the recordings from storage", async () => {
    const asked = await api.post("/api/v1/students/me/data-export", undefined, { cookie: student.cookie });
    expect(asked.status).toBe(202);
    let ready: { url: string } | undefined;
    for (let i = 0; i < 100 && !ready; i += 1) {
      const { body } = await api.get("/api/v1/students/me/data-export", { cookie: student.cookie });
      if (body.data?.status === "ready") ready = body.data;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const download = await api.fetch(ready?.url ?? "", { cookie: student.cookie });
    const zip = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const data = JSON.parse(new TextDecoder().decode(zip["ignite-data.json"]));
    expect(data.mockVisaInterviews).toHaveLength(2);
    const recorded = data.mockVisaInterviews[0].answers.find((a: { recording: string | null }) => a.recording);
    expect(recorded.recording).toMatch(/^recordings\/practice-\d+-answer-2\.webm$/);
    expect(zip[recorded.recording]?.byteLength).toBe(webmRecording(18).byteLength);

    const [stored] = await database.db
      .select({ key: visaPracticeAnswers.recordingKey })
      .from(visaPracticeAnswers)
      .where(isNotNull(visaPracticeAnswers.recordingKey));
    const file = path.join(dataDir, "uploads", stored?.key ?? "missing");
    expect(existsSync(file)).toBe(true);
    const erased = await api.post("/api/v1/students/me/erase", { password: student.password }, { cookie: student.cookie });
    expect(erased.status, erased.text).toBe(200);
    expect(existsSync(file)).toBe(false);
  });
});
