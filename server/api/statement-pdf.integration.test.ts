import { and, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countries } from "../../modules/catalogue/tables.ts";
import { auditLog } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createApplication, createCourse, createStudent, createUniversity, type Student } from "../../tests/support/factories.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * The approved SOP as a PDF (decision 0096), through the API: made from the approved version's text (not a
 * later draft's), a 409 before approval, another student's a 404, the console's download audited. The PDF is
 * read back with a PDF text extractor, as a university's portal would read it.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let student: Student;
let other: Student;
let application: number;

const sopUrl = (id: number) => `/api/v1/students/me/applications/${id}/statements/sop`;
const staffUrl = (id: number) => `/api/v1/staff/applications/${id}/statements/sop`;

const approvedSop = [
  "Growing up in Nashik, I watched my mother keep the accounts of her tailoring shop in a notebook. Building her a small spreadsheet model in my second year of B.Com is what made me want to study finance properly.",
  "The MSc Finance and Investment at Wexford Business School, with its module on emerging-market valuation, is the course I want. मेरी माँ कहती हैं कि हिसाब साफ़ हो तो मन भी साफ़ रहता है। That sentence is why I chose accounting.",
  "After the course I will return to Mumbai to join an equity research team covering Indian mid-cap companies.",
];
const laterDraft = "A later draft about hospitality management in Lucerne, never approved.";

const textOf = async (bytes: ArrayBuffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text.replace(/\s+/g, " ");

beforeAll(async () => {
  database = await openTestDatabase();
  testApp = createTestApp(database, { PUBLIC_URL: "https://ignite.test" });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "statement-pdf.test");
  const [ireland] = await database.db.select({ id: countries.id }).from(countries).where(eq(countries.name, "Ireland"));
  const school = await createUniversity(api, team.admin, {
    countryId: ireland?.id,
    name: "Wexford Business School",
    city: "Wexford",
  });
  const course = await createCourse(api, team.admin, {
    universityId: school.id,
    name: "MSc Finance and Investment",
    sopRequired: true,
    sopWordLimit: 800,
    feeCurrency: "EUR",
  });
  student = await createStudent(api, { name: "श्रेया Kulkarni" });
  other = await createStudent(api, { name: "Rohan Mehta" });
  const assigned = await api.post(
    `/api/v1/staff/students/${student.studentId}/counsellor`,
    { counsellorStaffId: team.asha.staffId },
    team.as("admin"),
  );
  expect(assigned.status, assigned.text).toBe(200);
  application = (await createApplication(api, team.asha, student, course.id)).id;
}, 180_000);
afterAll(async () => {
  await database.close();
});

describe("the approved SOP as a PDF", () => {
  it("is refused with a clear message (409) until a version is approved, even once sent for review", async () => {
    const none = await api.get(`${sopUrl(application)}/pdf`, { cookie: student.cookie });
    expect(none.status).toBe(409);
    expect(none.body.error.message).toBe(
      "No version is approved yet: the PDF is made from the version your counsellor approves.",
    );
    const saved = await api.put(
      `${sopUrl(application)}/draft`,
      { text: approvedSop.join("\n\n"), revision: 0 },
      { cookie: student.cookie },
    );
    expect(saved.status, saved.text).toBe(200);
    const sent = await api.post(`${sopUrl(application)}/versions`, { revision: 1 }, { cookie: student.cookie });
    expect(sent.status, sent.text).toBe(201);
    expect((await api.get(`${sopUrl(application)}/pdf`, { cookie: student.cookie })).status).toBe(409);
    expect((await api.get(`${staffUrl(application)}/pdf`, team.as("asha"))).status).toBe(409);
  });

  it("holds the approved version's paragraphs, the student's name in Devanagari and the university, not a later draft", async () => {
    const sop = (await api.get(sopUrl(application), { cookie: student.cookie })).body.data;
    const approved = await api.post(`${staffUrl(application)}/versions/${sop.versions[0].id}/approval`, {}, team.as("asha"));
    expect(approved.status, approved.text).toBe(200);
    // The student writes on after the approval and sends the new text: the PDF stays the approved one.
    const saved = await api.put(
      `${sopUrl(application)}/draft`,
      { text: laterDraft, revision: sop.revision },
      { cookie: student.cookie },
    );
    expect(saved.status, saved.text).toBe(200);
    expect(
      (await api.post(`${sopUrl(application)}/versions`, { revision: saved.body.data.revision }, { cookie: student.cookie }))
        .status,
    ).toBe(201);

    const response = await api.fetch(`${sopUrl(application)}/pdf`, { cookie: student.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="Statement-of-purpose-Wexford-Business-School\.pdf"/,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = await response.arrayBuffer();
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const text = await textOf(bytes);
    expect(text).toContain("श्रेया Kulkarni");
    expect(text).toContain("Statement of purpose");
    expect(text).toContain("MSc Finance and Investment, Wexford Business School");
    expect(text).toContain("Version 1, approved on");
    expect(text).toContain("Building her a small spreadsheet model");
    expect(text).toContain("That sentence is why I chose accounting.");
    expect(text).toContain("equity research team covering Indian mid-cap companies.");
    expect(text).not.toContain("Lucerne");
  });

  it("is another student's 404, and a counsellor's who does not look after the student", async () => {
    const theirs = await api.get(`${sopUrl(application)}/pdf`, { cookie: other.cookie });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.message).toBe("No such statement.");
    expect((await api.get(`${staffUrl(application)}/pdf`, team.as("ravi"))).status).toBe(404);
    expect((await api.get(`${staffUrl(application)}/pdf`, team.as("verifier"))).status).toBe(404);
    expect((await api.get(`${sopUrl(application)}/pdf`)).status).toBe(401);
  });

  it("is downloaded by the student's counsellor from the console, and the download is in the audit log", async () => {
    const before = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "statement.downloaded"), eq(auditLog.studentId, student.studentId)));
    expect(before).toHaveLength(0);
    const response = await api.fetch(`${staffUrl(application)}/pdf`, { cookie: team.asha.cookie });
    expect(response.status).toBe(200);
    expect(await textOf(await response.arrayBuffer())).toContain("emerging-market valuation");
    const after = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "statement.downloaded"), eq(auditLog.studentId, student.studentId)));
    expect(after.map((a) => [a.actorStaffId, a.subjectId])).toEqual([[team.asha.staffId, `${application}:sop`]]);
    // The student sees it in "Who has seen my data", with the console's view of the SOP.
    const seen = await api.get("/api/v1/students/me/access-log", { cookie: student.cookie });
    expect(seen.status).toBe(200);
    expect(seen.body.data[0]).toMatchObject({
      staffName: "Asha Rao",
      action: "statement.downloaded",
      text: "Downloaded your approved statement of purpose as a PDF",
    });
    expect(seen.body.data).toContainEqual(
      expect.objectContaining({ staffName: "Asha Rao", action: "statement.viewed", text: "Read your statement of purpose" }),
    );
  });
});
