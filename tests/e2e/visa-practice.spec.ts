import { chromiumFlags } from "../../playwright.config.ts";
import { expect, expectNoAxeViolations, hydrated, loggedInStudent, test } from "./fixtures.ts";
import { papersArrived } from "./visa-fixtures.ts";

/**
 * Issue 28: a student practises a US visa interview, speaking three answers into the browser's (fake)
 * microphone and typing the rest, reads the feedback with a note where an answer contradicts the file,
 * and tries to share it (a student without a counsellor is told how to get one; a counsellor's review is
 * in visa-console.spec.ts).
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...chromiumFlags, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
});

test("a student speaks three answers and types the rest, reads the feedback with a consistency note, and shares it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loggedInStudent(page, { name: "Arjun Nair" });
  const { admin } = await papersArrived(page, "united-states", "computer");
  await admin.dispose();
  await page.goto("/visa/practice");
  await hydrated(page);
  await page.getByLabel("Destination").selectOption("united-states");
  await page.getByRole("button", { name: "Start the interview" }).click();
  await expect(page.getByText("Question 1 of 8")).toBeVisible();
  await hydrated(page);
  for (let position = 1; position <= 3; position += 1) {
    await expect(page.getByText(`Question ${position} of 8`)).toBeVisible();
    await page.getByRole("button", { name: "Record my answer" }).click();
    await page.getByRole("button", { name: /Stop and save my answer/ }).click();
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
  await expect(page.getByRole("alert").filter({ hasText: "You have no counsellor yet" })).toBeVisible();
});
