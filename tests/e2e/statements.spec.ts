import { applicant } from "./applying-fixtures";
import { expect, expectNoAxeViolations, httpClient, hydrated, test, uniqueEmail } from "./fixtures";
import { screens } from "./screens";
import { counsellorOfTheStudent } from "./staff-fixtures";

/**
 * The SOP written and reviewed in the portal (decisions 0072-0074), on a phone (390 px): the student opens
 * it from the package's SOP row, writes it, sees what the checks show (a placeholder, the university not
 * named), fixes it until every check holds, and sends it; their counsellor comments on a paragraph; the
 * student answers, changes that paragraph and sends a second version; the counsellor approves it and the
 * package's SOP item reads Approved. In Hindi the labels are Hindi, the SOP stays as written.
 */
test.use({ viewport: { width: 390, height: 844 } });

test("a student writes an SOP, fixes what the checks show and sends it; the counsellor comments on a paragraph and approves the second version", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await httpClient();
  const { course, id, origin } = await applicant(page, "अदिति राव", { admin });
  const university = (await (await page.request.get(`/api/v1/students/me/applications/${id}`)).json()).data.university as string;

  const opening = `My final-year project at VIT Vellore measured how much power the rooftop solar panels of our hostel lost to dust, and cleaning them on a schedule raised their output by a sixth.`;
  const why = `The ${course.name} at ${university} teaches the grid integration and storage I need, with a dissertation I can shape around Indian conditions.`;
  const after =
    "My parents' savings will pay for the year. After the course I will return to Pune to work on rooftop solar for housing societies.";

  await test.step("the student opens the SOP from the package and writes a draft with a placeholder", async () => {
    await page.goto(`/user/applications/${id}`);
    await hydrated(page);
    await page.getByTestId("write-sop").click();
    await expect(page).toHaveURL(new RegExp(`/user/applications/${id}/sop$`));
    await expect(page.getByRole("heading", { name: "Statement of purpose", level: 1 })).toBeVisible();
    await hydrated(page);
    await page
      .getByLabel("Text (leave a blank line between paragraphs)")
      .fill([opening, why.replace(university, "[University]"), after].join("\n\n"));
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByTestId("check-no-placeholder")).toContainText("A placeholder is left in it: [University]");
    await expect(page.getByTestId("check-names-this")).toContainText(`It does not name ${university}`);
    await expect(page.getByTestId("checks-summary")).toHaveText("4 of 6 checks hold");
    await expectNoAxeViolations(page);
    await screens(page, "sop-student-checks");
  });

  await test.step("they fix it until every check holds, and send it for review", async () => {
    await page.getByLabel("Text (leave a blank line between paragraphs)").fill([opening, why, after].join("\n\n"));
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByTestId("checks-summary")).toHaveText("6 of 6 checks hold");
    await page.getByRole("button", { name: "Send for review" }).click();
    await expect(page.getByTestId("statement-state")).toHaveText("Version 1 is with your counsellor for review.");
    await expect(page.getByTestId("versions")).toContainText("Version 1");
  });

  const counsellor = {
    email: uniqueEmail("meera.counsellor"),
    fullName: "Meera Nair",
    password: "meera-Secret-2026",
  };
  const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const staff = await staffContext.newPage();
  await test.step("their counsellor comments on the second paragraph of version 1", async () => {
    await counsellorOfTheStudent(browser, page, staff, counsellor);
    await staff.goto(`/staff/applications/${id}`);
    await staff.getByRole("link", { name: "The SOP written in the portal" }).click();
    await expect(staff.getByTestId("checks-summary")).toHaveText("6 of 6 checks hold");
    await hydrated(staff);
    const second = staff.getByTestId("paragraph").nth(1);
    await second.getByText("Comment on paragraph 2").click();
    await second
      .getByLabel("Comment", { exact: true })
      .fill("Name a module or a professor: why this course and not any energy course?");
    await second.getByRole("button", { name: "Add comment" }).click();
    await expect(second.getByTestId("comment")).toContainText("Meera Nair: Name a module or a professor");
    await expectNoAxeViolations(staff);
    await screens(staff, "sop-console-comment");
  });

  await test.step("the student answers, changes that paragraph and sends version 2", async () => {
    await page.reload();
    await hydrated(page);
    const comment = page.getByTestId("comment");
    await expect(comment).toContainText("Version 1, paragraph 2 · now paragraph 2 of your draft");
    await comment.getByLabel("Answer").fill("Added the energy storage module and Dr Patel's microgrid lab.");
    await comment.getByRole("button", { name: "Send answer" }).click();
    await expect(comment).toContainText("Your answer: Added the energy storage module");
    const changed = `${why} Its energy storage module and Dr Patel's microgrid lab are where I want to spend the year.`;
    await page.getByLabel("Text (leave a blank line between paragraphs)").fill([opening, changed, after].join("\n\n"));
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByTestId("checks-summary")).toHaveText("6 of 6 checks hold");
    await page.getByRole("button", { name: "Send for review" }).click();
    await expect(page.getByTestId("statement-state")).toHaveText("Version 2 is with your counsellor for review.");
    await page.getByLabel("Compare").selectOption("1");
    await page.getByLabel("with").selectOption("2");
    await page.getByRole("button", { name: "Show what changed" }).click();
    await expect(page.getByTestId("diff").locator("ins")).toContainText(["Patel"]);
    await expectNoAxeViolations(page);
    await screens(page, "sop-student-diff");
  });

  await test.step("the counsellor approves version 2, and the package's SOP item reads Approved", async () => {
    await staff.reload();
    await expect(staff.getByRole("heading", { name: /^Version 2, sent/ })).toBeVisible();
    await expect(staff.getByTestId("diff").locator("ins")).toContainText(["Patel"]);
    await hydrated(staff);
    await staff.getByRole("button", { name: "Approve version 2" }).click();
    await expect(staff.getByRole("link", { name: "Version 2 (approved)" })).toBeVisible();
    await page.goto(`/user/applications/${id}`);
    const sop = page
      .getByTestId("package")
      .locator("li")
      .filter({ has: page.getByTestId("write-sop") });
    await expect(sop.locator(".badge")).toHaveText("Approved");
    await expect(sop.getByTestId("write-sop")).toHaveText("Read your SOP in the portal");
  });

  await test.step("in Hindi the labels are Hindi; the SOP stays as written", async () => {
    await page.context().addCookies([{ name: "ignite_language", value: "hi", url: origin }]);
    await page.goto(`/user/applications/${id}/sop`);
    await expect(page.getByRole("heading", { name: "स्टेटमेंट ऑफ़ पर्पस (SOP)", level: 1 })).toBeVisible();
    await expect(page.getByTestId("checks-summary")).toHaveText("6 में से 6 जाँचें ठीक हैं");
    await expect(page.getByTestId("statement-state")).toHaveText("संस्करण 2 स्वीकृत है: आपका पैकेज इसी का उपयोग करता है।");
    await expect(page.getByRole("button", { name: "ड्राफ़्ट सहेजें" })).toBeVisible();
    await expect(page.getByLabel("पाठ (अनुच्छेदों के बीच एक ख़ाली पंक्ति छोड़ें)")).toHaveValue(new RegExp(`^${opening.slice(0, 30)}`));
    await expectNoAxeViolations(page);
    await screens(page, "sop-student-hindi");
  });
  await staffContext.close();
  await admin.dispose();
});

