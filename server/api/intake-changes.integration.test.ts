import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { courseIntakes, universities } from "../../modules/catalogue/tables.ts";
import { auditLog, mailOutbox } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createLocalFileStorage } from "../../platform/storage/file-storage.ts";
import { type Answer, ApiClient } from "../../tests/support/api-client.ts";
import { createCourse, createStudent, type Student } from "../../tests/support/factories.ts";
import { type CapturedMail, readMail, startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * A course's intakes in the catalogue's CSV file, and an intake staff change after students applied
 * (decision 0085): the export lists each intake with its deadline and importing it again changes nothing;
 * a row whose deadline falls after its intake starts is refused with its line; an import that moves a
 * deadline or removes an intake leaves the application what it was applied for, tells its counsellor
 * once (mail and Today's list). And staff opening an application are in the audit log, which the student
 * reads (decision 0055). Through the real HTTP app; PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let course: { id: number; name: string; universityId: number };
let otherCourse: { id: number; name: string; universityId: number };
let student: Student;
let applicationId: number;
const next = new Date().getUTCFullYear() + 1;

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), "ignite-intake-changes-"));
  testApp = createTestApp(
    database,
    { SMTP_URL: sink.url, DATA_DIR: dataDir, PUBLIC_URL: "https://ignite.test" },
    { storage: createLocalFileStorage(path.join(dataDir, "uploads")) },
  );
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "intake-changes.test");
  course = await createCourse(api, team.admin, { name: "MSc Public Health", level: "Masters", feeCurrency: "GBP" });
  otherCourse = await createCourse(api, team.admin, { name: "MA Development Studies", level: "Masters", feeCurrency: "GBP" });
  await database.db.insert(courseIntakes).values([
    { courseId: course.id, month: 9, year: next, deadline: `${next}-06-30` },
    { courseId: course.id, month: 1, year: next + 1, deadline: `${next}-10-31` },
  ]);
  student = await createStudent(api, { name: "प्रिया नायर" });
  const given = await api.post(
    `/api/v1/staff/students/${student.studentId}/counsellor`,
    { counsellorStaffId: team.asha.staffId },
    team.as("admin"),
  );
  expect(given.status).toBe(200);
  const started = await api.post(
    "/api/v1/students/me/applications",
    { courseId: course.id, intake: `${next}-09` },
    { cookie: student.cookie },
  );
  expect(started.status, started.text).toBe(201);
  applicationId = started.body.data.id;
}, 60_000);
afterAll(async () => {
  await testApp?.close();
  await database?.close();
  await sink?.close();
});

function uploadForm(content: string) {
  const form = new FormData();
  form.set("kind", "courses");
  form.set("file", new File([content], "courses.csv", { type: "text/csv" }));
  return form;
}

