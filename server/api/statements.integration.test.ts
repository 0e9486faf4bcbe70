import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countries } from "../../modules/catalogue/tables.ts";
import { type FundingSource, writeFundingSources } from "../../modules/funding/funding.ts";
import { statements } from "../../modules/statements/tables.ts";
import { auditLog } from "../../modules/tables.ts";
import { statementVisaFacts } from "../../modules/visas/visas.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { exportReady } from "../../tests/support/data-export.ts";
import { createApplication, createCourse, createStudent, createUniversity, type Student } from "../../tests/support/factories.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * The SOP written and reviewed in the portal (decisions 0072-0074), through the API: drafts and the stale
 * tab's 409, the word limit, versions frozen when sent, comments anchored to a paragraph found again after
 * edits, approval feeding the package and the stage gate, each check, the diff, export and erasure.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let student: Student;
/** MSc Data Science at Northbridge University (UK), 250 words at most. */
let northbridge: number;
/** MS Computer Science at the University of Eastmoor (UK). */
let eastmoor: number;
/** An offer in Canada: its visa plan holds the funds check; its letter of explanation. */
let lakehead: number;

const sopUrl = (id: number, kind = "sop") => `/api/v1/students/me/applications/${id}/statements/${kind}`;
const staffUrl = (id: number, kind = "sop") => `/api/v1/staff/applications/${id}/statements/${kind}`;
const me = () => ({ cookie: student.cookie });
const read = async (id: number) => (await api.get(sopUrl(id), me())).body.data;
const save = (id: number, text: string, revision: number) => api.put(`${sopUrl(id)}/draft`, { text, revision }, me());
const check = (data: { checks: { checks: { key: string; holds: boolean; reasons: string[] }[] } }, key: string) =>
  data.checks.checks.find((c) => c.key === key);

const eastmoorSop = [
  "Ever since I built a small attendance app for my college in Pune, I have wanted to understand how large software systems are designed. My final year project on distributed caching taught me how much I still have to learn.",
  "The MS Computer Science at the University of Eastmoor, with its modules on distributed systems and compilers, is where I want to learn it. Professor Hale's work on consistency models is close to my project.",
  "After the course I will return to Pune and join a product company as a backend engineer; my father's business and my family are there.",
].join("\n\n");

const northbridgeSop = [
  "Working for two years as a data analyst at a logistics firm in Pune, I saw how much of our routing was decided by guesswork. I learnt SQL and Python on the job and built a delivery-time forecast that cut late deliveries by a tenth.",
  "The MSc Data Science at Northbridge University teaches the statistics and machine learning I lack, and its industry project with regional transport operators is exactly the work I want to do.",
  "My parents have saved for my studies, and the family savings shown in my funds will pay the tuition and my living costs for the year.",
  "After the course I will come back to India and lead analytics at a logistics company in Pune, where demand for such skills is growing quickly.",
].join("\n\n");

