import { expect, test } from "./fixtures.ts";

/** A one-page PDF the browser's viewer can show. */
const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** Chromium's PDF viewer: the frame it shows a PDF in. */
const pdfViewer = /^chrome-extension:\/\/mhjfbmdgcfjbbpaeojofohoefgiehjai\//;

/**
 * Issue #25 (decision 0035): "View" on a PDF opens it in the browser's viewer in a new tab rather than
 * downloading it, under the same sandboxing CSP and nosniff.
 */
test("a student's PDF opens in the browser's viewer where the link says view", async ({ page, student: _ }) => {
  const uploaded = await page.request.post("/api/v1/students/me/files", {
    multipart: { attachment_type: "CV/Resume", file: { name: "cv.pdf", mimeType: "application/pdf", buffer: pdf } },
  });
  expect(uploaded.status()).toBe(200);
  await page.goto("/profile");
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
