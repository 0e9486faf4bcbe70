import { applicant } from "./applying-fixtures.ts";
import { axe, expect, expectNoAxeViolations, httpClient, hydrated, loggedInAs, loggedInStudent, test } from "./fixtures.ts";
import { invitedRecommender } from "./letters-fixtures.ts";
import { ADMIN, staffSignIn } from "./staff-fixtures.ts";

const screens = [
  "/",
  "/countries",
  "/universities",
  "/germany/universities",
  "/search?q=computer",
  "/search?q=zzqxvw",
  "/search?q=ms%20in%20cs%20usa",
  "/search?q=sweden",
  "/scholarships",
  "/contact-us",
  "/faq",
  "/privacy-policy",
  "/terms-and-conditions",
  "/login",
  "/no-such-page",
];

for (const path of screens) {
  test(`axe finds no violations on ${path}, and the content security policy refuses nothing`, async ({ page }) => {
    // What the policy refused while the page loaded and hydrated (an inline script without its hash, a
    // script's eval: Lighthouse's best practices count them too).
    await page.addInitScript(() => {
      const refused: string[] = [];
      Object.assign(window, { refused });
      document.addEventListener("securitypolicyviolation", (event) =>
        refused.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await page.goto(path);
    await hydrated(page);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([]);
  });
}

// A signed-in student's own screens (decision 0062): the demo student's home, with applications, and each
// section of the profile on its own page.
const studentScreens = [
  "/home",
  "/profile",
  "/profile?edit=1",
  "/profile/documents",
  "/profile/counsellor",
  "/profile/sessions",
  "/profile/scholarships",
  "/profile/devices",
  "/profile/parents",
  "/profile/privacy",
];

for (const path of studentScreens) {
  test(`axe finds no violations on the demo student's ${path}, and the content security policy refuses nothing`, async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const refused: string[] = [];
      Object.assign(window, { refused });
      document.addEventListener("securitypolicyviolation", (event) =>
        refused.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await loggedInAs(page, "demo@ignite.example", "ignite-demo-2026");
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole("link", { name: "Profile of Demo Student" })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([]);
  });
}

// The screens' scans leave toasts out (they fade in and out); here a toast of each kind is scanned at rest:
// its entrance animation over, held on the screen by the pointer resting on it (react-toastify pauses then).

test("axe finds no violations in an error toast and a success toast at rest", async ({ page }) => {
  await page.goto("/services/free-consultation");
  await hydrated(page);
  const fields: Record<string, string> = {
    "First name": "Rahul",
    "Last name": "Nair",
    Email: `rahul.${Date.now()}@example.in`,
    "Phone number": "12345",
  };
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value);
  await page.getByLabel("Study destination").selectOption("United Kingdom (UK)");
  await page.getByLabel("Type of study").selectOption("Postgraduate");
  await page.getByLabel("Preferred subject").selectOption("Business & Management");
  await page.getByLabel("Year of study").selectOption(String(new Date().getUTCFullYear() + 1));
  await page.getByLabel("State").selectOption("Kerala");
  await page.getByLabel("Qualification").fill("B.Com");
  const scanToast = async (text: string) => {
    const toast = page.locator(".Toastify__toast").filter({ hasText: text });
    await toast.hover();
    await page.waitForFunction(
      (wanted) =>
        [...document.querySelectorAll(".Toastify__toast")].some(
          (node) => node.textContent?.includes(wanted) && node.getAnimations().length === 0,
        ),
      text,
    );
    const results = await axe(page).include(".Toastify").analyze();
    expect(results.passes.length).toBeGreaterThan(0);
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  };
  await page.getByRole("button", { name: "Book Your Free Consultation" }).click();
  await scanToast("Please check the highlighted fields.");
  await page.mouse.move(0, 0);
  await page.getByLabel("Phone number").fill("9876501234");
  await page.getByRole("button", { name: "Book Your Free Consultation" }).click();
  await scanToast("Your free consultation is booked");
});

test("axe finds no violations on a student's application, with its package and upload buttons, nor on saved courses with Apply, at 390 px", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { course, id, origin } = await applicant(page, "Aditi Rao");
  await page.request.put(`/api/v1/students/me/interests/${course.id}`, { headers: { Origin: origin } });
  await page.goto(`/user/applications/${id}?started=1`);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Your package" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/user/saved-courses");
  await hydrated(page);
  await expect(page.getByRole("link", { name: `Apply ${course.name}` })).toHaveAttribute("href", `/courses/${course.id}#apply`);
  await expectNoAxeViolations(page);
});

