import type { Page } from "@playwright/test";
import { applicant } from "./applying-fixtures";
import { expect, expectNoAxeViolations, hydrated, test, uniqueEmail } from "./fixtures";
import { readMailTo } from "./mail";
import { screens } from "./screens";

/**
 * Recommendation letters (decisions 0075-0077), on a phone (390 px): the student invites a recommender from
 * the package's letter row, choosing to keep the right to read; the recommender opens the mail, follows
 * their own link without an account, uploads a PDF and submits it; the package shows one of two letters
 * submitted. A second recommender writes a letter the student waived: it stays unreadable to them, on the
 * screen and through the address. In Hindi the letters page reads in Hindi.
 */
test.use({ viewport: { width: 390, height: 844 } });

const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

/** Fills the invitation form and sends it. */
async function invite(page: Page, who: { name: string; email: string }, waiver: "waive" | "keep") {
  const form = page.getByRole("region", { name: "Invite a recommender" });
  await form.getByLabel("Recommender's name").fill(who.name);
  await form.getByLabel("Recommender's e-mail").fill(who.email);
  await form.getByLabel("Role").fill("Associate Professor");
  await form.getByLabel("Institution").fill("IIT Madras");
  await form.getByLabel("How they know you").selectOption("Teacher or professor");
  await form
    .getByRole("radio", {
      name: waiver === "waive" ? "I waive my right to read this letter" : "I keep my right to read this letter",
    })
    .check();
  await form.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByText("Invitation sent to the recommender.").first()).toBeVisible();
  await expect(page.getByTestId("letters").locator("li").filter({ hasText: who.name })).toBeVisible();
}

/** The recommender opens the mail, follows their link in a browser of their own, uploads the PDF and submits it. */
async function recommenderWrites(page: Page, email: string, after: number, text: string, screensName?: string) {
  const mail = await readMailTo(email, /asks you for a recommendation letter/, after);
  const link = mail.match(/https?:\/\/[^\s]+(\/letters\/[A-Za-z0-9_-]+)/)?.[1];
  expect(link, "the link in the invitation").toBeTruthy();
  const context = await page
    .context()
    .browser()
    ?.newContext({ viewport: { width: 390, height: 844 } });
  if (!context) throw new Error("no browser");
  const theirs = await context.newPage();
  const errors: string[] = [];
  theirs.on("pageerror", (error) => errors.push(error.message));
  theirs.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(m.text());
  });
  await theirs.goto(link ?? "");
  await hydrated(theirs);
  await expect(theirs.getByRole("heading", { name: /^A recommendation letter for / })).toBeVisible();
  await expect(theirs.getByTestId("letter-applications")).toContainText("MSc Sustainable Energy Systems");
  await expectNoAxeViolations(theirs);
  if (screensName) await screens(theirs, `letters-${screensName}`);
  // Not a PDF: refused with the reason, nothing uploaded.
  await theirs
    .locator("#letter-file")
    .setInputFiles({ name: "letter.docx", mimeType: "text/plain", buffer: Buffer.from("not a pdf") });
  await expect(theirs.getByText("Upload the letter as a PDF file.").first()).toBeVisible();
  await theirs.locator("#letter-file").setInputFiles({ name: "letter.pdf", mimeType: "application/pdf", buffer: pdf(text) });
  await expect(theirs.getByTestId("letter-uploaded")).toContainText("letter.pdf");
  await theirs.getByRole("button", { name: "Submit the letter" }).click();
  await expect(theirs.getByTestId("letter-done")).toHaveText("Thank you: your letter is submitted.");
  // The link stops once used: a clear page naming nobody.
  await theirs.goto(link ?? "");
  await expect(theirs.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  if (screensName) await screens(theirs, `letters-${screensName}-gone`);
  await context.close();
  expect(errors, "the recommender's console errors").toEqual([]);
}

