import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectNoAxeViolations, httpClient, hydrated, loggedInAs, loggedInStudent, test } from "./fixtures.ts";

async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByRole("alert").filter({ hasText: text })).toBeVisible();
}

test("search, open a course, add it to interests, see it saved, remove it", async ({ page, student }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: `Profile of ${student.name}` })).toBeVisible();
  await hydrated(page);
  const box = page.getByPlaceholder("Search Colleges and Courses");
  await box.fill("data science");
  await box.press("Enter");
  const first = page.locator("main a[href^='/courses/']").first();
  const courseName = ((await first.locator("h2").textContent()) ?? "").trim();
  await first.click();
  await expect(page.getByRole("heading", { level: 1, name: courseName })).toBeVisible();
  const university = ((await page.locator("main p a").first().textContent()) ?? "").trim();
  await hydrated(page);
  await page.getByRole("button", { name: "Add to Interest" }).click();
  await toast(page, "You have added this course to interested");
  await expect(page.getByRole("button", { name: "Interested" })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole("button", { name: "Interested" })).toBeVisible();

  await page.goto("/user/saved-courses");
  await expect(page.getByRole("heading", { level: 1, name: "Saved Courses" })).toBeVisible();
  await expect(page.getByRole("link", { name: courseName, exact: true })).toHaveAttribute("href", /^\/courses\/\d+$/);
  await expect(page.getByText(`from ${university}`)).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: `Remove ${courseName}` }).click();
  await expect(page.getByText("You have no courses saved")).toBeVisible();
});

test("saved courses and applications need login", async ({ page }) => {
  for (const path of ["/user/saved-courses", "/user/applications", "/profile"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(path).replace(/[/]/g, "%2F")}$`));
  }
});

test("profile: edit and save, and a refused value keeps what was typed", async ({ page, student }) => {
  await page.goto("/profile/documents");
  await expect(page.getByText("* No documents uploaded. Kindly upload your documents to complete your profile")).toBeVisible();
  await page.goto("/profile");
  await hydrated(page);
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByLabel("Email")).toHaveValue(student.email);
  await expect(page.getByLabel("Email")).not.toBeEditable();
  await page.getByLabel("Gender").selectOption("Female");
  await page.getByLabel("Date of birth").fill("2004-05-17");
  await page.getByLabel("Passport number").fill("m1234567");
  await page.getByLabel("Address").fill("12 Marine Drive, Kochi");
  await page.getByLabel("12th percentage").fill("91.5");
  await page.getByLabel("Bachelors CGPA").fill("8.7");
  await page.getByRole("button", { name: "Save" }).click();
  await toast(page, "Edited successfully");
  await expect(page.getByText("M1234567")).toBeVisible();
  await expect(page.getByRole("row", { name: /12th/ })).toContainText("91.5");
  await expect(page.getByRole("row", { name: /Bachelors/ })).toContainText("8.7");
  const rows = await page.locator("tbody th").allTextContents();
  expect(rows).toEqual(["10th", "12th", "Bachelors", "Masters"]);

  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByLabel("10th percentage").fill("120");
  await page.getByLabel("Address").fill("New address typed");
  await page.getByRole("button", { name: "Save" }).click();
  await toast(page, "No changes made");
  await expect(page.getByText("Percentage must be a number from 0 to 100")).toBeVisible();
  await expect(page.getByLabel("Address")).toHaveValue("New address typed");
  await expect(page.getByLabel("10th percentage")).toHaveValue("120");
  await page.reload();
  await expect(page.getByText("12 Marine Drive, Kochi")).toBeVisible();
});

test("documents: upload with progress, list, download, replace, delete; photo shows in the navbar", async ({ page, student }) => {
  await page.goto("/profile/documents");
  await hydrated(page);
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
  await page.locator("#file-SOP").setInputFiles({ name: "my-sop.pdf", mimeType: "application/pdf", buffer: pdf });
  await toast(page, "SOP uploaded successfully");
  const row = page.getByTestId("document-SOP");
  await expect(row).toContainText("my-sop.pdf");
  await expect(page.getByText("* No documents uploaded.")).toHaveCount(0);
  const href = await row.getByRole("link", { name: "Download SOP" }).getAttribute("href");
  const download = await page.request.get(href ?? "");
  expect(download.status()).toBe(200);
  expect(Buffer.from(await download.body()).equals(pdf)).toBe(true);
  expect(download.headers()["content-disposition"]).toContain("attachment");

  await page
    .locator("#file-SOP")
    .setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("just text") });
  await toast(page, /PDF, JPEG, PNG, WebP, DOC or DOCX/);
  await expect(row).toContainText("my-sop.pdf");

  await row.getByRole("button", { name: "Delete SOP" }).click();
  await expect(row).toContainText("Not uploaded");

  const png = await sharp({ create: { width: 80, height: 80, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
  await page.locator("#photo-file").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await toast(page, "Profile picture updated successfully");
  await expect(page.getByRole("img", { name: "Your profile" })).toHaveAttribute("src", /^\/files\//);
  await expect(page.getByRole("link", { name: `Profile of ${student.name}` }).locator("img")).toHaveAttribute(
    "src",
    /^\/files\//,
  );
  await expectNoAxeViolations(page);
});

test("applications: the demo student's list, and the empty state for a new student", async ({ page }) => {
  await loggedInAs(page, "demo@ignite.example", "ignite-demo-2026");
  await page.goto("/user/applications");
  await expect(page.getByRole("link", { name: "Profile of Demo Student" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible();
  const cards = page.locator("main .card");
  await expect(cards).toHaveCount(3);
  await expect(cards.filter({ hasText: "In Germany" })).toHaveCount(1);
  await expect(page.locator("main .badge").first()).toBeVisible();
  const offer = cards.filter({ has: page.locator(".badge", { hasText: "Conditional offer" }) });
  await expect(offer).toContainText("You have a conditional offer.");
  await expect(offer).toContainText("Next: Meet the offer's conditions and accept the offer with your counsellor.");
  await expectNoAxeViolations(page);

  await page.context().clearCookies();
  const student = await loggedInStudent(page);
  await page.goto("/user/applications");
  await expect(page.getByRole("link", { name: `Profile of ${student.name}` })).toBeVisible();
  await expect(page.getByText("You have no applications")).toBeVisible();
  await expect(page.locator("main img")).toBeVisible();
});

test("profile: signed-in devices, and signing out of the others", async ({ page, student }) => {
  // The same student signed in elsewhere (another client, as a second phone would be).
  const elsewhere = await httpClient();
  const login = await elsewhere.post("/api/v1/auth/login", {
    data: { email: student.email, password: student.password },
    headers: { "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Mobile/15E148 Safari/604.1" },
  });
  expect(login.status()).toBe(200);

  await page.goto("/profile/devices");
  await hydrated(page);
  const devices = page.getByTestId("signed-in-device");
  await expect(page.getByRole("heading", { name: "Signed-in devices" })).toBeVisible();
  await expect(devices).toHaveCount(2);
  await expect(devices.first().getByText("This device")).toBeVisible();
  await expect(devices.filter({ hasText: "Safari on iOS" })).toHaveCount(1);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Sign out of all other devices" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Signed out of 1 other device." })).toBeVisible();
  await expect(devices).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Sign out of all other devices" })).toHaveCount(0);
  expect((await elsewhere.get("/api/v1/students/me")).status()).toBe(401);
  await elsewhere.dispose();
});
