import type { Page } from "@playwright/test";
import { applicant, next } from "./applying-fixtures";
import { expect, expectNoAxeViolations, httpClient, hydrated, test } from "./fixtures";
import { screens } from "./screens";

/**
 * An application read in Hindi on a phone (390 px): the intake's month, the deadline and the day it was
 * submitted are written in Hindi, as every other Hindi screen writes its days (decision 0029), not in the
 * record's English.
 */
test.use({ viewport: { width: 390, height: 844 } });

const fitsThePhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test("a student reading in Hindi sees the application's intake, deadline and submission day in Hindi", async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await httpClient();
  const { id: applicationId, origin } = await applicant(page, "अनन्या चौधरी", { admin });

  // Before anything is waived, the package's notes read in Hindi too: the SOP's word limit.
  await page.context().addCookies([{ name: "ignite_language", value: "hi", url: origin }]);
  await page.goto(`/user/applications/${applicationId}`);
  await expect(page.getByTestId("package")).toContainText("ज़्यादा से ज़्यादा 1000 शब्द");
  await expect(page.getByTestId("package")).not.toContainText("At most");
  // The fee's source and the day it was checked with its age, and the deadlines not checked, in Hindi (decision 0105).
  await expect(page.getByTestId("application-fee")).toContainText("स्रोत: University website,");
  await expect(page.getByTestId("application-fee")).toContainText("को जाँचा गया (40 दिन पहले)");
  await expect(page.getByTestId("application-fee")).not.toContainText(
    /checked|ago|January|February|March|April|May|June|July|August|September|October|November|December/,
  );
  await expect(page.getByTestId("deadline-source")).toHaveText("स्रोत: जाँचा नहीं गया");
  await fitsThePhone(page);

  // The counsellor's side, through the API: the package waived with reasons, then submitted on 31 July.
  const checklist = (await (await admin.get(`/api/v1/staff/applications/${applicationId}`)).json()).data.checklist as {
    item: string;
    state: string;
  }[];
  for (const entry of checklist.filter((e) => e.state !== "Approved" && e.state !== "Waived")) {
    const waived = await admin.post(`/api/v1/staff/applications/${applicationId}/waivers`, {
      data: { item: entry.item, reason: "विश्वविद्यालय इसे नहीं माँगता" },
    });
    expect(waived.status(), await waived.text()).toBe(200);
  }
  for (const move of [
    { status: "Ready to submit" },
    { status: "Submitted", details: { submittedOn: `${next - 1}-07-31`, universityReference: "UNI-HI-4410" } },
  ]) {
    const moved = await admin.post(`/api/v1/staff/applications/${applicationId}/moves`, { data: move });
    expect(moved.status(), `${move.status}: ${await moved.text()}`).toBe(200);
  }

  await page.context().addCookies([{ name: "ignite_language", value: "hi", url: origin }]);
  await page.goto(`/user/applications/${applicationId}`);
  await expect(page.getByTestId("application-intake")).toHaveText(`सितंबर ${next}`);
  await expect(page.getByTestId("application-deadline")).toHaveText(`30 जून ${next} (भारतीय समय)`);
  await expect(page.getByTestId("submission")).toHaveText(`31 जुलाई ${next - 1} को जमा किया गया, संदर्भ UNI-HI-4410`);
  await hydrated(page);
  // The same once the browser has taken the page over: no English month left where the dates are.
  await expect(page.getByTestId("application-intake")).toHaveText(`सितंबर ${next}`);
  await expect(page.locator("main, body").first()).not.toContainText(/September|June|July/);
  await expectNoAxeViolations(page);
  await fitsThePhone(page);
  await screens(page, "application-hindi");
});
