import type { StaffRole } from "../../vocabulary/staff.ts";

/**
 * Who among staff may do what: named rules, checked on the server for every staff page and call. A
 * screen may hide what a rule refuses, but the rule is what holds.
 */
export interface StaffMember {
  staffId: number;
  email: string;
  fullName: string;
  role: StaffRole;
}

/** Creating, disabling and listing staff accounts. */
export const canManageStaff = (member: StaffMember) => member.role === "admin";

/** Reading the audit log. */
export const canReadAuditLog = (member: StaffMember) => member.role === "admin";

/** Seeing the leads inbox at all (a document verifier works on documents, not leads). */
export const canSeeLeads = (member: StaffMember) => member.role !== "document_verifier";

/** Seeing every lead, not only one's own (admins; read-only staff watch the whole business). */
export const canSeeAllLeads = (member: StaffMember) => member.role === "admin" || member.role === "read_only";

/** Changing a lead (its status, later its counsellor): admins and counsellors, never read-only staff. */
export const canWorkLeads = (member: StaffMember) => member.role === "admin" || member.role === "counsellor";

/** One lead: all of them for those who see all, else only a lead assigned to this counsellor. */
export const leadVisibleTo = (member: StaffMember, lead: { assignedStaffId: number | null }) =>
  canSeeAllLeads(member) || (member.role === "counsellor" && lead.assignedStaffId === member.staffId);
