import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, loggedInAs, signUpStudent, test } from "./fixtures.ts";

/**
 * Decision 0035: the comparison followed the browser, not the student. A signed-in student's comparison is
 * now kept on their account (decision 0043): what they compared before signing in joins it, and another
 * device signed in as them shows the same list.
 *
 * The test server requires login for course details (REQUIRE_LOGIN_FOR_DETAILS, the default), so a
 * visitor cannot press "Add to compare" here; the visitor's comparison is the cookie a visitor's
 * browser holds where details are open (`ignite_compare`, decision 0027), put in place as such.
 */

type CatalogueCourse = { course_id: number; course_name: string };

/** Courses of the demo catalogue (the first universities of Australia), in the catalogue's order. */
async function someCourses(request: APIRequestContext, count: number): Promise<CatalogueCourse[]> {
  const universities = (await (await request.get("/api/catalogue/australia/universities?page=1")).json()).data as {
    uni_id: number;
  }[];
  const found: CatalogueCourse[] = [];
  for (const university of universities) {
    found.push(
      ...((await (await request.get(`/api/catalogue/${university.uni_id}/courses`)).json()).coursesData as CatalogueCourse[]),
    );
    if (found.length >= count) return found.slice(0, count);
  }
  throw new Error("too few courses in Australia's demo universities");
}

async function visitorCompared(context: BrowserContext, courses: CatalogueCourse[]) {
  const baseURL = test.info().project.use.baseURL as string;
  await context.addCookies([
    { name: "ignite_compare", value: courses.map((c) => c.course_id).join("."), url: baseURL, httpOnly: true, sameSite: "Lax" },
  ]);
}

async function signInOnScreen(page: Page, email: string, password: string, redirectTo = "/compare") {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** The compared courses' names, in their columns' order. */
const comparedNames = (page: Page) => page.locator("table thead th[scope=col] a").allInnerTexts();

test("courses compared signed out are on the account after signing in, and on a second device", async ({ browser, request }) => {
  const [first, second] = (await someCourses(request, 2)) as [CatalogueCourse, CatalogueCourse];
  const student = await signUpStudent(request);

  // A visitor compares two courses, then signs in on the login screen.
  const laptop = await browser.newContext();
  await visitorCompared(laptop, [first, second]);
  const page = await laptop.newPage();
  await signInOnScreen(page, student.email, student.password);
  await expect(page).toHaveURL(/\/compare$/);
  await expect(page.getByRole("heading", { name: "Compare courses" })).toBeVisible();
  await expect.poll(() => comparedNames(page)).toEqual([first.course_name, second.course_name]);
  // The list now lives on the account: the visitor's cookie is gone.
  expect((await laptop.cookies()).map((c) => c.name)).not.toContain("ignite_compare");
  await expectNoAxeViolations(page);

  // A second device signed in as the same student sees the same list, in the same order.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await loggedInAs(phone, student.email, student.password);
  const phonePage = await phone.newPage();
  await phonePage.goto("/compare");
  await expect.poll(() => comparedNames(phonePage)).toEqual([first.course_name, second.course_name]);

  // Removing one there removes it on the laptop too.
  await hydrated(phonePage);
  await phonePage.getByRole("button", { name: `Remove ${first.course_name}` }).click();
  await expect(phonePage.getByText("Removed from your comparison.")).toBeVisible();
  await page.reload();
  await expect.poll(() => comparedNames(page)).toEqual([second.course_name]);
  await laptop.close();
  await phone.close();
});

test("at sign-in the account's courses come first; those that do not fit are named", async ({ browser, request }) => {
  const [a, b, c, d] = (await someCourses(request, 4)) as [CatalogueCourse, CatalogueCourse, CatalogueCourse, CatalogueCourse];
  const student = await signUpStudent(request);
  // On one device the student already compares two courses.
  const before = await browser.newContext();
  await visitorCompared(before, [a, b]);
  const first = await before.newPage();
  await signInOnScreen(first, student.email, student.password);
  await expect.poll(() => comparedNames(first)).toEqual([a.course_name, b.course_name]);
  await before.close();

  // On another, signed out, they compare two more (and one of the same), then sign in.
  const later = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await visitorCompared(later, [c, a, d]);
  const page = await later.newPage();
  await signInOnScreen(page, student.email, student.password, "/");
  await expect(page).toHaveURL(new RegExp(`/compare\\?left-out=${d.course_id}$`));
  await expect.poll(() => comparedNames(page)).toEqual([a.course_name, b.course_name, c.course_name]);
  const warning = page.getByRole("status").filter({ hasText: "were not added" });
  await expect(warning).toContainText("you can compare up to 3");
  await expect(warning.getByRole("listitem")).toHaveText([d.course_name]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await later.close();
});
