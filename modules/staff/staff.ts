import {
  createStaff,
  ensureAdmin,
  listStaff,
  logInStaff,
  logOutStaff,
  notAllowed,
  type StaffDeps,
  setStaffDisabled,
  staffForSession,
} from "./accounts.ts";
import type { AuditActor } from "./audit.ts";
import { listAudit } from "./audit.ts";
import { sendDailyDigests } from "./digest.ts";
import { acceptInvitation, invitationFor, inviteStaff, resendInvitation } from "./invitations.ts";
import { changeLeadStatus, getLead, listLeads } from "./leads.ts";
import { canReadAuditLog, type StaffMember } from "./policies.ts";
import { assignableStaff, createTask, listTasks, markTaskDone, tasksForToday } from "./tasks.ts";

export type { NewStaffSession, StaffAccount, StaffDeps } from "./accounts.ts";
export type { AuditActor, AuditRecord } from "./audit.ts";
export { digestDue } from "./digest.ts";
export type { Invitation } from "./invitations.ts";
export type { Lead, LeadFilters } from "./leads.ts";
export {
  canManageStaff,
  canReadAuditLog,
  canSeeAllLeads,
  canSeeLeads,
  canSeeTasks,
  canWorkLeads,
  canWorkTasks,
  type StaffMember,
} from "./policies.ts";
export { type Assignee, indianDay, type Task } from "./tasks.ts";

/** The staff side's accounts, sessions and audit log, bound to their dependencies. */
export function createStaffService(deps: StaffDeps) {
  return {
    ensureAdmin: (admin: { email: string; password: string }) => ensureAdmin(deps, admin),
    create: (actor: AuditActor, raw: unknown) => createStaff(deps, actor, raw),
    list: (actor: StaffMember) => listStaff(deps, actor),
    setDisabled: (actor: StaffMember, staffId: number, disabled: boolean) => setStaffDisabled(deps, actor, staffId, disabled),
    logIn: (raw: unknown, clientIp: string) => logInStaff(deps, raw, clientIp),
    logOut: (token: string) => logOutStaff(deps, token),
    forSession: (token: string) => staffForSession(deps, token),
    leads: (actor: StaffMember, filters: unknown) => listLeads(deps, actor, filters),
    lead: (actor: StaffMember, id: number) => getLead(deps, actor, id),
    changeLeadStatus: (actor: StaffMember, id: number, raw: unknown) => changeLeadStatus(deps, actor, id, raw),
    invite: (actor: StaffMember, raw: unknown) => inviteStaff(deps, actor, raw),
    resendInvitation: (actor: StaffMember, staffId: number) => resendInvitation(deps, actor, staffId),
    invitation: (token: unknown) => invitationFor(deps, token),
    acceptInvitation: (token: unknown, raw: unknown, clientIp: string) => acceptInvitation(deps, token, raw, clientIp),
    tasks: (actor: StaffMember, filters: unknown) => listTasks(deps, actor, filters),
    today: (actor: StaffMember) => tasksForToday(deps, actor),
    assignableStaff: (actor: StaffMember) => assignableStaff(deps, actor),
    createTask: (actor: StaffMember, raw: unknown) => createTask(deps, actor, raw),
    markTaskDone: (actor: StaffMember, id: number) => markTaskDone(deps, actor, id),
    sendDailyDigests: (now?: Date) => sendDailyDigests(deps, now),
    auditLog: async (actor: StaffMember, filters: Parameters<typeof listAudit>[1] = {}) => {
      if (!canReadAuditLog(actor)) throw notAllowed();
      return listAudit(deps.db, filters);
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
