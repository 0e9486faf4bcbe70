import type { Browser, Page } from "@playwright/test";
import { expect, httpClient, hydrated } from "./fixtures.ts";
import { readInvitationLink } from "./mail.ts";

/** The console's first admin (ADMIN_EMAIL and ADMIN_PASSWORD in playwright.config.ts). */
export const ADMIN = { email: "admin@ignite.test", password: "e2e-admin-Secret-1" };

/** Signs in on the console's sign-in screen (the caller checks what follows). */
export async function staffSignIn(page: Page, email: string, password: string) {
  await page.goto("/staff/login");
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * A staff member made as in real life: the admin signed in on `admin` invites them through the staff
 * API, and they accept with the link e-mailed to them (read from the outbox). Returns their id.
 */
export async function invitedStaff(
  admin: Page,
  person: { email: string; fullName: string; role: "counsellor" | "document_verifier" | "admin" | "read_only"; password: string },
): Promise<number> {
  const since = Date.now();
  const invited = await admin.request.post("/api/v1/staff/invitations", {
    headers: { Origin: new URL(admin.url()).origin },
    data: { email: person.email, fullName: person.fullName, role: person.role },
  });
  expect(invited.status()).toBe(200);
  const link = await readInvitationLink(person.email, since);
  const token = new URL(link, "http://x").searchParams.get("token");
  const client = await httpClient();
  const accepted = await client.post("/api/v1/staff/invitations/accept", {
    data: { token, password: person.password, confirmPassword: person.password },
  });
  expect(accepted.status()).toBe(200);
  await client.dispose();
  return (await invited.json()).data.id as number;
}

/**
 * Gives a booking to a counsellor as an admin does from the inbox. Round-robin hands a new booking to
 * the active counsellor given one longest ago (or never), and the browser test files run side by side,
 * each inviting counsellors of its own: which of those new counsellors gets a booking is a race between
 * files, so a journey that needs the lead in its counsellor's inbox has the admin give it to them.
 * Round-robin itself is tested where nothing runs beside it (server/api/leads.integration.test.ts).
 */
export async function giveLeadTo(admin: Page, counsellor: Page, leadId: number) {
  const me = await counsellor.request.get("/api/v1/staff/me");
  expect(me.status()).toBe(200);
  const assigned = await admin.request.post("/api/v1/staff/leads/assign", {
    headers: { Origin: new URL(admin.url()).origin },
    data: { leadIds: [leadId], staffId: (await me.json()).data.id },
  });
  expect(assigned.status()).toBe(200);
}

/**
 * The student signed in on `student` gets a counsellor of their own, as in real life: the admin (on a
 * page of its own, closed after) invites the counsellor and gives them the student; the counsellor then
 * signs in on `staff` and sees their welcome.
 */
export async function counsellorOfTheStudent(
  browser: Browser,
  student: Page,
  staff: Page,
  counsellor: { email: string; fullName: string; password: string },
) {
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await staffSignIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  const counsellorId = await invitedStaff(admin, { ...counsellor, role: "counsellor" });
  const studentId = (await (await student.request.get("/api/v1/students/me")).json()).data.student_id as number;
  const assigned = await admin.request.post(`/api/v1/staff/students/${studentId}/counsellor`, {
    headers: { Origin: new URL(admin.url()).origin },
    data: { counsellorStaffId: counsellorId },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  await admin.context().close();
  await staffSignIn(staff, counsellor.email, counsellor.password);
  await expect(staff.getByRole("heading", { name: `Welcome, ${counsellor.fullName}` })).toBeVisible();
}
