import type { Page } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "../../playwright.config.ts";
import { rubricCriteria } from "../../vocabulary/visas.ts";
import { expect, expectNoAxeViolations, hydrated, loggedInStudent, test, uniqueEmail } from "./fixtures.ts";
import { ADMIN, invitedStaff, staffSignIn } from "./staff-fixtures.ts";
import { papersArrived } from "./visa-fixtures.ts";

/**
 * Issue 28, the whole practice journey: a student practises a US visa interview, speaking three answers
 * into the browser's (fake) microphone and typing the rest, reads the feedback with a note where an answer
 * contradicts the file, and shares it; their counsellor scores it on the rubric; the student reads the
 * scores and the readiness chart. (The console's screens in detail are in visa-console.spec.ts.)
 */
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumFlags, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
});

/** Records an answer on the fake microphone: starts, waits until the countdown has moved (sound was taken), stops. */
async function speak(page: Page) {
  await page.getByRole("button", { name: "Record my answer" }).click();
  const stop = page.getByRole("button", { name: /Stop and save my answer/ });
  const first = (await stop.textContent()) ?? "";
  await expect(stop).not.toHaveText(first);
  await stop.click();
}

test("a student speaks three answers and types the rest, reads the feedback, shares it, a counsellor scores it and the student reads the scores", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const student = await loggedInStudent(page, { name: "Arjun Nair" });
  const { admin } = await papersArrived(page, "united-states", "computer");
  await admin.dispose();

  // The admin invites a counsellor and gives them this student.
  const staff = await (await browser.newContext()).newPage();
  await staffSignIn(staff, ADMIN.email, ADMIN.password);
  await expect(staff.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  const counsellor = { email: uniqueEmail("visa.coach"), fullName: "Meera Visa Coach", password: "meera-Secret-pass-1" };
  const counsellorId = await invitedStaff(staff, { ...counsellor, role: "counsellor" });
  const studentId = (await (await page.request.get("/api/v1/students/me")).json()).data.student_id as number;
  const given = await staff.request.post(`/api/v1/staff/students/${studentId}/counsellor`, {
    headers: { Origin: new URL(staff.url()).origin },
    data: { counsellorStaffId: counsellorId },
  });
  expect(given.status(), await given.text()).toBe(200);

  await page.goto("/visa/practice");
  await hydrated(page);
  await page.getByLabel("Destination").selectOption("united-states");
  await page.getByRole("button", { name: "Start the interview" }).click();
  await expect(page.getByText("Question 1 of 8")).toBeVisible();
  await hydrated(page);
  for (let position = 1; position <= 3; position += 1) {
    await expect(page.getByText(`Question ${position} of 8`)).toBeVisible();
    await speak(page);
    await expect(page.getByText(`Question ${position + 1} of 8`)).toBeVisible({ timeout: 15_000 });
  }
  for (let position = 4; position <= 8; position += 1) {
    await expect(page.getByText(`Question ${position} of 8`)).toBeVisible();
    await page
      .getByLabel("Your answer")
      .fill("My first year costs about 5 lakh in total and my father will pay it from his savings.");
    await page.getByRole("button", { name: "Save my typed answer" }).click();
    if (position < 8) await expect(page.getByText(`Question ${position + 1} of 8`)).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Your feedback" })).toBeVisible();
  // Spoken answers: their recording and their length; typed ones: the points, and where they contradict the file.
  await expect(page.getByTestId("answer-1").locator("audio")).toHaveCount(1);
  await expect(page.getByTestId("answer-1")).toContainText(/Length: \d+ seconds/);
  await expect(page.getByTestId("consistency-note").first()).toContainText(
    /You said 5 lakh; your first year is estimated at [\d.]+ (lakh|crore)/,
  );
  await expect(page.getByText("It does not predict the embassy's decision.").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Share with my counsellor" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your practice is shared with your counsellor." })).toBeVisible();
  await expect(page.getByText("Shared with your counsellor: their scores will appear here.")).toBeVisible();
  const practiceUrl = page.url();

  // The counsellor finds it in the review queue, listens, and scores every answer.
  await staff.context().clearCookies();
  await staffSignIn(staff, counsellor.email, counsellor.password);
  await expect(staff.getByRole("heading", { name: `Welcome, ${counsellor.fullName}` })).toBeVisible();
  await staff.goto("/staff/visas");
  const row = staff.getByTestId("practice-row").filter({ hasText: student.name });
  await expect(row).toContainText("To review");
  await row.getByRole("link", { name: /^Review/ }).click();
  await expect(staff.getByRole("heading", { level: 1, name: `Practice of ${student.name}` })).toBeVisible();
  await hydrated(staff);
  await expect(staff.getByTestId("practice-answer").first().locator("audio[controls]")).toHaveCount(1);
  for (let position = 1; position <= 8; position += 1) {
    for (const criterion of rubricCriteria) {
      await staff.locator(`#a-${position}-${criterion}-${position <= 3 ? 4 : 2}`).check();
    }
  }
  await staff.getByLabel("Comment on answer 4").fill("Your first year costs far more than 5 lakh: check the estimate.");
  await staff.getByRole("button", { name: "Save the review" }).click();
  await expect(staff.getByRole("alert").filter({ hasText: "Your review is saved; the student can read it." })).toBeVisible();
  await staff.context().close();

  // The student reads the scores, the comment, and the readiness chart across the practice's themes.
  await page.goto(practiceUrl);
  await expect(page.getByText(`Reviewed by ${counsellor.fullName}.`)).toBeVisible();
  await expect(page.getByTestId("scores-1")).toContainText("Clarity: 4/5");
  await expect(page.getByTestId("scores-4")).toContainText("Clarity: 2/5");
  await expect(page.getByTestId("scores-4")).toContainText("Your first year costs far more than 5 lakh");
  await expectNoAxeViolations(page);
  await page.goto("/visa/practice");
  await expect(page.getByRole("heading", { name: "Readiness by theme" })).toBeVisible();
  // The table under the chart carries the counsellor's rubric for the themes they scored.
  await expect(page.getByRole("row", { name: /^Study plans/ })).toContainText(/rubric [\d.]+\/5/);
  await expectNoAxeViolations(page);
});
