import { parentMessages } from "../../vocabulary/parents.ts";
import { applicationMovedOn, newCourse, next, toSubmitted } from "./applying-fixtures";
import { expect, expectNoAxeViolations, httpClient, hydrated, loggedInStudent, test } from "./fixtures";
import { errorsIn } from "./nu-checker";
import { screens } from "./screens";
import { ADMIN, staffSignIn } from "./staff-fixtures";

/**
 * The student uploads the university's offer letter for the counsellor to confirm (decision 0092), and the
 * parent's link shows the offers, their amounts only once the student shares them (decision 0091), on a
 * phone (390 px): the upload on the application's page, the letter awaiting on the offers page, the
 * counsellor's Today and confirmation, the parent's page before and after the student's choice.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** A one-page PDF, as a university's portal saves an offer letter. */
const letterPdf = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% Offer of a place\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

test("the student uploads the offer letter, the counsellor confirms it, and the parent sees the chosen university and, once shared, the amounts", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const student = await loggedInStudent(page, { name: "Riya Kapoor" });
  const studentId = (await (await page.request.get("/api/v1/students/me")).json()).data.student_id as number;
  const admin = await httpClient();
  expect((await admin.post("/api/v1/staff/session", { data: ADMIN })).status()).toBe(200);
  const course = await newCourse(admin, {
    countrySlug: "united-kingdom",
    name: "MSc Cyber Security",
    feeAmount: 22000,
    currency: "GBP",
    universityIndex: 1,
  });
  const application = {
    id: await applicationMovedOn(admin, studentId, course.id, toSubmitted("UNI-E2E-3001")),
    course: course.name,
  };

  await test.step("the student uploads the letter on the application's page; a text file is refused", async () => {
    await page.goto(`/user/applications/${application.id}`);
    await hydrated(page);
    const section = page.getByTestId("offer-letter");
    await expect(section.getByRole("heading", { name: "The university's offer letter" })).toBeVisible();
    await section.getByLabel("Upload the offer letter").setInputFiles({
      name: "offer.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("We are pleased to offer you a place"),
    });
    await expect(section.getByText("Upload the offer letter as a PDF or a photo (JPEG, PNG or WebP).")).toBeVisible();
    await section.getByLabel("Upload the offer letter").setInputFiles({
      name: "Offer letter.pdf",
      mimeType: "application/pdf",
      buffer: letterPdf,
    });
    await expect(section.getByTestId("offer-letter-awaiting")).toContainText("Offer letter.pdf");
    await expect(section.getByTestId("offer-letter-awaiting")).toContainText(
      "Waiting for your counsellor to confirm the offer from it.",
    );
    await expectNoAxeViolations(page);
    const served = await (await page.request.get(`/user/applications/${application.id}`)).text();
    expect(errorsIn([{ name: "application", html: served }])).toEqual([]);
    await screens(page, "offer-letter-application");
  });

  await test.step("the offers page lists it apart, not compared and not replied to", async () => {
    await page.goto("/user/offers");
    await hydrated(page);
    await expect(page.getByTestId("offer-awaiting")).toContainText(application.course);
    await expect(page.getByTestId("offer")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screens(page, "offer-letter-offers");
  });

  await test.step("the counsellor sees it on Today and confirms it by recording the offer", async () => {
    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const staff = await staffContext.newPage();
    await staffSignIn(staff, ADMIN.email, ADMIN.password);
    await expect(staff.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
    await staff.goto("/staff/today");
    await hydrated(staff);
    const line = staff.getByTestId("offer-letter-to-confirm").filter({ hasText: student.name });
    await expect(line).toContainText(application.course);
    await line.getByRole("link", { name: student.name }).click();
    await expect(staff.getByTestId("offer-letter")).toContainText("Awaiting your confirmation");
    const form = staff.getByRole("form", { name: "Record the offer" });
    await form.getByLabel("Kind of offer").selectOption({ label: "Unconditional" });
    await form.getByLabel("Reply by").fill(`${next}-05-31`);
    await form.getByRole("group", { name: "Scholarship or fee waiver (a year)" }).getByLabel("Amount").fill("4,000");
    await form.getByRole("group", { name: "Scholarship or fee waiver (a year)" }).getByLabel("Currency").fill("GBP");
    await form.getByRole("group", { name: "Deposit" }).getByLabel("Amount").fill("2,500");
    await form.getByRole("group", { name: "Deposit" }).getByLabel("Currency").fill("GBP");
    await form.getByRole("button", { name: "Record the offer" }).click();
    await expect(staff.getByTestId("offer-letter")).toContainText("The student's offer letter, confirmed");
    await expectNoAxeViolations(staff);
    await staff.screenshot({ path: ".tmp/screens/offer-letter-console-1280.png", fullPage: true });
    await staffContext.close();
  });

  await test.step("the student accepts the confirmed offer", async () => {
    await page.goto("/user/offers");
    await hydrated(page);
    await expect(page.getByTestId("offer-awaiting")).toHaveCount(0);
    const offer = page.getByTestId("offer").filter({ hasText: application.course });
    await offer.getByRole("radio", { name: "Accept (my firm choice)" }).check();
    await offer.getByRole("button", { name: "Send my reply" }).click();
    await expect(offer.getByTestId("offer-state")).toHaveText("Accepted (your firm choice)");
  });

  let url = "";
  await test.step("the student makes a parent link; the amounts are not shared by default", async () => {
    await page.goto("/profile/parents");
    await hydrated(page);
    const links = page.getByRole("region", { name: parentMessages.heading });
    await links.getByLabel(parentMessages.labelField).fill("Papa");
    await links.getByRole("button", { name: parentMessages.create }).click();
    url = await links.getByLabel(parentMessages.createdLinkLabel).inputValue();
    await expect(page.getByLabel(parentMessages.sharingField)).not.toBeChecked();
  });

  const parentContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const parent = await parentContext.newPage();
  await test.step("the parent sees the offer's state and the chosen university, not the amounts", async () => {
    await parent.goto(url);
    await hydrated(parent);
    await expect(parent.getByTestId("parent-chosen")).toContainText(application.course);
    const offer = parent.getByTestId("parent-offer");
    await expect(offer).toContainText("Unconditional offer");
    await expect(offer).toContainText("Accepted: the chosen university");
    await expect(parent.getByText(parentMessages.pageAmountsPrivate)).toBeVisible();
    await expect(offer.getByTestId("parent-offer-deposit")).toHaveCount(0);
    expect(await parent.content()).not.toContain("2,500");
    await expectNoAxeViolations(parent);
  });

  await test.step("once the student shares the amounts, the parent sees the scholarship and the deposit", async () => {
    await page.getByLabel(parentMessages.sharingField).check();
    await page.getByTestId("parent-sharing").getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert").filter({ hasText: parentMessages.sharingSaved })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(parentMessages.sharingField)).toBeChecked();
    await screens(page, "offer-letter-parent-settings");
    await parent.reload();
    await hydrated(parent);
    await expect(parent.getByTestId("parent-offer-scholarship")).toContainText("GBP 4,000");
    await expect(parent.getByTestId("parent-offer-deposit")).toContainText("GBP 2,500");
    await expectNoAxeViolations(parent);
    expect(errorsIn([{ name: "parent", html: await (await parent.request.get(url)).text() }])).toEqual([]);
    await screens(parent, "offer-letter-parent-page");
  });
  await parentContext.close();
  await admin.dispose();
});