beforeAll(async () => {
  database = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "ignite-statements-"));
  testApp = createTestApp(database, { DATA_DIR: dataDir, PUBLIC_URL: "https://ignite.test" });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "statements.test");
  const countryId = async (name: string) =>
    (await database.db.select({ id: countries.id }).from(countries).where(eq(countries.name, name)))[0]?.id;
  const uk = await countryId("United Kingdom");
  const canada = await countryId("Canada");
  const nb = await createUniversity(api, team.admin, { countryId: uk, name: "Northbridge University", city: "Leeds" });
  const em = await createUniversity(api, team.admin, { countryId: uk, name: "University of Eastmoor", city: "York" });
  const lh = await createUniversity(api, team.admin, { countryId: canada, name: "Lakehead Valley College", city: "Thunder Bay" });
  const course = (universityId: number, name: string, sopWordLimit: number) =>
    createCourse(api, team.admin, { universityId, name, sopRequired: true, sopWordLimit, feeCurrency: "GBP" });
  const dataScience = await course(nb.id, "MSc Data Science", 250);
  const computing = await course(em.id, "MS Computer Science", 1000);
  const supplyChain = await createCourse(api, team.admin, {
    universityId: lh.id,
    name: "Graduate Certificate in Supply Chain Management",
    feeCurrency: "CAD",
  });
  student = await createStudent(api, { name: "प्रिया शर्मा" });
  const assigned = await api.post(
    `/api/v1/staff/students/${student.studentId}/counsellor`,
    { counsellorStaffId: team.asha.staffId },
    team.as("admin"),
  );
  expect(assigned.status, assigned.text).toBe(200);
  northbridge = (await createApplication(api, team.asha, student, dataScience.id)).id;
  eastmoor = (await createApplication(api, team.asha, student, computing.id)).id;
  lakehead = (
    await createApplication(api, team.asha, student, supplyChain.id, {
      moves: [
        "Ready to submit",
        "Submitted",
        "Unconditional offer",
        "Offer accepted",
        { status: "Confirmation issued", details: { confirmationKind: "Admission letter", confirmationNumber: "LVC-2027-118" } },
      ],
    })
  ).id;
  // The funds check on the Canadian offer's visa plan: family savings of 25 lakh, no loan.
  await testApp.visas.plan(student.studentId, lakehead);
  await testApp.visas.saveFunds(student.studentId, lakehead, {
    sources: [
      { kind: "family-savings", amount: "25,00,000", currency: "INR", heldSince: "2026-01-01", statementDate: "2026-06-01" },
    ],
    applyOn: "2026-06-20",
  });
  // A staff team, three universities and an application moved to its offer: slow on two busy cores.
}, 180_000);
afterAll(async () => {
  await database.close();
});

describe("writing the SOP", () => {
  it("saves a draft, and refuses a stale tab's save (409) without touching the newer text", async () => {
    const first = await save(eastmoor, eastmoorSop, 0);
    expect(first.status, first.text).toBe(200);
    expect(first.body.message).toBe("Draft saved.");
    expect(first.body.data.revision).toBe(1);
    expect(first.body.data.paragraphs).toHaveLength(3);
    // A second tab opened before the first save still holds revision 0.
    const stale = await save(eastmoor, "An older text from the other tab.", 0);
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(/^This draft changed in another tab or window since you opened it\./);
    expect((await read(eastmoor)).paragraphs[0]).toMatch(/^Ever since I built a small attendance app/);
  });

  it("refuses a draft over the course's word limit with the limit, keeping the saved one", async () => {
    const long = Array.from({ length: 6 }, () => northbridgeSop.split("\n\n")[0]).join("\n\n");
    const refused = await save(northbridge, long, 0);
    expect(refused.status).toBe(400);
    const words = long.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    expect(words).toBeGreaterThan(250);
    expect(refused.body.error.message).toBe(
      `The course allows at most 250 words; this draft has ${words}. Shorten it and save again.`,
    );
    expect(refused.body.error.fields.text).toBe(refused.body.error.message);
    expect((await read(northbridge)).revision).toBe(0);
  });

  it("starts from another application's SOP, and the checks show what was not adapted", async () => {
    const copied = await api.post(`${sopUrl(northbridge)}/copy`, { fromApplicationId: eastmoor, revision: 0 }, me());
    expect(copied.status, copied.text).toBe(200);
    const data = copied.body.data;
    expect(data.paragraphs).toEqual(eastmoorSop.split("\n\n"));
    expect(check(data, "names-this")).toMatchObject({
      holds: false,
      reasons: [
        "It does not name Northbridge University, the university this application is to.",
        "It does not name MSc Data Science, the course this application is for.",
      ],
    });
    expect(check(data, "no-other-university")).toMatchObject({
      holds: false,
      reasons: ["It names University of Eastmoor, another of your applications: a copied SOP?"],
    });
    expect(check(data, "adapted")?.reasons).toEqual([
      "Paragraph 1 is word for word the same as in your SOP for University of Eastmoor (MS Computer Science).",
      "Paragraph 2 is word for word the same as in your SOP for University of Eastmoor (MS Computer Science).",
      "Paragraph 3 is word for word the same as in your SOP for University of Eastmoor (MS Computer Science).",
    ]);
    expect(data.checks.holding).toBeLessThan(data.checks.total);
  });

  it("shows a placeholder left in, and a funding figure and a loan that contradict the visa plan's funds", async () => {
    const text = northbridgeSop
      .replace("Northbridge University", "[University]")
      .replace(
        "My parents have saved for my studies, and the family savings shown in my funds will pay the tuition and my living costs for the year.",
        "My education loan of 40 lakh from SBI has been sanctioned and will pay for everything.",
      );
    const saved = await save(northbridge, text, (await read(northbridge)).revision);
    expect(saved.status, saved.text).toBe(200);
    const data = saved.body.data;
    expect(check(data, "no-placeholder")).toMatchObject({ holds: false, reasons: ["A placeholder is left in it: [University]"] });
    expect(check(data, "matches-file")?.holds).toBe(false);
    expect(check(data, "matches-file")?.reasons).toEqual(
      expect.arrayContaining([
        "You mentioned a loan; your funds check lists no education loan.",
        "It says 40 lakh; your visa plan's funds check lists 25 lakh in all.",
      ]),
    );
  });

  it("holds every check once the SOP is this application's own", async () => {
    const saved = await save(northbridge, northbridgeSop, (await read(northbridge)).revision);
    expect(saved.status, saved.text).toBe(200);
    const { checks } = saved.body.data;
    expect(checks.checks.filter((c: { holds: boolean }) => !c.holds)).toEqual([]);
    expect([checks.holding, checks.total]).toEqual([6, 6]);
    expect(checks.checks[0].reasons).toEqual([`${checks.words} words; the course allows at most 250.`]);
  });
});

