import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, loggedInAs, loggedInStudent, test } from "./fixtures.ts";
import { screen } from "./screens.ts";

/**
 * A student's home and the profile in sections (decision 0062), on a phone and on a laptop: the demo
 * student sees where each application stands and its next step, reaches every section of the profile in
 * one tap, and the spec's read-only and edit modes of /profile still save, with and without JavaScript.
 */
const phone = { width: 390, height: 844 };
const laptop = { width: 1280, height: 800 };

/** Each section of the profile: the link's words, its address and the heading the page shows. */
const sections = [
  { link: "Personal details", path: "/profile", heading: "Personal details" },
  { link: "Documents", path: "/profile/documents", heading: "Documents" },
  { link: "My counsellor", path: "/profile/counsellor", heading: "My counsellor" },
  { link: "Sessions", path: "/profile/sessions", heading: "Sessions" },
  { link: "Scholarships", path: "/profile/scholarships", heading: "Upcoming scholarship deadlines" },
  { link: "Signed-in devices", path: "/profile/devices", heading: "Signed-in devices" },
  { link: "Share with a parent", path: "/profile/parents", heading: "Share with a parent" },
  { link: "Privacy", path: "/profile/privacy", heading: "Your data and privacy" },
];

const escaped = (path: string) => path.replace(/[/?]/g, (c) => `\\${c}`);

