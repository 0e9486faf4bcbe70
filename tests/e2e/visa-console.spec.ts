import type { APIRequestContext, Page } from "@playwright/test";
import { visaMessages } from "../../vocabulary/visas.ts";
import { expect, expectNoAxeViolations, httpClient, hydrated, signUpStudent, test, uniqueEmail } from "./fixtures.ts";
import { errorsIn } from "./nu-checker.ts";
import { screens } from "./screens.ts";
import { ADMIN, invitedStaff, staffSignIn } from "./staff-fixtures.ts";

/**
 * Decision 0040, the console's side of visas: a counsellor keeps a destination's interview questions, opens the
 * review queue, listens to a shared practice's recordings, scores it on the rubric (a missing score is
 * refused and what was chosen stays) and the student then reads the scores; a visa plan's steps and
 * outcome (a refusal needs its section); the guides, document rules and reports screens.
 */

const origin = (page: Page) => ({ Origin: new URL(page.url()).origin });
const toast = (page: Page, text: string) => expect(page.getByRole("alert").filter({ hasText: text })).toBeVisible();

/** A destination no reference question bank covers, so the interview here is this file's own. */
const DESTINATION = "Malaysia";

/** The smallest WebM a browser's MediaRecorder starts with (its EBML header): what the server checks the type by. */
const webm = Buffer.from("1a45dfa3874282847765626d", "hex");

/**
 * The admin signed in on `page` invites a counsellor; a new student (its own HTTP client, signed in) is
 * given to them. Answers the counsellor's sign-in, the student's client and id.
 */
async function counsellorWithStudent(page: Page, tag: string) {
  await staffSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
  const counsellor = { email: uniqueEmail(`${tag}.counsellor`), fullName: `Nisha ${tag}`, password: "nisha-Secret-pass-1" };
  const counsellorId = await invitedStaff(page, { ...counsellor, role: "counsellor" });
  const student = await httpClient();
  const details = await signUpStudent(student, { name: `Kabir ${tag}` });
  const studentId = (await (await student.get("/api/v1/students/me")).json()).data.student_id as number;
  const given = await page.request.post(`/api/v1/staff/students/${studentId}/counsellor`, {
    headers: origin(page),
    data: { counsellorStaffId: counsellorId },
  });
  expect(given.status(), await given.text()).toBe(200);
  return { counsellor, student, studentId, studentName: details.name };
}

/** The page at the current address as the server sends it, checked by the Nu Html Checker. */
async function expectValidHtml(page: Page, name: string) {
  const html = await (await page.request.get(page.url())).text();
  expect(errorsIn([{ name, html }])).toEqual([]);
}

async function signInAs(page: Page, who: { email: string; password: string }, name: string) {
  await page.context().clearCookies();
  await staffSignIn(page, who.email, who.password);
  await expect(page.getByRole("heading", { name: `Welcome, ${name}` })).toBeVisible();
}

