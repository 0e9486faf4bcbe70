import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createApplication, createStudent, type Student } from "../../tests/support/factories.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import { visaMessages } from "../../vocabulary/visas.ts";
import { countries, courseIntakes, courses, universities } from "../catalogue/tables.ts";
import { AppError } from "../errors.ts";
import { auditLog } from "../tables.ts";
import { seedVisaGuides } from "./guides.ts";
import { seedQuestionBanks } from "./practice-bank-seed.ts";
import { referenceQuestionBanks } from "./question-bank/index.ts";
import type { ReferenceGuide } from "./reference-types.ts";
import { visaGuides, visaQuestions } from "./tables.ts";

/**
 * The console's side of visas (decision 0040): a counsellor works the plans and practices of the students they
 * look after and no one else's, records outcomes and reviews with the rubric (each in the audit log), keeps
 * the question bank; admins keep the guides' figures, never dated in the future.
 */
let database: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let meera: Student;
let arjun: Student;
let meerasApplication: number;
let arjunsApplication: number;
let ukId: number;

/** What a refused call threw: its kind, message and field messages. */
async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!AppError.is(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { kind: error.kind, message: error.message, fields: error.fields ?? {} };
}

const lastAudit = async (action: string) =>
  (await database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

const toConfirmation = [
  "Ready to submit",
  "Submitted",
  "Unconditional offer",
  "Offer accepted",
  { status: "Confirmation issued", details: { confirmationKind: "CAS", confirmationNumber: "CAS-1" } },
];

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  testApp = createTestApp(database, { SMTP_URL: sink.url });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "visas.test");
  const [uk] = await database.db.select({ id: countries.id }).from(countries).where(eq(countries.name, "United Kingdom"));
  if (!uk) throw new Error("no United Kingdom in the demo catalogue");
  ukId = uk.id;
  const [course] = await database.db
    .select({ id: courses.id })
    .from(courses)
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .where(eq(universities.countryId, ukId))
    .limit(1);
  if (!course) throw new Error("no course in the United Kingdom");
  // Applied for September next year: without the demo's intakes (decision 0030) the course takes any month.
  await database.db.delete(courseIntakes).where(eq(courseIntakes.courseId, course.id));
  meera = await createStudent(api, { name: "Meera Nair" });
  arjun = await createStudent(api, { name: "Arjun Rao" });
  for (const [student, counsellor] of [
    [meera, team.asha.staffId],
    [arjun, team.ravi.staffId],
  ] as const) {
    const chosen = await api.post(
      `/api/v1/staff/students/${student.studentId}/counsellor`,
      { counsellorStaffId: counsellor },
      team.as("admin"),
    );
    expect(chosen.status).toBe(200);
  }
  meerasApplication = (await createApplication(api, team.admin, meera, course.id, { moves: toConfirmation })).id;
  arjunsApplication = (await createApplication(api, team.admin, arjun, course.id, { moves: toConfirmation })).id;
  // A two-question interview for the United Kingdom, kept in the console.
  await testApp.staff.visas.saveBank(team.asha, ukId, {
    name: "Credibility interview",
    questionsPerPractice: "2",
    secondsPerAnswer: "90",
  });
});
afterAll(async () => {
  await testApp.consultations.settle();
  await sink.close();
  await database.close();
});

describe("an interview's timer", () => {
  it("gives an answer at most what a recording may last: one limit (decision 0048)", async () => {
    const refused = await refusal(
      testApp.staff.visas.saveBank(team.asha, ukId, {
        name: "Credibility interview",
        questionsPerPractice: "2",
        secondsPerAnswer: "300",
      }),
    );
    expect(refused).toMatchObject({
      kind: "invalid_input",
      fields: { secondsPerAnswer: "Give each answer from 10 to 180 seconds" },
    });
  });
});

