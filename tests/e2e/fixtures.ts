import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type BrowserContext, test as base, expect, request as http, type Page } from "@playwright/test";

/** A student account made for one test; `password` logs it in. */
export type Student = { name: string; email: string; phone: string; password: string };

export const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.in`;

/** Writes must come from our own origin (server/security.ts), as the browser's own would. */
function ourOrigin(): { Origin: string } {
  const baseURL = base.info().project.use.baseURL;
  if (!baseURL) throw new Error("the browser tests need a baseURL");
  return { Origin: new URL(baseURL).origin };
}

/**
 * A new student, signed up through the JSON API (no screen). The session cookie lands in `request`:
 * pass a page's or context's `request` to be logged in there, or the test's `request` fixture for an
 * account the browser is not logged in to.
 */
export async function signUpStudent(request: APIRequestContext, overrides: Partial<Student> = {}): Promise<Student> {
  const student: Student = {
    name: "Kavya Iyer",
    email: uniqueEmail("student"),
    phone: "9876598765",
    password: "student-password-1",
    ...overrides,
  };
  const response = await request.post("/api/v1/auth/signup", {
    headers: ourOrigin(),
    data: {
      name1: student.name,
      email: student.email,
      phone: student.phone,
      password: student.password,
      confirmPassword: student.password,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(await response.json()).toMatchObject({ email: student.email.toLowerCase() });
  return student;
}

/** A new student, logged in in this browser context by its session cookie (no screen). */
export async function loggedInStudent(target: Page | BrowserContext, overrides: Partial<Student> = {}): Promise<Student> {
  const student = await signUpStudent(target.request, overrides);
  const cookies = await ("context" in target ? target.context() : target).cookies();
  expect(cookies.map((cookie) => cookie.name)).toContain("ignite_session");
  return student;
}

/** Logs an existing account in, in this browser context, through the JSON API (no screen). */
export async function loggedInAs(target: Page | BrowserContext, email: string, password: string) {
  const response = await target.request.post("/api/v1/auth/login", { headers: ourOrigin(), data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

let ownClients = 0;

/**
 * An HTTP client with cookies and a client address of its own (per-address limits stay its own), whose
 * writes come from our origin: for tests of what the server answers rather than of a screen.
 */
export async function httpClient(): Promise<APIRequestContext> {
  ownClients += 1;
  const { Origin } = ourOrigin();
  const worker = base.info().workerIndex % 250;
  return http.newContext({
    baseURL: Origin,
    extraHTTPHeaders: { Origin, "X-Forwarded-For": `10.${worker}.${250 + ((ownClients >> 8) % 5)}.${ownClients & 255}` },
  });
}

/** Every browser test fails on a console error or an uncaught page error, as a user would be hurt by it. */
let clients = 0;

export const test = base.extend<{ consoleErrors: string[]; student: Student }>({
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
  /** A fresh student, already logged in in the test's browser context (see loggedInStudent). */
  student: async ({ context }, use) => {
    await use(await loggedInStudent(context));
  },
});

export { expect };

type RouterWindow = {
  __reactRouterRouteModules?: Record<string, unknown>;
  __reactRouterDataRouter?: { state: { navigation: { state: string }; matches: { route: { id: string } }[] } };
};

/**
 * The page is hydrated: React has committed the screen and attached its handlers, so client
 * navigation and scripted forms work from here. React Router's <ScrollRestoration> (in app/root.tsx)
 * sets history.scrollRestoration to "manual" in an effect, which runs only after that commit, and
 * resets it to "auto" when a document is left, so a new document reads "auto" until it is hydrated.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const { __reactRouterDataRouter: router, __reactRouterRouteModules: modules } = window as unknown as RouterWindow;
    return (
      document.readyState === "complete" &&
      window.history.scrollRestoration === "manual" &&
      router?.state.navigation.state === "idle" &&
      router.state.matches.every((match) => modules?.[match.route.id] !== undefined)
    );
  });
}

/**
 * axe on a page, run in the page itself ("legacy mode"): the default opens a blank page beside it to
 * gather each frame's results, which took more than half of every scan (about 2.5 s against 1.2 s on a
 * loaded two-core machine) for the same passes and violations. What it gives up is axe inside frames of
 * another origin (the footer's map), whose content is not ours; the frame's own title is still checked
 * in our page (decision 0052, third amendment).
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);

/**
 * axe on the screen at rest. Toasts are left out rather than waited for (decision 0052): they fade
 * in and out, and a half-transparent frame is not what a reader sees; accessibility.spec.ts scans a toast
 * at rest on its own.
 */
export async function expectNoAxeViolations(page: Page) {
  // A control's colours in the middle of a CSS transition are not what a reader sees either: a button
  // enabled again under the pointer takes its hover colours when Chromium next updates the pointer's
  // place, which can fall inside the scan, and axe then measured the half-way colours (1.4:1). CSS
  // transitions are turned off for the scan (a running one ends at its final colours) and on again after.
  const still = await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  const results = await axe(page).exclude(".Toastify").analyze();
  await still.evaluate((style) => style.parentNode?.removeChild(style));
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}
