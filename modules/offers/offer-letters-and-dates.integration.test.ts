import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { exportReady } from "../../tests/support/data-export.ts";
import {
  createApplication,
  createCourse,
  createStudent,
  createUniversity,
  documentForm,
  type FileToSend,
  type Student,
} from "../../tests/support/factories.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import { countries } from "../catalogue/tables.ts";
import { offerDateReminders } from "../deadlines/tables.ts";
import { studentFiles } from "../documents/tables.ts";
import { parentSharing } from "../parents/tables.ts";
import { auditLog } from "../tables.ts";
import { offerLetters, offers } from "./tables.ts";

/**
 * What offers still lacked: their dates in Deadlines, the calendar feed and the reminders (decision
 * 0090); the parent's link showing them, amounts only by the student's choice (decision 0091); the
 * student's upload of the offer letter for the counsellor to confirm (decision 0092); the counsellor told
 * of a reply on Today (decision 0093). Export and erasure of what is new. PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let student: Student;
let other: Student;
let leeds: number;
let york: number;
let early: number;
let othersApplication: number;

const DAY_MS = 86_400_000;
/** The India day `days` from now, as the offer form takes it. */
const inDays = (days: number) => indianDay(Date.now() + days * DAY_MS);
const record = (applicationId: number, offer: Record<string, unknown>) =>
  api.put(`/api/v1/staff/applications/${applicationId}/offer`, offer, team.as("asha"));
const deadlinesOf = async (who: Student) => {
  const answer = await api.get("/api/v1/students/me/deadlines", { cookie: who.cookie });
  expect(answer.status, answer.text).toBe(200);
  return (
    answer.body.data.items as { uid: string; kind: string; day: string; title: string; titleHi: string; href: string }[]
  ).filter((i) => i.kind === "offer");
};
const offerIdOn = async (applicationId: number) => {
  const [row] = await database.db.select({ id: offers.id }).from(offers).where(eq(offers.applicationId, applicationId));
  if (!row) throw new Error(`no offer on ${applicationId}`);
  return row.id;
};
/** A subject as the reader sees it: RFC 2047 "Q" and "B" encoded words (Devanagari) decoded. */
const subjectOf = (raw: string) =>
  raw
    .replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/gi, (_, word: string) =>
      new TextDecoder().decode(
        Uint8Array.from(word.replace(/_/g, " ").match(/=[0-9A-F]{2}|[^=]/gi) ?? [], (part) =>
          part.length === 3 ? Number.parseInt(part.slice(1), 16) : part.charCodeAt(0),
        ),
      ),
    )
    .replace(/=\?UTF-8\?B\?(.*?)\?=\s*/gi, (_, word: string) => Buffer.from(word, "base64").toString("utf8"));