describe("who sees which visa plans and practices", () => {
  it("a counsellor sees only their students' plans, an admin and read-only staff all, a document verifier none", async () => {
    const names = async (who: keyof StaffTeam & ("asha" | "ravi" | "admin" | "viewer")) =>
      (await testApp.staff.visas.plans(team[who])).map((p) => p.studentName).sort();
    expect(await names("asha")).toEqual(["Meera Nair"]);
    expect(await names("ravi")).toEqual(["Arjun Rao"]);
    expect(await names("admin")).toEqual(["Arjun Rao", "Meera Nair"]);
    expect(await names("viewer")).toEqual(["Arjun Rao", "Meera Nair"]);
    expect((await refusal(testApp.staff.visas.plans(team.verifier))).kind).toBe("forbidden");
    expect((await refusal(testApp.staff.visas.plan(team.verifier, meerasApplication))).kind).toBe("forbidden");
    // Another counsellor's student's plan is the same 404 as none.
    expect((await refusal(testApp.staff.visas.plan(team.asha, arjunsApplication))).kind).toBe("not_found");
    const plan = await testApp.staff.visas.plan(team.asha, meerasApplication);
    expect(plan.application.studentName).toBe("Meera Nair");
    expect(plan.steps.length).toBeGreaterThan(0);
    // The CAS recorded when the application reached "Confirmation issued" settles the first step.
    expect(plan.steps[0]).toMatchObject({ done: true, settled: "CAS CAS-1", openForDays: null });
    expect(plan.steps[1]?.openForDays).toBe(0);
  });

  it("the review queue is for counsellors and admins; read-only staff and document verifiers are refused", async () => {
    expect((await refusal(testApp.staff.visas.practiceQueue(team.verifier))).kind).toBe("forbidden");
    expect((await refusal(testApp.staff.visas.practiceQueue(team.viewer))).kind).toBe("forbidden");
    expect(await testApp.staff.visas.practiceQueue(team.asha)).toEqual(expect.any(Array));
  });
});

describe("a visa plan's steps and outcome", () => {
  it("a counsellor marks a step done with its date, audited", async () => {
    const plan = await testApp.staff.visas.plan(team.asha, meerasApplication);
    const first = plan.steps.find((step) => !step.settled);
    if (!first) throw new Error("no step");
    await testApp.staff.visas.saveStep(team.asha, meerasApplication, { step: first.key, done: "on", onDate: "2026-01-05" });
    const after = await testApp.staff.visas.plan(team.asha, meerasApplication);
    expect(after.steps.find((step) => step.key === first.key)).toMatchObject({ done: true, onDate: "2026-01-05" });
    expect((await lastAudit("visa_plan.step_changed"))?.subjectId).toBe(String(meerasApplication));
    expect((await refusal(testApp.staff.visas.saveStep(team.viewer, meerasApplication, { step: first.key }))).kind).toBe(
      "forbidden",
    );
  });

  it("a refusal needs its section and reason; recorded, it is audited and counted in the report by destination and counsellor", async () => {
    const missing = await refusal(testApp.staff.visas.recordOutcome(team.asha, meerasApplication, { outcome: "refused" }));
    expect(missing.kind).toBe("invalid_input");
    expect(missing.fields).toMatchObject({
      section: visaMessages.outcomeNeedsSection,
      reason: visaMessages.outcomeNeedsReason,
    });
    expect((await refusal(testApp.staff.visas.recordOutcome(team.ravi, meerasApplication, { outcome: "issued" }))).kind).toBe(
      "not_found",
    );

    await testApp.staff.visas.recordOutcome(team.asha, meerasApplication, {
      outcome: "refused",
      section: "214(b)",
      reason: "Ties to India not shown",
    });
    const plan = await testApp.staff.visas.plan(team.admin, meerasApplication);
    expect(plan.outcome).toMatchObject({ outcome: "refused", section: "214(b)", reason: "Ties to India not shown" });
    const audit = await lastAudit("visa_plan.outcome_recorded");
    expect(audit).toMatchObject({
      actorStaffId: team.asha.staffId,
      subjectId: String(meerasApplication),
      studentId: meera.studentId,
    });
    expect(audit?.after).toMatchObject({ outcome: "refused", section: "214(b)" });

    await testApp.staff.visas.recordOutcome(team.ravi, arjunsApplication, { outcome: "issued" });
    expect(await testApp.staff.visas.outcomes(team.admin)).toEqual(
      expect.arrayContaining([
        { country: "United Kingdom", counsellor: "Asha Rao", outcome: "refused", section: "214(b)", n: 1 },
        { country: "United Kingdom", counsellor: "Ravi Kumar", outcome: "issued", section: null, n: 1 },
      ]),
    );
    // A counsellor's report counts their own students' outcomes only.
    expect(await testApp.staff.visas.outcomes(team.asha)).toEqual([
      { country: "United Kingdom", counsellor: "Asha Rao", outcome: "refused", section: "214(b)", n: 1 },
    ]);
    expect((await refusal(testApp.staff.visas.outcomes(team.verifier))).kind).toBe("forbidden");
  });
});