async function settled(id: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const answer = await api.get(`/api/v1/staff/catalogue/imports/${id}`, team.as("admin"));
    expect(answer.status).toBe(200);
    if (!["checking", "applying"].includes(answer.body.data.status)) return answer.body.data;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${answer.body.data.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Uploads a courses file, confirms the suggested mapping and waits for the dry run. */
async function dryRun(content: string) {
  const uploaded: Answer = await api.call("/api/v1/staff/catalogue/imports", {
    method: "POST",
    form: uploadForm(content),
    cookie: team.admin.cookie,
  });
  expect(uploaded.status, uploaded.text).toBe(201);
  const id = uploaded.body.data.id as string;
  expect(uploaded.body.data.mapping.intakes).toBe("intakes");
  const started = await api.post(
    `/api/v1/staff/catalogue/imports/${id}/check`,
    { mapping: uploaded.body.data.mapping, retireMissing: false },
    team.as("admin"),
  );
  expect(started.status, started.text).toBe(202);
  return { id, checked: await settled(id) };
}

async function apply(id: string, input?: Record<string, unknown>) {
  const started = await api.post(`/api/v1/staff/catalogue/imports/${id}/apply`, input, team.as("admin"));
  expect(started.status, started.text).toBe(202);
  return settled(id);
}

const importRows = async (id: string, action: string) =>
  (await api.get(`/api/v1/staff/catalogue/imports/${id}/rows?action=${action}`, team.as("admin"))).body.data;

/** The export's header and the rows of the given courses, as a spreadsheet would save them again. */
async function exportedRows(...courseIds: number[]) {
  const exported = await api.get("/api/v1/staff/catalogue/export/courses", team.as("admin"));
  expect(exported.status).toBe(200);
  const [header, ...rows] = parse(exported.text, { bom: true }) as string[][];
  const wanted = rows.filter((r) => courseIds.includes(Number(r[0])));
  return { header: header as string[], rows: wanted };
}

const intakesOf = (courseId: number) =>
  database.db
    .select({ month: courseIntakes.month, year: courseIntakes.year, deadline: courseIntakes.deadline })
    .from(courseIntakes)
    .where(eq(courseIntakes.courseId, courseId))
    .orderBy(asc(courseIntakes.year), asc(courseIntakes.month));

const mailsTo = (email: string, subjectStart: string) =>
  sink.messages.filter((m) => m.to.includes(email) && m.subject.startsWith(subjectStart));

describe("the intakes column of the courses file", () => {
  it("exports each intake with its deadline, and the export imported again changes nothing", async () => {
    const { header, rows } = await exportedRows(course.id, otherCourse.id);
    const at = header.indexOf("intakes");
    expect(at).toBeGreaterThan(0);
    expect(header.at(-1)).toBe("retired");
    const byId = new Map(rows.map((r) => [Number(r[0]), r]));
    expect(byId.get(course.id)?.[at]).toBe(`${next}-09 by ${next}-06-30; ${next + 1}-01 by ${next}-10-31`);
    expect(byId.get(otherCourse.id)?.[at]).toBe("");
    const { checked } = await dryRun(stringify([header, ...rows]));
    expect(checked.summary).toMatchObject({ rows: 2, new: 0, changed: 0, unchanged: 2, refused: 0 });
    // The whole demo catalogue is exported each time: on two busy cores that takes a while.
  }, 90_000);

  it("refuses a row whose deadline is after its intake starts, naming the row, and writes only the rows that passed", async () => {
    const { header, rows } = await exportedRows(course.id, otherCourse.id);
    const at = header.indexOf("intakes");
    const edited = rows.map((r) => [...r]);
    const mine = edited.find((r) => Number(r[0]) === course.id) as string[];
    const other = edited.find((r) => Number(r[0]) === otherCourse.id) as string[];
    // The January intake's deadline typed as mid-February: after the intake has started.
    mine[at] = `${next}-09 by ${next}-06-30; ${next + 1}-01 by ${next + 1}-02-15`;
    other[at] = `${next}-09 by ${next}-05-31;${next + 1}-04`;
    const { id, checked } = await dryRun(stringify([header, ...edited]));
    expect(checked.summary).toMatchObject({ rows: 2, changed: 1, refused: 1 });
    const [refused] = await importRows(id, "refused");
    const line = edited.indexOf(mine) + 2;
    expect(refused).toMatchObject({ line, action: "refused" });
    expect(refused.label).toContain("MSc Public Health");
    expect(refused.reason).toBe(
      `intakes: the application deadline ${next + 1}-02-15 of the January ${next + 1} intake is after the intake starts; it must be before the end of the intake's month`,
    );
    const [changed] = await importRows(id, "changed");
    expect(changed.changes.intakes).toEqual(["", `${next}-09 by ${next}-05-31; ${next + 1}-04`]);
    // Nothing was written by the dry run; the rows that passed are applied, the refused one left out.
    expect(await intakesOf(otherCourse.id)).toEqual([]);
    const applied = await apply(id, { rows: "passing" });
    expect(applied.status, JSON.stringify(applied)).toBe("applied");
    expect(await intakesOf(otherCourse.id)).toEqual([
      { month: 9, year: next, deadline: `${next}-05-31` },
      { month: 4, year: next + 1, deadline: null },
    ]);
    expect(await intakesOf(course.id)).toEqual([
      { month: 9, year: next, deadline: `${next}-06-30` },
      { month: 1, year: next + 1, deadline: `${next}-10-31` },
    ]);
  });

  it("refuses a malformed intake, one listed twice and a new one already begun, each said in the row's reason", async () => {
    const { header, rows } = await exportedRows(otherCourse.id);
    const at = header.indexOf("intakes");
    const row = [...(rows[0] as string[])];
    row[at] = `September ${next}; ${next}-09 by ${next}-05-31; ${next}-09; 2020-01`;
    const { id } = await dryRun(stringify([header, row]));
    const [refused] = await importRows(id, "refused");
    expect(refused.reason).toContain(`intakes: write each intake as YYYY-MM, or YYYY-MM by YYYY-MM-DD`);
    expect(refused.reason).toContain(`"September ${next}" is neither`);
    expect(refused.reason).toContain(`intakes: September ${next} is listed twice`);
    expect(refused.reason).toContain("intakes: the January 2020 intake has already started");
  });
});

describe("an intake staff change after a student applied for it", () => {
  it("moved by the import: the application keeps the deadline it was applied with, the counsellor is told once and Today lists it", async () => {
    const before = await api.get(`/api/v1/students/me/applications/${applicationId}`, { cookie: student.cookie });
    expect(before.body.data).toMatchObject({ deadline: `${next}-06-30`, applied_deadline: `${next}-06-30` });
    const { header, rows } = await exportedRows(course.id);
    const at = header.indexOf("intakes");
    const row = [...(rows[0] as string[])];
    row[at] = `${next}-09 by ${next}-07-15; ${next + 1}-01 by ${next}-10-31`;
    const file = stringify([header, row]);
    const { id, checked } = await dryRun(file);
    expect(checked.summary).toMatchObject({ changed: 1, refused: 0 });
    const [changed] = await importRows(id, "changed");
    expect(changed.changes).toEqual({
      intakes: [
        `${next}-09 by ${next}-06-30; ${next + 1}-01 by ${next}-10-31`,
        `${next}-09 by ${next}-07-15; ${next + 1}-01 by ${next}-10-31`,
      ],
    });
    const sent = sink.messages.length;
    expect((await apply(id)).status).toBe("applied");
    await sink.waitFor(sent + 1);
    const told = mailsTo(team.asha.email, `The September ${next} deadline of MSc Public Health moved`);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe(`The September ${next} deadline of MSc Public Health moved: 1 application names it`);
    expect(told[0]?.text).toContain(`is now 15 July ${next} (it was 30 June ${next})`);
    // The student's name as they wrote it, in Devanagari, once the mail's transfer encoding is undone.
    expect(readMail(told[0] as CapturedMail).text).toContain(
      `प्रिया नायर: https://ignite.test/staff/applications/${applicationId}`,
    );
    expect(mailsTo(team.ravi.email, "The September")).toEqual([]);

    // The student reads the deadline now and the one they applied with.
    const after = await api.get(`/api/v1/students/me/applications/${applicationId}`, { cookie: student.cookie });
    expect(after.body.data).toMatchObject({
      intake: `September ${next}`,
      deadline: `${next}-07-15`,
      applied_deadline: `${next}-06-30`,
      intake_gone: false,
    });
    // Today's list is the applications list's own filter: Asha's, not Ravi's.
    const ashas = await testApp.staff.applications.list(team.asha, { changed: 14 });
    expect(ashas.map((a) => [a.id, a.appliedDeadline, a.deadline, a.intakeListed])).toEqual([
      [applicationId, `${next}-06-30`, `${next}-07-15`, true],
    ]);
    expect(await testApp.staff.applications.list(team.ravi, { changed: 14 })).toEqual([]);

    // The same file again changes nothing, and nobody is told twice.
    const again = await dryRun(file);
    expect(again.checked.summary).toMatchObject({ changed: 0, unchanged: 1 });
    expect((await apply(again.id)).status).toBe("applied");
    expect(mailsTo(team.asha.email, `The September ${next} deadline`)).toHaveLength(1);
  });

  it("removed by the import: the application keeps its intake and deadline, marked, and the counsellor is told once", async () => {
    const other = await createStudent(api, { name: "Arjun Menon" });
    await api.post(
      `/api/v1/staff/students/${other.studentId}/counsellor`,
      { counsellorStaffId: team.ravi.staffId },
      team.as("admin"),
    );
    const started = await api.post(
      "/api/v1/students/me/applications",
      { courseId: course.id, intake: `${next + 1}-01` },
      { cookie: other.cookie },
    );
    expect(started.status, started.text).toBe(201);
    const { header, rows } = await exportedRows(course.id);
    const row = [...(rows[0] as string[])];
    row[header.indexOf("intakes")] = `${next}-09 by ${next}-07-15`;
    const { id } = await dryRun(stringify([header, row]));
    const sent = sink.messages.length;
    expect((await apply(id)).status).toBe("applied");
    await sink.waitFor(sent + 1);
    const told = mailsTo(team.ravi.email, `The January ${next + 1} intake of MSc Public Health was removed`);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(`(it had the deadline 31 October ${next})`);
    expect(told[0]?.text).toContain("Arjun Menon: https://ignite.test/staff/applications/");
    const view = await api.get(`/api/v1/students/me/applications/${started.body.data.id}`, { cookie: other.cookie });
    expect(view.body.data).toMatchObject({
      intake: `January ${next + 1}`,
      intake_gone: true,
      deadline: null,
      applied_deadline: `${next}-10-31`,
    });
    const ravis = await testApp.staff.applications.list(team.ravi, { changed: 14 });
    expect(ravis.map((a) => [a.id, a.intakeListed])).toEqual([[started.body.data.id, false]]);
  });
});

describe("staff opening an application", () => {
  it("is in the audit log and in the student's 'who has seen my data'; a counsellor not theirs gets a 404 and leaves no entry", async () => {
    const entries = () =>
      database.db
        .select({ actor: auditLog.actorStaffId, studentId: auditLog.studentId, subjectId: auditLog.subjectId })
        .from(auditLog)
        .where(and(eq(auditLog.action, "application.viewed"), eq(auditLog.subjectId, String(applicationId))));
    expect(await entries()).toEqual([]);
    const refused = await api.get(`/api/v1/staff/applications/${applicationId}`, team.as("ravi"));
    expect(refused.status).toBe(404);
    expect(await entries()).toEqual([]);
    const opened = await api.get(`/api/v1/staff/applications/${applicationId}`, team.as("asha"));
    expect(opened.status, opened.text).toBe(200);
    expect(await entries()).toEqual([
      { actor: team.asha.staffId, studentId: student.studentId, subjectId: String(applicationId) },
    ]);
    const seen = await api.get("/api/v1/students/me/access-log", { cookie: student.cookie });
    expect(seen.status).toBe(200);
    expect(seen.body.data[0]).toMatchObject({
      staffName: "Asha Rao",
      action: "application.viewed",
      text: "Opened one of your applications",
    });
  });
});

describe("an intake's deadline moved in the catalogue editor (decision 0088)", () => {
  it("moves it in place: the intake stays, the application keeps what it was applied for, the counsellor is told once and Today lists it", async () => {
    const moving = await createCourse(api, team.admin, {
      name: "MSc Global Health Policy",
      level: "Masters",
      feeCurrency: "GBP",
    });
    const added = await api.post(
      `/api/v1/staff/catalogue/courses/${moving.id}/intakes`,
      { month: 9, year: next, deadline: `${next}-06-30` },
      team.as("admin"),
    );
    expect(added.status, added.text).toBe(201);
    const intakeId = added.body.data.id as number;
    const applicant = await createStudent(api, { name: "मीरा अय्यर" });
    await api.post(
      `/api/v1/staff/students/${applicant.studentId}/counsellor`,
      { counsellorStaffId: team.asha.staffId },
      team.as("admin"),
    );
    const started = await api.post(
      "/api/v1/students/me/applications",
      { courseId: moving.id, intake: `${next}-09` },
      { cookie: applicant.cookie },
    );
    expect(started.status, started.text).toBe(201);
    const appliedId = started.body.data.id as number;

    const sent = sink.messages.length;
    const moved = await api.put(
      `/api/v1/staff/catalogue/courses/${moving.id}/intakes/${intakeId}/deadline`,
      { deadline: `${next}-07-31` },
      team.as("admin"),
    );
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.message).toBe(`The September ${next} intake's deadline is now 31 July ${next}.`);
    expect(moved.body.data).toMatchObject({ id: intakeId, month: 9, year: next, deadline: `${next}-07-31` });
    // The same intake, moved: not removed and added again.
    const listed = await api.get(`/api/v1/staff/catalogue/courses/${moving.id}/intakes`, team.as("admin"));
    expect(listed.body.data.map((i: { id: number; deadline: string }) => [i.id, i.deadline])).toEqual([
      [intakeId, `${next}-07-31`],
    ]);

    // The student reads the deadline now and the one they applied with; the intake is still listed.
    const view = await api.get(`/api/v1/students/me/applications/${appliedId}`, { cookie: applicant.cookie });
    expect(view.body.data).toMatchObject({
      intake: `September ${next}`,
      deadline: `${next}-07-31`,
      applied_deadline: `${next}-06-30`,
      intake_gone: false,
    });

    // Asha, the student's counsellor, is mailed once with the student's name as written; Ravi is not.
    await sink.waitFor(sent + 1);
    const told = mailsTo(team.asha.email, `The September ${next} deadline of MSc Global Health Policy moved`);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(`is now 31 July ${next} (it was 30 June ${next})`);
    expect(readMail(told[0] as CapturedMail).text).toContain(`मीरा अय्यर: https://ignite.test/staff/applications/${appliedId}`);
    expect(mailsTo(team.ravi.email, `The September ${next} deadline of MSc Global Health Policy`)).toEqual([]);
    const ashas = await testApp.staff.applications.list(team.asha, { changed: 14 });
    expect(ashas.find((a) => a.id === appliedId)).toMatchObject({
      appliedDeadline: `${next}-06-30`,
      deadline: `${next}-07-31`,
      intakeListed: true,
    });

    // The change is in the audit log.
    const [audited] = await database.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, "course.intake_deadline_moved"), eq(auditLog.subjectId, String(moving.id))));
    expect(audited).toMatchObject({ before: { deadline: `${next}-06-30` }, after: { deadline: `${next}-07-31` } });

    // The same date again changes nothing and tells nobody twice.
    const again = await api.put(
      `/api/v1/staff/catalogue/courses/${moving.id}/intakes/${intakeId}/deadline`,
      { deadline: `${next}-07-31` },
      team.as("admin"),
    );
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(`The September ${next} intake's deadline is unchanged.`);
    expect(mailsTo(team.asha.email, `The September ${next} deadline of MSc Global Health Policy`)).toHaveLength(1);
  });

  it("refuses a deadline after the intake's month, another course's intake and a counsellor, changing nothing", async () => {
    const course4 = await createCourse(api, team.admin, { name: "MA Urban Planning", level: "Masters", feeCurrency: "GBP" });
    const added = await api.post(
      `/api/v1/staff/catalogue/courses/${course4.id}/intakes`,
      { month: 1, year: next + 1, deadline: `${next}-10-31` },
      team.as("admin"),
    );
    const intakeId = added.body.data.id as number;
    const path = `/api/v1/staff/catalogue/courses/${course4.id}/intakes/${intakeId}/deadline`;

    const late = await api.put(path, { deadline: `${next + 1}-02-15` }, team.as("admin"));
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({
      code: "invalid_input",
      fields: { deadline: "The application deadline must be before the end of the intake's month" },
    });
    const notADay = await api.put(path, { deadline: "31 October" }, team.as("admin"));
    expect(notADay.status).toBe(400);
    const elsewhere = await api.put(
      `/api/v1/staff/catalogue/courses/${otherCourse.id}/intakes/${intakeId}/deadline`,
      { deadline: `${next}-11-30` },
      team.as("admin"),
    );
    expect(elsewhere.status).toBe(404);
    const counsellor = await api.put(path, { deadline: `${next}-11-30` }, team.as("asha"));
    expect(counsellor.status).toBe(403);
    expect(await intakesOf(course4.id)).toEqual([{ month: 1, year: next + 1, deadline: `${next}-10-31` }]);

    // Cleared: the university gave no date any more.
    const cleared = await api.put(path, { deadline: "" }, team.as("admin"));
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.message).toBe(`The January ${next + 1} intake has no deadline now.`);
    expect(await intakesOf(course4.id)).toEqual([{ month: 1, year: next + 1, deadline: null }]);
  });
});

