import { Hono } from "hono";
import { z } from "zod";
import type { StaffService } from "../../modules/console/console.ts";
import { parseId } from "../../modules/ids.ts";
import type { StaffMember } from "../../modules/policies.ts";
import type { AuditRecord, StaffAccount } from "../../modules/staff/staff.ts";
import type { Task } from "../../modules/tasks/tasks.ts";
import type { CookieWriter } from "../../platform/cookies.ts";
import { staffMessages, staffRoleLabels, staffRoles, taskMessages } from "../../vocabulary/staff.ts";
import type { ServerEnv } from "../context.ts";
import { requireStaff } from "../guards.ts";
import { readJson } from "./read-json.ts";
import { staffRecordsApi } from "./staff-records.ts";

export const staffMemberSchema = z.object({ id: z.int(), email: z.string(), fullName: z.string(), role: z.enum(staffRoles) });
export const staffAccountSchema = staffMemberSchema.extend({
  disabled: z.boolean(),
  invited: z.boolean().meta({ description: "Invited and not yet accepted: no password yet, so no sign-in" }),
  createdAt: z.iso.datetime(),
});
export const taskSchema = z.object({
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
});
export const auditEntrySchema = z.object({
  id: z.int(),
  at: z.iso.datetime(),
  actor: z.string().meta({ description: "The staff member (name and role), or the system's part that acted" }),
  actorStaffId: z.int().nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  before: z.unknown().meta({ description: "What changed, as it was (never a hash or a secret)" }),
  after: z.unknown().meta({ description: "What changed, as it became" }),
});
export const presentStaffMember = (m: StaffMember): z.infer<typeof staffMemberSchema> => ({
  id: m.staffId,
  email: m.email,
  fullName: m.fullName,
  role: m.role,
});
export const presentStaffAccount = (a: StaffAccount): z.infer<typeof staffAccountSchema> => ({
  ...presentStaffMember(a),
  disabled: a.disabled,
  invited: a.invited,
  createdAt: a.createdAt.toISOString(),
});
export const presentTask = (t: Task): z.infer<typeof taskSchema> => ({
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

  api.post("/session", async (c) => {
    const session = await staff.team.logIn(await readJson(c), c.var.clientIp);
    c.header("Set-Cookie", cookies.staffSession(session.token, session.expiresAt));
    return c.json({ data: presentStaffMember(session.member) });
  });

  api.delete("/session", requireStaff, async (c) => {
    if (c.var.staffToken) await staff.team.logOut(c.var.staffToken);
    c.header("Set-Cookie", cookies.clearStaffSession());
    return c.json({ message: staffMessages.signedOut });
  });

  api.get("/me", requireStaff, (c) => c.json({ data: presentStaffMember(c.var.staff) }));

  // A staff member's own password and sessions (decision 0034): this session stays after a password change.
  api.put("/me/password", requireStaff, async (c) => {
    await staff.team.changeOwnPassword(c.var.staff, c.var.staffToken, await readJson(c));
    return c.json({ message: staffMessages.passwordChanged });
  });

  api.delete("/me/sessions", requireStaff, async (c) => {
    await staff.team.signOutEverywhere(c.var.staff, c.var.staff.staffId);
    c.header("Set-Cookie", cookies.clearStaffSession());
    return c.json({ message: staffMessages.signedOutEverywhere });
  });

  api.delete("/members/:id/sessions", requireStaff, async (c) => {
    const ended = await staff.team.signOutEverywhere(c.var.staff, parseId(c.req.param("id"), "Staff account"));
    return c.json({ message: staffMessages.memberSignedOut(ended.email, ended.sessionsEnded), data: ended });
  });

  api.put("/members/:id/role", requireStaff, async (c) => {
    const account = await staff.team.changeRole(c.var.staff, parseId(c.req.param("id"), "Staff account"), await readJson(c));
    return c.json({
      message: staffMessages.roleChanged(account.email, staffRoleLabels[account.role]),
      data: presentStaffAccount(account),
    });
  });

  api.get("/members", requireStaff, async (c) => c.json({ data: (await staff.team.list(c.var.staff)).map(presentStaffAccount) }));

  // Admins add staff by invitation only: the person sets their own password through the e-mailed link.
  api.post("/invitations", requireStaff, async (c) => {
    const invited = await staff.team.invite(c.var.staff, await readJson(c));
    return c.json({ message: staffMessages.invited(invited.email), data: presentStaffAccount(invited) });
  });

  api.post("/members/:id/invitation", requireStaff, async (c) => {
    const account = await staff.team.resendInvitation(c.var.staff, parseId(c.req.param("id"), "Staff account"));
    return c.json({ message: staffMessages.invitationResent(account.email), data: presentStaffAccount(account) });
  });

  // Accepting needs no session (the link is the proof); the token comes in the body, never in a logged path.
  api.post("/invitations/accept", async (c) => {
    const body = (await readJson(c)) as Record<string, unknown> | undefined;
    const session = await staff.team.acceptInvitation(body?.token, body, c.var.clientIp);
    c.header("Set-Cookie", cookies.staffSession(session.token, session.expiresAt));
    return c.json({ data: presentStaffMember(session.member) });
  });

  for (const [path, disabled] of [
    ["/members/:id/disable", true],
    ["/members/:id/enable", false],
  ] as const) {
    api.post(path, requireStaff, async (c) => {
      const account = await staff.team.setDisabled(c.var.staff, parseId(c.req.param("id"), "Staff account"), disabled);
      const message = disabled ? staffMessages.disabledDone(account.email) : staffMessages.enabledDone(account.email);
      return c.json({ message, data: presentStaffAccount(account) });
    });
  }

  staffRecordsApi(api, staff);

  api.get("/tasks", requireStaff, async (c) =>
    c.json({ data: (await staff.tasks.list(c.var.staff, c.req.query())).map(presentTask) }),
  );

  api.post("/tasks", requireStaff, async (c) => {
    const task = await staff.tasks.create(c.var.staff, await readJson(c));
    return c.json({ message: taskMessages.created(task.title), data: presentTask(task) });
  });

  api.post("/tasks/:id/done", requireStaff, async (c) => {
    const task = await staff.tasks.markDone(c.var.staff, parseId(c.req.param("id"), "Task"));
    return c.json({ message: taskMessages.done(task.title), data: presentTask(task) });
  });

  api.get("/audit", requireStaff, async (c) => {
    const before = c.req.query("before");
    const entries = await staff.team.auditLog(c.var.staff, {
      subjectType: c.req.query("subjectType") || undefined,
      subjectId: c.req.query("subjectId") || undefined,
      action: c.req.query("action") || undefined,
      beforeId: before ? parseId(before, "Audit entry") : undefined,
    });
    return c.json({ data: entries.map(presentAuditRecord) });
  });

  return api;
}