describe("the question bank", () => {
  it("a counsellor adds a question with its points and red flags as lines, corrects it and retires it, audited", async () => {
    const question = {
      theme: "finances",
      text: "Who is paying for your studies at {university}?",
      wants: "That the money is real and enough for the first year",
      points: "Names the sponsor: father, mother, parents\nGives the amount: lakh, rupees, pounds",
      redFlags: "Unsure: not sure, don't know",
      needs: "university",
      core: "on",
    };
    const badLines = await refusal(
      testApp.staff.visas.saveQuestion(team.asha, ukId, null, { ...question, points: "no keywords here" }),
    );
    expect(badLines.fields.points).toBe("Write each point as a line: label: keyword, keyword");
    expect((await refusal(testApp.staff.visas.saveQuestion(team.verifier, ukId, null, question))).kind).toBe("forbidden");

    await testApp.staff.visas.saveQuestion(team.asha, ukId, null, question);
    const added = (await testApp.staff.visas.questions(team.asha, ukId)).questions.find((q) => q.text === question.text);
    expect(added).toMatchObject({
      theme: "finances",
      needs: ["university"],
      core: true,
      retired: false,
      points: [
        { label: "Names the sponsor", keywords: ["father", "mother", "parents"] },
        { label: "Gives the amount", keywords: ["lakh", "rupees", "pounds"] },
      ],
      redFlags: [{ label: "Unsure", keywords: ["not sure", "don't know"] }],
    });
    expect((await lastAudit("visa_question.added"))?.actorStaffId).toBe(team.asha.staffId);

    if (!added) throw new Error("not added");
    await testApp.staff.visas.saveQuestion(team.asha, ukId, added.id, { ...question, retired: "on" });
    const retired = (await testApp.staff.visas.questions(team.admin, ukId)).questions.find((q) => q.id === added.id);
    expect(retired?.retired).toBe(true);
    expect((await lastAudit("visa_question.changed"))?.subjectId).toBe(String(added.id));
    // Put back for the practice below.
    await testApp.staff.visas.saveQuestion(team.asha, ukId, added.id, question);
  });

  it("a reference question no one changed takes the reference's newer keywords at start; one staff corrected keeps theirs", async () => {
    const ref = (id: string) => referenceQuestionBanks.flatMap((b) => b.questions).find((q) => q.id === id) ?? ({} as never);
    const untouched = ref("uk-33");
    const corrected = ref("uk-26");
    const old = [{ label: "score", keywords: ["band"] }];
    await database.db.update(visaQuestions).set({ points: old }).where(eq(visaQuestions.ref, untouched.id));
    await database.db
      .update(visaQuestions)
      .set({ points: old, updatedByStaffId: team.asha.staffId })
      .where(eq(visaQuestions.ref, corrected.id));
    await seedQuestionBanks(database.db);
    const [fresh] = await database.db.select().from(visaQuestions).where(eq(visaQuestions.ref, untouched.id));
    const [kept] = await database.db.select().from(visaQuestions).where(eq(visaQuestions.ref, corrected.id));
    expect(fresh?.points).toEqual(untouched.points);
    expect(kept?.points).toEqual(old);
  });
});

