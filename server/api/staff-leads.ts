import { Hono } from "hono";
import { z } from "zod";
import type { StaffService } from "../../modules/console/console.ts";
import { consoleSettingsSchema } from "../../modules/console-settings.ts";
import { parseId } from "../../modules/ids.ts";
import {
  assignLeadsSchema,
  leadFiltersSchema,
  linkStudentSchema,
  mergeLeadSchema,
  newLeadSchema,
  statusChangeSchema,
} from "../../modules/leads/input.ts";
import type { Lead } from "../../modules/leads/leads.ts";
import type { ConsoleSettings } from "../../modules/staff/staff.ts";
import {
  firstResponseStates,
  leadAssignmentModes,
  leadMessages,
  leadSources,
  leadStatuses,
  settingsMessages,
} from "../../vocabulary/consultations.ts";
import type { ServerEnv } from "../context.ts";
import { requireStaff } from "../guards.ts";
import {
  answer,
  body,
  component,
  dataOf,
  describe,
  failures,
  idParam,
  jsonSchema,
  listOf,
  paging,
  queryParams,
  ref,
} from "./openapi-parts.ts";
import { readJson } from "./read-json.ts";
import { auditEntrySchema, presentAuditRecord } from "./staff.ts";

const leadSchema = component(
  "Lead",
  z.object({
    id: z.int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    studyDestination: z.string(),
    typeOfStudy: z.string(),
    preferredSubject: z.string(),
    yearOfStudy: z.string().nullable(),
    state: z.string().nullable(),
    qualification: z.string().nullable(),
    status: z.enum(leadStatuses),
    lostReason: z.string().nullable(),
    assignedStaffId: z.int().nullable().meta({ description: "Null while the lead is unassigned" }),
    assignedTo: z.string().nullable(),
    studentId: z.int().nullable().meta({ description: "The student account the lead became, once converted" }),
    source: z.enum(leadSources),
    createdAt: z.iso.datetime(),
    firstContactedAt: z.iso.datetime().nullable().meta({ description: "When the lead first left New" }),
    firstResponseDue: z.iso
      .datetime()
      .meta({ description: "The first-response target, counted in working hours (IST) from the booking" }),
    firstResponse: z.enum(firstResponseStates).nullable().meta({
      description: "pending, overdue (still New past due), met or missed; null if it left New before this was recorded",
    }),
    possibleDuplicate: z.boolean().meta({ description: "Another lead (not merged away) has the same e-mail or phone" }),
    mergedIntoId: z.int().nullable().meta({ description: "The lead this one was merged into" }),
  }),
);
component(
  "LeadDetails",
  z.object({
    data: leadSchema,
    duplicates: z.array(leadSchema).meta({ description: "Other leads with its e-mail or phone that the member may see" }),
    hiddenDuplicates: z.int().meta({ description: "How many more belong to other counsellors" }),
    merged: z.array(leadSchema).meta({ description: "Leads merged into this one" }),
    history: z.array(auditEntrySchema).meta({ description: "Audit entries of this lead and of the leads merged into it" }),
  }),
);
component("LeadCounsellor", z.object({ id: z.int(), fullName: z.string(), active: z.boolean() }));
const assignResultSchema = z.object({
  message: z.string(),
  data: z.object({ staffId: z.int(), fullName: z.string(), leadIds: z.array(z.int()), changed: z.int() }),
});
const consoleSettingsAnswerSchema = component(
  "ConsoleSettings",
  z.object({
    leadAssignment: z.enum(leadAssignmentModes),
    firstResponseHours: z.int(),
    workingHours: z.object({
      days: z.array(z.int()).meta({ description: "Working weekdays, 0 Sunday to 6 Saturday" }),
      start: z.string().meta({ description: "HH:MM, IST" }),
      end: z.string().meta({ description: "HH:MM, IST" }),
    }),
    bookingRetentionMonths: z
      .int()
      .meta({ description: "Bookings that never became students are anonymised this many months after booking" }),
    homeVideo: z.string().nullable().meta({
      description: "The home page's YouTube video id; null shows none. Given as a YouTube address or id, blank for none",
    }),
    socialLinks: z
      .object({
        instagram: z.string().nullable(),
        facebook: z.string().nullable(),
        youtube: z.string().nullable(),
        linkedin: z.string().nullable(),
        x: z.string().nullable(),
      })
      .meta({
        description: "The footer's links to the site's own pages on each network (https, on the network's host); null shows none",
      }),
    maxActiveApplications: z.int().meta({
      description: "How many applications a student may have open before submission at once (default 10; decision 0056)",
    }),
  }),
);

