import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, test, uniqueEmail } from "./fixtures.ts";
import { ADMIN, invitedStaff, staffSignIn } from "./staff-fixtures.ts";

const toast = (page: Page, text: string | RegExp) => expect(page.getByRole("alert").filter({ hasText: text })).toBeVisible();
/** Whether the page's staff session still opens the console (without one the console does not exist). */
const signedIn = async (page: Page) => (await page.goto("/staff"))?.status() === 200;

/**
 * Decision 0034: a staff member changes their password on Your account and their
 * other session ends; an admin signs a member out everywhere and changes their role on Members.
 */
test("a password change ends the other sessions; an admin signs a member out everywhere and changes a role", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await (await browser.newContext()).newPage();
  await staffSignIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  const person = { email: uniqueEmail("account.counsellor"), fullName: "Kavya Account", password: "kavya-Secret-pass-1" };
  await invitedStaff(admin, { ...person, role: "counsellor" });

  const here = await (await browser.newContext()).newPage();
  const elsewhere = await (await browser.newContext()).newPage();
  for (const page of [here, elsewhere]) {
    await staffSignIn(page, person.email, person.password);
    await expect(page.getByRole("heading", { name: `Welcome, ${person.fullName}` })).toBeVisible();
  }

  await here.getByRole("link", { name: /Kavya Account/ }).click();
  await expect(here.getByRole("heading", { name: "Your account" })).toBeVisible();
  await hydrated(here);
  await expectNoAxeViolations(here);
  const newPassword = "kavya-New-Secret-2";
  await here.getByLabel("Current password").fill("not-my-password-at-all");
  await here.getByLabel("New password", { exact: true }).fill(newPassword);
  await here.getByLabel("New password again").fill(newPassword);
  await here.getByRole("button", { name: "Change password" }).click();
  await toast(here, "Your current password is not right");
  await here.getByLabel("Current password").fill(person.password);
  await here.getByLabel("New password", { exact: true }).fill(newPassword);
  await here.getByLabel("New password again").fill(newPassword);
  await here.getByRole("button", { name: "Change password" }).click();
  await toast(here, "Password changed. Every other session of yours has ended.");
  expect(await signedIn(elsewhere)).toBe(false);
  expect(await signedIn(here)).toBe(true);

  // The admin signs Kavya out everywhere, then makes her read-only: both on Members.
  await admin.goto("/staff/members");
  await hydrated(admin);
  await admin.getByRole("button", { name: `Sign out everywhere ${person.email}` }).click();
  await toast(admin, `${person.email} has been signed out everywhere (1 session ended).`);
  expect(await signedIn(here)).toBe(false);
  await admin.getByLabel(`Make ${person.email} a`).selectOption({ label: "Read-only" });
  await admin.getByRole("button", { name: `Change role of ${person.email}` }).click();
  await toast(admin, `${person.email} is now Read-only.`);
  await expect(admin.getByRole("row").filter({ hasText: person.email })).toContainText("Read-only");
  await expectNoAxeViolations(admin);

  // Kavya signs in again with the new password and signs herself out everywhere.
  await staffSignIn(here, person.email, newPassword);
  await expect(here.getByRole("heading", { name: `Welcome, ${person.fullName}` })).toBeVisible();
  await here.goto("/staff/account");
  await hydrated(here);
  await here.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(here.getByRole("heading", { name: "Staff sign-in" })).toBeVisible();
  expect(await signedIn(here)).toBe(false);
});