describe("reviewing a shared practice", () => {
  it("the counsellor scores every answer on the rubric; a missing score is refused; the student reads the scores", async () => {
    for (const text of ["Why this course?", "What will you do after your studies?"]) {
      await testApp.staff.visas.saveQuestion(team.asha, ukId, null, {
        theme: "study-plans",
        text,
        wants: "A clear plan",
        points: "Plan: plan, career",
        redFlags: "Settling: settle, stay there",
        core: "on",
      });
    }
    const practiceId = await testApp.visas.startPractice(meera.studentId, { country: "United Kingdom" });
    let practice = await testApp.visas.practice(meera.studentId, practiceId);
    expect(practice.answers).toHaveLength(2);
    for (const answer of practice.answers)
      await testApp.visas.answer(
        meera.studentId,
        practiceId,
        { position: String(answer.position), mode: "typed", text: "My father pays 40 lakh; my plan is a career in Pune." },
        undefined,
      );
    await testApp.visas.share(meera.studentId, practiceId);

    const queue = await testApp.staff.visas.practiceQueue(team.asha);
    expect(queue).toEqual([expect.objectContaining({ id: practiceId, studentName: "Meera Nair", reviewedAt: null })]);
    expect(await testApp.staff.visas.practiceQueue(team.ravi)).toEqual([]);
    expect((await testApp.staff.visas.practiceQueue(team.admin)).map((q) => q.id)).toContain(practiceId);
    expect((await refusal(testApp.staff.visas.practiceForReview(team.ravi, practiceId))).kind).toBe("not_found");

    const shown = await testApp.staff.visas.practiceForReview(team.asha, practiceId);
    expect(shown.answers[0]?.feedback?.length.verdict).toEqual(expect.any(String));
    const scores = { clarity: "4", specificity: "3", consistency: "5", intent: "4", delivery: "3" };
    const { delivery: _, ...withoutDelivery } = scores;
    const missing = await refusal(
      testApp.staff.visas.reviewPractice(team.asha, practiceId, {
        answers: [
          { position: 1, scores, comment: "" },
          { position: 2, scores: withoutDelivery, comment: "" },
        ],
      }),
    );
    expect(missing).toMatchObject({ kind: "invalid_input", message: visaMessages.reviewNeedsScores });
    expect((await testApp.visas.practice(meera.studentId, practiceId)).reviewedAt).toBeNull();

    await testApp.staff.visas.reviewPractice(team.asha, practiceId, {
      answers: [
        { position: 1, scores, comment: "Name the amount in pounds too." },
        { position: 2, scores, comment: "" },
      ],
    });
    const audit = await lastAudit("visa_practice.reviewed");
    expect(audit).toMatchObject({ actorStaffId: team.asha.staffId, subjectId: String(practiceId), studentId: meera.studentId });
    practice = await testApp.visas.practice(meera.studentId, practiceId);
    expect(practice.reviewer).toBe("Asha Rao");
    expect(practice.answers[0]).toMatchObject({
      scores: { clarity: 4, specificity: 3, consistency: 5, intent: 4, delivery: 3 },
      comment: "Name the amount in pounds too.",
    });
    expect((await testApp.staff.visas.practiceQueue(team.asha))[0]?.reviewedAt).toEqual(expect.any(Date));
    // The counsellor's view was audited too (the student's "who has seen my data").
    const [viewed] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "visa_practice.viewed"), eq(auditLog.actorStaffId, team.asha.staffId)));
    expect(viewed?.studentId).toBe(meera.studentId);
  });
});

describe("the guides' figures", () => {
  it("an admin corrects a figure; a check dated in the future is refused; a counsellor may not", async () => {
    const [guide] = (await testApp.staff.visas.guides(team.admin)).filter((g) => g.countryId === ukId);
    const figure = guide?.guide.figures[0];
    if (!figure) throw new Error("the United Kingdom's guide has no figure");
    // India's days, as the check counts them (decision 0109): from 00:00 to 05:30 IST the UTC day is yesterday.
    const tomorrow = indianDay(Date.now() + 86_400_000);
    const today = indianDay(Date.now());
    const input = {
      key: figure.key,
      amount: "600",
      currency: "gbp",
      source: "GOV.UK",
      sourceUrl: "https://www.gov.uk/student-visa",
      checkedOn: tomorrow,
      confirmed: "on",
    };
    const future = await refusal(testApp.staff.visas.saveFigure(team.admin, ukId, input));
    expect(future.fields.checkedOn).toBe("The day you checked it cannot be in the future.");
    expect((await refusal(testApp.staff.visas.saveFigure(team.asha, ukId, { ...input, checkedOn: today }))).kind).toBe(
      "forbidden",
    );

    await testApp.staff.visas.saveFigure(team.admin, ukId, { ...input, checkedOn: today });
    const [after] = (await testApp.staff.visas.guides(team.admin)).filter((g) => g.countryId === ukId);
    expect(after?.guide.figures.find((f) => f.key === figure.key)).toMatchObject({
      amount: 600,
      currency: "GBP",
      checkedOn: today,
      confirmed: true,
      ageDays: 0,
      old: false,
    });
    expect((await lastAudit("visa_guide.figure_changed"))?.subjectId).toBe(String(ukId));

    // The guide's page reads it as confirmed: no word of "could not confirm" is left in its note or the rule's words.
    const shown = (await testApp.visas.guide("united-kingdom"))?.guide;
    const confirmedNow = shown?.figures.find((f) => f.key === figure.key);
    expect(confirmedNow?.confirmed).toBe(true);
    expect(JSON.stringify([confirmedNow?.note, shown?.funds?.how])).not.toMatch(/could not confirm|counsellor will confirm/i);

    // The funds rule reads its amounts from the figures: corrected and confirmed, the check uses them.
    for (const key of ["funds-living-outside-london", "funds-living-london"])
      await testApp.staff.visas.saveFigure(team.admin, ukId, {
        ...input,
        key,
        amount: key.endsWith("london") && !key.includes("outside") ? "1529" : "1171",
        checkedOn: today,
        sourceDate: "",
      });
    const rule = (await testApp.visas.guide("united-kingdom"))?.guide?.funds;
    expect(rule).toMatchObject({ livingPerMonth: 1171, livingPerMonthInCapital: 1529, confirmed: true });
    // The page's own date is kept apart from the day checked, and may not come after it.
    const late = await refusal(
      testApp.staff.visas.saveFigure(team.admin, ukId, { ...input, checkedOn: "2025-01-01", sourceDate: "2025-02-01" }),
    );
    expect(late.fields.sourceDate).toBe("The page's own date cannot be after the day you checked it.");
    await testApp.staff.visas.saveFigure(team.admin, ukId, { ...input, checkedOn: today, sourceDate: "2025-04-09" });
    const dated = (await testApp.visas.guide("united-kingdom"))?.guide?.figures.find((f) => f.key === figure.key);
    expect(dated).toMatchObject({ sourceDate: "2025-04-09", checkedOn: today });
    // A start does not overwrite what an admin edited; a guide no one edited is brought up to date.
    await seedVisaGuides(database.db);
    expect((await testApp.visas.guide("united-kingdom"))?.guide?.figures.find((f) => f.key === figure.key)?.amount).toBe(600);
    const [us] = await database.db.select({ id: countries.id }).from(countries).where(eq(countries.name, "United States"));
    const [stored] = await database.db
      .select()
      .from(visaGuides)
      .where(eq(visaGuides.countryId, us?.id ?? 0));
    const stale = { ...(stored?.guide as ReferenceGuide), figures: [] };
    await database.db
      .update(visaGuides)
      .set({ guide: stale })
      .where(eq(visaGuides.countryId, us?.id ?? 0));
    await seedVisaGuides(database.db);
    expect((await testApp.visas.guide("united-states"))?.guide?.figures.map((f) => f.key)).toContain("sevis-fee");

    await testApp.staff.visas.saveFigure(team.admin, ukId, { ...input, checkedOn: "2020-01-01", confirmed: "" });
    const [aged] = (await testApp.staff.visas.guides(team.admin)).filter((g) => g.countryId === ukId);
    expect(aged?.guide.hasOldFigures).toBe(true);
    expect(aged?.guide.figures.find((f) => f.key === figure.key)).toMatchObject({ old: true, confirmed: false });
  });
});