/** The reminders about offers the student received since `from`, once the outbox sent `count` (up to 5 s). */
async function offerReminders(to: string, from: number, count: number) {
  for (let i = 0; i < 50; i += 1) {
    const found = sink.messages.slice(from).filter((m) => m.to.includes(to));
    if (found.length >= count) return found.map((m) => subjectOf(m.subject));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return sink.messages
    .slice(from)
    .filter((m) => m.to.includes(to))
    .map((m) => subjectOf(m.subject));
}

/** A real one-page PDF as a university's portal saves it, and a phone photo's first bytes (a JPEG). */
const pdf: FileToSend = {
  bytes: new TextEncoder().encode(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  ),
  name: "Offer letter - University of York.pdf",
  type: "application/pdf",
};
const uploadLetter = (who: Student, applicationId: number, file: FileToSend) =>
  api.fetch(`/api/v1/students/me/applications/${applicationId}/offer-letter`, {
    form: documentForm({ file }),
    cookie: who.cookie,
  });

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  testApp = createTestApp(database, {
    SMTP_URL: sink.url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ignite-offer-dates-")),
    PUBLIC_URL: "https://ignite.test",
  });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "offer-dates.test");
  student = await createStudent(api, { name: "Priya Nair" });
  other = await createStudent(api, { name: "Kabir Singh" });
  for (const who of [student, other]) {
    const assigned = await api.post(
      `/api/v1/staff/students/${who.studentId}/counsellor`,
      { counsellorStaffId: team.asha.staffId },
      team.as("admin"),
    );
    expect(assigned.status, assigned.text).toBe(200);
  }
  const [uk] = await database.db.select({ id: countries.id }).from(countries).where(eq(countries.name, "United Kingdom"));
  if (!uk) throw new Error("the demo catalogue has no United Kingdom");
  const leedsU = await createUniversity(api, team.admin, { countryId: uk.id, name: "University of Leeds (dates test)" });
  const yorkU = await createUniversity(api, team.admin, { countryId: uk.id, name: "University of York (dates test)" });
  const course = (universityId: number, name: string) =>
    createCourse(api, team.admin, { universityId, name, durationMonths: 12, feeAmount: 24_000, feeCurrency: "GBP" });
  const submitted = ["Ready to submit", "Submitted"];
  leeds = (
    await createApplication(api, team.asha, student, (await course(leedsU.id, "MSc Data Science")).id, { moves: submitted })
  ).id;
  york = (
    await createApplication(api, team.asha, student, (await course(yorkU.id, "MSc Computer Science")).id, { moves: submitted })
  ).id;
  early = (await createApplication(api, team.asha, student, (await course(yorkU.id, "MSc Robotics")).id)).id;
  othersApplication = (
    await createApplication(api, team.asha, other, (await course(leedsU.id, "MSc Statistics")).id, { moves: submitted })
  ).id;
  // A staff team, four courses and four applications moved through the API: a minute or more on busy cores.
}, 240_000);
afterAll(async () => {
  await sink.close();
  await database.close();
});

