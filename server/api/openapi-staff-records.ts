import {
  applicationFiltersSchema,
  moveSchema,
  newApplicationSchema,
  waiverSchema,
} from "../../modules/applications/applications.ts";
import { reviewSchema } from "../../modules/documents/review.ts";
import { counsellorSchema, emailSchema, noteSchema, studentFiltersSchema } from "../../modules/students/records.ts";
import {
  answer,
  body,
  dataOf,
  failures,
  idParam,
  jsonSchema,
  listOf,
  messageAnswer,
  operation,
  paging,
  pathParam,
  queryParams,
  ref,
  write,
} from "./openapi-parts.ts";
import {
  applicationDetailSchema,
  reviewedFileSchema,
  staffApplicationSchema,
  studentRecordSchema,
  studentRowSchema,
} from "./staff-records.ts";

/**
 * The request bodies are the domain's own schemas (modules/staff/student-records.ts, applications.ts,
 * document-review.ts), with the words a reader needs beside them.
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

export const staffRecordsSchemas = () => ({
  StaffStudent: jsonSchema(studentRowSchema, "output"),
  StudentRecord: jsonSchema(studentRecordSchema, "output"),
  StaffApplication: jsonSchema(staffApplicationSchema, "output"),
  ApplicationDetail: jsonSchema(applicationDetailSchema, "output"),
  ReviewedFile: jsonSchema(reviewedFileSchema, "output"),
});

/** Students' records, applications and document review (server/api/staff-records.ts). */
export const staffRecordsPaths = () => ({
  "/api/v1/staff/students": {
    get: operation({
      operationId: "listStudents",
      summary: "Students: every one for admins and read-only staff, those a counsellor looks after for a counsellor",
      staff: true,
      parameters: queryParams(studentFiltersSchema, { q: "Part of a name, e-mail or phone" }),
      responses: { 200: answer("A page of students", listOf(ref("StaffStudent"), paging)), ...failures(400, 403) },
    }),
  },
  "/api/v1/staff/students/{studentId}": {
    get: operation({
      operationId: "getStudentRecord",
      summary:
        "A student's record with documents, applications, internal notes and the timeline (404 for a student the member may not see)",
      staff: true,
      parameters: [idParam("studentId")],
      responses: { 200: answer("The record", dataOf(ref("StudentRecord"))) },
    }),
  },
  "/api/v1/staff/students/{studentId}/notes": {
    post: write({
      operationId: "addStudentNote",
      summary: "Add an internal note (never shown to the student); audited",
      staff: true,
      parameters: [idParam("studentId")],
      requestBody: body(noteSchema),
      responses: { 201: messageAnswer("Added"), ...failures(400) },
    }),
  },
  "/api/v1/staff/students/{studentId}/emails": {
    post: write({
      operationId: "emailStudent",
      summary: "E-mail the student (from a template the sender may edit); on the timeline",
      staff: true,
      parameters: [idParam("studentId")],
      requestBody: emailBody,
      responses: { 200: messageAnswer("Sent"), ...failures(400) },
    }),
  },
  "/api/v1/staff/students/{studentId}/counsellor": {
    post: write({
      operationId: "assignStudentCounsellor",
      summary: "Choose the counsellor who looks after the student (admins); audited",
      staff: true,
      parameters: [idParam("studentId")],
      requestBody: body(counsellorSchema),
      responses: { 200: messageAnswer("Assigned"), ...failures(400) },
    }),
  },
  "/api/v1/staff/students/{studentId}/applications": {
    post: write({
      operationId: "createApplication",
      summary:
        "Create an application for the student (Shortlisted); a course with upcoming intakes takes one of them; the student is mailed; audited",
      staff: true,
      parameters: [idParam("studentId")],
      requestBody: newApplicationBody(),
      responses: { 201: messageAnswer("Created", ref("ApplicationDetail")), ...failures(400, 409) },
    }),
  },
  "/api/v1/staff/applications": {
    get: operation({
      operationId: "listStaffApplications",
      summary: "Applications the member may see, most recently moved first",
      staff: true,
      parameters: queryParams(applicationFiltersSchema, {
        q: "Student, course or university",
        waiting: "Only applications at a stage that waits on this party",
      }),
      responses: { 200: answer("Applications", listOf(ref("StaffApplication"))), ...failures(400, 403) },
    }),
  },
  "/api/v1/staff/applications/{applicationId}": {
    get: operation({
      operationId: "getStaffApplication",
      summary: "One application: history with time in each stage, the moves it allows and its document checklist",
      staff: true,
      parameters: [idParam("applicationId")],
      responses: { 200: answer("The application", dataOf(ref("ApplicationDetail"))) },
    }),
  },
  "/api/v1/staff/applications/{applicationId}/moves": {
    post: write({
      operationId: "moveApplication",
      summary: "Move to another stage the model allows, with the fields it requires; the student is mailed; audited",
      staff: true,
      parameters: [idParam("applicationId")],
      requestBody: moveBody,
      responses: { 200: messageAnswer("Moved", ref("ApplicationDetail")), ...failures(400, 409) },
    }),
  },
  "/api/v1/staff/applications/{applicationId}/waivers": {
    post: write({
      operationId: "waiveChecklistItem",
      summary: "Waive a checklist item for this application, with a reason; audited",
      staff: true,
      parameters: [idParam("applicationId")],
      requestBody: body(waiverSchema),
      responses: { 200: messageAnswer("Waived", ref("ApplicationDetail")), ...failures(400) },
    }),
  },
  "/api/v1/staff/exports/{list}": {
    get: operation({
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
  },
  "/api/v1/staff/documents/review-queue": {
    get: operation({
      operationId: "documentReviewQueue",
      summary: "Documents waiting for review, oldest first (a counsellor's students' for a counsellor)",
      staff: true,
      responses: { 200: answer("The queue", listOf(ref("ReviewedFile"))), ...failures(403) },
    }),
  },
  "/api/v1/staff/documents/{publicId}/review": {
    post: write({
      operationId: "reviewDocument",
      summary: "Approve the current version, or ask the student for a correction (reason and message); audited",
      staff: true,
      parameters: [pathParam("publicId", { type: "string" })],
      requestBody: reviewBody,
      responses: { 200: messageAnswer("Reviewed"), ...failures(400, 409) },
    }),
  },
});
