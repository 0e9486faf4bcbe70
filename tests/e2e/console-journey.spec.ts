import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, test, uniqueEmail } from "./fixtures.ts";
import { readMail } from "./mail.ts";
import { ADMIN, invitedStaff, staffSignIn } from "./staff-fixtures.ts";

const toast = (page: Page, text: string | RegExp) => expect(page.getByRole("alert").filter({ hasText: text })).toBeVisible();
const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`);

/**
 * The counsellor's working day end to end (decision 0015): a booking reaches an invited counsellor's inbox,
 * becomes a student with an application that moves to a conditional offer the student reads and is
 * mailed about, and a verifier's correction of the SOP is answered by the student and approved.
 */
test("a booking becomes a student, an application reaches a conditional offer, and an SOP goes through a correction", async ({
  page,
  browser,
  student,
}) => {
  // The longest journey of the suite (three people, a dozen screens each checked by axe): 60 s alone on 2 cores, more beside another worker.
  test.setTimeout(150_000);
  const admin = await (await browser.newContext()).newPage();
  await staffSignIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  const counsellor = { email: uniqueEmail("journey.counsellor"), fullName: "Nisha Journey", password: "nisha-Secret-pass-1" };
  const verifier = { email: uniqueEmail("journey.verifier"), fullName: "Vikram Checks", password: "vikram-Secret-pass-1" };
  await invitedStaff(admin, { ...counsellor, role: "counsellor" });
  await invitedStaff(admin, { ...verifier, role: "document_verifier" });

  // A visitor (the student, not logged in here) books a free consultation with their e-mail.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/services/free-consultation");
  await hydrated(visitor);
  for (const [label, value] of Object.entries({
    "First name": "Journey",
    "Last name": "Student",
    "Phone number": "9876501234",
    Email: student.email,
  }))
    await visitor.getByLabel(label).fill(value);
  await visitor.getByLabel("Study destination").selectOption("Germany");
  await visitor.getByLabel("Type of study").selectOption("Postgraduate");
  await visitor.getByLabel("Preferred subject").selectOption("Computer Science");
  await visitor.getByRole("button", { name: "Book Your Free Consultation" }).click();
  await expect(visitor.getByText("Your free consultation is booked.")).toBeVisible();

  // The admin gives the lead to the new counsellor (other tests' counsellors take turns in round-robin too).
  await admin.goto(`/staff/leads?q=${encodeURIComponent(student.email)}`);
  await admin.getByRole("link", { name: "Journey Student" }).click();
  // The lead's own page, settled, before its form is touched: a choice made while the navigation was still
  // settling was once put back to the current counsellor, and "Assign" then changed nothing.
  await admin.waitForURL(/\/staff\/leads\/\d+$/);
  await hydrated(admin);
  await admin.getByLabel("Assign to").selectOption({ label: counsellor.fullName });
  await expect(admin.getByLabel("Assign to")).toHaveValue(/\d+/);
  await admin.getByRole("button", { name: "Assign", exact: true }).click();
  await toast(admin, `assigned to ${counsellor.fullName}`);

  // The counsellor finds it in their inbox and converts it.
  const work = await (await browser.newContext()).newPage();
  await staffSignIn(work, counsellor.email, counsellor.password);
  await expect(work.getByRole("heading", { name: `Welcome, ${counsellor.fullName}` })).toBeVisible();
  await work.goto("/staff/leads");
  await expect(work.getByTestId("lead-row").filter({ hasText: "Journey Student" })).toContainText(counsellor.fullName);
  await work.getByRole("link", { name: "Journey Student" }).click();
  await hydrated(work);
  await work.getByLabel("New status").selectOption("Converted");
  await work.getByRole("button", { name: "Change status" }).click();
  await toast(work, "Status changed to Converted.");

  // The student had an account before the lead: converting moves no one (decision 0034). The admin links the
  // lead to the account and lets its counsellor look after the student.
  await admin.reload();
  await hydrated(admin);
  await admin.getByLabel(`and let ${counsellor.fullName} look after the student`).check();
  await admin.getByRole("button", { name: "Link to the student account" }).click();
  await toast(admin, "Lead linked to the student's account.");

  // The student's record (now theirs to look after): create an application for a course found by its name.
  await work.goto("/staff/students");
  await expectNoAxeViolations(work);
  await work.getByRole("link", { name: student.name }).click();
  await expect(work.getByRole("heading", { level: 1, name: student.name })).toBeVisible();
  await expect(
    work.getByTestId("timeline-entry").filter({ hasText: "Booked a free consultation (Germany, Website form)" }),
  ).toBeVisible();
  await expectNoAxeViolations(work);
  await work.getByLabel("Find a course (name, university or country)").fill("computer science germany");
  await work.getByRole("button", { name: "Find" }).click();
  await expect(work).toHaveURL(/course=computer/);
  const course = work.getByLabel("Course", { exact: true });
  const firstChoice = (await course.locator("option:not([disabled])").first().textContent()) ?? "";
  await hydrated(work);
  await course.selectOption({ label: firstChoice });
  // The demo's courses have intakes (decision 0030): the course's own list offers them, and the first is taken.
  const intake = work.getByLabel("Intake (the course's dates)");
  const firstIntake = intake.locator("option:not([disabled])").first();
  await expect(firstIntake).toHaveText(/^[A-Z][a-z]+ \d{4}/);
  await intake.selectOption((await firstIntake.getAttribute("value")) ?? "");
  await work.getByRole("button", { name: "Create application" }).click();
  await toast(work, "Application created.");
  await work
    .getByRole("link", { name: firstChoice.split(",")[0] ?? "" })
    .first()
    .click();
  await expect(work.getByTestId("application-stage")).toHaveText("Shortlisted");
  await hydrated(work);
  await expectNoAxeViolations(work);

  // "Ready to submit" tells the student their documents are complete: not offered while they are missing,
  // and the screen says why (decision 0035).
  await expect(work.getByLabel("New stage").locator("option", { hasText: "Ready to submit" })).toHaveCount(0);
  await expect(work.getByTestId("held-moves")).toContainText(
    "Ready to submit needs every document approved or waived with a reason. Not yet: CV/Resume (Missing), SOP (Missing)",
  );
  // This university asks for none of them: the counsellor waives each one with a reason.
  const checklist = work.getByTestId("checklist-item");
  for (const item of await checklist.locator("strong").allTextContents()) {
    const entry = checklist.filter({ has: work.locator("strong", { hasText: item }) });
    await entry.locator("summary", { hasText: "Waive" }).click();
    await work.getByLabel(`Why ${item} is not needed`).fill("Not asked for by this university");
    await entry.getByRole("button", { name: "Waive" }).click();
    await expect(entry.locator(".badge")).toHaveText("Waived");
  }
  await expect(work.getByTestId("held-moves")).toHaveCount(0);

  const movedAt = Date.now();
  for (const stage of ["Ready to submit", "Submitted"]) {
    await work.getByLabel("New stage").selectOption(stage);
    if (stage === "Submitted") {
      // The counsellor records the day it went and the university's reference (decision 0058).
      await work.getByLabel(/Submitted on/).fill("2026-01-05");
      await work.getByLabel(/University reference/).fill("UCL-2026-55120");
    }
    await work.getByRole("button", { name: "Move" }).click();
    await expect(work.getByTestId("application-stage")).toHaveText(stage);
    // Staff read whom it waits on in their own words (never "Waiting on the studentr counsellor").
    if (stage === "Ready to submit") await expect(work.getByText("Waiting on the counsellor.")).toBeVisible();
  }
  await work.getByLabel("New stage").selectOption("Conditional offer");
  await work.getByRole("button", { name: "Move" }).click();
  await toast(work, "Enter the offer conditions");
  await work.getByLabel(/Offer conditions/).fill("IELTS 6.5 overall");
  await work.getByLabel("Note (staff only)").fill("Offer letter arrived by e-mail");
  await work.getByRole("button", { name: "Move" }).click();
  await expect(work.getByTestId("application-stage")).toHaveText("Conditional offer");
  await work.goto("/staff/applications?view=board");
  await expect(
    work.getByRole("region", { name: /^Conditional offer: \d+$/ }).getByRole("link", { name: student.name }),
  ).toBeVisible();
  await expectNoAxeViolations(work);

  // The student reads the stage, what it means and what to do next, and has the e-mail.
  await page.goto("/user/applications");
  await expect(page.locator(".badge").first()).toHaveText("Conditional offer");
  await expect(page.getByText("You have a conditional offer.")).toBeVisible();
  await expect(page.getByText("Meet the offer's conditions and accept the offer with your counsellor.")).toBeVisible();
  await expect(page.getByText("IELTS 6.5 overall")).toBeVisible();
  await expect(page.getByText("Offer letter arrived")).toHaveCount(0);
  await readMail(student.email, /Subject: Your application to .*: Conditional offer/, movedAt);

  // The student uploads an SOP; the verifier asks for a correction.
  await page.goto("/profile/documents");
  await hydrated(page);
  await page.locator("#file-SOP").setInputFiles({ name: "sop.pdf", mimeType: "application/pdf", buffer: pdf("unsigned") });
  await toast(page, "SOP uploaded successfully");
  await admin.goto("/staff/catalogue?q=technical");
  await expect(admin.getByRole("heading", { level: 1, name: "Catalogue" })).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.goto("/staff/document-rules");
  await expect(admin.getByRole("heading", { name: "Document rules" })).toBeVisible();
  await expectNoAxeViolations(admin);
  const check = await (await browser.newContext()).newPage();
  await staffSignIn(check, verifier.email, verifier.password);
  await expect(check.getByRole("heading", { name: `Welcome, ${verifier.fullName}` })).toBeVisible();
  await check.goto("/staff/documents");
  // Every test's student is called Kavya Iyer: this one's SOP is the one named sop.pdf, later sop-signed.pdf.
  const item = check
    .getByTestId("review-item")
    .filter({ hasText: `${student.name}: SOP` })
    .filter({ hasText: /Open sop(-signed)?\.pdf/ });
  await expect(item).toBeVisible();
  await expectNoAxeViolations(check);
  await hydrated(check);
  await item.getByLabel("Reason").selectOption("Needs signature or stamp");
  await item.getByLabel("Message to the student").fill("Please sign the last page.");
  await item.getByRole("button", { name: "Ask for a correction" }).click();
  await toast(check, "Correction asked for SOP.");

  await page.reload();
  await expect(page.getByTestId("correction-SOP")).toHaveText(
    "Needs signature or stamp: Please sign the last page. Please upload a corrected SOP.",
  );
  await hydrated(page);
  await page.locator("#file-SOP").setInputFiles({ name: "sop-signed.pdf", mimeType: "application/pdf", buffer: pdf("signed") });
  await toast(page, "SOP uploaded successfully");

  await check.reload();
  await expect(item).toContainText("sop-signed.pdf");
  await hydrated(check);
  await item.getByRole("button", { name: "Approve SOP" }).click();
  await toast(check, "SOP approved.");
  await page.reload();
  await expect(page.getByTestId("document-SOP")).toContainText("Approved");
  await expect(page.getByTestId("correction-SOP")).toHaveCount(0);
});
