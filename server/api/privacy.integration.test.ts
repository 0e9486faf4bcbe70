import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses } from "../../modules/catalogue/tables.ts";
import { readConsoleSettings } from "../../modules/console-settings.ts";
import { consultations } from "../../modules/leads/tables.ts";
import { studentConsents } from "../../modules/privacy/tables.ts";
import { ensureReportFacts } from "../../modules/reports/report-facts.ts";
import { students } from "../../modules/students/tables.ts";
import { auditLog } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { queryRows } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { waiveOutstandingItems } from "../../tests/support/checklist.ts";
import { exportReady } from "../../tests/support/data-export.ts";
import {
  applicableIntake,
  bookingDetails,
  createApplication,
  createBooking,
  createStudent,
  type Student,
  uploadDocument,
} from "../../tests/support/factories.ts";
import { signInStaff } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import { consentWording } from "../../vocabulary/privacy.ts";

/**
 * Decision 0024: the student's control of their data. Consent stored with its wording's version, the
 * access log from the audit log, the export of everything with each document byte for byte, erasure
 * (files gone from storage, reports keep anonymous counts, the e-mail free again), staff's audited
 * erasure, and the retention of old bookings.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let uploadsDir: string;
const cookies: Record<string, string> = {};

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n% ${text}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
const staffAs = (who: string) => ({ cookie: cookies[who] ?? "" });

beforeAll(async () => {
  database = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "ignite-privacy-"));
  uploadsDir = path.join(dataDir, "uploads");
  testApp = createTestApp(database, { DATA_DIR: dataDir });
  api = new ApiClient(testApp.app, {
    onAnswer: async (response) => expect(await response.clone().text()).not.toMatch(/\$argon2|password_hash|passwordHash/),
  });
  await testApp.staff.team.ensureAdmin({ email: "admin@privacy.test", password: "admin-Secret-privacy" });
  cookies.admin = await signInStaff(api, "admin@privacy.test", "admin-Secret-privacy");
  await testApp.staff.team.create(
    { system: "test" },
    { email: "asha@privacy.test", fullName: "Asha Counsellor", role: "counsellor", password: "asha-Secret-pass" },
  );
  cookies.asha = await signInStaff(api, "asha@privacy.test", "asha-Secret-pass");
  await ensureReportFacts(database.db, await readConsoleSettings(database.db));
});
afterAll(() => database.close());

/** The students' stored files: every name in the uploads folder (temporary names left aside). */
const storedFiles = () => readdirSync(uploadsDir).filter((name) => !name.startsWith("."));

async function someCourseId(): Promise<number> {
  const { body } = await api.get("/api/catalogue/search/computer");
  return body.coursesData[0].course_id;
}