/** The counsellor on `page` starts the destination's interview (two questions a practice) and adds two questions. */
async function twoQuestionInterview(page: Page) {
  await page.goto("/staff/visa-questions");
  await hydrated(page);
  const option = page.locator("#question-country option", { hasText: DESTINATION });
  await page.getByLabel("Destination").selectOption((await option.getAttribute("value")) ?? "");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^${DESTINATION}`) })).toBeVisible();
  await hydrated(page);
  await page.locator("details", { has: page.getByLabel("Seconds an answer") }).evaluate((d) => {
    (d as HTMLDetailsElement).open = true;
  });
  await page.getByLabel("Name (e.g. F-1 visa interview)").fill("Student visa interview");
  await page.getByLabel("Questions a practice").fill("2");
  await page.getByLabel("Seconds an answer").fill("60");
  await page.getByRole("button", { name: /^(Start|Save)$/ }).click();
  await toast(page, "The interview is saved.");
  for (const [theme, text, point] of [
    ["study-plans", "Why did you choose this course?", "Names the course: course, programme"],
    ["finances", "Who pays for your studies?", "Names the sponsor: father, mother, loan"],
  ]) {
    await page.getByText("Add a question", { exact: true }).click();
    const form = page.getByRole("form", { name: "Add a question" });
    await expect(form.getByLabel("Question (may name")).toHaveValue("");
    await form.getByLabel("Theme").selectOption(theme as string);
    await form.getByLabel("Question (may name").fill(text as string);
    await form.getByLabel("What the officer wants to learn").fill("That the plan is the student's own");
    await form.getByLabel("Points a strong answer covers").fill(point as string);
    await form.getByLabel("Red flags").fill("Wants to stay: settle, stay there");
    await form.getByLabel("Asked in nearly every interview").check();
    await form.getByRole("button", { name: "Add the question" }).click();
    await toast(page, "The question is added.");
  }
  await expect(page.getByTestId("visa-question").filter({ hasText: "Who pays for your studies?" })).toBeVisible();
}

/** The student answers every question aloud (a recording and the browser's transcript) and shares the practice. */
async function sharedPractice(student: APIRequestContext) {
  const started = await student.post("/api/v1/students/me/visa-practices", { data: { country: DESTINATION } });
  expect(started.status(), await started.text()).toBe(201);
  const practice = (await started.json()).data as { id: number; answers: { position: number }[] };
  for (const answer of practice.answers) {
    const answered = await student.post(`/api/v1/students/me/visa-practices/${practice.id}/answers`, {
      multipart: {
        position: String(answer.position),
        mode: "spoken",
        text: "I chose this course for its research; my father pays and I will return to Pune.",
        durationSeconds: "30",
        file: { name: "answer.webm", mimeType: "audio/webm", buffer: webm },
      },
    });
    expect(answered.status(), await answered.text()).toBe(200);
  }
  const shared = await student.post(`/api/v1/students/me/visa-practices/${practice.id}/share`);
  expect(shared.status(), await shared.text()).toBe(200);
  return practice;
}

test("a counsellor listens to a shared practice, scores it on the rubric, and the student reads the scores", async ({ page }) => {
  test.setTimeout(150_000);
  const { counsellor, student, studentName } = await counsellorWithStudent(page, "review");
  await signInAs(page, counsellor, counsellor.fullName);
  await twoQuestionInterview(page);
  await expectNoAxeViolations(page);
  await screens(page, "visa-console-visa-questions");
  const practice = await sharedPractice(student);

  // The queue: the practice waits for review.
  await page.goto("/staff/visas");
  await hydrated(page);
  const row = page.getByTestId("practice-row").filter({ hasText: studentName });
  await expect(row).toContainText("To review");
  await expect(row).toContainText(DESTINATION);
  await expectNoAxeViolations(page);
  await screens(page, "visa-console-visas");
  await row.getByRole("link", { name: /^Review/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Practice of ${studentName}` })).toBeVisible();
  await hydrated(page);

  // Each answer with its question, its transcript, its feedback and its recording to listen to.
  const answers = page.getByTestId("practice-answer");
  expect(practice.answers).toHaveLength(2);
  await expect(answers).toHaveCount(2);
  await expect(answers.first()).toContainText("The officer wants to learn: That the plan is the student's own");
  await expect(answers.first()).toContainText("my father pays");
  await expect(answers.first().getByTestId("answer-feedback")).toContainText("Length:");
  const source = answers.first().locator("audio[controls] source");
  const src = await source.getAttribute("src");
  expect(src).toMatch(/^\/staff\/files\/recordings\/[A-Za-z0-9_-]{24}$/);
  const recording = await page.request.get(src ?? "");
  expect(recording.status()).toBe(200);
  expect(recording.headers()["content-type"]).toBe("audio/webm");
  await expectNoAxeViolations(page);
  await expectValidHtml(page, "visa-practice");
  await screens(page, "visa-console-visa-practice");

  // The first answer scored, the second left without its delivery: refused, with what was chosen kept.
  for (const [position, values] of [
    [1, [4, 3, 5, 4, 3]],
    [2, [3, 3, 4, 4]],
  ] as const) {
    for (const [i, criterion] of ["clarity", "specificity", "consistency", "intent", "delivery"].entries()) {
      const value = values[i];
      if (value !== undefined) await page.locator(`#a-${position}-${criterion}-${value}`).check();
    }
  }
  await page.getByLabel("Comment on answer 1").fill("Say the amount in dollars too.");
  await page.getByRole("button", { name: "Save the review" }).click();
  await expect(page.getByRole("alert").filter({ hasText: visaMessages.reviewNeedsScores }).first()).toBeVisible();
  await expect(page.locator("#a-2-delivery-error")).toHaveText("Choose a score from 1 to 5.");
  await expect(page.locator("#a-1-consistency-5")).toBeChecked();
  await expect(page.getByLabel("Comment on answer 1")).toHaveValue("Say the amount in dollars too.");
  await expectNoAxeViolations(page);
  await page.locator("#a-2-delivery-2").check();
  await page.getByRole("button", { name: "Save the review" }).click();
  await toast(page, visaMessages.reviewSaved);
  await expect(page.getByTestId("review-state")).toContainText(`Reviewed by ${counsellor.fullName}`);

  // The student reads the scores and the comment.
  const read = await student.get(`/api/v1/students/me/visa-practices/${practice.id}`);
  expect(read.status()).toBe(200);
  const reviewed = (await read.json()).data;
  expect(reviewed.reviewer).toBe(counsellor.fullName);
  expect(reviewed.answers[0]).toMatchObject({
    scores: { clarity: 4, specificity: 3, consistency: 5, intent: 4, delivery: 3 },
    comment: "Say the amount in dollars too.",
  });
  expect(reviewed.answers[1].scores).toEqual({ clarity: 3, specificity: 3, consistency: 4, intent: 4, delivery: 2 });
  await student.dispose();

  await page.goto("/staff/visas");
  await expect(page.getByTestId("practice-row").filter({ hasText: studentName })).toContainText("Reviewed");
});