describe("the funds the checks read", () => {
  it("gives no total when a source's currency has no rate, rather than a smaller wrong one", async () => {
    const other = await createStudent(api, { name: "अनिल कुमार" });
    const source = (kind: FundingSource["kind"], amount: number, currency: string): FundingSource => ({
      kind,
      amount,
      currency,
      proof: null,
      heldSince: null,
      statementDate: null,
    });
    await writeFundingSources(
      database.db,
      other.studentId,
      [source("family-savings", 12_00_000, "INR"), source("sponsor", 10_000, "GBP")],
      new Date("2026-11-28T08:00:00Z"),
    );
    const withRate = await statementVisaFacts(database.db, other.studentId, (c) => ({ GBP: 112 })[c]);
    expect(withRate).toMatchObject({ fundKinds: ["family-savings", "sponsor"], fundsRupees: 23_20_000 });
    // The pound's rate removed from the table: 12 lakh alone would be a wrong total, so there is none to compare.
    const withoutRate = await statementVisaFacts(database.db, other.studentId, () => undefined);
    expect(withoutRate).toMatchObject({ fundKinds: ["family-savings", "sponsor"], fundsRupees: null });
  });
});

describe("review", () => {
  let v1: number;
  let v2: number;

  it("freezes a version when sent, and the package's SOP item waits for the counsellor", async () => {
    const { revision } = await read(northbridge);
    const sent = await api.post(`${sopUrl(northbridge)}/versions`, { revision }, me());
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.message).toBe("Sent for review. Your counsellor has the version now.");
    v1 = sent.body.data.versions[0].id;
    expect(sent.body.data.versions[0]).toMatchObject({ number: 1, paragraphs: northbridgeSop.split("\n\n") });
    const again = await api.post(`${sopUrl(northbridge)}/versions`, { revision }, me());
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("This draft is the same as the version already sent.");
    const pkg = await api.get(`/api/v1/students/me/applications/${northbridge}`, me());
    expect(pkg.body.data.checklist.find((c: { item: string }) => c.item === "SOP")).toMatchObject({
      state: "Waiting for review",
      waits_on: "counsellor",
    });
  });

  it("lets the student's counsellor comment on a paragraph (audited), and no other counsellor see it", async () => {
    expect((await api.get(staffUrl(northbridge), team.as("ravi"))).status).toBe(404);
    expect((await api.get(staffUrl(northbridge), team.as("verifier"))).status).toBe(404);
    const viewed = await api.get(staffUrl(northbridge), team.as("asha"));
    expect(viewed.status).toBe(200);
    const views = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "statement.viewed"), eq(auditLog.studentId, student.studentId)));
    expect(views.length).toBeGreaterThan(0);
    const byViewer = await api.post(
      `${staffUrl(northbridge)}/versions/${v1}/comments`,
      { paragraph: 1, body: "Why Northbridge?" },
      team.as("viewer"),
    );
    expect(byViewer.status).toBe(404);
    const commented = await api.post(
      `${staffUrl(northbridge)}/versions/${v1}/comments`,
      { paragraph: 1, body: "Name a module or a professor: why this course and not any data science course?" },
      team.as("asha"),
    );
    expect(commented.status, commented.text).toBe(201);
    expect(commented.body.data.comments[0]).toMatchObject({ version: 1, paragraph: 2, by: "Asha Rao" });
    // Where the paragraph stands in the draft is the student's to see, not the console's.
    expect(commented.body.data.comments[0]).not.toHaveProperty("paragraph_in_draft");
    expect((await read(northbridge)).comments[0]).toMatchObject({ version: 1, paragraph: 2, paragraph_in_draft: 2 });
  });

  it("keeps a draft not yet sent from the console: only the student sees it until they send it", async () => {
    const secret = "I failed my second-year mathematics exam once and have not told my parents.";
    const draft = `${eastmoorSop}\n\n${secret}`;
    const saved = await save(eastmoor, draft, (await read(eastmoor)).revision);
    expect(saved.status, saved.text).toBe(200);
    // The student's own read has the draft and its checks.
    expect((await read(eastmoor)).paragraphs.at(-1)).toBe(secret);
    expect((await read(eastmoor)).checks.total).toBeGreaterThan(0);
    // The console's has none of it: no text, no checks of it, nothing of its words.
    const viewed = await api.get(staffUrl(eastmoor), team.as("asha"));
    expect(viewed.status, viewed.text).toBe(200);
    expect(viewed.body.data.versions).toEqual([]);
    expect(viewed.body.data).not.toHaveProperty("paragraphs");
    expect(viewed.body.data).not.toHaveProperty("checks");
    expect(viewed.text).not.toContain("second-year mathematics");
    expect(viewed.text).not.toContain("attendance app");
  });

  it("keeps the words a comment quotes as the paragraph has them, and refuses words the paragraph does not have", async () => {
    const url = `${staffUrl(northbridge)}/versions/${v1}/comments`;
    const before = (await api.get(staffUrl(northbridge), team.as("asha"))).body.data.comments.length;
    // A selection in a browser reads the paragraph's spacing its own way: any run of spaces matches any other.
    const quoted = await api.post(
      url,
      { paragraph: 0, quote: "  cut late   deliveries\nby a tenth ", body: "By how many deliveries a month? Give the figure." },
      team.as("asha"),
    );
    expect(quoted.status, quoted.text).toBe(201);
    expect(quoted.body.data.comments.at(-1)).toMatchObject({ paragraph: 1, quote: "cut late deliveries by a tenth" });
    // Words of another paragraph, or none of this SOP's, are refused with a 400 naming the field: nothing is saved.
    for (const quote of ["industry project with regional transport operators", "cut late deliveries by a fifth"]) {
      const refused = await api.post(url, { paragraph: 0, quote, body: "Say more here." }, team.as("asha"));
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.error.message).toBe(
        "Paragraph 1 of this version does not have these words. Copy them from it exactly, or leave the field empty to comment on the whole paragraph.",
      );
      expect(refused.body.error.fields).toHaveProperty("quote");
    }
    expect((await api.get(staffUrl(northbridge), team.as("asha"))).body.data.comments).toHaveLength(before + 1);
  });

  it("finds the comment's paragraph again after the student inserts one above it and edits it, and says when it is gone", async () => {
    const paragraphs = northbridgeSop.split("\n\n");
    const edited = [
      "I grew up in Nashik, where my family runs a small transport business; watching trucks wait for loads started my interest in data.",
      paragraphs[0],
      `${paragraphs[1]?.replace("is exactly the work", "is the work")} Its module on spatial statistics, taught by Dr Okafor, fits my routing work.`,
      paragraphs[2],
      paragraphs[3],
    ].join("\n\n");
    const saved = await save(northbridge, edited, (await read(northbridge)).revision);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.comments[0]).toMatchObject({ paragraph: 2, paragraph_in_draft: 3 });
    const comment = saved.body.data.comments[0].id;
    const answered = await api.post(
      `${sopUrl(northbridge)}/comments/${comment}/answer`,
      { answer: "Added the spatial statistics module and Dr Okafor." },
      me(),
    );
    expect(answered.status, answered.text).toBe(200);
    const done = await api.post(`${sopUrl(northbridge)}/comments/${comment}/done`, {}, me());
    expect(done.body.data.comments[0]).toMatchObject({
      answer: "Added the spatial statistics module and Dr Okafor.",
      done: true,
    });
    // Without that paragraph the comment has no place in the draft (it stays on version 1).
    const without = edited
      .split("\n\n")
      .filter((_, i) => i !== 2)
      .join("\n\n");
    const removed = await save(northbridge, without, (await read(northbridge)).revision);
    expect(removed.body.data.comments[0].paragraph_in_draft).toBeNull();
    const back = await save(northbridge, edited, (await read(northbridge)).revision);
    expect(back.status).toBe(200);
    // Another student cannot answer it.
    const other = await createStudent(api, { name: "Rohan Iyer" });
    expect((await api.post(`${sopUrl(northbridge)}/comments/${comment}/done`, {}, { cookie: other.cookie })).status).toBe(404);
  });

  it("compares two versions as a diff, word by word", async () => {
    const sent = await api.post(`${sopUrl(northbridge)}/versions`, { revision: (await read(northbridge)).revision }, me());
    expect(sent.status, sent.text).toBe(201);
    v2 = sent.body.data.versions[1].id;
    const diff = await api.get(`${sopUrl(northbridge)}/diff/1/2`, me());
    expect(diff.status).toBe(200);
    const added = diff.body.data.parts
      .filter((p: { change: string }) => p.change === "added")
      .map((p: { text: string }) => p.text)
      .join("");
    const removed = diff.body.data.parts
      .filter((p: { change: string }) => p.change === "removed")
      .map((p: { text: string }) => p.text)
      .join("");
    expect(added).toContain("Nashik");
    expect(added).toContain("Okafor");
    expect(removed).toContain("exactly");
    expect((await api.get(`${sopUrl(northbridge)}/diff/1/9`, me())).status).toBe(404);
  });

  it("holds the stage gate until the counsellor approves a version; approval makes the package's SOP item approved", async () => {
    // Everything else of the package is waived, as a counsellor would for a university needing none.
    const detail = await api.get(`/api/v1/staff/applications/${northbridge}`, team.as("asha"));
    for (const entry of detail.body.data.checklist as { item: string; state: string }[]) {
      if (entry.item === "SOP" || entry.state === "Approved" || entry.state === "Waived") continue;
      const waived = await api.post(
        `/api/v1/staff/applications/${northbridge}/waivers`,
        { item: entry.item, reason: "Not needed by this university" },
        team.as("asha"),
      );
      expect(waived.status, waived.text).toBe(200);
    }
    const held = await api.post(
      `/api/v1/staff/applications/${northbridge}/moves`,
      { status: "Ready to submit" },
      team.as("asha"),
    );
    expect(held.status).toBe(409);
    expect(held.body.error.message).toContain("SOP");
    const approved = await api.post(`${staffUrl(northbridge)}/versions/${v2}/approval`, {}, team.as("asha"));
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.data.approved_version).toBe(2);
    const pkg = await api.get(`/api/v1/students/me/applications/${northbridge}`, me());
    expect(pkg.body.data.checklist.find((c: { item: string }) => c.item === "SOP")).toMatchObject({
      state: "Approved",
      waits_on: "nobody",
    });
    const moved = await api.post(
      `/api/v1/staff/applications/${northbridge}/moves`,
      { status: "Ready to submit" },
      team.as("asha"),
    );
    expect(moved.status, moved.text).toBe(200);
    const approvals = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "statement.approved"), eq(auditLog.studentId, student.studentId)));
    expect(approvals.map((a) => a.after)).toEqual([{ version: 2 }]);
  });

  it("keeps an uploaded PDF as what satisfies a university that wants a file", async () => {
    const pdf = new TextEncoder().encode(
      "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    );
    const form = new FormData();
    form.append("attachment_type", "SOP");
    form.append("file", new File([pdf], "SOP Priya Sharma.pdf", { type: "application/pdf" }), "SOP Priya Sharma.pdf");
    const uploaded = await api.fetch("/api/v1/students/me/files", { form, cookie: student.cookie });
    expect(uploaded.status).toBe(200);
    const pkg = await api.get(`/api/v1/students/me/applications/${eastmoor}`, me());
    const sop = pkg.body.data.checklist.find((c: { item: string }) => c.item === "SOP");
    expect(sop).toMatchObject({ state: "Waiting for review" });
    expect(sop.file).toMatch(/^\/files\//);
  });
});

