import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { expect, expectNoAxeViolations, hydrated, test } from "./fixtures.ts";
import { ADMIN, staffSignIn } from "./staff-fixtures.ts";

/**
 * An admin imports courses from a CSV file (decision 0020): the dry run shows what would change and
 * refuses a bad row with its line and reason; the admin fixes the file, uploads it again, the dry run
 * is clean, Apply writes it, and a visitor finds the new course by search at once.
 */

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
  await expect(page.getByLabel("fee_amount")).toHaveValue("fee_amount");
  await page.getByRole("button", { name: "Run the dry run" }).click();
  const summary = page.getByTestId("import-summary");
  await expect(summary).toContainText("Refused1");
  const refusedRow = page.getByTestId("import-row").filter({ hasText: "Choose a level from the list" });
  await expect(refusedRow).toContainText("3");
  await expect(refusedRow).toContainText("level: Choose a level from the list");
  await expect(page.getByText("Some rows are refused")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Apply/ })).toHaveCount(0);
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