describe("consent at the point of collection", () => {
  it("a booking stores the chosen channel, news off unless ticked, and the wording's version and time", async () => {
    const before = Date.now();
    const booked = await createBooking(api, { preferredContact: "whatsapp", email: "consent.booking@example.in" });
    expect(booked.status).toBe(200);
    const [row] = await database.db.select().from(consultations).where(eq(consultations.email, "consent.booking@example.in"));
    expect(row).toMatchObject({ preferredContact: "whatsapp", newsAndOffers: false, consentVersion: consentWording.version });
    expect(row?.consentedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const ticked = await createBooking(api, { newsAndOffers: true, email: "consent.news@example.in" });
    expect(ticked.status).toBe(200);
    const [news] = await database.db.select().from(consultations).where(eq(consultations.email, "consent.news@example.in"));
    expect(news).toMatchObject({ preferredContact: "email", newsAndOffers: true });

    const wrong = await createBooking(api, { preferredContact: "pigeon" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.preferredContact).toBe("Choose how you want to be contacted");
  });

  it("sign-up stores the consent with its version; the profile changes it at any time, each change kept", async () => {
    const signUp = await api.post("/api/v1/auth/signup", {
      name1: "Kavya Iyer",
      email: "consent.signup@example.in",
      phone: "9876501234",
      password: "kavya-Secret-1",
      preferredContact: "phone",
      newsAndOffers: "on",
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.setCookies[0]?.split(";")[0] ?? "";
    const read = await api.get("/api/v1/students/me/contact-preferences", { cookie });
    expect(read.body.data).toMatchObject({
      preferredContact: "phone",
      newsAndOffers: true,
      consentVersion: consentWording.version,
    });
    expect(read.body.data.history).toHaveLength(1);
    expect(read.body.data.history[0]).toMatchObject({ source: "sign-up", wordingVersion: consentWording.version });

    const changed = await api.put("/api/v1/students/me/contact-preferences", { preferredContact: "email" }, { cookie });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ preferredContact: "email", newsAndOffers: false });
    const rows = await database.db
      .select()
      .from(studentConsents)
      .where(eq(studentConsents.studentId, signUp.body.student_id))
      .orderBy(studentConsents.id);
    expect(rows.map((r) => [r.source, r.preferredContact, r.newsAndOffers, r.wordingVersion])).toEqual([
      ["sign-up", "phone", true, consentWording.version],
      ["profile", "email", false, consentWording.version],
    ]);
  });

  it("staff see the preferred channel and must confirm before e-mailing a student who prefers another way", async () => {
    const student = await createStudent(api, { name: "Prefers WhatsApp" });
    await api.put("/api/v1/students/me/contact-preferences", { preferredContact: "whatsapp" }, { cookie: student.cookie });
    const record = await api.get(`/api/v1/staff/students/${student.studentId}`, staffAs("admin"));
    expect(record.body.data).toMatchObject({ preferredContact: "whatsapp", newsAndOffers: false });
    const mail = { template: "Blank message", subject: "Hello", body: "Dear student" };
    const warned = await api.post(`/api/v1/staff/students/${student.studentId}/emails`, mail, staffAs("admin"));
    expect(warned.status).toBe(409);
    expect(warned.body.error.fields.acknowledgeChannel).toContain("prefers WhatsApp");
    const confirmed = await api.post(
      `/api/v1/staff/students/${student.studentId}/emails`,
      { ...mail, acknowledgeChannel: true },
      staffAs("admin"),
    );
    // No mail server in this test: the refusal is past the warning, at sending.
    expect(confirmed.status).not.toBe(409);
  });
});

describe("who has seen my data", () => {
  it("lists a staff view made now, with name and role, and an export that held the student; nothing for another student", async () => {
    const meera = await createStudent(api, { name: "Meera Nair" });
    const other = await createStudent(api, { name: "Other Student" });
    const uploaded = await uploadDocument(api, meera, "CV/Resume", { bytes: pdf("meera cv"), name: "cv.pdf" });
    expect(uploaded.status).toBe(200);
    const { data } = await uploaded.json();
    expect((await api.get("/api/v1/students/me/access-log", { cookie: meera.cookie })).body.data).toEqual([]);

    const opened = await api.fetch(data.file.replace("/files/", "/staff/files/"), staffAs("admin"));
    expect(opened.status).toBe(200);
    await opened.arrayBuffer();
    const exported = await api.fetch(`/api/v1/staff/exports/students?q=${encodeURIComponent(meera.email)}`, staffAs("admin"));
    expect(exported.status).toBe(200);
    await exported.text();

    const log = (await api.get("/api/v1/students/me/access-log", { cookie: meera.cookie })).body.data;
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      action: "export.downloaded",
      staffName: "Administrator",
      staffRole: "Admin",
      what: "students",
    });
    expect(log[1]).toMatchObject({
      action: "document.viewed",
      staffName: "Administrator",
      staffRole: "Admin",
      what: "CV/Resume",
    });
    expect(log[1].text).toBe("Opened your CV/Resume");
    expect(Date.now() - Date.parse(log[1].at)).toBeLessThan(60_000);
    expect((await api.get("/api/v1/students/me/access-log", { cookie: other.cookie })).body.data).toEqual([]);
    // A note is internal: it never shows there.
    await api.post(`/api/v1/staff/students/${meera.studentId}/notes`, { body: "Called, no answer" }, staffAs("admin"));
    expect((await api.get("/api/v1/students/me/access-log", { cookie: meera.cookie })).body.data).toHaveLength(2);
    expect((await api.get("/api/v1/students/me/access-log")).status).toBe(401);
  });
});

