import { expect, expectNoAxeViolations, hydrated, loggedInStudent, test } from "./fixtures";

/** The number a choice says it would leave: "Masters (38)" gives 38. */
async function optionCount(page: import("@playwright/test").Page, select: string, value: string): Promise<number> {
  const text = await page.locator(`${select} option[value="${value}"]`).textContent();
  const match = text?.match(/\(([\d,]+)\)$/);
  if (!match?.[1]) throw new Error(`no count in "${text}"`);
  return Number(match[1].replace(/,/g, ""));
}

/** "1,234 courses." on the results page. */
async function shownTotal(page: import("@playwright/test").Page): Promise<number> {
  const line = page.locator("main p").filter({ hasText: / courses\. / });
  const text = await line.textContent();
  return Number(text?.match(/^([\d,]+) courses/)?.[1]?.replace(/,/g, "") ?? Number.NaN);
}

test.describe("filters on a search", () => {
  test("a visitor narrows to Masters in Germany under a fee in rupees; the address reproduces it", async ({ page }) => {
    // What the content security policy refused on the page (the filter form checks its input in the browser).
    await page.addInitScript(() => {
      const refused: string[] = [];
      Object.assign(window, { refused });
      document.addEventListener("securitypolicyviolation", (event) =>
        refused.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await page.goto("/search?q=engineering");
    await hydrated(page);
    await page.getByLabel("Level").selectOption("masters");
    await expect(page).toHaveURL(/\/search\?q=engineering&level=masters$/);
    await expect(page.getByRole("link", { name: "Remove filter Masters" })).toBeVisible();
    await page.getByLabel("Destination").selectOption("germany");
    await expect(page).toHaveURL(/\/search\?q=engineering&country=germany&level=masters$/);
    // The page has its new answer (the applied filters are listed from it) before its counts are read.
    await expect(page.getByRole("link", { name: "Remove filter Germany" })).toBeVisible();
    // The choice says how many courses it leaves, and the page then shows that many.
    const promised = await optionCount(page, "#filter-fee-max", "1500000");
    expect(promised).toBeGreaterThan(0);
    await page.getByLabel("Tuition a year up to").selectOption("1500000");
    await expect(page).toHaveURL(/\/search\?q=engineering&country=germany&level=masters&fee_max=1500000$/);
    await expect.poll(() => shownTotal(page)).toBe(promised);
    const cards = page.locator("main a[href^='/courses/']");
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) {
      await expect(card).toContainText("Masters");
      await expect(card).toContainText("Germany");
    }
    await expect(page.getByRole("link", { name: "Remove filter Germany" })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([]);

    // The address alone reproduces it, for anyone it is shared with.
    const shared = page.url();
    const other = await page.context().newPage();
    await other.goto(shared);
    await expect(other.getByLabel("Level")).toHaveValue("masters");
    await expect(other.getByLabel("Destination")).toHaveValue("germany");
    await expect(other.getByLabel("Tuition a year up to")).toHaveValue("1500000");
    await expect.poll(() => shownTotal(other)).toBe(promised);
    await other.close();

    // Back goes to the search before the fee was chosen.
    await page.goBack();
    await expect(page).toHaveURL(/\/search\?q=engineering&country=germany&level=masters$/);
    await expect(page.getByLabel("Tuition a year up to")).toHaveValue("");
  });

  test("the filters work without JavaScript, and a level typed in the term becomes the filter", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/search?q=ms%20in%20data%20science");
    await expect(page.getByLabel("Level")).toHaveValue("masters");
    await page.getByLabel("Order").selectOption("fee");
    await page.getByLabel("Intake").selectOption("9");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/[?&]level=masters(&|$)/);
    await expect(page).toHaveURL(/[?&]intake=9(&|$)/);
    await expect(page).toHaveURL(/[?&]sort=fee(&|$)/);
    // The words stay as typed (decision 0051); the level they name is the filter now, shown once.
    await expect(page).toHaveURL(/[?&]q=ms(\+|%20)in(\+|%20)data(\+|%20)science(&|$)/);
    await expect(page.getByRole("link", { name: "Remove filter Masters" })).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Search without Masters" })).toHaveCount(0);
    await expect(page.getByLabel("Order")).toHaveValue("fee");
    await expect(page.locator("main a[href^='/courses/']").first()).toContainText(/data science/i);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/search\?q=data(\+|%20)science$/);
    await expect(page.getByLabel("Level")).toHaveValue("");
    await context.close();
  });

  test("a filter the address gets wrong says why, with a 400", async ({ page }) => {
    const response = await page.goto("/search?q=law&level=doctorate");
    expect(response?.status()).toBe(400);
    await expect(page.getByText("Choose a level from the list")).toBeVisible();
  });
});

test.describe("filters on a university's courses", () => {
  test("a student narrows a university's courses to one level, with the counts the choices promised", async ({ page }) => {
    // A university's page is for students (the spec's login rule).
    await loggedInStudent(page);
    await page.goto("/universities");
    await page.locator("main a[href*='/universities/']").first().click();
    await expect(page.getByRole("heading", { name: "Courses" })).toBeVisible();
    await hydrated(page);
    const masters = await optionCount(page, "#filter-level", "masters");
    await page.getByLabel("Level").selectOption("masters");
    await expect(page).toHaveURL(/\/universities\/\d+\?level=masters$/);
    const listed = page.locator("main li.border-bottom");
    await expect(listed).toHaveCount(masters);
    for (const row of await listed.all()) await expect(row).toContainText("Masters");
  });
});
