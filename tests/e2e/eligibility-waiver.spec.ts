import { expect, expectNoAxeViolations, httpClient, hydrated, test } from "./fixtures.ts";
import { ADMIN } from "./staff-fixtures.ts";

/**
 * Decision 0035: a course with an English waiver and a minimum IELTS of 7.5 never tells a
 * student with IELTS 7 "You meet the entry requirements"; the page gives one verdict, says what the
 * waiver means, and the saved course's card reads the same.
 */
test("a waiver never turns IELTS 7 against a 7.5 minimum into 'You meet'", async ({ page, student: _ }) => {
  test.setTimeout(60_000);
  // A bachelor's course of the demo catalogue (Singapore's first university), given the requirements.
  const universities = (await (await page.request.get("/api/catalogue/singapore/universities?page=1")).json()).data as {
    uni_id: number;
  }[];
  let courseId = 0;
  for (const university of universities) {
    const courses = (await (await page.request.get(`/api/catalogue/${university.uni_id}/courses`)).json()).coursesData as {
      course_id: number;
      course_level: string;
    }[];
    courseId = courses.find((c) => c.course_level === "Bachelors")?.course_id ?? 0;
    if (courseId) break;
  }
  expect(courseId).toBeGreaterThan(0);
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
      englishExamWaiver: true,
      mediumOfInstruction: current.mediumOfInstruction,
      minPercentage: 60,
      minIelts: 7.5,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await admin.dispose();

  // The student's marks and English test, as the profile form saves them.
  await page.goto("/profile?edit=1");
  await hydrated(page);
  await page.getByLabel("12th percentage").fill("72");
  await page.getByLabel("Test", { exact: true }).selectOption("IELTS");
  await page.getByLabel("Overall score").fill("7");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Edited successfully" })).toBeVisible();

  await page.goto(`/courses/${courseId}`);
  const requirements = page.getByRole("region", { name: "Entry requirements (illustrative)" });
  const verdict = requirements.getByTestId("eligibility");
  await expect(verdict).toContainText("You meet the entry requirements only if the university waives the English test");
  await expect(verdict).toContainText("Needs IELTS 7.5; you have 7: only if the university waives the test for you");
  await expect(verdict).not.toHaveClass(/alert-success/);
  await expect(requirements.getByTestId("waiver-meaning")).toContainText("decides case by case; ask it before you apply");
  await hydrated(page);
  await expectNoAxeViolations(page);

  // Saved, its card says the same.
  await page.getByRole("button", { name: "Add to Interest" }).click();
  await expect(page.getByRole("button", { name: "Interested" })).toBeVisible();
  await page.goto("/user/saved-courses");
  await expect(page.getByTestId("eligibility")).toHaveText(
    "Only with an English test waiver Needs IELTS 7.5; you have 7: only if the university waives the test for you",
  );
  await expect(page.getByTestId("eligibility")).not.toContainText("You meet");
});
