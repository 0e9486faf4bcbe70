import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { courseDetails, createStudent, createUniversity } from "../../tests/support/factories.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * Where and when the application fee and the intakes' deadlines were read (decision 0105): saved through
 * the staff API and described in its OpenAPI document, refused when checked "in the future" with the
 * field named, exported and imported again in the courses' CSV file, and read by the student in their
 * application's answer: "GBP 60 (University website, checked on 15 January 2025)", or "(not checked)".
 * On the real clock: the days checked are last year's, the intake next year's.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;

const year = new Date().getUTCFullYear();
const next = year + 1;
const last = year - 1;
const FEE_PAGE = "https://www.ucl.ac.uk/prospective-students/graduate/application-fee";

beforeAll(async () => {
  database = await openTestDatabase();
  testApp = createTestApp(database, { DATA_DIR: mkdtempSync(path.join(tmpdir(), "ignite-figure-sources-")) });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "figure-sources.test");
}, 60_000);
afterAll(async () => {
  await database?.close();
});

/** Uploads a courses file, confirms the suggested mapping and waits for the step asked (the dry run, then the apply). */
async function imported(content: string, step: "check" | "apply") {
  const form = new FormData();
  form.set("kind", "courses");
  form.set("file", new File([content], "courses.csv", { type: "text/csv" }));
  const uploaded = await api.call("/api/v1/staff/catalogue/imports", { method: "POST", form, cookie: team.admin.cookie });
  expect(uploaded.status, uploaded.text).toBe(201);
  const id = uploaded.body.data.id as string;
  const settled = async () => {
    for (const until = Date.now() + 60_000; Date.now() < until; ) {
      const answer = await api.get(`/api/v1/staff/catalogue/imports/${id}`, team.as("admin"));
      if (!["checking", "applying"].includes(answer.body.data.status)) return answer.body.data;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`import ${id} did not settle`);
  };
  const checking = await api.post(
    `/api/v1/staff/catalogue/imports/${id}/check`,
    { mapping: uploaded.body.data.mapping, retireMissing: false },
    team.as("admin"),
  );
  expect(checking.status, checking.text).toBe(202);
  const checked = await settled();
  const rows = (await api.get(`/api/v1/staff/catalogue/imports/${id}/rows`, team.as("admin"))).body.data;
  if (step === "check") return { checked, rows };
  const applying = await api.post(`/api/v1/staff/catalogue/imports/${id}/apply`, undefined, team.as("admin"));
  expect(applying.status, applying.text).toBe(202);
  return { checked: await settled(), rows };
}

/** The courses file as exported: its header and the row of one course, by id. */
async function exportedRow(courseId: number) {
  const exported = await api.get("/api/v1/staff/catalogue/export/courses", team.as("admin"));
  expect(exported.status).toBe(200);
  const table = parse(exported.text, { bom: true }) as string[][];
  const header = table[0] ?? [];
  const row = table.find((r) => r[0] === String(courseId));
  if (!row) throw new Error(`course ${courseId} is not in the export`);
  const cell = (column: string) => row[header.indexOf(column)];
  return { header, row, cell };
}

