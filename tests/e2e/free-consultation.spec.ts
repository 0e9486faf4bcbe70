import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, test } from "./fixtures.ts";

async function fillForm(page: Page, overrides: Record<string, string> = {}) {
  const values = {
    "First name": "Rahul",
    "Last name": "Nair",
    "Phone number": "9876501234",
    Email: `rahul.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.in`,
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label).fill(value);
  await page.getByLabel("Study destination").selectOption("United Kingdom (UK)");
  await page.getByLabel("Type of study").selectOption("Postgraduate");
  await page.getByLabel("Preferred subject").selectOption("Business & Management");
  await page.getByLabel("Year of study").selectOption(String(new Date().getUTCFullYear() + 1));
  await page.getByLabel("State").selectOption("Kerala");
  await page.getByLabel("Qualification").fill("B.Com");
  return values;
}

test("the home page button leads to the form", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Book Your Free Consultation" }).click();
  await expect(page).toHaveURL(/\/services\/free-consultation$/);
  await expect(page.getByRole("heading", { level: 1, name: "Free Consultation Form" })).toBeVisible();
});

test("the form offers the spec's options, with the years from the clock and the lists of decision 0035", async ({ page }) => {
  await page.goto("/services/free-consultation");
  const options = (label: string) => page.getByLabel(label).locator("option:not([value=''])").allTextContents();
  // The spec's 38 and Canada and New Zealand, in their alphabetical places (decision 0050).
  expect(await options("Study destination")).toHaveLength(40);
  expect(await options("Study destination")).toEqual(expect.arrayContaining(["Canada", "New Zealand"]));
  expect((await options("Study destination")).slice(-3)).toEqual(["United Kingdom (UK)", "United States (US)", "Uzbekistan"]);
  expect(await options("Type of study")).toEqual(["Undergraduate", "Postgraduate", "Diploma", "Certificate"]);
  expect(await options("Preferred subject")).toEqual([
    "Accounting & Finance",
    "Computer Science",
    "Medicine & Dentistry",
    "Law",
    "Engineering (General)",
    "Business & Management",
    // The common subjects the spec lacks, and Other (decision 0035).
    "Nursing",
    "Data Science",
    "Hospitality",
    "Arts & Design",
    "Other",
  ]);
  // This year and the next three, from the clock (the spec's 2025 to 2028 was written in 2025; decision 0035).
  const year = new Date().getUTCFullYear();
  expect(await options("Year of study")).toEqual([0, 1, 2, 3].map((ahead) => String(year + ahead)));
  // Every state and union territory, the spec's eight among them.
  const states = await options("State");
  expect(states).toHaveLength(36);
  for (const state of ["Andhra Pradesh", "Kerala", "West Bengal", "Delhi", "Gujarat", "Punjab", "Rajasthan", "Haryana", "Ladakh"])
    expect(states).toContain(state);
  await expect(page.getByLabel("Phone number")).toHaveAttribute("type", "tel");
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
  for (const required of [
    "First name",
    "Last name",
    "Phone number",
    "Email",
    "Study destination",
    "Type of study",
    "Preferred subject",
  ]) {
    await expect(page.getByLabel(required)).toHaveAttribute("required", "");
  }
  await expectNoAxeViolations(page);
});

test("a visitor books, sees the success view with their name, and a reload shows it again", async ({ page }) => {
  await page.goto("/services/free-consultation");
  await hydrated(page);
  await fillForm(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/services/free-consultation.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Book Your Free Consultation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Booking your consultation" })).toBeAttached();
  release();
  await expect(
    page.getByRole("heading", { name: "Congratulations Rahul Nair on booking your free consultation!" }),
  ).toBeVisible();
  await expect(page.getByText("We will be contacting you soon.", { exact: true })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Your free consultation is booked" })).toBeVisible();
  await expect(page.locator("canvas")).toBeAttached({ timeout: 3000 });
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("registeredData") ?? "null"));
  expect(stored).toMatchObject({ firstName: "Rahul", lastName: "Nair" });

  await page.reload();
  await expect(
    page.getByRole("heading", { name: "Congratulations Rahul Nair on booking your free consultation!" }),
  ).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveCount(0);
});

test("a refused booking shows the server's message and keeps what was typed", async ({ page }) => {
  await page.goto("/services/free-consultation");
  await hydrated(page);
  const values = await fillForm(page, { "Phone number": "12345" });
  await page.getByRole("button", { name: "Book Your Free Consultation" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please check the highlighted fields." })).toBeVisible();
  await expect(page.getByText("Enter a valid phone number (Indian numbers may leave out +91)")).toBeVisible();
  await expect(page.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
  for (const [label, value] of Object.entries(values)) await expect(page.getByLabel(label)).toHaveValue(value);
  await expect(page.getByLabel("Study destination")).toHaveValue("United Kingdom (UK)");
  await expect(page.getByLabel("Qualification")).toHaveValue("B.Com");
  expect(await page.evaluate(() => localStorage.getItem("registeredData"))).toBeNull();
});

test("a corrected booking leaves only the success toast on the screen", async ({ page }) => {
  await page.goto("/services/free-consultation");
  await hydrated(page);
  await fillForm(page, { "Phone number": "12345" });
  await page.getByRole("button", { name: "Book Your Free Consultation" }).click();
  const toasts = page.locator(".Toastify__toast");
  await expect(toasts.filter({ hasText: "Please check the highlighted fields." })).toBeVisible();
  await page.getByLabel("Phone number").fill("9876501234");
  await page.getByRole("button", { name: "Book Your Free Consultation" }).click();
  await expect(
    page.getByRole("heading", { name: "Congratulations Rahul Nair on booking your free consultation!" }),
  ).toBeVisible();
  const booked = toasts.filter({ hasText: "Your free consultation is booked" });
  await expect(booked).toBeVisible();
  // Counted once, the moment the green one shows: the red one must already be gone, not fading out later.
  expect(await toasts.allTextContents()).toEqual([expect.stringContaining("Your free consultation is booked")]);
  await expect(booked).toHaveClass(/Toastify__toast--success/);
});

test("a failed request says so and keeps the form", async ({ page }) => {
  await page.goto("/services/free-consultation");
  await hydrated(page);
  await fillForm(page);
  await page.route("**/services/free-consultation.data*", (route) => route.fulfill({ status: 502, body: "Bad gateway" }));
  await page.getByRole("button", { name: "Book Your Free Consultation" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "An error occurred. Please try again." })).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Rahul");
});

test("without JavaScript the form still books", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/services/free-consultation");
  await fillForm(page, { "First name": "Meera", "Last name": "Pillai" });
  await page.getByRole("button", { name: "Book Your Free Consultation" }).click();
  await expect(
    page.getByRole("heading", { name: "Congratulations Meera Pillai on booking your free consultation!" }),
  ).toBeVisible();
  await context.close();
});
