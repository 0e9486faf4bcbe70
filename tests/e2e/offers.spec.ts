import type { Page } from "@playwright/test";
import { TRAVEL_ESTIMATE_AS_OF } from "../../vocabulary/offers.ts";
import { applicationMovedOn, longDay, newCourse, next, toSubmitted } from "./applying-fixtures";
import { expect, expectNoAxeViolations, httpClient, hydrated, loggedInStudent, test } from "./fixtures";
import { errorsIn } from "./nu-checker";
import { screens } from "./screens";
import { ADMIN, staffSignIn } from "./staff-fixtures";

/**
 * Offers and the one funding plan (decisions 0078-0081), on a phone (390 px): the student writes their
 * funding plan as a family does ("25,00,000", "5 लाख") and reads it back before saving; the counsellor
 * records two offers from their letters in the console; the student compares them in rupees, accepts one
 * and declines the other with a reason; the visa plan's funds check shows the same funding. Axe, valid
 * HTML, and the offers page in Hindi.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** The counsellor records an offer on the console's application screen. */
async function recordOffer(
  staff: Page,
  applicationId: number,
  offer: { kind: "Conditional" | "Unconditional"; condition?: string; scholarship?: string; currency: string; deposit?: string },
) {
  await staff.goto(`/staff/applications/${applicationId}`);
  await hydrated(staff);
  const form = staff.getByRole("form", { name: "Record the offer" });
  await form.getByLabel("Kind of offer").selectOption({ label: offer.kind });
  await form.getByLabel("Reply by").fill(`${next}-05-31`);
  if (offer.condition) {
    await form.getByLabel("Condition 1").fill(offer.condition);
    await form.getByLabel("Due").first().fill(`${next}-07-31`);
  }
  if (offer.scholarship) {
    await form.getByRole("group", { name: "Scholarship or fee waiver (a year)" }).getByLabel("Amount").fill(offer.scholarship);
    await form.getByRole("group", { name: "Scholarship or fee waiver (a year)" }).getByLabel("Currency").fill(offer.currency);
  }
  if (offer.deposit) {
    await form.getByRole("group", { name: "Deposit" }).getByLabel("Amount").fill(offer.deposit);
    await form.getByRole("group", { name: "Deposit" }).getByLabel("Currency").fill(offer.currency);
  }
  await form.getByRole("button", { name: "Record the offer" }).click();
  // The reply date as people read it, as the student's side shows it.
  await expect(staff.getByTestId("offer-summary")).toHaveText(
    `${offer.kind} · reply by ${longDay(`${next}-05-31`)} · Waiting for the student's reply`,
  );
  await expect(staff.getByTestId("application-stage")).toHaveText(`${offer.kind} offer`);
}