test("a student invites recommenders, one letter is submitted through the link, and a waived one stays unreadable", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { id, origin } = await applicant(page, "अदिति राव");
  const open = { name: "Dr. Meera Iyer", email: uniqueEmail("meera.iyer") };
  const waived = { name: "Prof. Rakesh Gupta", email: uniqueEmail("rakesh.gupta") };

  await test.step("the package's letter row says none of two is in and leads to the letters page", async () => {
    await page.goto(`/user/applications/${id}`);
    await hydrated(page);
    await page.getByTestId("letters-link").click();
    await expect(page).toHaveURL(new RegExp(`/user/applications/${id}/letters$`));
    await expect(page.getByTestId("letters-count")).toHaveText("0 of 2 letters submitted");
    await hydrated(page);
  });

  await test.step("the student's own address is refused, with what was typed kept", async () => {
    const me = await (await page.request.get("/api/v1/students/me")).json();
    const form = page.getByRole("region", { name: "Invite a recommender" });
    await form.getByLabel("Recommender's name").fill("Myself");
    await form.getByLabel("Recommender's e-mail").fill(me.data.email);
    await form.getByLabel("Role").fill("Student");
    await form.getByLabel("Institution").fill("IIT Madras");
    await form.getByLabel("How they know you").selectOption("Other");
    await form.getByRole("radio", { name: "I keep my right to read this letter" }).check();
    await form.getByRole("button", { name: "Send the invitation" }).click();
    await expect(form.getByText("The recommender's e-mail cannot be your own: enter the recommender's address.")).toBeVisible();
    await expect(form.getByLabel("Recommender's name")).toHaveValue("Myself");
  });

  const started = Date.now();
  await test.step("the student invites a recommender, keeping the right to read, after reading what waiving means", async () => {
    await expect(page.getByText(/If you waive your right to read the letter, you will never see it/)).toBeVisible();
    await invite(page, open, "keep");
    await expect(page.getByTestId("letter-status").first()).toHaveText("Invited");
    await expectNoAxeViolations(page);
    await screens(page, "letters-student-invited");
  });

  await test.step("the recommender opens the mail, uploads a PDF through their own link and submits it", async () => {
    await recommenderWrites(page, open.email, started, "A strong recommendation for Aditi", "recommender");
  });

  await test.step("the student sees it submitted, reads it, and the package counts one of two", async () => {
    await page.reload();
    await hydrated(page);
    const row = page.getByTestId("letters").locator("li").filter({ hasText: open.name });
    await expect(row.getByTestId("letter-status")).toHaveText("Submitted");
    await expect(row.getByRole("link", { name: "Read the letter" })).toBeVisible();
    await expect(page.getByTestId("letters-count")).toHaveText("1 of 2 letters submitted");
    await page.goto(`/user/applications/${id}`);
    await expect(page.getByTestId("letters-link")).toHaveText("1 of 2 letters submitted");
    const lor = page
      .getByTestId("package")
      .locator("li")
      .filter({ has: page.locator("span.fw-semibold", { hasText: /^LOR$/ }) });
    await expect(lor).toContainText("Letter submitted");
    await screens(page, "letters-package");
  });

  await test.step("a waived letter, once submitted, is never shown to the student", async () => {
    await page.goto(`/user/applications/${id}/letters`);
    await hydrated(page);
    const before = Date.now();
    await invite(page, waived, "waive");
    await recommenderWrites(page, waived.email, before, "CONFIDENTIAL: Rakesh's assessment");
    await page.reload();
    await hydrated(page);
    const row = page.getByTestId("letters").locator("li").filter({ hasText: waived.name });
    await expect(row.getByTestId("letter-status")).toHaveText("Submitted");
    await expect(row.getByTestId("letter-waived")).toBeVisible();
    await expect(row.getByRole("link", { name: "Read the letter" })).toHaveCount(0);
    await expect(page.getByTestId("letters-count")).toHaveText("2 of 2 letters submitted");
    const letters = await (await page.request.get("/api/v1/students/me/letters")).json();
    const theirs = letters.data.find((l: { recommender: { name: string } }) => l.recommender.name === waived.name);
    expect(theirs.letter).toBeNull();
    const direct = await page.request.get(`/api/v1/students/me/letters/${theirs.id}/letter`);
    expect(direct.status()).toBe(404);
    expect(await direct.text()).not.toContain("CONFIDENTIAL");
    await expectNoAxeViolations(page);
    await screens(page, "letters-student-waived");
  });

  await test.step("in Hindi the letters page reads in Hindi", async () => {
    await page.context().addCookies([{ name: "ignite_language", value: "hi", url: origin }]);
    await page.goto(`/user/applications/${id}/letters`);
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "सिफ़ारिश पत्र" })).toBeVisible();
    await expect(page.getByTestId("letters-count")).toHaveText("2 में से 2 पत्र जमा हुए");
    await expect(page.getByRole("button", { name: "निमंत्रण भेजें" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screens(page, "letters-student-hindi");
  });
});