test("axe finds no violations on the SOP (decision 0072): the student's page with checks, a comment and a diff, and the console's review, at 390 px", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await httpClient();
  const { id, origin } = await applicant(page, "Aditi Rao", { admin });
  const sop = `/api/v1/students/me/applications/${id}/statements/sop`;
  const headers = { Origin: origin };
  const text = "My project at [University] measured dust on solar panels.\n\nI will return to Pune after the course.";
  expect((await page.request.put(`${sop}/draft`, { headers, data: { text, revision: 0 } })).status()).toBe(200);
  const sent = await page.request.post(`${sop}/versions`, { headers, data: { revision: 1 } });
  const version = (await sent.json()).data.versions[0].id as number;
  await admin.post(`/api/v1/staff/applications/${id}/statements/sop/versions/${version}/comments`, {
    data: { paragraph: 1, body: "Why Pune?" },
  });
  await page.goto(`/user/applications/${id}/sop?from=1&to=0`);
  await hydrated(page);
  await expect(page.getByTestId("comment")).toContainText("Why Pune?");
  await expectNoAxeViolations(page);
  const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const staff = await staffContext.newPage();
  await staffSignIn(staff, ADMIN.email, ADMIN.password);
  await expect(staff.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  await staff.goto(`/staff/applications/${id}/sop`);
  await hydrated(staff);
  await expect(staff.getByTestId("comment")).toContainText("Why Pune?");
  await expectNoAxeViolations(staff);
  await staffContext.close();
  await admin.dispose();
});

test("axe finds no violations on a student's letters page nor on a recommender's page, at 390 px", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { id, origin } = await applicant(page, "Aditi Rao");
  const { linkPath } = await invitedRecommender(page.request, id, origin);
  await page.goto(`/user/applications/${id}/letters`);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Recommendation letters" })).toBeVisible();
  await expectNoAxeViolations(page);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const theirs = await context.newPage();
  await theirs.goto(linkPath);
  await hydrated(theirs);
  await expect(theirs.getByRole("heading", { name: "A recommendation letter for Aditi Rao" })).toBeVisible();
  await expectNoAxeViolations(theirs);
  await context.close();
});

test("axe finds no violations on the loan planner with an offer and a refused one, at 390 px (decision 0082)", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await loggedInStudent(page, { name: "Meera Pillai" });
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const saved = await page.request.post("/api/v1/students/me/loan-offers", {
    headers: { Origin: origin },
    data: {
      label: "Offer A",
      amount: "25 lakh",
      annualRate: "11",
      rateType: "fixed",
      tenureYears: "8",
      courseMonths: "24",
      graceMonths: "6",
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  await page.goto("/user/loans");
  await hydrated(page);
  await expect(page.getByTestId("loan-comparison")).toContainText("₹25,00,000");
  await page.getByLabel("Tenure (years)").fill("0");
  await page.getByRole("button", { name: "Save and compare" }).click();
  await expect(page.getByText("Enter the repayment tenure in years: more than 0 and at most 30.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("axe finds no violations on the offers and the funding plan of a student with none yet, at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loggedInStudent(page, { name: "Kavya Iyer" });
  await page.goto("/user/offers");
  await hydrated(page);
  await expect(page.getByText("No offers yet.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/user/funding");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Your funding plan" })).toBeVisible();
  await expectNoAxeViolations(page);
});
