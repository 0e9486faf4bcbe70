import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, test, uniqueEmail } from "./fixtures.ts";
import { ADMIN, invitedStaff, staffSignIn } from "./staff-fixtures.ts";

const origin = (page: Page) => ({ Origin: new URL(page.url()).origin });

/** A lead entered through the staff API by whoever is signed in on `request`. */
async function enterLead(page: Page, request: APIRequestContext, lastName: string, email: string) {
  const answer = await request.post("/api/v1/staff/leads", {
    headers: origin(page),
    data: {
      firstName: "Inbox",
      lastName,
      phoneNumber: "9822200000",
      email,
      studyDestination: "Malta",
      typeOfStudy: "Diploma",
      preferredSubject: "Law",
      source: "Event",
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()).data.id as number;
}

test("an admin filters the inbox, assigns two leads at once, and the counsellor sees them", async ({ page, browser }) => {
  await staffSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  const tag = `e2e${Date.now()}`;
  const first = await enterLead(page, page.request, "One", uniqueEmail(`${tag}.one`));
  const second = await enterLead(page, page.request, "Two", uniqueEmail(`${tag}.two`));

  const email = uniqueEmail("inbox.counsellor");
  const counsellorId = await invitedStaff(page, {
    email,
    fullName: "Farah Inbox",
    role: "counsellor",
    password: "farah-Secret-pass-1",
  });

  // Filters live in the address: search plus source, shareable and kept by the back button.
  await page.goto("/staff/leads");
  await hydrated(page);
  await page.getByLabel("Name, e-mail or phone").fill(tag);
  await page.getByLabel("Source").selectOption("Event");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}.*source=Event`));
  await expect(page.getByTestId("lead-row")).toHaveCount(2);
  await expectNoAxeViolations(page);

  await page.getByLabel("Choose Inbox One").check();
  await page.getByLabel("Choose Inbox Two").check();
  await page.getByLabel("Assign to").selectOption({ label: "Farah Inbox" });
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "2 leads assigned to Farah Inbox." })).toBeVisible();
  await expect(page.getByTestId("lead-row").filter({ hasText: "Farah Inbox" })).toHaveCount(2);
  await page.getByLabel("Counsellor").selectOption({ label: "Farah Inbox" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`counsellor=${counsellorId}`));
  await expect(page.getByTestId("lead-row")).toHaveCount(2);
  await page.goBack();
  await expect(page).not.toHaveURL(new RegExp(`counsellor=${counsellorId}`));
  await expect(page.getByLabel("Counsellor")).toHaveValue("");

  await page.goto(`/staff/leads/${first}`);
  await expect(page.getByRole("heading", { name: "Inbox One" })).toBeVisible();
  // The history in words, never a code or JSON (decision 0035).
  await expect(page.getByTestId("lead-history").filter({ hasText: /(Assigned|Reassigned from .+) to Farah Inbox/ })).toHaveCount(
    1,
  );
  await expect(page.getByTestId("lead-history").filter({ hasText: /lead\.\w|[{}]/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await expect(page.getByLabel("Round-robin among active counsellors")).toBeChecked();
  await expectNoAxeViolations(page);

  const other = await browser.newContext();
  const counsellor = await other.newPage();
  await staffSignIn(counsellor, email, "farah-Secret-pass-1");
  await expect(counsellor.getByRole("heading", { name: "Welcome, Farah Inbox" })).toBeVisible();
  await counsellor.goto("/staff/leads");
  const rows = counsellor.getByTestId("lead-row");
  await expect(rows.filter({ hasText: "Inbox One" })).toBeVisible();
  await expect(rows.filter({ hasText: "Inbox Two" })).toBeVisible();
  await expect(counsellor.getByLabel("Assign to")).toHaveCount(0);
  expect((await counsellor.goto("/staff/settings"))?.status()).toBe(403);
  await other.close();

  // Out of the round-robin again, so other tests' bookings do not come to this counsellor.
  const disabled = await page.request.post(`/api/v1/staff/members/${counsellorId}/disable`, { headers: origin(page) });
  expect(disabled.status()).toBe(200);
  expect(second).toBeGreaterThan(first);
});
