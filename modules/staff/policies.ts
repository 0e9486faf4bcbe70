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
