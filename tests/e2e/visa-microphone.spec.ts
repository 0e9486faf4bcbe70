import { chromiumFlags, chromiumPath } from "../../playwright.config.ts";
import { visaMessages } from "../../vocabulary/visas.ts";
import { expect, expectNoAxeViolations, hydrated, loggedInStudent, test } from "./fixtures.ts";

/**
 * Decision 0040: a browser that refuses the microphone. The browser has a (fake) microphone but no fake
 * permission prompt, so the request is refused as a student's "Block" would be: the practice says how to
 * allow it, and the typed answer still saves.
 */
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumFlags, "--use-fake-device-for-media-stream"],
  },
});

test("a refused microphone says how to allow it, and the typed answer still works", async ({ page }) => {
  await loggedInStudent(page, { name: "Ritu Sen" });
  await page.context().clearPermissions();
  await page.goto("/visa/practice");
  await hydrated(page);
  await page.getByLabel("Destination").selectOption("united-kingdom");
  await page.getByRole("button", { name: "Start the interview" }).click();
  await expect(page.getByText(/^Question 1 of \d+/)).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: "Record my answer" }).click();
  await expect(page.getByRole("alert").filter({ hasText: visaMessages.microphoneRefused })).toBeVisible();
  await expect(page.getByRole("button", { name: /Stop and save my answer/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByLabel("Your answer").fill("I chose this course because it builds on my degree in electronics.");
  await page.getByRole("button", { name: "Save my typed answer" }).click();
  await expect(page.getByText(/^Question 2 of \d+/)).toBeVisible();
});
