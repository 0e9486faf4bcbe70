import type { Page } from "@playwright/test";
import ICAL from "ical.js";
import { expect, expectNoAxeViolations, hydrated, test, uniqueEmail } from "./fixtures.ts";
import { errorsIn } from "./nu-checker.ts";
import { screen, screens } from "./screens.ts";
import { ADMIN, invitedStaff, staffSignIn } from "./staff-fixtures.ts";

/**
 * Deadlines in one place (decision 0059), on a phone: a student opens Deadlines from the header in one
 * tap and reads an application's deadline with its days left, what the package still misses and where
 * the university's date was read and when (decision 0105), in English and Hindi, and makes a calendar
 * address a calendar app can read; the course's page gives its fee's and deadlines' source with their
 * age; their counsellor finds the application on Today, linked to the applications list's due filter.
 */
const phone = { width: 390, height: 844 };
const DAY_MS = 86_400_000;
const DEADLINES_PAGE = "https://www.rwth-aachen.de/go/id/bkvm/?lidx=1";
const indianDay = (at: number) => new Date(at + 330 * 60_000).toISOString().slice(0, 10);
/** A day as the student reads it in English ("20 October 2026") and in Hindi ("20 अक्तूबर 2026"). */
const longDay = (day: string, locale = "en-GB") =>
  new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
const fitsThePhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