const presentLead = (lead: Lead): z.infer<typeof leadSchema> => ({
  id: lead.id,
  firstName: lead.firstName,
  lastName: lead.lastName,
  email: lead.email,
  phoneNumber: lead.phoneNumber,
  studyDestination: lead.studyDestination,
  typeOfStudy: lead.typeOfStudy,
  preferredSubject: lead.preferredSubject,
  yearOfStudy: lead.yearOfStudy,
  state: lead.state,
  qualification: lead.qualification,
  status: lead.status,
  lostReason: lead.lostReason,
  assignedStaffId: lead.assignedStaffId,
  assignedTo: lead.assignedTo,
  studentId: lead.studentId,
  source: lead.source,
  createdAt: lead.createdAt.toISOString(),
  firstContactedAt: lead.firstContactedAt?.toISOString() ?? null,
  firstResponseDue: lead.firstResponseDue.toISOString(),
  firstResponse: lead.firstResponse,
  possibleDuplicate: lead.possibleDuplicate,
  mergedIntoId: lead.mergedIntoId,
});
const presentSettings = (s: ConsoleSettings): z.infer<typeof consoleSettingsAnswerSchema> => ({
  leadAssignment: s.leadAssignment,
  firstResponseHours: s.firstResponseHours,
  workingHours: { days: s.workingHours.days, start: s.workingHours.start, end: s.workingHours.end },
  bookingRetentionMonths: s.bookingRetentionMonths,
  homeVideo: s.homeVideo,
  socialLinks: { ...s.socialLinks },
  maxActiveApplications: s.maxActiveApplications,
});

