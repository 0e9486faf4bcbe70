import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { consentWording } from "../../vocabulary/privacy.ts";
import { expect, expectNoAxeViolations, httpClient, hydrated, loggedInStudent, test, uniqueEmail } from "./fixtures.ts";
import { ADMIN, staffSignIn } from "./staff-fixtures.ts";

/** Decision 0024 as a student and an admin see it: consent where data is collected, the profile's controls, the console's warnings and erasure. */

const toast = (page: Page, text: string | RegExp) => expect(page.getByRole("alert").filter({ hasText: text })).toBeVisible();
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);

/** The admin, signed in on a page of their own. */
async function adminPage(browser: Browser): Promise<Page> {
  const admin = await (await browser.newContext()).newPage();
  await staffSignIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  return admin;
}

/** The student's record in the console, found by e-mail in the students list. */
async function openRecord(admin: Page, student: { email: string; name: string }) {
  await admin.goto(`/staff/students?q=${encodeURIComponent(student.email)}`);
  await admin.getByRole("link", { name: student.name }).click();
  await expect(admin.getByRole("heading", { level: 1, name: student.name })).toBeVisible();
}

test("the booking form says what the data is for and asks how to be contacted; the console shows the choice", async ({
  page,
  browser,
}) => {
  await page.goto("/services/free-consultation");
  await hydrated(page);
  await expect(page.getByTestId("consent-notice")).toHaveText(consentWording.booking);
  await expect(page.getByLabel("E-mail", { exact: true })).toBeChecked();
  await expect(page.getByLabel(/news and offers/)).not.toBeChecked();
  const email = uniqueEmail("whatsapp.booking");
  await page.getByLabel("First name").fill("Diya");
  await page.getByLabel("Last name").fill("Kapoor");
  await page.getByLabel("Phone number").fill("9812345670");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Study destination").selectOption("Germany");
  await page.getByLabel("Type of study").selectOption("Postgraduate");
  await page.getByLabel("Preferred subject").selectOption("Computer Science");
  await page.getByLabel("Qualification").fill("B.Tech");
  await page.getByLabel("WhatsApp").check();
  await page.getByRole("button", { name: "Book Your Free Consultation" }).click();
  await expect(page.getByTestId("consultation-booked")).toBeVisible();

  const admin = await adminPage(browser);
  await admin.goto(`/staff/leads?q=${encodeURIComponent(email)}`);
  await admin.getByRole("link", { name: "Diya Kapoor" }).click();
  await expect(admin.getByTestId("preferred-contact")).toHaveText("Prefers WhatsApp");
  await expect(admin.getByTestId("contact-warning")).toContainText("Has not agreed to news and offers");
  await expect(admin.getByText(`Version ${consentWording.version} on the booking form`)).toBeVisible();
  // She writes in asking to be forgotten: the admin erases her booking.
  await hydrated(admin);
  await admin.getByLabel("The request (how and when it came)").fill("E-mail of today asking to be forgotten");
  await admin.getByLabel("Type the e-mail to confirm").fill(email);
  await admin.getByRole("button", { name: "Erase for good" }).click();
  await expect(admin.getByRole("status")).toHaveText("1 booking erased.");
  await admin.goto(`/staff/leads?q=${encodeURIComponent(email)}`);
  await expect(admin.getByRole("link", { name: "Diya Kapoor" })).toHaveCount(0);
  await admin.context().close();
});

test("sign-up shows the notice and keeps the contact choice", async ({ page }) => {
  await page.goto("/signup");
  await hydrated(page);
  await expect(page.getByTestId("consent-notice")).toHaveText(consentWording.signup);
  const email = uniqueEmail("signup.choice");
  await page.getByLabel("Full name").fill("Rohan Das");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone", { exact: true }).fill("9876501111");
  await page.getByLabel("Password", { exact: true }).fill("rohan-password-1");
  await page.getByLabel("Confirm password").fill("rohan-password-1");
  await page.getByLabel("Voice call").check();
  await page.getByLabel(/news and offers/).check();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("link", { name: "Profile of Rohan Das" })).toBeVisible();
  await page.goto("/profile/privacy");
  const choices = page.getByTestId("contact-choices");
  await expect(choices.getByLabel("Voice call")).toBeChecked();
  await expect(choices.getByLabel(/news and offers/)).toBeChecked();
});

