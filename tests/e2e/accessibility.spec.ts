import { expectNoAxeViolations, hydrated, test } from "./fixtures.ts";

const screens = [
  "/",
  "/countries",
  "/universities",
  "/germany/universities",
  "/search?q=computer",
  "/search?q=zzqxvw",
  "/search?q=ms%20in%20cs%20usa",
  "/search?q=canada",
  "/scholarships",
  "/contact-us",
  "/faq",
  "/privacy-policy",
  "/terms-and-conditions",
  "/login",
  "/no-such-page",
];

for (const path of screens) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await hydrated(page);
    await expectNoAxeViolations(page);
  });
}
