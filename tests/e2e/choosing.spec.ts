import type { APIRequestContext, Page } from "@playwright/test";
import { formatLongDate } from "../../vocabulary/costs.ts";
import { expect, expectNoAxeViolations, httpClient, hydrated, test } from "./fixtures.ts";
import { ADMIN, staffSignIn } from "./staff-fixtures.ts";

/**
 * Costs in rupees and scholarships (decision 0025), as a student and an admin meet them: a course's fee
 * and the whole degree in rupees with the rate's day, an admin's new rate on the next visit; a student's
 * matching scholarships first, the filters in the URL, and a scholarship staff add on the console showing
 * on the student's profile when its deadline is near. Axe-clean on each new screen.
 */

const toast = (page: Page, text: string | RegExp) => expect(page.getByRole("alert").filter({ hasText: text })).toBeVisible();
const rupees = (amount: number) => `₹${new Intl.NumberFormat("en-IN").format(Math.round(amount / 100) * 100)}`;
/** Writes come from our own origin, as the browser's would (server/security.ts). */
const origin = () => ({ Origin: new URL(test.info().project.use.baseURL ?? "").origin });

type CatalogueCourse = { course_id: number; country: string; tuition_fees: string; mode_of_course: string; course_level: string };

async function coursesOf(request: APIRequestContext, country: string): Promise<CatalogueCourse[]> {
  const universities = (await (await request.get(`/api/catalogue/${country}/universities?page=1`)).json()).data as {
    uni_id: number;
  }[];
  const lists = await Promise.all(
    universities
      .slice(0, 4)
      .map(async (u) => (await (await request.get(`/api/catalogue/${u.uni_id}/courses`)).json()).coursesData),
  );
  return lists.flat() as CatalogueCourse[];
}

