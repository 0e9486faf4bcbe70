import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** Decision 0035: Hindi pages in a font that has Devanagari, and their dates in Hindi (decision 0035). */

const inHindi = async (context: BrowserContext, baseURL: string | undefined) =>
  context.addCookies([{ name: "ignite_language", value: "hi", url: baseURL ?? "" }]);

/** How many faces of a family the page has loaded (this machine has no Devanagari font of its own: boxes without them). */
const loadedFaces = (page: Page, family: string) =>
  page.evaluate(async (family) => {
    await document.fonts.ready;
    return [...document.fonts].filter((face) => face.family.includes(family) && face.status === "loaded").length;
  }, family);

/** The fonts the browser drew an element's text with (Chromium's own account, through the DevTools protocol). */
async function fontsDrawing(page: Page, selector: string) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("DOM.enable");
  await devtools.send("CSS.enable");
  const { root } = await devtools.send("DOM.getDocument");
  const { nodeId } = await devtools.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await devtools.send("CSS.getPlatformFontsForNode", { nodeId });
  await devtools.detach();
  return fonts;
}

/** The paths of the fonts the page asks for from now on (`fonts.length = 0` starts the list again). */
function fontRequests(page: Page): string[] {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
  });
  return fonts;
}

test("Devanagari is drawn in a font that has it: a Hindi page, and the language switch of an English one", async ({
  page,
  baseURL,
}) => {
  const fonts = fontRequests(page);
  // An English page: only the switch's "हिन्दी" is Devanagari, and it is readable too.
  await page.goto("/countries");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: "हिन्दी" })).toBeVisible();
  expect(await loadedFaces(page, "Ignite Language Names")).toBe(1);
  // And the switch is drawn with it, not with the system's font (boxes here): what the browser really used.
  await expect.poll(() => fontsDrawing(page, "button[lang=hi]")).toEqual([expect.objectContaining({ isCustomFont: true })]);
  // For that one word the page fetches the face cut to the languages' names (2.4 KB), never the whole
  // 50 KB face (decision 0047).
  expect(fonts).toEqual([expect.stringMatching(/^\/assets\/language-names-[\w-]+\.woff2$/)]);
  expect(await loadedFaces(page, "Ignite Devanagari")).toBe(0);

  fonts.length = 0;
  await inHindi(page.context(), baseURL);
  await page.goto("/countries");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await loadedFaces(page, "Ignite Devanagari")).toBeGreaterThan(0);
  await expect.poll(() => fontsDrawing(page, "h1")).toContainEqual(expect.objectContaining({ isCustomFont: true }));
  expect(fonts.some((url) => url.includes("noto-sans-devanagari-devanagari") && url.endsWith(".woff2"))).toBe(true);
  // Latin text keeps the system's font: the faces cover Devanagari only.
  expect(fonts.every((url) => url.includes("devanagari-devanagari") || url.includes("language-names"))).toBe(true);
  const faces = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(faces).toContain("Ignite Devanagari");
});

test("a fee in rupees on an English page fetches no Devanagari face and is not hidden waiting for one", async ({ page }) => {
  const fonts = fontRequests(page);
  // The search's budget filter lists amounts in rupees ("₹5 lakh"); Fontsource's Devanagari range holds
  // ₹, and the whole 50 KB face (font-display: block) came for it on every English page with a fee.
  await page.goto("/search?q=ms%20in%20germany");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.locator("body").textContent()).toContain("₹");
  expect(await loadedFaces(page, "Ignite Language Names")).toBe(1);
  expect(await loadedFaces(page, "Ignite Devanagari")).toBe(0);
  expect(fonts).toEqual([expect.stringMatching(/^\/assets\/language-names-[\w-]+\.woff2$/)]);
});

test("the date of birth is written as a date, in the page's language", async ({ page, student, baseURL }) => {
  const saved = await page.request.put("/api/v1/students/me", {
    data: { name1: student.name, phone: student.phone, dob: "2003-05-14" },
    headers: { Origin: new URL(baseURL ?? "").origin },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.goto("/profile");
  await expect(page.getByText("14 May 2003")).toBeVisible();
  await expect(page.getByText("2003-05-14")).toHaveCount(0);
  await inHindi(page.context(), baseURL);
  await page.goto("/profile");
  await expect(page.getByText("14 मई 2003")).toBeVisible();
});
