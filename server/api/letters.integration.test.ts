import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseIntakes } from "../../modules/catalogue/tables.ts";
import { declineLetter, type LetterDeps, revokeInvitation } from "../../modules/letters/letters.ts";
import { letterRequests, recommenders } from "../../modules/letters/tables.ts";
import { deliverQueuedMail, mailRefusedAndWaiting, queueMail } from "../../modules/outbox.ts";
import { auditLog, mailOutbox } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createLogger } from "../../platform/log.ts";
import { createMemoryRateLimiter } from "../../platform/rate-limit.ts";
import { createLocalFileStorage } from "../../platform/storage/file-storage.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { exportReady } from "../../tests/support/data-export.ts";
import { createCourse, createStudent, documentForm, type Student, uploadDocument } from "../../tests/support/factories.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { letterMessages } from "../../vocabulary/letters.ts";

/**
 * Recommendation letters (decisions 0075-0077) through the API: the invitation mailed through the outbox,
 * the recommender's link (opened, upload, replace, submit, decline), the package's letter items, reminders
 * at most once in three days, revocation and expiry, the student's own address refused, every path to a
 * waived letter refused to its student while staff read it audited, the export and the erasure.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let uploadsDir: string;
let courseId: number;
const next = new Date().getUTCFullYear() + 1;

/** A letter as a phone's PDF export looks to a content check: a real PDF header and trailer. */
const pdf = (text: string) =>
  new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
/** A mail header's RFC 2047 encoded words, read back. */
const decodeHeader = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, q: string) =>
      decodeURIComponent(q.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, "%$1")),
    );
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]);

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), "ignite-letters-"));
  uploadsDir = path.join(dataDir, "uploads");
  testApp = createTestApp(database, { SMTP_URL: sink.url, DATA_DIR: dataDir, PUBLIC_URL: "https://ignite.test" });
  api = new ApiClient(testApp.app, {
    // No answer ever carries a recommender's token or a letter's storage key.
    onAnswer: async (response) =>
      expect(await response.clone().text()).not.toMatch(/token_hash|tokenHash|storageKey|storage_key/),
  });
  team = await createStaffTeam(testApp, api, "letters-api.test");
  const course = await createCourse(api, team.admin, {
    name: "MSc Data Science",
    level: "Masters",
    feeCurrency: "GBP",
    lettersRequired: 2,
    sopRequired: true,
  });
  courseId = course.id;
  await database.db.insert(courseIntakes).values([{ courseId, month: 9, year: next, deadline: `${next}-06-30` }]);
});
afterAll(async () => {
  await database.close();
  await sink.close();
});

/**
 * Letters' deps over the test's database and uploads, whose first read answers and then runs `meanwhile`
 * before the caller goes on: another request committing between a read and the write that follows it.
 */
function racingDeps(meanwhile: () => Promise<void>): LetterDeps {
  let pending = true;
  const delayed = <T extends object>(builder: T): T =>
    new Proxy(builder, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (typeof value !== "function") return value;
        if (prop === "then")
          return (resolve: (rows: unknown) => unknown, reject: (error: unknown) => unknown) =>
            value
              .call(target, async (rows: unknown) => {
                if (pending) {
                  pending = false;
                  await meanwhile();
                }
                return rows;
              })
              .then(resolve, reject);
        return (...args: unknown[]) => {
          const out = value.apply(target, args);
          return out && typeof out === "object" && "then" in out ? delayed(out) : out;
        };
      },
    });
  const db = new Proxy(database.db, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (typeof value !== "function") return value;
      if (prop === "select")
        return (...args: unknown[]) => (pending ? delayed(value.apply(target, args)) : value.apply(target, args));
      return value.bind(target);
    },
  });
  return {
    db,
    storage: createLocalFileStorage(uploadsDir),
    log: createLogger("silent"),
    limiter: createMemoryRateLimiter(),
    siteAddress: "https://ignite.test",
    applicationOf: async (_, id) => ({
      id,
      course: "MSc Data Science",
      university: "Imperial",
      country: "United Kingdom",
      deadline: null,
    }),
    applicationsOf: async (_, ids) =>
      ids.map((id) => ({ id, course: "MSc Data Science", university: "Imperial", country: "United Kingdom", deadline: null })),
    staffApplicationOf: async () => ({ studentId: 0 }),
    studentOf: async () => ({ fullName: "काव्या अय्यर", email: "kavya@example.in", language: "hi" }),
  };
}