describe("an offer's dates in Deadlines, the calendar feed and the reminders", () => {
  it("lists the reply date, the deposit's due date and each pending condition's, not a met one", async () => {
    const recorded = await record(leeds, {
      kind: "conditional",
      conditions: [
        { text: "IELTS Academic 6.5 overall, no band below 6.0", state: "pending", dueOn: inDays(25) },
        { text: "Final degree transcript with 60%", state: "met", dueOn: inDays(5) },
      ],
      scholarship: { amount: "3,000", currency: "GBP", years: 1 },
      deposit: { amount: "2,000", currency: "GBP", dueOn: inDays(20) },
      replyBy: inDays(10),
    });
    expect(recorded.status, recorded.text).toBe(200);
    const items = await deadlinesOf(student);
    expect(items.map((i) => [i.day, i.title, i.titleHi])).toEqual([
      [inDays(10), "Reply to the offer", "ऑफ़र का जवाब दें"],
      [inDays(20), "Pay the offer's deposit", "ऑफ़र का डिपॉज़िट जमा करें"],
      [
        inDays(25),
        "Meet the offer's condition: IELTS Academic 6.5 overall, no band below 6.0",
        "ऑफ़र की शर्त पूरी करें: IELTS Academic 6.5 overall, no band below 6.0",
      ],
    ]);
    expect(items.every((i) => i.href === "/user/offers")).toBe(true);
    // The calendar feed holds the same dates, titled with their kind.
    const { token } = await testApp.deadlines.renewFeed(student.studentId);
    const feed = await api.get(`/calendar/${token}.ics`);
    expect(feed.status).toBe(200);
    expect(feed.text).toContain("SUMMARY:Offer: Reply to the offer");
    expect(feed.text).toContain(`DTSTART;VALUE=DATE:${inDays(10).replaceAll("-", "")}`);
    expect(feed.text).toContain("SUMMARY:Offer: Pay the offer's deposit");
  });

  it("reminds by the application reminders' rules: not while they are off, once per threshold, in the student's language", async () => {
    await api.put("/api/v1/students/me/deadline-reminders", { on: false }, { cookie: student.cookie });
    const before = sink.messages.length;
    expect(await testApp.deadlines.sendDueReminders()).toBe(0);
    await api.put("/api/v1/students/me/deadline-reminders", { on: true }, { cookie: student.cookie });
    // The student chose Hindi while signed in (decision 0086).
    await testApp.deadlines.rememberLanguage(student.studentId, "hi");
    // 10 days left: the 14-day reminder; 20 and 25 days left: the 30-day one.
    expect(await testApp.deadlines.sendDueReminders()).toBeGreaterThanOrEqual(3);
    expect(await testApp.deadlines.sendDueReminders()).toBe(0);
    const subjects = (await offerReminders(student.email, before, 3)).filter((s) => s.includes("ऑफ़र"));
    expect(subjects.sort()).toEqual(
      [
        "ऑफ़र का जवाब दें 10 दिन में: University of Leeds (dates test)",
        "ऑफ़र का डिपॉज़िट जमा करें 20 दिन में: University of Leeds (dates test)",
        "ऑफ़र की शर्त पूरी करें: IELTS Academic 6.5 overall, no band below 6.0 25 दिन में: University of Leeds (dates test)",
      ].sort(),
    );
    const claimed = await database.db
      .select({ item: offerDateReminders.itemUid, threshold: offerDateReminders.thresholdDays })
      .from(offerDateReminders)
      .where(eq(offerDateReminders.studentId, student.studentId));
    expect(claimed.map((c) => c.threshold).sort()).toEqual([14, 30, 30]);
  });

  it("drops the reply date once replied, the deposit's once paid, and every date of a declined offer", async () => {
    const accepted = await api.post(
      `/api/v1/students/me/offers/${await offerIdOn(leeds)}/reply`,
      { reply: "accept" },
      { cookie: student.cookie },
    );
    expect(accepted.status, accepted.text).toBe(200);
    expect((await deadlinesOf(student)).map((i) => i.title)).toEqual([
      "Pay the offer's deposit",
      "Meet the offer's condition: IELTS Academic 6.5 overall, no band below 6.0",
    ]);
    const paid = await api.post(`/api/v1/staff/applications/${leeds}/moves`, { status: "Deposit paid" }, team.as("asha"));
    expect(paid.status, paid.text).toBe(200);
    expect((await deadlinesOf(student)).map((i) => i.title)).toEqual([
      "Meet the offer's condition: IELTS Academic 6.5 overall, no band below 6.0",
    ]);
    // York's offer, with its own dates, declined: none of them stays.
    expect(
      (
        await record(york, {
          kind: "unconditional",
          deposit: { amount: "1500", currency: "GBP", dueOn: inDays(12) },
          replyBy: inDays(8),
        })
      ).status,
    ).toBe(200);
    const yorkId = await offerIdOn(york);
    expect((await deadlinesOf(student)).filter((i) => i.uid.startsWith(`offer-${yorkId}-`))).toHaveLength(2);
    const declined = await api.post(
      `/api/v1/students/me/offers/${yorkId}/reply`,
      { reply: "decline", reason: "Leeds has the course I want" },
      { cookie: student.cookie },
    );
    expect(declined.status, declined.text).toBe(200);
    expect((await deadlinesOf(student)).filter((i) => i.uid.startsWith(`offer-${yorkId}-`))).toEqual([]);
  });
});

describe("the counsellor told of a reply", () => {
  it("gets one mail per reply and a line on Today with the reply's state", async () => {
    const mails = sink.messages.filter((m) => m.to.includes("asha@offer-dates.test")).map((m) => subjectOf(m.subject));
    expect(mails.filter((s) => s.includes("accepted the offer from University of Leeds"))).toHaveLength(1);
    expect(mails.filter((s) => s.includes("declined the offer from University of York"))).toHaveLength(1);
    const replies = await testApp.staff.offers.recentReplies(team.asha, 7);
    expect(replies.map((r) => [r.applicationId, r.state])).toEqual([
      [york, "declined"],
      [leeds, "accepted"],
    ]);
    // Another counsellor's Today does not list Asha's students.
    expect(await testApp.staff.offers.recentReplies(team.ravi, 7)).toEqual([]);
  });
});

