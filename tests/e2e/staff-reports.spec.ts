import { expect, expectNoAxeViolations, hydrated, test } from "./fixtures.ts";
import { ADMIN, staffSignIn } from "./staff-fixtures.ts";

test("an admin reads the reports: charts hidden from assistive technology, tables holding the figures, a range in the address", async ({
  page,
  browser,
}) => {
  await staffSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/staff$/);
  await page.getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await hydrated(page);
  for (const name of ["Funnel", "Funnel by booking month", "Funnel by counsellor", "Offers and visas"])
    await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: /The funnel: leads booked/ })).toBeVisible();
  // Missed first responses are counted as the lead inbox counts them: in the admin's working hours.
  const firstResponses = page.getByRole("region", { name: "First responses missed" });
  await expect(firstResponses).toContainText("(target: 4 working hours)");
  await expect(firstResponses).toContainText("Working hours: Monday to Saturday, 09:30 to 18:30 IST");
  await expect(firstResponses).not.toContainText(/wall-clock|approximat/i);
  const charts = page.locator("svg[aria-hidden='true']");
  expect(await charts.count()).toBeGreaterThan(0);
  await expectNoAxeViolations(page);

  await page.getByLabel("From").fill("2024-01-01");
  await page.getByLabel("To").fill("2024-01-31");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/from=2024-01-01&to=2024-01-31/);
  await expect(page.getByRole("table", { name: /The funnel/ }).getByRole("row", { name: /Leads booked/ })).toContainText("0");

  const wrong = await page.goto("/staff/reports?from=2024-02-01&to=2024-01-01");
  expect(wrong?.status()).toBe(200);
  await expect(page.getByRole("alert")).toContainText("The start date must be on or before the end date");

  // Without JavaScript the charts and the range form work the same: the form is a plain GET.
  const bare = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const noScript = await bare.newPage();
  await noScript.goto("/staff/reports");
  await expect(noScript.locator("svg[aria-hidden='true']").first()).toBeVisible();
  await noScript.getByLabel("From").fill("2024-03-01");
  await noScript.getByLabel("To").fill("2024-03-31");
  await noScript.getByRole("button", { name: "Show" }).click();
  await expect(noScript).toHaveURL(/from=2024-03-01&to=2024-03-31/);
  await bare.close();
});

test("staff see the searches that found few courses, with how often they were made", async ({ page, browser }) => {
  const visitor = await browser.newContext();
  const searching = await visitor.newPage();
  const term = `underwater welding ${Date.now().toString(36)}`;
  for (let i = 0; i < 2; i += 1) {
    await searching.goto(`/search?q=${encodeURIComponent(term)}`);
    await expect(searching.getByText("Sorry, no items were found for your search")).toBeVisible();
  }
  await visitor.close();
  await staffSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/staff$/);
  await page.getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  const misses = page.getByRole("table", { name: /Terms visitors searched that found fewer than three courses/ });
  await expect(misses.getByRole("row", { name: new RegExp(term) })).toContainText(/2\s*none/);
  await expectNoAxeViolations(page);
});
