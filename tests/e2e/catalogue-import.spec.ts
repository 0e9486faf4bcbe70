import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { catalogueImportMessages as im } from "../../vocabulary/catalogue-import.ts";
import { expect, expectNoAxeViolations, hydrated, test } from "./fixtures.ts";
import { errorsIn } from "./nu-checker.ts";
import { ADMIN, staffSignIn } from "./staff-fixtures.ts";

/**
 * An admin imports courses from a CSV file (decision 0020): the dry run shows what would change and
 * refuses a bad row with its line and reason; the admin fixes the file, uploads it again, the dry run
 * is clean, Apply writes it, and a visitor finds the new course by search at once.
 */

// The site applies one import at a time (decision 0020): this file's two applies would refuse each other
// if its tests ran side by side on the two workers, so they run one after the other, in one worker.
test.describe.configure({ mode: "default" });

async function uploadCourses(page: Page, csv: string) {
  await page.goto("/staff/catalogue/import");
  await page.getByLabel("Courses").check();
  await page.getByLabel("CSV file").setInputFiles({ name: "courses.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(
    page.getByRole("heading", { name: "Columns" }).or(page.getByRole("heading", { name: /Match the file/ })),
  ).toBeVisible();
}

test("an admin imports a CSV, reads the diff, fixes a refused row, applies, and a visitor finds the course", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await staffSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();

  // From the catalogue screen to the import screen; the export gives the file shape and a real row.
  await page.goto("/staff/catalogue");
  await page.getByRole("link", { name: "Import from CSV" }).click();
  await expect(page.getByRole("heading", { name: "Import the catalogue from CSV" })).toBeVisible();
  await expectNoAxeViolations(page);
  const exported = await page.request.get("/api/v1/staff/catalogue/export/courses");
  expect(exported.status()).toBe(200);
  const [header, existing] = parse(await exported.text(), { bom: true, to: 2 }) as string[][];
  if (!header || !existing) throw new Error("the export has no course");
  const at = (column: string) => header.indexOf(column);
  const changedFee = String(Number(existing[at("fee_amount")]) + 111);
  const updated = existing.map((cell, i) => (i === at("fee_amount") ? changedFee : cell));
  const newCourse = (level: string) =>
    header.map((column) =>
      column === "id"
        ? ""
        : column === "name"
          ? "Xylophonic Studies"
          : column === "level"
            ? level
            : column === "retired"
              ? "no"
              : (existing[at(column)] ?? ""),
    );

  // A file with a bad row: the dry run shows the change and refuses line 3 with its reason.
  await uploadCourses(page, stringify([header, updated, newCourse("Masterz")]));
  await expectNoAxeViolations(page);
  await expect(page.getByLabel("fee_amount", { exact: true })).toHaveValue("fee_amount");
  await page.getByRole("button", { name: "Run the dry run" }).click();
  const summary = page.getByTestId("import-summary");
  await expect(summary).toContainText("Refused1");
  const refusedRow = page.getByTestId("import-row").filter({ hasText: "Choose a level from the list" });
  await expect(refusedRow).toContainText("3");
  await expect(refusedRow).toContainText("level: Choose a level from the list");
  await expect(page.getByText("Some rows are refused")).toBeVisible();
  // The whole file cannot be applied; the rows that passed may be, as a separate choice (not taken here).
  await expect(page.getByRole("button", { name: /^Apply \d+ change/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Apply the 1 row that passed" })).toBeVisible();
  await page.getByRole("link", { name: /^Changed \(1\)/ }).click();
  await expect(page.getByTestId("import-row").filter({ hasText: "fee_amount" })).toContainText(
    `${existing[at("fee_amount")]} → ${changedFee}`,
  );
  await expectNoAxeViolations(page);

  // Fixed and uploaded again: the same header brings the same mapping; the dry run is clean.
  await uploadCourses(page, stringify([header, updated, newCourse("Masters")]));
  await page.getByRole("button", { name: "Run the dry run" }).click();
  await expect(summary).toContainText("New1");
  await expect(summary).toContainText("Changed1");
  await expect(summary).toContainText("Refused0");
  await page.getByRole("link", { name: /^New \(1\)/ }).click();
  await expect(page.getByTestId("import-row")).toContainText("Xylophonic Studies (Masters)");
  await page.getByRole("button", { name: "Apply 2 changes" }).click();
  await expect(page.getByText("The import is applied")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("import-status")).toHaveText("Applied");

  // A visitor finds the new course by search at once.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/search?q=xylophonic");
  await hydrated(visitor);
  await expect(visitor.getByText("Xylophonic Studies").first()).toBeVisible();

  // The list of recent imports shows it.
  await page.goto("/staff/catalogue/import");
  await expect(page.getByRole("row").filter({ hasText: "courses.csv" }).filter({ hasText: "Applied" }).first()).toBeVisible();
});

/** The page at the current address as the server sends it, checked by the Nu Html Checker. */
async function expectValidHtml(page: Page, name: string) {
  const html = await (await page.request.get(page.url())).text();
  expect(errorsIn([{ name, html }])).toEqual([]);
}

test("at 390 px an admin reads every fault of a bad row, applies the rows that passed, and finds them in the catalogue", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await staffSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();

  // A file of one row and no header is said to be that, once, at the file's field.
  await page.goto("/staff/catalogue/import");
  await page.getByLabel("Courses").check();
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "headless.csv", mimeType: "text/csv", buffer: Buffer.from("Alpha College,Bonn,Germany,Private\n") });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText(im.noHeader)).toHaveCount(1);
  await expect(page.getByLabel("CSV file")).toHaveAccessibleDescription(im.noHeader);
  await expect(page.getByText(im.noRows)).toHaveCount(0);
  await expectNoAxeViolations(page);

  const exported = await page.request.get("/api/v1/staff/catalogue/export/courses");
  const [header, existing] = parse(await exported.text(), { bom: true, to: 2 }) as string[][];
  if (!header || !existing) throw new Error("the export has no course");
  const at = (column: string) => header.indexOf(column);
  const universityId = existing[at("university_id")];
  const course = (name: string, changes: Record<string, string> = {}) =>
    header.map((column) =>
      column === "id"
        ? ""
        : column === "name"
          ? name
          : column === "retired"
            ? "no"
            : (changes[column] ?? existing[at(column)] ?? ""),
    );
  const faults = "level: Choose a level from the list; fee_amount: Enter the fee in whole units (0 or more)";
  await uploadCourses(
    page,
    stringify([
      header,
      course("Partial Passing Alpha"),
      course("Partial Refused Gamma", { level: "Masterz", fee_amount: "lots" }),
      course("Partial Passing Beta"),
    ]),
  );
  await page.getByRole("button", { name: "Run the dry run" }).click();
  const summary = page.getByTestId("import-summary");
  await expect(summary).toContainText("New2");
  await expect(summary).toContainText("Refused1");

  // The refused row names every fault, not only the first; the whole file cannot be applied.
  const refusedRow = page.getByTestId("import-row").filter({ hasText: "Partial Refused Gamma" });
  await expect(refusedRow).toContainText("3");
  await expect(refusedRow).toContainText(faults);
  await expect(page.getByText(im.refusedFirst)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Apply \d+ change/ })).toHaveCount(0);
  const csv = await page.request.get(
    (await page.getByRole("link", { name: "Download the refused rows as CSV" }).first().getAttribute("href")) ?? "",
  );
  expect((parse(await csv.text(), { bom: true }) as string[][])[1]?.slice(0, 2)).toEqual(["3", faults]);
  await expectNoAxeViolations(page);
  await expectValidHtml(page, "import-with-refused-rows");
  const apply = page.getByRole("button", { name: "Apply the 2 rows that passed" });
  await apply.scrollIntoViewIfNeeded();
  await expect(apply).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The admin applies the rows that passed; the result says what was written and what was left out.
  await apply.click();
  await expect(page.getByText(im.appliedPassing(2, 1))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("import-status")).toHaveText("Applied");
  await expect(page.getByRole("status").getByRole("link", { name: "Download the refused rows as CSV" })).toBeVisible();
  await expect(page.getByRole("button", { name: /that passed/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectValidHtml(page, "import-applied-passing");

  // The catalogue shows the two rows that passed, and not the refused one.
  await page.goto(`/staff/catalogue/universities/${universityId}`);
  await expect(page.getByRole("link", { name: "Partial Passing Alpha" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Partial Passing Beta" })).toBeVisible();
  await expect(page.getByText("Partial Refused Gamma")).toHaveCount(0);
});