test("a save from a stale tab is refused and its text is kept in the form; a draft over the limit is refused with the limit", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { id, student } = await applicant(page, "Rohan Iyer");
  await page.goto(`/user/applications/${id}/sop`);
  await hydrated(page);
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const second = await other.newPage();
  await second.context().addCookies(await page.context().cookies());
  await second.goto(`/user/applications/${id}/sop`);
  await hydrated(second);
  await page
    .getByLabel("Text (leave a blank line between paragraphs)")
    .fill("The first tab's paragraph about my B.Tech at COEP Pune.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByTestId("check-length")).toContainText("10 words; the course allows at most 1000.");
  const typed = "The second tab's paragraph, typed before the first was saved.";
  await second.getByLabel("Text (leave a blank line between paragraphs)").fill(typed);
  await second.getByRole("button", { name: "Save draft" }).click();
  await expect(second.getByTestId("statement-refused")).toContainText(
    "This draft changed in another tab or window since you opened it.",
  );
  await expect(second.getByLabel("Text (leave a blank line between paragraphs)")).toHaveValue(typed);
  await other.close();
  // The course allows 1,000 words.
  await page.reload();
  await hydrated(page);
  // 110 sentences of 11 words: 1,210 words.
  const long = Array.from({ length: 110 }, () => "Solar panels in Pune lose output to dust every dry season.").join(" ");
  await page.getByLabel("Text (leave a blank line between paragraphs)").fill(long);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByTestId("statement-refused")).toHaveText(
    "The course allows at most 1000 words; this draft has 1210. Shorten it and save again.",
  );
  await expect(page.getByLabel("Text (leave a blank line between paragraphs)")).toHaveValue(long);
  expect(student.email).toContain("@");
});