describe("the Canadian letter of explanation", () => {
  it("is written and checked like an SOP on a Canadian application, and does not exist on another", async () => {
    expect((await api.get(sopUrl(eastmoor, "loe"), me())).status).toBe(404);
    const text =
      "I am applying for a study permit for the Graduate Certificate in Supply Chain Management at Lakehead Valley College.\n\nMy parents' family savings of 25 lakh will pay my tuition and living costs. After the programme I will return to India to work in my family's transport business in Nashik.";
    const saved = await api.put(`${sopUrl(lakehead, "loe")}/draft`, { text, revision: 0 }, me());
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.kind).toBe("loe");
    expect(saved.body.data.word_limit).toBeNull();
    expect(check(saved.body.data, "matches-file")?.holds).toBe(true);
    expect(check(saved.body.data, "names-this")?.holds).toBe(true);
  });

  it("sends the text on screen, not the draft last saved: the counsellor reviews what the student saw", async () => {
    const loeUrl = sopUrl(lakehead, "loe");
    const saved = (await api.get(loeUrl, me())).body.data;
    const onScreen =
      "I am applying for a study permit for the Graduate Certificate in Supply Chain Management at Lakehead Valley College.\n\nMy parents' family savings of 25 lakh will pay my tuition and living costs. After the programme I will return to India to join my family's transport business in Nashik as its operations manager.";
    // A tab that read an older revision is refused like a save, and nothing is saved or sent.
    const stale = await api.post(`${loeUrl}/versions`, { text: onScreen, revision: saved.revision - 1 }, me());
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(/^This draft changed in another tab or window since you opened it\./);
    expect((await api.get(loeUrl, me())).body.data).toMatchObject({ revision: saved.revision, versions: [] });
    const sent = await api.post(`${loeUrl}/versions`, { text: onScreen, revision: saved.revision }, me());
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.data.versions).toHaveLength(1);
    expect(sent.body.data.versions[0].paragraphs[1]).toMatch(/as its operations manager\.$/);
    expect(sent.body.data.paragraphs).toEqual(sent.body.data.versions[0].paragraphs);
    expect(sent.body.data.revision).toBe(saved.revision + 1);
  });
});

