import type { Page } from "@playwright/test";
import { parentMessages } from "../../vocabulary/parents.ts";
import { expect, expectNoAxeViolations, httpClient, hydrated, loggedInStudent, test } from "./fixtures.ts";
import { ADMIN } from "./staff-fixtures.ts";

/**
 * Decision 0028: a student creates a read-only link on the profile; a browser
 * without an account opens it and sees the applications; the student sees the opening and revokes the
 * link, which then stops working.
 */

const toast = (page: Page, text: string | RegExp) => expect(page.getByRole("alert").filter({ hasText: text })).toBeVisible();

/** An application for the logged-in student on `page`, made by the admin through the staff API and moved to Submitted. */
async function applicationFor(page: Page): Promise<string> {
  const me = await page.request.get("/api/v1/students/me");
  const studentId = (await me.json()).data.student_id as number;
  const admin = await httpClient();
  expect((await admin.post("/api/v1/staff/session", { data: ADMIN })).status()).toBe(200);
  // A course with an upcoming September intake (a course is applied to for one of its intakes): the next September.
  const found = await (await admin.get("/api/catalogue/search/computer?intake=9")).json();
  const now = new Date();
  const september = now.getUTCMonth() + 1 <= 9 ? now.getUTCFullYear() : now.getUTCFullYear() + 1;
  const created = await admin.post(`/api/v1/staff/students/${studentId}/applications`, {
    data: { courseId: found.coursesData[0].course_id, intakeMonth: 9, intakeYear: september },
  });
  expect(created.status(), await created.text()).toBe(201);
  const application = (await created.json()).data;
  // The university needs none of the documents: each waived with a reason, as "Ready to submit" requires (decision 0035).
  for (const entry of application.checklist as { item: string }[]) {
    const waived = await admin.post(`/api/v1/staff/applications/${application.id}/waivers`, {
      data: { item: entry.item, reason: "Not asked for by this university" },
    });
    expect(waived.status()).toBe(200);
  }
  for (const status of ["Ready to submit", "Submitted"]) {
    const moved = await admin.post(`/api/v1/staff/applications/${application.id}/moves`, {
      data: {
        status,
        note: "internal: parent called the office",
        // A submission names its day and the university's reference (decision 0058).
        details: status === "Submitted" ? { submittedOn: "2026-01-05", universityReference: "UNI-E2E-1002" } : {},
      },
    });
    expect(moved.status()).toBe(200);
  }
  await admin.dispose();
  return application.course as string;
}

test("a parent opens the link without an account; the student sees the opening and revokes it", async ({
  page,
  browser,
  student,
}) => {
  // Two browsers, four accessibility scans and the toasts they wait out: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const course = await applicationFor(page);
  await page.goto("/profile/parents");
  await hydrated(page);
  const section = page.getByRole("region", { name: parentMessages.heading });
  await expect(section.getByTestId("parent-links-empty")).toHaveText(parentMessages.none);
  await expectNoAxeViolations(page);

  await section.getByLabel(parentMessages.labelField).fill("Mother");
  await expect(section.getByLabel(parentMessages.daysField)).toHaveValue("30");
  await section.getByLabel(parentMessages.daysField).selectOption("7");
  await section.getByRole("button", { name: parentMessages.create }).click();
  await toast(page, parentMessages.created);
  const url = await section.getByLabel(parentMessages.createdLinkLabel).inputValue();
  expect(url).toMatch(/\/parent\/[A-Za-z0-9_-]{43}$/);
  const link = section.getByTestId("parent-link");
  await expect(link).toHaveCount(1);
  await expect(link).toContainText("Mother");
  await expect(link).toContainText(parentMessages.active);
  await expect(link.getByTestId("parent-link-openings")).toHaveText(parentMessages.neverOpened);
  await expectNoAxeViolations(page);

  // The parent: a fresh browser, no account, no cookie.
  const parentContext = await browser.newContext();
  const parent = await parentContext.newPage();
  const opened = await parent.goto(url);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["cache-control"]).toBe("private, no-store");
  expect(opened?.headers()["referrer-policy"]).toBe("same-origin");
  expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  const firstName = student.name.split(" ")[0] ?? "";
  await expect(parent.getByRole("heading", { level: 1, name: parentMessages.pageTitle(firstName) })).toBeVisible();
  const cards = parent.getByTestId("parent-applications").locator(".card");
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(course);
  await expect(cards.locator(".badge")).toHaveText("Submitted");
  await expect(cards.getByRole("listitem")).toHaveCount(3);
  // The whole document, the data it hydrates from included: no contact details, surname or staff's notes.
  const html = await parent.content();
  const surname = student.name.split(" ").slice(1).join(" ");
  for (const secret of [student.email, student.phone, surname, "parent called the office", "student_id"]) {
    expect(html).not.toContain(secret);
  }
  await expect(parent.getByRole("link", { name: `Profile of ${student.name}` })).toHaveCount(0);
  await hydrated(parent);
  await expectNoAxeViolations(parent);

  // The student sees the opening.
  await page.reload();
  await hydrated(page);
  const openings = link.getByTestId("parent-link-openings");
  await expect(openings).toContainText(/^Opened once, last (just now|1 minute ago) \(/);
  await openings.click();
  await expect(link.getByRole("list", { name: `${parentMessages.openingsList}: Mother` }).getByRole("listitem")).toHaveCount(1);
  await expect(link.getByRole("list", { name: `${parentMessages.openingsList}: Mother` })).toContainText(/Linux/);

  await link.getByRole("button", { name: `${parentMessages.revoke}: Mother` }).click();
  await toast(page, parentMessages.revoked);
  await expect(link).toContainText(parentMessages.revokedState);
  await expect(link.getByRole("button", { name: `${parentMessages.revoke}: Mother` })).toHaveCount(0);

  // The link stops working, with the same page an unknown link gets.
  const gone = await parent.goto(url);
  expect(gone?.status()).toBe(404);
  expect(gone?.headers()["cache-control"]).toBe("private, no-store");
  await expect(parent.getByRole("heading", { level: 1, name: parentMessages.goneTitle })).toBeVisible();
  await expect(parent.locator("main")).not.toContainText(course);
  const unknown = await parent.goto(`/parent/${"A".repeat(43)}`);
  expect(unknown?.status()).toBe(404);
  await expect(parent.getByRole("heading", { level: 1, name: parentMessages.goneTitle })).toBeVisible();
  await hydrated(parent);
  await expectNoAxeViolations(parent);
  await parentContext.close();
});

