import type { BrowserContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, httpClient, hydrated, test } from "./fixtures.ts";

/** The interface in Hindi and back (decision 0029). */

const inHindi = async (context: BrowserContext, baseURL: string | undefined) =>
  context.addCookies([{ name: "ignite_language", value: "hi", url: baseURL ?? "" }]);

async function expectChromeInEnglish(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Countries" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Help" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "हिन्दी" })).toBeVisible();
}

async function expectChromeInHindi(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  const nav = page.getByRole("navigation", { name: "मुख्य" });
  await expect(nav.getByRole("link", { name: "देश", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "विश्वविद्यालय", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "साइन अप" })).toBeVisible();
  await expect(page.getByPlaceholder("कॉलेज और कोर्स खोजें")).toBeVisible();
  const footer = page.getByRole("navigation", { name: "फ़ुटर" });
  await expect(footer.getByRole("link", { name: "मदद" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "गोपनीयता नीति" })).toBeVisible();
  await expect(page.getByText("सर्वाधिकार सुरक्षित")).toBeVisible();
  await expect(nav.getByRole("button", { name: "English" })).toBeVisible();
}

test("the switch turns the navbar, footer and a form into Hindi and back, and the choice stays", async ({ page }) => {
  await page.goto("/services/free-consultation");
  await hydrated(page);
  await expectChromeInEnglish(page);
  await expect(page.getByLabel("First name")).toBeVisible();

  await page.getByRole("button", { name: "हिन्दी" }).click();
  await expectChromeInHindi(page);
  await expect(page).toHaveURL(/\/services\/free-consultation$/);
  await expect(page.getByRole("heading", { level: 1, name: "मुफ़्त परामर्श फ़ॉर्म" })).toBeVisible();
  await expect(page).toHaveTitle("मुफ़्त परामर्श | Ignite");

  // The form in Hindi, and the server's validation message (sent in English) shown in Hindi.
  await page.getByLabel("पहला नाम").fill("Rahul");
  await page.getByLabel("उपनाम").fill("Nair");
  await page.getByLabel("फ़ोन नंबर").fill("12345");
  await page.getByRole("textbox", { name: "ईमेल" }).fill(`rahul.${Date.now()}@example.in`);
  await page.getByLabel("पढ़ाई का देश").selectOption("Germany");
  await page.getByLabel("पढ़ाई का प्रकार").selectOption("Postgraduate");
  await expect(page.getByLabel("पढ़ाई का प्रकार").locator("option:checked")).toHaveText("पोस्टग्रेजुएट");
  await page.getByLabel("पसंदीदा विषय").selectOption("Computer Science");
  await page.getByRole("button", { name: "अपना मुफ़्त परामर्श बुक करें" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "कृपया चिह्नित फ़ील्ड जाँच लें।" })).toBeVisible();
  await expect(page.getByText("सही फ़ोन नंबर लिखें (भारतीय नंबर में +91 लिखना ज़रूरी नहीं)")).toBeVisible();
  await expect(page.getByLabel("फ़ोन नंबर")).toHaveAttribute("aria-invalid", "true");

  // Navigation and a reload keep the language.
  await page.getByRole("navigation", { name: "मुख्य" }).getByRole("link", { name: "विश्वविद्यालय", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "सभी विश्वविद्यालय" })).toBeVisible();
  await expectChromeInHindi(page);
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "सभी विश्वविद्यालय" })).toBeVisible();
  await expectChromeInHindi(page);
  // Catalogue content stays as entered.
  await expect(page.getByRole("heading", { level: 2 }).first()).not.toHaveText(/[\u0900-\u097F]/);

  // And back to English, on the same page.
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "All universities" })).toBeVisible();
  await expectChromeInEnglish(page);
  await page.goto("/services/free-consultation");
  await hydrated(page);
  await expect(page.getByLabel("First name")).toBeVisible();
  await expectChromeInEnglish(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the switch is a form: the page comes back in Hindi, remembered for a year", async ({ page, context }) => {
    await page.goto("/faq");
    await page.getByRole("button", { name: "हिन्दी" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page.getByRole("heading", { level: 1, name: "अक्सर पूछे जाने वाले सवाल" })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === "ignite_language");
    expect(cookie?.value).toBe("hi");
    expect(cookie?.httpOnly).toBe(true);
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "लॉग इन" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "पासवर्ड" })).toBeVisible();
    await page.getByRole("button", { name: "English" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  });
});

test("the same address answers each visitor in their own language, from the cache too", async ({ browser, baseURL }) => {
  const english = await browser.newContext();
  const hindi = await browser.newContext();
  await inHindi(hindi, baseURL);
  for (let round = 0; round < 2; round += 1) {
    const [en, hi] = await Promise.all([english.request.get("/countries"), hindi.request.get("/countries")]);
    expect(await en.text()).toContain('<html lang="en"');
    expect(await hi.text()).toContain('<html lang="hi"');
    expect(en.headers()["cache-control"]).toContain("s-maxage=60");
    expect(hi.headers()["cache-control"]).toBe("private, no-cache");
  }
  await english.close();
  await hindi.close();
});

