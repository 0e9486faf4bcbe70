import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createLogger } from "../../platform/log.ts";
import { createMailer } from "../../platform/mail/mailer.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createCourse, createStudent, createUniversity, type Student, uploadDocument } from "../../tests/support/factories.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { countries, courseIntakes, courses } from "../catalogue/tables.ts";
import { assigneeForNewLead } from "../leads/leads.ts";
import { activeStaffContact } from "../staff/staff.ts";
import { counsellorOrAssigned } from "../students/students.ts";
import { students } from "../students/tables.ts";
import { auditLog } from "../tables.ts";
import { createApplyingService } from "./applications.ts";
import { applications } from "./tables.ts";

/**
 * Applying from the portal (decisions 0055-0058): a student starts an application for an intake whose
 * deadline has not passed; the refusals; the package's checklist from the course and the country's rules;
 * the stage gate reading it; the fee paid and waived; the submission that freezes the package.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let courseId: number;
const year = new Date().getUTCFullYear() + 1;
/** The student's side as the server wires it (server/services.ts), on a clock the test sets. */
let applying: ReturnType<typeof createApplyingService>;
let clock = new Date();

const pdf = (text: string) =>
  new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    const e = error as { status: number; message: string };
    return { status: e.status, message: e.message };
  }
  throw new Error("expected a refusal");
};

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), "ignite-applying-"));
  testApp = createTestApp(database, { SMTP_URL: sink.url, DATA_DIR: dataDir, PUBLIC_URL: "https://ignite.test" });
  api = new ApiClient(testApp.app);
  const log = createLogger("silent");
  applying = createApplyingService({
    db: database.db,
    log,
    mailer: createMailer({ smtpUrl: sink.url, from: "Ignite <hello@ignite.test>", dataDir, log }),
    siteAddress: "https://ignite.test",
    now: () => clock,
    counsellorFor: (tx, studentId) => counsellorOrAssigned(tx, studentId, () => assigneeForNewLead(tx)),
    staffContact: activeStaffContact,
  });
  team = await createStaffTeam(testApp, api, "applying.test");
  // A US master's with a realistic package: two letters, an SOP of 1,000 words, the GRE and the English test, a $90 fee.
  const course = await createCourse(api, team.admin, {
    name: "MS in Computer Science",
    level: "Masters",
    feeCurrency: "USD",
    lettersRequired: 2,
    sopRequired: true,
    sopWordLimit: 1000,
    englishTestAsked: true,
    admissionsTestAsked: true,
    applicationFeeAmount: 90,
    applicationFeeCurrency: "USD",
  });
  courseId = course.id;
  await database.db.insert(courseIntakes).values([
    { courseId, month: 9, year, deadline: `${year - 1}-12-15` },
    { courseId, month: 1, year: year + 1, deadline: `${year}-08-01` },
  ]);
});
afterAll(async () => {
  await database.close();
  await sink.close();
});