/** A student with one application, looked after by Asha. */
async function applicant(name: string): Promise<Student & { applicationId: number }> {
  const student = await createStudent(api, { name });
  const assigned = await api.post(
    `/api/v1/staff/students/${student.studentId}/counsellor`,
    { counsellorStaffId: team.asha.staffId },
    team.as("admin"),
  );
  expect(assigned.status).toBe(200);
  const started = await api.post(
    "/api/v1/students/me/applications",
    { courseId, intake: `${next}-09` },
    { cookie: student.cookie },
  );
  expect(started.status, started.text).toBe(201);
  return { ...student, applicationId: started.body.data.id };
}

const invitation = (applicationId: number, overrides: Record<string, unknown> = {}) => ({
  fullName: "Dr. Meera Iyer",
  email: `meera.iyer.${Math.random().toString(16).slice(2, 8)}@iitm.example.in`,
  role: "Associate Professor",
  institution: "IIT Madras",
  relation: "Teacher or professor",
  applicationIds: [applicationId],
  waiver: "keep",
  ...overrides,
});

/** Invites and reads the link from the mail the SMTP sink received. */
async function invite(student: Student, body: Record<string, unknown>) {
  const before = sink.messages.length;
  const answer = await api.post("/api/v1/students/me/letters", body, { cookie: student.cookie });
  expect(answer.status, answer.text).toBe(201);
  const [mail] = (await sink.waitFor(before + 1)).slice(before);
  const link = mail?.text.match(/https:\/\/ignite\.test\/letters\/([A-Za-z0-9_-]+)/);
  if (!mail || !link?.[1]) throw new Error("no link in the invitation");
  return { id: answer.body.data.id as number, token: link[1], mail, answer };
}

const upload = (token: string, bytes: Uint8Array, name: string) =>
  api.fetch(`/api/v1/letters/${token}/letter`, { form: documentForm({ file: { bytes, name } }) });

const letterItems = async (student: Student & { applicationId: number }) => {
  const { body } = await api.get(`/api/v1/students/me/applications/${student.applicationId}`, { cookie: student.cookie });
  return body.data.checklist.filter((c: { item: string }) => c.item.startsWith("LOR"));
};

