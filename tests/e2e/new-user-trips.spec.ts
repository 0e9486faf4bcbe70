import { expect, expectNoAxeViolations, hydrated, test, uniqueEmail } from "./fixtures";
import { ADMIN, staffSignIn } from "./staff-fixtures";

/**
 * What a new user trips on outside the visa screens (decision 0051), on a phone (390 px): the search's
 * suggestions readable over the page, searches that find nothing offering what is near, the filters
 * keeping the words typed and naming each once.
 */
test.use({ viewport: { width: 390, height: 844 } });

test.describe("search on a phone", () => {
  test("the suggestions under the box are drawn on their own background, not over the page's text", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const box = page.getByRole("combobox", { name: "Search Colleges and Courses" });
    await box.pressSequentially("ms in c");
    const option = page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first();
    await expect(option).toBeVisible();
    const background = await option.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toBe("rgba(0, 0, 0, 0)");
    expect(background).not.toBe("transparent");
    await expectNoAxeViolations(page);
  });

  test("a shorthand search that finds nothing keeps the spec's sentence and offers the same course elsewhere and fewer words", async ({
    page,
  }) => {
    await page.goto("/search?q=ms%20cs%20uk");
    await expect(page.getByText("Masters · Computer Science · United Kingdom")).toBeVisible();
    await expect(page.getByText("Sorry, no items were found for your search")).toBeVisible();
    const near = page.getByTestId("near-searches");
    await expect(near.getByRole("heading", { name: "Searches that find courses" })).toBeVisible();
    await expect(near.getByRole("link", { name: /^“ms cs” \(\d+ courses\)$/ })).toBeVisible();
    const elsewhere = near.getByRole("link", { name: /^Australia \(\d+ courses?\)$/ });
    const promised = Number((await elsewhere.textContent())?.match(/\((\d+) course/)?.[1]);
    expect(promised).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await elsewhere.click();
    await expect(page).toHaveURL(/\/search\?q=cs&country=australia&level=masters$/);
    await expect(page.getByText(`${promised} course`, { exact: false }).first()).toBeVisible();
    await expect(page.locator("main a[href^='/courses/']").first()).toContainText(/computer science/i);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("an intake typed in the term is read as the intake filter, and any intake is offered when none starts then", async ({
    page,
  }) => {
    await page.goto("/search?q=ms%20in%20cs%20usa%20fall%202027");
    await expect(page.getByText("Masters · Computer Science · United States · September intake")).toBeVisible();
    await expect(page.getByText("Sorry, no items were found for your search")).toBeVisible();
    const anyIntake = page.getByTestId("near-searches").getByRole("link", { name: /^Any intake \(\d+ courses?\)$/ });
    await anyIntake.click();
    await expect(page.locator("main a[href^='/courses/']").first()).toContainText(/computer science/i);
    await expect(page.getByRole("link", { name: "Remove filter United States" })).toBeVisible();
  });

  test("a filter keeps the words typed in the box, shows Masters once, and 'any destination' takes the typed one out", async ({
    page,
  }) => {
    await page.goto("/search?q=mba%20canada");
    await hydrated(page);
    await page.getByLabel("Order").selectOption("fee");
    await expect(page).toHaveURL(/[?&]sort=fee/);
    await expect(page.getByRole("link", { name: "Remove filter Masters" })).toBeVisible();
    await expect(page.locator("#navbar-search")).toHaveValue("mba canada");
    // Masters and Canada each once: among the applied filters, not again among the term's parts.
    await expect(page.getByRole("link", { name: /Masters/ }).filter({ hasText: "×" })).toHaveCount(1);
    await expect(page.getByRole("link", { name: /Canada/ }).filter({ hasText: "×" })).toHaveCount(1);
    await page.getByLabel("Destination").selectOption("");
    await expect(page.getByRole("link", { name: "Remove filter Canada" })).toHaveCount(0);
    await expect(page).not.toHaveURL(/canada/);
    await expect(page.locator("#navbar-search")).toHaveValue("mba");
    await expectNoAxeViolations(page);
  });
});

test("a sign-up whose first try had mismatched passwords lands with a welcome, not the old warning", async ({ page }) => {
  await page.goto("/signup");
  await hydrated(page);
  await page.getByLabel("Full name").fill("अनन्या वर्मा");
  await page.getByLabel("Email").fill(uniqueEmail("ananya"));
  await page.getByLabel("Phone").fill("9876512345");
  await page.getByLabel("Password", { exact: true }).fill("first-password-1");
  await page.getByLabel("Confirm password").fill("first-password-2");
  await page.getByRole("button", { name: "Sign Up" }).click();
  const warning = page.getByRole("alert").filter({ hasText: "Passwords doesn't match" });
  await expect(warning).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("first-password-1");
  await page.getByLabel("Confirm password").fill("first-password-1");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("link", { name: "Profile of अनन्या वर्मा" })).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "Welcome to Ignite, अनन्या वर्मा! Your account is ready." }),
  ).toBeVisible();
  await expect(warning).toHaveCount(0);
  // A new student lands on their home (decision 0062).
  await expect(page).toHaveURL(/\/home$/);
});

test("the console's Leads, audit log and Reports fit a phone: their tables scroll, the page does not", async ({ page }) => {
  await staffSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { level: 1, name: /Welcome/ })).toBeVisible();
  // A lead with a long name, so the Leads table has a row.
  const booked = await page.request.post("/api/v1/consultations", {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      firstName: "Venkataraghavan",
      lastName: "Subramaniam-Krishnamurthy",
      phoneNumber: "9811100043",
      email: uniqueEmail("wide.lead"),
      studyDestination: "Ireland",
      typeOfStudy: "Postgraduate",
      preferredSubject: "Computer Science",
      yearOfStudy: String(new Date().getUTCFullYear()),
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  for (const [path, heading] of [
    ["/staff/leads", "Leads"],
    ["/staff/audit", "Audit log"],
    ["/staff/reports", "Reports"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    const table = page.locator("main .table-responsive").first();
    await expect(table).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    expect(await table.evaluate((element) => getComputedStyle(element).overflowX), path).toBe("auto");
  }
});

test("the home page's count of destinations is the Countries page's, and the rupee note reads as a sentence", async ({
  page,
}) => {
  await page.goto("/countries");
  const listed = await page.locator("main ul > li").count();
  expect(listed).toBeGreaterThan(30);
  await page.goto("/");
  await expect(page.getByText(`across ${listed} study destinations.`)).toBeVisible();
  await page.goto("/search?q=mba");
  await expect(page.getByTestId("rate-note")).toContainText(/^Rupee amounts \(₹\) are worked out approximately, at the rate of /);
  await expect(page.locator("main p").filter({ hasText: /^\d+ courses\. / })).toBeVisible();
});