test("without scripts the student creates and revokes a link with plain forms", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await loggedInStudent(context, { name: "Arav Menon" });
  await page.goto("/profile/parents");
  const section = page.getByRole("region", { name: parentMessages.heading });
  await section.getByRole("button", { name: parentMessages.create }).click();
  const url = await section.getByLabel(parentMessages.createdLinkLabel).inputValue();
  expect(url).toMatch(/\/parent\/[A-Za-z0-9_-]{43}$/);
  await expect(section.getByTestId("parent-link")).toContainText(parentMessages.noLabel);
  await section.getByRole("button", { name: `${parentMessages.revoke}: ${parentMessages.noLabel}` }).click();
  await expect(section.getByTestId("parent-link")).toContainText(parentMessages.revokedState);
  expect((await page.request.get(url)).status()).toBe(404);
  await context.close();
});

test("a parent without scripts switches the page to Hindi with its plain form and comes back to the same page", async ({
  page,
  browser,
}) => {
  const student = await loggedInStudent(page, { name: "Kavya Pillai" });
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const created = await page.request.post("/api/v1/students/me/parent-links", {
    headers: { Origin: origin },
    data: { label: "नानी", days: 7 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const url = (await created.json()).data.url as string;
  const firstName = student.name.split(" ")[0] ?? "";
  // A grandmother's phone with scripts off: the page's only post is the language switch (decision 0095's Origin).
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const parent = await context.newPage();
  const opened = await parent.goto(url);
  await expect(parent.getByRole("heading", { level: 1, name: parentMessages.pageTitle(firstName) })).toBeVisible();
  await expect(parent.getByText(parentMessages.pageNone(firstName))).toBeVisible();
  const [switched] = await Promise.all([
    parent.waitForResponse((r) => r.request().method() === "POST"),
    parent.getByRole("button", { name: "हिन्दी" }).click(),
  ]);
  expect(switched.status()).toBeLessThan(400);
  // Back on the parent's page, now in Hindi: the choice is kept, the link still works.
  await expect(parent).toHaveURL(url);
  await expect(parent.locator("html")).toHaveAttribute("lang", "hi");
  await expect(parent.getByRole("button", { name: "English" })).toBeVisible();
  await expect(parent.getByRole("heading", { level: 1, name: `${firstName} के आवेदन` })).toBeVisible();
  await expect(parent.getByText(`${firstName} का अभी कोई आवेदन नहीं है।`)).toBeVisible();
  await parent.screenshot({ path: ".tmp/screens/parent-noscript-hindi-390.png", fullPage: true });
  // The link goes in a referrer to this site only (its own posts carry their Origin), never to another one.
  expect(opened?.headers()["referrer-policy"]).toBe("same-origin");
  await context.close();
});
