import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";

/** decision 0035's phone: what a student on a 390 px screen reaches, with scripts and without. */
const phone = { width: 390, height: 844 };

const menuButton = (page: Page) => page.locator("header summary", { hasText: "Menu" });
const menu = (page: Page) => page.getByRole("navigation", { name: "Menu" });

async function fillBooking(page: Page, phoneNumber: string) {
  await page.getByLabel("First name").fill("Rahul");
  await page.getByLabel("Last name").fill("Nair");
  await page.getByLabel("Phone number").fill(phoneNumber);
  await page.getByLabel("Email").fill(`rahul.${Date.now()}@example.in`);
  await page.getByLabel("Study destination").selectOption("United Kingdom (UK)");
  await page.getByLabel("Type of study").selectOption("Postgraduate");
  await page.getByLabel("Preferred subject").selectOption("Business & Management");
  await page.getByLabel("Qualification").fill("B.Com");
}

/**
 * The interactive elements the floating chat button covers once the page is scrolled to its end (there
 * the last lines of a page can go no higher): each named by its text, none expected.
 */
async function coveredByChat(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const chat = document.querySelector(".chat-link")?.getBoundingClientRect();
    if (!chat) throw new Error("no chat button on this page");
    const interactive = [...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, summary")];
    return (
      interactive
        // What a closed disclosure holds (the phone menu) keeps a layout box but is neither shown nor pressable.
        .filter((element) => !element.closest(".chat-link") && !element.closest("details:not([open]) > :not(summary)"))
        .filter((element) => element.getClientRects().length > 0)
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.left < chat.right && box.right > chat.left && box.top < chat.bottom && box.bottom > chat.top;
        })
        .map((element) => element.textContent?.trim() || element.getAttribute("name") || element.tagName)
    );
  });
}

for (const scripts of [false, true]) {
  test.describe(`a phone with JavaScript ${scripts ? "on" : "off"}`, () => {
    test.use({ viewport: phone, javaScriptEnabled: scripts });

    test("the header's menu takes a visitor to countries, universities, search and login", async ({ page }) => {
      await page.goto("/");
      if (scripts) await hydrated(page);
      // The header's own links to the catalogue are hidden at this width: the menu is the way.
      await expect(page.locator("header").getByRole("link", { name: "Countries" })).toBeHidden();
      await expect(menu(page)).toBeHidden();
      await menuButton(page).click();
      await expect(menu(page)).toBeVisible();
      for (const name of ["Countries", "Universities", "Search", "Login", "Sign Up"])
        await expect(menu(page).getByRole("link", { name, exact: true })).toBeVisible();
      await menu(page).getByRole("link", { name: "Universities" }).click();
      await expect(page).toHaveURL(/\/universities$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("All universities");
      // A new screen starts with the menu closed.
      await expect(menu(page)).toBeHidden();
      await menuButton(page).click();
      await menu(page).getByRole("link", { name: "Countries" }).click();
      await expect(page).toHaveURL(/\/countries$/);
    });

    test("a signed-in student reaches their own pages from the menu", async ({ page, student }) => {
      await page.goto("/countries");
      if (scripts) await hydrated(page);
      await menuButton(page).click();
      await expect(menu(page).getByText("Your pages")).toBeVisible();
      await expect(menu(page).getByRole("link", { name: "Profile", exact: true })).toBeVisible();
      await expect(menu(page).getByRole("link", { name: "Sign Out" })).toBeVisible();
      await menu(page).getByRole("link", { name: "Saved Courses" }).click();
      await expect(page).toHaveURL(/\/user\/saved-courses$/);
      await menuButton(page).click();
      await menu(page).getByRole("link", { name: "Applications" }).click();
      await expect(page).toHaveURL(/\/user\/applications$/);
      await menuButton(page).click();
      await menu(page).getByRole("link", { name: "Profile", exact: true }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByText(student.email).first()).toBeVisible();
    });

    test("the chat button covers nothing a student can press at the end of a page", async ({ page, student }) => {
      expect(student.email).toBeTruthy();
      for (const path of ["/", "/countries", "/universities", "/services/free-consultation", "/profile", "/privacy-policy"]) {
        await page.goto(path);
        if (scripts) await hydrated(page);
        expect(await coveredByChat(page), path).toEqual([]);
      }
    });

    test("a refused booking puts the focus on the first field in error, with its message", async ({ page }) => {
      await page.goto("/services/free-consultation");
      if (scripts) await hydrated(page);
      await fillBooking(page, "12345");
      await page.getByRole("button", { name: "Book Your Free Consultation" }).click();
      const field = page.getByLabel("Phone number");
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toBeFocused();
      await expect(field).toBeInViewport();
      // The message is the field's description, read out with it.
      await expect(field).toHaveAccessibleDescription("Enter a valid phone number (Indian numbers may leave out +91)");
      await expect(page.getByText("Enter a valid phone number (Indian numbers may leave out +91)")).toBeInViewport();
    });

    test("a refused login puts the focus on the field in error", async ({ page }) => {
      await page.goto("/login");
      if (scripts) await hydrated(page);
      await page.getByLabel("Password").fill("some-password-1");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      const email = page.getByLabel("Email");
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(email).toBeFocused();
    });
  });
}
