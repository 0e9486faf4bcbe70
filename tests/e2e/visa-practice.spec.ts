import type { Page } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "../../playwright.config.ts";
import { rubricCriteria } from "../../vocabulary/visas.ts";
import { expect, expectNoAxeViolations, hydrated, loggedInStudent, test, uniqueEmail } from "./fixtures.ts";
import { readMailTo } from "./mail.ts";
import { screen } from "./screens.ts";
import { ADMIN, invitedStaff, staffSignIn } from "./staff-fixtures.ts";
import { papersArrived } from "./visa-fixtures.ts";

/**
 * Decision 0040, the whole practice journey: a student practises a US visa interview, speaking three answers
 * into the browser's (fake) microphone and typing the rest, reads the feedback with a note where an answer
 * contradicts the file, and shares it; their counsellor scores it on the rubric; the student reads the
 * scores and the readiness chart. (The console's screens in detail are in visa-console.spec.ts.)
 */
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumFlags, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
});

/** Records an answer on the fake microphone: starts, waits until the countdown has moved (sound was taken), stops. */
async function speak(page: Page) {
  await page.getByRole("button", { name: "Record my answer" }).click();
  const stop = page.getByRole("button", { name: /Stop and save my answer/ });
  const first = (await stop.textContent()) ?? "";
  await expect(stop).not.toHaveText(first);
  await stop.click();
}

