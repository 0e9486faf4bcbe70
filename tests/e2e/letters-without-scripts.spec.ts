import { MAX_DOCUMENT_BYTES } from "../../vocabulary/documents.ts";
import { applicant } from "./applying-fixtures";
import { expect, test } from "./fixtures";
import { invitedRecommender } from "./letters-fixtures";
import { screens } from "./screens";

/**
 * A recommender whose browser runs no scripts (decision 0095), on a phone (390 px): their page's form posts
 * the letter itself, with the same checks and messages as the upload with a progress bar (a file that is
 * not a PDF refused with the reason; one over the size limit refused by the page with its message; a second
 * file replaces the first), then they submit it.
 */
test.use({ viewport: { width: 390, height: 844 } });

const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

test("a recommender without scripts uploads, replaces and submits the letter through the page's own form", async ({ page }) => {
  // axe runs in the page's scripts, so it checks this page in letters.spec.ts, where scripts run.
  test.setTimeout(180_000);
  const { id, origin } = await applicant(page, "Farhan Siddiqui");
  const { id: invitationId, linkPath } = await invitedRecommender(page.request, id, origin);

  const context = await page
    .context()
    .browser()
    ?.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false, baseURL: origin });
  if (!context) throw new Error("no browser");
  const theirs = await context.newPage();
  const opened = await theirs.goto(linkPath);
  // The link goes in a referrer to no other site; to this one, so the page's own posts carry their Origin.
  expect(opened?.headers()["referrer-policy"]).toBe("same-origin");
  await expect(theirs.getByRole("heading", { name: "A recommendation letter for Farhan Siddiqui" })).toBeVisible();
  const send = theirs.getByRole("button", { name: "Send the PDF" });
  await expect(send).toBeVisible();

  // Not a PDF by its content: the page comes back with the reason under the field.
  await theirs
    .getByLabel("Upload the PDF")
    .setInputFiles({ name: "letter.pdf", mimeType: "application/pdf", buffer: Buffer.from("just text") });
  await send.click();
  await expect(theirs.locator("#letter-file-error")).toHaveText("Upload the letter as a PDF file.");
  await expect(theirs.getByLabel("Upload the PDF")).toHaveAttribute("aria-invalid", "true");
  await screens(theirs, "letters-noscript-refused");

  // Nothing chosen: told to choose the file.
  await send.click();
  await expect(theirs.locator("#letter-file-error")).toHaveText("Choose a file to upload.");

  await theirs
    .getByLabel("Upload the PDF")
    .setInputFiles({ name: "Farhan draft.pdf", mimeType: "application/pdf", buffer: pdf("draft") });
  await send.click();
  await expect(theirs.getByTestId("letter-upload-answer")).toHaveText("Letter uploaded. Check it, then submit it.");
  await expect(theirs.getByTestId("letter-uploaded")).toContainText("Farhan draft.pdf");

  // A scanned letter over the limit (10 MB, plus room for the form around it): the page itself answers with
  // the form's message and a 413, not the API's JSON, and the letter uploaded before stays as it was.
  const scan = Buffer.concat([pdf("scan"), Buffer.alloc(MAX_DOCUMENT_BYTES + 700 * 1024, "0 0 0 RG 0 0 1 1 re f\n")]);
  await theirs
    .getByLabel("Replace the PDF")
    .setInputFiles({ name: "Farhan scan.pdf", mimeType: "application/pdf", buffer: scan });
  const [tooLarge] = await Promise.all([
    theirs.waitForResponse((r) => r.request().method() === "POST"),
    theirs.getByRole("button", { name: "Send the PDF" }).click(),
  ]);
  expect(tooLarge.status()).toBe(413);
  expect(tooLarge.headers()["content-type"]).toContain("text/html");
  await expect(theirs.locator("#letter-file-error")).toHaveText("The letter is too large: at most 10 MB.");
  await expect(theirs.getByRole("heading", { name: "A recommendation letter for Farhan Siddiqui" })).toBeVisible();
  await expect(theirs.getByTestId("letter-uploaded")).toContainText("Farhan draft.pdf");
  await screens(theirs, "letters-noscript-too-large");

  await theirs
    .getByLabel("Replace the PDF")
    .setInputFiles({ name: "Farhan final.pdf", mimeType: "application/pdf", buffer: pdf("final") });
  await theirs.getByRole("button", { name: "Send the PDF" }).click();
  await expect(theirs.getByTestId("letter-upload-answer")).toHaveText(
    "Letter replaced by the new file. Check it, then submit it.",
  );
  await expect(theirs.getByTestId("letter-uploaded")).toContainText("Farhan final.pdf");
  await screens(theirs, "letters-noscript-uploaded");

  await theirs.getByRole("button", { name: "Submit the letter" }).click();
  await expect(theirs.getByTestId("letter-done")).toHaveText("Thank you: your letter is submitted.");
  await context.close();

  // The student reads the final one.
  const read = await page.request.get(`/api/v1/students/me/letters/${invitationId}/letter`);
  expect(read.status()).toBe(200);
  expect(await read.text()).toContain("final");
});