test("the counsellor records two offers; the student compares them in rupees, accepts one, declines the other, and the visa plan shows the same funding", async ({
  page,
  browser,
}) => {
  // Two browsers, two offers recorded on screen, eight pages with their checks: minutes on a busy machine.
  test.setTimeout(300_000);
  await loggedInStudent(page, { name: "अनन्या शर्मा" });
  const studentId = (await (await page.request.get("/api/v1/students/me")).json()).data.student_id as number;

  await test.step("the student writes the funding plan as a family does and checks it before saving", async () => {
    await page.goto("/user/funding");
    await hydrated(page);
    await page.getByRole("group", { name: "Family savings" }).getByLabel("Amount").fill("25,00,000");
    await page.getByRole("group", { name: "Family savings" }).getByLabel("Document that proves it").fill("SBI savings statement");
    await page.getByRole("group", { name: "Sponsor" }).getByLabel("Amount").fill("5 लाख");
    await expect(page.getByRole("button", { name: "Save my funding plan" })).toBeDisabled();
    await page.getByRole("button", { name: "Check the amounts" }).click();
    const readBack = page.getByTestId("read-back");
    await expect(readBack).toContainText("Family savings: ₹25,00,000 (SBI savings statement)");
    await expect(readBack).toContainText("Sponsor: ₹5,00,000");
    await expectNoAxeViolations(page);
    expect(errorsIn([{ name: "funding", html: await page.content() }])).toEqual([]);
    await page.getByRole("button", { name: "Save my funding plan" }).click();
    await expect(page.getByText("Your funding plan is saved.")).toBeVisible();
  });

  const admin = await httpClient();
  expect((await admin.post("/api/v1/staff/session", { data: ADMIN })).status()).toBe(200);
  const submitted = async (countrySlug: string, name: string, currency: string) => {
    const course = await newCourse(admin, { countrySlug, name, feeAmount: 20000, currency });
    return applicationMovedOn(admin, studentId, course.id, toSubmitted("UNI-E2E-2001"));
  };
  const uk = await submitted("united-kingdom", "MSc Financial Technology", "GBP");
  const au = await submitted("australia", "Master of Data Science", "AUD");

  await test.step("the counsellor records the two offers from their letters", async () => {
    const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const staff = await staffContext.newPage();
    await staffSignIn(staff, ADMIN.email, ADMIN.password);
    await expect(staff.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
    await recordOffer(staff, uk, {
      kind: "Conditional",
      condition: "IELTS Academic 6.5 overall",
      scholarship: "2,000",
      currency: "GBP",
      deposit: "1,500",
    });
    await recordOffer(staff, au, { kind: "Unconditional", scholarship: "5000", currency: "AUD" });
    await staffContext.close();
  });

  await test.step("the student compares the two offers: each figure in rupees with its source, the plan's cover and the shortfall", async () => {
    await page.goto("/user/offers");
    await hydrated(page);
    const offers = page.getByTestId("offer");
    await expect(offers).toHaveCount(2);
    const ukOffer = offers.filter({ hasText: "MSc Financial Technology" });
    await expect(ukOffer.getByTestId("reply-by")).toContainText(`Reply by 31 May ${next}`);
    await expect(ukOffer).toContainText("IELTS Academic 6.5 overall: Pending");
    await expect(ukOffer.getByTestId("covered")).toHaveText("₹30,00,000");
    await expect(ukOffer.getByTestId("cost")).toContainText("Tuition for the whole course");
    await expect(ukOffer.getByTestId("cost")).toContainText("Travel (estimate)");
    // The estimate carries the day it was set, as a day a student reads.
    await expect(ukOffer.getByTestId("cost")).toContainText(`an estimate as of ${longDay(TRAVEL_ESTIMATE_AS_OF)}, not a quote`);
    // The catalogue's course has no fee source: the tuition line says so rather than claim one.
    await expect(ukOffer.getByTestId("cost")).toContainText("no source recorded, not checked");
    await expect(ukOffer.getByTestId("total")).toHaveText(/^₹[\d,]+$/);
    await expect(page.getByTestId("rate-note")).toContainText("approximately, at the rate of");
    await expectNoAxeViolations(page);
    // The page with two offers and their replies' forms is valid HTML (the empty one is in html-validity.spec.ts).
    expect(errorsIn([{ name: "offers", html: await (await page.request.get("/user/offers")).text() }])).toEqual([]);
  });

  await test.step("the offers' reply dates and a pending condition's due date join the student's Deadlines", async () => {
    await page.goto("/deadlines");
    await hydrated(page);
    const replies = page.getByTestId("deadline").filter({ hasText: "Reply to the offer" });
    await expect(replies).toHaveCount(2);
    await expect(replies.first()).toContainText(`31 May ${next}`);
    await expect(replies.first()).toContainText("Offer");
    await expect(replies.filter({ hasText: ", Australia" })).toHaveCount(1);
    const condition = page.getByTestId("deadline").filter({ hasText: "Meet the offer's condition: IELTS Academic 6.5 overall" });
    await expect(condition).toContainText(`31 July ${next}`);
    await expect(condition.getByRole("link")).toHaveAttribute("href", "/user/offers");
    await expectNoAxeViolations(page);
    await screens(page, "offers-deadlines");
    await page.goto("/user/offers");
    await hydrated(page);
  });

  await test.step("the student accepts the UK offer and declines the Australian one with a reason", async () => {
    const ukOffer = page.getByTestId("offer").filter({ hasText: "MSc Financial Technology" });
    await ukOffer.getByRole("radio", { name: "Accept (my firm choice)" }).check();
    await ukOffer.getByRole("button", { name: "Send my reply" }).click();
    await expect(page.getByText("You accepted this offer. Your counsellor has been told.")).toBeVisible();
    await expect(ukOffer.getByTestId("offer-state")).toHaveText("Accepted (your firm choice)");
    const auOffer = page.getByTestId("offer").filter({ hasText: "Master of Data Science" });
    await auOffer.getByRole("radio", { name: "Decline" }).check();
    await auOffer.getByRole("button", { name: "Send my reply" }).click();
    await expect(auOffer.getByRole("alert")).toHaveText("Say why you are declining, in up to 500 characters");
    await auOffer.getByLabel("Why you are declining (if you decline)").fill("The UK course is shorter and costs less");
    await auOffer.getByRole("button", { name: "Send my reply" }).click();
    await expect(auOffer.getByTestId("offer-state")).toHaveText("Declined");
    await expect(auOffer).toContainText("You declined: The UK course is shorter and costs less");
    await expect(auOffer.getByRole("button", { name: "Send my reply" })).toHaveCount(0);
  });

  await test.step("replied and declined offers' reply dates drop out of Deadlines; the accepted offer's condition stays", async () => {
    await page.goto("/deadlines");
    await hydrated(page);
    await expect(page.getByTestId("deadline").filter({ hasText: "Reply to the offer" })).toHaveCount(0);
    await expect(page.getByTestId("deadline").filter({ hasText: "Meet the offer's condition" })).toHaveCount(1);
  });

  await test.step("the visa plan's funds check reads the same funding plan", async () => {
    const moved = await admin.post(`/api/v1/staff/applications/${uk}/moves`, {
      data: { status: "Confirmation issued", details: { confirmationKind: "CAS", confirmationNumber: "E2E0012345678" } },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    await page.goto(`/user/applications/${uk}/visa`);
    await hydrated(page);
    await expect(page.getByLabel("Amount").first()).not.toHaveValue("");
    await expect(page.getByTestId("funds-verdict")).toContainText("₹30,00,000");
  });

  await test.step("the offers page reads in Hindi", async () => {
    await page.context().addCookies([{ name: "ignite_language", value: "hi", url: new URL(page.url()).origin }]);
    await page.goto("/user/offers");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("आपके ऑफ़र");
    await expect(page.getByTestId("offer").filter({ hasText: "MSc Financial Technology" }).getByTestId("offer-state")).toHaveText(
      "स्वीकार किया (आपका पक्का चुनाव)",
    );
    await expectNoAxeViolations(page);
  });
  await admin.dispose();
});

test("a scholarship also written into the funding plan is counted once, and an online course's offer needs no visa and no flight", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loggedInStudent(page, { name: "प्रिया अय्यर" });
  const studentId = (await (await page.request.get("/api/v1/students/me")).json()).data.student_id as number;
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  // The family's 25 lakh and the UK university's GBP 5,000 scholarship, both in the plan.
  const saved = await page.request.put("/api/v1/students/me/funding-plan", {
    headers: { Origin: origin },
    data: {
      sources: [
        { kind: "family-savings", amount: "25,00,000", currency: "INR", proof: "SBI savings account statement" },
        { kind: "scholarship", amount: "5,000", currency: "GBP", proof: "Global Futures Scholarship award letter" },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const admin = await httpClient();
  expect((await admin.post("/api/v1/staff/session", { data: ADMIN })).status()).toBe(200);
  const offered = async (course: Parameters<typeof newCourse>[1], scholarship?: Record<string, unknown>) => {
    const made = await newCourse(admin, course);
    const applicationId = await applicationMovedOn(admin, studentId, made.id, toSubmitted("UNI-E2E-3001"));
    const recorded = await admin.put(`/api/v1/staff/applications/${applicationId}/offer`, {
      data: { kind: "unconditional", replyBy: `${next}-05-31`, ...(scholarship ? { scholarship } : {}) },
    });
    expect(recorded.status(), await recorded.text()).toBe(200);
    return made.name;
  };
  const onCampus = await offered(
    { countrySlug: "united-kingdom", name: "MSc Data Science", feeAmount: 24_500, currency: "GBP" },
    { amount: "5,000", currency: "GBP", years: 1 },
  );
  const online = await offered({
    countrySlug: "united-kingdom",
    name: "MSc Cyber Security (online)",
    feeAmount: 7_000,
    currency: "GBP",
    mode: "Online",
    durationMonths: 24,
    universityIndex: 1,
  });
  await admin.dispose();

  await page.goto("/user/offers");
  await hydrated(page);
  const campusOffer = page.getByTestId("offer").filter({ hasText: onCampus });
  const onlineOffer = page.getByTestId("offer").filter({ hasText: online });
  // The scholarship is off Manchester's fees: the plan covers the 25 lakh alone, and the page says why.
  await expect(campusOffer.getByTestId("covered")).toHaveText("₹25,00,000");
  await expect(campusOffer.getByTestId("not-counted")).toHaveText(
    "Counted once: the scholarship of GBP 5,000 in your funding plan is this offer's scholarship, already taken off the fees.",
  );
  const campusUniversity = (await campusOffer.getByRole("heading", { level: 2 }).textContent()) ?? "";
  await expect(onlineOffer.getByTestId("covered")).toHaveText("₹25,00,000");
  await expect(onlineOffer.getByTestId("not-counted")).toHaveText(
    `Not counted for this offer: the scholarship of GBP 5,000 in your funding plan is the one on your offer from ${campusUniversity}, paid only if you go there.`,
  );
  // Studied from home: the tuition alone, and the costs abroad named as not needed.
  await expect(onlineOffer.getByTestId("cost").locator("tbody th")).toHaveText([
    /^Tuition for the whole course/,
    "Living costs abroad",
    "Student visa and health charges",
    "Flight to the country",
  ]);
  await expect(onlineOffer.getByTestId("not-needed")).toHaveText(Array(3).fill(/Not needed: online course, studied from home$/));
  await expect(campusOffer.getByTestId("not-needed")).toHaveCount(0);
  await expect(campusOffer.getByTestId("cost")).toContainText("Travel (estimate)");
  await expectNoAxeViolations(page);
  expect(errorsIn([{ name: "offers-counted-once", html: await (await page.request.get("/user/offers")).text() }])).toEqual([]);
  await screens(page, "offers-counted-once");
});