describe("the parent's link shows the offers", () => {
  let token: string;
  it("shows each offer's kind and state and the chosen university, never the amounts by default", async () => {
    const created = await api.post("/api/v1/students/me/parent-links", { label: "Mother", days: 30 }, { cookie: student.cookie });
    expect(created.status, created.text).toBe(201);
    token = created.body.data.token;
    const sharing = await api.get("/api/v1/students/me/parent-sharing", { cookie: student.cookie });
    expect(sharing.body.data.offerAmounts).toBe(false);
    const view = await api.get(`/api/v1/parent/${token}`);
    expect(view.status, view.text).toBe(200);
    expect(view.body.data.offerAmountsShared).toBe(false);
    expect(view.body.data.offers).toEqual([
      {
        university: "University of Leeds (dates test)",
        course: "MSc Data Science",
        country: "United Kingdom",
        kind: "conditional",
        state: "accepted",
        replyBy: inDays(10),
      },
      {
        university: "University of York (dates test)",
        course: "MSc Computer Science",
        country: "United Kingdom",
        kind: "unconditional",
        state: "declined",
        replyBy: inDays(8),
      },
    ]);
    expect(view.text).not.toContain("3000");
    expect(view.text).not.toContain("Leeds has the course I want");
  });

  it("shows the scholarship and deposit once the student chooses to share them, and not after they stop", async () => {
    const refused = await api.put("/api/v1/students/me/parent-sharing", { offerAmounts: "perhaps" }, { cookie: student.cookie });
    expect(refused.status).toBe(400);
    const shared = await api.put("/api/v1/students/me/parent-sharing", { offerAmounts: true }, { cookie: student.cookie });
    expect(shared.status, shared.text).toBe(200);
    expect(shared.body.message).toBe("Saved. Your parent links show your offers' amounts.");
    const view = await api.get(`/api/v1/parent/${token}`);
    expect(view.body.data.offerAmountsShared).toBe(true);
    expect(view.body.data.offers.map((o: { scholarship: unknown; deposit: unknown }) => [o.scholarship, o.deposit])).toEqual([
      [
        { amount: 3000, currency: "GBP", years: 1 },
        { amount: 2000, currency: "GBP" },
      ],
      [null, { amount: 1500, currency: "GBP" }],
    ]);
    await api.put("/api/v1/students/me/parent-sharing", { offerAmounts: false }, { cookie: student.cookie });
    const hidden = await api.get(`/api/v1/parent/${token}`);
    expect(hidden.body.data.offers[0]).not.toHaveProperty("scholarship");
    expect(hidden.body.data.offers[0]).not.toHaveProperty("deposit");
  });
});

