import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, countryDocumentRules } from "../../modules/applications/tables.ts";
import { countries, courseIntakes, courses, universities } from "../../modules/catalogue/tables.ts";
import { auditLog } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { waiveOutstandingItems } from "../../tests/support/checklist.ts";
import {
  askOnlyTheSpecDocuments,
  createApplication,
  createStudent,
  nextSeptember,
  type Student,
  uploadDocument,
} from "../../tests/support/factories.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffMember, createStaffTeam, type StaffTeam, signInStaff, type TeamMember } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * Students' records, applications and document review in the console: who reaches which student, the
 * stage model and its required fields, what the student reads and is mailed, the correction loop with
 * versions kept, and the audit of every change and every document view.
 */
let database: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let testApp: TestApp;
let api: ApiClient;
let uploadsDir: string;
let team: StaffTeam;
let germanCourse: number;
let otherCourse: number;

const pdf = (text: string) =>
  new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

const as = (who: TeamMember) => team.as(who);
const mailsTo = (email: string) => sink.messages.filter((m) => m.to.includes(email));

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), "ignite-applications-"));
  uploadsDir = path.join(dataDir, "uploads");
  testApp = createTestApp(database, { SMTP_URL: sink.url, DATA_DIR: dataDir, PUBLIC_URL: "https://ignite.test" });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "records.test");
  const pick = async (country: string) => {
    const [row] = await database.db
      .select({ id: courses.id, countryId: countries.id })
      .from(courses)
      .innerJoin(universities, eq(universities.id, courses.universityId))
      .innerJoin(countries, eq(countries.id, universities.countryId))
      .where(eq(countries.name, country))
      .limit(1);
    if (!row) throw new Error(`no course in ${country}`);
    return row;
  };
  const german = await pick("Germany");
  germanCourse = german.id;
  otherCourse = (await pick("Ireland")).id;
  // The demo catalogue's courses have intakes (decision 0030); these tests are about the stage model, so their
  // two courses have none and take any month and year (decision 0019; the intake rule is tested in
  // catalogue-create.integration.test.ts).
  await database.db.delete(courseIntakes).where(inArray(courseIntakes.courseId, [germanCourse, otherCourse]));
  // Their packages ask only the spec's documents (decision 0057; the package is tested in modules/applications).
  await askOnlyTheSpecDocuments(database.db, [germanCourse, otherCourse]);
  await database.db
    .insert(countryDocumentRules)
    .values({ countryId: german.countryId, label: "APS certificate", attachmentType: "Documents 1" });
});
afterAll(async () => {
  await sink.close();
  await database.close();
});

/** A new student of a test's own, signed up and given to `counsellor` by the admin. */
async function studentOf(counsellor: { staffId: number }, name: string): Promise<Student> {
  const student = await createStudent(api, { name });
  const answer = await api.post(
    `/api/v1/staff/students/${student.studentId}/counsellor`,
    { counsellorStaffId: counsellor.staffId },
    as("admin"),
  );
  expect(answer.status).toBe(200);
  return student;
}
/** Meera is Asha's student; Arjun is Ravi's. */
const meeraOf = () => studentOf(team.asha, "Meera Nair");
const arjunOf = () => studentOf(team.ravi, "Arjun Rao");

const create = (who: TeamMember, student: Student, courseId: number, intake = nextSeptember()) =>
  api.post(`/api/v1/staff/students/${student.studentId}/applications`, { courseId, ...intake }, as(who));
const move = (who: TeamMember, applicationId: number, body: Record<string, unknown>) =>
  api.post(`/api/v1/staff/applications/${applicationId}/moves`, body, as(who));

/** The moves that take an application from Shortlisted to an accepted conditional offer, with a staff note on the offer. */
const toOfferAccepted: (string | { status: string; note?: string; details?: Record<string, string> })[] = [
  "Ready to submit",
  { status: "Submitted", details: { submittedOn: "2026-01-05", universityReference: "TUM-2026-44187" } },
  { status: "Conditional offer", note: "Offer letter received by e-mail", details: { offerConditions: "IELTS 6.5 overall" } },
  "Offer accepted",
];