/** A student with every kind of record: profile, marks, a saved course, an application moved on, a booking, documents, a photo, consents. */
async function studentWithEverything(
  name: string,
): Promise<Student & { files: Record<string, Uint8Array>; photoUrl: string; applicationId: number }> {
  const student = await createStudent(api, { name });
  const as = { cookie: student.cookie };
  await api.put(
    "/api/v1/students/me",
    {
      name1: name,
      phone: "9847012345",
      gender: "Female",
      dob: "2003-08-21",
      passport_no: "T7654321",
      address: "MG Road, Kochi",
      qualifications: [{ qualification: "12th", percentage: 91.5 }],
    },
    as,
  );
  const courseId = await someCourseId();
  expect((await api.put(`/api/v1/students/me/interests/${courseId}`, undefined, as)).status).toBe(200);
  // A course on her comparison, as signing in with a visitor's list leaves it (decision 0043).
  await testApp.students.mergeComparedCourses(student.studentId, [courseId]);
  expect((await createBooking(api, { email: student.email, firstName: name.split(" ")[0] }, {})).status).toBe(200);
  await api.put("/api/v1/students/me/contact-preferences", { preferredContact: "whatsapp", newsAndOffers: true }, as);
  const files = {
    resume: pdf(`${name} resume ${Math.random()}`),
    passport: pdf(`${name} passport ${Math.random()}`),
  };
  expect((await uploadDocument(api, student, "CV/Resume", { bytes: files.resume, name: "résumé.pdf" })).status).toBe(200);
  expect((await uploadDocument(api, student, "Passport", { bytes: files.passport, name: "passport.pdf" })).status).toBe(200);
  const photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#c33" } })
    .png()
    .toBuffer();
  const photoAnswer = await api.fetch("/api/v1/students/me/photo", {
    cookie: student.cookie,
    form: (() => {
      const form = new FormData();
      form.append("file", new File([new Uint8Array(photo)], "me.png", { type: "image/png" }), "me.png");
      return form;
    })(),
  });
  expect(photoAnswer.status).toBe(200);
  const photoUrl: string = (await photoAnswer.json()).data.photo;
  // The course asks a USD 90 application fee: she records it paid with the receipt, which her counsellor
  // approves (decision 0057); the package goes with her submission (decision 0058).
  await database.db
    .update(courses)
    .set({ applicationFeeAmount: 90, applicationFeeCurrency: "USD" })
    .where(eq(courses.id, courseId));
  const application = await createApplication(api, staffAs("admin"), student, courseId, {
    intake: await applicableIntake(database.db, courseId),
  });
  const receipt = pdf(`${name} application fee receipt USD 90`);
  expect(
    (await uploadDocument(api, student, "Application fee receipt", { bytes: receipt, name: "fee-receipt.pdf" })).status,
  ).toBe(200);
  const paid = await api.post(`/api/v1/students/me/applications/${application.id}/fee-paid`, {}, as);
  expect(paid.status, paid.text).toBe(200);
  const fee = (await api.get(`/api/v1/staff/applications/${application.id}`, staffAs("admin"))).body.data.checklist.find(
    (entry: { item: string }) => entry.item === "Application fee",
  );
  const approved = await api.post(
    `/api/v1/staff/documents/${String(fee.file).split("/").at(-1)}/review`,
    { decision: "approve" },
    staffAs("admin"),
  );
  expect(approved.status, approved.text).toBe(200);
  for (const move of [
    { status: "Ready to submit" },
    { status: "Submitted", details: { submittedOn: "2026-01-05", universityReference: "UNI-REF-1001" } },
    { status: "Conditional offer", note: "internal: spoke to the admissions office", details: { offerConditions: "IELTS 6.5" } },
  ]) {
    if (move.status === "Ready to submit") await waiveOutstandingItems(api, application.id, staffAs("admin").cookie);
    const moved = await api.post(`/api/v1/staff/applications/${application.id}/moves`, move, staffAs("admin"));
    expect(moved.status, moved.text).toBe(200);
  }
  await api.post(`/api/v1/staff/students/${student.studentId}/notes`, { body: "Internal note about her" }, staffAs("admin"));
  return { ...student, files: { ...files, receipt }, photoUrl, applicationId: application.id as number };
}

