import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, loggedInStudent, test } from "./fixtures";

/**
 * Every kind of page is valid HTML by the Nu Html Checker (vnu-jar, the W3C validator's engine), in
 * English and in Hindi, for a visitor and for a student: the markup stays right as screens change.
 */
const vnuJar = path.join(path.dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")), "build/dist/vnu.jar");

type VnuMessage = { type: string; url: string; message: string; extract?: string; lastLine?: number };

/** The checker's errors for these pages (each written to a file named after it). */
function errorsIn(pages: Array<{ name: string; html: string }>): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "ignite-vnu-"));
  try {
    const files = pages.map(({ name, html }, at) => {
      const file = path.join(dir, `${String(at).padStart(2, "0")}-${name.replace(/[^a-z0-9]+/gi, "_")}.html`);
      writeFileSync(file, html);
      return file;
    });
    let output: string;
    try {
      output = execFileSync("java", ["-jar", vnuJar, "--errors-only", "--format", "json", "--stdout", ...files], {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      // The checker exits 1 when it found errors; its report is still on stdout.
      output = (error as { stdout?: string }).stdout ?? "";
      if (!output) throw error;
    }
    const messages = (JSON.parse(output) as { messages: VnuMessage[] }).messages;
    return messages
      .filter((m) => m.type === "error")
      .map((m) => `${path.basename(m.url)}:${m.lastLine ?? "?"}: ${m.message} ${m.extract ? `[${m.extract.trim()}]` : ""}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The pages here that answer an error on purpose; every other one must answer 200. */
const errorPages: Record<string, number> = {
  "/universities?page=abc": 400,
  "/search?q=law&level=doctorate": 400,
  "/no-such-page": 404,
};

async function fetchPages(
  request: APIRequestContext,
  paths: string[],
  { headers = {}, publicPages = true }: { headers?: Record<string, string>; publicPages?: boolean } = {},
) {
  const pages: Array<{ name: string; html: string }> = [];
  for (const at of paths) {
    const response = await request.get(at, { headers, maxRedirects: 0 });
    expect(response.status(), `${at} answered ${response.status()}`).toBe(errorPages[at] ?? 200);
    const html = await response.text();
    // What a search engine or a shared link shows under the title (Lighthouse's SEO check asks for it).
    if (publicPages && response.status() === 200)
      expect(html, `${at} has no description`).toMatch(/<meta name="description" content="[^"]+"/);
    pages.push({ name: `${headers.Cookie ? "hi" : "en"}${at}`, html });
  }
  return pages;
}

const visitorPaths = [
  "/",
  "/countries",
  "/universities",
  "/germany/universities",
  "/search",
  "/search?q=engineering&level=masters&fee_max=2000000&sort=fee",
  "/search?q=ms%20cs%20canada",
  "/search?q=law&level=doctorate",
  "/universities?page=abc",
  "/scholarships",
  "/faq",
  "/contact-us",
  "/services/free-consultation",
  "/login",
  "/signup",
  "/forgotpassword",
  "/privacy-policy",
  "/terms-and-conditions",
  "/no-such-page",
];

test("visitor pages are valid HTML, in English and in Hindi", async ({ request }) => {
  test.setTimeout(120_000);
  const pages = [
    ...(await fetchPages(request, visitorPaths)),
    ...(await fetchPages(request, ["/", "/search?q=engineering&level=masters", "/services/free-consultation", "/login"], {
      headers: { Cookie: "ignite_language=hi" },
    })),
  ];
  expect(errorsIn(pages)).toEqual([]);
});

test("a student's pages are valid HTML", async ({ page }) => {
  test.setTimeout(120_000);
  await loggedInStudent(page);
  const search = await page.request.get("/api/catalogue/search/engineering?level=masters");
  const [course] = (await search.json()).coursesData as Array<{ course_id: number; uni_id: number }>;
  const university = await page.request.get(`/api/catalogue/universities/${course?.uni_id}`);
  const [found] = (await university.json()).data as Array<{ country: string }>;
  const slug = (found?.country ?? "").toLowerCase().replace(/\s+/g, "-");
  const pages = await fetchPages(
    page.request,
    [
      "/profile",
      "/user/saved-courses",
      "/user/applications",
      `/courses/${course?.course_id}`,
      `/${slug}/universities/${course?.uni_id}?level=masters`,
    ],
    { publicPages: false },
  );
  expect(errorsIn(pages)).toEqual([]);
});
