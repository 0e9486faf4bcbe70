import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMessageService, messagesConsole } from "../../modules/messages/messages.ts";
import { conversationMessages } from "../../modules/messages/tables.ts";
import type { StaffMember } from "../../modules/policies.ts";
import { auditLog, mailOutbox } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createLogger } from "../../platform/log.ts";
import { createMailer } from "../../platform/mail/mailer.ts";
import { createMemoryRateLimiter } from "../../platform/rate-limit.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { exportReady } from "../../tests/support/data-export.ts";
import { createStudent, type Student, uploadDocument } from "../../tests/support/factories.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffTeam, type StaffTeam, type TeamMember } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { MESSAGE_MAX_LENGTH, messageMessages } from "../../vocabulary/messages.ts";

/**
 * One conversation per student (decision 0037): who may read and write it, the audit of
 * every staff reading and the student's access log, bad input, the quiet period's mail (sent once,
 * also when the mail server was away), and the export and erasure of the student's data.
 */
let database: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;

const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  testApp = createTestApp(database, { SMTP_URL: sink.url, PUBLIC_URL: "https://ignite.example" });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "messages.test");
});
afterAll(async () => {
  await testApp.consultations.settle();
  await sink.close();
  await database.close();
});

const mine = (student: Student) => ({ cookie: student.cookie });
const conversationPath = (student: Student) => `/api/v1/staff/students/${student.studentId}/messages`;

async function studentOf(counsellor: TeamMember | null, name = "Meera Iyer") {
  const student = await createStudent(api, { name });
  if (counsellor) await giveTo(student, counsellor);
  return student;
}

async function giveTo(student: Student, counsellor: TeamMember) {
  const answer = await api.post(
    `/api/v1/staff/students/${student.studentId}/counsellor`,
    { counsellorStaffId: team[counsellor].staffId },
    team.as("admin"),
  );
  expect(answer.status).toBe(200);
}

const reads = async (student: Student) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "conversation.read"), eq(auditLog.studentId, student.studentId)));

describe("a student and their counsellor write to each other", () => {
  it("each reads the other's message, and the unread count goes to zero on both sides", async () => {
    const meera = await studentOf("asha");
    const sent = await api.post("/api/v1/students/me/messages", { body: "Which documents do I need for the UK?" }, mine(meera));
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe(messageMessages.sent);

    const waiting = (await api.get("/api/v1/staff/messages/unread", team.as("asha"))).body.data;
    expect(waiting.students).toContainEqual(expect.objectContaining({ studentId: meera.studentId, unread: 1 }));

    const read = await api.get(conversationPath(meera), team.as("asha"));
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ counsellor: "Asha Rao", newForReader: 1 });
    expect(read.body.data.messages.map((m: { body: string; authorName: string }) => [m.authorName, m.body])).toEqual([
      ["Meera Iyer", "Which documents do I need for the UK?"],
    ]);
    const after = (await api.get("/api/v1/staff/messages/unread", team.as("asha"))).body.data;
    expect(after.students.find((s: { studentId: number }) => s.studentId === meera.studentId)).toBeUndefined();

    expect((await api.post(conversationPath(meera), { body: "Your passport and marks sheets." }, team.as("asha"))).status).toBe(
      201,
    );
    const hers = (await api.get("/api/v1/students/me/messages", mine(meera))).body.data;
    expect(hers.newForReader).toBe(1);
    expect(hers.messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ["student", "Which documents do I need for the UK?"],
      ["staff", "Your passport and marks sheets."],
    ]);
    expect((await api.get("/api/v1/students/me/messages", mine(meera))).body.data.newForReader).toBe(0);
    expect(await testApp.messages.unread(meera.studentId)).toBe(0);
  });

  it("a reassigned student's conversation follows them: the new counsellor reads the history, the old one no longer", async () => {
    const arjun = await studentOf("asha", "Arjun Nair");
    await api.post("/api/v1/students/me/messages", { body: "Is my SOP fine?" }, mine(arjun));
    await api.post(conversationPath(arjun), { body: "Send it over." }, team.as("asha"));
    await giveTo(arjun, "ravi");

    const ravis = await api.get(conversationPath(arjun), team.as("ravi"));
    expect(ravis.status).toBe(200);
    expect(ravis.body.data.counsellor).toBe("Ravi Kumar");
    expect(ravis.body.data.messages.map((m: { body: string }) => m.body)).toEqual(["Is my SOP fine?", "Send it over."]);
    expect((await api.get(conversationPath(arjun), team.as("asha"))).status).toBe(404);
    const refused = await api.post(conversationPath(arjun), { body: "Still here" }, team.as("asha"));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messageMessages.notYours);
  });
});