describe("who reaches a student's record", () => {
  it("a counsellor sees their own students only; another counsellor's student does not exist for them", async () => {
    const meera = await meeraOf();
    const arjun = await arjunOf();
    expect((await api.get(`/api/v1/staff/students/${meera.studentId}`, as("asha"))).status).toBe(200);
    const reaching = await api.get(`/api/v1/staff/students/${arjun.studentId}`, as("asha"));
    expect(reaching.status).toBe(404);
    expect(JSON.stringify(reaching.body)).not.toContain("Arjun");
    const list = (await api.get("/api/v1/staff/students", as("asha"))).body.data.map((s: { id: number }) => s.id);
    expect(list).toContain(meera.studentId);
    expect(list).not.toContain(arjun.studentId);
    // Nor can she write to it.
    expect((await api.post(`/api/v1/staff/students/${arjun.studentId}/notes`, { body: "x" }, as("asha"))).status).toBe(404);
    expect((await create("asha", arjun, otherCourse)).status).toBe(404);
  });

  it("admins and read-only staff see everyone; read-only changes nothing; verifiers see no records", async () => {
    const arjun = await arjunOf();
    expect((await api.get(`/api/v1/staff/students/${arjun.studentId}`, as("admin"))).status).toBe(200);
    expect((await api.get(`/api/v1/staff/students/${arjun.studentId}`, as("viewer"))).status).toBe(200);
    expect((await api.post(`/api/v1/staff/students/${arjun.studentId}/notes`, { body: "x" }, as("viewer"))).status).toBe(403);
    expect((await api.get(`/api/v1/staff/students/${arjun.studentId}`, as("verifier"))).status).toBe(404);
    expect((await api.get("/api/v1/staff/students", as("verifier"))).status).toBe(403);
  });

  it("a student's session or none gets 404 on the staff paths", async () => {
    const meera = await meeraOf();
    for (const cookie of [meera.cookie, ""]) {
      expect((await api.get(`/api/v1/staff/students/${meera.studentId}`, { cookie })).status).toBe(404);
      expect((await api.get("/api/v1/staff/applications", { cookie })).status).toBe(404);
      expect((await api.get("/api/v1/staff/documents/review-queue", { cookie })).status).toBe(404);
    }
  });
});