describe("the student's data", () => {
  it("is in the export (drafts, versions, comments) and goes with the erasure", async () => {
    expect((await api.post("/api/v1/students/me/data-export", {}, me())).status).toBe(202);
    const ready = await exportReady(api, student.cookie);
    const download = await api.fetch(ready.url, me());
    const zip = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const data = JSON.parse(new TextDecoder().decode(zip["ignite-data.json"]));
    const sop = data.statements.find(
      (s: { applicationId: number; kind: string }) => s.applicationId === northbridge && s.kind === "sop",
    );
    expect(sop.versions.map((v: { number: number }) => v.number)).toEqual([1, 2]);
    expect(sop.versions[1].approvedAt).not.toBeNull();
    expect(sop.comments[0]).toMatchObject({
      by: "Asha Rao",
      paragraph: 2,
      answer: "Added the spatial statistics module and Dr Okafor.",
    });
    expect(sop.draft[0]).toMatch(/^I grew up in Nashik/);
    expect(data.statements.map((s: { kind: string }) => s.kind).sort()).toEqual(["loe", "sop", "sop"]);

    const erased = await api.post("/api/v1/students/me/erase", { password: student.password }, me());
    expect(erased.status, erased.text).toBe(200);
    expect(await database.db.select().from(statements).where(eq(statements.studentId, student.studentId))).toEqual([]);
  });
});