test("a visa plan's step and outcome, the guides, the document rules for the visa and the visa outcomes report", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { counsellor, student, studentId, studentName } = await counsellorWithStudent(page, "plan");
  await student.dispose();
  // The admin applies for the student and moves the application to "Confirmation issued": the plan opens.
  // A course in the United Kingdom, whose guide gives the plan its steps.
  const found = await (await page.request.get("/api/catalogue/search/computer?intake=9&country=united-kingdom")).json();
  const now = new Date();
  const september = now.getUTCMonth() + 1 <= 9 ? now.getUTCFullYear() : now.getUTCFullYear() + 1;
  const created = await page.request.post(`/api/v1/staff/students/${studentId}/applications`, {
    headers: origin(page),
    data: { courseId: found.coursesData[0].course_id, intakeMonth: 9, intakeYear: september },
  });
  expect(created.status(), await created.text()).toBe(201);
  const application = (await created.json()).data as { id: number; checklist: { item: string }[] };
  for (const entry of application.checklist) {
    const waived = await page.request.post(`/api/v1/staff/applications/${application.id}/waivers`, {
      headers: origin(page),
      data: { item: entry.item, reason: "Not asked for by this university" },
    });
    expect(waived.status()).toBe(200);
  }
  for (const move of [
    { status: "Ready to submit" },
    { status: "Submitted", details: { submittedOn: "2026-01-05", universityReference: "UNI-E2E-1001" } },
    { status: "Unconditional offer" },
    { status: "Offer accepted" },
    { status: "Confirmation issued", details: { confirmationKind: "CAS", confirmationNumber: "CAS-E2E" } },
  ]) {
    const moved = await page.request.post(`/api/v1/staff/applications/${application.id}/moves`, {
      headers: origin(page),
      data: move,
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }

  // The admin's screens: the guides with their figures' sources, and a document rule for the visa.
  await page.goto("/staff/visa-guides");
  await hydrated(page);
  await expect(page.getByTestId("visa-guide").first()).toBeVisible();
  await expect(page.getByTestId("visa-figure").first()).toContainText("checked");
  await expectNoAxeViolations(page);
  await screens(page, "visa-console-visa-guides");
  await page.goto("/staff/document-rules");
  await hydrated(page);
  await page.getByLabel("Country").selectOption({ label: DESTINATION });
  await page.getByLabel("Document (e.g. APS certificate)").fill("Police certificate");
  await page.getByLabel("For the visa").check();
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await toast(page, "Police certificate added.");
  const rule = page.getByRole("row").filter({ hasText: "Police certificate" });
  await expect(rule.getByTestId("rule-for-visa")).toHaveText("The visa");
  await expectNoAxeViolations(page);
  await screens(page, "visa-console-document-rules");

  // The counsellor: the plan in the list, its step marked done, a refusal recorded with its section.
  await signInAs(page, counsellor, counsellor.fullName);
  await page.goto(`/staff/applications/${application.id}`);
  await page.getByRole("link", { name: "Visa plan" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Visa plan: ${studentName}` })).toBeVisible();
  await hydrated(page);
  await expectNoAxeViolations(page);
  // The CAS recorded with the stage settles the first step (decision 0050); the next is the counsellor's to tick.
  await expect(page.getByTestId("visa-step").first()).toContainText("Recorded on the application: CAS CAS-E2E");
  await expect(page.getByTestId("visa-step").first().getByLabel("Done")).toHaveCount(0);
  const next = page.getByTestId("visa-step").nth(1);
  await expect(next).toContainText("Not done");
  await next.getByLabel("Done").check();
  await next.getByRole("button", { name: /^Save/ }).click();
  await toast(page, "The step is saved.");
  await expect(page.getByTestId("visa-step").nth(1).locator(".badge").first()).toHaveText("Done");
  await page.getByLabel("Refused").check();
  await page.getByRole("button", { name: "Record the outcome" }).click();
  await expect(page.locator("#outcome-section-error")).toHaveText(visaMessages.outcomeNeedsSection);
  await expect(page.locator("#outcome-reason-error")).toHaveText(visaMessages.outcomeNeedsReason);
  await expect(page.getByLabel("Refused")).toBeChecked();
  await expectNoAxeViolations(page);
  await page.getByLabel("Section of a refusal").fill("214(b)");
  await page.getByLabel("Reason the embassy gave").fill("Ties to India not shown");
  await page.getByRole("button", { name: "Record the outcome" }).click();
  await toast(page, visaMessages.outcomeSaved);
  await expectValidHtml(page, "visa-plan");
  await expect(page.getByTestId("visa-outcome")).toContainText("Refused under 214(b): Ties to India not shown");
  await screens(page, "visa-console-visa-plan");

  await page.goto("/staff/visas");
  await hydrated(page);
  await expect(page.getByTestId("visa-plan-row").filter({ hasText: studentName })).toContainText("Refused");

  // The counsellor's report counts the refusal they recorded.
  await page.goto("/staff/reports");
  await hydrated(page);
  await expect(page.getByTestId("visa-refusals")).toContainText("214(b)");
  await expect(page.getByTestId("visa-outcomes-counsellor")).toContainText(counsellor.fullName);
  await expectNoAxeViolations(page);
  await screens(page, "visa-console-reports");
});