test("profile: contact choices, who has seen my data, and a download of everything", async ({ page, browser }) => {
  const student = await loggedInStudent(page, { name: "Ishita Menon" });
  const uploaded = await page.request.post("/api/v1/students/me/files", {
    headers: { Origin: new URL(test.info().project.use.baseURL ?? "").origin },
    multipart: { attachment_type: "SOP", file: { name: "sop.pdf", mimeType: "application/pdf", buffer: pdf("ishita sop") } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const file: string = (await uploaded.json()).data.file;

  await page.goto("/profile/privacy");
  await hydrated(page);
  await expect(page.getByTestId("access-log-empty")).toBeVisible();
  // An admin opens her SOP: it shows on her list, with the admin's name and role.
  const admin = await adminPage(browser);
  expect((await admin.request.get(file.replace("/files/", "/staff/files/"))).status()).toBe(200);
  await admin.context().close();
  await page.reload();
  await expect(page.getByTestId("access-log")).toContainText("Administrator (Admin): Opened your SOP");

  const choices = page.getByTestId("contact-choices");
  await hydrated(page);
  await choices.getByLabel("WhatsApp").check();
  await page.getByRole("button", { name: "Update contact choices" }).click();
  await toast(page, "Your contact choices are saved.");
  await page.reload();
  await expect(page.getByTestId("contact-choices").getByLabel("WhatsApp")).toBeChecked();
  await expect(page.getByText(`Agreed to our data notice (version ${consentWording.version})`)).toBeVisible();

  await hydrated(page);
  await page.getByRole("button", { name: "Prepare my data" }).click();
  await toast(page, "We are preparing your data");
  const link = page.getByRole("link", { name: "Download my data (ZIP)" });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const zip = unzipSync(new Uint8Array(readFileSync((await download.path()) ?? "")));
  const data = JSON.parse(new TextDecoder().decode(zip["ignite-data.json"]));
  expect(data.profile.email).toBe(student.email);
  expect(data.consents.preferredContact).toBe("whatsapp");
  const sop = data.documents.find((d: { type: string }) => d.type === "SOP");
  expect(Buffer.from(zip[sop.path] ?? new Uint8Array()).equals(pdf("ishita sop"))).toBe(true);
  await expectNoAxeViolations(page);
});

test("delete my account: the password again, then signed out, the login refused and the e-mail free again", async ({ page }) => {
  const student = await loggedInStudent(page, { name: "Tara Nair" });
  await page.goto("/profile/privacy");
  await hydrated(page);
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByLabel(/^I understand that my profile/).check();
  await page.getByRole("button", { name: "Delete my account for good" }).click();
  await toast(page, "That password is not right.");
  await page.goto("/profile/privacy");
  await hydrated(page);
  await page.getByLabel("Password", { exact: true }).fill(student.password);
  // Two steps (decision 0051): with the password alone nothing happens, whatever posts it.
  const skipped = await page.request.post("/profile/delete", {
    headers: { Origin: new URL(page.url()).origin },
    form: { password: student.password },
  });
  expect(skipped.ok()).toBe(true);
  expect((await page.request.get("/api/v1/students/me")).status()).toBe(200);
  await page.getByLabel(/^I understand that my profile/).check();
  await page.getByRole("button", { name: "Delete my account for good" }).click();
  await toast(page, "Your account and data have been erased.");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign Up" }).first()).toBeVisible();

  const client = await httpClient();
  const login = await client.post("/api/v1/auth/login", { data: { email: student.email, password: student.password } });
  expect(login.status()).toBe(401);
  const again = await client.post("/api/v1/auth/signup", {
    data: {
      name1: "Tara Nair",
      email: student.email,
      phone: student.phone,
      password: "tara-new-password",
      confirmPassword: "tara-new-password",
    },
  });
  expect(again.status()).toBe(200);
  await client.dispose();
});

test("console: the preferred channel warns before an e-mail; an admin erases on a mailed request", async ({ page, browser }) => {
  const student = await loggedInStudent(page, { name: "Neha Joshi" });
  const origin = { Origin: new URL(test.info().project.use.baseURL ?? "").origin };
  const chose = await page.request.put("/api/v1/students/me/contact-preferences", {
    headers: origin,
    data: { preferredContact: "whatsapp" },
  });
  expect(chose.status()).toBe(200);

  const admin = await adminPage(browser);
  await openRecord(admin, student);
  await expect(admin.getByTestId("preferred-contact")).toHaveText("Prefers WhatsApp");
  await expect(admin.getByTestId("contact-warning")).toContainText("Prefers WhatsApp");
  await hydrated(admin);
  await admin.getByLabel("Subject").fill("Your documents");
  await admin.getByRole("button", { name: "Send e-mail" }).click();
  await toast(admin, "The student prefers WhatsApp. Tick the box");
  await admin.getByLabel("I know this student prefers WhatsApp").check();
  await admin.getByRole("button", { name: "Send e-mail" }).click();
  await toast(admin, `E-mail sent to ${student.email}`);

  await admin.getByLabel("The request (how and when it came)").fill("E-mail of today from the student's address");
  await admin.getByLabel("Type the e-mail to confirm").fill(student.email);
  await admin.getByRole("button", { name: "Erase for good" }).click();
  await expect(admin).toHaveURL(/\/staff\/students\?erased=\d+$/);
  await expect(admin.getByRole("status")).toHaveText("The student's data has been erased.");
  await admin.goto("/staff/audit");
  await expect(admin.getByText("student.erased").first()).toBeVisible();
  await admin.context().close();

  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login/);
});