describe("a student starts an application", () => {
  let student: Student;
  let applicationId: number;

  it("opens at Started by you with a counsellor, who is mailed once", async () => {
    student = await createStudent(api, { name: "प्रिया शर्मा" });
    // Before the deadline: 1 December, India time.
    clock = new Date(`${year - 1}-12-01T10:00:00+05:30`);
    const before = sink.messages.length;
    ({ id: applicationId } = await applying.start(student.studentId, { courseId, intake: `${year}-09` }));
    const view = await applying.get(student.studentId, applicationId);
    expect(view.status).toBe("Started by you");
    expect(view.intake).toBe(`September ${year}`);
    expect(view.deadline).toBe(`${year - 1}-12-15`);
    // The student had no counsellor: the lead assignment rule gave one (round robin starts with Asha Rao).
    const [row] = await database.db
      .select({ counsellor: students.counsellorStaffId })
      .from(students)
      .where(eq(students.id, student.studentId));
    expect(row?.counsellor).toBe(team.asha.staffId);
    const mails = await sink.waitFor(before + 1);
    const told = mails.filter((m) => m.to.includes(team.asha.email));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain("started an application from the portal");
    expect(told[0]?.text).toContain(`MS in Computer Science`);
    expect(told[0]?.text).toContain("apply by 15 December");
  });

  it("builds one checklist from the course's package and the country's rules", async () => {
    const view = await applying.get(student.studentId, applicationId);
    const items = view.checklist.map((c) => c.item);
    // The spec's required documents, the bachelor's for a master's, a second letter, both score reports, the fee.
    expect(items).toEqual(
      expect.arrayContaining([
        "CV/Resume",
        "SOP",
        "LOR",
        "Passport",
        "Bachelors",
        "LOR 2",
        "English test score",
        "GRE/GMAT score",
        "Application fee",
      ]),
    );
    expect(items).not.toContain("Portfolio");
    expect(view.checklist.find((c) => c.item === "SOP")?.note).toBe("At most 1000 words");
    expect(view.checklist.find((c) => c.item === "Application fee")?.note).toBe("USD 90 (not checked)");
    expect(view.checklist.every((c) => c.state === "Missing" && c.waitsOn === "student")).toBe(true);
    // The course is in Germany (the factory's university): the APS rule a country adds joins the same list.
    await testApp.staff.applications.addCountryDocumentRule(team.admin, {
      countryId: await countryOf(courseId),
      label: "APS certificate",
      attachmentType: "Documents 1",
    });
    const again = await applying.get(student.studentId, applicationId);
    expect(again.checklist.map((c) => c.item)).toContain("APS certificate");
  });

  it("refuses the same course and intake twice, even from two tabs at once", async () => {
    const twice = await refusal(applying.start(student.studentId, { courseId, intake: `${year}-09` }));
    expect(twice).toEqual({ status: 409, message: "You already have an application to this course for this intake." });
    // Two tabs for the other intake: one application, the other told.
    const both = await Promise.allSettled([
      applying.start(student.studentId, { courseId, intake: `${year + 1}-01` }),
      applying.start(student.studentId, { courseId, intake: `${year + 1}-01` }),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = both.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((lost.reason as Error).message).toBe("You already have an application to this course for this intake.");
    const rows = await database.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.studentId, student.studentId), eq(applications.courseId, courseId)));
    expect(rows).toHaveLength(2);
  });

  it("refuses an intake whose deadline has passed, checked when the student confirms", async () => {
    const late = await createStudent(api, { name: "Rohan Gupta" });
    // The page was opened on 15 December; the student confirms on 16 December, India time.
    clock = new Date(`${year - 1}-12-16T00:30:00+05:30`);
    const answer = await refusal(applying.start(late.studentId, { courseId, intake: `${year}-09` }));
    expect(answer.status).toBe(409);
    expect(answer.message).toBe(`The deadline for this intake (15 December ${year - 1}) has passed: choose a later intake.`);
    // The later intake is still open, and the only one offered.
    expect((await applying.openIntakes(courseId)).map((i) => `${i.month}/${i.year}`)).toEqual([`1/${year + 1}`]);
  });

  it("refuses more active applications than the limit an admin sets", async () => {
    const settings = (await api.get("/api/v1/staff/settings", { cookie: team.admin.cookie })).body.data;
    const changed = await api.put(
      "/api/v1/staff/settings",
      { ...settings, maxActiveApplications: 2 },
      { cookie: team.admin.cookie },
    );
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.maxActiveApplications).toBe(2);
    const other = await createCourse(api, team.admin, { name: "MSc Data Science", universityId: undefined });
    await database.db.insert(courseIntakes).values({ courseId: other.id, month: 9, year, deadline: `${year}-06-30` });
    const refused = await refusal(applying.start(student.studentId, { courseId: other.id, intake: `${year}-09` }));
    expect(refused).toEqual({
      status: 409,
      message:
        "You have 2 active applications, the most we allow at once. Withdraw one you no longer want, or ask your counsellor.",
    });
    // Withdrawing one makes room.
    const [second] = await database.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.studentId, student.studentId), eq(applications.intakeMonth, 1)));
    await applying.withdraw(student.studentId, second?.id ?? 0);
    expect((await applying.get(student.studentId, second?.id ?? 0)).status).toBe("Withdrawn");
    await expect(applying.start(student.studentId, { courseId: other.id, intake: `${year}-09` })).resolves.toBeTruthy();
    await api.put("/api/v1/staff/settings", { ...settings, maxActiveApplications: 10 }, { cookie: team.admin.cookie });
  });

  it("lets the student record the fee paid with a receipt, and the gate reads the whole package", async () => {
    const noReceipt = await refusal(applying.recordFeePaid(student.studentId, applicationId));
    expect(noReceipt).toEqual({ status: 400, message: "Upload the fee's receipt first, then record the fee as paid." });
    const uploaded = await uploadDocument(api, student, "Application fee receipt", {
      bytes: pdf("receipt 90 USD"),
      name: "receipt.pdf",
    });
    expect(uploaded.status).toBe(200);
    await applying.recordFeePaid(student.studentId, applicationId);
    const fee = (await applying.get(student.studentId, applicationId)).checklist.find((c) => c.item === "Application fee");
    expect(fee).toMatchObject({ state: "Waiting for review", waitsOn: "counsellor" });
    // The counsellor's stage gate (decision 0035) names the course's own items among what is outstanding.
    const detail = (await api.get(`/api/v1/staff/applications/${applicationId}`, { cookie: team.asha.cookie })).body.data;
    const held = detail.held.find((h: { status: string }) => h.status === "Ready to submit");
    expect(held.reason).toContain("LOR 2 (Missing)");
    expect(held.reason).toContain("Application fee (Waiting for review)");
    expect(held.reason).toContain("GRE/GMAT score (Missing)");
  });

  it("counts one receipt for one application: the next asks its own", async () => {
    // A second application asking a fee, started after the first's fee was recorded with its receipt.
    const uk = await createCourse(api, team.admin, {
      name: "MSc Artificial Intelligence",
      applicationFeeAmount: 28,
      applicationFeeCurrency: "GBP",
    });
    await database.db.insert(courseIntakes).values({ courseId: uk.id, month: 9, year, deadline: `${year}-06-30` });
    const { id: second } = await applying.start(student.studentId, { courseId: uk.id, intake: `${year}-09` });
    // The receipt on file is the first application's: the second does not offer to record it.
    expect((await applying.get(student.studentId, second)).receiptUploaded).toBe(false);
    const reused = await refusal(applying.recordFeePaid(student.studentId, second));
    expect(reused).toEqual({
      status: 409,
      message:
        "This receipt is already recorded for another of your applications. Upload this application's own receipt, then record the fee as paid.",
    });
    expect((await applying.get(student.studentId, second)).checklist.find((c) => c.item === "Application fee")?.state).toBe(
      "Missing",
    );
    // Its own receipt uploaded, it records; the first application keeps the receipt it recorded.
    const own = await uploadDocument(api, student, "Application fee receipt", { bytes: pdf("receipt 28 GBP"), name: "ucas.pdf" });
    expect(own.status).toBe(200);
    expect((await applying.get(student.studentId, second)).receiptUploaded).toBe(true);
    await applying.recordFeePaid(student.studentId, second);
    const [first, next] = await Promise.all([
      applying.get(student.studentId, applicationId),
      applying.get(student.studentId, second),
    ]);
    const firstFee = first.checklist.find((c) => c.item === "Application fee");
    const nextFee = next.checklist.find((c) => c.item === "Application fee");
    expect(nextFee?.state).toBe("Waiting for review");
    expect(nextFee?.filePublicId).not.toBe(firstFee?.filePublicId);
    await applying.withdraw(student.studentId, second);
  });

  it("refuses to record the fee on a withdrawn application", async () => {
    // The January application the student withdrew earlier; a fresh receipt is on file, recorded nowhere.
    const [withdrawn] = await database.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.studentId, student.studentId), eq(applications.intakeMonth, 1)));
    const id = withdrawn?.id ?? 0;
    expect((await applying.get(student.studentId, id)).status).toBe("Withdrawn");
    const fresh = await uploadDocument(api, student, "Application fee receipt", {
      bytes: pdf("receipt 90 USD, January"),
      name: "jan.pdf",
    });
    expect(fresh.status).toBe(200);
    expect(await refusal(applying.recordFeePaid(student.studentId, id))).toEqual({
      status: 409,
      message: "This application is closed (withdrawn, rejected or enrolled): its fee can no longer be recorded.",
    });
    const [row] = await database.db
      .select({ receipt: applications.feeReceiptFileId, paidOn: applications.feePaidOn })
      .from(applications)
      .where(eq(applications.id, id));
    expect(row).toEqual({ receipt: null, paidOn: null });
  });

  it("freezes the package at submission: a replaced document stays readable as it was sent", async () => {
    const cv = await uploadDocument(api, student, "CV/Resume", { bytes: pdf("cv as sent"), name: "cv.pdf" });
    expect(cv.status).toBe(200);
    // The counsellor waives what the university does not need here (the fee too, with a reason) and submits.
    const view = await applying.get(student.studentId, applicationId);
    for (const entry of view.checklist.filter((c) => c.item !== "CV/Resume")) {
      const waived = await api.post(
        `/api/v1/staff/applications/${applicationId}/waivers`,
        { item: entry.item, reason: entry.item === "Application fee" ? "Fee waiver granted by the university" : "Not needed" },
        { cookie: team.asha.cookie },
      );
      expect(waived.status, waived.text).toBe(200);
    }
    const file = (
      await api.get(`/api/v1/staff/applications/${applicationId}`, { cookie: team.asha.cookie })
    ).body.data.checklist.find((c: { item: string }) => c.item === "CV/Resume");
    const publicId = String(file.file).split("/").at(-1);
    expect(
      (await api.post(`/api/v1/staff/documents/${publicId}/review`, { decision: "approve" }, { cookie: team.asha.cookie }))
        .status,
    ).toBe(200);
    for (const status of ["Documents pending", "Ready to submit"]) {
      const moved = await api.post(`/api/v1/staff/applications/${applicationId}/moves`, { status }, { cookie: team.asha.cookie });
      expect(moved.status, moved.text).toBe(200);
    }
    const missingFields = await api.post(
      `/api/v1/staff/applications/${applicationId}/moves`,
      { status: "Submitted" },
      { cookie: team.asha.cookie },
    );
    expect(missingFields.status).toBe(400);
    const submitted = await api.post(
      `/api/v1/staff/applications/${applicationId}/moves`,
      { status: "Submitted", details: { submittedOn: `${year - 1}-12-10`, universityReference: "CMU-2026-118734" } },
      { cookie: team.asha.cookie },
    );
    expect(submitted.status, submitted.text).toBe(200);
    const sent = await applying.get(student.studentId, applicationId);
    expect(sent).toMatchObject({
      frozen: true,
      submittedOn: `${year - 1}-12-10`,
      universityReference: "CMU-2026-118734",
      mayWithdraw: false,
    });
    const sentCv = sent.sent.find((c) => c.item === "CV/Resume");
    expect(sentCv?.state).toBe("Approved");
    // The student replaces the CV: the package still names (and the student still reads) the version sent.
    expect((await uploadDocument(api, student, "CV/Resume", { bytes: pdf("cv rewritten"), name: "cv-new.pdf" })).status).toBe(
      200,
    );
    const after = await applying.get(student.studentId, applicationId);
    expect(after.sent.find((c) => c.item === "CV/Resume")?.filePublicId).toBe(sentCv?.filePublicId);
    // The live checklist shows the new version waiting for review.
    expect(after.checklist.find((c) => c.item === "CV/Resume")?.state).toBe("Waiting for review");
    const read = await api.get(`/files/${sentCv?.filePublicId}`, { cookie: student.cookie });
    expect(read.status).toBe(200);
    expect(read.text).toContain("cv as sent");
    // Staff open the version sent too, and each view is audited as any document view is (decision 0012).
    const staffRead = await api.get(`/staff/files/${sentCv?.filePublicId}?inline=1`, { cookie: team.asha.cookie });
    expect(staffRead.status).toBe(200);
    expect(staffRead.text).toContain("cv as sent");
    const views = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "document.viewed"), eq(auditLog.subjectId, String(sentCv?.filePublicId))));
    expect(views.map((v) => [v.actorStaffId, v.studentId])).toEqual([[team.asha.staffId, student.studentId]]);
    // After submission the student asks their counsellor to withdraw.
    expect(await refusal(applying.withdraw(student.studentId, applicationId))).toEqual({
      status: 409,
      message: "This application has gone to the university: ask your counsellor to withdraw it.",
    });
  });

  it("shows a deadline the university set after the student applied with none as changed since", async () => {
    const open = await createCourse(api, team.admin, { name: "MS in Data Science" });
    await database.db.insert(courseIntakes).values({ courseId: open.id, month: 9, year, deadline: null });
    const applicant = await createStudent(api, { name: "अनुष्का जोशी" });
    const started = await applying.start(applicant.studentId, { courseId: open.id, intake: `${year}-09` });
    const before = await applying.get(applicant.studentId, started.id);
    expect(before).toMatchObject({ deadline: null, appliedDeadline: null, appliedDeadlineDiffers: false });
    // The university announces its deadline; staff enter it on the intake.
    await database.db
      .update(courseIntakes)
      .set({ deadline: `${year}-07-31` })
      .where(eq(courseIntakes.courseId, open.id));
    const after = await applying.get(applicant.studentId, started.id);
    expect(after).toMatchObject({ deadline: `${year}-07-31`, appliedDeadline: null, appliedDeadlineDiffers: true });
  });

  it("keeps an application to a course retired since, marked", async () => {
    await database.db.update(courses).set({ retiredAt: new Date() }).where(eq(courses.id, courseId));
    const view = await applying.get(student.studentId, applicationId);
    expect(view.retired).toBe(true);
    expect(view.status).toBe("Submitted");
    const fresh = await createStudent(api, { name: "Meera Nair" });
    expect(await refusal(applying.start(fresh.studentId, { courseId, intake: `${year + 1}-01` }))).toEqual({
      status: 404,
      message: "This course no longer takes applications.",
    });
  });

  it("refuses a course in a country an admin has hidden, as a retired one", async () => {
    const [croatia] = await database.db.select({ id: countries.id }).from(countries).where(eq(countries.name, "Croatia"));
    const university = await createUniversity(api, team.admin, { countryId: croatia?.id, name: "Sveučilište u Zagrebu" });
    const zagreb = await createCourse(api, team.admin, { name: "MSc Marine Biology", universityId: university.id });
    await database.db.insert(courseIntakes).values({ courseId: zagreb.id, month: 10, year, deadline: `${year}-07-15` });
    await database.db
      .update(countries)
      .set({ visible: false })
      .where(eq(countries.id, croatia?.id ?? 0));
    const student = await createStudent(api, { name: "अनन्या सिंह" });
    expect(await refusal(applying.start(student.studentId, { courseId: zagreb.id, intake: `${year}-10` }))).toEqual({
      status: 404,
      message: "This course no longer takes applications.",
    });
    expect(
      await database.db.select({ id: applications.id }).from(applications).where(eq(applications.studentId, student.studentId)),
    ).toEqual([]);
    // Shown again, it takes applications.
    await database.db
      .update(countries)
      .set({ visible: true })
      .where(eq(countries.id, croatia?.id ?? 0));
    await expect(applying.start(student.studentId, { courseId: zagreb.id, intake: `${year}-10` })).resolves.toBeTruthy();
  });

  it("answers another student's application as not found", async () => {
    const other = await createStudent(api, { name: "Arjun Reddy" });
    expect((await refusal(applying.get(other.studentId, applicationId))).status).toBe(404);
    expect((await refusal(applying.withdraw(other.studentId, applicationId))).status).toBe(404);
  });
});

async function countryOf(id: number) {
  const { universities } = await import("../catalogue/tables.ts");
  const [row] = await database.db
    .select({ countryId: universities.countryId })
    .from(courses)
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .where(eq(courses.id, id));
  return row?.countryId;
}
