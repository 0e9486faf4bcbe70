import type { Handler, Hono } from "hono";
import { z } from "zod";
import {
  type ApplicationDetail,
  type ApplicationRow,
  applicationFiltersSchema,
  moveSchema,
  newApplicationSchema,
  waiverSchema,
} from "../../modules/applications/applications.ts";
import type { StaffService } from "../../modules/console/console.ts";
import type { DocumentService, ReviewedFile } from "../../modules/documents/documents.ts";
import { staffFileUrl } from "../../modules/documents/file-urls.ts";
import { reviewSchema } from "../../modules/documents/review.ts";
import { parseId } from "../../modules/ids.ts";
import { counsellorSchema, emailSchema, noteSchema, studentFiltersSchema } from "../../modules/students/records.ts";
import type { StudentRecord } from "../../modules/students/students.ts";
import { applicationMessages, applicationStatuses } from "../../vocabulary/applications.ts";
import { checklistStates, correctionReasons, reviewMessages, reviewStates } from "../../vocabulary/documents.ts";
import { contactChannels } from "../../vocabulary/privacy.ts";
import { recordMessages } from "../../vocabulary/records.ts";
import type { ServerEnv } from "../context.ts";
import { requireStaff } from "../guards.ts";
import { serveFile } from "./documents.ts";
import {
  answer,
  body,
  component,
  dataOf,
  describe,
  failures,
  idParam,
  listOf,
  messageAnswer,
  paging,
  pathParam,
  queryParams,
  ref,
} from "./openapi-parts.ts";
import { readJson } from "./read-json.ts";

const at = z.iso.datetime();

