import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { ADMIN, staffSignIn } from "./staff-fixtures";

/** A student's record in the console is a screen of sections, each posting its own form (a fetcher, or a plain post). */
async function openDemoStudent(page: Page) {
  await page.goto("/staff/students?q=Demo%20Student");
  await page.getByRole("link", { name: "Demo Student" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Demo Student" })).toBeVisible();
}

test("with scripts, a section answers on its own: a note is added, its form empties and the timeline shows it", async ({
  page,
}) => {
  await staffSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page).not.toHaveURL(/\/staff\/login/);
  await openDemoStudent(page);
  await hydrated(page);
  const note = `Called about the SOP ${Date.now()}`;
  await page.getByLabel("Note", { exact: true }).fill(note);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Note added." })).toBeVisible();
  await expect(page.getByTestId("timeline-entry").filter({ hasText: note })).toBeVisible();
  await expect(page.getByLabel("Note", { exact: true })).toHaveValue("");
});

test("without scripts, the sections post plain forms: a refused e-mail keeps what was typed, a note is added", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/staff/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/staff\/login/);
  await openDemoStudent(page);
  const address = page.url();

  // A subject of spaces passes the browser's `required` and is refused by the server, in the e-mail section.
  await page.getByLabel("Subject").fill("   ");
  await page.getByRole("button", { name: "Send e-mail" }).click();
  await expect(page.getByText("Enter the subject")).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue(/Dear Demo Student/);
  expect(page.url()).toBe(address);

  const note = `Plain note ${Date.now()}`;
  await page.getByLabel("Note", { exact: true }).fill(note);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByTestId("timeline-entry").filter({ hasText: note })).toBeVisible();
  expect(page.url()).toBe(address);
  await context.close();
});
