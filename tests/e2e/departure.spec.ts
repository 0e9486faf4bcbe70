import { applicationMovedOn, courseToApplyTo, longDay, next, toSubmitted } from "./applying-fixtures";
import { expect, expectNoAxeViolations, httpClient, hydrated, test, uniqueEmail } from "./fixtures";
import { screens } from "./screens";
import { ADMIN, staffSignIn } from "./staff-fixtures";

/**
 * The loan planner (decision 0082) and the departure checklist (decision 0083) on a phone (390 px): a
 * student types two loan offers the way families write amounts and reads them side by side; after the
 * visa is recorded granted, the application shows the UK departure checklist and the student ticks a
 * step; the console's application page shows it ticked.
 */
test.use({ viewport: { width: 390, height: 844 } });

test("a student compares two loan offers, and after the visa ticks a step of the departure checklist", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail("ishaan.verma");
  const signedUp = await page.request.post("/api/v1/auth/signup", {
    data: {
      name1: "ईशान वर्मा",
      email,
      phone: "9812312345",
      password: "ishaan-Secret-2026",
      confirmPassword: "ishaan-Secret-2026",
    },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const studentId = (await signedUp.json()).student_id as number;

  await test.step("the student types two loan offers and reads them side by side", async () => {
    await page.goto("/home");
    await page.getByRole("link", { name: "Loan planner" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Loan planner" })).toBeVisible();
    await expect(page.getByTestId("not-a-marketplace")).toContainText("does not rank, recommend or promote any lender");
    await hydrated(page);
    const form = page.getByTestId("loan-form");
    await form.getByLabel("Name for this offer").fill("Letter of 3 March");
    await form.getByLabel("Amount (₹)").fill("40 lakh");
    // The amount as read, before saving.
    await expect(page.getByTestId("amount-read-back")).toHaveText("Reads as ₹40,00,000");
    await form.getByLabel("Annual rate (%)").fill("10.5");
    await form.getByLabel("Tenure (years)").fill("10");
    await form.getByLabel("Processing fee (₹)").fill("10,000");
    await form.getByLabel("Course length (months)").fill("18");
    await form.getByLabel("Grace months after the course").fill("6");
    await form.getByRole("button", { name: "Save and compare" }).click();
    const table = page.getByTestId("loan-comparison");
    await expect(table.getByRole("columnheader", { name: "Letter of 3 March" })).toBeVisible();

    // A rate over 30% is refused with the field's message; what was typed stays.
    await form.getByLabel("Name for this offer").fill("Letter of 9 March");
    await form.getByLabel("Amount (₹)").fill("40,00,000");
    await form.getByLabel("Annual rate (%)").fill("35");
    await form.getByLabel("Tenure (years)").fill("10");
    await form.getByLabel("Course length (months)").fill("18");
    await form.getByLabel("Grace months after the course").fill("6");
    await form.getByLabel("We will pay the interest during the moratorium").check();
    await form.getByRole("button", { name: "Save and compare" }).click();
    await expect(
      form.getByText("Enter the annual interest rate in per cent: more than 0 and at most 30 (e.g. 10.5)."),
    ).toBeVisible();
    await expect(form.getByLabel("Amount (₹)")).toHaveValue("40,00,000");
    await form.getByLabel("Annual rate (%)").fill("9.25");
    await form.getByRole("button", { name: "Save and compare" }).click();
    await expect(table.getByRole("columnheader", { name: "Letter of 9 March" })).toBeVisible();

    const row = (label: string) => table.getByRole("row", { name: new RegExp(`^${label}`) });
    // 40 lakh at 10.5%, 24 months accrued: EMI 65,309; at 9.25% with the interest paid: its own EMI.
    await expect(row("EMI after the moratorium")).toContainText("₹65,309");
    await expect(row("Total interest")).toContainText("₹38,37,025");
    await expect(row("Total cost")).toContainText("₹38,47,025");
    await expect(row("Interest in the moratorium")).toContainText("₹8,40,000, added to the loan");
    await expect(row("Interest in the moratorium")).toContainText("a month, paid");
    await expectNoAxeViolations(page);
    await screens(page, "departure-loans");
  });

  const admin = await httpClient();
  const course = await courseToApplyTo(admin);
  const applicationId = await applicationMovedOn(admin, studentId, course.id, [
    ...toSubmitted("LDS-2291", `${next - 1}-12-01`),
    { status: "Unconditional offer" },
    { status: "Offer accepted" },
    { status: "Confirmation issued", details: { confirmationKind: "CAS", confirmationNumber: "E4G7H2K9M1" } },
    { status: "Visa applied" },
  ]);

  await test.step("before the visa is granted the application has no departure checklist", async () => {
    await page.goto(`/user/applications/${applicationId}`);
    await expect(page.getByTestId("application-stage")).toHaveText("Visa applied");
    await expect(page.getByRole("heading", { name: "Your departure checklist" })).toHaveCount(0);
  });

  await test.step("the visa is recorded granted; the checklist appears and the student ticks the flight", async () => {
    const granted = await admin.post(`/api/v1/staff/applications/${applicationId}/moves`, {
      data: { status: "Visa granted", details: { visaDecisionDate: `${next}-06-20` } },
    });
    expect(granted.status(), await granted.text()).toBe(200);
    await page.goto(`/user/applications/${applicationId}`);
    await expect(page.getByTestId("application-stage")).toHaveText("Visa granted");
    const checklist = page.getByTestId("departure-checklist");
    await expect(page.getByRole("heading", { name: "Your departure checklist" })).toBeVisible();
    const flight = checklist.getByTestId("departure-flight");
    // 40 days before 1 September.
    await expect(flight).toContainText(`By ${longDay(`${next}-07-23`)}`);
    await expect(checklist.getByTestId("departure-evisa-account")).toContainText(
      "To be confirmed with your university or counsellor",
    );
    await hydrated(page);
    await flight.getByRole("button", { name: "Mark as done: Book your flight" }).click();
    await expect(flight.getByText("Done", { exact: true })).toBeVisible();
    await expect(flight.getByRole("button", { name: "Undo: Book your flight" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screens(page, "departure-application-checklist");
  });

  await test.step("in Hindi the checklist reads in Hindi", async () => {
    await page.context().addCookies([{ name: "ignite_language", value: "hi", url: page.url() }]);
    await page.goto(`/user/applications/${applicationId}`);
    await expect(page.getByRole("heading", { name: "आपकी प्रस्थान चेकलिस्ट" })).toBeVisible();
    await expect(page.getByTestId("departure-flight")).toContainText("अपनी फ़्लाइट बुक करें");
    await page.context().clearCookies({ name: "ignite_language" });
  });

  await test.step("the console's application page shows the step ticked", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const staffPage = await context.newPage();
    await staffSignIn(staffPage, ADMIN.email, ADMIN.password);
    await expect(staffPage.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
    await staffPage.goto(`/staff/applications/${applicationId}`);
    const section = staffPage.getByTestId("staff-departure");
    await expect(section.getByTestId("departure-flight")).toContainText("Done");
    await expect(section.getByRole("button")).toHaveCount(0);
    await context.close();
  });
});