describe("a recommender's letter from invitation to the package", () => {
  it("mails the link, shows the letter's applications, takes a PDF, replaces it, submits it and fills a letter item", async () => {
    const priya = await applicant("प्रिया शर्मा");
    const { id, token, mail, answer } = await invite(priya, invitation(priya.applicationId));
    expect(answer.body.message).toBe(letterMessages.invited);
    expect(answer.body.data).toMatchObject({ status: "invited", waived: false, mail_waiting: false, letter: null });
    expect(decodeHeader(mail.subject)).toBe("प्रिया शर्मा asks you for a recommendation letter");
    expect(mail.text).toContain(`MSc Data Science`);
    expect(mail.text).toContain(`apply by 30 June ${next}`);
    // The link's end in India's day and time, as the recommender's page says it.
    const ends = new Date(answer.body.data.expires_at);
    const inIndia = new Date(ends.getTime() + 330 * 60_000);
    const month = inIndia.toLocaleString("en-GB", { month: "long", timeZone: "UTC" });
    expect(mail.text).toContain(
      `The link works until ${inIndia.getUTCDate()} ${month} ${inIndia.getUTCFullYear()}, ${inIndia.toISOString().slice(11, 16)} India time,`,
    );

    const opened = await api.get(`/api/v1/letters/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Cache-Control")).toBe("private, no-store");
    expect(opened.body.data).toMatchObject({
      recommender_name: "Dr. Meera Iyer",
      student_name: "प्रिया शर्मा",
      applications: [{ course: "MSc Data Science", deadline: `${next}-06-30` }],
      uploaded: null,
    });
    const listed = await api.get("/api/v1/students/me/letters", { cookie: priya.cookie });
    expect(listed.body.data[0]).toMatchObject({ id, status: "opened" });

    // Not a PDF by its content (a PNG named .pdf), then nothing: refused with the reason, nothing stored.
    const notPdf = await upload(token, png, "letter.pdf");
    expect(notPdf.status).toBe(400);
    expect((await notPdf.json()).error.message).toBe(letterMessages.notPdf);
    const early = await api.post(`/api/v1/letters/${token}/submission`);
    expect(early.status).toBe(400);
    expect(early.body.error.message).toBe(letterMessages.uploadFirst);

    const first = await upload(token, pdf("first draft"), "LOR Priya draft.pdf");
    expect(first.status).toBe(200);
    expect((await first.json()).message).toBe(letterMessages.uploaded);
    const [stored] = await database.db.select().from(letterRequests).where(eq(letterRequests.id, id));
    const firstKey = stored?.storageKey as string;
    expect(existsSync(path.join(uploadsDir, firstKey))).toBe(true);
    const second = await upload(token, pdf("final letter"), "LOR Priya final.pdf");
    expect((await second.json()).message).toBe(letterMessages.replaced);
    expect(existsSync(path.join(uploadsDir, firstKey))).toBe(false);
    const trail = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "letter_request"), eq(auditLog.subjectId, String(id))));
    expect(trail.map((e) => e.action)).toEqual(["letter.uploaded", "letter.replaced"]);
    // The audit log outlives the student's erasure (decision 0024): sizes, never a file's or a recommender's name.
    expect(trail[1]?.before).toEqual({ size: pdf("first draft").byteLength });
    expect(trail[1]?.after).toEqual({ size: pdf("final letter").byteLength });

    expect(await letterItems(priya)).toEqual([
      expect.objectContaining({ item: "LOR", state: "Missing" }),
      expect.objectContaining({ item: "LOR 2", state: "Missing" }),
    ]);
    const submitted = await api.post(`/api/v1/letters/${token}/submission`);
    expect(submitted.status).toBe(200);
    // The link stops on submission: one answer, nothing of the student.
    const after = await api.get(`/api/v1/letters/${token}`);
    expect(after.status).toBe(404);
    expect(after.text).not.toContain("प्रिया");
    expect((await upload(token, pdf("late"), "late.pdf")).status).toBe(404);
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "letter_request"), eq(auditLog.subjectId, String(id))));
    expect(audited.map((e) => [e.action, e.actorLabel])).toEqual([
      ["letter.uploaded", "Recommender (letter link)"],
      ["letter.replaced", "Recommender (letter link)"],
      ["letter.submitted", "Recommender (letter link)"],
    ]);
    expect(JSON.stringify(audited)).not.toMatch(/Meera|Iyer|LOR Priya|\.pdf/);

    expect(await letterItems(priya)).toEqual([
      expect.objectContaining({ item: "LOR", state: "Letter submitted", waits_on: "nobody" }),
      expect.objectContaining({ item: "LOR 2", state: "Missing" }),
    ]);
    // Not waived: the student reads it.
    const mine = (await api.get("/api/v1/students/me/letters", { cookie: priya.cookie })).body.data[0];
    expect(mine).toMatchObject({ status: "submitted", letter: `/api/v1/students/me/letters/${id}/letter` });
    const read = await api.fetch(mine.letter, { cookie: priya.cookie });
    expect(read.status).toBe(200);
    expect(new TextDecoder().decode(await read.arrayBuffer())).toContain("final letter");
  });

  it("counts a letter uploaded the old way as a document, and the stage gate holds until both letters are in", async () => {
    const arjun = await applicant("Arjun Nair");
    const old = await uploadDocument(api, arjun, "LOR", { bytes: pdf("old way"), name: "lor-scan.pdf" });
    expect(old.status).toBe(200);
    const { token } = await invite(
      arjun,
      invitation(arjun.applicationId, { fullName: "Rakesh Gupta", relation: "Employer or manager" }),
    );
    await upload(token, pdf("from the employer"), "letter.pdf");
    await api.post(`/api/v1/letters/${token}/submission`);
    expect(await letterItems(arjun)).toEqual([
      expect.objectContaining({ item: "LOR", state: "Waiting for review" }),
      expect.objectContaining({ item: "LOR 2", state: "Letter submitted" }),
    ]);
    const held = (await api.get(`/api/v1/staff/applications/${arjun.applicationId}`, team.as("asha"))).body.data.held;
    const reasons = JSON.stringify(held);
    expect(reasons).toContain("LOR");
    expect(reasons).not.toContain("LOR 2");
  });

  it("takes a refusal with its reason, which the student reads; the link stops", async () => {
    const kavya = await applicant("Kavya Reddy");
    const { token } = await invite(kavya, invitation(kavya.applicationId));
    const blank = await api.post(`/api/v1/letters/${token}/decline`, { reason: "  " });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields.reason).toBe(letterMessages.enterDeclineReason);
    const declined = await api.post(`/api/v1/letters/${token}/decline`, { reason: "I am on sabbatical until March." });
    expect(declined.status).toBe(200);
    const [row] = (await api.get("/api/v1/students/me/letters", { cookie: kavya.cookie })).body.data;
    expect(row).toMatchObject({ status: "declined", decline_reason: "I am on sabbatical until March.", may_remind: false });
    expect((await api.get(`/api/v1/letters/${token}`)).status).toBe(404);
  });
});

describe("what the student may do and may not", () => {
  it("refuses the student's own address as the recommender's, and an application of another student", async () => {
    const rohan = await applicant("Rohan Das");
    const other = await applicant("Sneha Pillai");
    const own = await api.post(
      "/api/v1/students/me/letters",
      invitation(rohan.applicationId, { email: rohan.email.toUpperCase() }),
      {
        cookie: rohan.cookie,
      },
    );
    expect(own.status).toBe(400);
    expect(own.body.error.fields.email).toBe(letterMessages.ownEmail);
    const theirs = await api.post("/api/v1/students/me/letters", invitation(other.applicationId), { cookie: rohan.cookie });
    expect(theirs.status).toBe(400);
    expect(theirs.body.error.fields.applicationIds).toBe(letterMessages.chooseApplications);
    const noWaiver = await api.post("/api/v1/students/me/letters", invitation(rohan.applicationId, { waiver: undefined }), {
      cookie: rohan.cookie,
    });
    expect(noWaiver.status).toBe(400);
    expect(noWaiver.body.error.fields.waiver).toBe(letterMessages.chooseWaiver);
    expect(await database.db.select().from(recommenders).where(eq(recommenders.studentId, rohan.studentId))).toEqual([]);
  });

  it("reminds at most once in three days with a new link that replaces the old", async () => {
    const isha = await applicant("Isha Malhotra");
    const { id, token } = await invite(isha, invitation(isha.applicationId));
    const soon = await api.post(`/api/v1/students/me/letters/${id}/reminder`, undefined, { cookie: isha.cookie });
    expect(soon.status).toBe(429);
    expect(soon.body.error.message).toBe(letterMessages.remindTooSoon(3));
    expect(Number(soon.headers.get("Retry-After"))).toBeGreaterThan(2 * 86_400);
    // Three days pass since the invitation's mail.
    await database.db
      .update(letterRequests)
      .set({ lastMailAt: new Date(Date.now() - 3 * 86_400_000 - 1000) })
      .where(eq(letterRequests.id, id));
    const before = sink.messages.length;
    const reminded = await api.post(`/api/v1/students/me/letters/${id}/reminder`, undefined, { cookie: isha.cookie });
    expect(reminded.status, reminded.text).toBe(200);
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(mail?.subject).toBe("Reminder: Isha Malhotra asks you for a recommendation letter");
    const fresh = mail?.text.match(/\/letters\/([A-Za-z0-9_-]+)/)?.[1] as string;
    expect(fresh).not.toBe(token);
    expect((await api.get(`/api/v1/letters/${token}`)).status).toBe(404);
    expect((await api.get(`/api/v1/letters/${fresh}`)).status).toBe(200);
    const again = await api.post(`/api/v1/students/me/letters/${id}/reminder`, undefined, { cookie: isha.cookie });
    expect(again.status).toBe(429);
  });

  it("stops the link on revocation and on expiry, each shown to the student by its status", async () => {
    const neha = await applicant("Neha Joshi");
    const revokedOne = await invite(neha, invitation(neha.applicationId));
    await upload(revokedOne.token, pdf("half done"), "draft.pdf");
    const revoked = await api.post(`/api/v1/students/me/letters/${revokedOne.id}/revocation`, undefined, { cookie: neha.cookie });
    expect(revoked.status).toBe(200);
    expect((await api.get(`/api/v1/letters/${revokedOne.token}`)).status).toBe(404);
    expect((await upload(revokedOne.token, pdf("after"), "after.pdf")).status).toBe(404);

    const expiring = await invite(neha, invitation(neha.applicationId, { fullName: "Prof. S. Banerjee" }));
    await database.db
      .update(letterRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(letterRequests.id, expiring.id));
    expect((await api.get(`/api/v1/letters/${expiring.token}`)).status).toBe(404);
    const statuses = (await api.get("/api/v1/students/me/letters", { cookie: neha.cookie })).body.data.map(
      (l: { id: number; status: string }) => [l.id, l.status],
    );
    expect(statuses).toEqual([
      [expiring.id, "expired"],
      [revokedOne.id, "revoked"],
    ]);
    // Another student cannot revoke or remind it.
    const stranger = await createStudent(api, { name: "Stranger" });
    expect(
      (await api.post(`/api/v1/students/me/letters/${expiring.id}/revocation`, undefined, { cookie: stranger.cookie })).status,
    ).toBe(404);
  });

  it("leaves no stored letter behind when a letter is uploaded just as the invitation is revoked or declined", async () => {
    const kavya = await applicant("काव्या अय्यर");
    const stored = async (id: number) => {
      const [row] = await database.db.select().from(letterRequests).where(eq(letterRequests.id, id));
      return row?.storageKey as string;
    };
    for (const end of ["revoke", "decline"] as const) {
      const { id, token } = await invite(kavya, invitation(kavya.applicationId, { fullName: "डॉ. रमेश नायर" }));
      expect((await upload(token, pdf("first draft"), "LOR draft.pdf")).status).toBe(200);
      const firstKey = await stored(id);
      let finalKey = "";
      // The recommender's final letter commits right after the revocation or refusal has read the invitation.
      const deps = racingDeps(async () => {
        expect((await upload(token, pdf("final letter"), "LOR final.pdf")).status).toBe(200);
        finalKey = await stored(id);
      });
      if (end === "revoke") await revokeInvitation(deps, kavya.studentId, id);
      else await declineLetter(deps, token, { reason: "मैं मार्च तक अवकाश पर हूँ।" });
      // The refusal reads the link before it locks the invitation, so the final letter lands in between; a
      // revocation reads it only under the lock, where the upload waits its turn (and then finds it revoked).
      if (end === "decline") expect(finalKey).not.toBe("");
      expect(await stored(id)).toBeNull();
      for (const key of [firstKey, finalKey].filter(Boolean)) expect(existsSync(path.join(uploadsDir, key)), end).toBe(false);
    }
  });

  it("keeps the invitation in the outbox when the mail server is down, and says so", async () => {
    const downApp = createTestApp(database, {
      SMTP_URL: "smtp://127.0.0.1:9?tls=off",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "ignite-letters-down-")),
      PUBLIC_URL: "https://ignite.test",
    });
    const downApi = new ApiClient(downApp.app);
    const student = await applicant("Aditya Verma");
    const answer = await downApi.post("/api/v1/students/me/letters", invitation(student.applicationId), {
      cookie: student.cookie,
    });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.message).toBe(letterMessages.invitedWaiting);
    expect(answer.body.data.mail_waiting).toBe(true);
    const listed = await downApi.get("/api/v1/students/me/letters", { cookie: student.cookie });
    expect(listed.body.data[0].mail_waiting).toBe(true);
  });

  it("does not call a mail refused while its first send is still under way, only once it failed", async () => {
    let refuse: (error: Error) => void = () => {};
    const slowServer = {
      send: () =>
        new Promise<void>((_, reject) => {
          refuse = reject;
        }),
    };
    const mail = { to: "sunita.rao@iisc.example.in", subject: "प्रिया शर्मा asks you for a recommendation letter", text: "…" };
    const id = await queueMail(database.db, {}, mail, { studentId: null });
    const sending = deliverQueuedMail({ db: database.db, mailer: slowServer, log: createLogger("silent") }, id);
    for (let i = 0; i < 100; i++) {
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (row?.sendingSince) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect([...(await mailRefusedAndWaiting(database.db, [id]))]).toEqual([]);
    refuse(new Error("connection refused"));
    await expect(sending).rejects.toThrow("connection refused");
    expect([...(await mailRefusedAndWaiting(database.db, [id]))]).toEqual([id]);
    // A claim left by a process that stopped mid-send is as good as refused.
    await database.db
      .update(mailOutbox)
      .set({ sendingSince: new Date(Date.now() - 60 * 60_000), attempts: 2 })
      .where(eq(mailOutbox.id, id));
    expect([...(await mailRefusedAndWaiting(database.db, [id]))]).toEqual([id]);
    await database.db.delete(mailOutbox).where(eq(mailOutbox.id, id));
  });
});

describe("the recommender's page without scripts", () => {
  /** 2 MB of a PDF's bytes in 64 KB chunks, counting how many the server pulled. */
  const streamed = () => {
    const pulled = { chunks: 0 };
    const chunk = new Uint8Array(64 * 1024).fill(0x25);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled.chunks >= 32) return controller.close();
        pulled.chunks += 1;
        controller.enqueue(chunk);
      },
    });
    return { body, pulled };
  };
  const post = (path: string, body: BodyInit, headers: Record<string, string>) =>
    testApp.app.request(path, {
      method: "POST",
      body,
      headers: { "X-Forwarded-For": `10.78.0.${Math.floor(Math.random() * 250) + 1}`, ...headers },
      duplex: "half",
    } as RequestInit);

  it("holds a post to a link that names nothing to a form's size, without reading a letter's worth of it", async () => {
    for (const path of [`/letters/${"x".repeat(43)}`, `/letters/${"x".repeat(43)}.data`, "/letters/anything"]) {
      const { body, pulled } = streamed();
      const refused = await post(path, body, { "Content-Type": "multipart/form-data; boundary=x" });
      expect(refused.status, path).toBe(413);
      expect(pulled.chunks, path).toBeLessThan(8);
      const declared = await post(path, streamed().body, {
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(2 * 1024 * 1024),
      });
      expect(declared.status, path).toBe(413);
    }
  });

  it("still takes a recommender's 2 MB letter posted by the page's own form", async () => {
    const kiran = await applicant("किरण जोशी");
    const { token } = await invite(kiran, invitation(kiran.applicationId));
    const letter = new Uint8Array(2 * 1024 * 1024).fill(0x20);
    letter.set(pdf("two megabytes of letter"));
    const form = documentForm({ intent: "upload", file: { bytes: letter, name: "LOR Kiran.pdf", type: "application/pdf" } });
    const request = new Request("https://ignite.test/", { method: "POST", body: form });
    const posted = await post(`/letters/${token}`, await request.arrayBuffer(), {
      "Content-Type": request.headers.get("Content-Type") ?? "",
    });
    // Past the body limit: the page's action reads it (the screens are not mounted in this test's app).
    expect(posted.status).not.toBe(413);
  });
});

describe("a waived letter", () => {
  let meera: Student & { applicationId: number };
  let id: number;

  it("is never given to its student: not listed as readable, not downloadable, not attachable to a message", async () => {
    meera = await applicant("Meera Krishnan");
    const invited = await invite(meera, invitation(meera.applicationId, { waiver: "waive" }));
    id = invited.id;
    expect(invited.mail.text).toContain("has waived the right to read your letter");
    await upload(invited.token, pdf("CONFIDENTIAL ASSESSMENT"), "confidential.pdf");
    await api.post(`/api/v1/letters/${invited.token}/submission`);

    const listed = (await api.get("/api/v1/students/me/letters", { cookie: meera.cookie })).body.data[0];
    expect(listed).toMatchObject({ status: "submitted", waived: true, letter: null });
    const direct = await api.fetch(`/api/v1/students/me/letters/${id}/letter`, { cookie: meera.cookie });
    expect(direct.status).toBe(404);
    expect(await direct.text()).not.toContain("CONFIDENTIAL");
    // Nor through the staff route with a student's cookie, nor through the documents' file route.
    expect(
      (await api.fetch(`/api/v1/staff/applications/${meera.applicationId}/letters/${id}`, { cookie: meera.cookie })).status,
    ).toBe(404);
    const application = (await api.get(`/api/v1/students/me/applications/${meera.applicationId}`, { cookie: meera.cookie })).body
      .data;
    expect(JSON.stringify(application)).not.toContain("confidential.pdf");
    expect(application.checklist.find((c: { item: string }) => c.item === "LOR").file).toBeNull();
    // A message attaches only the student's own documents: the letter is none of them.
    const attach = await api.post(
      "/api/v1/students/me/messages",
      { body: "Here is my letter", attachment: String(id) },
      { cookie: meera.cookie },
    );
    expect(attach.status).toBe(400);
  });

  it("is read by the student's counsellor and an admin with an audit entry, and by no other counsellor", async () => {
    const path_ = `/api/v1/staff/applications/${meera.applicationId}/letters/${id}`;
    expect((await api.fetch(path_, team.as("ravi"))).status).toBe(404);
    const read = await api.fetch(path_, team.as("asha"));
    expect(read.status).toBe(200);
    expect(read.headers.get("Content-Type")).toBe("application/pdf");
    expect(new TextDecoder().decode(await read.arrayBuffer())).toContain("CONFIDENTIAL ASSESSMENT");
    const viewed = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "letter.viewed"), eq(auditLog.subjectId, String(id))));
    expect(viewed).toHaveLength(1);
    expect(viewed[0]).toMatchObject({ actorStaffId: team.asha.staffId, studentId: meera.studentId });
    expect(JSON.stringify(viewed)).not.toContain("confidential.pdf");
    // The student sees that her counsellor read it, in "Who has seen my data", though never the letter itself.
    const log = (await api.get("/api/v1/students/me/access-log", { cookie: meera.cookie })).body.data;
    expect(log[0]).toMatchObject({
      action: "letter.viewed",
      staffName: team.asha.fullName,
      staffRole: "Counsellor",
      what: "recommendation letter",
      text: "Read a recommendation letter written for you",
    });
  });

  it("is listed in the export without its content, beside a letter the student may read, with the recommenders", async () => {
    const { token } = await invite(meera, invitation(meera.applicationId, { fullName: "Anil Kapoor", waiver: "keep" }));
    await upload(token, pdf("OPEN LETTER"), "open-letter.pdf");
    await api.post(`/api/v1/letters/${token}/submission`);
    expect((await api.post("/api/v1/students/me/data-export", undefined, { cookie: meera.cookie })).status).toBe(202);
    const ready = await exportReady(api, meera.cookie);
    const zip = unzipSync(new Uint8Array(await (await api.fetch(ready.url, { cookie: meera.cookie })).arrayBuffer()));
    const data = JSON.parse(new TextDecoder().decode(zip["ignite-data.json"]));
    expect(data.recommendationLetters.recommenders.map((r: { name: string }) => r.name).sort()).toEqual([
      "Anil Kapoor",
      "Dr. Meera Iyer",
    ]);
    const [waived, open] = data.recommendationLetters.invitations;
    expect(waived).toMatchObject({ waived: true, status: "submitted" });
    expect(waived.letter).toMatch(/^Waived/);
    expect(open.letter).toMatchObject({ name: "open-letter.pdf" });
    const names = Object.keys(zip);
    expect(names).toContain(open.letter.path);
    const everything = names.map((n) => new TextDecoder().decode(zip[n])).join("\n");
    expect(everything).not.toContain("CONFIDENTIAL ASSESSMENT");
    expect(everything).not.toContain("confidential.pdf");
    expect(everything).toContain("OPEN LETTER");
  });

  it("goes with the account's erasure: recommenders, invitations, stored letters and the link", async () => {
    const lata = await applicant("Lata Menon");
    const { token } = await invite(lata, invitation(lata.applicationId, { waiver: "waive" }));
    await upload(token, pdf("erase me"), "erase.pdf");
    const [row] = await database.db.select().from(letterRequests).where(eq(letterRequests.studentId, lata.studentId));
    const key = row?.storageKey as string;
    expect(existsSync(path.join(uploadsDir, key))).toBe(true);
    const erased = await api.post("/api/v1/students/me/erase", { password: lata.password }, { cookie: lata.cookie });
    expect(erased.status, erased.text).toBe(200);
    expect(existsSync(path.join(uploadsDir, key))).toBe(false);
    expect(await database.db.select().from(recommenders).where(eq(recommenders.studentId, lata.studentId))).toEqual([]);
    expect(await database.db.select().from(letterRequests).where(eq(letterRequests.studentId, lata.studentId))).toEqual([]);
    const gone = await api.get(`/api/v1/letters/${token}`);
    expect(gone.status).toBe(404);
    expect(gone.text).not.toContain("Lata");
  });
});
