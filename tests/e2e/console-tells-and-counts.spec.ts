import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, test, uniqueEmail } from "./fixtures.ts";
import { readMailTo } from "./mail.ts";
import { errorsIn } from "./nu-checker.ts";
import { ADMIN, invitedStaff, staffSignIn } from "./staff-fixtures.ts";

/**
 * decision 0035's console (decision 0042): a counsellor given a lead is mailed and finds it on Today until
 * they open it; the staff home shows their own figures, each a link to the list it counts.
 */
const phone = { width: 390, height: 844 };
const fitsThePhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

test("a counsellor given a lead is mailed, sees it new on Today and counted on the home, each figure a link to its list", async ({
  page,
  browser,
}) => {
  await staffSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  const email = uniqueEmail("told.counsellor");
  const password = "told-Secret-pass-1";
  await invitedStaff(page, { email, fullName: "Tanvi Told", role: "counsellor", password });

  // A visitor books; the admin gives the lead to the new counsellor.
  const person = uniqueEmail("told.lead");
  const booked = await page.request.post("/api/v1/consultations", {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      firstName: "Rhea",
      lastName: "Kapoor",
      phoneNumber: "9811100042",
      email: person,
      studyDestination: "Ireland",
      typeOfStudy: "Postgraduate",
      preferredSubject: "Law",
      yearOfStudy: String(new Date().getUTCFullYear()),
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const leadId = (await booked.json()).data.id as number;
  const since = Date.now();
  const work = await (await browser.newContext({ viewport: phone })).newPage();
  await staffSignIn(work, email, password);
  await expect(work.getByRole("heading", { name: "Welcome, Tanvi Told" })).toBeVisible();
  const me = await work.request.get("/api/v1/staff/me");
  const assigned = await page.request.post("/api/v1/staff/leads/assign", {
    headers: { Origin: new URL(page.url()).origin },
    data: { leadIds: [leadId], staffId: (await me.json()).data.id },
  });
  expect(assigned.status()).toBe(200);

  // The mail: the lead's name and ask and a link; the person's e-mail and phone not in the subject.
  const mail = await readMailTo(email, /^Subject: New lead for you: Rhea Kapoor \(Ireland\)$/m, since);
  expect(mail).toContain("Asked for: Postgraduate in Law, Ireland");
  expect(mail).toContain(`/staff/leads/${leadId}`);
  const subject = mail.match(/^Subject: (.*)$/m)?.[1] ?? "";
  expect(subject).not.toContain(person);
  expect(subject).not.toContain("9811100042");

  // The home's figures, on a phone: hers only, each a link to the list it counts.
  await work.goto("/staff");
  await hydrated(work);
  const figures = work.getByRole("region", { name: "Your work" });
  await expect(figures.getByRole("link", { name: "1 Your open leads" })).toBeVisible();
  await expect(figures.getByRole("link", { name: "1 Your first responses due" })).toBeVisible();
  await expect(figures.getByRole("link", { name: "0 Applications waiting on you" })).toBeVisible();
  await expect(figures.getByRole("link", { name: "0 Your students' documents to review" })).toBeVisible();
  await fitsThePhone(work);
  await expectNoAxeViolations(work);
  await figures.getByRole("link", { name: "1 Your open leads" }).click();
  await expect(work).toHaveURL(/\/staff\/leads\?open=1$/);
  await expect(work.getByLabel("Open only (not Converted or Lost)")).toBeChecked();
  await expect(work.getByTestId("lead-row")).toHaveCount(1);
  await expect(work.getByTestId("lead-row")).toContainText("Rhea Kapoor");

  // The changed screens, as she sees them now, are valid HTML.
  test.setTimeout(120_000);
  const pages = [];
  for (const name of ["/staff", "/staff/today", "/staff/leads?open=1&awaiting=1", "/staff/applications?waiting=counsellor"]) {
    const answer = await work.request.get(name);
    expect(answer.status()).toBe(200);
    pages.push({ name, html: await answer.text() });
  }
  expect(errorsIn(pages)).toEqual([]);

  // Today: the lead is new to her until she opens it; its first response is in the coming week.
  await work.goto("/staff/today");
  await hydrated(work);
  const fresh = work.getByRole("region", { name: "New leads for you (1)" });
  await expect(fresh.getByTestId("new-lead")).toContainText("Rhea Kapoor");
  await expect(fresh.getByTestId("new-lead")).toContainText("Postgraduate, Law, Ireland");
  await expect(work.getByRole("region", { name: "This week" }).getByRole("link", { name: "Rhea Kapoor" })).toBeVisible();
  await fitsThePhone(work);
  await expectNoAxeViolations(work);
  await fresh.getByRole("link", { name: "Rhea Kapoor" }).click();
  await expect(work.getByRole("heading", { name: /Rhea Kapoor/ })).toBeVisible();
  await expect(work.getByTestId("lead-history").filter({ hasText: "Tanvi Told told of it by e-mail" })).toHaveCount(1);
  await work.goto("/staff/today");
  await expect(work.getByRole("heading", { name: "Overdue first responses (0)" })).toBeVisible();
  await expect(work.getByTestId("new-lead")).toHaveCount(0);
  await work.context().close();
});
