import type { APIRequestContext } from "@playwright/test";
import { applicant } from "./applying-fixtures.ts";
import { expect, httpClient, loggedInStudent, test } from "./fixtures";
import { invitedRecommender } from "./letters-fixtures.ts";
import { errorsIn } from "./nu-checker.ts";
import { ADMIN } from "./staff-fixtures.ts";

/**
 * Every kind of page is valid HTML by the Nu Html Checker (vnu-jar, the W3C validator's engine), in
 * English and in Hindi, for a visitor and for a student: the markup stays right as screens change.
 */

/** The pages here that answer an error on purpose; every other one must answer 200. */
const errorPages: Record<string, number> = {
  "/universities?page=abc": 400,
  "/search?q=law&level=doctorate": 400,
  "/no-such-page": 404,
  // A recommender's link that no longer works (decision 0075).
  "/letters/no-such-link-aaaaaaaaaaaaaaaaaaaaaaaa": 404,
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
  "/search?q=ms%20cs%20sweden",
  "/search?q=law&level=doctorate",
  "/universities?page=abc",
  "/scholarships",
  "/visa",
  "/visa/united-states",
  "/visa/united-kingdom",
  "/visa/japan",
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
  // "My counsellor" with a message in it: markup kept as text, a link made clickable (decision 0037).
  const written = await page.request.post("/api/v1/students/me/messages", {
    headers: { Origin: new URL(test.info().project.use.baseURL ?? "").origin },
    data: { body: "A <b>question</b> about https://example.org/sop?x=1&y=2" },
  });
  expect(written.status()).toBe(201);
  const search = await page.request.get("/api/catalogue/search/engineering?level=masters");
  const [course] = (await search.json()).coursesData as Array<{ course_id: number; uni_id: number }>;
  const university = await page.request.get(`/api/catalogue/universities/${course?.uni_id}`);
  const [found] = (await university.json()).data as Array<{ country: string }>;
  const slug = (found?.country ?? "").toLowerCase().replace(/\s+/g, "-");
  const pages = await fetchPages(
    page.request,
    [
      "/home",
      "/profile",
      // The profile's form: its English test, GRE and GMAT fields (decision 0041).
      "/profile?edit=1",
      // Each other section of the profile on its own page (decision 0062).
      "/profile/documents",
      "/profile/counsellor",
      "/profile/sessions",
      "/profile/scholarships",
      "/profile/devices",
      "/profile/parents",
      "/profile/privacy",
      "/user/saved-courses",
      "/user/applications",
      // Offers compared and the one funding plan (decisions 0078, 0079).
      "/user/offers",
      "/user/funding",
      // Every dated thing ahead of the student (decision 0059).
      "/deadlines",
      // The loan planner (decision 0082).
      "/user/loans",
      `/courses/${course?.course_id}`,
      `/${slug}/universities/${course?.uni_id}?level=masters`,
    ],
    { publicPages: false },
  );
  expect(errorsIn(pages)).toEqual([]);
});

test("the console's visa screens are valid HTML", async () => {
  test.setTimeout(120_000);
  const admin = await httpClient();
  expect((await admin.post("/api/v1/staff/session", { data: ADMIN })).status()).toBe(200);
  const pages = await fetchPages(
    admin,
    ["/staff/visas", "/staff/visa-guides", "/staff/visa-questions", "/staff/document-rules", "/staff/reports"],
    { publicPages: false },
  );
  await admin.dispose();
  expect(errorsIn(pages)).toEqual([]);
});

test("the console's home and a student's record with its conversation are valid HTML", async ({ page }) => {
  test.setTimeout(120_000);
  await loggedInStudent(page);
  const origin = { Origin: new URL(test.info().project.use.baseURL ?? "").origin };
  const me = await (await page.request.get("/api/v1/students/me")).json();
  await page.request.post("/api/v1/students/me/messages", {
    headers: origin,
    data: { body: "<i>Hello</i> https://example.org" },
  });
  const admin = await httpClient();
  expect((await admin.post("/api/v1/staff/session", { data: ADMIN })).status()).toBe(200);
  await admin.post(`/api/v1/staff/students/${me.data.student_id}/messages`, {
    data: { body: "Answered, see https://example.org/a" },
  });
  const pages = await fetchPages(admin, ["/staff", `/staff/students/${me.data.student_id}`], { publicPages: false });
  await admin.dispose();
  expect(errorsIn(pages)).toEqual([]);
});