describe("notes and e-mails on the record", () => {
  it("a note stays internal: on the staff timeline, never in what the student reads", async () => {
    const meera = await meeraOf();
    const answer = await api.post(
      `/api/v1/staff/students/${meera.studentId}/notes`,
      { body: "Prefers calls after 6pm" },
      as("asha"),
    );
    expect(answer.status).toBe(201);
    expect((await api.post(`/api/v1/staff/students/${meera.studentId}/notes`, { body: "  " }, as("asha"))).body.message).toBe(
      "Write the note",
    );
    const record = (await api.get(`/api/v1/staff/students/${meera.studentId}`, as("asha"))).body.data;
    expect(record.notes[0]).toMatchObject({ body: "Prefers calls after 6pm", author: team.asha.fullName });
    expect(record.timeline.some((t: { text: string }) => t.text === "Prefers calls after 6pm")).toBe(true);
    for (const path of ["/api/v1/students/me", "/api/v1/students/me/applications", "/api/v1/students/me/files"]) {
      expect(JSON.stringify((await api.get(path, { cookie: meera.cookie })).body)).not.toContain("6pm");
    }
  });

  it("an e-mail from a template goes through the mail adapter and shows on the timeline", async () => {
    const meera = await meeraOf();
    const answer = await api.post(
      `/api/v1/staff/students/${meera.studentId}/emails`,
      {
        template: "Documents needed",
        subject: "Documents needed for your application",
        body: "Dear Meera, please upload your SOP.",
      },
      as("asha"),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(`E-mail sent to ${meera.email}.`);
    const mail = mailsTo(meera.email).find((m) => m.subject === "Documents needed for your application");
    expect(mail?.text).toContain("please upload your SOP");
    const record = (await api.get(`/api/v1/staff/students/${meera.studentId}`, as("asha"))).body.data;
    expect(record.timeline.some((t: { text: string }) => t.text === "E-mail sent: Documents needed for your application")).toBe(
      true,
    );
    const refused = await api.post(
      `/api/v1/staff/students/${meera.studentId}/emails`,
      { template: "Nope", subject: "", body: "" },
      as("asha"),
    );
    expect(refused.status).toBe(400);
  });
});

describe("applications move through the stage model", () => {
  it("a counsellor creates one for their student; it starts Shortlisted with the country's checklist", async () => {
    const meera = await meeraOf();
    const answer = await create("asha", meera, germanCourse);
    expect(answer.status).toBe(201);
    const applicationId = answer.body.data.id;
    expect(answer.body.data).toMatchObject({
      status: "Shortlisted",
      // "Ready to submit" says the documents are complete: held while they are missing (decision 0035).
      moves: ["Documents pending", "Withdrawn"],
      held: [{ status: "Ready to submit", reason: expect.stringContaining("Not yet: CV/Resume (Missing), SOP (Missing)") }],
    });
    const items = answer.body.data.checklist.map((c: { item: string; state: string }) => `${c.item}:${c.state}`);
    expect(items).toEqual([
      "CV/Resume:Missing",
      "SOP:Missing",
      "LOR:Missing",
      "Passport:Missing",
      "10th Grade:Missing",
      "12th Grade:Missing",
      "APS certificate:Missing",
    ]);
    expect((await create("asha", meera, germanCourse)).status).toBe(409);
    expect((await create("asha", meera, germanCourse, { intakeMonth: 13, intakeYear: 2020 })).status).toBe(400);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "application.created"), eq(auditLog.subjectId, String(applicationId))));
    expect(audit[0]).toMatchObject({ actorStaffId: team.asha.staffId, studentId: meera.studentId });
  });

  it("the student starting the same course and intake at that moment: the counsellor's is refused 409, not an error", async () => {
    const student = await studentOf(team.asha, "कविता जोशी");
    // The student's own start lands between the console's check and its insert, as a second connection
    // would on PostgreSQL; a trigger puts it there on any database, so the unique index is what refuses.
    await database.db.execute(
      sql.raw(`create function student_starts_first() returns trigger language plpgsql as $$
        begin
          if pg_trigger_depth() = 1 then
            insert into applications (student_id, course_id, status, intake_month, intake_year)
            values (new.student_id, new.course_id, 'Started by you', new.intake_month, new.intake_year);
          end if;
          return new;
        end $$`),
    );
    await database.db.execute(
      sql.raw(`create trigger student_starts_first before insert on applications for each row
        when (new.student_id = ${student.studentId}) execute function student_starts_first()`),
    );
    try {
      const answer = await create("asha", student, otherCourse);
      expect(answer.status, answer.text).toBe(409);
      expect(answer.body.error.message).toBe("This student already has an open application to this course.");
    } finally {
      await database.db.execute(sql.raw("drop trigger student_starts_first on applications"));
      await database.db.execute(sql.raw("drop function student_starts_first()"));
    }
    // The refused create leaves nothing half made (the trigger's row went with its transaction).
    const rows = await database.db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.studentId, student.studentId));
    expect(rows).toEqual([]);
    expect((await create("asha", student, otherCourse)).status).toBe(201);
  });

  it("only the moves the model allows are accepted, and a stage's required fields must be given", async () => {
    const meera = await meeraOf();
    const applicationId = (await createApplication(api, as("asha"), meera, germanCourse)).id;
    const skip = await move("asha", applicationId, { status: "Visa granted" });
    expect(skip.status).toBe(400);
    expect(skip.body.message).toBe("An application cannot move from Shortlisted to Visa granted.");
    // The university needs none of the documents here: waived with a reason, the way to "Ready to submit" opens.
    await waiveOutstandingItems(api, applicationId, as("asha").cookie ?? "");
    for (const status of ["Ready to submit", "Submitted"]) {
      // A submission names its day and the university's reference (decision 0058).
      const details = status === "Submitted" ? { submittedOn: "2026-01-05", universityReference: "UCD-884213" } : {};
      expect((await move("asha", applicationId, { status, note: `to ${status}`, details })).status).toBe(200);
    }
    const bare = await move("asha", applicationId, { status: "Conditional offer" });
    expect(bare.status).toBe(400);
    expect(bare.body.error.fields).toEqual({ offerConditions: "Enter the offer conditions" });
    expect((await move("viewer", applicationId, { status: "Conditional offer", details: { offerConditions: "x" } })).status).toBe(
      403,
    );
    expect((await move("ravi", applicationId, { status: "Conditional offer", details: { offerConditions: "x" } })).status).toBe(
      404,
    );
    const offer = await move("asha", applicationId, {
      status: "Conditional offer",
      note: "Offer letter received by e-mail",
      details: { offerConditions: "IELTS 6.5 overall" },
    });
    expect(offer.status).toBe(200);
    expect(offer.body.data.details).toEqual({
      submittedOn: "2026-01-05",
      universityReference: "UCD-884213",
      offerConditions: "IELTS 6.5 overall",
    });
    expect(offer.body.data.events.map((e: { to: string }) => e.to)).toEqual([
      "Shortlisted",
      "Ready to submit",
      "Submitted",
      "Conditional offer",
    ]);
    expect(offer.body.data.events[3]).toMatchObject({
      from: "Submitted",
      note: "Offer letter received by e-mail",
      actor: `${team.asha.fullName} (counsellor)`,
    });
    const confirmation = await move("asha", applicationId, { status: "Offer accepted" });
    expect(confirmation.status).toBe(200);
    const cas = await move("asha", applicationId, {
      status: "Confirmation issued",
      details: { confirmationKind: "Visa", confirmationNumber: "" },
    });
    expect(cas.body.error.fields).toEqual({
      confirmationKind: "Enter the confirmation",
      confirmationNumber: "Enter the confirmation number",
    });
  });

  it("the student reads the stage, its label, the next action and the history, and is mailed on each change", async () => {
    const meera = await meeraOf();
    await createApplication(api, as("asha"), meera, germanCourse, { moves: toOfferAccepted });
    const mine = (await api.get("/api/v1/students/me/applications", { cookie: meera.cookie })).body.data;
    expect(mine[0]).toMatchObject({
      status: "Offer accepted",
      stage_label: "You have accepted the offer.",
      next_action: "Pay the deposit if the university asks for one.",
      waiting_on: "student",
      details: { offerConditions: "IELTS 6.5 overall" },
    });
    expect(mine[0].intake).toMatch(/^September \d{4}$/);
    expect(mine[0].history.map((h: { status: string }) => h.status)).toEqual([
      "Shortlisted",
      "Ready to submit",
      "Submitted",
      "Conditional offer",
      "Offer accepted",
    ]);
    // Staff's notes stay internal.
    expect(JSON.stringify(mine)).not.toContain("Offer letter received");
    const offerMail = mailsTo(meera.email).find((m) => m.subject.endsWith(": Conditional offer"));
    expect(offerMail?.text).toContain("You have a conditional offer.");
    expect(offerMail?.text).toContain("Next: Meet the offer's conditions");
    expect(offerMail?.text).toContain("https://ignite.test/user/applications");
    // One mail per change: created, three moves to the offer, accepted.
    expect(mailsTo(meera.email).filter((m) => m.subject.startsWith("Your application to"))).toHaveLength(5);
  });

  it("while documents are pending, the student's card names the documents still needed (decision 0051)", async () => {
    const meera = await meeraOf();
    expect((await uploadDocument(api, meera, "SOP", { bytes: pdf("Meera's SOP"), name: "sop.pdf" })).status).toBe(200);
    await createApplication(api, as("asha"), meera, germanCourse, { moves: ["Documents pending"] });
    const [card] = await testApp.students.listApplications(meera.studentId);
    expect(card?.status).toBe("Documents pending");
    expect(card?.missingDocuments).toEqual(["CV/Resume", "LOR", "Passport", "10th Grade", "12th Grade", "APS certificate"]);
  });

  it("the table and the board are filtered by visibility, stage and search", async () => {
    // A name of her own, so the search finds her application alone.
    const tanvi = await studentOf(team.asha, "Tanvi Deshpande");
    const applicationId = (await createApplication(api, as("asha"), tanvi, germanCourse)).id;
    const ashas = (await api.get("/api/v1/staff/applications", as("asha"))).body.data;
    expect(ashas.map((a: { id: number }) => a.id)).toContain(applicationId);
    expect((await api.get("/api/v1/staff/applications", as("ravi"))).body.data).toEqual([]);
    expect((await api.get("/api/v1/staff/applications?status=Submitted", as("admin"))).body.data).toEqual([]);
    const found = (await api.get("/api/v1/staff/applications?q=tanvi", as("admin"))).body.data;
    expect(found.map((a: { id: number }) => a.id)).toEqual([applicationId]);
    expect((await api.get("/api/v1/staff/applications?status=Nope", as("admin"))).status).toBe(400);
  });
});