describe("who may read and write a conversation", () => {
  it("admins read and write every one; other staff only their students'; each staff reading is audited", async () => {
    const kavya = await studentOf("asha", "Kavya Pillai");
    await api.post("/api/v1/students/me/messages", { body: "Hello" }, mine(kavya));

    expect((await api.get(conversationPath(kavya), team.as("ravi"))).status).toBe(404);
    expect((await api.get(conversationPath(kavya), team.as("verifier"))).status).toBe(404);
    const viewer = await api.get(conversationPath(kavya), team.as("viewer"));
    expect(viewer.status).toBe(403);
    expect(viewer.body.message).toBe(messageMessages.cannotRead);
    for (const who of ["ravi", "viewer", "verifier"] as const) {
      const refused = await api.post(conversationPath(kavya), { body: "Not mine to write" }, team.as(who));
      expect(refused.status, who).toBe(403);
      expect(refused.body.message).toBe(messageMessages.notYours);
    }
    expect((await api.post("/api/v1/staff/students/999999/messages", { body: "Nobody" }, team.as("asha"))).status).toBe(403);
    expect((await api.post(conversationPath(kavya), { body: "Nobody" })).status).toBe(404);
    expect((await api.get("/api/v1/students/me/messages")).status).toBe(401);
    expect(await reads(kavya)).toEqual([]);

    // An admin reads it (audited) without taking the counsellor's unread count away.
    const admins = await api.get(conversationPath(kavya), team.as("admin"));
    expect(admins.status).toBe(200);
    expect(admins.body.data.newForReader).toBe(0);
    const ashas = (await api.get("/api/v1/staff/messages/unread", team.as("asha"))).body.data;
    expect(ashas.students).toContainEqual(expect.objectContaining({ studentId: kavya.studentId, unread: 1 }));
    expect((await api.get(conversationPath(kavya), team.as("asha"))).status).toBe(200);
    expect((await api.post(conversationPath(kavya), { body: "From the admin" }, team.as("admin"))).status).toBe(201);

    expect((await reads(kavya)).map((e) => e.actorStaffId)).toEqual([team.admin.staffId, team.asha.staffId]);
    const written = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "conversation.written"), eq(auditLog.studentId, kavya.studentId)));
    expect(written.map((e) => e.actorStaffId)).toEqual([team.admin.staffId]);

    // The student's "who has seen my data" lists each reading, by name and role.
    const log = (await api.get("/api/v1/students/me/access-log", mine(kavya))).body.data;
    expect(log.map((e: { staffName: string; text: string }) => [e.staffName, e.text])).toEqual([
      ["Asha Rao", "Read your conversation with your counsellor"],
      ["Administrator", "Read your conversation with your counsellor"],
    ]);
  });
});

