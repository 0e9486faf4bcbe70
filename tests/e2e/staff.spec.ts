import { expect, expectNoAxeViolations, hydrated, loggedInStudent, test, uniqueEmail } from "./fixtures.ts";
import { readInvitationLink } from "./mail.ts";
import { ADMIN, giveLeadTo, staffSignIn } from "./staff-fixtures.ts";

test("an admin signs in to the console, invites a counsellor, and the audit log shows it", async ({ page, browser }) => {
  // A journey of three people with seven accessibility checks: about 22 s alone on two cores, more
  // beside the other files; the other journeys have the same allowance.
  test.setTimeout(60_000);
  await staffSignIn(page, ADMIN.email, "wrong-password-here");
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  await staffSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  // The console's own frame: no student navbar, no chat button.
  await expect(page.getByPlaceholder("Search Colleges and Courses")).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Staff", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Staff accounts" })).toBeVisible();
  await hydrated(page);
  const email = uniqueEmail("counsellor");
  const invitedAt = Date.now();
  await page.getByLabel("Full name").fill("Meera Counsellor");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role").selectOption({ label: "Counsellor" });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("alert").filter({ hasText: `Invitation e-mailed to ${email}.` })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Counsellor");
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByTestId("audit-entry").filter({ hasText: "staff.invited" }).first()).toContainText(
    "Administrator (admin)",
  );
  await expectNoAxeViolations(page);

  // The counsellor sets a password through the e-mailed link elsewhere and finds no staff management or audit log.
  const other = await browser.newContext();
  const counsellor = await other.newPage();
  await counsellor.goto(await readInvitationLink(email, invitedAt));
  await hydrated(counsellor);
  await counsellor.getByLabel("Password", { exact: true }).fill("counsellor-Secret-9");
  await counsellor.getByLabel("Repeat password").fill("counsellor-Secret-9");
  await counsellor.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(counsellor.getByRole("heading", { name: "Welcome, Meera Counsellor" })).toBeVisible();
  await expect(counsellor.getByRole("link", { name: "Staff", exact: true })).toHaveCount(0);
  expect((await counsellor.goto("/staff/members"))?.status()).toBe(403);

  // A visitor books a consultation; the admin gives it to this counsellor (giveLeadTo says why), and it is in their inbox.
  const visitorEmail = uniqueEmail("lead");
  const booking = await counsellor.request.post("/api/v1/consultations", {
    headers: { Origin: new URL(counsellor.url()).origin },
    data: {
      firstName: "Nikhil",
      lastName: "Varma",
      phoneNumber: "9812345678",
      email: visitorEmail,
      studyDestination: "Ireland",
      typeOfStudy: "Postgraduate",
      preferredSubject: "Law",
    },
  });
  expect(booking.status()).toBe(200);
  await giveLeadTo(page, counsellor, (await booking.json()).data.id);
  await counsellor.goto("/staff/leads");
  await counsellor.getByLabel("Name, e-mail or phone").fill(visitorEmail);
  await counsellor.getByRole("button", { name: "Show" }).click();
  const row = counsellor.getByTestId("lead-row").filter({ hasText: visitorEmail });
  await expect(row).toContainText("Meera Counsellor");
  await expect(row).toContainText("New");
  await expectNoAxeViolations(counsellor);
  await row.getByRole("link", { name: "Nikhil Varma" }).click();
  await hydrated(counsellor);
  await counsellor.getByLabel("New status").selectOption("Contacted");
  await counsellor.getByRole("button", { name: "Change status" }).click();
  await expect(counsellor.getByRole("alert").filter({ hasText: "Status changed to Contacted." })).toBeVisible();
  await expect(counsellor.getByRole("definition").filter({ hasText: /^Contacted$/ })).toBeVisible();
  await expectNoAxeViolations(counsellor);
  await other.close();

  await page.goto("/staff");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/staff\/login$/);
  expect((await page.goto("/staff"))?.status()).toBe(404);
});

test("the console does not exist for visitors and students", async ({ page }) => {
  for (const path of ["/staff", "/staff/members", "/staff/audit"]) expect((await page.goto(path))?.status(), path).toBe(404);
  await loggedInStudent(page);
  for (const path of ["/staff", "/staff/members", "/staff/audit"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  }
});
