import type { APIRequestContext } from "@playwright/test";
import { expect, expectNoAxeViolations, httpClient, hydrated, test } from "./fixtures.ts";
import { ADMIN } from "./staff-fixtures.ts";

/**
 * Decision 0035: the Duolingo English Test, the GRE and the GMAT (decision 0041), as a student on a 390 px
 * phone meets them: an admin asks a master's course for GRE 310 and Duolingo 115; the student enters a
 * Duolingo score off its scale and is told so with what they typed kept, corrects it, reads both scores
 * on their profile (in English and in Hindi), and the course page says the GRE minimum is met, with the
 * numbers. Axe-clean.
 */

type CatalogueCourse = { course_id: number; course_name: string; course_level: string };

/** The first master's course of Ireland's first demo universities. */
async function aMasters(request: APIRequestContext): Promise<CatalogueCourse> {
  const universities = (await (await request.get("/api/catalogue/ireland/universities?page=1")).json()).data as {
    uni_id: number;
  }[];
  for (const university of universities) {
    const courses = (await (await request.get(`/api/catalogue/${university.uni_id}/courses`)).json())
      .coursesData as CatalogueCourse[];
    const found = courses.find((c) => c.course_level === "Masters");
    if (found) return found;
  }
  throw new Error("no master's course in Ireland's demo universities");
}

/** An admin sets the course's requirements through the console's API (its other facts kept). */
async function setRequirements(courseId: number, requirements: Record<string, number>) {
  const admin = await httpClient();
  expect((await admin.post("/api/v1/staff/session", { data: ADMIN })).status()).toBe(200);
  const current = (await (await admin.get(`/api/v1/staff/catalogue/courses/${courseId}`)).json()).data;
  const saved = await admin.put(`/api/v1/staff/catalogue/courses/${courseId}`, {
    data: {
      name: current.name,
      level: current.level,
      durationMonths: current.durationMonths,
      feeAmount: current.feeAmount,
      feeCurrency: current.feeCurrency,
      feePeriod: current.feePeriod,
      mode: current.mode,
      englishExamWaiver: false,
      mediumOfInstruction: current.mediumOfInstruction,
      ...requirements,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await admin.dispose();
}

test.use({ viewport: { width: 390, height: 844 } });

test("a student enters a Duolingo and a GRE score on the profile and sees a course's GRE requirement met", async ({
  page,
  baseURL,
  student: _student,
}) => {
  test.setTimeout(90_000);
  const course = await aMasters(page.request);
  await setRequirements(course.course_id, { minDuolingo: 115, minGre: 310 });

  // Before any score: the course page names both minimums and asks for the GRE score.
  await page.goto("/profile?edit=1");
  await hydrated(page);
  await page.getByLabel("Bachelors percentage", { exact: true }).fill("68");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Edited successfully" })).toBeVisible();
  await page.goto(`/courses/${course.course_id}`);
  const requirements = page.getByRole("region", { name: "Entry requirements (illustrative)" });
  await expect(requirements.getByText("Duolingo English Test 115", { exact: true })).toBeVisible();
  await expect(requirements.getByText("GRE 310", { exact: true })).toBeVisible();
  await expect(requirements.getByText("Needs GRE 310; add your GRE score to your profile")).toBeVisible();

  // A Duolingo score off its scale is refused with its rule; what was typed stays in the form.
  await page.goto("/profile?edit=1");
  await hydrated(page);
  await page.getByLabel("Test", { exact: true }).selectOption("Duolingo English Test");
  await page.getByLabel("Overall score").fill("122");
  await page.getByLabel("GRE General Test total score").fill("315");
  await page.getByRole("button", { name: "Save" }).click();
  const scoreError = page.getByText("Duolingo English Test scores are from 10 to 160, in steps of 5").first();
  await expect(scoreError).toBeVisible();
  await expect(page.getByLabel("Overall score")).toBeFocused();
  await expect(page.getByLabel("Overall score")).toHaveValue("122");
  await expect(page.getByLabel("GRE General Test total score")).toHaveValue("315");
  await expect(page.getByLabel("Test", { exact: true })).toHaveValue("Duolingo English Test");
  await hydrated(page);
  await expectNoAxeViolations(page);

  // Corrected, it is saved and read back on the profile.
  await page.getByLabel("Overall score").fill("120");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Edited successfully" })).toBeVisible();
  await expect(page.getByText("Duolingo English Test, overall score 120")).toBeVisible();
  const greRow = page.locator("dt", { hasText: "GRE General Test" });
  await expect(greRow).toBeVisible();
  await expect(page.locator("dt:has-text('GRE General Test') + dd")).toHaveText("315");
  await expect(page.locator("dt:has-text('GMAT Focus Edition') + dd")).toHaveText("Not given");
  await expectNoAxeViolations(page);

  // The course page: the GRE minimum met, with the numbers, and the whole verdict says so.
  await page.goto(`/courses/${course.course_id}`);
  await expect(requirements.getByTestId("eligibility")).toContainText("You meet the entry requirements");
  await expect(requirements.getByText("GRE 310: you have 315")).toBeVisible();
  await expect(requirements.getByText("Duolingo English Test 115: you have 120")).toBeVisible();
  await hydrated(page);
  await expectNoAxeViolations(page);
  // Nothing runs off a 390 px screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // In Hindi: the profile's heading and the verdict's sentence in the page's language.
  await page.context().addCookies([{ name: "ignite_language", value: "hi", url: baseURL ?? "" }]);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "GRE और GMAT" })).toBeVisible();
  await expect(page.locator("dt:has-text('GRE General Test') + dd")).toHaveText("315");
  await page.goto(`/courses/${course.course_id}`);
  await expect(page.getByText("GRE 310: आपके 315 हैं")).toBeVisible();
  await hydrated(page);
  await expectNoAxeViolations(page);
});
