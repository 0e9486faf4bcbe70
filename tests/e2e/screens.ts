import { mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";

/**
 * Screenshots are for a person to look at a screen at a phone's and a desktop's width, not checks: no test
 * reads them. They are made when asked for (`SCREENS=1 npx playwright test ...`, into `.tmp/screens/`), and
 * a run of the whole suite skips them (decision 0052, third amendment).
 */
export const screensWanted = process.env.SCREENS === "1";
const folder = ".tmp/screens";

/** The page as it is, full length, at 390 px and at 1280 px; the viewport is put back as it was. */
export async function screens(page: Page, name: string) {
  if (!screensWanted) return;
  mkdirSync(folder, { recursive: true });
  const before = page.viewportSize() ?? { width: 390, height: 844 };
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(before);
}

/** The page or one part of it at the viewport it has now. */
export async function screen(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (!screensWanted) return;
  mkdirSync(folder, { recursive: true });
  await target.screenshot({ path: `${folder}/${name}.png`, ...("goto" in target ? options : {}) });
}