describe("download my data", () => {
  it("holds every kind of record and each document byte for byte, for its owner only, until it expires", async () => {
    const priya = await studentWithEverything("Priya Sharma");
    const asked = await api.post("/api/v1/students/me/data-export", undefined, { cookie: priya.cookie });
    expect(asked.status).toBe(202);
    expect(asked.body.data.status).toBe("preparing");
    const ready = await exportReady(api, priya.cookie);
    expect(ready.url).toMatch(/^\/files\/exports\/[A-Za-z0-9_-]{24}$/);

    const download = await api.fetch(ready.url, { cookie: priya.cookie });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/zip");
    expect(download.headers.get("Cache-Control")).toBe("private, no-store");
    const zip = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const data = JSON.parse(new TextDecoder().decode(zip["ignite-data.json"]));
    expect(data.profile).toMatchObject({ fullName: "Priya Sharma", email: priya.email, passportNo: "T7654321" });
    expect(data.marks).toContainEqual({ qualification: "12th", percentage: 91.5, cgpa: null });
    expect(data.interests).toHaveLength(1);
    expect(data.comparing).toEqual([
      expect.objectContaining({
        courseId: data.interests[0].courseId,
        course: data.interests[0].course,
        addedAt: expect.any(String),
      }),
    ]);
    expect(data.applications).toHaveLength(1);
    expect(data.applications[0].history.map((h: { to: string }) => h.to)).toEqual([
      "Shortlisted",
      "Ready to submit",
      "Submitted",
      "Conditional offer",
    ]);
    // The submission (decision 0058) goes with the application: its day and the university's reference.
    expect(data.applications[0].details).toEqual({
      submittedOn: "2026-01-05",
      universityReference: "UNI-REF-1001",
      offerConditions: "IELTS 6.5",
    });
    // The fee recorded paid with its receipt, and the package as it was sent (decisions 0057, 0058).
    expect(data.applications[0]).toMatchObject({
      feePaidOn: indianDay(new Date()),
      feeReceipt: "fee-receipt.pdf",
      submittedOn: "2026-01-05",
      universityReference: "UNI-REF-1001",
    });
    const sent = Object.fromEntries(
      data.applications[0].packageSent.map((p: { item: string; state: string; document: { name: string } | null }) => [
        p.item,
        { state: p.state, document: p.document?.name ?? null },
      ]),
    );
    expect(sent["Application fee"]).toEqual({ state: "Approved", document: "fee-receipt.pdf" });
    expect(sent["CV/Resume"]).toEqual({ state: "Waived", document: "résumé.pdf" });
    expect(sent.SOP).toEqual({ state: "Waived", document: null });
    expect(data.bookings).toHaveLength(1);
    expect(data.bookings[0]).toMatchObject({ email: priya.email, consentVersion: consentWording.version });
    expect(data.consents).toMatchObject({ preferredContact: "whatsapp", newsAndOffers: true });
    expect(data.consents.history.map((h: { source: string }) => h.source)).toEqual(["profile", "sign-up"]);
    expect(data.signedInDevices.length).toBeGreaterThan(0);
    // Staff's internal notes stay out.
    expect(JSON.stringify(data)).not.toContain("admissions office");
    expect(JSON.stringify(data)).not.toContain("Internal note about her");
    // Each document, byte for byte, at the path the JSON gives it; the photo too.
    const byType = Object.fromEntries(data.documents.map((d: { type: string; path: string }) => [d.type, d.path]));
    const entry = (type: string) => Buffer.from(zip[String(byType[type])] ?? new Uint8Array());
    expect(entry("CV/Resume").equals(Buffer.from(priya.files.resume ?? []))).toBe(true);
    expect(entry("Passport").equals(Buffer.from(priya.files.passport ?? []))).toBe(true);
    expect(entry("Application fee receipt").equals(Buffer.from(priya.files.receipt ?? []))).toBe(true);
    const photo = new Uint8Array(await (await api.fetch(priya.photoUrl, { cookie: priya.cookie })).arrayBuffer());
    expect(entry("Profile photo").equals(Buffer.from(photo))).toBe(true);

    // Anyone else: the same 404 as for a link that never existed.
    const stranger = await createStudent(api, { name: "Not Priya" });
    expect((await api.fetch(ready.url, { cookie: stranger.cookie })).status).toBe(404);
    expect((await api.fetch(ready.url)).status).toBe(404);
    expect((await api.fetch(ready.url, staffAs("admin"))).status).toBe(404);
    expect((await api.fetch("/files/exports/AAAAAAAAAAAAAAAAAAAAAAAA", { cookie: priya.cookie })).status).toBe(404);
    expect((await api.get("/api/v1/students/me/data-export", { cookie: stranger.cookie })).body.data).toBeNull();

    // Past its expiry the link answers 404, and the sweep removes the file.
    const before = storedFiles().length;
    await database.db.execute(
      sql`update data_exports set expires_at = now() - interval '1 minute' where student_id = ${priya.studentId}`,
    );
    expect((await api.fetch(ready.url, { cookie: priya.cookie })).status).toBe(404);
    await testApp.privacy.jobs.sweepExpired();
    expect(storedFiles().length).toBe(before - 1);
    expect((await queryRows(database.db, sql`select id from data_exports where student_id = ${priya.studentId}`)).length).toBe(0);
  });
});