describe("documents: review, the correction loop and the audit of every view", () => {
  it("an uploaded document waits in the verifier's queue; the verifier opens it (audited) and asks for a correction", async () => {
    const meera = await meeraOf();
    await createApplication(api, as("asha"), meera, otherCourse);
    expect((await uploadDocument(api, meera, "SOP", { bytes: pdf("first SOP"), name: "sop.pdf" })).status).toBe(200);
    const queue = (await api.get("/api/v1/staff/documents/review-queue", as("verifier"))).body.data;
    const sop = queue.find(
      (f: { studentId: number; attachmentType: string }) => f.studentId === meera.studentId && f.attachmentType === "SOP",
    );
    expect(sop).toMatchObject({ reviewState: "Waiting for review", current: true });
    const sopId = sop.publicId;
    // Ravi's queue holds only his students' documents.
    expect((await api.get("/api/v1/staff/documents/review-queue", as("ravi"))).body.data).toEqual([]);

    const opened = await testApp.app.request(`/staff/files/${sopId}?inline=1`, { headers: { Cookie: team.verifier.cookie } });
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("first SOP");
    const notHis = await testApp.app.request(`/staff/files/${sopId}`, { headers: { Cookie: team.ravi.cookie } });
    expect(notHis.status).toBe(404);
    const views = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, sopId));
    expect(views.filter((v) => v.action === "document.viewed")).toEqual([
      expect.objectContaining({ actorStaffId: team.verifier.staffId, studentId: meera.studentId }),
    ]);

    const unclear = await api.post(`/api/v1/staff/documents/${sopId}/review`, { decision: "correction" }, as("verifier"));
    expect(unclear.status).toBe(400);
    expect(unclear.body.error.fields).toMatchObject({ reason: "Choose a reason from the list" });
    const asked = await api.post(
      `/api/v1/staff/documents/${sopId}/review`,
      { decision: "correction", reason: "Needs signature or stamp", message: "Please sign the last page." },
      as("verifier"),
    );
    expect(asked.status).toBe(200);
    expect((await api.post(`/api/v1/staff/documents/${sopId}/review`, { decision: "approve" }, as("viewer"))).status).toBe(403);
  });

  it("the student reads the reason, re-uploads, the previous version is kept, and the verifier approves", async () => {
    // The world the test above leaves: Meera's SOP for an application, opened by the verifier, a correction asked.
    const meera = await meeraOf();
    const applicationId = (await createApplication(api, as("asha"), meera, otherCourse)).id;
    expect((await uploadDocument(api, meera, "SOP", { bytes: pdf("first SOP"), name: "sop.pdf" })).status).toBe(200);
    const queue = (await api.get("/api/v1/staff/documents/review-queue", as("verifier"))).body.data;
    const sopId = queue.find(
      (f: { studentId: number; attachmentType: string }) => f.studentId === meera.studentId && f.attachmentType === "SOP",
    ).publicId;
    const opened = await testApp.app.request(`/staff/files/${sopId}?inline=1`, { headers: { Cookie: team.verifier.cookie } });
    expect(opened.status).toBe(200);
    const asked = await api.post(
      `/api/v1/staff/documents/${sopId}/review`,
      { decision: "correction", reason: "Needs signature or stamp", message: "Please sign the last page." },
      as("verifier"),
    );
    expect(asked.status).toBe(200);

    const files = (await api.get("/api/v1/students/me/files", { cookie: meera.cookie })).body.data;
    expect(files.find((f: { attachment_type: string }) => f.attachment_type === "SOP")).toMatchObject({
      review_state: "Correction requested",
      review_reason: "Needs signature or stamp",
      review_message: "Please sign the last page.",
    });
    expect(
      mailsTo(meera.email).some(
        (m) => m.subject === "Please upload your SOP again" && m.text.includes("Please sign the last page."),
      ),
    ).toBe(true);
    const before = readdirSync(uploadsDir).length;
    expect((await uploadDocument(api, meera, "SOP", { bytes: pdf("signed SOP"), name: "sop-signed.pdf" })).status).toBe(200);
    expect(readdirSync(uploadsDir)).toHaveLength(before + 1);
    const again = (await api.get("/api/v1/students/me/files", { cookie: meera.cookie })).body.data;
    expect(again.filter((f: { attachment_type: string }) => f.attachment_type === "SOP")).toEqual([
      expect.objectContaining({ review_state: "Waiting for review", review_reason: null, name: "sop-signed.pdf" }),
    ]);

    const record = (await api.get(`/api/v1/staff/students/${meera.studentId}`, as("asha"))).body.data;
    const versions = record.documents.filter((d: { attachmentType: string }) => d.attachmentType === "SOP");
    expect(
      versions.map((v: { name: string; current: boolean; reviewState: string }) => [v.name, v.current, v.reviewState]),
    ).toEqual([
      ["sop-signed.pdf", true, "Waiting for review"],
      ["sop.pdf", false, "Correction requested"],
    ]);
    // The old version cannot be reviewed any more; the new one can.
    expect((await api.post(`/api/v1/staff/documents/${sopId}/review`, { decision: "approve" }, as("verifier"))).status).toBe(409);
    const current = versions[0].publicId;
    expect((await api.post(`/api/v1/staff/documents/${current}/review`, { decision: "approve" }, as("verifier"))).status).toBe(
      200,
    );
    const detail = (await api.get(`/api/v1/staff/applications/${applicationId}`, as("asha"))).body.data;
    expect(detail.checklist.find((c: { item: string }) => c.item === "SOP")).toMatchObject({ state: "Approved" });
    const actions = (await database.db.select().from(auditLog).where(eq(auditLog.studentId, meera.studentId))).map(
      (e) => e.action,
    );
    expect(actions).toEqual(expect.arrayContaining(["document.correction_requested", "document.approved", "document.viewed"]));
  });

  it("a checklist item can be waived for one application, with a reason", async () => {
    const applicationId = (await createApplication(api, as("asha"), await meeraOf(), otherCourse)).id;
    const refused = await api.post(
      `/api/v1/staff/applications/${applicationId}/waivers`,
      { item: "LOR", reason: "" },
      as("asha"),
    );
    expect(refused.status).toBe(400);
    const waived = await api.post(
      `/api/v1/staff/applications/${applicationId}/waivers`,
      { item: "LOR", reason: "The university does not ask for one" },
      as("asha"),
    );
    expect(waived.status).toBe(200);
    expect(waived.body.data.checklist.find((c: { item: string }) => c.item === "LOR")).toMatchObject({
      state: "Waived",
      waiverReason: "The university does not ask for one",
    });
  });
});

