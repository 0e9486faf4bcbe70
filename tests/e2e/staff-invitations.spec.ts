import { expect, expectNoAxeViolations, hydrated, test, uniqueEmail } from "./fixtures.ts";
import { readInvitationLink } from "./mail.ts";
import { ADMIN, giveLeadTo, staffSignIn } from "./staff-fixtures.ts";

const EXPIRED = "This invitation link has expired or was already used. Ask an admin for a new one.";

test("an admin invites a counsellor, who sets a password through the e-mailed link, signs in with it later, and works a task from Today", async ({
  page,
  browser,
}) => {
  // Two people's sessions, an e-mail and three accessibility checks: a long journey on a busy 2-core machine.
  test.setTimeout(60_000);
  await staffSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  await page.getByRole("link", { name: "Staff", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Invite a colleague" })).toBeVisible();
  await hydrated(page);
  const email = uniqueEmail("invited");
  const invitedAt = Date.now();
  await page.getByLabel("Full name").fill("Kiran Counsellor");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role").selectOption({ label: "Counsellor" });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("alert").filter({ hasText: `Invitation e-mailed to ${email}.` })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Invited");
  const firstLink = await readInvitationLink(email, invitedAt);

  // A resend voids the first link.
  const resentAt = Date.now();
  await row.getByRole("button", { name: `Resend link for ${email}` }).click();
  await expect(page.getByRole("alert").filter({ hasText: `A new invitation link was e-mailed to ${email}` })).toBeVisible();
  let link = firstLink;
  await expect.poll(async () => (link = await readInvitationLink(email, resentAt))).not.toBe(firstLink);

  const other = await browser.newContext();
  const counsellor = await other.newPage();
  const dead = await counsellor.goto(firstLink);
  expect(dead?.status()).toBe(410);
  await expect(counsellor.getByText(EXPIRED)).toBeVisible();
  await expectNoAxeViolations(counsellor);
  expect((await counsellor.goto("/staff/invitation?token=not-a-real-token"))?.status()).toBe(410);
  await expect(counsellor.getByText(EXPIRED)).toBeVisible();

  // Before accepting, the account cannot sign in.
  await staffSignIn(counsellor, email, "kiran-Secret-pass-1");
  await expect(counsellor.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();

  await counsellor.goto(link);
  await expect(counsellor.getByRole("heading", { name: "Set your password" })).toBeVisible();
  await expect(
    counsellor.getByText(`Welcome, Kiran Counsellor. You are invited to the Ignite console as Counsellor (${email}).`),
  ).toBeVisible();
  await expectNoAxeViolations(counsellor);
  await hydrated(counsellor);
  await counsellor.getByLabel("Password", { exact: true }).fill("kiran-Secret-pass-1");
  await counsellor.getByLabel("Repeat password").fill("kiran-Secret-pass-1");
  await counsellor.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(counsellor.getByRole("heading", { name: "Welcome, Kiran Counsellor" })).toBeVisible();
  await expect(counsellor).toHaveURL(/\/staff$/);
  // Used once: the link is dead now.
  await counsellor.goto(link);
  await expect(counsellor.getByText(EXPIRED)).toBeVisible();

  // Later, the password signs them in.
  await counsellor.goto("/staff");
  await counsellor.getByRole("button", { name: "Sign out" }).click();
  await expect(counsellor).toHaveURL(/\/staff\/login$/);
  await staffSignIn(counsellor, email, "kiran-Secret-pass-1");
  await expect(counsellor.getByRole("heading", { name: "Welcome, Kiran Counsellor" })).toBeVisible();
  await expect(counsellor.getByRole("navigation", { name: "Staff console" }).getByRole("link").nth(1)).toHaveText("Today");

  // A booking is given to the new counsellor by the admin (giveLeadTo says why); they add a task on it.
  const visitorEmail = uniqueEmail("tasklead");
  const booking = await counsellor.request.post("/api/v1/consultations", {
    headers: { Origin: new URL(counsellor.url()).origin },
    data: {
      firstName: "Tara",
      lastName: "Menon",
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
  await counsellor.getByTestId("lead-row").filter({ hasText: visitorEmail }).getByRole("link", { name: "Tara Menon" }).click();
  await expect(counsellor.getByRole("heading", { name: "Tasks" })).toBeVisible();
  await hydrated(counsellor);
  await counsellor.getByLabel("New task").fill("Call Tara about the intake");
  await expect(counsellor.getByLabel("For")).toHaveValue(/\d+/);
  await counsellor.getByRole("button", { name: "Add task" }).click();
  await expect(counsellor.getByRole("alert").filter({ hasText: "Task added: Call Tara about the intake." })).toBeVisible();
  await expect(counsellor.getByTestId("task").filter({ hasText: "Call Tara about the intake" })).toContainText(
    "Kiran Counsellor",
  );
  await expectNoAxeViolations(counsellor);

  await counsellor.getByRole("link", { name: "Today" }).click();
  await expect(counsellor.getByRole("heading", { name: /^Due today/ })).toBeVisible();
  const task = counsellor.getByTestId("task").filter({ hasText: "Call Tara about the intake" });
  await expect(task.getByRole("link", { name: "Lead: Tara Menon" })).toBeVisible();
  await expectNoAxeViolations(counsellor);
  await hydrated(counsellor);
  await task.getByRole("button", { name: "Mark done: Call Tara about the intake" }).click();
  await expect(counsellor.getByRole("alert").filter({ hasText: "Done: Call Tara about the intake." })).toBeVisible();
  await expect(counsellor.getByTestId("task").filter({ hasText: "Call Tara about the intake" })).toHaveCount(0);
  await other.close();

  // The admin's list shows the member as active now.
  await page.goto("/staff/members");
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Active");
});