async function signInThroughTheScreen(page: Page, email: string, password: string) {
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

for (const [device, viewport] of [
  ["a phone", phone],
  ["a laptop", laptop],
] as const) {
  test.describe(`on ${device}`, () => {
    test.use({ viewport });

    test("the demo student signs in, lands on their home, sees each application's next step and reaches every profile section in one tap", async ({
      page,
    }) => {
      await signInThroughTheScreen(page, "demo@ignite.example", "ignite-demo-2026");
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole("heading", { level: 1, name: "Namaste, Demo" })).toBeVisible();
      // Two of the three wait on the student: the documents and the conditional offer.
      await expect(page.getByTestId("home-summary")).toHaveText("2 applications wait on you.");
      const applications = page.getByRole("region", { name: "Your applications" }).getByTestId("home-application");
      await expect(applications).toHaveCount(3);
      const pending = applications.filter({ has: page.locator(".badge", { hasText: "Documents pending" }) });
      await expect(pending.getByTestId("next-step")).toHaveText("Upload the missing documents on your profile.");
      await expect(pending.getByTestId("still-needed")).toContainText("Still needed: CV/Resume, SOP, LOR, Passport");
      const offer = applications.filter({ has: page.locator(".badge", { hasText: "Conditional offer" }) });
      await expect(offer.getByTestId("next-step")).toHaveText(
        "Meet the offer's conditions and accept the offer with your counsellor.",
      );
      // The one waiting on the university comes after those waiting on the student.
      await expect(applications.last()).toContainText("Waiting on the university");
      await expect(page.getByRole("region", { name: "Messages" })).toContainText("You do not have a counsellor yet");
      await expect(page.getByRole("region", { name: "Next session" })).toContainText("No session booked.");
      await hydrated(page);
      await expectNoAxeViolations(page);
      await screen(page, `student-home-${viewport.width}`, { fullPage: true });

      // What is missing is one tap from where it is uploaded.
      // (the application's own page, which has a place for every item of its package).
      await pending.getByRole("link", { name: "Upload them on the application's page" }).click();
      await expect(page).toHaveURL(/\/user\/applications\/\d+$/);
      await expect(page.getByRole("heading", { level: 2, name: "Your package" })).toBeVisible();
      await page.goto("/home");

      // Each section is one tap from the home, and one tap from every other section.
      const profileCard = () => page.getByRole("region", { name: "Your profile" });
      for (const section of sections) {
        await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home", exact: true }).click();
        await expect(page).toHaveURL(/\/home$/);
        await profileCard().getByRole("link", { name: section.link, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${escaped(section.path)}$`));
        await expect(page.getByRole("heading", { level: 2, name: section.heading })).toBeVisible();
        const nav = page.getByRole("navigation", { name: "Profile sections" });
        await expect(nav.getByRole("link", { name: section.link, exact: true })).toHaveAttribute("aria-current", "page");
        // The whole section nav is on screen without scrolling sideways: one tap to any section.
        for (const other of sections) await expect(nav.getByRole("link", { name: other.link, exact: true })).toBeInViewport();
      }
      await screen(page, `student-home-profile-privacy-${viewport.width}`, { fullPage: true });
    });
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: phone });

  test("edit mode on /profile still saves, and a section's form answers on its own page", async ({ page }) => {
    await loggedInStudent(page, { name: "Sneha Pillai" });
    await page.goto("/profile");
    await hydrated(page);
    await page.getByRole("link", { name: "Edit" }).click();
    await page.getByLabel("Address").fill("12 MG Road, Kochi, Kerala 682016");
    await page.getByLabel("12th percentage").fill("91.4");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Edited successfully" })).toBeVisible();
    await expect(page.getByText("12 MG Road, Kochi, Kerala 682016")).toBeVisible();
    await expect(page.getByRole("row", { name: /12th/ })).toContainText("91.4");

    // A section on its own page posts to that page: signing out of other devices answers there.
    await page.getByRole("navigation", { name: "Profile sections" }).getByRole("link", { name: "Signed-in devices" }).click();
    await expect(page).toHaveURL(/\/profile\/devices$/);
    await expect(page.getByTestId("signed-in-device")).toHaveCount(1);
    await screen(page, "student-home-profile-devices-390", { fullPage: true });

    // A new student has no applications yet: the home says so and points to the courses.
    await page.goto("/home");
    await expect(page.getByRole("heading", { level: 1, name: "Namaste, Sneha" })).toBeVisible();
    await expect(page.getByText("You have no applications")).toBeVisible();
    await expect(page.getByTestId("home-summary")).toHaveText("Nothing waits on you right now.");
    await expect(page.getByRole("link", { name: "Find a course" })).toHaveAttribute("href", "/search");
  });

  test("a mail's old link to the conversation opens My counsellor", async ({ page, student }) => {
    expect(student.name).toBeTruthy();
    await page.goto("/profile#my-counsellor");
    await expect(page).toHaveURL(/\/profile\/counsellor$/);
    await expect(page.getByRole("heading", { level: 2, name: "My counsellor" })).toBeVisible();
    // The old address of the sessions' kind opens the Sessions page with it chosen.
    await page.goto("/profile?sessionKind=mock-visa-interview");
    await expect(page).toHaveURL(/\/profile\/sessions\?sessionKind=mock-visa-interview$/);
  });

  test("the home and the section nav in Hindi", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "ignite_language", value: "hi", url: baseURL ?? "" }]);
    await loggedInAs(page, "demo@ignite.example", "ignite-demo-2026");
    await page.goto("/home");
    await expect(page.getByRole("heading", { level: 1, name: "नमस्ते, Demo" })).toBeVisible();
    await expect(page.getByTestId("home-summary")).toHaveText("2 आवेदन आपके कदम का इंतज़ार कर रहे हैं।");
    await expect(page.getByRole("region", { name: "आपके आवेदन" })).toBeVisible();
    await expect(page.getByRole("region", { name: "अगला सत्र" })).toContainText("कोई सत्र बुक नहीं है।");
    await hydrated(page);
    await expectNoAxeViolations(page);
    await screen(page, "student-home-hi-390", { fullPage: true });
    await page.getByRole("region", { name: "आपकी प्रोफ़ाइल" }).getByRole("link", { name: "गोपनीयता" }).click();
    await expect(page).toHaveURL(/\/profile\/privacy$/);
    await expect(page.getByRole("navigation", { name: "प्रोफ़ाइल के हिस्से" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ viewport: phone, javaScriptEnabled: false });

  test("the profile's edit mode saves, and a new parent link is shown on its own page", async ({ page, student }) => {
    await page.goto("/profile");
    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/profile\?edit=1$/);
    await page.getByLabel("Passport number").fill("N1234567");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("N1234567")).toBeVisible();
    await expect(page.getByLabel("Passport number")).toHaveCount(0);

    await page.goto("/profile/parents");
    await page.getByLabel("Who is it for (optional)").fill("माँ (Amma)");
    await page.getByRole("button", { name: "Create link" }).click();
    await expect(page).toHaveURL(/\/profile\/parents$/);
    await expect(page.getByTestId("parent-link-created")).toBeVisible();
    await expect(page.getByTestId("parent-link")).toContainText("माँ (Amma)");
    expect(student.email).toBeTruthy();
  });
});