describe("an import that moves many intakes' deadlines (decision 0106)", () => {
  it("mails each counsellor once, listing every application it changed, and Today lists each application", async () => {
    // Twenty courses with two intakes each: 40 intakes, each named by one application. Asha's four
    // students hold 32 of them, Ravi's one student the other 8 (each under the limit of active applications).
    const first = await createCourse(api, team.admin, { name: "MSc Hydrology 1", level: "Masters", feeCurrency: "GBP" });
    const courses = [first];
    for (let n = 2; n <= 20; n++)
      courses.push(
        await createCourse(api, team.admin, {
          name: `MSc Hydrology ${n}`,
          level: "Masters",
          feeCurrency: "GBP",
          universityId: first.universityId,
        }),
      );
    const [university] = await database.db
      .select({ name: universities.name })
      .from(universities)
      .where(eq(universities.id, first.universityId));
    await database.db.insert(courseIntakes).values(
      courses.flatMap((c) => [
        { courseId: c.id, month: 9, year: next, deadline: `${next}-06-30` },
        { courseId: c.id, month: 1, year: next + 1, deadline: `${next}-10-31` },
      ]),
    );
    const intakes = courses.flatMap((c) => [
      { courseId: c.id, intake: `${next}-09` },
      { courseId: c.id, intake: `${next + 1}-01` },
    ]);
    const names = ["अनुष्का सिंह", "Rohan Gupta", "ज़ोया ख़ान", "Vikram Reddy", "Ishaan Bose"];
    const applied = new Map<string, number[]>([
      [team.asha.email, []],
      [team.ravi.email, []],
    ]);
    for (const [i, name] of names.entries()) {
      const applicant = await createStudent(api, { name });
      const counsellor = i < 4 ? team.asha : team.ravi;
      const given = await api.post(
        `/api/v1/staff/students/${applicant.studentId}/counsellor`,
        { counsellorStaffId: counsellor.staffId },
        team.as("admin"),
      );
      expect(given.status).toBe(200);
      for (const one of intakes.slice(i * 8, i * 8 + 8)) {
        const started = await api.post("/api/v1/students/me/applications", one, { cookie: applicant.cookie });
        expect(started.status, started.text).toBe(201);
        applied.get(counsellor.email)?.push(started.body.data.id);
      }
    }

    // The university moved every deadline by a fortnight: one file, one import.
    const { header, rows } = await exportedRows(...courses.map((c) => c.id));
    expect(rows).toHaveLength(20);
    const at = header.indexOf("intakes");
    const moved = rows.map((r) => {
      const row = [...r];
      row[at] = `${next}-09 by ${next}-07-14; ${next + 1}-01 by ${next}-11-14`;
      return row;
    });
    const { id, checked } = await dryRun(stringify([header, ...moved]));
    expect(checked.summary).toMatchObject({ changed: 20, refused: 0 });
    const before = sink.messages.length;
    expect((await apply(id)).status).toBe("applied");
    // Every queued mail has gone (the outbox holds nothing more for them) before they are counted.
    await vi.waitUntil(
      async () =>
        (
          await database.db
            .select({ id: mailOutbox.id })
            .from(mailOutbox)
            .where(inArray(mailOutbox.recipient, [team.asha.email, team.ravi.email]))
        ).length === 0,
      { timeout: 15_000, interval: 50 },
    );
    await sink.waitFor(before + 2);
    const arrived = sink.messages.slice(before);
    const ashas = arrived.filter((m) => m.to.includes(team.asha.email));
    const ravis = arrived.filter((m) => m.to.includes(team.ravi.email));
    expect(ashas).toHaveLength(1);
    expect(ravis).toHaveLength(1);
    expect(ashas[0]?.subject).toBe("32 intakes changed in the catalogue: 32 applications name them");
    expect(ravis[0]?.subject).toBe("8 intakes changed in the catalogue: 8 applications name them");
    const text = readMail(ashas[0] as CapturedMail).text;
    // Each intake's change once, with its applications under it, the student's name as written.
    expect(text).toContain(
      `The deadline of the September ${next} intake of MSc Hydrology 1 at ${university?.name} is now 14 July ${next} (it was 30 June ${next}).`,
    );
    for (const applicationId of applied.get(team.asha.email) ?? [])
      expect(text).toContain(`https://ignite.test/staff/applications/${applicationId}\n`);
    expect(text).toContain(`अनुष्का सिंह: https://ignite.test/staff/applications/${applied.get(team.asha.email)?.[0]}`);
    expect(readMail(ravis[0] as CapturedMail).text).not.toContain("अनुष्का सिंह");

    // Today: one entry for each application, as the applications list's own filter.
    const changed = (await testApp.staff.applications.list(team.asha, { changed: 14 })).map((a) => a.id);
    expect(changed).toEqual(expect.arrayContaining(applied.get(team.asha.email) ?? []));
    expect(new Set(changed).size).toBe(changed.length);
    const ravisChanged = (await testApp.staff.applications.list(team.ravi, { changed: 14 })).map((a) => a.id);
    expect(ravisChanged).toEqual(expect.arrayContaining(applied.get(team.ravi.email) ?? []));
  }, 120_000);
});
