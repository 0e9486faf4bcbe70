import type { Page, Response } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { ADMIN, staffSignIn } from "./staff-fixtures.ts";

/**
 * Decision 0035: `/staff/catalogue` made 55 requests, 38 of them flag images. A page with many flags now
 * fetches them all in one sprite (decision 0043), cached for good under its content hash, and every flag
 * still shows with its name where it had one ("Flag of Australia").
 */

/** Every answer under /flags/ the page fetched, with its size on the wire. */
function flagRequests(page: Page) {
  const seen: { url: string; bytes: Promise<number>; response: Response }[] = [];
  page.on("response", (response) => {
    if (!new URL(response.url()).pathname.startsWith("/flags/")) return;
    seen.push({
      url: response.url(),
      response,
      bytes: response
        .request()
        .sizes()
        .then((s) => s.responseBodySize + s.responseHeadersSize),
    });
  });
  return seen;
}

/** The flags drawn on the page: each an <svg> whose <use> shows a symbol of a loaded sprite. */
async function drawnFlags(page: Page) {
  return page.locator("svg.flag use").evaluateAll((uses) =>
    uses.map((use) => {
      const box = (use as SVGGraphicsElement).getBBox();
      return { href: use.getAttribute("href") ?? "", width: box.width, height: box.height };
    }),
  );
}

test("the staff catalogue fetches all its flags in one request, each flag shown and named", async ({ page }) => {
  await staffSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page).not.toHaveURL(/\/staff\/login/);
  const flags = flagRequests(page);
  await page.goto("/staff/catalogue");
  const australia = page.getByRole("img", { name: "Flag of Australia" });
  await expect(australia).toBeVisible();
  // The demo's 40 destinations at least (other test files may add countries meanwhile): every one drawn.
  const named = page.getByRole("img", { name: /^Flag of / });
  await expect(named.nth(39)).toBeVisible();
  const count = await named.count();
  await expect.poll(async () => (await drawnFlags(page)).filter((f) => f.width > 0).length).toBe(count);
  expect(flags).toHaveLength(1);
  const [sprite] = flags;
  expect(sprite?.url).toMatch(/\/flags\/sprite-[0-9a-f]{12}\.svg\?for=/);
  expect(sprite?.response.status()).toBe(200);
  expect(await sprite?.response.headerValue("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(await sprite?.response.headerValue("content-type")).toMatch(/^image\/svg\+xml/);
  test.info().annotations.push({ type: "flag bytes", description: String(await sprite?.bytes) });
  await expectNoAxeViolations(page);
});

test("the countries page and the home page each fetch their flags in one request", async ({ page }) => {
  const flags = flagRequests(page);
  await page.goto("/countries");
  await expect(page.getByRole("link", { name: "Australia" })).toBeVisible();
  await expect.poll(async () => (await drawnFlags(page)).filter((f) => f.width > 0).length).toBeGreaterThanOrEqual(40);
  expect(flags).toHaveLength(1);
  // The flag of each country sits beside its name (the name is the link's; the flag adds nothing to say).
  const australia = page.getByRole("link", { name: "Australia" });
  await expect(australia.locator("svg.flag")).toBeVisible();
  await expectNoAxeViolations(page);

  flags.length = 0;
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Major Countries" })).toBeVisible();
  await page.getByRole("heading", { name: "Major Countries" }).scrollIntoViewIfNeeded();
  await expect.poll(async () => (await drawnFlags(page)).filter((f) => f.width > 0).length).toBeGreaterThan(0);
  expect(flags.length).toBeLessThanOrEqual(1);
});

test("at 390 px the countries page's flags fit the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/countries");
  const flag = page.getByRole("link", { name: "Australia" }).locator("svg.flag");
  await expect(flag).toBeVisible();
  const box = await flag.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
