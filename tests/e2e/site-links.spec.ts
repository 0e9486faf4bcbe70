import { expect, expectNoAxeViolations, hydrated, test } from "./fixtures.ts";
import { ADMIN, staffSignIn } from "./staff-fixtures.ts";

/*
 * The home page's video and the footer's social links are the site's own, set by an admin in the
 * console's settings (decision 0053): none shown until then. This is the one browser test that changes
 * them; it puts back what it found, so other specs see the defaults.
 */
test.use({ viewport: { width: 390, height: 844 } });

test("an admin sets the home video and the footer's links; a visitor sees exactly those, the video on demand", async ({
  page,
  browser,
}) => {
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  const errors: string[] = [];
  visitor.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });

  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { name: "How it works", exact: true })).toBeVisible();
  await expect(visitor.getByRole("button", { name: /Play video/ })).toHaveCount(0);
  const socials = visitor.locator("footer").getByRole("list", { name: "Social links" }).getByRole("link");
  await expect(socials).toHaveText(["whatsapp"]);

  await staffSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  const found = await (await page.request.get("/api/v1/staff/settings")).json();
  try {
    await page.goto("/staff/settings");
    await hydrated(page);
    await page.getByLabel("Home page video (YouTube address)").fill("https://vimeo.com/76979871");
    await page.getByRole("button", { name: "Save settings" }).click();
    // The refusal stands on the page and in a toast; the page's one is the one that stays.
    await expect(page.locator("#main").getByRole("alert").filter({ hasText: "Enter a YouTube video address" })).toBeVisible();

    await page.getByLabel("Home page video (YouTube address)").fill("https://youtu.be/aqz-KE-bpKQ");
    await page.getByLabel("Instagram").fill("https://www.instagram.com/ignite.studyabroad/");
    await page.getByLabel("LinkedIn").fill("https://www.linkedin.com/company/ignite-study-abroad/");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved.")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Home page video (YouTube address)")).toHaveValue("https://www.youtube.com/watch?v=aqz-KE-bpKQ");
    await expectNoAxeViolations(page);
    // Nothing runs off a 390 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The visitor's earlier page was cached: the save cleared it.
    await visitor.goto("/");
    await hydrated(visitor);
    await expect(socials).toHaveText(["Instagram", "LinkedIn", "whatsapp"]);
    await expect(socials.nth(0)).toHaveAttribute("href", "https://www.instagram.com/ignite.studyabroad/");
    await expect(socials.nth(1)).toHaveAttribute("href", "https://www.linkedin.com/company/ignite-study-abroad/");
    await expect(visitor.locator("iframe[src*='youtube']")).toHaveCount(0);
    await visitor.route("https://www.youtube-nocookie.com/**", (route) =>
      route.fulfill({ body: "<p>video</p>", contentType: "text/html" }),
    );
    await visitor.getByRole("button", { name: /Play video/ }).click();
    await expect(visitor.locator("iframe[src='https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1']")).toHaveCount(1);
    await expectNoAxeViolations(visitor);
  } finally {
    const restored = await page.request.put("/api/v1/staff/settings", {
      headers: { Origin: new URL(page.url()).origin },
      data: found.data,
    });
    expect(restored.status()).toBe(200);
  }
  await visitor.goto("/");
  await expect(visitor.getByRole("button", { name: /Play video/ })).toHaveCount(0);
  await expect(socials).toHaveText(["whatsapp"]);
  expect(errors).toEqual([]);
  await visitorContext.close();
});