test("a student reads a course's fee and whole degree in rupees; an admin's new rate shows on the next visit", async ({
  page,
  browser,
  student: _student,
}) => {
  test.setTimeout(60_000);
  const course = (await coursesOf(page.request, "united-kingdom")).find(
    (c) => c.mode_of_course !== "Online" && /^GBP [\d,]+ per year$/.test(c.tuition_fees),
  );
  if (!course) throw new Error("no UK course with a yearly fee in the demo catalogue");
  const fee = Number(course.tuition_fees.replace(/[^\d]/g, ""));
  // The rate as it stands (the seeded snapshot, or what an earlier run of this test entered).
  const rates = (await (await page.request.get("/api/v1/exchange-rates")).json()).data as {
    currency: string;
    rupeesPerUnit: number;
    source: string;
    rateDate: string;
  }[];
  const before = rates.find((r) => r.currency === "GBP");
  if (!before) throw new Error("no GBP rate");
  const newRate = before.rupeesPerUnit === 150 ? 151 : 150;

  await page.goto(`/courses/${course.course_id}`);
  await expect(page.getByText(new RegExp(`^${course.tuition_fees} \\(≈ ₹[\\d,]+\\)$`))).toBeVisible();
  const estimate = page.getByRole("region", { name: "Estimated total cost of the degree" });
  await expect(estimate.getByText(/^Tuition: GBP [\d,]+ a year over \d/)).toBeVisible();
  await expect(estimate.getByText(/^Living costs in United Kingdom: GBP 13,632 a year/)).toBeVisible();
  await expect(estimate.getByText(/Source: UKVI maintenance requirement/)).toBeVisible();
  await expect(estimate.getByTestId("degree-total")).toHaveText(/^₹[\d,]+$/);
  await expect(estimate.getByTestId("rate-note")).toContainText(
    `approximately, at the rate of ${formatLongDate(before.rateDate)} (GBP: ${before.source})`,
  );
  await expect(page.getByText(`${course.tuition_fees} (≈ ${rupees(fee * before.rupeesPerUnit)})`)).toBeVisible();
  await expectNoAxeViolations(page);

  // An admin enters the day's rate on the adminPage.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await staffSignIn(adminPage, ADMIN.email, ADMIN.password);
  await expect(adminPage.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  await adminPage.getByRole("link", { name: "Costs" }).click();
  await expect(adminPage.getByRole("heading", { level: 1, name: "Costs in rupees" })).toBeVisible();
  await hydrated(adminPage);
  await expectNoAxeViolations(adminPage);
  const gbp = adminPage.getByRole("form", { name: "Rate for GBP" });
  await gbp.getByLabel("Rupees per unit").fill(String(newRate));
  await gbp.getByLabel("Source").fill("RBI reference rate");
  await gbp.getByLabel("Rate of").fill("2025-06-02");
  await gbp.getByRole("button", { name: "Save the rate for GBP" }).click();
  await toast(adminPage, "The rate for GBP is saved.");
  // A wrong rate is refused with its reason, and the saved one stays.
  await gbp.getByLabel("Rupees per unit").fill("0");
  await gbp.getByRole("button", { name: "Save the rate for GBP" }).click();
  await toast(adminPage, "Enter how many rupees one unit buys: a number above 0");
  await expect(gbp.getByText("Enter how many rupees one unit buys: a number above 0")).toBeVisible();
  await adminPage.reload();
  await expect(adminPage.getByRole("form", { name: "Rate for GBP" }).getByLabel("Rupees per unit")).toHaveValue(String(newRate));
  await adminContext.close();

  await page.reload();
  await expect(page.getByText(`${course.tuition_fees} (≈ ${rupees(fee * newRate)})`)).toBeVisible();
  await expect(estimate.getByTestId("rate-note")).toContainText(
    "approximately, at the rate of 2 June 2025 (GBP: RBI reference rate)",
  );
});

test("a student with 72% in 12th and a bachelor's course saved in Turkey sees Türkiye Scholarships among theirs first", async ({
  page,
  student: _student,
}) => {
  const course = (await coursesOf(page.request, "turkey")).find((c) => c.course_level === "Bachelors");
  if (!course) throw new Error("no bachelor's course in Turkey in the demo catalogue");
  expect((await page.request.put(`/api/v1/students/me/interests/${course.course_id}`, { headers: origin() })).status()).toBe(200);
  const marks = await page.request.put("/api/v1/students/me", {
    headers: origin(),
    data: { name1: "Kavya Iyer", phone: "9876598765", qualifications: [{ qualification: "12th", percentage: 72 }] },
  });
  expect(marks.status()).toBe(200);

  await page.goto("/");
  await page.getByRole("link", { name: "See scholarships" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Scholarships" })).toBeVisible();
  const mine = page.getByRole("region", { name: "Matching you" });
  await expect(mine.getByText("From your profile: Bachelors; Turkey.")).toBeVisible();
  const turkey = mine.getByRole("article", { name: "Türkiye Scholarships (Türkiye Bursları)" });
  await expect(turkey.getByText("Bachelors · Turkey · 70% asked, you have 72% in 12th")).toBeVisible();
  await expect(turkey.getByRole("link", { name: "Official page of Türkiye Scholarships (Türkiye Bursları)" })).toHaveAttribute(
    "href",
    "https://www.turkiyeburslari.gov.tr/",
  );
  await expect(mine.getByRole("article", { name: "Chevening Scholarships" })).toHaveCount(0);
  await expect(
    page.getByRole("region", { name: "Other scholarships" }).getByRole("article", { name: "Chevening Scholarships" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a visitor filters scholarships, and the address reproduces the list", async ({ page }) => {
  await page.goto("/scholarships");
  await hydrated(page);
  await page.getByLabel("Destination").selectOption("Germany");
  await page.getByLabel("Level").selectOption("PhD");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/scholarships\?destination=Germany&level=PhD$/);
  const list = page.getByRole("region", { name: "All scholarships" });
  await expect(list.getByRole("article", { name: "DAAD Research Grants – Doctoral Programmes in Germany" })).toBeVisible();
  await expect(list.getByRole("article", { name: "Chevening Scholarships" })).toHaveCount(0);
  await expect(list.getByRole("article", { name: "Holland Scholarship" })).toHaveCount(0);
  const shown = await list.getByRole("article").count();
  await page.goto("/scholarships?destination=Germany&level=PhD");
  await expect(page.getByLabel("Destination")).toHaveValue("Germany");
  await expect(list.getByRole("article")).toHaveCount(shown);
  await expectNoAxeViolations(page);
});

test("a scholarship staff add on the console shows on a matching student's profile when its deadline is near", async ({
  page,
  browser,
  student: _student,
}) => {
  test.setTimeout(60_000);
  const name = `Kaveri Research Award ${Date.now()}`;
  const soon = new Date(Date.now() + 330 * 60_000 + 10 * 86_400_000);

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await staffSignIn(adminPage, ADMIN.email, ADMIN.password);
  await expect(adminPage.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  await adminPage.getByRole("link", { name: "Scholarships" }).click();
  await expect(adminPage.getByRole("heading", { level: 1, name: "Scholarships" })).toBeVisible();
  await expectNoAxeViolations(adminPage);
  await adminPage.getByRole("link", { name: "Add a scholarship" }).click();
  await expect(adminPage.getByRole("heading", { level: 1, name: "New scholarship" })).toBeVisible();
  await hydrated(adminPage);
  await expectNoAxeViolations(adminPage);
  await adminPage.getByLabel("Name", { exact: true }).fill(name);
  await adminPage.getByLabel("Provider", { exact: true }).fill("Kaveri Trust");
  await adminPage.getByLabel("Amount", { exact: true }).fill("INR 5 lakh towards tuition");
  await adminPage.getByLabel("Eligibility", { exact: true }).fill("Indian graduates going on to a master's");
  await adminPage.getByLabel("Official page", { exact: true }).fill("https://example.org/kaveri");
  await adminPage.getByLabel("Deadline month").selectOption({ index: soon.getUTCMonth() + 1 });
  await adminPage.getByLabel("Deadline day").fill(String(soon.getUTCDate()));
  // No level yet: refused with its reason, and what was typed stays.
  await adminPage.getByRole("button", { name: "Add the scholarship" }).click();
  await toast(adminPage, "Choose at least one level");
  await expect(adminPage.getByLabel("Name", { exact: true })).toHaveValue(name);
  await adminPage.getByLabel("Masters").check();
  await adminPage.getByRole("button", { name: "Add the scholarship" }).click();
  await expect(adminPage.getByRole("status")).toContainText(`${name} added.`);
  await adminContext.close();

  // A student with a bachelor's looks at master's: the new award closes in 10 days.
  const marks = await page.request.put("/api/v1/students/me", {
    headers: origin(),
    data: { name1: "Kavya Iyer", phone: "9876598765", qualifications: [{ qualification: "Bachelors", percentage: 68 }] },
  });
  expect(marks.status()).toBe(200);
  await page.goto("/profile/scholarships");
  const deadlines = page.getByRole("region", { name: "Upcoming scholarship deadlines" });
  await expect(deadlines.getByRole("listitem").filter({ hasText: name })).toContainText("(in 10 days)");
  await expectNoAxeViolations(page);

  // A visitor never sees a profile's deadlines, and the award is on the public list.
  const visitor = await httpClient();
  const list = await (await visitor.get("/api/v1/scholarships")).json();
  expect(list.data.map((s: { name: string }) => s.name)).toContain(name);
  await visitor.dispose();
});