describe("the student uploads the offer letter for the counsellor to confirm", () => {
  it("refuses a file that is not a PDF or a photo, one too big, another student's application and one not yet submitted", async () => {
    const word = await uploadLetter(student, othersApplication, {
      bytes: new TextEncoder().encode("Dear Priya, we are pleased to offer you a place"),
      name: "offer.txt",
      type: "text/plain",
    });
    // Another student's application is not found, whatever the file.
    expect(word.status).toBe(404);
    const text = await uploadLetter(other, othersApplication, {
      bytes: new TextEncoder().encode("Dear Kabir, we are pleased to offer you a place"),
      name: "offer.txt",
      type: "text/plain",
    });
    expect(text.status).toBe(400);
    expect((await text.json()).message).toBe("Upload the offer letter as a PDF or a photo (JPEG, PNG or WebP).");
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(pdf.bytes);
    const tooBig = await uploadLetter(other, othersApplication, { bytes: big, name: "scan.pdf", type: "application/pdf" });
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).message).toBe("Files can be at most 10 MB.");
    const notYet = await uploadLetter(student, early, pdf);
    expect(notYet.status).toBe(409);
    expect((await notYet.json()).message).toBe(
      "Upload the offer letter once your application has been submitted to the university.",
    );
    const recordedAlready = await uploadLetter(student, leeds, pdf);
    expect(recordedAlready.status).toBe(409);
    expect((await recordedAlready.json()).message).toBe("Your counsellor has already recorded this offer.");
    expect(await database.db.select().from(offerLetters)).toEqual([]);
  });

  it("makes an offer awaiting confirmation: listed apart, not compared, not replied to; a second upload replaces the first", async () => {
    // A scanned letter of 300 KB, far above a form's body limit, within a document's.
    const scanned = new Uint8Array(300 * 1024).fill(0x20);
    scanned.set(pdf.bytes);
    const first = await uploadLetter(other, othersApplication, { ...pdf, bytes: scanned });
    expect(first.status, await first.clone().text()).toBe(200);
    const photo = {
      bytes: Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, ...new Array(200).fill(0)]),
      name: "IMG_20261120_101500.jpg",
      type: "image/jpeg",
    };
    const second = await uploadLetter(other, othersApplication, photo);
    expect(second.status, await second.clone().text()).toBe(200);
    const body = await second.json();
    expect(body.message).toBe("Your offer letter is uploaded. Your counsellor will confirm the offer from it.");
    expect(body.data.letter.name).toBe("IMG_20261120_101500.jpg");
    const listed = await api.get("/api/v1/students/me/offer-letters", { cookie: other.cookie });
    expect(listed.body.data.map((a: { application_id: number }) => a.application_id)).toEqual([othersApplication]);
    // Not an offer yet: nothing to compare or reply to.
    expect((await api.get("/api/v1/students/me/offers", { cookie: other.cookie })).body.data).toEqual([]);
    // The first file is gone; the one left opens for its owner and is private to everyone else.
    const files = await database.db
      .select()
      .from(studentFiles)
      .where(and(eq(studentFiles.studentId, other.studentId), eq(studentFiles.attachmentType, "Offer letter")));
    expect(files.map((f) => f.originalName)).toEqual(["IMG_20261120_101500.jpg"]);
    const url = body.data.letter.url as string;
    expect((await api.fetch(url, { cookie: other.cookie })).status).toBe(200);
    expect((await api.fetch(url, { cookie: student.cookie })).status).toBe(404);
    // Not in the documents' review queue: the offer form is its review.
    const queue = await testApp.staff.documents.reviewQueue(team.asha);
    expect(queue.filter((f) => f.attachmentType === "Offer letter")).toEqual([]);
  });

  it("is on the counsellor's Today and application page, and recording the offer confirms it", async () => {
    const toConfirm = await testApp.staff.offers.lettersToConfirm(team.asha);
    expect(toConfirm.map((l) => [l.applicationId, l.studentName])).toEqual([[othersApplication, "Kabir Singh"]]);
    expect(await testApp.staff.offers.lettersToConfirm(team.ravi)).toEqual([]);
    const letter = await testApp.staff.offers.letter(team.asha, othersApplication);
    expect(letter?.confirmedAt).toBeNull();
    // Staff open it through the console's file route: the view is audited.
    const opened = await api.fetch(`/staff/files/${letter?.letter?.publicId}`, team.as("asha"));
    expect(opened.status).toBe(200);
    const recorded = await record(othersApplication, { kind: "unconditional", replyBy: inDays(14) });
    expect(recorded.status, recorded.text).toBe(200);
    expect((await testApp.staff.offers.letter(team.asha, othersApplication))?.confirmedAt).toBeInstanceOf(Date);
    expect(await testApp.staff.offers.lettersToConfirm(team.asha)).toEqual([]);
    expect((await api.get("/api/v1/students/me/offer-letters", { cookie: other.cookie })).body.data).toEqual([]);
    const compared = (await api.get("/api/v1/students/me/offers", { cookie: other.cookie })).body.data;
    expect(compared.map((o: { application_id: number; state: string }) => [o.application_id, o.state])).toEqual([
      [othersApplication, "open"],
    ]);
    const audited = await database.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.studentId, other.studentId));
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(["document.viewed", "offer.recorded"]));
    expect(audited.find((a) => a.action === "offer.recorded")?.after).toMatchObject({ fromStudentLetter: true });
    // Once recorded, a new upload is refused.
    expect((await uploadLetter(other, othersApplication, pdf)).status).toBe(409);
  });
});