describe("bad input", () => {
  it("empty, too long, markup and a document not theirs: clear answers, markup kept as text, nothing lost", async () => {
    const rohan = await studentOf("asha", "Rohan Das");
    const other = await studentOf("asha", "Other Student");
    for (const body of ["", "   ", undefined]) {
      const empty = await api.post("/api/v1/students/me/messages", { body }, mine(rohan));
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe(messageMessages.enterMessage);
    }
    const long = await api.post("/api/v1/students/me/messages", { body: "a".repeat(MESSAGE_MAX_LENGTH + 1) }, mine(rohan));
    expect(long.status).toBe(400);
    expect(long.body.error.fields.body).toBe(messageMessages.tooLong);
    const staffLong = await api.post(conversationPath(rohan), { body: "b".repeat(MESSAGE_MAX_LENGTH + 1) }, team.as("asha"));
    expect(staffLong.status).toBe(400);
    expect((await api.post("/api/v1/students/me/messages", { body: "a".repeat(MESSAGE_MAX_LENGTH) }, mine(rohan))).status).toBe(
      201,
    );

    const markup = `<script>alert("hi")</script><b>bold</b> see https://example.org/a?b=1`;
    expect((await api.post("/api/v1/students/me/messages", { body: markup }, mine(rohan))).status).toBe(201);
    const stored = (await api.get(conversationPath(rohan), team.as("asha"))).body.data.messages;
    expect(stored.at(-1).body).toBe(markup);

    // An attachment is one of the student's own documents, never another's.
    const upload = await uploadDocument(api, other, "Passport", { bytes: pdf, name: "passport.pdf" });
    expect(upload.status).toBe(200);
    const othersFile = (await upload.json()).data.file.split("/").at(-1);
    const foreign = await api.post("/api/v1/students/me/messages", { body: "Mine?", attachment: othersFile }, mine(rohan));
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields.attachment).toBe(messageMessages.chooseDocument);
    const own = await uploadDocument(api, rohan, "Passport", { bytes: pdf, name: "my-passport.pdf" });
    const ownFile = (await own.json()).data.file.split("/").at(-1);
    const attached = await api.post("/api/v1/students/me/messages", { body: "Here it is", attachment: ownFile }, mine(rohan));
    expect(attached.status).toBe(201);
    expect(attached.body.data.attachment).toEqual({ attachmentType: "Passport", name: "my-passport.pdf" });
    const count = await database.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.studentId, rohan.studentId));
    expect(count).toHaveLength(3);
  });
});

