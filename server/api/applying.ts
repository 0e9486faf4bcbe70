import { Hono } from "hono";
import { z } from "zod";
import { type ApplyingService, startApplicationSchema } from "../../modules/applications/applications.ts";
import { fileUrl } from "../../modules/documents/file-urls.ts";
import { parseId } from "../../modules/ids.ts";
import { applicationMessages, applicationStatuses, waitingOnValues } from "../../vocabulary/applications.ts";
import { checklistStates } from "../../vocabulary/documents.ts";
import type { ServerEnv } from "../context.ts";
import { requireStudent } from "../guards.ts";
import { answer, body, component, dataOf, describe, failures, idParam, messageAnswer, ref } from "./openapi-parts.ts";
import { readJson } from "./read-json.ts";

/** One item of an application's package as its student reads it (decision 0057). */
const packageItemSchema = z.object({
  item: z.string().meta({ description: "What the package asks: a document, a letter, a score report, the application fee" }),
  attachment_type: z.string().meta({ description: "Where the student uploads it (POST /api/v1/students/me/files)" }),
  state: z.enum(checklistStates),
  waits_on: z.enum(["student", "counsellor", "nobody"]),
  note: z.string().nullable().meta({
    description:
      "What the course says of it: the SOP's word limit; the fee's amount with where and when it was checked, e.g. GBP 60 (University website, checked on 2 January 2027), or (not checked)",
  }),
  waiver_reason: z.string().nullable(),
  review_message: z.string().nullable().meta({ description: "What to correct, in staff's words" }),
  file: z.string().nullable().meta({ description: "Where the student opens the file: /files/{publicId}" }),
});

/** An application with its package, deadline and submission (decisions 0055-0058). */
const applicationPackageSchema = component(
  "ApplicationPackage",
  z.object({
    id: z.int(),
    status: z.enum(applicationStatuses),
    course_id: z.int(),
    course: z.string(),
    university: z.string(),
    country: z.string(),
    intake: z
      .string()
      .nullable()
      .meta({ description: "The intake applied for, e.g. September 2027: kept if staff change the course's intakes" }),
    deadline: z.iso
      .date()
      .nullable()
      .meta({ description: "The last day to apply (India time), read from the course's intake; null when none is given" }),
    applied_deadline: z.iso.date().nullable().meta({
      description:
        "The intake's deadline when the application was opened (kept if staff move it later); null when none was given",
    }),
    deadline_source: z
      .string()
      .nullable()
      .meta({ description: "Where the course's deadlines were read, a URL or e.g. University website (decision 0105)" }),
    deadline_checked_on: z.iso
      .date()
      .nullable()
      .meta({ description: "The day the course's deadlines were checked; null: not checked, never to be shown as fact" }),
    deadline_passed: z.boolean(),
    intake_gone: z.boolean().meta({ description: "The course no longer lists the intake applied for; the application keeps it" }),
    course_retired: z.boolean().meta({ description: "The course is no longer offered; the application stays" }),
    stage_label: z.string(),
    next_action: z.string(),
    waiting_on: z.enum(waitingOnValues),
    may_withdraw: z.boolean(),
    application_fee_source: z
      .string()
      .nullable()
      .meta({ description: "Where the application fee (in the checklist's note) was read (decision 0105)" }),
    application_fee_checked_on: z.iso
      .date()
      .nullable()
      .meta({ description: "The day the application fee was checked; null: not checked, never to be shown as fact" }),
    fee_paid_on: z.iso.date().nullable(),
    submitted_on: z.iso.date().nullable(),
    university_reference: z.string().nullable(),
    checklist: z.array(packageItemSchema).meta({ description: "The package as things are now" }),
    sent: z.array(packageItemSchema).meta({ description: "The package as it was sent (empty before the submission)" }),
  }),
);

type StudentApplication = Awaited<ReturnType<ApplyingService["get"]>>;
type Item = StudentApplication["checklist"][number];

const presentItem = (entry: Item): z.infer<typeof packageItemSchema> => ({
  item: entry.item,
  attachment_type: entry.attachmentType,
  state: entry.state,
  waits_on: entry.waitsOn,
  note: entry.note,
  waiver_reason: entry.waiverReason,
  review_message: entry.reviewMessage,
  file: entry.filePublicId ? fileUrl(entry.filePublicId) : null,
});

