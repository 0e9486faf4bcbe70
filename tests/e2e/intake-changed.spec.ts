import type { Page } from "@playwright/test";
import { applicant, longDay, next } from "./applying-fixtures";
import { expect, expectNoAxeViolations, httpClient, hydrated, test, uniqueEmail } from "./fixtures";
import { screens } from "./screens";
import { ADMIN, invitedStaff, staffSignIn } from "./staff-fixtures";

/**
 * An intake changed after a student applied (decisions 0085, 0088), on a phone (390 px): an admin moves the
 * September intake's deadline in place on the course's screen (a date after the intake's month is refused
 * beside the date, nothing changed); the intake stays, with its new date. The student's application shows
 * the deadline now and the one they applied with; their counsellor finds it on Today.
 */
test.use({ viewport: { width: 390, height: 844 } });

const fitsThePhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test("an admin moves an intake's deadline in place; the student keeps what they applied for and the counsellor sees it on Today", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await httpClient();
  const { course, id: applicationId, student } = await applicant(page, "ऋतिका सेन", { admin });
  const studentId = ((await (await page.request.get("/api/v1/students/me")).json()).data.student_id ?? 0) as number;

  const adminPage = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await staffSignIn(adminPage, ADMIN.email, ADMIN.password);
  await expect(adminPage.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  const counsellor = {
    email: uniqueEmail("farah.counsellor"),
    fullName: "Farah Qureshi",
    role: "counsellor" as const,
    password: "farah-Secret-2026",
  };
  const counsellorId = await invitedStaff(adminPage, counsellor);
  const assigned = await admin.post(`/api/v1/staff/students/${studentId}/counsellor`, {
    data: { counsellorStaffId: counsellorId },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);

  const september = `September ${next}`;
  await test.step("the admin moves the September deadline on the course's screen, at 390 px", async () => {
    await adminPage.goto(`/staff/catalogue/courses/${course.id}`);
    await hydrated(adminPage);
    const intakes = adminPage.getByTestId("intake");
    await expect(intakes).toHaveCount(2);
    const intake = intakes.filter({ hasText: `${september} (apply by ${longDay(`${next}-06-30`)})` });
    const date = intake.getByLabel(`Apply by for the ${september} intake`);
    await expect(date).toHaveValue(`${next}-06-30`);
    await expectNoAxeViolations(adminPage);
    await fitsThePhone(adminPage);

    // A date in October is after the September intake has started: refused beside the date, nothing moved.
    await date.fill(`${next}-10-15`);
    await intake.getByRole("button", { name: `Move the deadline of the ${september} intake` }).click();
    await expect(intake.getByRole("alert")).toHaveText("The application deadline must be before the end of the intake's month");
    await expect(intake.getByLabel(`Apply by for the ${september} intake`)).toHaveAttribute("aria-invalid", "true");
    await expect(intakes.filter({ hasText: `(apply by ${longDay(`${next}-06-30`)})` })).toHaveCount(1);
    await expectNoAxeViolations(adminPage);

    await intake.getByLabel(`Apply by for the ${september} intake`).fill(`${next}-07-31`);
    await intake.getByRole("button", { name: `Move the deadline of the ${september} intake` }).click();
    await expect(
      adminPage.getByRole("alert").filter({ hasText: `The ${september} intake's deadline is now ${longDay(`${next}-07-31`)}.` }),
    ).toBeVisible();
    // The same intake, moved: still two, the September one with its new date.
    await expect(intakes).toHaveCount(2);
    await expect(intakes.filter({ hasText: `${september} (apply by ${longDay(`${next}-07-31`)})` })).toHaveCount(1);
    await expect(intakes.filter({ hasText: `${september} (apply by ${longDay(`${next}-06-30`)})` })).toHaveCount(0);
    await screens(adminPage, "intake-changed-course-screen");
  });

  await test.step("the student's application shows the deadline now and the one they applied with", async () => {
    await page.goto(`/user/applications/${applicationId}`);
    await expect(page.getByTestId("application-deadline")).toHaveText(`${longDay(`${next}-07-31`)} (India time)`);
    await expect(page.getByTestId("applied-deadline")).toHaveText(
      `When you applied: ${longDay(`${next}-06-30`)}. The university has changed it since.`,
    );
    await hydrated(page);
    await expectNoAxeViolations(page);
    await fitsThePhone(page);
    await screens(page, "intake-changed-application");
    // In Hindi too: the notice is the screens' own words, the dates in the student's language.
    await page.context().addCookies([{ name: "ignite_language", value: "hi", url: page.url() }]);
    await page.reload();
    await expect(page.getByTestId("applied-deadline")).toContainText("आपने आवेदन किया तब:");
    await expect(page.getByTestId("applied-deadline")).toContainText("विश्वविद्यालय ने तब से इसे बदल दिया है।");
    await hydrated(page);
    await expectNoAxeViolations(page);
    await fitsThePhone(page);
    await page.screenshot({ path: ".tmp/screens/intake-changed-application-hi-390.png", fullPage: true });
    await page.context().clearCookies({ name: "ignite_language" });
  });

  await test.step("the counsellor finds it on Today and opens it", async () => {
    const work = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await staffSignIn(work, counsellor.email, counsellor.password);
    await expect(work.getByRole("heading", { name: `Welcome, ${counsellor.fullName}` })).toBeVisible();
    await work.goto("/staff/today");
    const changed = work.getByTestId("intake-changed").filter({ hasText: student.name });
    await expect(changed).toContainText("Deadline moved");
    await expect(changed).toContainText(course.name);
    await expect(work.getByRole("link", { name: /^Intakes changed since students applied \(\d+\)$/ })).toBeVisible();
    await hydrated(work);
    await expectNoAxeViolations(work);
    await screens(work, "intake-changed-today");
    await changed.getByRole("link", { name: student.name }).click();
    await expect(work).toHaveURL(new RegExp(`/staff/applications/${applicationId}$`));
  });
});
