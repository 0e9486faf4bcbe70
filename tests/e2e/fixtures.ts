import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/** Every browser test fails on a console error or an uncaught page error, as a user would be hurt by it. */
let clients = 0;

export const test = base.extend<{ consoleErrors: string[] }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  extraHTTPHeaders: async ({}, use, testInfo) => {
    clients += 1;
    await use({ "X-Forwarded-For": `10.${testInfo.workerIndex % 250}.${(clients >> 8) % 250}.${clients % 250}` });
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        // Chromium also logs every 4xx answer (a 404 page, a refused form); broken page assets are caught below.
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
      });
      page.on("response", (response) => {
        const kind = response.request().resourceType();
        if (response.status() >= 400 && ["script", "stylesheet", "image", "font", "media"].includes(kind)) {
          errors.push(`${response.status()} ${response.url()}`);
        }
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The page is hydrated: React has attached its handlers (client navigation works from here). */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined,
  );
  await page.waitForLoadState("networkidle");
}

export async function expectNoAxeViolations(page: Page) {
  // Toasts fade in and out; their half-transparent frames are not what a reader sees.
  await expect(page.locator(".Toastify__toast")).toHaveCount(0, { timeout: 6000 });
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}
