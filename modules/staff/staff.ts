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
import { changeLeadStatus, getLead, listLeads } from "./leads.ts";
import { canReadAuditLog, type StaffMember } from "./policies.ts";

export type { NewStaffSession, StaffAccount, StaffDeps } from "./accounts.ts";
export type { AuditActor, AuditRecord } from "./audit.ts";
export type { Lead, LeadFilters } from "./leads.ts";
export {
  canManageStaff,
  canReadAuditLog,
  canSeeAllLeads,
  canSeeLeads,
  canWorkLeads,
  type StaffMember,
} from "./policies.ts";

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
    auditLog: async (actor: StaffMember, filters: Parameters<typeof listAudit>[1] = {}) => {
      if (!canReadAuditLog(actor)) throw notAllowed();
      return listAudit(deps.db, filters);
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