test("applying: the student's application page, saved courses and the comparison with their Apply links, and the console's Today and application, are valid HTML", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await httpClient();
  const { course, id, origin } = await applicant(page, "Aditi Rao", { admin });
  await page.request.put(`/api/v1/students/me/interests/${course.id}`, { headers: { Origin: origin } });
  const student = await fetchPages(
    page.request,
    [`/user/applications/${id}`, `/user/applications/${id}?started=1`, "/user/saved-courses", `/courses/${course.id}`],
    { publicPages: false },
  );
  const consolePages = await fetchPages(admin, ["/staff/today", `/staff/applications/${id}`], { publicPages: false });
  await admin.dispose();
  expect(errorsIn([...student, ...consolePages])).toEqual([]);
});

test("the SOP (decision 0072): the student's page with a draft, a version sent, a comment on quoted words and a diff, and the console's review screen, are valid HTML", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await httpClient();
  const { id, origin } = await applicant(page, "Aditi Rao", { admin });
  const sop = `/api/v1/students/me/applications/${id}/statements/sop`;
  const headers = { Origin: origin };
  const text = "My project at VIT Vellore measured dust on solar panels.\n\nI will return to Pune after the course.";
  expect((await page.request.put(`${sop}/draft`, { headers, data: { text, revision: 0 } })).status()).toBe(200);
  const sent = await page.request.post(`${sop}/versions`, { headers, data: { revision: 1 } });
  expect(sent.status()).toBe(201);
  const version = (await sent.json()).data.versions[0].id as number;
  const commented = await admin.post(`/api/v1/staff/applications/${id}/statements/sop/versions/${version}/comments`, {
    // Quoting words of the paragraph: both screens mark them in it (decision 0100).
    data: { paragraph: 0, quote: "dust on solar panels", body: "Say what you found & what it taught you." },
  });
  expect(commented.status(), await commented.text()).toBe(201);
  expect((await page.request.put(`${sop}/draft`, { headers, data: { text: `${text} <and> more`, revision: 1 } })).status()).toBe(
    200,
  );
  const student = await fetchPages(page.request, [`/user/applications/${id}/sop`, `/user/applications/${id}/sop?from=1&to=0`], {
    publicPages: false,
  });
  const consolePages = await fetchPages(admin, [`/staff/applications/${id}/sop`], { publicPages: false });
  await admin.dispose();
  expect(errorsIn([...student, ...consolePages])).toEqual([]);
});

test("letters: the student's letters page in English and Hindi, the recommender's page and its gone page, and the console's application with its letters are valid HTML", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await httpClient();
  const { id, origin } = await applicant(page, "Aditi Rao", { admin });
  const { linkPath } = await invitedRecommender(page.request, id, origin);
  const student = await fetchPages(page.request, [`/user/applications/${id}/letters`], { publicPages: false });
  const hindi = await fetchPages(page.request, [`/user/applications/${id}/letters`], {
    publicPages: false,
    headers: { Cookie: `${(await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ")}; ignite_language=hi` },
  });
  const recommender = await httpClient();
  const theirs = await fetchPages(recommender, [linkPath, "/letters/no-such-link-aaaaaaaaaaaaaaaaaaaaaaaa"], {
    publicPages: false,
  });
  await recommender.dispose();
  const consolePages = await fetchPages(admin, [`/staff/applications/${id}`, "/staff/today"], { publicPages: false });
  await admin.dispose();
  expect(errorsIn([...student, ...hindi, ...theirs, ...consolePages])).toEqual([]);
});
