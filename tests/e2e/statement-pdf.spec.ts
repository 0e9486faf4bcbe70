import { readFileSync } from "node:fs";
import { applicant } from "./applying-fixtures";
import { expect, expectNoAxeViolations, hydrated, test } from "./fixtures";
import { screens } from "./screens";
import { ADMIN, staffSignIn } from "./staff-fixtures";

/**
 * The approved SOP as a PDF (decision 0096), on a phone (390 px): while the SOP waits for review the page
 * offers no PDF; once the counsellor approves it, the student's page has the download link (in Hindi too) and
 * names the character its fonts cannot print (an emoji), the download starts and the file is a PDF named
 * after the title and the university; the console's page offers the same file.
 */
test.use({ viewport: { width: 390, height: 844 } });

test("the student downloads the approved SOP as a PDF; before approval no link is offered", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { course, id, origin } = await applicant(page, "श्रेया Kulkarni");
  const university = (await (await page.request.get(`/api/v1/students/me/applications/${id}`)).json()).data.university as string;
  const api = `/api/v1/students/me/applications/${id}/statements/sop`;
  const text = [
    "Growing up in Nashik, I watched my mother keep the accounts of her tailoring shop in a notebook; building her a spreadsheet in my second year is what made me want to study this properly.",
    `The ${course.name} at ${university} teaches what I lack. मेरी माँ कहती हैं कि हिसाब साफ़ हो तो मन भी साफ़ रहता है।`,
    "My parents' savings will pay for the year. After the course I will return to Mumbai to work in equity research 🙏",
  ].join("\n\n");

  await test.step("the SOP sent for review offers no PDF yet", async () => {
    const saved = await page.request.put(`${api}/draft`, { headers: { Origin: origin }, data: { text, revision: 0 } });
    expect(saved.status(), await saved.text()).toBe(200);
    const sent = await page.request.post(`${api}/versions`, { headers: { Origin: origin }, data: { revision: 1 } });
    expect(sent.status(), await sent.text()).toBe(201);
    await page.goto(`/user/applications/${id}/sop`);
    await expect(page.getByTestId("statement-state")).toHaveText("Version 1 is with your counsellor for review.");
    await expect(page.getByRole("link", { name: "Download the approved version (PDF)" })).toHaveCount(0);
  });

  const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const staff = await staffContext.newPage();
  await test.step("once approved, the student's page has the link and the download is the PDF", async () => {
    await staffSignIn(staff, ADMIN.email, ADMIN.password);
    await expect(staff.getByRole("heading", { name: "Welcome, Administrator" })).toBeVisible();
    const sop = (await (await page.request.get(api)).json()).data;
    const approved = await staff.request.post(
      `/api/v1/staff/applications/${id}/statements/sop/versions/${sop.versions[0].id}/approval`,
      { headers: { Origin: origin } },
    );
    expect(approved.status(), await approved.text()).toBe(200);

    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId("statement-state")).toHaveText("Version 1 is approved: your package uses it.");
    const link = page.getByRole("link", { name: "Download the approved version (PDF)" });
    await expect(link).toBeVisible();
    // The emoji is in none of the PDF's fonts: the page says so before the download (decision 0096).
    await expect(page.getByTestId("pdf-cannot-print")).toHaveText(
      "The PDF cannot print these characters: 🙏. It leaves them out; your text in the portal keeps them.",
    );
    await expectNoAxeViolations(page);
    await screens(page, "sop-pdf-student");
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`Statement-of-purpose-${university.replace(/[^A-Za-z0-9]+/g, "-")}.pdf`);
    const file = readFileSync(await download.path());
    expect(file.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(file.length).toBeGreaterThan(5_000);
  });

  await test.step("in Hindi the link's label is Hindi", async () => {
    await page.context().addCookies([{ name: "ignite_language", value: "hi", url: origin }]);
    await page.goto(`/user/applications/${id}/sop`);
    await expect(page.getByRole("link", { name: "स्वीकृत संस्करण डाउनलोड करें (PDF)" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screens(page, "sop-pdf-student-hindi");
  });

  await test.step("the console's SOP page offers the same PDF", async () => {
    await staff.goto(`/staff/applications/${id}/sop`);
    const link = staff.getByRole("link", { name: "Download the approved version (PDF)" });
    await expect(link).toBeVisible();
    await expect(staff.getByTestId("pdf-cannot-print")).toContainText("The PDF cannot print these characters: 🙏.");
    await expectNoAxeViolations(staff);
    await screens(staff, "sop-pdf-console");
    const [download] = await Promise.all([staff.waitForEvent("download"), link.click()]);
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
  });
  await staffContext.close();
});
