import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, loggedInStudent, signUpStudent, test, uniqueEmail } from "./fixtures.ts";
import { readResetCode } from "./mail.ts";

async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByRole("alert").filter({ hasText: text })).toBeVisible();
}

/** Signs up through the screen: only for the tests whose subject is that screen. */
async function signUp(page: Page, email: string, password = "first-password-1") {
  await page.goto("/signup");
  await hydrated(page);
  await page.getByLabel("Full name").fill("Priya Raman");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("9876512345");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

test("sign up, sign out (cancel first), log in, reset the password by e-mailed code, log in with it", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("priya");
  await signUp(page, email);
  // A new student lands on their home (decision 0062).
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("link", { name: "Profile of Priya Raman" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign Up" })).toHaveCount(0);

  // Browser storage keeps only the e-mail and the student id; the session cookie is out of scripts' reach.
  const userData = await page.evaluate(() => JSON.parse(localStorage.getItem("userData") ?? "null"));
  expect(Object.keys(userData).sort()).toEqual(["email", "student_id"]);
  expect(userData.email).toBe(email);
  expect(await page.evaluate(() => document.cookie)).not.toContain("ignite_session");
  const session = (await context.cookies()).find((c) => c.name === "ignite_session");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
  expect((session?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(29 * 86400);

  await page.getByRole("link", { name: "Sign Out" }).click();
  await expect(page.getByText("Are you sure you want to logout?")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("Are you sure you want to logout?")).toBeHidden();
  await expect(page.getByRole("link", { name: "Profile of Priya Raman" })).toBeVisible();

  await page.goto("/countries");
  await hydrated(page);
  await page.getByRole("link", { name: "Sign Out" }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await toast(page, "You have been logged out!");
  await expect(page.getByRole("link", { name: "Sign Up" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("userData"))).toBeNull();
  expect((await context.cookies()).find((c) => c.name === "ignite_session")).toBeUndefined();

  await page.goto("/login");
  await hydrated(page);
  await logIn(page, email, "first-password-1");
  await expect(page.getByRole("link", { name: "Profile of Priya Raman" })).toBeVisible();
  await page.goto("/profile");
  await expect(page.getByText("+919876512345")).toBeVisible();
  // Log out through the page form too, to start the reset as a visitor.
  await page.goto("/logout");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("link", { name: "Sign Up" })).toBeVisible();

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
  await hydrated(page);
  const askedAt = Date.now() - 1000;
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(`Enter the 6-digit code we sent to ${email}`)).toBeVisible();
  await expect(page.getByText(/You can ask for a new code in \d+ seconds/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend" })).toHaveCount(0);
  await expect(page.getByLabel("One-time code")).toHaveAttribute("inputmode", "numeric");

  const code = await readResetCode(email, askedAt);
  await page.getByLabel("One-time code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify code" }).click();
  await toast(page, "Wrong OTP. Please re-check the OTP");
  await page.getByLabel("One-time code").fill(code);
  await page.getByRole("button", { name: "Verify code" }).click();

  await page.getByLabel("New password", { exact: true }).fill("second-password-2");
  await page.getByLabel("Confirm new password").fill("second-password-X");
  await page.getByRole("button", { name: "Update password" }).click();
  await toast(page, "Passwords didn't match");
  await page.getByLabel("Confirm new password").fill("second-password-2");
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.locator("main").getByText("Password has been updated", { exact: true })).toBeVisible();
  await toast(page, "Login to continue");
  await page.getByRole("link", { name: "Login to continue" }).click();

  await hydrated(page);
  await logIn(page, email, "first-password-1");
  await toast(page, "Invalid email or password");
  await logIn(page, email, "second-password-2");
  await expect(page.getByRole("link", { name: "Profile of Priya Raman" })).toBeVisible();
});

test("login and sign-up show the spec's messages", async ({ page }) => {
  await page.goto("/login");
  await hydrated(page);
  await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgotpassword");
  // One word for one thing (decision 0051): the spec's "Sign Up", as the navbar says it.
  await expect(page.locator("main").getByRole("link", { name: "Sign Up", exact: true })).toHaveAttribute("href", "/signup");
  await page.getByRole("button", { name: "Login" }).click();
  await toast(page, "Please Fill the form");
  await page.getByLabel("Password", { exact: true }).fill("secret-value");
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  await page.getByLabel("Email").fill("nobody-here@example.in");
  await page.getByRole("button", { name: "Login" }).click();
  await toast(page, "Invalid email or password");

  await page.goto("/signup");
  await hydrated(page);
  await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await toast(page, "Fill the form");
  await page.getByLabel("Full name").fill("Arjun Das");
  await page.getByLabel("Email").fill(uniqueEmail("arjun"));
  await page.getByLabel("Phone").fill("12345");
  await page.getByLabel("Password", { exact: true }).fill("good-password-1");
  await page.getByLabel("Confirm password").fill("good-password-2");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await toast(page, "Passwords doesn't match");
  await page.getByLabel("Confirm password").fill("good-password-1");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.locator("#phone-error")).toHaveText("Enter a valid phone number (Indian numbers may leave out +91)");
  await expect(page.getByLabel("Full name")).toHaveValue("Arjun Das");
  await expect(page.getByLabel("Phone")).toHaveValue("12345");
  await expectNoAxeViolations(page);
});

test("an e-mail that already has an account is told so", async ({ page, request }) => {
  const { email } = await signUpStudent(request);
  await signUp(page, email.toUpperCase());
  await toast(page, "An account with this e-mail already exists. Please log in.");
});

test("forgot password: empty, unknown account", async ({ page }) => {
  await page.goto("/forgotpassword");
  await hydrated(page);
  await page.getByRole("button", { name: "Send code" }).click();
  await toast(page, "Please enter e-mail id");
  await page.getByLabel("Email").fill(uniqueEmail("stranger"));
  await page.getByRole("button", { name: "Send code" }).click();
  await toast(page, "You do not have an account");
  await expect(page.locator("main").getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/signup");
  await expectNoAxeViolations(page);
});

test("a protected screen sends a visitor to login and back after it", async ({ page, request }) => {
  // The account exists, but this browser is not logged in to it.
  const { email, password } = await signUpStudent(request);

  await page.goto("/germany/universities");
  await hydrated(page);
  const card = page.locator("main .card").first();
  const name = (await card.locator("h2").textContent()) ?? "";
  await card.click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await toast(page, "Please login or sign-up before continuing");
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/germany\/universities\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  // The first of the university's courses (its list, below the filters).
  await page.locator("main li.border-bottom a[href*='/germany/universities/']").first().click();
  await expect(page.getByText("Medium Of Instruction")).toBeVisible();
});

test("a logged-in student's consultation form is prefilled", async ({ page }) => {
  const { email } = await loggedInStudent(page, { name: "Priya Raman", phone: "9876512345" });
  await page.goto("/services/free-consultation");
  await expect(page.getByRole("link", { name: "Profile of Priya Raman" })).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Priya");
  await expect(page.getByLabel("Last name")).toHaveValue("Raman");
  await expect(page.getByLabel("Phone number")).toHaveValue("+919876512345");
  await expect(page.getByLabel("Email")).toHaveValue(email);
});

test("forgot password: the Resend wait keeps counting after a wrong code, whatever the browser's clock says", async ({
  page,
  request,
}) => {
  // The browser's wall clock is years off the server's; the wait must still be the server's 30 seconds.
  await page.clock.install({ time: new Date("2031-06-01T10:00:00Z") });
  const { email } = await signUpStudent(request);
  await page.goto("/forgotpassword");
  await hydrated(page);
  const askedAt = Date.now() - 1000;
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(/You can ask for a new code in (30|29) seconds/)).toBeVisible();

  const code = await readResetCode(email, askedAt);
  await page.getByLabel("One-time code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify code" }).click();
  await toast(page, "Wrong OTP. Please re-check the OTP");

  // Ten seconds on, the wait is still counting down (it used to freeze at the refusal).
  await page.clock.fastForward(10_000);
  await expect(page.getByText(/You can ask for a new code in (1\d|20) seconds/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend" })).toHaveCount(0);
  await page.clock.fastForward(21_000);
  await expect(page.getByRole("button", { name: "Resend" })).toBeVisible();
  // Only the browser's clock ran ahead: the server still says wait, and its figure restarts the count.
  await page.getByRole("button", { name: "Resend" }).click();
  await toast(page, /Please wait \d+ seconds before asking for a new code/);
  await expect(page.getByText(/You can ask for a new code in \d+ seconds/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend" })).toHaveCount(0);
});