describe("mail about new messages, at most once a quiet period", () => {
  let clock = new Date();
  const at = (minutes: number) => new Date(clock.getTime() + minutes * 60_000);
  let now = clock;
  const log = createLogger("silent");
  const deps = () => ({
    db: database.db,
    limiter: createMemoryRateLimiter(),
    log,
    mailer: createMailer({
      smtpUrl: sink.url,
      from: "Ignite <hello@ignite.example>",
      dataDir: mkdtempSync(path.join(tmpdir(), "mail-")),
      log,
    }),
    siteAddress: "https://ignite.example",
    now: () => now,
  });
  const asMember = (who: TeamMember): StaffMember => ({
    staffId: team[who].staffId,
    email: team[who].email,
    fullName: team[who].fullName,
    role: team[who].role,
  });
  const mailsTo = (address: string) => sink.messages.filter((m) => m.to.includes(address));

  it("a burst of messages is one mail; what waited goes once the period is over, unless it was read", async () => {
    const student = await studentOf("ravi", "Sana Khan");
    clock = new Date();
    now = clock;
    const messages = createMessageService(deps());
    const console = messagesConsole(deps());
    const aboutSana = () => mailsTo(team.ravi.email).filter((m) => m.subject.includes("Sana Khan"));
    await messages.write(student.studentId, { body: "First" });
    now = at(1);
    await messages.write(student.studentId, { body: "Second" });
    now = at(2);
    await messages.write(student.studentId, { body: "Third" });
    await sink.waitFor(1);
    const first = aboutSana();
    expect(first.map((m) => m.subject)).toEqual([messageMessages.mailToStaff.subject("Sana Khan")]);
    expect(first[0]?.text).toContain(`https://ignite.example/staff/students/${student.studentId}#conversation`);
    // Never the message itself in a mail.
    expect(first[0]?.text).not.toContain("Second");

    // Other tests' conversations may be swept too: only this student's mails are counted.
    now = at(5);
    await console.mailWaiting();
    expect(aboutSana()).toHaveLength(1);
    now = at(11);
    await console.mailWaiting();
    await console.mailWaiting();
    expect(aboutSana()).toHaveLength(2);

    // Read before the period is over: nothing more to tell.
    now = at(12);
    await messages.write(student.studentId, { body: "Fourth" });
    await console.conversation(asMember("ravi"), student.studentId);
    now = at(30);
    await console.mailWaiting();
    expect(aboutSana()).toHaveLength(2);

    // The answer goes to the student, who chose e-mail (the default), once.
    await console.write(asMember("ravi"), student.studentId, { body: "Answered" });
    now = at(31);
    await console.write(asMember("ravi"), student.studentId, { body: "And more" });
    expect(mailsTo(student.email).map((m) => m.subject)).toEqual([messageMessages.mailToStudent.subject]);
  });

  it("two instances sweeping at once send what waited once", async () => {
    const student = await studentOf("ravi", "Tara Bose");
    const aboutTara = () => mailsTo(team.ravi.email).filter((m) => m.subject.includes("Tara Bose"));
    now = at(40);
    await createMessageService(deps()).write(student.studentId, { body: "One" });
    now = at(41);
    await createMessageService(deps()).write(student.studentId, { body: "Two" });
    expect(aboutTara()).toHaveLength(1);
    now = at(52);
    await Promise.all([messagesConsole(deps()).mailWaiting(), messagesConsole(deps()).mailWaiting()]);
    expect(aboutTara()).toHaveLength(2);
  });

  it("a student who prefers WhatsApp is not mailed; the counsellor still is", async () => {
    const student = await studentOf("ravi", "Zoya Ali");
    expect(
      (
        await api.put(
          "/api/v1/students/me/contact-preferences",
          { preferredContact: "whatsapp", newsAndOffers: false },
          mine(student),
        )
      ).status,
    ).toBe(200);
    now = at(100);
    await messagesConsole(deps()).write(asMember("ravi"), student.studentId, { body: "Call me" });
    now = at(120);
    await messagesConsole(deps()).mailWaiting();
    expect(mailsTo(student.email)).toEqual([]);
    expect(await testApp.messages.unread(student.studentId)).toBe(1);
  });

  it("with the mail server away the message is kept and its mail waits; it goes once when the server is back", async () => {
    const student = await studentOf("ravi", "Ira Sen");
    const port = sink.port;
    await sink.close();
    now = at(200);
    try {
      const written = await createMessageService(deps()).write(student.studentId, { body: "While mail is down" });
      expect(written.body).toBe("While mail is down");
      const waiting = await database.db.select().from(mailOutbox).where(eq(mailOutbox.studentId, student.studentId));
      expect(waiting.map((row) => row.recipient)).toEqual([team.ravi.email]);
    } finally {
      sink = await startSmtpSink(port);
    }
    expect(await testApp.staff.outbox.deliverPending()).toBe(1);
    expect(await testApp.staff.outbox.deliverPending()).toBe(0);
    expect(mailsTo(team.ravi.email).filter((m) => m.subject.includes("Ira Sen"))).toHaveLength(1);
    const kept = await database.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.studentId, student.studentId));
    expect(kept.map((m) => m.body)).toEqual(["While mail is down"]);
  });
});

describe("the student's data", () => {
  it("the download holds the conversation; erasing the student erases it", async () => {
    const dev = await studentOf("asha", "Dev Malhotra");
    await api.post("/api/v1/students/me/messages", { body: "My question" }, mine(dev));
    await api.post(conversationPath(dev), { body: "My answer" }, team.as("asha"));
    expect((await api.post("/api/v1/students/me/data-export", undefined, mine(dev))).status).toBe(202);
    const ready = await exportReady(api, dev.cookie);
    const download = await api.fetch(ready.url, mine(dev));
    const zip = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const data = JSON.parse(new TextDecoder().decode(zip["ignite-data.json"]));
    expect(data.conversation.map((m: { from: string; text: string }) => [m.from, m.text])).toEqual([
      ["you", "My question"],
      ["Asha Rao", "My answer"],
    ]);

    expect((await api.post("/api/v1/students/me/erase", { password: dev.password }, mine(dev))).status).toBe(200);
    const left = await database.db.select().from(conversationMessages).where(eq(conversationMessages.studentId, dev.studentId));
    expect(left).toEqual([]);
  });
});
