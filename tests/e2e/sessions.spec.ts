import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, test, uniqueEmail } from "./fixtures.ts";
import { readMail } from "./mail.ts";
import { errorsIn } from "./nu-checker.ts";
import { ADMIN, invitedStaff, staffSignIn } from "./staff-fixtures.ts";

/** Sessions on a calendar (decision 0036): a visitor's call at a chosen time, a student's sessions with their counsellor. */

// Each journey invites a counsellor first and checks pages whose time lists hold a few hundred options.
test.describe.configure({ timeout: 120_000 });

async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByRole("alert").filter({ hasText: text })).toBeVisible();
}

/** A counsellor invited by the admin (signed in on `admin`), with the default week (Monday to Friday, 10:00-18:00 IST). */
async function newCounsellor(admin: Page, name: string) {
  await staffSignIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  const email = uniqueEmail(name.toLowerCase().replace(/\s+/g, "."));
  const staffId = await invitedStaff(admin, { email, fullName: name, role: "counsellor", password: "counsellor-Secret-1" });
  return { staffId, email };
}

test("a visitor books the free consultation at a chosen time and is mailed the invitation", async ({ page, browser }) => {
  const adminContext = await browser.newContext();
  await newCounsellor(await adminContext.newPage(), "Tara Menon");
  await adminContext.close();

  await page.goto("/services/free-consultation");
  await hydrated(page);
  const email = uniqueEmail("visitor.call");
  await page.getByLabel("First name").fill("Rahul");
  await page.getByLabel("Last name").fill("Nair");
  await page.getByLabel("Phone number").fill("9876501234");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Study destination").selectOption("United Kingdom (UK)");
  await page.getByLabel("Type of study").selectOption("Postgraduate");
  await page.getByLabel("Preferred subject").selectOption("Business & Management");
  await page.getByLabel("Qualification").fill("B.Com");
  const slot = page.getByLabel("Time for your call (optional)");
  await expect(slot.locator("option").first()).toHaveText("No time: a counsellor will contact you");
  // The last free time of the list: the least likely to be taken by another test meanwhile.
  const chosen = await slot.locator("option[value^='20']").last().getAttribute("value");
  await slot.selectOption(chosen ?? "");
  await expectNoAxeViolations(page);
  const since = Date.now();
  await page.getByRole("button", { name: "Book Your Free Consultation" }).click();
  await expect(page.getByTestId("consultation-booked")).toContainText(
    "Congratulations Rahul Nair on booking your free consultation!",
  );
  await expect(page.getByTestId("consultation-call-time")).toContainText("(IST). We have e-mailed you the invitation.");
  const mail = await readMail(email, /Subject: Invitation: Consultation call with Ignite/, since, 10_000);
  expect(mail).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
  expect(mail).toMatch(/filename=.?invitation\.ics/);
});

