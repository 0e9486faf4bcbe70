import { randomBytes } from "node:crypto";
import type { StaffRole } from "../../vocabulary/staff.ts";
import { type ApiClient, cookiesNamed } from "./api-client.ts";
import type { TestApp } from "./test-app.ts";

/** A staff member made for a test, with the password that signs them in. */
export interface TestStaff {
  staffId: number;
  email: string;
  fullName: string;
  role: StaffRole;
  password: string;
}

/**
 * A staff account with a password, made through the staff service by a system actor, as the
 * `staff:create` command does (admins on the screen and in the API invite people instead).
 */
export async function createStaffMember(
  testApp: TestApp,
  details: { email: string; role: StaffRole; fullName?: string; password?: string },
): Promise<TestStaff> {
  const password = details.password ?? `staff-${randomBytes(4).toString("hex")}-Secret`;
  const fullName = details.fullName ?? details.email.split("@")[0] ?? "Staff Member";
  const member = await testApp.staff.create({ system: "test set-up" }, { ...details, fullName, password });
  return { staffId: member.staffId, email: member.email, fullName: member.fullName, role: member.role, password };
}

/** Signs a staff member in through POST /api/v1/staff/session; answers the cookie pair to send. */
export async function signInStaff(api: ApiClient, email: string, password: string, ip?: string): Promise<string> {
  const answer = await api.post("/api/v1/staff/session", { email, password }, { ip });
  const [cookie] = cookiesNamed(answer, "ignite_staff");
  if (answer.status !== 200 || !cookie) throw new Error(`staff sign-in refused (${answer.status}): ${answer.text}`);
  return cookie.pair;
}