describe("country document rules", () => {
  it("an admin adds a rule and new checklists of that country list it; others may not; removing takes it off", async () => {
    const admin = team.admin;
    const [ireland] = await database.db.select({ id: countries.id }).from(countries).where(eq(countries.name, "Ireland"));
    const asha = team.asha;
    const arjun = await arjunOf();
    await expect(
      testApp.staff.applications.addCountryDocumentRule(asha, {
        countryId: ireland?.id,
        label: "GNIB letter",
        attachmentType: "Documents 2",
      }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      testApp.staff.applications.addCountryDocumentRule(admin, { countryId: ireland?.id, label: " " }),
    ).rejects.toMatchObject({
      status: 400,
    });
    await testApp.staff.applications.addCountryDocumentRule(admin, {
      countryId: ireland?.id,
      label: "GNIB letter",
      attachmentType: "Documents 2",
    });
    const application = (await create("asha", arjun, otherCourse)).body;
    // Arjun is Ravi's: Asha cannot, Ravi can.
    expect(application.error.code).toBe("not_found");
    const created = (await create("ravi", arjun, otherCourse)).body.data;
    expect(created.checklist.at(-1)).toMatchObject({ item: "GNIB letter", attachmentType: "Documents 2", state: "Missing" });
    const [rule] = (await testApp.staff.applications.countryDocumentRules()).filter((r) => r.label === "GNIB letter");
    await testApp.staff.applications.removeCountryDocumentRule(admin, rule?.id ?? 0);
    const after = (await api.get(`/api/v1/staff/applications/${created.id}`, as("ravi"))).body.data;
    expect(after.checklist.map((c: { item: string }) => c.item)).not.toContain("GNIB letter");
  });
});

describe("exports of the console's lists", () => {
  const csvOf = async (who: TeamMember | { cookie: string }, path: string) => {
    const answer = await testApp.app.request(path, {
      headers: { Cookie: typeof who === "string" ? team[who].cookie : who.cookie },
    });
    return {
      status: answer.status,
      type: answer.headers.get("Content-Type"),
      disposition: answer.headers.get("Content-Disposition"),
      text: await answer.text(),
    };
  };

  it("a counsellor's export holds only their students, a spreadsheet formula is defused, and the export is audited", async () => {
    // A counsellor of this test's own, so that their students are exactly the two given to them here.
    const nila = await createStaffMember(testApp, { email: "nila@records.test", role: "counsellor", fullName: "Nila Menon" });
    const nilaCookie = { cookie: await signInStaff(api, nila.email, nila.password) };
    const meera = await studentOf(nila, "Meera Nair");
    const arjun = await arjunOf();
    // A name a spreadsheet would run as a formula.
    const sly = await studentOf(nila, "=HYPERLINK(x)");
    const file = await csvOf(nilaCookie, "/api/v1/staff/exports/students");
    expect(file.status).toBe(200);
    expect(file.type).toBe("text/csv; charset=utf-8");
    expect(file.disposition).toMatch(/^attachment; filename="ignite-students-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = file.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("id,name,e-mail,phone,counsellor,signed up");
    expect(lines.some((l) => l.includes(meera.email))).toBe(true);
    expect(lines.some((l) => l.includes(arjun.email))).toBe(false);
    expect(lines.find((l) => l.includes(sly.email))).toContain("'=HYPERLINK(x)");

    const entries = await database.db.select().from(auditLog).where(eq(auditLog.action, "export.downloaded"));
    expect(entries.at(-1)).toMatchObject({ actorStaffId: nila.staffId, subjectId: "students" });
    const held = (entries.at(-1)?.after ?? { studentIds: [] }) as { studentIds: number[] };
    expect(held.studentIds.sort()).toEqual([meera.studentId, sly.studentId].sort());
  });

  it("applications and leads export with the screen's filters; the admin's holds everyone's; wrong lists and roles are refused", async () => {
    const meera = await meeraOf();
    await createApplication(api, as("asha"), meera, germanCourse, { moves: toOfferAccepted });
    const all = await csvOf("admin", "/api/v1/staff/exports/applications?status=Offer+accepted");
    const rows = all.text.trim().split("\r\n").slice(1);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.every((r) => r.includes("Offer accepted"))).toBe(true);
    expect((await csvOf("admin", "/api/v1/staff/exports/leads")).text).toContain("first name,last name");
    expect((await csvOf("admin", "/api/v1/staff/exports/payments")).status).toBe(404);
    expect((await csvOf("verifier", "/api/v1/staff/exports/students")).status).toBe(403);
    expect((await csvOf("verifier", "/api/v1/staff/exports/leads")).status).toBe(403);
    expect((await testApp.app.request("/api/v1/staff/exports/students", { headers: { Cookie: meera.cookie } })).status).toBe(404);
  });
});