describe("the application fee's and the deadlines' source", () => {
  let courseId: number;

  it("is saved and answered by the staff API, refused in the future, and described in the OpenAPI document", async () => {
    const university = await createUniversity(api, team.admin, { name: "University College London (figures test)" });
    const created = await api.post(
      `/api/v1/staff/catalogue/universities/${university.id}/courses`,
      courseDetails({
        name: "MSc Urban Water Systems",
        feeCurrency: "GBP",
        applicationFeeAmount: "60",
        applicationFeeCurrency: "gbp",
        applicationFeeSource: FEE_PAGE,
        applicationFeeCheckedOn: `${last}-01-15`,
        deadlineSource: "University website",
        deadlineCheckedOn: `${last}-01-20`,
      }),
      team.as("admin"),
    );
    expect(created.status, created.text).toBe(201);
    courseId = created.body.data.id;
    const course = (await api.get(`/api/v1/staff/catalogue/courses/${courseId}`, team.as("admin"))).body.data;
    expect(course).toMatchObject({
      applicationFeeAmount: 60,
      applicationFeeCurrency: "GBP",
      applicationFeeSource: FEE_PAGE,
      applicationFeeCheckedOn: `${last}-01-15`,
      deadlineSource: "University website",
      deadlineCheckedOn: `${last}-01-20`,
    });

    // A day not yet come is refused with the field it belongs to, and nothing is saved.
    const future = await api.put(
      `/api/v1/staff/catalogue/courses/${courseId}`,
      courseDetails({
        name: "MSc Urban Water Systems",
        applicationFeeAmount: "60",
        applicationFeeCurrency: "GBP",
        applicationFeeCheckedOn: `${next}-01-01`,
        deadlineCheckedOn: `${next}-01-01`,
      }),
      team.as("admin"),
    );
    expect(future.status, future.text).toBe(400);
    expect(future.body.error.fields).toEqual({
      applicationFeeCheckedOn: "Enter the day the application fee was checked (not in the future)",
      deadlineCheckedOn: "Enter the day the deadlines were checked (not in the future)",
    });
    const unchanged = (await api.get(`/api/v1/staff/catalogue/courses/${courseId}`, team.as("admin"))).body.data;
    expect(unchanged.applicationFeeCheckedOn).toBe(`${last}-01-15`);

    const document = (await api.get("/api/openapi.json")).body;
    const json = JSON.stringify(document);
    for (const name of ["applicationFeeSource", "applicationFeeCheckedOn", "deadlineSource", "deadlineCheckedOn"])
      expect(json, name).toContain(`"${name}"`);
    const application = document.components.schemas.ApplicationPackage.properties;
    expect(Object.keys(application)).toEqual(
      expect.arrayContaining(["application_fee_source", "application_fee_checked_on", "deadline_source", "deadline_checked_on"]),
    );
  });

  it("reaches the student's application: the fee's note says where and when it was read, and so do the deadlines", async () => {
    const intake = await api.post(
      `/api/v1/staff/catalogue/courses/${courseId}/intakes`,
      { month: 9, year: next, deadline: `${next}-06-30` },
      team.as("admin"),
    );
    expect(intake.status, intake.text).toBe(201);
    const student = await createStudent(api, { name: "ऋतिका बनर्जी" });
    const started = await api.post(
      "/api/v1/students/me/applications",
      { courseId, intake: `${next}-09` },
      { cookie: student.cookie },
    );
    expect(started.status, started.text).toBe(201);
    const data = started.body.data;
    expect(data.checklist.find((c: { item: string }) => c.item === "Application fee")?.note).toBe(
      `GBP 60 (${FEE_PAGE}, checked on 15 January ${last})`,
    );
    expect(data).toMatchObject({
      application_fee_source: FEE_PAGE,
      application_fee_checked_on: `${last}-01-15`,
      deadline: `${next}-06-30`,
      deadline_source: "University website",
      deadline_checked_on: `${last}-01-20`,
    });
  });

  it("goes out in the courses' CSV file and comes back: an edited row changes only what was edited; a future day is refused", async () => {
    const before = await exportedRow(courseId);
    expect(before.cell("application_fee_source")).toBe(FEE_PAGE);
    expect(before.cell("application_fee_checked_on")).toBe(`${last}-01-15`);
    expect(before.cell("deadline_source")).toBe("University website");
    expect(before.cell("deadline_checked_on")).toBe(`${last}-01-20`);

    // Checked again on the university's page in March; the deadlines' day is cleared (no longer vouched for).
    const edited = [...before.row];
    edited[before.header.indexOf("application_fee_source")] = "University website";
    edited[before.header.indexOf("application_fee_checked_on")] = `${last}-03-02`;
    edited[before.header.indexOf("deadline_checked_on")] = "";
    const { checked, rows } = await imported(stringify([before.header, edited]), "apply");
    expect(checked.status, JSON.stringify(checked)).toBe("applied");
    expect(rows).toEqual([
      expect.objectContaining({
        recordId: courseId,
        action: "changed",
        changes: {
          application_fee_source: [FEE_PAGE, "University website"],
          application_fee_checked_on: [`${last}-01-15`, `${last}-03-02`],
          deadline_checked_on: [`${last}-01-20`, ""],
        },
      }),
    ]);
    const after = await exportedRow(courseId);
    expect(after.row).toEqual(edited);

    // The student reads the new day; the deadlines, no longer dated, as not checked.
    const student = await createStudent(api, { name: "Kabir Sethi" });
    const started = await api.post(
      "/api/v1/students/me/applications",
      { courseId, intake: `${next}-09` },
      { cookie: student.cookie },
    );
    expect(started.status, started.text).toBe(201);
    expect(started.body.data.checklist.find((c: { item: string }) => c.item === "Application fee")?.note).toBe(
      `GBP 60 (University website, checked on 2 March ${last})`,
    );
    expect(started.body.data).toMatchObject({ deadline_source: "University website", deadline_checked_on: null });

    // A day not yet come is the row's fault, said with its column.
    const ahead = [...edited];
    ahead[before.header.indexOf("application_fee_checked_on")] = `${next}-02-01`;
    const refused = await imported(stringify([before.header, ahead]), "check");
    expect(refused.checked.summary).toMatchObject({ refused: 1 });
    expect(refused.rows.map((r: { reason: string }) => r.reason)).toEqual([
      "application_fee_checked_on: Enter the day the application fee was checked (not in the future)",
    ]);
  });
});
