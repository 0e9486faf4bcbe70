import { applicant } from "./applying-fixtures";
import { expect, expectNoAxeViolations, hydrated, test } from "./fixtures";
import { screens } from "./screens";
import { ADMIN, staffSignIn } from "./staff-fixtures";

/**
 * A counsellor's comment on words of a paragraph (decision 0100), on a phone (390 px): words the paragraph
 * does not have are refused with the form's message and what was typed kept; words selected in the
 * paragraph fill in the quote with "Comment on this selection", and without scripts they are typed in the
 * plain field; the console and the student's page show them marked in the paragraph with the comment beside
 * them, and the student answers.
 */
test.use({ viewport: { width: 390, height: 844 } });

test("the counsellor quotes words of a paragraph; the student sees them marked in it and answers", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { course, id, origin } = await applicant(page, "अनन्या देशपांडे");
  const university = (await (await page.request.get(`/api/v1/students/me/applications/${id}`)).json()).data.university as string;
  const phrase = "saved ₹25,00,000 over twelve years";
  const text = [
    "In my third year at COEP Pune I built a tool that sorted the hostel's complaints by urgency, and the warden still uses it.",
    `My parents have ${phrase} for my studies, and the ${course.name} at ${university} is where I want to spend them.`,
    "After the course I will return to Pune to build software for the cooperative banks my father audits.",
  ].join("\n\n");
  const api = `/api/v1/students/me/applications/${id}/statements/sop`;
  const saved = await page.request.put(`${api}/draft`, { headers: { Origin: origin }, data: { text, revision: 0 } });
  expect(saved.status(), await saved.text()).toBe(200);
  const sent = await page.request.post(`${api}/versions`, { headers: { Origin: origin }, data: { revision: 1 } });
  expect(sent.status(), await sent.text()).toBe(201);

  const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const staff = await staffContext.newPage();
  await staffSignIn(staff, ADMIN.email, ADMIN.password);
  await expect(staff.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  await staff.goto(`/staff/applications/${id}/sop`);
  await hydrated(staff);
  const second = staff.getByTestId("paragraph").nth(1);
  const comment = "Say where the money is kept: the visa officer will ask for the bank statements.";

  await test.step("words the paragraph does not have are refused, and what was typed is kept", async () => {
    await second.getByText("Comment on paragraph 2").click();
    await second.getByLabel("Comment", { exact: true }).fill(comment);
    await second.getByLabel("The words this is about (optional)").fill("saved ₹20,00,000");
    await second.getByRole("button", { name: "Add comment" }).click();
    await expect(second.getByTestId("quote-error")).toHaveText(
      "Paragraph 2 of this version does not have these words. Copy them from it exactly, or leave the field empty to comment on the whole paragraph.",
    );
    await expect(second.getByLabel("Comment", { exact: true })).toHaveValue(comment);
    await expect(second.getByLabel("The words this is about (optional)")).toHaveValue("saved ₹20,00,000");
    await expect(second.getByTestId("comment")).toHaveCount(0);
  });

  await test.step("selecting words in the paragraph offers to comment on them, and they are marked", async () => {
    await second.locator("[data-paragraph]").evaluate((paragraph, words) => {
      const node = paragraph.firstChild as Text;
      const start = node.data.indexOf(words);
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, start + words.length);
      document.getSelection()?.removeAllRanges();
      document.getSelection()?.addRange(range);
    }, phrase);
    await second.getByRole("button", { name: "Comment on this selection" }).click();
    await expect(second.getByLabel("The words this is about (optional)")).toHaveValue(phrase);
    await expect(second.getByLabel("Comment", { exact: true })).toBeFocused();
    await second.getByRole("button", { name: "Add comment" }).click();
    await expect(second.getByTestId("comment")).toContainText(`${phrase}Administrator: ${comment}`);
    await expect(second.locator("[data-paragraph] mark")).toHaveText(phrase);
    // The form starts afresh, closed, and the words quoted are not offered again.
    await expect(second.getByRole("button", { name: "Comment on this selection" })).toHaveCount(0);
    await expect(second.getByLabel("The words this is about (optional)")).toBeHidden();
    await expectNoAxeViolations(staff);
    await screens(staff, "sop-quote-console");
  });

  await test.step("without scripts, the words are typed in the plain field and marked the same way", async () => {
    const plain = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await plain.addCookies(await staffContext.cookies());
    const noScripts = await plain.newPage();
    await noScripts.goto(`/staff/applications/${id}/sop`);
    const third = noScripts.getByTestId("paragraph").nth(2);
    await third.getByText("Comment on paragraph 3").click();
    await third.getByLabel("Comment", { exact: true }).fill("Name one cooperative bank and what you would build for it.");
    await third.getByLabel("The words this is about (optional)").fill("the cooperative   banks");
    await third.getByRole("button", { name: "Add comment" }).click();
    await expect(third.locator("[data-paragraph] mark")).toHaveText("the cooperative banks");
    await expect(third.getByTestId("comment")).toContainText("Administrator: Name one cooperative bank");
    await plain.close();
  });
  await staffContext.close();

  await test.step("the student sees the words marked in the paragraph, the comment beside it, and answers", async () => {
    await page.goto(`/user/applications/${id}/sop`);
    await hydrated(page);
    const theirs = page.getByTestId("comment").filter({ hasText: comment });
    await expect(page.getByTestId("comment").filter({ hasText: "Name one cooperative bank" }).locator("mark")).toHaveText(
      "the cooperative banks",
    );
    await expect(theirs.locator("blockquote mark")).toHaveText(phrase);
    await expect(theirs.locator("blockquote")).toContainText(`My parents have ${phrase} for my studies`);
    await expect(theirs).toContainText(`Administrator: ${comment}`);
    await theirs.getByLabel("Answer").fill("It is in our SBI fixed deposits; the statements are in my documents.");
    await theirs.getByRole("button", { name: "Send answer" }).click();
    await expect(theirs).toContainText("Your answer: It is in our SBI fixed deposits");
    await expectNoAxeViolations(page);
    await screens(page, "sop-quote-student");
  });
});