test("the switch keeps a visitor on this site and refuses a language we do not have", async () => {
  const client = await httpClient();
  const post = (form: Record<string, string>) => client.post("/language", { form, maxRedirects: 0 });
  const elsewhere = await post({ language: "hi", redirectTo: "//evil.example/phish" });
  expect(elsewhere.status()).toBe(302);
  expect(elsewhere.headers().location).toBe("/");
  expect(elsewhere.headers()["set-cookie"]).toContain("ignite_language=hi");
  const back = await post({ language: "en", redirectTo: "/search?q=law" });
  expect(back.headers().location).toBe("/search?q=law");
  const unknown = await post({ language: "xx", redirectTo: "/" });
  expect(unknown.status()).toBe(400);
  expect(unknown.headers()["set-cookie"]).toBeUndefined();
  expect((await client.get("/language", { maxRedirects: 0 })).headers().location).toBe("/");
  await client.dispose();
});

for (const path of ["/", "/services/free-consultation", "/faq", "/scholarships", "/privacy-policy"]) {
  test(`axe finds no violations on ${path} in Hindi`, async ({ page, context, baseURL }) => {
    await inHindi(context, baseURL);
    await page.goto(path);
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expectNoAxeViolations(page);
  });
}

test("the profile in Hindi: its sections, a refused English test and the dates", async ({ page, context, baseURL, student }) => {
  await inHindi(context, baseURL);
  await page.goto("/profile");
  await hydrated(page);
  await expect(page).toHaveTitle("प्रोफ़ाइल | Ignite");
  await expect(page.getByRole("heading", { level: 1, name: "प्रोफ़ाइल" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "निजी जानकारी" })).toBeVisible();
  await expect(page.getByText(student.email)).toBeVisible();
  // The other sections, each on its own page (decision 0062), reached by the section nav in Hindi.
  const sections = page.getByRole("navigation", { name: "प्रोफ़ाइल के हिस्से" });
  await sections.getByRole("link", { name: "दस्तावेज़", exact: true }).click();
  await expect(page.getByText("* कोई दस्तावेज़ अपलोड नहीं हुआ है।", { exact: false })).toBeVisible();
  await expect(page.getByTestId("document-10th Grade")).toContainText("10वीं कक्षा");
  await page.getByRole("navigation", { name: "प्रोफ़ाइल के हिस्से" }).getByRole("link", { name: "साइन-इन किए गए डिवाइस" }).click();
  await expect(page.getByRole("heading", { name: "साइन-इन किए गए डिवाइस" })).toBeVisible();
  // Dates written on the server in Hindi.
  await expect(page.getByTestId("signed-in-device").locator("time").first()).toHaveText(/[\u0900-\u097F]/);
  await page.getByRole("navigation", { name: "प्रोफ़ाइल के हिस्से" }).getByRole("link", { name: "गोपनीयता" }).click();
  await expect(page.getByRole("heading", { name: "आपका डेटा और गोपनीयता" })).toBeVisible();
  await page.goto("/profile");
  await hydrated(page);

  // The server's refusal (in English) shown in Hindi.
  await page.getByRole("link", { name: "संपादित करें" }).click();
  await page.getByLabel("टेस्ट", { exact: true }).selectOption("IELTS");
  await page.getByRole("button", { name: "सहेजें", exact: true }).click();
  await expect(page.getByText("उस टेस्ट में अपना स्कोर लिखें")).toBeVisible();
});

test("a course page and the comparison read in Hindi; the course's own name stays as entered", async ({
  page,
  context,
  baseURL,
  student: _student,
}) => {
  const [university] = (await (await page.request.get("/api/catalogue/australia/universities?page=1")).json()).data as {
    uni_id: number;
  }[];
  const [course] = (await (await page.request.get(`/api/catalogue/${university?.uni_id}/courses`)).json()).coursesData as {
    course_id: number;
    course_name: string;
  }[];
  await inHindi(context, baseURL);
  await page.goto(`/courses/${course?.course_id}`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: course?.course_name })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "प्रवेश की शर्तें (उदाहरण के लिए)" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "डिग्री का अनुमानित कुल ख़र्च" })).toBeVisible();
  await expect(page.getByText("अवधि", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "तुलना में जोड़ें" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "कोर्स की तुलना करें" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "आपकी तुलना में जोड़ दिया गया।" })).toContainText(
    course?.course_name ?? "",
  );
  await expect(page.getByRole("rowheader", { name: "ट्यूशन फ़ीस (उदाहरण के लिए)" })).toBeVisible();
  await expect(page).toHaveTitle("कोर्स की तुलना करें | Ignite");
  await expectNoAxeViolations(page);
});
