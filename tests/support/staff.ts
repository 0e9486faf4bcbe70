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
  const member = await testApp.staff.team.create({ system: "test set-up" }, { ...details, fullName, password });
  return { staffId: member.staffId, email: member.email, fullName: member.fullName, role: member.role, password };
}

/** Signs a staff member in through POST /api/v1/staff/session; answers the cookie pair to send. */
export async function signInStaff(api: ApiClient, email: string, password: string, ip?: string): Promise<string> {
  const answer = await api.post("/api/v1/staff/session", { email, password }, { ip });
  const [cookie] = cookiesNamed(answer, "ignite_staff");
  if (answer.status !== 200 || !cookie) throw new Error(`staff sign-in refused (${answer.status}): ${answer.text}`);
  return cookie.pair;
}

/** A staff member made for a test and signed in: `cookie` is the pair to send ("ignite_staff=..."). */
export interface SignedInStaff extends TestStaff {
  cookie: string;
}

/** The five people of a test's staff team, one of each role and two counsellors. */
export type TeamMember = "admin" | "asha" | "ravi" | "viewer" | "verifier";

/** Who is who on a test's staff team (the two counsellors are told apart by who looks after what). */
const TEAM: readonly { key: TeamMember; role: StaffRole; fullName: string }[] = [
  { key: "admin", role: "admin", fullName: "Administrator" },
  { key: "asha", role: "counsellor", fullName: "Asha Rao" },
  { key: "ravi", role: "counsellor", fullName: "Ravi Kumar" },
  { key: "viewer", role: "read_only", fullName: "Vera Viewer" },
  { key: "verifier", role: "document_verifier", fullName: "Dev Verifier" },
];

export type StaffTeam = Record<TeamMember, SignedInStaff> & {
  /** Request options acting as one of them: `api.get(path, team.as("asha"))`. */
  as(who: TeamMember): { cookie: string };
};

/**
 * A test file's staff team, each signed in through the API: an admin ("Administrator"), two
 * counsellors (Asha Rao, then Ravi Kumar: the order round-robin assignment takes them in), a read-only
 * viewer and a document verifier. Their addresses are `admin@DOMAIN`, `asha@DOMAIN` and so on.
 */
export async function createStaffTeam(testApp: TestApp, api: ApiClient, domain: string): Promise<StaffTeam> {
  const team = {} as Record<TeamMember, SignedInStaff>;
  for (const { key, role, fullName } of TEAM) {
    const member = await createStaffMember(testApp, { email: `${key}@${domain}`, role, fullName });
    team[key] = { ...member, cookie: await signInStaff(api, member.email, member.password) };
  }
  return { ...team, as: (who) => ({ cookie: team[who].cookie }) };
}
