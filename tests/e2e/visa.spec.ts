import type { Page } from "@playwright/test";
import { indianDay } from "../../vocabulary/india-time.ts";
import { expect, expectNoAxeViolations, hydrated, loggedInStudent, test } from "./fixtures.ts";
import { ADMIN, staffSignIn } from "./staff-fixtures.ts";
import { papersArrived } from "./visa-fixtures.ts";

/**
 * Decision 0040, visa help and mock visa interviews: the guides read in English and Hindi from the home page's
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

const phone = { width: 390, height: 844 };

/** Nothing on the page is wider than the phone's screen. */
async function fitsThePhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, "the page's width").toBeLessThanOrEqual(phone.width);
}

/** The admin signed in on the console changes one figure of a guide, as on the visa guides screen. */
async function changeFigure(
  browser: import("@playwright/test").Browser,
  form: string,
  values: { amount?: string; source?: string; sourceUrl?: string; sourceDate?: string; checkedOn?: string; confirmed?: boolean },
) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await staffSignIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  await admin.goto("/staff/visa-guides");
  await hydrated(admin);
  const figure = admin.getByRole("form", { name: form });
  if (values.amount) await figure.getByLabel("Amount").fill(values.amount);
  if (values.source) await figure.getByLabel("Source").fill(values.source);
  if (values.sourceUrl) await figure.getByLabel("Official page").fill(values.sourceUrl);
  if (values.sourceDate) await figure.getByLabel("Page's own date").fill(values.sourceDate);
  if (values.checkedOn) await figure.getByLabel("Checked on").fill(values.checkedOn);
  if (values.confirmed !== undefined) await figure.getByLabel("Confirmed").setChecked(values.confirmed);
  await figure.getByRole("button", { name: /^Save/ }).click();
  await expect(admin.getByText(/is saved\./).first()).toBeVisible();
  await context.close();
}

