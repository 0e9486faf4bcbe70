import { expect, hydrated, loggedInStudent, test } from "./fixtures";
import { screens } from "./screens";

/**
 * The funding plan typed as a family types it, on a phone (390 px), in two tabs (decision 0079's amendment):
 * the tab that saves second, though it checked its amounts after the first saved, is told the plan changed
 * and shown it as saved, never writing over it.
 */
test.use({ viewport: { width: 390, height: 844 } });

test("a funding plan saved in one tab is not written over by a tab opened before it", async ({ page, context }) => {
  test.setTimeout(90_000);
  await loggedInStudent(page, { name: "अनिकेत देशमुख" });
  const other = await context.newPage();
  for (const tab of [page, other]) {
    await tab.goto("/user/funding");
    await hydrated(tab);
  }

  await page.getByRole("group", { name: "Family savings" }).getByLabel("Amount").fill("25 lakh rupees");
  await page.getByRole("group", { name: "Sponsor" }).getByLabel("Amount").fill("रुपये 5,00,000");
  await page.getByRole("button", { name: "Check the amounts" }).click();
  await expect(page.getByTestId("read-back")).toContainText("Family savings: ₹25,00,000");
  await expect(page.getByTestId("read-back")).toContainText("Sponsor: ₹5,00,000");
  await page.getByRole("button", { name: "Save my funding plan" }).click();
  await expect(page.getByText("Your funding plan is saved.")).toBeVisible();

  // The other tab, opened before that save, checks its own amounts (the page reloads the plan then) and saves.
  await other.getByRole("group", { name: "Family savings" }).getByLabel("Amount").fill("30,00,000");
  await other.getByRole("button", { name: "Check the amounts" }).click();
  await expect(other.getByTestId("read-back")).toContainText("Family savings: ₹30,00,000");
  await other.getByRole("button", { name: "Save my funding plan" }).click();
  await expect(other.getByRole("alert").filter({ hasText: "Your funding plan changed in another tab" })).toBeVisible();
  await expect(other.getByRole("group", { name: "Family savings" }).getByLabel("Amount")).toHaveValue("25,00,000");
  await expect(other.getByRole("group", { name: "Sponsor" }).getByLabel("Amount")).toHaveValue("5,00,000");
  await screens(other, "funding-changed-in-another-tab");

  // Made again on the plan as saved, the change is kept.
  await other.getByRole("group", { name: "Family savings" }).getByLabel("Amount").fill("30,00,000");
  await other.getByRole("button", { name: "Check the amounts" }).click();
  await expect(other.getByTestId("read-back")).toContainText("Sponsor: ₹5,00,000");
  await other.getByRole("button", { name: "Save my funding plan" }).click();
  await expect(other.getByText("Your funding plan is saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("group", { name: "Family savings" }).getByLabel("Amount")).toHaveValue("30,00,000");
});