describe("delete my account", () => {
  const countsNow = async () => {
    const [row] = await queryRows<{ leads: number; outcomes: number; stays: number }>(
      database.db,
      sql`select (select coalesce(sum(leads), 0) from report_funnel_months where grouping = 'month')::int as leads,
        (select coalesce(sum(applications), 0) from report_outcome_months)::int as outcomes,
        (select coalesce(sum(stays), 0) from report_stay_months)::int as stays`,
    );
    return row;
  };

  it("erases the account, documents, photo, notes and sessions; files leave storage; reports keep anonymous counts", async () => {
    const anjali = await studentWithEverything("Anjali Rao");
    // The booking becomes a lead that moved on (a converted lead counts in the funnel).
    const [lead] = await database.db.select().from(consultations).where(eq(consultations.email, anjali.email));
    await database.db
      .update(consultations)
      .set({ studentId: anjali.studentId })
      .where(eq(consultations.id, lead?.id ?? 0));
    expect((await api.post("/api/v1/students/me/data-export", undefined, { cookie: anjali.cookie })).status).toBe(202);
    await exportReady(api, anjali.cookie);
    const documents = (await api.get("/api/v1/students/me/files", { cookie: anjali.cookie })).body.data;
    const urls = [anjali.photoUrl, ...documents.map((d: { file: string }) => d.file)];
    const keys = await queryRows<{ storage_key: string }>(
      database.db,
      sql`select storage_key from student_files where student_id = ${anjali.studentId}
        union all select storage_key from data_exports where student_id = ${anjali.studentId}`,
    );
    expect(keys).toHaveLength(5);
    // Her package as sent is kept until she goes (decision 0058).
    const kept = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from application_package_items where application_id = ${anjali.applicationId}`,
    );
    expect(kept[0]?.n).toBeGreaterThan(5);
    expect(await testApp.students.comparedCourses(anjali.studentId)).toHaveLength(1);
    for (const { storage_key } of keys) expect(storedFiles()).toContain(storage_key);
    const counts = await countsNow();
    expect(counts?.outcomes).toBeGreaterThan(0);

    const wrong = await api.post("/api/v1/students/me/erase", { password: "not-her-password" }, { cookie: anjali.cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.password).toBe("That password is not right.");
    const erased = await api.post("/api/v1/students/me/erase", { password: anjali.password }, { cookie: anjali.cookie });
    expect(erased.status).toBe(200);
    expect(erased.setCookies.some((c) => c.startsWith("ignite_session=;") && c.includes("Max-Age=0"))).toBe(true);

    // The session is gone and the password no longer signs in.
    expect((await api.get("/api/v1/students/me", { cookie: anjali.cookie })).status).toBe(401);
    const login = await api.post("/api/v1/auth/login", { email: anjali.email, password: anjali.password });
    expect(login.status).toBe(401);
    // Every file of hers answers 404, to her old session and to staff, and is gone from storage.
    for (const url of urls) {
      expect((await api.fetch(url, { cookie: anjali.cookie })).status).toBe(404);
      expect((await api.fetch(url.replace("/files/", "/staff/files/"), staffAs("admin"))).status).toBe(404);
    }
    for (const { storage_key } of keys) expect(storedFiles()).not.toContain(storage_key);
    // Nothing of her is left in the database but the audit log's entries.
    const left = await queryRows<{ n: number }>(
      database.db,
      sql`select ((select count(*) from students where id = ${anjali.studentId} or email = ${anjali.email})
        + (select count(*) from consultations where email = ${anjali.email} or student_id = ${anjali.studentId})
        + (select count(*) from applications where student_id = ${anjali.studentId})
        + (select count(*) from application_package_items where application_id = ${anjali.applicationId})
        + (select count(*) from student_notes where student_id = ${anjali.studentId})
        + (select count(*) from compared_courses where student_id = ${anjali.studentId})
        + (select count(*) from sessions where student_id = ${anjali.studentId})
        + (select count(*) from student_files where student_id = ${anjali.studentId}))::int as n`,
    );
    expect(left[0]?.n).toBe(0);
    expect((await api.get(`/api/v1/staff/students/${anjali.studentId}`, staffAs("admin"))).status).toBe(404);
    // The audit log keeps the erasure, with counts and no name or address.
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "student.erased"), eq(auditLog.studentId, anjali.studentId)));
    expect(entry).toMatchObject({
      actorStaffId: null,
      actorLabel: "The student (Delete my account)",
      subjectId: String(anjali.studentId),
    });
    expect(entry?.after).toMatchObject({ by: "student", documents: 3, applications: 1, bookings: 1, files: 5 });
    expect(JSON.stringify(entry)).not.toContain(anjali.email);
    // The reports keep her booking and application as anonymous counts, also after a rebuild.
    expect(await countsNow()).toEqual(counts);
    await database.db.execute(sql`select report_rebuild()`);
    expect(await countsNow()).toEqual(counts);

    // The same e-mail signs up again, as a new account with nothing of the old one.
    const again = await createStudent(api, { email: anjali.email, name: "Anjali Rao" });
    expect(again.studentId).not.toBe(anjali.studentId);
    expect((await api.get("/api/v1/students/me/applications", { cookie: again.cookie })).body.data).toEqual([]);
    expect((await api.get("/api/v1/students/me/files", { cookie: again.cookie })).body.data).toEqual([]);
  });

  it("staff carry out the same erasure on a request that came by mail: admins only, confirmed, audited", async () => {
    const rahul = await createStudent(api, { name: "Rahul Verma" });
    await uploadDocument(api, rahul, "CV/Resume", { bytes: pdf("rahul"), name: "cv.pdf" });
    const url = `/api/v1/staff/students/${rahul.studentId}/erase`;
    const request = { reason: "E-mail of 3 Dec 2026 from the student's address", confirmEmail: rahul.email };
    expect((await api.post(url, request, staffAs("asha"))).status).toBe(404); // not her student
    expect((await api.post(url, request)).status).toBe(404); // no staff session
    const mismatch = await api.post(url, { ...request, confirmEmail: "someone@else.in" }, staffAs("admin"));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.fields.confirmEmail).toBe("Type the student's e-mail exactly to confirm");
    const done = await api.post(url, request, staffAs("admin"));
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ documents: 1, files: 1 });
    expect((await api.post("/api/v1/auth/login", { email: rahul.email, password: rahul.password })).status).toBe(401);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "student.erased"), eq(auditLog.studentId, rahul.studentId)));
    expect(entry?.actorLabel).toBe("Administrator (admin)");
    expect(entry?.after).toMatchObject({ by: "staff", reason: request.reason });
    const log = await api.get(`/api/v1/staff/audit?action=student.erased`, staffAs("admin"));
    expect(log.status).toBe(200);
  });
});

describe("erasing a person who only booked", () => {
  it("an admin erases every booking with the lead's e-mail on a mailed request; the reports keep the count", async () => {
    const email = "only.booked@example.in";
    for (const phoneNumber of ["9811100001", "9811100002"]) {
      expect((await createBooking(api, { email, phoneNumber, firstName: "Onlybooked" })).status).toBe(200);
    }
    const [lead] = await database.db.select().from(consultations).where(eq(consultations.email, email)).limit(1);
    const url = `/api/v1/staff/leads/${lead?.id}/erase`;
    const request = { reason: "Phone call of 4 Dec 2026, confirmed by e-mail", confirmEmail: email };
    expect((await api.post(url, { ...request, confirmEmail: "other@example.in" }, staffAs("admin"))).status).toBe(400);
    expect((await api.post(url, request, staffAs("asha"))).status).toBeGreaterThanOrEqual(403);
    const [before] = await queryRows<{ leads: number }>(
      database.db,
      sql`select coalesce(sum(leads), 0)::int as leads from report_funnel_months where grouping = 'month'`,
    );
    const done = await api.post(url, request, staffAs("admin"));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: "2 bookings erased.", data: { bookings: 2 } });
    expect(await database.db.select().from(consultations).where(eq(consultations.email, email))).toEqual([]);
    const [after] = await queryRows<{ leads: number }>(
      database.db,
      sql`select coalesce(sum(leads), 0)::int as leads from report_funnel_months where grouping = 'month'`,
    );
    expect(after?.leads).toBe(before?.leads);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "bookings.erased"));
    expect(entry?.after).toMatchObject({ reason: request.reason, bookings: 2 });
    expect(JSON.stringify(entry)).not.toContain(email);

    // A lead that became a student is erased with the student, from their record.
    const student = await createStudent(api, { name: "Has Account" });
    expect((await createBooking(api, { email: student.email }, {})).status).toBe(200);
    const [linked] = await database.db.select().from(consultations).where(eq(consultations.email, student.email));
    await database.db
      .update(consultations)
      .set({ studentId: student.studentId })
      .where(eq(consultations.id, linked?.id ?? 0));
    const refused = await api.post(
      `/api/v1/staff/leads/${linked?.id}/erase`,
      { reason: "asked by mail", confirmEmail: student.email },
      staffAs("admin"),
    );
    expect(refused.status).toBe(409);
  });
});

describe("retention", () => {
  it("anonymises a booking older than the period an admin set and leaves a newer one and a student's", async () => {
    const settings = await api.get("/api/v1/staff/settings", staffAs("admin"));
    expect(settings.body.data.bookingRetentionMonths).toBe(12);
    const changed = await api.put(
      "/api/v1/staff/settings",
      { ...settings.body.data, bookingRetentionMonths: 6 },
      staffAs("admin"),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.bookingRetentionMonths).toBe(6);
    // A settings client that does not send the period keeps it.
    const { bookingRetentionMonths: _, ...withoutPeriod } = changed.body.data;
    expect((await api.put("/api/v1/staff/settings", withoutPeriod, staffAs("admin"))).body.data.bookingRetentionMonths).toBe(6);

    const old = bookingDetails({ email: "old.booking@example.in", firstName: "Oldname" });
    const recent = bookingDetails({ email: "recent.booking@example.in" });
    const student = await createStudent(api, { name: "Old But Student" });
    for (const booking of [old, recent, { ...bookingDetails(), email: student.email }]) {
      expect((await createBooking(api, booking)).status).toBe(200);
    }
    const sevenMonthsAgo = sql`now() - interval '7 months'`;
    await database.db.execute(
      sql`update consultations set created_at = ${sevenMonthsAgo} where email in (${old.email}, ${student.email})`,
    );
    await database.db.execute(sql`select report_rebuild()`);
    const [before] = await queryRows<{ leads: number }>(
      database.db,
      sql`select coalesce(sum(leads), 0)::int as leads from report_funnel_months where grouping = 'month'`,
    );

    const anonymised = await testApp.privacy.jobs.retention();
    expect(anonymised).toBe(1);
    const left = await database.db.select({ email: consultations.email }).from(consultations);
    const emails = left.map((r) => r.email);
    expect(emails).not.toContain(old.email);
    expect(emails).toContain(recent.email);
    expect(emails).toContain(student.email);
    expect(JSON.stringify(await queryRows(database.db, sql`select * from consultations`))).not.toContain("Oldname");
    // Its count stays in the reports, anonymous.
    const [after] = await queryRows<{ leads: number }>(
      database.db,
      sql`select coalesce(sum(leads), 0)::int as leads from report_funnel_months where grouping = 'month'`,
    );
    expect(after?.leads).toBe(before?.leads);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "bookings.anonymised"));
    expect(entry?.after).toMatchObject({ count: 1, retentionMonths: 6 });
    expect(await testApp.privacy.jobs.retention()).toBe(0);
    await database.db.update(students).set({ fullName: "Old But Student" }).where(eq(students.id, student.studentId));
  });
});
