import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { compiledServer, serverEnvironment, serverNodeFlags } from "./scripts/build-state.mjs";

const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "ignite-e2e-"));
process.env.E2E_DATA_DIR = dataDir;

/**
 * The browser: `CHROMIUM_PATH`, else Debian's headless shell (Playwright's own choice for headless runs:
 * no browser window behind each page), else Debian's Chromium. The full browser in headless mode
 * started a window's WebUI renderers beside every page and made the suite three times slower (19.8
 * against 11 minutes on 2 cores, decision 0046). A spec that looks at a part of the browser itself
 * (its PDF viewer) asks for `fullChromiumPath`.
 */
export const fullChromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : fullChromiumPath);

export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Browser tests run against the production build, in Debian's Chromium (DESIGN.md section 5). */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: ".tmp/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
    trace: "off",
  },
  webServer: {
    command: [JSON.stringify(process.execPath), ...serverNodeFlags, JSON.stringify(compiledServer)].join(" "),
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      ...serverEnvironment({}),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED: "demo",
      // A local trial: the demo student with the README's password (tests/e2e/records.spec.ts logs in as it).
      DEMO_STUDENT: "true",
      // The staff console's first admin (tests/e2e/staff.spec.ts signs in as it).
      ADMIN_EMAIL: "admin@ignite.test",
      ADMIN_PASSWORD: "e2e-admin-Secret-1",
      LOG_LEVEL: "warn",
      SITE_EMAIL: "hello@ignite.test",
      WHATSAPP_NUMBER: "919800000000",
      // Each test gets its own client address (tests/e2e/fixtures.ts), so per-IP limits stay per test.
      TRUST_PROXY: "true",
    },
  },
});
