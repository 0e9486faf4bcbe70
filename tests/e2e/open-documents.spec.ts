import { strToU8, zipSync } from "fflate";
import { chromiumFlags, fullChromiumPath } from "../../playwright.config.ts";
import { expect, test } from "./fixtures.ts";

// The PDF viewer is part of the full browser, not of the headless shell the other specs run in.
test.use({ launchOptions: { executablePath: fullChromiumPath, args: chromiumFlags } });

const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** A one-page PDF the browser's viewer can show. */
const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** Chromium's PDF viewer: the frame it shows a PDF in. */
const pdfViewer = /^chrome-extension:\/\/mhjfbmdgcfjbbpaeojofohoefgiehjai\//;

/**
 * Decision 0035: "View" on a PDF opens it in the browser's viewer in a new tab rather than
 * downloading it, under the same sandboxing CSP and nosniff.
 */
test("a student's PDF opens in the browser's viewer where the link says view", async ({ page, student: _ }) => {
  const uploaded = await page.request.post("/api/v1/students/me/files", {
    multipart: { attachment_type: "CV/Resume", file: { name: "cv.pdf", mimeType: "application/pdf", buffer: pdf } },
  });
  expect(uploaded.status()).toBe(200);
  await page.goto("/profile/documents");
  const row = page.getByTestId("document-CV/Resume");
  await expect(row).toContainText("cv.pdf");
  const view = row.getByRole("link", { name: "View CV/Resume" });
  // Served to open in place, under the same sandboxing CSP and nosniff.
  const answer = await page.request.get((await view.getAttribute("href")) ?? "");
  expect(answer.headers()["content-disposition"]).toMatch(/^inline; filename="cv\.pdf"/);
  expect(answer.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
  expect(answer.headers()["x-content-type-options"]).toBe("nosniff");
  let downloaded = false;
  page.context().on("page", (opened) => opened.on("download", () => (downloaded = true)));
  const [tab] = await Promise.all([page.waitForEvent("popup"), view.click()]);
  // What the user sees: the PDF in the viewer, no file saved.
  await expect.poll(() => tab.frames().some((frame) => pdfViewer.test(frame.url()))).toBe(true);
  expect(downloaded).toBe(false);
});

/** A Word file (.docx) the upload takes by its bytes. */
const docx = Buffer.from(
  zipSync({
    "[Content_Types].xml": strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    "word/document.xml": strToU8(
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Letter</w:t></w:r></w:p></w:body></w:document>',
    ),
  }),
);

/** Decision 0035: a Word file's row says plainly that it downloads, and offers no "View" that would only download. */
test("a student's Word file says it downloads rather than offering to view it", async ({ page, student: _ }) => {
  const uploaded = await page.request.post("/api/v1/students/me/files", {
    multipart: { attachment_type: "LOR", file: { name: "letter.docx", mimeType: DOCX_TYPE, buffer: docx } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  await page.goto("/profile/documents");
  const row = page.getByTestId("document-LOR");
  await expect(row).toContainText("letter.docx");
  await expect(row.getByRole("link", { name: "View LOR" })).toHaveCount(0);
  await expect(row).toContainText("Word files download: only PDFs and images open in the browser.");
  const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: "Download LOR" }).click()]);
  expect(download.suggestedFilename()).toBe("letter.docx");
});