test.describe("on a phone", () => {
  test.use({ viewport: phone });

  test("the UK plan follows the recorded CAS, lists the guide's documents, reads 25,00,000 and 1.2 crore, and is never green while the 28-day rule fails", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await loggedInStudent(page, { name: "Nisha Varghese" });
    const { admin } = await papersArrived(page, "united-kingdom", "computer");
    await admin.dispose();
    await page.goto("/user/applications");
    await page.getByRole("link", { name: "Your visa plan" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your visa plan" })).toBeVisible();
    await hydrated(page);

    // The CAS the counsellor recorded settles "CAS received"; the next step is the one to do, with the day to start by.
    const cas = page.getByTestId("step-cas");
    await expect(cas).toContainText("Done");
    await expect(cas).toContainText("Recorded on your application: CAS N0012345678");
    await expect(cas.getByRole("checkbox")).toHaveCount(0);
    const held = page.getByTestId("step-funds-held");
    await expect(held).toContainText("Next");
    await expect(held).toContainText(/Start by \d{1,2} \w+ \d{4}/);

    // The visa's documents are the guide's: the TB certificate, the CAS, the funds and the parents' letter among them.
    const documents = page.getByTestId("visa-checklist").getByRole("listitem");
    await expect(documents).toHaveCount(9);
    await expect(documents.filter({ hasText: "Tuberculosis (TB) test certificate" })).toContainText("To bring");
    await expect(documents.filter({ hasText: "CAS reference number" })).toContainText("CAS N0012345678");
    await expect(documents.filter({ hasText: "Letter from your parents" })).toContainText(
      "Only when the money is in your parents' name.",
    );

    const funds = page.getByRole("form", { name: "Funds check" });
    const savings = funds.getByRole("group", { name: "Family savings" });
    await savings.getByLabel("Amount").fill("1.2 crore");
    await savings.getByLabel("Held since").fill("2026-01-10");
    await savings.getByLabel("Statement's last day").fill("2026-01-20");
    await funds.getByRole("group", { name: "Education loan" }).getByLabel("Amount").fill("25,00,000");
    await funds.getByLabel("The day you plan to apply").fill("2026-02-01");
    await funds.getByRole("button", { name: "Check my funds" }).click();
    const verdict = page.getByTestId("funds-verdict");
    await expect(verdict).toContainText("You have ₹1,45,00,000 in all.");
    // Enough money, but held 11 days: one verdict, and it is not "enough".
    await expect(page.getByTestId("funds-standing")).toHaveText("Not enough yet: a rule the visa states is not met (see below).");
    await expect(verdict).toContainText(
      "Family savings: held for 11 days by the statement's last day; the rule asks for 28 consecutive days.",
    );
    await expect(verdict).not.toContainText("Enough");
    await expect(verdict.locator(".text-success")).toHaveCount(0);
    await fitsThePhone(page);
    await expectNoAxeViolations(page);

    // A currency without a rate: the message names the ones we have, and the earlier result leaves the screen.
    await funds.getByRole("group", { name: "Education loan" }).getByLabel("Currency").fill("AED");
    await funds.getByRole("button", { name: "Check my funds" }).click();
    await expect(
      funds.getByRole("alert").filter({
        hasText: /^We have no exchange rate for AED: enter the amount in one of these currencies: INR, .*GBP.*USD\.$/,
      }),
    ).toBeVisible();
    await expect(page.getByTestId("funds-verdict")).toHaveCount(0);
    await expect(funds.getByRole("group", { name: "Education loan" }).getByLabel("Amount")).toHaveValue("25,00,000");

    // An amount that cannot be read is named at its field, not as "add a source".
    await funds.getByRole("group", { name: "Education loan" }).getByLabel("Currency").fill("INR");
    await funds.getByRole("group", { name: "Education loan" }).getByLabel("Amount").fill("25,0,000");
    await funds.getByRole("button", { name: "Check my funds" }).click();
    await expect(
      funds.getByText("Enter the amount in figures, for example 25,00,000, 2,500,000 or 25 lakh").first(),
    ).toBeVisible();
    await expect(page.getByText("Add at least one source of money.")).toHaveCount(0);
    await fitsThePhone(page);
  });

  test("Germany's funds check takes a blocked account and says EUR 10,000 is short of the EUR 11,904 rule", async ({ page }) => {
    test.setTimeout(90_000);
    await loggedInStudent(page, { name: "Rohan Deshpande" });
    const { admin } = await papersArrived(page, "germany", "computer");
    await admin.dispose();
    await page.goto("/user/applications");
    await page.getByRole("link", { name: "Your visa plan" }).click();
    await hydrated(page);
    const funds = page.getByRole("form", { name: "Funds check" });
    const blocked = funds.getByRole("group", { name: "Blocked account" });
    await blocked.getByLabel("Amount").fill("10,000");
    await blocked.getByLabel("Currency").fill("EUR");
    await funds.getByRole("button", { name: "Check my funds" }).click();
    await expect(page.getByTestId("funds-standing")).toHaveText(/^Short by ₹[\d,]+ of what the visa asks\.$/);
    const verdict = page.getByTestId("funds-verdict");
    await expect(verdict).toContainText("What the visa asks: EUR 11,904");
    await expect(verdict).not.toContainText("Enough");
    await fitsThePhone(page);
    await expectNoAxeViolations(page);
  });

  test("the US guide fits a phone, its badges whole; its fees cite official pages with the day checked apart from the page's date", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await page.goto("/visa/united-states");
    const sevis = page.getByTestId("figure-sevis-fee");
    await expect(sevis).toContainText("ice.gov");
    await expect(sevis).not.toContainText("Checked on 23 May 2019");
    await expect(page.getByTestId("figure-visa-fee")).not.toContainText("tt.usembassy.gov");
    // The funds to show begin with a sentence, not a dangling "plus".
    const fundsList = page.getByRole("region", { name: "The funds to show" }).getByRole("listitem");
    await expect(fundsList.first()).toHaveText("The first year's tuition");
    await fitsThePhone(page);

    // A figure checked over a year ago: its badge wraps inside the screen.
    await changeFigure(browser, "SEVIS I-901 fee, United States", { checkedOn: "2024-01-15" });
    await page.reload();
    const badge = page
      .getByTestId("figure-sevis-fee")
      .getByText("Checked over a year ago: ask your counsellor before you rely on it.");
    await expect(badge).toBeVisible();
    const box = await badge.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(phone.width);
    await fitsThePhone(page);
    await expectNoAxeViolations(page);
    await changeFigure(browser, "SEVIS I-901 fee, United States", { checkedOn: indianDay(Date.now()) });
  });

  test("an admin confirms the UK visa fee on gov.uk; the public page then shows it as fact, with the page's own date", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await page.goto("/visa/united-kingdom");
    const fee = page.getByTestId("figure-visa-fee");
    await expect(fee).toContainText("To be confirmed by your counsellor");
    await changeFigure(browser, "Student visa fee (from outside the UK), United Kingdom", {
      amount: "524",
      source: "GOV.UK, Visa fees",
      sourceUrl: "https://www.gov.uk/government/publications/visa-regulations-revised-table",
      sourceDate: "2025-04-09",
      checkedOn: indianDay(Date.now()),
      confirmed: true,
    });
    await page.reload();
    await expect(fee).toContainText("GBP 524");
    await expect(fee).not.toContainText("To be confirmed");
    await expect(fee).not.toContainText("could not confirm");
    await expect(fee).toContainText("Source: GOV.UK, Visa fees (page dated 9 April 2025).");
    await expect(fee).toContainText(/Checked on \d{1,2} \w+ 20\d\d \(today\)/);
    await fitsThePhone(page);
    await changeFigure(browser, "Student visa fee (from outside the UK), United Kingdom", { confirmed: false });
  });

  test("Canada is a destination: chosen on the free consultation, and its study permit guide with the funds in force and their date", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto("/services/free-consultation");
    await hydrated(page);
    await page.getByLabel("Study destination").selectOption("Canada");
    await expect(page.getByLabel("Study destination")).toHaveValue("Canada");
    await page.goto("/");
    await expect(page.getByText("across 40 study destinations")).toBeVisible();

    await page.goto("/visa");
    await page.getByRole("link", { name: /Canada/ }).click();
    await expect(page).toHaveURL(/\/visa\/canada$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Study permit");
    const living = page.getByTestId("figure-funds-living");
    await expect(living).toContainText("CAD 22,895 a year");
    await expect(living).toContainText("from 1 September 2025");
    await expect(living).toContainText("canada.ca");
    await expect(page.getByText("An interview is rare.")).toBeVisible();
    for (const document of ["attestation letter (PAL)", "Letter of explanation", "Medical exam", "Biometrics instruction letter"])
      await expect(page.getByRole("region", { name: "Documents" })).toContainText(document);
    await fitsThePhone(page);
    await expectNoAxeViolations(page);

    await page.goto("/visa/new-zealand");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Fee Paying Student Visa");
    await expect(page.getByTestId("figure-funds-living")).toContainText("NZD 20,000 a year");
    await expect(page.getByRole("region", { name: "Documents" })).toContainText("insurance");
    await fitsThePhone(page);
  });
});

test("the staff leads filter offers Canada and New Zealand", async ({ browser }) => {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await staffSignIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  await admin.goto("/staff/leads");
  const destinations = await admin.getByLabel("Destination").locator("option").allTextContents();
  expect(destinations).toEqual(expect.arrayContaining(["Canada", "New Zealand"]));
  await context.close();
});
