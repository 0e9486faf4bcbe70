import { Hono } from "hono";
import { z } from "zod";
import type { StaffService } from "../../modules/console/console.ts";
import { parseId } from "../../modules/ids.ts";
import type { StaffMember } from "../../modules/policies.ts";
import {
  invitationAcceptSchema,
  staffInvitationSchema,
  staffLoginSchema,
  staffPasswordChangeSchema,
  staffRoleSchema,
} from "../../modules/staff/input.ts";
import type { AuditRecord, StaffAccount } from "../../modules/staff/staff.ts";
import { newTaskSchema, taskFiltersSchema } from "../../modules/tasks/input.ts";
import type { Task } from "../../modules/tasks/tasks.ts";
import { MAX_TOKEN_LENGTH } from "../../modules/tokens.ts";
import type { CookieWriter } from "../../platform/cookies.ts";
import { staffMessages, staffRoleLabels, staffRoles, taskMessages } from "../../vocabulary/staff.ts";
import type { ServerEnv } from "../context.ts";
import { requireStaff } from "../guards.ts";
import { answer, body, component, dataOf, describe, failures, idParam, json, listOf, queryParams, ref } from "./openapi-parts.ts";
import { readJson } from "./read-json.ts";
import { staffRecordsApi } from "./staff-records.ts";

const staffMemberSchema = component(
  "StaffMember",
  z.object({ id: z.int(), email: z.string(), fullName: z.string(), role: z.enum(staffRoles) }),
);
const staffAccountSchema = component(
  "StaffAccount",
  staffMemberSchema.extend({
    disabled: z.boolean(),
    invited: z.boolean().meta({ description: "Invited and not yet accepted: no password yet, so no sign-in" }),
    createdAt: z.iso.datetime(),
  }),
);
const taskSchema = component(
  "Task",
  z.object({
    id: z.int(),
    title: z.string(),
    dueOn: z.iso.date().meta({ description: "The IST calendar day it is due" }),
    assigneeStaffId: z.int(),
    assignee: z.string(),
    createdByStaffId: z.int().nullable(),
    createdBy: z.string().nullable(),
    studentId: z.int().nullable(),
    studentName: z.string().nullable(),
    leadId: z.int().nullable(),
    leadName: z.string().nullable(),
    createdAt: z.iso.datetime(),
    doneAt: z.iso.datetime().nullable(),
  }),
);
export const auditEntrySchema = component(
  "AuditEntry",
  z.object({
    id: z.int(),
    at: z.iso.datetime(),
    actor: z.string().meta({ description: "The staff member (name and role), or the system's part that acted" }),
    actorStaffId: z.int().nullable(),
    action: z.string(),
    subjectType: z.string(),
    subjectId: z.string(),
    before: z.unknown().meta({ description: "What changed, as it was (never a hash or a secret)" }),
    after: z.unknown().meta({ description: "What changed, as it became" }),
  }),
);
const presentStaffMember = (m: StaffMember): z.infer<typeof staffMemberSchema> => ({
  id: m.staffId,
  email: m.email,
  fullName: m.fullName,
  role: m.role,
});
const presentStaffAccount = (a: StaffAccount): z.infer<typeof staffAccountSchema> => ({
  ...presentStaffMember(a),
  disabled: a.disabled,
  invited: a.invited,
  createdAt: a.createdAt.toISOString(),
});
const presentTask = (t: Task): z.infer<typeof taskSchema> => ({
  ...t,
  createdAt: t.createdAt.toISOString(),
  doneAt: t.doneAt?.toISOString() ?? null,
});
export const presentAuditRecord = (r: AuditRecord): z.infer<typeof auditEntrySchema> => ({
  id: r.id,
  at: r.at.toISOString(),
  actor: r.actorLabel,
  actorStaffId: r.actorStaffId,
  action: r.action,
  subjectType: r.subjectType,
  subjectId: r.subjectId,
  before: r.before,
  after: r.after,
});

/**
 * The staff API under /api/v1/staff: every call but sign-in needs a staff session, else the path does not exist.
 * The leads and the console's settings are in staff-leads.ts (mounted beside this in server/app.ts).
 */
