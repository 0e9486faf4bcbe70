import type { Browser, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, loggedInStudent, test, uniqueEmail } from "./fixtures";
import { ADMIN, invitedStaff, staffSignIn } from "./staff-fixtures";

/**
 * One conversation per student (decision 0037): a student and their counsellor write to each other, each
 * sees the other's message and their unread count goes to zero; after an admin gives the student to
 * another counsellor, the new counsellor reads the whole history.
 */

async function signedInStaff(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await staffSignIn(page, email, password);
  await expect(page.getByRole("heading", { level: 1, name: /Welcome/ })).toBeVisible();
  return page;
}

async function giveStudentTo(admin: Page, studentId: number, counsellorId: number) {
  const answer = await admin.request.post(`/api/v1/staff/students/${studentId}/counsellor`, {
    headers: { Origin: new URL(admin.url()).origin },
    data: { counsellorStaffId: counsellorId },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

test("a student and a counsellor exchange messages, the unread counts go to zero, and a new counsellor sees the history", async ({
  page,
  browser,
}) => {
  // Four people in four browser contexts, two invitations and two reassignments: more than a usual test.
  test.setTimeout(240_000);
  const admin = await signedInStaff(browser, ADMIN.email, ADMIN.password);
  const stamp = Date.now();
  const first = {
    email: uniqueEmail("nisha"),
    fullName: `Nisha Counsellor ${stamp}`,
    role: "counsellor" as const,
    password: "nisha-Secret-pass-1",
  };
  const second = {
    email: uniqueEmail("omar"),
    fullName: `Omar Counsellor ${stamp}`,
    role: "counsellor" as const,
    password: "omar-Secret-pass-1",
  };
  const firstId = await invitedStaff(admin, first);
  const secondId = await invitedStaff(admin, second);

  const student = await loggedInStudent(page, { name: `Riya Kapoor ${stamp}` });
  const studentId = (await (await page.request.get("/api/v1/students/me")).json()).data.student_id as number;
  await giveStudentTo(admin, studentId, firstId);

  // The student writes from "My counsellor" on the profile; markup is kept as text and a link is clickable.
  await page.goto("/profile/counsellor");
  await hydrated(page);
  const section = page.locator("#my-counsellor");
  await expect(section.getByTestId("my-counsellor")).toContainText(first.fullName);
  await expect(section.getByText("No messages yet.")).toBeVisible();
  await expectNoAxeViolations(page);
  const question = "Which documents do I need? <b>urgent</b> see https://example.org/checklist";
  await section.getByLabel("Message", { exact: true }).fill(question);
  await section.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Message sent." })).toBeVisible();
  const mine = section.getByTestId("conversation-message");
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText("<b>urgent</b>");
  await expect(mine.first().getByRole("link", { name: "https://example.org/checklist" })).toHaveAttribute("rel", /noopener/);
  await expect(section.getByLabel("Message", { exact: true })).toHaveValue("");

  // The counsellor sees one unread message on the console's home, reads it on the record and answers.
  const counsellor = await signedInStaff(browser, first.email, first.password);
  await expect(counsellor.getByTestId("staff-unread-total")).toHaveText("1");
  await counsellor.getByTestId("staff-unread").getByRole("link", { name: student.name }).click();
  await expect(counsellor.getByRole("heading", { level: 1, name: student.name })).toBeVisible();
  await hydrated(counsellor);
  const conversation = counsellor.locator("#conversation");
  await expect(conversation.getByTestId("conversation-message").filter({ hasText: "Which documents do I need?" })).toBeVisible();
  await expect(counsellor.getByTestId("timeline-entry").filter({ hasText: "Which documents do I need?" })).toBeVisible();
  await expectNoAxeViolations(counsellor);
  await conversation.getByLabel("Answer").fill("Your passport and your marks sheets, please.");
  await conversation.getByRole("button", { name: "Send to the student" }).click();
  await expect(counsellor.getByRole("alert").filter({ hasText: "Message sent." })).toBeVisible();
  await expect(conversation.getByTestId("conversation-message")).toHaveCount(2);
  await counsellor.goto("/staff");
  await expect(counsellor.getByTestId("staff-unread-total")).toHaveText("0");

  // The student sees the answer's count on the navbar; reading it on the profile takes the count away.
  await page.goto("/");
  await expect(page.getByTestId("unread-messages")).toContainText("1");
  await page.getByTestId("unread-messages").click();
  await expect(page).toHaveURL(/\/profile\/counsellor$/);
  await expect(
    section.getByTestId("conversation-message").filter({ hasText: "Your passport and your marks sheets" }),
  ).toContainText("New");
  await page.goto("/");
  await expect(page.getByRole("link", { name: `Profile of ${student.name}` })).toBeVisible();
  await expect(page.getByTestId("unread-messages")).toHaveCount(0);

  // The admin gives the student to another counsellor: the conversation follows the student.
  await giveStudentTo(admin, studentId, secondId);
  const next = await signedInStaff(browser, second.email, second.password);
  await next.goto(`/staff/students/${studentId}`);
  const history = next.locator("#conversation").getByTestId("conversation-message");
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText("Which documents do I need?");
  await expect(history.last()).toContainText(first.fullName);
  await page.goto("/profile/counsellor");
  await expect(section.getByTestId("my-counsellor")).toContainText(second.fullName);
});

test("My counsellor reads in Hindi and refuses an empty message clearly", async ({ page, context, baseURL }) => {
  test.slow();
  await context.addCookies([{ name: "ignite_language", value: "hi", url: baseURL ?? "" }]);
  await loggedInStudent(page, { name: "Aarav Singh" });
  await page.goto("/profile/counsellor");
  await hydrated(page);
  const section = page.locator("#my-counsellor");
  await expect(section.getByRole("heading", { name: "मेरे काउंसलर" })).toBeVisible();
  await expect(section.getByTestId("my-counsellor")).toContainText("अभी आपके कोई काउंसलर नहीं हैं");
  // Spaces pass the browser's `required`; the server refuses them, in Hindi.
  await section.getByLabel("संदेश", { exact: true }).fill("   ");
  await section.getByRole("button", { name: "संदेश भेजें" }).click();
  await expect(section.getByText("संदेश लिखें।")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a student attaches a new file to a message: it becomes their document, and a wrong file is refused with nothing lost", async ({
  page,
}) => {
  await loggedInStudent(page, { name: "Tanvi Rao" });
  await page.goto("/profile/counsellor");
  await hydrated(page);
  const section = page.locator("#my-counsellor");
  await section.getByLabel("Message", { exact: true }).fill("Here is my statement of purpose; could you read it?");

  // A file chosen before saying what it is, then a file that is not a PDF, image or Word file: refused, the text stays.
  const file = section.getByLabel("File", { exact: true });
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
  await file.setInputFiles({ name: "sop.pdf", mimeType: "application/pdf", buffer: pdf });
  await expect(section.getByRole("alert").filter({ hasText: "Choose what the file is first." })).toBeVisible();
  await section.getByLabel("What it is").selectOption("SOP");
  await file.setInputFiles({ name: "sop.pdf", mimeType: "application/pdf", buffer: Buffer.from("just text") });
  await expect(section.getByRole("alert").filter({ hasText: /PDF, JPEG, PNG, WebP, DOC or DOCX/ })).toBeVisible();
  await expect(section.getByLabel("Message", { exact: true })).toHaveValue("Here is my statement of purpose; could you read it?");

  // The real file: uploaded as the SOP, chosen as the attachment, sent with the message.
  await file.setInputFiles({ name: "sop.pdf", mimeType: "application/pdf", buffer: pdf });
  await expect(page.getByRole("alert").filter({ hasText: "sop.pdf is attached." })).toBeVisible();
  await expect(section.getByLabel("Attach one of your documents (optional)")).toHaveValue(/^[A-Za-z0-9_-]{24}$/);
  await expectNoAxeViolations(page);
  await section.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Message sent with sop.pdf attached." })).toBeVisible();
  const sent = section.getByTestId("conversation-message");
  await expect(sent).toHaveCount(1);
  const attached = sent.getByRole("link", { name: "SOP: sop.pdf" });
  await expect(attached).toBeVisible();
  const opened = await page.request.get((await attached.getAttribute("href")) ?? "");
  expect(Buffer.from(await opened.body()).equals(pdf)).toBe(true);
  // Another SOP would replace it, and the form says so; it is one of the student's documents, under
  // Documents (its own page of the profile: decision 0062).
  await section.getByLabel("What it is").selectOption("SOP");
  await expect(section.getByTestId("attachment-replaces")).toContainText("It replaces your current SOP, sop.pdf");
  await page.goto("/profile/documents");
  await expect(page.getByTestId("document-SOP")).toContainText("sop.pdf");
});

test("on a phone, a new file sent as soon as it is uploaded reaches the conversation for the student and the counsellor", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const student = await loggedInStudent(page, { name: "अनन्या शर्मा" });
  const studentId = (await (await page.request.get("/api/v1/students/me")).json()).data.student_id as number;
  await page.goto("/profile/counsellor");
  await hydrated(page);
  const section = page.locator("#my-counsellor");
  await section.getByLabel("Message", { exact: true }).fill("My IELTS score report is attached.");
  // A phone's slow link: the page's own data takes two seconds to come back after each change.
  await page.route(/\/profile\/counsellor\.data/, async (route) => {
    if (route.request().method() === "GET") await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  await section.getByLabel("What it is").selectOption("Documents 1");
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
  await section
    .getByLabel("File", { exact: true })
    .setInputFiles({ name: "ielts-trf.pdf", mimeType: "application/pdf", buffer: pdf });
  // The toast names the file and says it goes with the message; the student sends at once.
  await expect(page.getByRole("alert").filter({ hasText: "ielts-trf.pdf is attached." })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Documents 1 uploaded successfully" })).toHaveCount(0);
  await section.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Message sent with ielts-trf.pdf attached." })).toBeVisible();
  const sent = section.getByTestId("conversation-message");
  await expect(sent).toHaveCount(1);
  await expect(sent.getByRole("link", { name: "Documents 1: ielts-trf.pdf" })).toBeVisible();
  await expectNoAxeViolations(page);

  // The counsellor (here the admin, who reads every record) sees the same attachment on the record.
  const admin = await signedInStaff(browser, ADMIN.email, ADMIN.password);
  await admin.goto(`/staff/students/${studentId}`);
  await expect(admin.getByRole("heading", { level: 1, name: student.name })).toBeVisible();
  const received = admin.locator("#conversation").getByTestId("conversation-message");
  await expect(received).toHaveCount(1);
  await expect(received.getByRole("link", { name: "Documents 1: ielts-trf.pdf" })).toBeVisible();
});
