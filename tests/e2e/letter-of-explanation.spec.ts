import { applicant } from "./applying-fixtures";
import { expect, expectNoAxeViolations, hydrated, test, uniqueEmail } from "./fixtures";
import { screens } from "./screens";
import { counsellorOfTheStudent } from "./staff-fixtures";

/**
 * A Canadian study permit's letter of explanation (decision 0072), on a phone (390 px): the student opens it
 * from the package of a Canadian application, writes it, sees the checks (a placeholder, the university
 * not named), fixes it and sends it for review; their counsellor, at 390 px too, opens it from the
 * console's application, comments on a paragraph and approves it; the student reads the comment and the
 * approval.
 */
test.use({ viewport: { width: 390, height: 844 } });

test("a student writes a Canadian letter of explanation, fixes what the checks show and sends it; the counsellor comments and approves", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { course, id } = await applicant(page, "Harpreet Kaur", { where: { country: "Canada", currency: "CAD" } });
  const university = (await (await page.request.get(`/api/v1/students/me/applications/${id}`)).json()).data.university as string;
  const label = "Text (leave a blank line between paragraphs)";

  const purpose = `I am applying for a study permit to join the ${course.name} at ${university}, which offered me a place for September.`;
  const gap =
    "After my B.Tech at Punjab Engineering College I worked for two years at a solar installer in Ludhiana, designing rooftop systems for schools.";
  const after =
    "My parents' savings and an education loan from the State Bank of India pay for the year. After the course I will return to Ludhiana to lead the installer's storage projects.";

  await test.step("the student opens it from the Canadian package, writes a draft with a placeholder and sees the checks", async () => {
    await page.goto(`/user/applications/${id}`);
    await hydrated(page);
    await page.getByTestId("write-loe").click();
    await expect(page).toHaveURL(new RegExp(`/user/applications/${id}/letter-of-explanation$`));
    await expect(page.getByRole("heading", { name: "Letter of explanation", level: 1 })).toBeVisible();
    await hydrated(page);
    await page.getByLabel(label).fill([purpose.replace(university, "[University]"), gap, after].join("\n\n"));
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByTestId("check-no-placeholder")).toContainText("A placeholder is left in it: [University]");
    await expect(page.getByTestId("check-names-this")).toContainText(`It does not name ${university}`);
    await expect(page.getByTestId("checks-summary")).toHaveText("4 of 6 checks hold");
    await expectNoAxeViolations(page);
    await screens(page, "loe-student-checks");
  });

  await test.step("they fix it until every check holds, and send it for review", async () => {
    await page.getByLabel(label).fill([purpose, gap, after].join("\n\n"));
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByTestId("checks-summary")).toHaveText("6 of 6 checks hold");
    await page.getByRole("button", { name: "Send for review" }).click();
    await expect(page.getByTestId("statement-state")).toHaveText("Version 1 is with your counsellor for review.");
  });

  const counsellor = {
    email: uniqueEmail("gurpreet.counsellor"),
    fullName: "Gurpreet Sandhu",
    password: "gurpreet-Secret-2026",
  };
  const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const staff = await staffContext.newPage();
  await test.step("their counsellor opens it from the console's application and comments on the second paragraph", async () => {
    await counsellorOfTheStudent(browser, page, staff, counsellor);
    await staff.goto(`/staff/applications/${id}`);
    await staff.getByRole("link", { name: "The letter of explanation written in the portal" }).click();
    await expect(staff).toHaveURL(new RegExp(`/staff/applications/${id}/letter-of-explanation$`));
    await expect(staff.getByRole("heading", { name: "Letter of explanation", level: 1 })).toBeVisible();
    await expect(staff.getByTestId("checks-summary")).toHaveText("6 of 6 checks hold");
    await hydrated(staff);
    const second = staff.getByTestId("paragraph").nth(1);
    await second.getByText("Comment on paragraph 2").click();
    await second.getByLabel("Comment", { exact: true }).fill("Say why the two years of work lead to this course now.");
    await second.getByRole("button", { name: "Add comment" }).click();
    await expect(second.getByTestId("comment")).toContainText("Gurpreet Sandhu: Say why the two years of work");
    await expectNoAxeViolations(staff);
    await screens(staff, "loe-console-comment");
  });

  await test.step("the counsellor approves version 1; the student sees the comment and the approval", async () => {
    await staff.getByRole("button", { name: "Approve version 1" }).click();
    await expect(staff.getByRole("link", { name: "Version 1 (approved)" })).toBeVisible();
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId("comment")).toContainText("Say why the two years of work lead to this course now.");
    await expect(page.getByTestId("statement-state")).toHaveText("Version 1 is approved: your package uses it.");
    await expectNoAxeViolations(page);
    await screens(page, "loe-student-approved");
  });
  await staffContext.close();
});
