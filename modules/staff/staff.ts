import type { AuditActor } from "../audit-log.ts";
import type { StaffDeps } from "../deps.ts";
import { canReadAuditLog, notAllowed, type StaffMember } from "../policies.ts";
import { createStaff, ensureAdmin, listStaff, logInStaff, logOutStaff, setStaffDisabled, staffForSession } from "./accounts.ts";
import { listAudit } from "./audit.ts";
import { sendDailyDigests } from "./digest.ts";
import { acceptInvitation, invitationFor, inviteStaff, resendInvitation } from "./invitations.ts";
import { changeOwnPassword, changeStaffRole, signOutEverywhere } from "./sessions.ts";

export { activeStaffContact } from "./accounts.ts";
export { sweepExpiredStaffSessions } from "./sessions.ts";

import { changeConsoleSettings, getConsoleSettings } from "./settings.ts";

export type { AuditRecord } from "../audit-log.ts";
export type { ConsoleSettings } from "../console-settings.ts";
export type { NewStaffSession, StaffAccount } from "./accounts.ts";
export { digestDue } from "./digest.ts";
export type { Invitation } from "./invitations.ts";

/**
 * The staff module's own side (decision 0031): staff accounts and their sessions, invitations, the
 * console's settings, the daily digest and the audit log. Every other noun's console side lives in
 * that noun's module; modules/console/console.ts puts them together for the server.
 */
export const staffConsole = (deps: StaffDeps) => ({
  ensureAdmin: (admin: { email: string; password: string }) => ensureAdmin(deps, admin),
  create: (actor: AuditActor, raw: unknown) => createStaff(deps, actor, raw),
  list: (actor: StaffMember) => listStaff(deps, actor),
  setDisabled: (actor: StaffMember, staffId: number, disabled: boolean) => setStaffDisabled(deps, actor, staffId, disabled),
  logIn: (raw: unknown, clientIp: string) => logInStaff(deps, raw, clientIp),
  logOut: (token: string) => logOutStaff(deps, token),
  forSession: (token: string) => staffForSession(deps, token),
  /** The member's own password: the current one required, every other session ended, mailed (decision 0034). */
  changeOwnPassword: (actor: StaffMember, currentToken: string | undefined, raw: unknown) =>
    changeOwnPassword(deps, actor, currentToken, raw),
  /** Ends every session of an account: one's own, or (admins) any member's; audited. */
  signOutEverywhere: (actor: StaffMember, staffId: number) => signOutEverywhere(deps, actor, staffId),
  /** An admin changes a member's role; audited. */
  changeRole: (actor: StaffMember, staffId: number, raw: unknown) => changeStaffRole(deps, actor, staffId, raw),
  settings: (actor: StaffMember) => getConsoleSettings(deps, actor),
  changeSettings: (actor: StaffMember, raw: unknown) => changeConsoleSettings(deps, actor, raw),
  invite: (actor: StaffMember, raw: unknown) => inviteStaff(deps, actor, raw),
  resendInvitation: (actor: StaffMember, staffId: number) => resendInvitation(deps, actor, staffId),
  invitation: (token: unknown) => invitationFor(deps, token),
  acceptInvitation: (token: unknown, raw: unknown, clientIp: string) => acceptInvitation(deps, token, raw, clientIp),
  sendDailyDigests: (now?: Date) => sendDailyDigests(deps, now),
  auditLog: async (actor: StaffMember, filters: Parameters<typeof listAudit>[1] = {}) => {
    if (!canReadAuditLog(actor)) throw notAllowed();
    return listAudit(deps.db, filters);
  },
});