describe("the student's practice through the API", () => {
  it("starts, reads back and shares a practice; another student's is a 404; an unknown destination is refused", async () => {
    const started = await api.post("/api/v1/students/me/visa-practices", { country: "United Kingdom" }, { cookie: arjun.cookie });
    expect(started.status).toBe(201);
    const practice = started.body.data as { id: number; answers: { position: number; question: string; scores: unknown }[] };
    expect(practice.answers).toHaveLength(2);
    expect(Object.keys(practice.answers[0] ?? {}).sort()).toEqual(
      [
        "comment",
        "durationSeconds",
        "feedback",
        "mode",
        "position",
        "question",
        "recordingUrl",
        "scores",
        "text",
        "theme",
      ].sort(),
    );
    const path = `/api/v1/students/me/visa-practices/${practice.id}`;
    expect((await api.get(path, { cookie: meera.cookie })).status).toBe(404);
    expect((await api.post(`${path}/share`, {}, { cookie: meera.cookie })).status).toBe(404);
    // Not finished: sharing waits for every answer.
    expect((await api.post(`${path}/share`, {}, { cookie: arjun.cookie })).status).toBe(409);
    for (const answer of practice.answers)
      await testApp.visas.answer(
        arjun.studentId,
        practice.id,
        { position: String(answer.position), mode: "typed", text: "My plan is a career in Pune." },
        undefined,
      );
    const shared = await api.post(`${path}/share`, {}, { cookie: arjun.cookie });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ message: visaMessages.shared, data: { id: practice.id, sharedAt: expect.any(String) } });
    expect((await api.get(path, { cookie: arjun.cookie })).body.data.finishedAt).toEqual(expect.any(String));
    expect((await testApp.staff.visas.practiceQueue(team.ravi)).map((q) => q.id)).toContain(practice.id);

    const nowhere = await api.post("/api/v1/students/me/visa-practices", { country: "Uzbekistan" }, { cookie: arjun.cookie });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.fields?.country ?? nowhere.body.message).toContain("Practice interviews are ready");
    expect((await api.post("/api/v1/students/me/visa-practices", { country: "United Kingdom" })).status).toBe(401);
  });
});