const staffApplicationSchema = component(
  "StaffApplication",
  z.object({
    id: z.int(),
    studentId: z.int(),
    studentName: z.string(),
    status: z.enum(applicationStatuses),
    country: z.string(),
    courseId: z.int(),
    course: z.string(),
    university: z.string(),
    intake: z.string().nullable(),
    deadline: z.iso.date().nullable().meta({
      description: "The intake's application deadline as the catalogue has it now (India date), or null (decision 0059)",
    }),
    details: z.record(z.string(), z.string()),
    stageEnteredAt: at,
    createdAt: at,
  }),
);
const applicationDetailSchema = component(
  "ApplicationDetail",
  staffApplicationSchema.extend({
    moves: z.array(z.enum(applicationStatuses)).meta({ description: "The stages it may move to now" }),
    held: z.array(z.object({ status: z.enum(applicationStatuses), reason: z.string() })).meta({
      description:
        "Stages the stage model allows next but the record does not yet, with why (a stage that says the documents are complete needs every checklist item approved or waived; decision 0035)",
    }),
    events: z.array(
      z.object({
        from: z.enum(applicationStatuses).nullable(),
        to: z.enum(applicationStatuses),
        note: z.string().nullable(),
        details: z.record(z.string(), z.string()),
        actor: z.string(),
        at,
        daysInStage: z.int(),
      }),
    ),
    checklist: z.array(
      z.object({
        item: z.string(),
        attachmentType: z.string(),
        state: z.enum(checklistStates),
        file: z.string().nullable().meta({ description: "Where staff open the current file (audited)" }),
        reviewReason: z.string().nullable(),
        reviewMessage: z.string().nullable(),
        waiverReason: z.string().nullable(),
      }),
    ),
  }),
);
const reviewedFileSchema = component(
  "ReviewedFile",
  z.object({
    publicId: z.string(),
    file: z.string().meta({ description: "Where staff open it: /staff/files/{publicId} (each view audited)" }),
    studentId: z.int(),
    studentName: z.string(),
    attachmentType: z.string(),
    name: z.string(),
    size: z.int(),
    uploadedAt: at,
    current: z.boolean(),
    reviewState: z.enum(reviewStates),
    reviewReason: z.enum(correctionReasons).nullable(),
    reviewMessage: z.string().nullable(),
    reviewedAt: at.nullable(),
  }),
);
const studentRowSchema = component(
  "StaffStudent",
  z.object({
    id: z.int(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string(),
    counsellor: z.string().nullable(),
    createdAt: at,
  }),
);
const studentRecordSchema = component(
  "StudentRecord",
  studentRowSchema.extend({
    gender: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    passportNo: z.string().nullable(),
    address: z.string().nullable(),
    counsellorStaffId: z.int().nullable(),
    preferredContact: z.enum(contactChannels).meta({ description: "How the student wants to be contacted (decision 0024)" }),
    newsAndOffers: z.boolean(),
    consentVersion: z.string().nullable(),
    consentedAt: at.nullable(),
    marks: z.array(z.object({ qualification: z.string(), percentage: z.number().nullable(), cgpa: z.number().nullable() })),
    englishTest: z
      .string()
      .nullable()
      .meta({ description: "The English test and overall score, e.g. IELTS 6.5 (decision 0027)" }),
    admissionsTests: z.string().nullable().meta({ description: "GRE and GMAT totals, e.g. GRE 318, GMAT 655 (decision 0041)" }),
    documents: z.array(reviewedFileSchema),
    savedCourses: z.array(z.object({ courseId: z.int(), course: z.string(), university: z.string(), country: z.string() })),
    applications: z.array(staffApplicationSchema),
    notes: z.array(z.object({ id: z.int(), body: z.string(), author: z.string(), at })),
    timeline: z.array(
      z.object({ at, kind: z.enum(["note", "staff", "upload", "booking"]), text: z.string(), actor: z.string() }),
    ),
  }),
);

const presentStaffApplication = (a: ApplicationRow): z.infer<typeof staffApplicationSchema> => ({
  id: a.id,
  studentId: a.studentId,
  studentName: a.studentName,
  status: a.status,
  country: a.country,
  courseId: a.courseId,
  course: a.course,
  university: a.university,
  intake: a.intake,
  deadline: a.deadline,
  details: a.details,
  stageEnteredAt: a.stageEnteredAt.toISOString(),
  createdAt: a.createdAt.toISOString(),
});
const presentApplicationDetail = (a: ApplicationDetail): z.infer<typeof applicationDetailSchema> => ({
  ...presentStaffApplication(a),
  moves: a.moves,
  held: a.held.map((h) => ({ status: h.status, reason: h.reason })),
  events: a.events.map((e) => ({
    from: e.from,
    to: e.to,
    note: e.note,
    details: e.details,
    actor: e.actor,
    at: e.at.toISOString(),
    daysInStage: e.daysInStage,
  })),
  checklist: a.checklist.map(({ filePublicId, ...item }) => ({
    ...item,
    file: filePublicId ? staffFileUrl(filePublicId) : null,
  })),
});
const presentReviewedFile = (f: ReviewedFile): z.infer<typeof reviewedFileSchema> => ({
  publicId: f.publicId,
  file: staffFileUrl(f.publicId),
  studentId: f.studentId,
  studentName: f.studentName,
  attachmentType: f.attachmentType,
  name: f.name,
  size: f.size,
  uploadedAt: f.uploadedAt.toISOString(),
  current: f.supersededAt === null,
  reviewState: f.reviewState,
  reviewReason: f.reviewReason,
  reviewMessage: f.reviewMessage,
  reviewedAt: f.reviewedAt?.toISOString() ?? null,
});
const presentStudentRecord = (s: StudentRecord): z.infer<typeof studentRecordSchema> => ({
  id: s.id,
  fullName: s.fullName,
  email: s.email,
  phone: s.phone,
  counsellor: s.counsellor,
  createdAt: s.createdAt.toISOString(),
  gender: s.gender,
  dateOfBirth: s.dateOfBirth,
  passportNo: s.passportNo,
  address: s.address,
  counsellorStaffId: s.counsellorStaffId,
  preferredContact: s.preferredContact,
  newsAndOffers: s.newsAndOffers,
  consentVersion: s.consentVersion,
  consentedAt: s.consentedAt?.toISOString() ?? null,
  marks: s.marks,
  englishTest: s.englishTest,
  admissionsTests: s.admissionsTests,
  documents: s.documents.map(presentReviewedFile),
  savedCourses: s.savedCourses,
  applications: s.applications.map(presentStaffApplication),
  notes: s.notes.map((n) => ({ ...n, at: n.at.toISOString() })),
  timeline: s.timeline.map((t) => ({ ...t, at: t.at.toISOString() })),
});

/**
 * The request bodies are the domain's own schemas (modules/students/records.ts, modules/applications/applications.ts,
 * modules/documents/review.ts), with the words a reader needs beside them.
 */
const emailBody = body(emailSchema, {
  describe: { acknowledgeChannel: "true when the student prefers another way to be contacted and the e-mail goes all the same" },
});
/** The years an intake may take are counted from today, as the domain counts them when it parses. */
const newApplicationBody = () =>
  body(newApplicationSchema({ now: () => new Date() }), {
    describe: {
      intake: "One of the course's intakes as YYYY-MM, in place of intakeMonth and intakeYear",
      intakeMonth: "Required without `intake`",
      intakeYear: "Required without `intake`; this year to three years ahead",
    },
    optional: ["intakeMonth", "intakeYear"],
  });
const moveBody = body(moveSchema, {
  describe: {
    details:
      "The fields the new stage requires: offerConditions, confirmationKind and confirmationNumber, visaDecisionDate, refusalReason, rejectionReason",
  },
});
const reviewBody = body(reviewSchema, {
  describe: {
    reason: "Required with a correction",
    message: "What to correct, shown to the student; required with a correction",
  },
});

/** Students' records, applications and document review under /api/v1/staff (the rules live in the staff module). */
export function staffRecordsApi(api: Hono<ServerEnv>, staff: StaffService) {
  const id = (value: string | undefined, what: string) => parseId(value ?? "", what);

  api.get(
    "/students",
    describe({
      operationId: "listStudents",
      summary: "Students: every one for admins and read-only staff, those a counsellor looks after for a counsellor",
      staff: true,
      parameters: queryParams(studentFiltersSchema, { q: "Part of a name, e-mail or phone" }),
      responses: { 200: answer("A page of students", listOf(ref("StaffStudent"), paging)), ...failures(400, 403) },
    }),
    requireStaff,
    async (c) => {
      const result = await staff.students.list(c.var.staff, c.req.query());
      return c.json({
        data: result.students.map((s) => ({ ...s, createdAt: s.createdAt.toISOString() })),
        page: result.page,
        pageSize: result.pageSize,
        total: result.total,
      });
    },
  );
  api.get(
    "/students/:studentId",
    describe({
      operationId: "getStudentRecord",
      summary:
        "A student's record with documents, applications, internal notes and the timeline (404 for a student the member may not see)",
      staff: true,
      parameters: [idParam("studentId")],
      responses: { 200: answer("The record", dataOf(ref("StudentRecord"))) },
    }),
    requireStaff,
    async (c) =>
      c.json({ data: presentStudentRecord(await staff.students.get(c.var.staff, id(c.req.param("studentId"), "Student"))) }),
  );
  api.post(
    "/students/:studentId/notes",
    describe({
      operationId: "addStudentNote",
      summary: "Add an internal note (never shown to the student); audited",
      staff: true,
      parameters: [idParam("studentId")],
      requestBody: body(noteSchema),
      responses: { 201: messageAnswer("Added"), ...failures(400) },
    }),
    requireStaff,
    async (c) => {
      await staff.students.addNote(c.var.staff, id(c.req.param("studentId"), "Student"), await readJson(c));
      return c.json({ message: recordMessages.noteAdded }, 201);
    },
  );
  api.post(
    "/students/:studentId/emails",
    describe({
      operationId: "emailStudent",
      summary: "E-mail the student (from a template the sender may edit); on the timeline",
      staff: true,
      parameters: [idParam("studentId")],
      requestBody: emailBody,
      responses: { 200: messageAnswer("Sent"), ...failures(400) },
    }),
    requireStaff,
    async (c) => {
      const sent = await staff.students.emailStudent(c.var.staff, id(c.req.param("studentId"), "Student"), await readJson(c));
      return c.json({ message: recordMessages.emailed(sent.email) });
    },
  );
  api.post(
    "/students/:studentId/counsellor",
    describe({
      operationId: "assignStudentCounsellor",
      summary: "Choose the counsellor who looks after the student (admins); audited",
      staff: true,
      parameters: [idParam("studentId")],
      requestBody: body(counsellorSchema),
      responses: { 200: messageAnswer("Assigned"), ...failures(400) },
    }),
    requireStaff,
    async (c) => {
      const counsellor = await staff.students.assignCounsellor(
        c.var.staff,
        id(c.req.param("studentId"), "Student"),
        await readJson(c),
      );
      return c.json({ message: recordMessages.counsellorChanged(counsellor.fullName) });
    },
  );
  api.post(
    "/students/:studentId/applications",
    describe({
      operationId: "createApplication",
      summary:
        "Create an application for the student (Shortlisted); a course with upcoming intakes takes one of them; the student is mailed; audited",
      staff: true,
      parameters: [idParam("studentId")],
      requestBody: newApplicationBody(),
      responses: { 201: messageAnswer("Created", ref("ApplicationDetail")), ...failures(400, 409) },
    }),
    requireStaff,
    async (c) => {
      const created = await staff.applications.create(c.var.staff, id(c.req.param("studentId"), "Student"), await readJson(c));
      return c.json({ message: applicationMessages.created, data: presentApplicationDetail(created) }, 201);
    },
  );

  api.get(
    "/applications",
    describe({
      operationId: "listStaffApplications",
      summary: "Applications the member may see, most recently moved first",
      staff: true,
      parameters: queryParams(applicationFiltersSchema, {
        q: "Student, course or university",
        waiting: "Only applications at a stage that waits on this party",
        due: "Only applications whose package is still incomplete and whose intake's deadline is within this many days, India time (decision 0059)",
      }),
      responses: { 200: answer("Applications", listOf(ref("StaffApplication"))), ...failures(400, 403) },
    }),
    requireStaff,
    async (c) => {
      const query = c.req.query();
      // The due filter keeps only packages still incomplete: the deadlines module's reading of the list (decision 0059).
      const rows = query.due ? await staff.deadlines.due(c.var.staff, query) : await staff.applications.list(c.var.staff, query);
      return c.json({ data: rows.map(presentStaffApplication) });
    },
  );
  api.get(
    "/applications/:applicationId",
    describe({
      operationId: "getStaffApplication",
      summary: "One application: history with time in each stage, the moves it allows and its document checklist",
      staff: true,
      parameters: [idParam("applicationId")],
      responses: { 200: answer("The application", dataOf(ref("ApplicationDetail"))) },
    }),
    requireStaff,
    async (c) =>
      c.json({
        data: presentApplicationDetail(
          await staff.applications.view(c.var.staff, id(c.req.param("applicationId"), "Application")),
        ),
      }),
  );
  api.post(
    "/applications/:applicationId/moves",
    describe({
      operationId: "moveApplication",
      summary: "Move to another stage the model allows, with the fields it requires; the student is mailed; audited",
      staff: true,
      parameters: [idParam("applicationId")],
      requestBody: moveBody,
      responses: { 200: messageAnswer("Moved", ref("ApplicationDetail")), ...failures(400, 409) },
    }),
    requireStaff,
    async (c) => {
      const moved = await staff.applications.move(
        c.var.staff,
        id(c.req.param("applicationId"), "Application"),
        await readJson(c),
      );
      return c.json({ message: applicationMessages.moved(moved.status), data: presentApplicationDetail(moved) });
    },
  );
  api.post(
    "/applications/:applicationId/waivers",
    describe({
      operationId: "waiveChecklistItem",
      summary: "Waive a checklist item for this application, with a reason; audited",
      staff: true,
      parameters: [idParam("applicationId")],
      requestBody: body(waiverSchema),
      responses: { 200: messageAnswer("Waived", ref("ApplicationDetail")), ...failures(400) },
    }),
    requireStaff,
    async (c) => {
      const body = await readJson(c);
      const updated = await staff.applications.waiveChecklistItem(
        c.var.staff,
        id(c.req.param("applicationId"), "Application"),
        body,
      );
      const item = typeof body === "object" && body && "item" in body ? String(body.item) : "";
      return c.json({ message: reviewMessages.waived(item), data: presentApplicationDetail(updated) });
    },
  );

  api.get(
    "/exports/:list",
    describe({
      operationId: "exportList",
      summary:
        "A console list as CSV (UTF-8 with BOM), with the same query filters and visibility as its screen; at most 20,000 rows; audited",
      staff: true,
      parameters: [pathParam("list", { type: "string", enum: ["leads", "students", "applications"] })],
      responses: {
        200: { description: "The CSV file", content: { "text/csv": { schema: { type: "string" } } } },
        ...failures(400, 403),
      },
    }),
    requireStaff,
    async (c) => {
      const file = await staff.reports.exportList(c.var.staff, c.req.param("list"), c.req.query());
      return c.body(file.csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "X-Content-Type-Options": "nosniff",
      });
    },
  );

  api.get(
    "/documents/review-queue",
    describe({
      operationId: "documentReviewQueue",
      summary: "Documents waiting for review, oldest first (a counsellor's students' for a counsellor)",
      staff: true,
      responses: { 200: answer("The queue", listOf(ref("ReviewedFile"))), ...failures(403) },
    }),
    requireStaff,
    async (c) => c.json({ data: (await staff.documents.reviewQueue(c.var.staff)).map(presentReviewedFile) }),
  );
  api.post(
    "/documents/:publicId/review",
    describe({
      operationId: "reviewDocument",
      summary: "Approve the current version, or ask the student for a correction (reason and message); audited",
      staff: true,
      parameters: [pathParam("publicId", { type: "string" })],
      requestBody: reviewBody,
      responses: { 200: messageAnswer("Reviewed"), ...failures(400, 409) },
    }),
    requireStaff,
    async (c) => {
      const reviewed = await staff.documents.review(c.var.staff, c.req.param("publicId"), await readJson(c));
      const message =
        reviewed.reviewState === "Approved"
          ? reviewMessages.approved(reviewed.attachmentType)
          : reviewMessages.correctionAsked(reviewed.attachmentType);
      return c.json({ message, data: { reviewState: reviewed.reviewState } });
    },
  );
}

/**
 * GET /staff/files/:publicId: a student's file opened by staff, when their rule allows; the view (or,
 * with ?download=1, the download) is in the audit log before a byte is sent. Anyone else: 404.
 */
export function staffFilesRoute(documents: DocumentService, staff: StaffService): Handler<ServerEnv> {
  return async (c) => {
    const member = c.var.staff;
    const download = c.req.query("download") === "1";
    const viewer = member ? { staffMayRead: staff.documents.fileAccess(member, download) } : null;
    return serveFile(c, await documents.open(viewer, c.req.param("publicId") ?? ""), !download);
  };
}