test("a student speaks three answers and types the rest, reads the feedback, shares it, a counsellor scores it and the student reads the scores", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const student = await loggedInStudent(page, { name: "Arjun Nair" });
  const { admin } = await papersArrived(page, "united-states", "computer");
  await admin.dispose();

  // The admin invites a counsellor and gives them this student.
  const staff = await (await browser.newContext()).newPage();
  await staffSignIn(staff, ADMIN.email, ADMIN.password);
  await expect(staff.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  const counsellor = { email: uniqueEmail("visa.coach"), fullName: "Meera Visa Coach", password: "meera-Secret-pass-1" };
  const counsellorId = await invitedStaff(staff, { ...counsellor, role: "counsellor" });
  const studentId = (await (await page.request.get("/api/v1/students/me")).json()).data.student_id as number;
  const given = await staff.request.post(`/api/v1/staff/students/${studentId}/counsellor`, {
    headers: { Origin: new URL(staff.url()).origin },
    data: { counsellorStaffId: counsellorId },
  });
  expect(given.status(), await given.text()).toBe(200);

  await page.goto("/visa/practice");
  await hydrated(page);
  await page.getByLabel("Destination").selectOption("united-states");
  await page.getByRole("button", { name: "Start the interview" }).click();
  await expect(page.getByText("Question 1 of 8")).toBeVisible();
  await hydrated(page);
  for (let position = 1; position <= 3; position += 1) {
    await expect(page.getByText(`Question ${position} of 8`)).toBeVisible();
    await speak(page);
    await expect(page.getByText(`Question ${position + 1} of 8`)).toBeVisible({ timeout: 15_000 });
  }
  for (let position = 4; position <= 8; position += 1) {
    await expect(page.getByText(`Question ${position} of 8`)).toBeVisible();
    await page
      .getByLabel("Your answer")
      .fill("My first year costs about 5 lakh in total and my father will pay it from his savings.");
    await page.getByRole("button", { name: "Save my typed answer" }).click();
    if (position < 8) await expect(page.getByText(`Question ${position + 1} of 8`)).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Your feedback" })).toBeVisible();
  // The summary (decision 0049): the typed finance answers leave points out and contradict the file.
  const summary = page.getByTestId("practice-summary");
  await expect(summary.getByRole("heading", { name: "Summary of this practice" })).toBeVisible();
  await expect(summary).toContainText("To work on");
  await expect(summary).toContainText("Practise next");
  await page.setViewportSize({ width: 390, height: 844 });
  await screen(summary, "visa-practice-summary-390");
  await page.setViewportSize({ width: 1280, height: 900 });
  await screen(summary, "visa-practice-summary-desktop");
  // Spoken answers: their recording and their length; typed ones: the points, and where they contradict the file.
  await expect(page.getByTestId("answer-1").locator("audio")).toHaveCount(1);
  // A short recording may last a single second: its length then reads in the singular (decision 0051).
  await expect(page.getByTestId("answer-1")).toContainText(/Length: (?:1 second|(?:[02-9]|\d{2,}) seconds) \(usual: 10 to 40\)/);
  await expect(page.getByTestId("consistency-note").first()).toContainText(
    /You said 5 lakh; your first year is estimated at [\d.]+ (lakh|crore)/,
  );
  await expect(page.getByText("It does not predict the embassy's decision.").first()).toBeVisible();
  await expectNoAxeViolations(page);
  const sharedAt = Date.now();
  await page.getByRole("button", { name: "Share with my counsellor" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your practice is shared with your counsellor." })).toBeVisible();
  await expect(page.getByText("Shared with your counsellor: their scores will appear here.")).toBeVisible();
  const practiceUrl = page.url();
  const practicePath = new URL(practiceUrl).pathname;

  // The counsellor is mailed (decision 0049) and finds it on Today, then in the review queue; listens, scores every answer.
  const told = await readMailTo(counsellor.email, /shared a mock visa interview for your review/, sharedAt);
  expect(told).toContain(`/staff/visas/practices/${practicePath.split("/").at(-1)}`);
  await staff.context().clearCookies();
  await staffSignIn(staff, counsellor.email, counsellor.password);
  await expect(staff.getByRole("heading", { name: `Welcome, ${counsellor.fullName}` })).toBeVisible();
  await staff.goto("/staff/today");
  const toReview = staff.getByTestId("practice-to-review").filter({ hasText: student.name });
  await expect(toReview).toContainText("United States");
  await expectNoAxeViolations(staff);
  await staff.setViewportSize({ width: 390, height: 844 });
  await screen(staff, "visa-practice-today-390", { fullPage: true });
  await staff.setViewportSize({ width: 1280, height: 900 });
  await screen(staff, "visa-practice-today-desktop");
  await staff.goto("/staff/visas");
  const row = staff.getByTestId("practice-row").filter({ hasText: student.name });
  await expect(row).toContainText("To review");
  await row.getByRole("link", { name: /^Review/ }).click();
  await expect(staff.getByRole("heading", { level: 1, name: `Practice of ${student.name}` })).toBeVisible();
  await hydrated(staff);
  await expect(staff.getByTestId("practice-answer").first().locator("audio[controls]")).toHaveCount(1);
  for (let position = 1; position <= 8; position += 1) {
    for (const criterion of rubricCriteria) {
      await staff.locator(`#a-${position}-${criterion}-${position <= 3 ? 4 : 2}`).check();
    }
  }
  await staff.getByLabel("Comment on answer 4").fill("Your first year costs far more than 5 lakh: check the estimate.");
  await staff.getByRole("button", { name: "Save the review" }).click();
  await expect(staff.getByRole("alert").filter({ hasText: "Your review is saved; the student can read it." })).toBeVisible();
  await staff.goto("/staff/today");
  await expect(staff.getByRole("heading", { level: 1, name: /^Today/ })).toBeVisible();
  await expect(staff.getByTestId("practice-to-review")).toHaveCount(0);
  await staff.context().close();

  // The student is mailed and sees a notice on any screen until they open the review.
  await readMailTo(student.email, /Your mock visa interview has been reviewed/, sharedAt);
  await page.goto("/visa/practice");
  const notice = page.getByTestId("review-notice");
  await expect(notice).toContainText(`Your counsellor has reviewed your mock visa interview for United States.`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screen(page, "visa-practice-notice-390");
  await page.setViewportSize({ width: 1280, height: 900 });
  await screen(page, "visa-practice-notice-desktop");
  await expectNoAxeViolations(page);
  // The student reads the scores, the comment, and the readiness chart across the practice's themes.
  await notice.getByRole("link", { name: "Read the review" }).click();
  await expect(page).toHaveURL(practiceUrl);
  await expect(page.getByTestId("review-notice")).toHaveCount(0);
  await expect(page.getByText(`Reviewed by ${counsellor.fullName}.`)).toBeVisible();
  await expect(page.getByTestId("scores-1")).toContainText("Clarity: 4/5");
  await expect(page.getByTestId("scores-4")).toContainText("Clarity: 2/5");
  await expect(page.getByTestId("scores-4")).toContainText("Your first year costs far more than 5 lakh");
  await expectNoAxeViolations(page);
  await page.goto("/visa/practice");
  await expect(page.getByRole("heading", { name: "Readiness by theme" })).toBeVisible();
  await expect(page.getByTestId("review-notice")).toHaveCount(0);
  // The table under the chart carries the counsellor's rubric for the themes they scored.
  await expect(page.getByRole("row", { name: /^Study plans/ })).toContainText(/rubric [\d.]+\/5/);
  await expectNoAxeViolations(page);
});

/** The seconds the question's countdown shows ("37 seconds left"). */
const secondsLeft = async (page: Page) => Number((await page.getByText(/^\d+ seconds left$/).textContent())?.match(/\d+/)?.[0]);

test("a UK visa plan's practice opens the UK with that application's questions, and a reload resumes the question's clock", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loggedInStudent(page, { name: "Ananya Iyer" });
  // An application to Germany besides the UK one whose papers arrived: Germany comes first by name.
  const studentId = (await (await page.request.get("/api/v1/students/me")).json()).data.student_id as number;
  const { admin, applicationId } = await papersArrived(page, "united-kingdom", "computer");
  const german = await (await admin.get("/api/catalogue/search/computer?country=germany")).json();
  const germanCourse = german.coursesData.find((c: { country_slug: string }) => c.country_slug === "germany");
  let made = 0;
  for (const month of [10, 4, 9, 3]) {
    const year = new Date().getUTCFullYear() + 1;
    const created = await admin.post(`/api/v1/staff/students/${studentId}/applications`, {
      data: { courseId: germanCourse.course_id, intakeMonth: month, intakeYear: year },
    });
    made = created.status();
    if (made === 201) break;
  }
  expect(made).toBe(201);
  await admin.dispose();
  const mine = (await (await page.request.get("/api/v1/students/me/applications")).json()).data as {
    name: number;
    university: string;
  }[];
  const ukUniversity = mine.find((a) => a.name === applicationId)?.university ?? "";
  expect(ukUniversity).not.toBe("");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/user/applications/${applicationId}/visa`);
  await page.getByRole("link", { name: "Practise an interview" }).click();
  await expect(page.getByLabel("Destination")).toHaveValue("united-kingdom");
  await expect(page.getByTestId("practice-application")).toContainText(ukUniversity);
  await screen(page, "visa-practice-start-from-plan-390", { fullPage: true });
  await expectNoAxeViolations(page);
  await hydrated(page);
  await page.getByRole("button", { name: "Start the interview" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mock visa interview: United Kingdom");
  await expect(page.getByText(/^Question 1 of \d+/)).toBeVisible();
  const practiceId = Number(new URL(page.url()).pathname.split("/").at(-1));
  const practice = (await (await page.request.get(`/api/v1/students/me/visa-practices/${practiceId}`)).json()).data;
  const asked = (practice.answers as { question: string }[]).map((a) => a.question).join(" ");
  expect(asked).toContain(ukUniversity);
  expect(asked).not.toMatch(/TUM|Munich/);

  // The clock runs on the server: after a reload it shows less time, not the full 90 seconds again.
  await hydrated(page);
  await expect(page.getByText(/^8\d seconds left$/)).toBeVisible({ timeout: 15_000 });
  const before = await secondsLeft(page);
  await screen(page, "visa-practice-question-390", { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await screen(page, "visa-practice-question-desktop");
  await page.reload();
  await hydrated(page);
  const after = await secondsLeft(page);
  expect(after).toBeLessThanOrEqual(before);
  expect(after).toBeLessThan(90);
});