test("a student sees an application's deadline with days left and what is missing; the counsellor sees it due on Today", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await staffSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  const origin = { Origin: new URL(page.url()).origin };
  const counsellor = { email: uniqueEmail("deadline.counsellor"), password: "deadline-Secret-pass-1" };
  const counsellorId = await invitedStaff(page, { ...counsellor, fullName: "Nisha Deadline", role: "counsellor" });

  // The student signs up on a phone.
  const student = await (await browser.newContext({ viewport: phone })).newPage();
  const email = uniqueEmail("deadline.student");
  const signedUp = await student.request.post("/api/v1/auth/signup", {
    headers: origin,
    data: { name1: "अनन्या शर्मा", email, phone: "9876512345", password: "student-pass-1", confirmPassword: "student-pass-1" },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const studentId = (await signedUp.json()).student_id as number;

  // The admin gives her to the counsellor, and opens an application to a course whose intake's
  // deadline is nine days away (India time).
  const post = async (path: string, data: object, status: number) => {
    const answer = await page.request.post(path, { headers: origin, data });
    expect(answer.status(), await answer.text()).toBe(status);
    return (await answer.json()).data;
  };
  await post(`/api/v1/staff/students/${studentId}/counsellor`, { counsellorStaffId: counsellorId }, 200);
  const countries = (await (await page.request.get("/api/v1/staff/catalogue/countries")).json()).data as {
    id: number;
    name: string;
  }[];
  const germany = countries.find((c) => c.name === "Germany");
  // The university's fee and its page of dates were read 40 India days ago.
  const checkedOn = indianDay(Date.now() - 40 * DAY_MS);
  const university = await post(
    "/api/v1/staff/catalogue/universities",
    { name: `Hochschule Deadline ${Date.now()}`, city: "Aachen", countryId: germany?.id, type: "Public" },
    201,
  );
  const course = await post(
    `/api/v1/staff/catalogue/universities/${university.id}/courses`,
    {
      name: "MSc Renewable Energy Systems",
      level: "Masters",
      durationMonths: 24,
      feeAmount: 1500,
      feeCurrency: "EUR",
      feePeriod: "semester",
      mode: "Full-time",
      englishExamWaiver: false,
      mediumOfInstruction: "English",
      feeSource: "University website",
      feeCheckedOn: checkedOn,
      deadlineSource: DEADLINES_PAGE,
      deadlineCheckedOn: checkedOn,
    },
    201,
  );
  const start = new Date(Date.now() + 120 * DAY_MS);
  const intake = { month: start.getUTCMonth() + 1, year: start.getUTCFullYear() };
  const deadline = indianDay(Date.now() + 9 * DAY_MS);
  await post(`/api/v1/staff/catalogue/courses/${course.id}/intakes`, { ...intake, deadline }, 201);
  const application = await post(
    `/api/v1/staff/students/${studentId}/applications`,
    { courseId: course.id, intakeMonth: intake.month, intakeYear: intake.year },
    201,
  );

  // One tap from the header, on a phone.
  await student.goto("/");
  await hydrated(student);
  await student.getByTestId("nav-deadlines").click();
  await expect(student.getByRole("heading", { name: "Deadlines", level: 1 })).toBeVisible();
  // The header marks the page the student is on, not Home on every page.
  await expect(student.getByTestId("nav-deadlines")).toHaveAttribute("aria-current", "page");
  await expect(student.getByRole("banner").getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute(
    "aria-current",
    "page",
  );
  const item = student.getByTestId("deadline").filter({ hasText: "MSc Renewable Energy Systems" });
  await expect(item.getByTestId("days-left")).toHaveText("in 9 days");
  await expect(item).toContainText("Application deadline");
  await expect(item.getByTestId("deadline-missing")).toContainText("Still needed:");
  await expect(item.getByTestId("deadline-missing")).toContainText("Passport");
  await expect(item.locator("time")).toHaveAttribute("datetime", deadline);
  // Where the university's date was read and when, with its age (decision 0105).
  await expect(item.getByTestId("deadline-source")).toHaveText(
    `Source: ${DEADLINES_PAGE}, checked on ${longDay(checkedOn)} (40 days ago)`,
  );
  await fitsThePhone(student);
  await expectNoAxeViolations(student);
  await screen(student, "deadlines-390", { fullPage: true });
  // And on a desktop: the header keeps the link beside the profile.
  await student.setViewportSize({ width: 1280, height: 800 });
  await expect(student.getByTestId("nav-deadlines")).toBeVisible();
  await screen(student, "deadlines-1280");
  await student.setViewportSize(phone);

  // The course's page says where its fee and its deadlines were read, and how long ago (decision 0105).
  await student.goto(`/courses/${course.id}`);
  await expect(student.getByRole("heading", { name: "MSc Renewable Energy Systems", level: 1 })).toBeVisible();
  const fact = (label: string) => student.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
  await expect(fact("Fee source")).toHaveText(`University website, checked on ${longDay(checkedOn)} (40 days ago)`);
  await expect(fact("Deadlines' source")).toHaveText(`${DEADLINES_PAGE}, checked on ${longDay(checkedOn)} (40 days ago)`);
  await fitsThePhone(student);
  await expectNoAxeViolations(student);
  await screens(student, "deadlines-course");

  // The home shows the nearest ones, with the same days left, and leads to the whole list.
  await student.goto("/home");
  const nearest = student.getByRole("region", { name: "Nearest deadlines" }).getByTestId("home-deadline");
  await expect(nearest.first()).toContainText("Application deadline: MSc Renewable Energy Systems");
  await expect(nearest.first().getByTestId("days-left")).toHaveText("in 9 days");
  await fitsThePhone(student);
  await expectNoAxeViolations(student);
  await screen(student, "deadlines-home-deadlines-390", { fullPage: true });
  await student.getByRole("link", { name: "All your deadlines" }).click();
  await expect(student.getByRole("heading", { name: "Deadlines", level: 1 })).toBeVisible();
  await hydrated(student);

  // A calendar address, shown once, that a calendar app reads without the login cookie.
  await student.getByRole("button", { name: "Make my calendar address" }).click();
  const address = student.getByLabel("Your calendar address");
  await expect(address).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const feedPath = new URL(await address.inputValue()).pathname;
  await expectNoAxeViolations(student);
  const calendarApp = await browser.newContext();
  const feed = await calendarApp.request.get(feedPath);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents("vevent").map((e) => new ICAL.Event(e));
  expect(events.map((e) => e.summary)).toContain("Application deadline: MSc Renewable Energy Systems");
  await calendarApp.close();

  // The same screen in Hindi.
  await student.context().addCookies([{ name: "ignite_language", value: "hi", url: new URL(student.url()).origin }]);
  await student.goto("/deadlines");
  await hydrated(student);
  await expect(student.getByRole("heading", { name: "अंतिम तिथियाँ", level: 1 })).toBeVisible();
  await expect(item.getByTestId("days-left")).toHaveText("9 दिन में");
  await expect(item.getByTestId("deadline-missing")).toContainText("पासपोर्ट");
  await expect(item.getByTestId("deadline-source")).toHaveText(
    `स्रोत: ${DEADLINES_PAGE}, ${longDay(checkedOn, "hi-IN")} को जाँचा गया (40 दिन पहले)`,
  );
  await fitsThePhone(student);
  await expectNoAxeViolations(student);
  await screen(student, "deadlines-390-hi", { fullPage: true });
  const pages = [{ name: "/deadlines (hi)", html: await (await student.request.get("/deadlines")).text() }];
  await student.context().close();

  // Her counsellor, on a phone: Today lists it, linked to the list that counts it the same way.
  const work = await (await browser.newContext({ viewport: phone })).newPage();
  await staffSignIn(work, counsellor.email, counsellor.password);
  await expect(work.getByRole("heading", { name: "Welcome, Nisha Deadline" })).toBeVisible();
  await work.goto("/staff/today");
  await hydrated(work);
  const due = work.getByRole("region", { name: "Applications due within 14 days, packages incomplete (1)" });
  await expect(due.getByTestId("application-due")).toContainText("अनन्या शर्मा");
  await expect(due.getByTestId("application-due")).toContainText("9 days left");
  await expect(due.getByTestId("application-due")).toContainText("MSc Renewable Energy Systems");
  await fitsThePhone(work);
  await expectNoAxeViolations(work);
  await screen(work, "deadlines-today-390", { fullPage: true });
  await due.getByRole("link", { name: /Applications due within 14 days/ }).click();
  await expect(work).toHaveURL(/\/staff\/applications\?due=14$/);
  await expect(work.getByLabel("Due, package incomplete")).toHaveValue("14");
  await expect(work.getByRole("link", { name: "MSc Renewable Energy Systems" })).toHaveAttribute(
    "href",
    `/staff/applications/${application.id}`,
  );
  await expect(work.locator("tbody tr")).toHaveCount(1);
  await screen(work, "deadlines-applications-due-390", { fullPage: true });
  await work.setViewportSize({ width: 1280, height: 800 });
  await screen(work, "deadlines-applications-due-1280");
  await work.goto("/staff/today");
  await expect(work.getByTestId("application-due")).toHaveCount(1);
  await screen(work, "deadlines-today-1280");
  for (const name of ["/staff/today", "/staff/applications?due=14"]) {
    const answer = await work.request.get(name);
    expect(answer.status()).toBe(200);
    pages.push({ name, html: await answer.text() });
  }
  expect(errorsIn(pages)).toEqual([]);
  await work.context().close();
});