export function staffApi(staff: StaffService, cookies: CookieWriter) {
  const api = new Hono<ServerEnv>();

  api.post(
    "/session",
    describe({
      operationId: "staffSignIn",
      summary: "Staff sign-in: sets the staff session cookie",
      requestBody: body(staffLoginSchema),
      responses: { 200: answer("Signed in", dataOf(ref("StaffMember"))), ...failures(400, 401, 429) },
    }),
    async (c) => {
      const session = await staff.team.logIn(await readJson(c), c.var.clientIp);
      c.header("Set-Cookie", cookies.staffSession(session.token, session.expiresAt));
      return c.json({ data: presentStaffMember(session.member) });
    },
  );

  api.delete(
    "/session",
    describe({
      operationId: "staffSignOut",
      summary: "Staff sign-out: ends the session and clears the cookie",
      staff: true,
      responses: { 200: answer("Signed out", ref("Message")) },
    }),
    requireStaff,
    async (c) => {
      if (c.var.staffToken) await staff.team.logOut(c.var.staffToken);
      c.header("Set-Cookie", cookies.clearStaffSession());
      return c.json({ message: staffMessages.signedOut });
    },
  );

  api.get(
    "/me",
    describe({
      operationId: "staffMe",
      summary: "Who is signed in to the console",
      staff: true,
      responses: { 200: answer("The staff member", dataOf(ref("StaffMember"))) },
    }),
    requireStaff,
    (c) => c.json({ data: presentStaffMember(c.var.staff) }),
  );

  // A staff member's own password and sessions (decision 0034): this session stays after a password change.
  api.put(
    "/me/password",
    describe({
      operationId: "changeStaffPassword",
      summary: "Change one's own password (the current one required): every other session ends, this one stays; mailed; audited",
      staff: true,
      requestBody: body(staffPasswordChangeSchema),
      responses: { 200: answer("Changed", ref("Message")), ...failures(400, 429) },
    }),
    requireStaff,
    async (c) => {
      await staff.team.changeOwnPassword(c.var.staff, c.var.staffToken, await readJson(c));
      return c.json({ message: staffMessages.passwordChanged });
    },
  );

  api.delete(
    "/me/sessions",
    describe({
      operationId: "staffSignOutEverywhere",
      summary: "Sign out everywhere: ends every session of one's own, this one too, and clears the cookie; audited",
      staff: true,
      responses: { 200: answer("Signed out everywhere", ref("Message")), ...failures(404) },
    }),
    requireStaff,
    async (c) => {
      await staff.team.signOutEverywhere(c.var.staff, c.var.staff.staffId);
      c.header("Set-Cookie", cookies.clearStaffSession());
      return c.json({ message: staffMessages.signedOutEverywhere });
    },
  );

  api.delete(
    "/members/:staffId/sessions",
    describe({
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
    requireStaff,
    async (c) => {
      const ended = await staff.team.signOutEverywhere(c.var.staff, parseId(c.req.param("staffId"), "Staff account"));
      return c.json({ message: staffMessages.memberSignedOut(ended.email, ended.sessionsEnded), data: ended });
    },
  );

  api.put(
    "/members/:staffId/role",
    describe({
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
    requireStaff,
    async (c) => {
      const account = await staff.team.changeRole(
        c.var.staff,
        parseId(c.req.param("staffId"), "Staff account"),
        await readJson(c),
      );
      return c.json({
        message: staffMessages.roleChanged(account.email, staffRoleLabels[account.role]),
        data: presentStaffAccount(account),
      });
    },
  );

  api.get(
    "/members",
    describe({
      operationId: "listStaff",
      summary: "Every staff account (admins)",
      staff: true,
      responses: { 200: answer("Staff accounts", listOf(ref("StaffAccount"))), ...failures(403) },
    }),
    requireStaff,
    async (c) => c.json({ data: (await staff.team.list(c.var.staff)).map(presentStaffAccount) }),
  );

  // Admins add staff by invitation only: the person sets their own password through the e-mailed link.
  api.post(
    "/invitations",
    describe({
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
    requireStaff,
    async (c) => {
      const invited = await staff.team.invite(c.var.staff, await readJson(c));
      return c.json({ message: staffMessages.invited(invited.email), data: presentStaffAccount(invited) });
    },
  );

  api.post(
    "/members/:staffId/invitation",
    describe({
      operationId: "resendStaffInvitation",
      summary: "E-mail a new invitation link while the invitation waits; earlier links stop working (admins); audited",
      staff: true,
      parameters: [idParam("staffId")],
      responses: {
        200: answer("Resent", { type: "object", properties: { message: { type: "string" }, data: ref("StaffAccount") } }),
        ...failures(409),
      },
    }),
    requireStaff,
    async (c) => {
      const account = await staff.team.resendInvitation(c.var.staff, parseId(c.req.param("staffId"), "Staff account"));
      return c.json({ message: staffMessages.invitationResent(account.email), data: presentStaffAccount(account) });
    },
  );

  // Accepting needs no session (the link is the proof); the token comes in the body, never in a logged path.
  api.post(
    "/invitations/accept",
    describe({
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
    async (c) => {
      const body = (await readJson(c)) as Record<string, unknown> | undefined;
      const session = await staff.team.acceptInvitation(body?.token, body, c.var.clientIp);
      c.header("Set-Cookie", cookies.staffSession(session.token, session.expiresAt));
      return c.json({ data: presentStaffMember(session.member) });
    },
  );

  for (const [change, disabled] of [
    ["disable", true],
    ["enable", false],
  ] as const) {
    api.post(
      `/members/:staffId/${change}`,
      describe({
        operationId: `${change}Staff`,
        summary: disabled
          ? "Disable a staff account and end its sessions (admins; not yourself, not the last admin); audited"
          : "Enable a staff account again (admins); audited",
        staff: true,
        parameters: [idParam("staffId")],
        responses: {
          200: answer("Done", { type: "object", properties: { message: { type: "string" }, data: ref("StaffAccount") } }),
          ...failures(400),
        },
      }),
      requireStaff,
      async (c) => {
        const account = await staff.team.setDisabled(c.var.staff, parseId(c.req.param("staffId"), "Staff account"), disabled);
        const message = disabled ? staffMessages.disabledDone(account.email) : staffMessages.enabledDone(account.email);
        return c.json({ message, data: presentStaffAccount(account) });
      },
    );
  }

  staffRecordsApi(api, staff);

  api.get(
    "/tasks",
    describe({
      operationId: "listTasks",
      summary:
        "Tasks soonest first (at most 200): all for admins and read-only staff, a counsellor's own or created by them; not for document verifiers",
      staff: true,
      parameters: queryParams(taskFiltersSchema),
      responses: { 200: answer("Tasks", listOf(ref("Task"))), ...failures(400) },
    }),
    requireStaff,
    async (c) => c.json({ data: (await staff.tasks.list(c.var.staff, c.req.query())).map(presentTask) }),
  );

  api.post(
    "/tasks",
    describe({
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
    requireStaff,
    async (c) => {
      const task = await staff.tasks.create(c.var.staff, await readJson(c));
      return c.json({ message: taskMessages.created(task.title), data: presentTask(task) });
    },
  );

  api.post(
    "/tasks/:taskId/done",
    describe({
      operationId: "markTaskDone",
      summary: "Mark a task done (admins, and the counsellor who sees it; again changes nothing); audited",
      staff: true,
      parameters: [idParam("taskId")],
      responses: {
        200: answer("Done", { type: "object", properties: { message: { type: "string" }, data: ref("Task") } }),
      },
    }),
    requireStaff,
    async (c) => {
      const task = await staff.tasks.markDone(c.var.staff, parseId(c.req.param("taskId"), "Task"));
      return c.json({ message: taskMessages.done(task.title), data: presentTask(task) });
    },
  );

  api.get(
    "/audit",
    describe({
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
    requireStaff,
    async (c) => {
      const before = c.req.query("before");
      const entries = await staff.team.auditLog(c.var.staff, {
        subjectType: c.req.query("subjectType") || undefined,
        subjectId: c.req.query("subjectId") || undefined,
        action: c.req.query("action") || undefined,
        beforeId: before ? parseId(before, "Audit entry") : undefined,
      });
      return c.json({ data: entries.map(presentAuditRecord) });
    },
  );

  return api;
}
