import { z } from "zod";
import { searchTermSchema } from "../../modules/catalogue/input.ts";
import { consoleSettingsSchema } from "../../modules/console-settings.ts";
import {
  codeSchema,
  loginSchema,
  newPasswordSchema,
  resetCodeRequestSchema,
  signupSchema,
} from "../../modules/identity/input.ts";
import {
  assignLeadsSchema,
  consultationInputSchema,
  leadFiltersSchema,
  linkStudentSchema,
  mergeLeadSchema,
  newLeadSchema,
  statusChangeSchema,
} from "../../modules/leads/input.ts";
import {
  invitationAcceptSchema,
  staffInvitationSchema,
  staffLoginSchema,
  staffPasswordChangeSchema,
  staffRoleSchema,
} from "../../modules/staff/input.ts";
import { profileSchema as profileInputSchema } from "../../modules/students/input.ts";
import { newTaskSchema, taskFiltersSchema } from "../../modules/tasks/input.ts";
import { MAX_TOKEN_LENGTH } from "../../modules/tokens.ts";
import { SESSION_COOKIE, STAFF_SESSION_COOKIE } from "../../platform/cookies.ts";
import { CODE_RESEND_SECONDS } from "../../vocabulary/accounts.ts";
import { documentMessages } from "../../vocabulary/documents.ts";
import { choosingPaths, choosingSchemas } from "./openapi-choosing.ts";
import { messagePaths, messageSchemas } from "./openapi-messages.ts";
import { parentPaths, parentSchemas } from "./openapi-parents.ts";
import {
  answer,
  body,
  courseFilterParams,
  coursesAnswer,
  dataOf,
  errorBodySchema,
  failures,
  idParam,
  json,
  jsonSchema,
  listOf,
  message,
  multipart,
  operation,
  pageParam,
  paging,
  pathParam,
  queryParams,
  ref,
  write,
} from "./openapi-parts.ts";
import { privacyPaths, privacySchemas } from "./openapi-privacy.ts";
import { staffCataloguePaths, staffCatalogueSchemas } from "./openapi-staff-catalogue.ts";
import { staffImportsPaths, staffImportsSchemas } from "./openapi-staff-imports.ts";
import { staffRecordsPaths, staffRecordsSchemas } from "./openapi-staff-records.ts";
import { staffReportsPaths, staffReportsSchemas } from "./openapi-staff-reports.ts";
import { visaPaths } from "./openapi-visas.ts";
import {
  applicationSchema,
  bookingSchema,
  countrySchema,
  courseSchema,
  fileSchema,
  loginSchema as loggedInSchema,
  profileSchema,
  savedCourseSchema,
  universitySchema,
} from "./presenters.ts";
import { auditEntrySchema, staffAccountSchema, staffMemberSchema, taskSchema } from "./staff.ts";
import {
  assignResultSchema,
  consoleSettingsAnswerSchema,
  leadCounsellorSchema,
  leadDetailsSchema,
  leadSchema,
} from "./staff-leads.ts";

