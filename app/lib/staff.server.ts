import { data } from "react-router";
import type { StaffMember } from "../../modules/policies.ts";

/** A staff screen's guard: without a staff session the console does not exist (404, as for any unknown path). */
export function requireStaffMember(member: StaffMember | null): StaffMember {
  if (!member) throw data(null, { status: 404 });
  return member;
}

/** For screens only some roles reach (the service checks the same rule again for every change). */
export function requireStaffWith(member: StaffMember | null, allowed: (m: StaffMember) => boolean): StaffMember {
  const staff = requireStaffMember(member);
  if (!allowed(staff)) throw data(null, { status: 403 });
  return staff;
}