describe("Today's lists with many students of other counsellors", () => {
  it("still lists the counsellor's own letter and replies when other counsellors' students have more than a page of them", async () => {
    // 520 students of Ravi's, each with a submitted application, an older letter awaiting confirmation and a
    // newer reply: more than the 500 rows Today reads, made in SQL as the screens would take minutes.
    const bulk = sql`email like 'bulk-%@offer-dates.test'`;
    await database.db.execute(sql`
      insert into students (email, full_name, phone, password_hash, counsellor_staff_id)
      select 'bulk-' || g || '@offer-dates.test', 'विद्यार्थी ' || g, '9876543210', 'not-a-hash', ${team.ravi.staffId}
      from generate_series(1, 520) g`);
    await database.db.execute(sql`
      insert into applications (student_id, course_id, status)
      select s.id, (select course_id from applications where id = ${leeds}), 'Submitted' from students s where ${bulk}`);
    await database.db.execute(sql`
      insert into offers (application_id, student_id, kind, reply_by, state, replied_at)
      select a.id, a.student_id, 'unconditional', ${inDays(30)}, 'declined', now()
      from applications a join students s on s.id = a.student_id where ${bulk}`);
    const [file] = await database.db.select({ id: offerLetters.fileId }).from(offerLetters).limit(1);
    await database.db.execute(sql`
      insert into offer_letters (application_id, student_id, file_id, uploaded_at)
      select a.id, a.student_id, ${file?.id}, now() - interval '30 days'
      from applications a join students s on s.id = a.student_id where ${bulk}`);
    // Asha's own student uploads a letter for York today, the newest of all.
    await database.db.insert(offerLetters).values({ applicationId: york, studentId: student.studentId, fileId: file?.id ?? 0 });

    const letters = await testApp.staff.offers.lettersToConfirm(team.asha);
    expect(letters.map((l) => [l.applicationId, l.studentName])).toEqual([[york, "Priya Nair"]]);
    const replies = await testApp.staff.offers.recentReplies(team.asha, 7);
    expect(replies.map((r) => [r.applicationId, r.state])).toEqual([
      [york, "declined"],
      [leeds, "accepted"],
    ]);
    expect(await testApp.staff.offers.lettersToConfirm(team.ravi)).toHaveLength(500);

    await database.db.delete(offerLetters).where(eq(offerLetters.applicationId, york));
    await database.db.execute(sql`delete from students where ${bulk}`);
  });
});

describe("the student's data", () => {
  it("exports the letters, the sharing choice and the reminders sent; erasure removes them", async () => {
    await api.put("/api/v1/students/me/parent-sharing", { offerAmounts: true }, { cookie: student.cookie });
    for (const who of [student, other]) {
      expect((await api.post("/api/v1/students/me/data-export", undefined, { cookie: who.cookie })).status).toBe(202);
    }
    const read = async (who: Student) => {
      const ready = await exportReady(api, who.cookie);
      const zip = unzipSync(new Uint8Array(await (await api.fetch(ready.url, { cookie: who.cookie })).arrayBuffer()));
      return { zip, data: JSON.parse(new TextDecoder().decode(zip["ignite-data.json"])) };
    };
    const mine = await read(student);
    expect(mine.data.parentSharing).toMatchObject({ offerAmounts: true });
    expect(mine.data.deadlines.offerRemindersSent).toHaveLength(3);
    const theirs = await read(other);
    expect(theirs.data.offerLetters).toMatchObject([{ applicationId: othersApplication, file: "IMG_20261120_101500.jpg" }]);
    const letterFile = theirs.data.documents.find((d: { type: string }) => d.type === "Offer letter");
    expect(letterFile?.path).toBeTruthy();
    expect(theirs.zip[letterFile.path]).toBeDefined();

    for (const who of [student, other]) {
      const erased = await api.post("/api/v1/students/me/erase", { password: who.password }, { cookie: who.cookie });
      expect(erased.status, erased.text).toBe(200);
    }
    expect(await database.db.select().from(offerLetters)).toEqual([]);
    expect(await database.db.select().from(parentSharing)).toEqual([]);
    expect(await database.db.select().from(offerDateReminders)).toEqual([]);
  });
});