test("a student books a session with their counsellor, moves it and cancels it", async ({ page, browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const counsellor = await newCounsellor(admin, "Farah Khan");

  // The student signs up, and the admin gives them the counsellor.
  const email = uniqueEmail("session.student");
  const signup = await page.request.post("/api/v1/auth/signup", {
    headers: { Origin: new URL(page.url() === "about:blank" ? admin.url() : page.url()).origin },
    data: {
      name1: "Priya Sharma",
      email,
      phone: "9876512345",
      password: "student-password-1",
      confirmPassword: "student-password-1",
    },
  });
  expect(signup.status()).toBe(200);
  const studentId = (await signup.json()).student_id as number;
  const given = await admin.request.post(`/api/v1/staff/students/${studentId}/counsellor`, {
    headers: { Origin: new URL(admin.url()).origin },
    data: { counsellorStaffId: counsellor.staffId },
  });
  expect(given.status()).toBe(200);

  await page.goto("/profile/sessions?sessionKind=application-planning");
  await hydrated(page);
  const section = page.getByRole("region", { name: "Sessions" });
  await expect(section.getByRole("heading", { name: "Book a session with Farah Khan" })).toBeVisible();
  await expect(section.getByLabel("Kind of session")).toHaveValue("application-planning");
  const time = section.getByLabel("Time for Application planning");
  const first = await time.locator("option").first().getAttribute("value");
  await time.selectOption(first ?? "");
  await expectNoAxeViolations(page);
  const since = Date.now();
  await section.getByRole("button", { name: "Book session" }).click();
  await toast(page, /^Session booked for .* \(IST\)\. We have e-mailed you the invitation\.$/);
  const booked = section.getByTestId("student-session");
  await expect(booked).toHaveCount(1);
  await expect(booked).toContainText("Application planning");
  await expect(booked).toContainText("with Farah Khan");
  await readMail(email, /Subject: Invitation: Application planning with Ignite/, since, 10_000);

  // Move it to another time.
  await booked.getByText("Move to another time").click();
  const moveTo = booked.getByLabel("New time");
  const other = await moveTo.locator("option").nth(2).getAttribute("value");
  await moveTo.selectOption(other ?? "");
  await booked.getByRole("button", { name: "Move session" }).click();
  await toast(page, /^Session moved to .* \(IST\)\. We have e-mailed you the new invitation\.$/);
  await readMail(email, /Subject: Moved: Application planning with Ignite/, since, 10_000);

  // The counsellor sees it in their week, with the student's name linked to the record.
  await admin.goto(`/staff/calendar?view=week&day=${other?.slice(0, 10)}&staffId=${counsellor.staffId}`);
  await expect(admin.getByTestId("calendar-session").filter({ hasText: "Application planning" })).toContainText("Priya Sharma");
  await expect(admin.getByRole("link", { name: "Priya Sharma" }).first()).toHaveAttribute("href", `/staff/students/${studentId}`);
  await expectNoAxeViolations(admin);
  await adminContext.close();

  // Cancel it.
  await page.reload();
  await hydrated(page);
  // Two steps (decision 0051): the server refuses a cancellation that skipped the question.
  const sessionId = await section.locator("input[name='sessionId']").first().inputValue();
  const skipped = await page.request.post("/profile", {
    headers: { Origin: new URL(page.url()).origin },
    form: { intent: "session-cancel", sessionId },
  });
  expect(skipped.status()).toBe(400);
  await section
    .locator("summary")
    .filter({ hasText: /^Cancel session/ })
    .click();
  await expect(
    section.getByText("Cancel this session? Your counsellor is told, and the time is freed for others."),
  ).toBeVisible();
  await section.getByRole("button", { name: "Yes, cancel it" }).click();
  await toast(page, "Session cancelled. We have e-mailed you the cancellation.");
  await expect(section.getByTestId("student-session")).toContainText("Cancelled");
  const cancellation = await readMail(email, /Subject: Cancelled: Application planning with Ignite/, since, 10_000);
  expect(cancellation).toMatch(/method=CANCEL/i);

  // The section reads in Hindi too.
  await page.context().addCookies([{ name: "ignite_language", value: "hi", url: new URL(page.url()).origin }]);
  await page.reload();
  await expect(page.getByRole("heading", { name: "सत्र", exact: true })).toBeVisible();
  await expect(page.getByText("Farah Khan के साथ सत्र बुक करें")).toBeVisible();
});

/** A day `offset` days from today in India, as YYYY-MM-DD (what a date input holds). */
const indianDay = (offset: number) => new Date(Date.now() + 5.5 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

test("a counsellor keeps their working hours, a day's leave and their meeting link; wrong entries are refused by field", async ({
  page,
}) => {
  const counsellor = await newCounsellor(page, "Ira Bose");
  const adminId = (await (await page.request.get("/api/v1/staff/me")).json()).data.id as number;
  await page.context().clearCookies();
  await staffSignIn(page, counsellor.email, "counsellor-Secret-1");
  await expect(page.getByRole("heading", { name: "Welcome, Ira Bose" })).toBeVisible();
  await page.goto("/staff/calendar/hours");
  await expect(page.getByRole("heading", { level: 1, name: "Your working hours" })).toBeVisible();
  await hydrated(page);

  // Saturday mornings as well.
  await page.getByLabel("Works on Saturday").check();
  await page.getByLabel("Saturday from").fill("10:00");
  await page.getByLabel("Saturday until").fill("13:00");
  await page.getByRole("button", { name: "Save working hours" }).click();
  await toast(page, "Working hours saved.");
  await page.reload();
  await expect(page.getByLabel("Works on Saturday")).toBeChecked();
  await expect(page.getByLabel("Saturday until")).toHaveValue("13:00");

  // A day's leave: yesterday is refused on the Day field, which takes the focus; a later day is listed.
  await page.getByLabel("Day", { exact: true }).fill(indianDay(-1));
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.locator("#day-error")).toHaveText("Choose today or a later day");
  await expect(page.getByLabel("Day", { exact: true })).toBeFocused();
  const leave = indianDay(20);
  await page.getByLabel("Day", { exact: true }).fill(leave);
  await page.getByLabel("Note (optional)").fill("Diwali with family");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await toast(page, /^Leave on \d{1,2} \w+ \d{4} added to your calendar\.$/);
  await expect(page.getByTestId("calendar-exception").filter({ hasText: leave })).toContainText("Leave (Diwali with family)");

  // The meeting link must be https.
  const link = page.getByLabel("Link for every session (a session may have its own)");
  await link.fill("http://meet.example.com/ira");
  await page.getByRole("button", { name: "Save link" }).click();
  await expect(page.locator("#meetingLink-error")).toHaveText("Enter a link starting with https://");
  // Capitals in the host, which the calendar library refuses: saved in the form the invitation carries (decision 0048).
  await link.fill("https://Meet.Example.com/Ira");
  await page.getByRole("button", { name: "Save link" }).click();
  await toast(page, "Meeting link saved.");
  await page.reload();
  await expect(link).toHaveValue("https://meet.example.com/Ira");
  await expectNoAxeViolations(page);
  const hoursHtml = await (await page.request.get("/staff/calendar/hours")).text();

  // The calendar's week; both screens are valid HTML.
  await page.goto("/staff/calendar?view=week");
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await expectNoAxeViolations(page);
  const calendarHtml = await (await page.request.get("/staff/calendar?view=week")).text();

  // Another member's calendar and hours are not a counsellor's to open: 403, as the actions answer, never 500.
  for (const address of [
    `/staff/calendar?staffId=${adminId}`,
    "/staff/calendar?staffId=all",
    `/staff/calendar.data?staffId=${adminId}`,
    "/staff/calendar.data?view=week&staffId=all",
    `/staff/calendar/hours?staffId=${adminId}`,
    `/staff/calendar/hours.data?staffId=${adminId}`,
  ]) {
    expect((await page.request.get(address, { maxRedirects: 0 })).status(), address).toBe(403);
  }
  expect((await page.request.get(`/staff/calendar?staffId=${counsellor.staffId}`)).status()).toBe(200);
  expect(
    errorsIn([
      { name: "calendar-hours", html: hoursHtml },
      { name: "calendar-week", html: calendarHtml },
    ]),
  ).toEqual([]);
});