const presentApplicationPackage = (a: StudentApplication): z.infer<typeof applicationPackageSchema> => ({
  id: a.id,
  status: a.status,
  course_id: a.courseId,
  course: a.course,
  university: a.university,
  country: a.country,
  intake: a.intake,
  deadline: a.deadline,
  applied_deadline: a.appliedDeadline,
  deadline_source: a.deadlineChecked.source,
  deadline_checked_on: a.deadlineChecked.checkedOn,
  deadline_passed: a.deadlinePassed,
  intake_gone: a.intakeGone,
  course_retired: a.retired,
  stage_label: a.stageLabel,
  next_action: a.nextAction,
  waiting_on: a.waitingOn,
  may_withdraw: a.mayWithdraw,
  application_fee_source: a.applicationFeeChecked.source,
  application_fee_checked_on: a.applicationFeeChecked.checkedOn,
  fee_paid_on: a.feePaidOn,
  submitted_on: a.submittedOn,
  university_reference: a.universityReference,
  checklist: a.checklist.map(presentItem),
  sent: a.sent.map(presentItem),
});

/**
 * The student's side of applying (decision 0055) under /api/v1/students/me/applications: start one, read
 * one with its package, withdraw it, record its fee paid. The list is GET /students/me/applications
 * (server/api/students.ts). The owner comes from the session; another student's application is a 404.
 */
export function applyingApi(applying: ApplyingService) {
  const api = new Hono<ServerEnv>();
  const read = async (studentId: number, id: number) => presentApplicationPackage(await applying.get(studentId, id));
  const idOf = (raw: string | undefined) => parseId(raw, "Application");

  api.post(
    "/students/me/applications",
    describe({
      operationId: "startApplication",
      summary:
        "Start an application to a course for one of its upcoming intakes (YYYY-MM) whose deadline has not passed; it opens at 'Started by you' and the counsellor is told",
      student: true,
      requestBody: body(startApplicationSchema),
      responses: { 201: messageAnswer("Started", ref("ApplicationPackage")), ...failures(400, 404, 409) },
    }),
    requireStudent,
    async (c) => {
      const studentId = c.var.student.studentId;
      const { id } = await applying.start(studentId, await readJson(c));
      return c.json({ message: applicationMessages.started, data: await read(studentId, id) }, 201);
    },
  );

  api.get(
    "/students/me/applications/:applicationId",
    describe({
      operationId: "getMyApplication",
      summary: "One of the student's applications with its deadline, its package (and the package as sent) and its submission",
      student: true,
      parameters: [idParam("applicationId")],
      responses: { 200: answer("The application", dataOf(ref("ApplicationPackage"))), ...failures(404) },
    }),
    requireStudent,
    async (c) => c.json({ data: await read(c.var.student.studentId, idOf(c.req.param("applicationId"))) }),
  );

  api.post(
    "/students/me/applications/:applicationId/withdrawal",
    describe({
      operationId: "withdrawMyApplication",
      summary: "Withdraw an application not yet submitted (after submission the student asks their counsellor)",
      student: true,
      parameters: [idParam("applicationId")],
      responses: { 200: messageAnswer("Withdrawn", ref("ApplicationPackage")), ...failures(404, 409) },
    }),
    requireStudent,
    async (c) => {
      const studentId = c.var.student.studentId;
      const id = idOf(c.req.param("applicationId"));
      await applying.withdraw(studentId, id);
      return c.json({ message: applicationMessages.withdrawn, data: await read(studentId, id) });
    },
  );

  api.post(
    "/students/me/applications/:applicationId/fee-paid",
    describe({
      operationId: "recordMyApplicationFeePaid",
      summary:
        "Record the application fee as paid on the university's site, with the 'Application fee receipt' the student uploaded; the portal takes no payment",
      student: true,
      parameters: [idParam("applicationId")],
      responses: { 200: messageAnswer("Recorded", ref("ApplicationPackage")), ...failures(400, 404, 409) },
    }),
    requireStudent,
    async (c) => {
      const studentId = c.var.student.studentId;
      const id = idOf(c.req.param("applicationId"));
      await applying.recordFeePaid(studentId, id);
      return c.json({ message: applicationMessages.feeRecorded, data: await read(studentId, id) });
    },
  );

  return api;
}
