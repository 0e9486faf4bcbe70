import { expect, expectNoAxeViolations, hydrated, test } from "./fixtures.ts";

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