/** The leads inbox and the console's settings under /api/v1/staff; every call needs a staff session. */
export function staffLeadsApi(staff: StaffService) {
  const api = new Hono<ServerEnv>();

  api.get(
    "/leads",
    describe({
      operationId: "listLeads",
      summary: "The leads inbox, newest first: all leads for admins and read-only staff, a counsellor's own for a counsellor",
      staff: true,
      parameters: queryParams(leadFiltersSchema, {
        counsellor: "A counsellor's staff id, or `unassigned` (a counsellor sees only their own leads anyway)",
        from: "Booked on or after this IST calendar day",
        to: "Booked on or before this IST calendar day",
        overdue: "`1`, `true` or `on`: only leads still New past their first-response due time",
        open: "`1`, `true` or `on`: only open leads (neither Converted nor Lost)",
        awaiting: "`1`, `true` or `on`: only leads still waiting for their first response, due or overdue",
        q: "Part of a name, e-mail or phone",
      }),
      responses: { 200: answer("A page of leads", listOf(ref("Lead"), paging)), ...failures(400, 403) },
    }),
    requireStaff,
    async (c) => {
      const result = await staff.leads.list(c.var.staff, c.req.query());
      return c.json({ data: result.leads.map(presentLead), page: result.page, pageSize: result.pageSize, total: result.total });
    },
  );

  api.post(
    "/leads",
    describe({
      operationId: "createLead",
      summary:
        "Enter a lead by hand (admins, counsellors); assigned as a booking is; no mail to the person, the counsellor it went to is mailed unless they entered it; audited",
      staff: true,
      requestBody: body(newLeadSchema),
      responses: {
        201: answer("Created", { type: "object", properties: { message: { type: "string" }, data: ref("Lead") } }),
        ...failures(400),
      },
    }),
    requireStaff,
    async (c) => {
      const lead = await staff.leads.create(c.var.staff, await readJson(c));
      return c.json({ message: leadMessages.created(`${lead.firstName} ${lead.lastName}`), data: presentLead(lead) }, 201);
    },
  );

  api.post(
    "/leads/assign",
    describe({
      operationId: "assignLeads",
      summary: "Assign one or many leads to an active counsellor (admins); each change audited as lead.assigned",
      staff: true,
      requestBody: body(assignLeadsSchema),
      responses: { 200: answer("Assigned", jsonSchema(assignResultSchema, "output")), ...failures(400, 409) },
    }),
    requireStaff,
    async (c) => {
      const result = await staff.leads.assign(c.var.staff, await readJson(c));
      return c.json({
        message: result.message,
        data: { ...result.counsellor, leadIds: result.leadIds, changed: result.changed },
      });
    },
  );

  api.get(
    "/leads/counsellors",
    describe({
      operationId: "listLeadCounsellors",
      summary: "Counsellors for the inbox's filter and assignment (empty for a counsellor; 403 for a document verifier)",
      staff: true,
      responses: { 200: answer("Counsellors", listOf(ref("LeadCounsellor"))), ...failures(403) },
    }),
    requireStaff,
    async (c) => {
      const counsellors = await staff.leads.counsellors(c.var.staff);
      return c.json({ data: counsellors.map((m) => ({ id: m.staffId, fullName: m.fullName, active: m.active })) });
    },
  );

  api.get(
    "/leads/:leadId",
    describe({
      operationId: "getLead",
      summary: "One lead with its possible duplicates, the leads merged into it and their history (404 if not visible)",
      staff: true,
      parameters: [idParam("leadId")],
      responses: { 200: answer("The lead", ref("LeadDetails")) },
    }),
    requireStaff,
    async (c) => {
      const details = await staff.leads.details(c.var.staff, parseId(c.req.param("leadId"), "Lead"));
      return c.json({
        data: presentLead(details.lead),
        duplicates: details.duplicates.map(presentLead),
        hiddenDuplicates: details.hiddenDuplicates,
        merged: details.merged.map(presentLead),
        history: details.history.map(presentAuditRecord),
      });
    },
  );

  api.post(
    "/leads/:leadId/status",
    describe({
      operationId: "changeLeadStatus",
      summary: "Move a lead to another status (Lost needs a reason); admins and its counsellor; audited",
      staff: true,
      parameters: [idParam("leadId")],
      requestBody: body(statusChangeSchema),
      responses: {
        200: answer("Changed", { type: "object", properties: { message: { type: "string" }, data: ref("Lead") } }),
        ...failures(400, 409),
      },
    }),
    requireStaff,
    async (c) => {
      const lead = await staff.leads.changeStatus(c.var.staff, parseId(c.req.param("leadId"), "Lead"), await readJson(c));
      return c.json({ message: leadMessages.statusChanged(lead.status), data: presentLead(lead) });
    },
  );

  api.post(
    "/leads/:leadId/student",
    describe({
      operationId: "linkLeadToStudent",
      summary:
        "Link a lead to the student account with its e-mail (admins, or the counsellor who looks after that student); counsellor: true lets the lead's counsellor look after the student (admins); audited. 404 alike when there is no such account or the member may not link it",
      staff: true,
      parameters: [idParam("leadId")],
      requestBody: body(linkStudentSchema),
      responses: {
        200: answer("Linked", { type: "object", properties: { message: { type: "string" }, data: ref("Lead") } }),
        ...failures(400, 404, 409),
      },
    }),
    requireStaff,
    async (c) => {
      const lead = await staff.leads.linkToStudent(c.var.staff, parseId(c.req.param("leadId"), "Lead"), await readJson(c));
      return c.json({ message: leadMessages.linked, data: presentLead(lead) });
    },
  );

  api.post(
    "/leads/:leadId/merge",
    describe({
      operationId: "mergeLead",
      summary:
        "Merge a duplicate (same e-mail or phone) into this lead (admins, or the counsellor of both); the duplicate leaves the inbox; audited",
      staff: true,
      parameters: [idParam("leadId")],
      requestBody: body(mergeLeadSchema),
      responses: {
        200: answer("Merged", { type: "object", properties: { message: { type: "string" }, data: ref("Lead") } }),
        ...failures(400, 409),
      },
    }),
    requireStaff,
    async (c) => {
      const body = (await readJson(c)) as { duplicateId?: unknown } | undefined;
      const lead = await staff.leads.merge(c.var.staff, parseId(c.req.param("leadId"), "Lead"), body);
      return c.json({ message: leadMessages.merged(Number(body?.duplicateId)), data: presentLead(lead) });
    },
  );

  api.get(
    "/settings",
    describe({
      operationId: "getConsoleSettings",
      summary: "The console's settings: lead assignment mode, first-response target and working hours (admins)",
      staff: true,
      responses: { 200: answer("The settings", dataOf(ref("ConsoleSettings"))), ...failures(403) },
    }),
    requireStaff,
    async (c) => c.json({ data: presentSettings(await staff.team.settings(c.var.staff)) }),
  );

  api.put(
    "/settings",
    describe({
      operationId: "changeConsoleSettings",
      summary: "Change the console's settings, all at once (admins); audited as settings.changed",
      staff: true,
      requestBody: body(consoleSettingsSchema),
      responses: {
        200: answer("Saved", {
          type: "object",
          properties: { message: { type: "string" }, data: ref("ConsoleSettings") },
        }),
        ...failures(400),
      },
    }),
    requireStaff,
    async (c) => {
      const settings = await staff.team.changeSettings(c.var.staff, await readJson(c));
      return c.json({ message: settingsMessages.saved, data: presentSettings(settings) });
    },
  );

  return api;
}
