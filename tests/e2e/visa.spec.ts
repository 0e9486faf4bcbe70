import { expect, expectNoAxeViolations, hydrated, loggedInStudent, test } from "./fixtures.ts";
import { papersArrived } from "./visa-fixtures.ts";

/**
 * Issue 28, visa help and mock visa interviews: the guides read in English and Hindi from the home page's
 * visa card; a student whose university's papers arrived fills the funds check and sees what is short
 * (the practice is in visa-practice.spec.ts, which needs a browser with a fake microphone).
 */

test("a visitor reaches the guides from the home page's visa card and reads the US and UK guides in English and Hindi", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await page.goto("/");
  await page.locator(".card", { hasText: "Get your visa" }).getByRole("link", { name: "Visa help" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Visa help" })).toBeVisible();
  await page.getByRole("link", { name: /United States/ }).click();
  await expect(page).toHaveURL(/\/visa\/united-states$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("F-1");
  const fee = page.getByTestId("figure-visa-fee");
  await expect(fee).toContainText("USD 185");
  await expect(fee).toContainText(/≈ ₹/);
  await expect(fee).toContainText("Source");
  await expect(fee).toContainText(/Checked on \d{1,2} \w+ \d{4}/);
  // A figure seen only in the news is not shown as fact.
  await expect(page.getByText("To be confirmed by your counsellor").first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/visa/united-kingdom");
  await expect(page.getByRole("heading", { name: "The funds to show" })).toBeVisible();
  await expect(page.getByText("held for 28 consecutive days, ending within 31 days of applying")).toBeVisible();

  await context.addCookies([{ name: "ignite_language", value: "hi", url: baseURL ?? "" }]);
  await page.reload();
  await expect(page.getByRole("heading", { name: "दिखाए जाने वाले फ़ंड" })).toBeVisible();
  await expect(page.getByText("लगातार 28 दिन रखा गया, आवेदन से 31 दिनों के भीतर ख़त्म")).toBeVisible();
  await page.goto("/visa/united-states");
  await expect(page.getByRole("heading", { name: "चरण, क्रम से" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "आधिकारिक पेज" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a student whose CAS arrived fills the funds check and sees what is short, the 28-day rule included", async ({ page }) => {
  test.setTimeout(60_000);
  await loggedInStudent(page, { name: "Nisha Varghese" });
  const { admin } = await papersArrived(page, "united-kingdom", "computer");
  await admin.dispose();
  await page.goto("/user/applications");
  await page.getByRole("link", { name: "Your visa plan" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your visa plan" })).toBeVisible();
  await hydrated(page);
  const funds = page.getByRole("form", { name: "Funds check" });
  await funds.getByLabel("Amount").first().fill("500000");
  await funds.getByLabel("Held since").first().fill("2026-01-10");
  await funds.getByLabel("Statement's last day").first().fill("2026-01-20");
  await funds.getByLabel("The day you plan to apply").fill("2026-02-01");
  await funds.getByRole("button", { name: "Check my funds" }).click();
  const verdict = page.getByTestId("funds-verdict");
  await expect(verdict).toContainText("You have ₹5,00,000 in all.");
  await expect(verdict).toContainText(/Short by ₹[\d,]+ of what the visa asks: GBP [\d,]+/);
  await expect(verdict).toContainText(
    "Family savings: held for 11 days by the statement's last day; the rule asks for 28 consecutive days.",
  );
  // A currency without a rate is refused with its name, and what was typed stays.
  await funds.getByLabel("Currency").first().fill("XYZ");
  await funds.getByRole("button", { name: "Check my funds" }).click();
  await expect(funds.getByText("We have no exchange rate for XYZ", { exact: false }).first()).toBeVisible();
  await expect(funds.getByLabel("Amount").first()).toHaveValue("500000");
  await expect(verdict).toContainText("You have ₹5,00,000 in all.");
  await expectNoAxeViolations(page);
});