/** The OpenAPI document of both API surfaces, served at /api/openapi.json; its shapes come from the code's own schemas. */
export function openApiDocument() {
  return {
    openapi: "3.1.0",
    info: {
      title: "Ignite API",
      version: "1",
      description: "Catalogue (public, the spec's paths) and application API.",
      license: { name: "Proprietary", identifier: "LicenseRef-Ignite" },
    },
    servers: [{ url: "/", description: "This server" }],
    components: {
      securitySchemes: {
        studentSession: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The HttpOnly session cookie set by sign-up and login.",
        },
        staffSession: {
          type: "apiKey",
          in: "cookie",
          name: STAFF_SESSION_COOKIE,
          description: "The staff console's HttpOnly, SameSite=Strict cookie, set by POST /api/v1/staff/session.",
        },
      },
      schemas: {
        ErrorBody: jsonSchema(errorBodySchema, "output"),
        University: jsonSchema(universitySchema, "output"),
        Course: jsonSchema(courseSchema, "output"),
        Country: jsonSchema(countrySchema, "output"),
        LoggedIn: jsonSchema(loggedInSchema, "output"),
        Student: jsonSchema(profileSchema, "output"),
        SavedCourse: jsonSchema(savedCourseSchema, "output"),
        Application: jsonSchema(applicationSchema, "output"),
        StudentFile: jsonSchema(fileSchema, "output"),
        Booking: jsonSchema(bookingSchema, "output"),
        Message: jsonSchema(message, "output"),
        StaffMember: jsonSchema(staffMemberSchema, "output"),
        StaffAccount: jsonSchema(staffAccountSchema, "output"),
        AuditEntry: jsonSchema(auditEntrySchema, "output"),
        Lead: jsonSchema(leadSchema, "output"),
        ...staffRecordsSchemas(),
        ...staffCatalogueSchemas(),
        ...staffReportsSchemas(),
        ...privacySchemas(),
        ...parentSchemas(),
        ...messageSchemas(),
        ...staffImportsSchemas(),
        ...choosingSchemas(),
        LeadDetails: jsonSchema(leadDetailsSchema, "output"),
        LeadCounsellor: jsonSchema(leadCounsellorSchema, "output"),
        ConsoleSettings: jsonSchema(consoleSettingsAnswerSchema, "output"),
        Task: jsonSchema(taskSchema, "output"),
      },
    },
    paths: {
      "/api/catalogue/universities": {
        get: operation({
          operationId: "listUniversities",
          summary: "All universities",
          parameters: [pageParam],
          responses: { 200: answer("A page of universities", listOf(ref("University"), paging)), ...failures(400) },
        }),
      },
      "/api/catalogue/{countryName}/universities": {
        get: operation({
          operationId: "listCountryUniversities",
          summary: "Universities of a country (name, slug or alias, any case)",
          parameters: [pathParam("countryName", { type: "string" }), pageParam],
          responses: {
            200: answer(
              "A page of the country's universities",
              listOf(ref("University"), { country: { type: "string" }, ...paging }),
            ),
            ...failures(400, 404),
          },
        }),
      },
      "/api/catalogue/universities/{universityID}": {
        get: operation({
          operationId: "getUniversity",
          summary: "One university, as the first item of data",
          parameters: [idParam("universityID")],
          responses: { 200: answer("The university", listOf(ref("University"))), ...failures(404) },
        }),
      },
      "/api/catalogue/{universityID}/courses": {
        get: operation({
          operationId: "listUniversityCourses",
          summary: "A university's courses",
          parameters: [idParam("universityID")],
          responses: { 200: answer("The courses", coursesAnswer()), ...failures(404) },
        }),
      },
      "/api/catalogue/courses/{courseID}": {
        get: operation({
          operationId: "getCourse",
          summary: "One course, as the first item of coursesData",
          parameters: [idParam("courseID")],
          responses: { 200: answer("The course", coursesAnswer()), ...failures(404) },
        }),
      },
      "/api/catalogue/suggestions": {
        get: operation({
          operationId: "suggest",
          summary: "Up to two destinations, three universities and three courses for a partly typed search term",
          parameters: [{ name: "q", in: "query", required: true, schema: jsonSchema(searchTermSchema, "input") }],
          responses: {
            200: answer("Suggestions, destinations first", {
              type: "object",
              required: ["suggestions"],
              properties: {
                suggestions: {
                  type: "array",
                  items: {
                    type: "object",
                    required: ["kind", "label", "detail", "href"],
                    properties: {
                      kind: { type: "string", enum: ["destination", "university", "course"] },
                      label: { type: "string" },
                      detail: { type: "string" },
                      href: { type: "string" },
                    },
                  },
                },
              },
            }),
            ...failures(400, 429),
          },
        }),
      },
      "/api/catalogue/search/{term}": {
        get: operation({
          operationId: "searchCourses",
          summary:
            "Search courses by course, university, country and level (one typo per word is forgiven), narrowed by the search pages' filters and ordered as asked",
          parameters: [pathParam("term", jsonSchema(searchTermSchema, "input")), pageParam, ...courseFilterParams],
          responses: { 200: answer("A page of matching courses", coursesAnswer(paging)), ...failures(400, 429) },
        }),
      },
      "/api/openapi.json": {
        get: operation({
          operationId: "getOpenApiDocument",
          summary: "This document: both API surfaces in OpenAPI 3.1",
          responses: {
            200: answer("The OpenAPI document", {
              type: "object",
              required: ["openapi", "info", "paths"],
              properties: { openapi: { type: "string" }, info: { type: "object" }, paths: { type: "object" } },
            }),
          },
        }),
      },
      "/api/v1/countries": {
        get: operation({
          operationId: "listCountries",
          summary: "The study destinations",
          responses: { 200: answer("Countries", listOf(ref("Country"))) },
        }),
      },
      "/api/v1/auth/signup": {
        post: write({
          operationId: "signUp",
          summary: "Create a student account and log in",
          requestBody: body(signupSchema),
          responses: { 200: answer("Signed up and logged in", ref("LoggedIn")), ...failures(400, 429) },
        }),
      },
      "/api/v1/auth/login": {
        post: write({
          operationId: "logIn",
          summary: "Log in (exp_days up to 30)",
          requestBody: body(loginSchema),
          responses: { 200: answer("Logged in", ref("LoggedIn")), ...failures(400, 401, 429) },
        }),
      },
      "/api/v1/auth/logout": {
        post: write({
          operationId: "logOut",
          summary: "End this session and clear its cookie",
          responses: { 200: answer("Logged out", ref("Message")) },
        }),
      },
      "/api/v1/auth/password/code": {
        post: write({
          operationId: "sendResetCode",
          summary: `E-mail a password reset code (at most one per ${CODE_RESEND_SECONDS} seconds)`,
          requestBody: body(resetCodeRequestSchema),
          responses: {
            200: answer("Code sent", z.toJSONSchema(message.extend({ email: z.string() }))),
            ...failures(400, 404, 429, 503),
          },
        }),
      },
      "/api/v1/auth/password/verify": {
        post: write({
          operationId: "verifyResetCode",
          summary: "Check the code; sets a one-time proof cookie (ignite_reset)",
          requestBody: body(codeSchema),
          responses: { 200: answer("Code verified", ref("Message")), ...failures(400, 429) },
        }),
      },
      "/api/v1/auth/password/reset": {
        post: write({
          operationId: "resetPassword",
          summary: "Set the new password (needs the proof cookie); ends every session",
          requestBody: body(newPasswordSchema),
          responses: { 200: answer("Password has been updated", ref("Message")), ...failures(400, 429) },
        }),
      },
      "/api/v1/students/me": {
        get: operation({
          operationId: "getMyRecord",
          summary: "The logged-in student's record: details, marks (10th, 12th, Bachelors, Masters) and interested courses",
          student: true,
          responses: { 200: answer("The student", { type: "object", required: ["data"], properties: { data: ref("Student") } }) },
        }),
        put: write({
          operationId: "updateMyRecord",
          summary: "Write the student's own record (email and password are never changed here)",
          student: true,
          requestBody: body(profileInputSchema),
          responses: {
            200: answer("Edited successfully", {
              type: "object",
              properties: { message: { type: "string" }, data: ref("Student") },
            }),
            ...failures(400),
          },
        }),
      },
      "/api/v1/students/me/interests": {
        get: operation({
          operationId: "listMySavedCourses",
          summary: "Saved (interested) courses",
          student: true,
          responses: { 200: answer("Saved courses", listOf(ref("SavedCourse"))) },
        }),
      },
      "/api/v1/students/me/interests/{courseID}": {
        put: write({
          operationId: "saveCourse",
          summary: "Add to Interest (idempotent)",
          student: true,
          parameters: [idParam("courseID")],
          responses: { 200: answer("You have added this course to interested", ref("Message")), ...failures(404) },
        }),
        delete: write({
          operationId: "removeSavedCourse",
          summary: "Remove from saved courses (idempotent)",
          student: true,
          parameters: [idParam("courseID")],
          responses: { 200: answer("Removed", ref("Message")), ...failures(404) },
        }),
      },
      "/api/v1/students/me/applications": {
        get: operation({
          operationId: "listMyApplications",
          summary: "The student's applications (read only)",
          student: true,
          responses: { 200: answer("Applications", listOf(ref("Application"))) },
        }),
      },
      "/api/v1/students/me/files": {
        get: operation({
          operationId: "listMyDocuments",
          summary: "The student's documents",
          student: true,
          responses: { 200: answer("Documents", listOf(ref("StudentFile"))) },
        }),
        post: write({
          operationId: "uploadDocument",
          summary: `Upload a document (${documentMessages.documentsHint.replace(" * required", "")}); replaces that type's earlier one`,
          student: true,
          requestBody: multipart({
            attachment_type: fileSchema.shape.attachment_type.toJSONSchema(),
            file: { type: "string", format: "binary" },
          }),
          responses: {
            200: answer("{attachment_type} uploaded successfully", {
              type: "object",
              properties: { message: { type: "string" }, data: ref("StudentFile") },
            }),
            ...failures(400, 429),
          },
        }),
      },
      "/api/v1/students/me/files/{attachmentType}": {
        delete: write({
          operationId: "deleteDocument",
          summary: "Delete the document of that type",
          student: true,
          parameters: [pathParam("attachmentType", { type: "string" })],
          responses: { 200: answer("Deleted", ref("Message")), ...failures(404) },
        }),
      },
      "/api/v1/students/me/photo": {
        post: write({
          operationId: "uploadPhoto",
          summary: `Replace the profile photo (${documentMessages.photoHint}; re-encoded without metadata)`,
          student: true,
          requestBody: multipart({ file: { type: "string", format: "binary" } }),
          responses: {
            200: answer("Profile picture updated successfully", {
              type: "object",
              properties: { message: { type: "string" }, data: { type: "object", properties: { photo: { type: "string" } } } },
            }),
            ...failures(400, 429),
          },
        }),
      },
      "/files/{publicId}": {
        get: operation({
          operationId: "downloadFile",
          summary: "A private file, only to its owner (404 to anyone else)",
          student: true,
          parameters: [pathParam("publicId", { type: "string" })],
          responses: {
            200: {
              description: "The file",
              content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
            },
            404: { description: "Not found" },
          },
        }),
      },
      "/api/v1/staff/session": {
        post: write({
          operationId: "staffSignIn",
          summary: "Staff sign-in: sets the staff session cookie",
          requestBody: body(staffLoginSchema),
          responses: { 200: answer("Signed in", dataOf(ref("StaffMember"))), ...failures(400, 401, 429) },
        }),
        delete: write({
          operationId: "staffSignOut",
          summary: "Staff sign-out: ends the session and clears the cookie",
          staff: true,
          responses: { 200: answer("Signed out", ref("Message")) },
        }),
      },
      "/api/v1/staff/me": {
        get: operation({
          operationId: "staffMe",
          summary: "Who is signed in to the console",
          staff: true,
          responses: { 200: answer("The staff member", dataOf(ref("StaffMember"))) },
        }),
      },
      "/api/v1/staff/me/password": {
        put: write({
          operationId: "changeStaffPassword",
          summary:
            "Change one's own password (the current one required): every other session ends, this one stays; mailed; audited",
          staff: true,
          requestBody: body(staffPasswordChangeSchema),
          responses: { 200: answer("Changed", ref("Message")), ...failures(400, 429) },
        }),
      },
      "/api/v1/staff/me/sessions": {
        delete: write({
          operationId: "staffSignOutEverywhere",
          summary: "Sign out everywhere: ends every session of one's own, this one too, and clears the cookie; audited",
          staff: true,
          responses: { 200: answer("Signed out everywhere", ref("Message")), ...failures(404) },
        }),
      },
      "/api/v1/staff/members/{staffId}/sessions": {
        delete: write({
          operationId: "signOutStaffMember",
          summary: "End every session of a staff member (admins); audited with how many ended",
          staff: true,
          parameters: [idParam("staffId")],
          responses: {
            200: answer("Ended", {
              type: "object",
              properties: {
                message: { type: "string" },
                data: { type: "object", properties: { email: { type: "string" }, sessionsEnded: { type: "integer" } } },
              },
            }),
            ...failures(403, 404),
          },
        }),
      },
      "/api/v1/staff/members/{staffId}/role": {
        put: write({
          operationId: "changeStaffRole",
          summary: "Change a member's role (admins; not one's own; never the last admin); audited as staff.role_changed",
          staff: true,
          parameters: [idParam("staffId")],
          requestBody: body(staffRoleSchema),
          responses: {
            200: answer("Changed", { type: "object", properties: { message: { type: "string" }, data: ref("StaffAccount") } }),
            ...failures(400, 403, 404),
          },
        }),
      },
      "/api/v1/staff/members": {
        get: operation({
          operationId: "listStaff",
          summary: "Every staff account (admins)",
          staff: true,
          responses: { 200: answer("Staff accounts", listOf(ref("StaffAccount"))), ...failures(403) },
        }),
      },
      "/api/v1/staff/invitations": {
        post: write({
          operationId: "inviteStaff",
          summary:
            "Invite a colleague (admins): the account is created without a password and a one-time link (72 hours) is e-mailed; audited",
          staff: true,
          requestBody: body(staffInvitationSchema),
          responses: {
            200: answer("Invited", { type: "object", properties: { message: { type: "string" }, data: ref("StaffAccount") } }),
            ...failures(400, 409),
          },
        }),
      },
      "/api/v1/staff/invitations/accept": {
        post: write({
          operationId: "acceptStaffInvitation",
          summary:
            "Set the first password with the e-mailed link's token and sign in (sets the staff cookie); no session needed; audited",
          requestBody: body(
            invitationAcceptSchema.safeExtend({
              token: z.string().max(MAX_TOKEN_LENGTH).meta({ description: "The token from the e-mailed link's query string" }),
            }),
          ),
          responses: {
            200: answer("Signed in", dataOf(ref("StaffMember"))),
            404: {
              description: "The link is unknown, malformed, expired or already used (one message for all)",
              content: json(ref("ErrorBody")),
            },
            ...failures(400, 429),
          },
        }),
      },
      "/api/v1/staff/members/{staffId}/invitation": {
        post: write({
          operationId: "resendStaffInvitation",
          summary: "E-mail a new invitation link while the invitation waits; earlier links stop working (admins); audited",
          staff: true,
          parameters: [idParam("staffId")],
          responses: {
            200: answer("Resent", { type: "object", properties: { message: { type: "string" }, data: ref("StaffAccount") } }),
            ...failures(409),
          },
        }),
      },
      ...Object.fromEntries(
        (["disable", "enable"] as const).map((change) => [
          `/api/v1/staff/members/{staffId}/${change}`,
          {
            post: write({
              operationId: `${change}Staff`,
              summary:
                change === "disable"
                  ? "Disable a staff account and end its sessions (admins; not yourself, not the last admin); audited"
                  : "Enable a staff account again (admins); audited",
              staff: true,
              parameters: [idParam("staffId")],
              responses: {
                200: answer("Done", { type: "object", properties: { message: { type: "string" }, data: ref("StaffAccount") } }),
                ...failures(400),
              },
            }),
          },
        ]),
      ),
      "/api/v1/staff/leads": {
        get: operation({
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
        post: write({
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
      },
      "/api/v1/staff/leads/assign": {
        post: write({
          operationId: "assignLeads",
          summary: "Assign one or many leads to an active counsellor (admins); each change audited as lead.assigned",
          staff: true,
          requestBody: body(assignLeadsSchema),
          responses: { 200: answer("Assigned", jsonSchema(assignResultSchema, "output")), ...failures(400, 409) },
        }),
      },
      "/api/v1/staff/leads/counsellors": {
        get: operation({
          operationId: "listLeadCounsellors",
          summary: "Counsellors for the inbox's filter and assignment (empty for a counsellor; 403 for a document verifier)",
          staff: true,
          responses: { 200: answer("Counsellors", listOf(ref("LeadCounsellor"))), ...failures(403) },
        }),
      },
      "/api/v1/staff/leads/{leadId}": {
        get: operation({
          operationId: "getLead",
          summary: "One lead with its possible duplicates, the leads merged into it and their history (404 if not visible)",
          staff: true,
          parameters: [idParam("leadId")],
          responses: { 200: answer("The lead", ref("LeadDetails")) },
        }),
      },
      "/api/v1/staff/leads/{leadId}/merge": {
        post: write({
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
      },
      "/api/v1/staff/leads/{leadId}/student": {
        post: write({
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
      },
      "/api/v1/staff/settings": {
        get: operation({
          operationId: "getConsoleSettings",
          summary: "The console's settings: lead assignment mode, first-response target and working hours (admins)",
          staff: true,
          responses: { 200: answer("The settings", dataOf(ref("ConsoleSettings"))), ...failures(403) },
        }),
        put: write({
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
      },
      "/api/v1/staff/leads/{leadId}/status": {
        post: write({
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
      },
      ...staffRecordsPaths(),
      ...staffCataloguePaths(),
      ...staffReportsPaths(),
      ...privacyPaths(),
      ...parentPaths(),
      ...visaPaths(),
      ...messagePaths(),
      ...staffImportsPaths(),
      ...choosingPaths(),
      "/api/v1/staff/tasks": {
        get: operation({
          operationId: "listTasks",
          summary:
            "Tasks soonest first (at most 200): all for admins and read-only staff, a counsellor's own or created by them; not for document verifiers",
          staff: true,
          parameters: queryParams(taskFiltersSchema),
          responses: { 200: answer("Tasks", listOf(ref("Task"))), ...failures(400) },
        }),
        post: write({
          operationId: "createTask",
          summary:
            "Add a task (admins, counsellors) for an active admin or counsellor, due on an IST day, about a student or a lead they may see, or neither; audited",
          staff: true,
          requestBody: body(newTaskSchema),
          responses: {
            200: answer("Added", { type: "object", properties: { message: { type: "string" }, data: ref("Task") } }),
            ...failures(400),
          },
        }),
      },
      "/api/v1/staff/tasks/{taskId}/done": {
        post: write({
          operationId: "markTaskDone",
          summary: "Mark a task done (admins, and the counsellor who sees it; again changes nothing); audited",
          staff: true,
          parameters: [idParam("taskId")],
          responses: {
            200: answer("Done", { type: "object", properties: { message: { type: "string" }, data: ref("Task") } }),
          },
        }),
      },
      "/api/v1/staff/audit": {
        get: operation({
          operationId: "listAuditLog",
          summary: "The audit log, newest first, 50 at a time (admins)",
          staff: true,
          parameters: [
            { name: "action", in: "query", schema: { type: "string" } },
            { name: "subjectType", in: "query", schema: { type: "string" } },
            { name: "subjectId", in: "query", schema: { type: "string" } },
            { name: "before", in: "query", description: "Entries older than this id", schema: { type: "integer" } },
          ],
          responses: { 200: answer("Audit entries", listOf(ref("AuditEntry"))), ...failures(400) },
        }),
      },
      "/api/v1/consultations": {
        post: write({
          operationId: "bookConsultation",
          summary: "Book a free consultation",
          requestBody: body(consultationInputSchema),
          responses: {
            200: answer("Booked, or already booked within a day (alreadyBooked)", {
              type: "object",
              properties: { message: { type: "string" }, alreadyBooked: { type: "boolean" }, data: ref("Booking") },
            }),
            ...failures(400, 429),
          },
        }),
      },
    },
  };
}
