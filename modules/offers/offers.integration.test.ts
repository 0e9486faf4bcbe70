import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { exportReady } from "../../tests/support/data-export.ts";
import { createApplication, createCourse, createStudent, createUniversity, type Student } from "../../tests/support/factories.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createStaffTeam, type StaffTeam } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { applicationEvents, applications } from "../applications/tables.ts";
import { countries } from "../catalogue/tables.ts";
import { exchangeRates, livingCosts } from "../costs/tables.ts";
import { fundingFormRows, fundingFormSources } from "../funding/funding.ts";
import { fundingPlans } from "../funding/tables.ts";
import { auditLog } from "../tables.ts";
import { offers } from "./tables.ts";

/**
 * Offers and the one funding plan (decisions 0078-0081): the counsellor records two offers from their
 * letters; the student compares what each really costs in rupees against a hand-worked example, replies
 * (one firm acceptance whatever two tabs send, a decline with its reason, no reply after the date until the
 * counsellor reopens), and the visa plan's funds check reads the same funding plan. Export and erasure.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let team: StaffTeam;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let student: Student;
let ukApplication: number;
let auApplication: number;
let lateApplication: number;
const year = new Date().getUTCFullYear() + 1;
const replyBy = `${year}-05-31`;

const countryId = async (name: string) => {
  const [row] = await database.db.select({ id: countries.id }).from(countries).where(eq(countries.name, name));
  if (!row) throw new Error(`the demo catalogue has no ${name}`);
  return row.id;
};
/** The rate table and the living-cost table as an admin keeps them, set to round figures the arithmetic below uses. */
const setRate = (currency: string, rupeesPerUnit: number) =>
  database.db
    .insert(exchangeRates)
    .values({
      currency,
      rupeesPerUnit: String(rupeesPerUnit),
      source: "Reserve Bank of India reference rate",
      rateDate: "2026-11-20",
    })
    .onConflictDoUpdate({
      target: exchangeRates.currency,
      set: { rupeesPerUnit: String(rupeesPerUnit), source: "Reserve Bank of India reference rate", rateDate: "2026-11-20" },
    });
const setLiving = (country: number, amountPerYear: number, currency: string, source: string) =>
  database.db
    .insert(livingCosts)
    .values({ countryId: country, amountPerYear, currency, source, year: 2026 })
    .onConflictDoUpdate({ target: livingCosts.countryId, set: { amountPerYear, currency, source, year: 2026 } });

const record = (applicationId: number, offer: Record<string, unknown>) =>
  api.put(`/api/v1/staff/applications/${applicationId}/offer`, offer, team.as("asha"));
const reply = (who: Student, offerId: number, body: Record<string, unknown>) =>
  api.post(`/api/v1/students/me/offers/${offerId}/reply`, body, { cookie: who.cookie });
const offersOf = async (who: Student) => {
  const listed = await api.get("/api/v1/students/me/offers", { cookie: who.cookie });
  expect(listed.status, listed.text).toBe(200);
  return listed.body.data as {
    id: number;
    application_id: number;
    university: string;
    state: string;
    reply_closed: boolean;
    conditions: { text: string; state: string; due_on: string | null }[];
    cost: {
      lines: {
        key: string;
        amount: number;
        currency: string;
        rupees: number | null;
        source: string;
        source_date: string | null;
        rate_date: string | null;
        estimate: boolean;
      }[];
      scholarship_capped: boolean;
      to_confirm: { label: string; amount: number; currency: string }[];
      no_rate: string[];
      total_rupees: number | null;
      covered_rupees: number | null;
      short_rupees: number | null;
    };
  }[];
};
const offerOn = async (who: Student, applicationId: number) => {
  const found = (await offersOf(who)).find((o) => o.application_id === applicationId);
  if (!found) throw new Error(`no offer on application ${applicationId}`);
  return found;
};
/** A subject as the reader sees it: RFC 2047 "Q" encoded words (a Devanagari name) decoded. */
const subjectOf = (raw: string) =>
  raw.replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/gi, (_, word: string) =>
    new TextDecoder().decode(
      Uint8Array.from(word.replace(/_/g, " ").match(/=[0-9A-F]{2}|[^=]/gi) ?? [], (part) =>
        part.length === 3 ? Number.parseInt(part.slice(1), 16) : part.charCodeAt(0),
      ),
    ),
  );
/** The mails since `from` whose subject says `words`, once the outbox has sent at least one (up to 5 s). */
async function mailsAbout(words: string, from: number) {
  for (let i = 0; i < 50; i += 1) {
    const found = sink.messages
      .slice(from)
      .map((m) => ({ ...m, subject: subjectOf(m.subject) }))
      .filter((m) => m.subject.includes(words));
    if (found.length) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `no mail about "${words}": ${sink.messages
      .slice(from)
      .map((m) => m.subject)
      .join(" | ")}`,
  );
}
const statusOf = async (applicationId: number) =>
  (await database.db.select({ status: applications.status }).from(applications).where(eq(applications.id, applicationId)))[0]
    ?.status;

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), "ignite-offers-"));
  testApp = createTestApp(database, { SMTP_URL: sink.url, DATA_DIR: dataDir, PUBLIC_URL: "https://ignite.test" });
  api = new ApiClient(testApp.app);
  team = await createStaffTeam(testApp, api, "offers.test");
  student = await createStudent(api, { name: "अनन्या शर्मा" });
  const assigned = await api.post(
    `/api/v1/staff/students/${student.studentId}/counsellor`,
    { counsellorStaffId: team.asha.staffId },
    team.as("admin"),
  );
  expect(assigned.status, assigned.text).toBe(200);
  const uk = await countryId("United Kingdom");
  const au = await countryId("Australia");
  await setRate("GBP", 110);
  await setRate("AUD", 55);
  await setLiving(uk, 12_000, "GBP", "UKCISA, International student budget");
  await setLiving(au, 29_710, "AUD", "Department of Home Affairs, Financial capacity");
  const leeds = await createUniversity(api, team.admin, {
    countryId: uk,
    name: "University of Leeds (offers test)",
    city: "Leeds",
  });
  const monash = await createUniversity(api, team.admin, {
    countryId: au,
    name: "Monash University (offers test)",
    city: "Melbourne",
  });
  const msc = await createCourse(api, team.admin, {
    universityId: leeds.id,
    name: "MSc Data Science",
    durationMonths: 12,
    feeAmount: 20_000,
    feeCurrency: "GBP",
    feePeriod: "year",
    feeSource: "https://www.leeds.ac.uk/international-fees",
    feeCheckedOn: "2026-10-01",
  });
  const mit = await createCourse(api, team.admin, {
    universityId: monash.id,
    name: "Master of Information Technology",
    durationMonths: 24,
    feeAmount: 30_000,
    feeCurrency: "AUD",
    feePeriod: "year",
    feeSource: null,
    feeCheckedOn: null,
  });
  const late = await createCourse(api, team.admin, {
    universityId: leeds.id,
    name: "MSc Robotics",
    durationMonths: 12,
    feeCurrency: "GBP",
  });
  const submitted = ["Ready to submit", "Submitted"];
  ukApplication = (await createApplication(api, team.asha, student, msc.id, { moves: submitted })).id;
  auApplication = (await createApplication(api, team.asha, student, mit.id, { moves: submitted })).id;
  lateApplication = (await createApplication(api, team.asha, student, late.id, { moves: submitted })).id;
  // The family's plan: savings of 25 lakh written the Indian way, and a sponsor's 5 lakh written in Hindi.
  const saved = await api.put(
    "/api/v1/students/me/funding-plan",
    {
      sources: [
        { kind: "family-savings", amount: "25,00,000", currency: "INR", proof: "SBI savings account statement" },
        { kind: "sponsor", amount: "5 लाख", currency: "inr", proof: "Uncle's affidavit of support" },
      ],
    },
    { cookie: student.cookie },
  );
  expect(saved.status, saved.text).toBe(200);
  // A staff team, three courses and three applications moved to "Submitted" through the API: a minute or
  // more on two cores shared with other suites.
}, 240_000);
afterAll(async () => {
  await sink.close();
  await database.close();
});

describe("an offer recorded from the letter", () => {
  it("keeps its conditions with their state and dates, the scholarship, the deposit and the reply date, and moves the stage", async () => {
    const recorded = await record(ukApplication, {
      kind: "conditional",
      conditions: [
        { text: "IELTS Academic 6.5 overall, no band below 6.0", state: "pending", dueOn: `${year}-07-31` },
        { text: "Final degree transcript with 60%", state: "met" },
      ],
      scholarship: { amount: "5,000", currency: "GBP", years: 1, renewableOn: "" },
      deposit: { amount: "2,000", currency: "gbp", dueOn: `${year}-06-15` },
      replyBy,
    });
    expect(recorded.status, recorded.text).toBe(200);
    expect(recorded.body.message).toBe("The offer is recorded.");
    expect(recorded.body.data.conditions).toEqual([
      { text: "IELTS Academic 6.5 overall, no band below 6.0", state: "pending", due_on: `${year}-07-31` },
      { text: "Final degree transcript with 60%", state: "met", due_on: null },
    ]);
    expect(recorded.body.data.deposit).toEqual({ amount: 2000, currency: "GBP", due_on: `${year}-06-15` });
    expect(await statusOf(ukApplication)).toBe("Conditional offer");

    const australia = await record(auApplication, {
      kind: "unconditional",
      // A scholarship larger than the tuition: AUD 70,000 a year for two years against AUD 60,000 of tuition.
      scholarship: { amount: "70000", currency: "AUD", years: 2, renewableOn: "A credit average each semester" },
      replyBy,
    });
    expect(australia.status, australia.text).toBe(200);
    expect(await statusOf(auApplication)).toBe("Unconditional offer");
    // Audited as a staff action on the student's data.
    const audited = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(ukApplication)));
    expect(audited.map((a) => a.action)).toContain("offer.recorded");
  });

  it("is refused with a clear message for a bad amount, a missing reply date, or an application not yet submitted", async () => {
    const bad = await record(ukApplication, {
      kind: "conditional",
      scholarship: { amount: "lots", currency: "GBP", years: 1 },
      replyBy,
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Enter the amount in figures");
    const noDate = await record(ukApplication, { kind: "unconditional" });
    expect(noDate.status).toBe(400);
    expect(noDate.text).toContain("Enter the date by which the student must reply");
    // What was recorded before stays.
    expect((await offerOn(student, ukApplication)).conditions).toHaveLength(2);
    const other = await createStudent(api, { name: "Rohan Gupta" });
    const course = (await createCourse(api, team.admin, { name: "MSc Marine Biology" })).id;
    const early = await createApplication(api, team.admin, other, course);
    const refused = await api.put(
      `/api/v1/staff/applications/${early.id}/offer`,
      { kind: "unconditional", replyBy },
      team.as("admin"),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("An offer is recorded once the application has been submitted to the university.");
    // Another counsellor's student is not theirs to record on.
    const ravi = await api.put(
      `/api/v1/staff/applications/${ukApplication}/offer`,
      { kind: "unconditional", replyBy },
      team.as("ravi"),
    );
    expect(ravi.status).toBe(404);
  });
});

describe("the offers compared in rupees", () => {
  it("reckons the UK offer's whole cost as worked by hand, each figure with its source and date", async () => {
    const offer = await offerOn(student, ukApplication);
    // Worked by hand, at GBP 1 = ₹110 (the rate table's rate of 20 November 2026):
    //   tuition       GBP 20,000 a year × 1 year            = GBP 20,000 → ₹22,00,000
    //   scholarship   GBP 5,000 a year × 1 year             = GBP -5,000 → ₹-5,50,000
    //   living        GBP 12,000 a year × 1 year (UKCISA)   = GBP 12,000 → ₹13,20,000
    //   health surcharge GBP 776 a year × 1 (guide, confirmed)          → ₹85,360
    //   travel        the portal's estimate, labelled one                  ₹60,000
    //   total         22,00,000 - 5,50,000 + 13,20,000 + 85,360 + 60,000 = ₹31,15,360
    // The visa fee (GBP 524) is not confirmed on the official page: named, not counted.
    expect(offer.cost.lines.map((l) => [l.key, l.amount, l.currency, l.rupees])).toEqual([
      ["tuition", 20_000, "GBP", 2_200_000],
      ["scholarship", -5_000, "GBP", -550_000],
      ["living", 12_000, "GBP", 1_320_000],
      ["visa", 776, "GBP", 85_360],
      ["travel", 60_000, "INR", 60_000],
    ]);
    expect(offer.cost.lines.find((l) => l.key === "living")?.source).toBe("UKCISA, International student budget");
    expect(offer.cost.lines.find((l) => l.key === "tuition")?.rate_date).toBe("2026-11-20");
    // The tuition, the largest figure, carries where the catalogue read it and the day it was checked.
    expect(offer.cost.lines.find((l) => l.key === "tuition")).toMatchObject({
      source: "University of Leeds (offers test): https://www.leeds.ac.uk/international-fees",
      source_date: "2026-10-01",
    });
    expect(offer.cost.lines.find((l) => l.key === "visa")?.source).toMatch(/gov\.uk|GOV\.UK|Home Office|UK Visas/i);
    expect(offer.cost.lines.find((l) => l.key === "travel")).toMatchObject({ estimate: true, source_date: "2026-11-28" });
    expect(offer.cost.to_confirm.map((c) => [c.amount, c.currency])).toEqual([[524, "GBP"]]);
    expect(offer.cost.total_rupees).toBe(2_200_000 - 550_000 + 1_320_000 + 85_360 + 60_000);
    expect(offer.cost.total_rupees).toBe(3_115_360);
    // The funding plan covers 25,00,000 + 5,00,000 = ₹30,00,000; short 31,15,360 - 30,00,000 = ₹1,15,360.
    expect(offer.cost.covered_rupees).toBe(3_000_000);
    expect(offer.cost.short_rupees).toBe(115_360);
    expect(offer.cost.scholarship_capped).toBe(false);
  });

  it("caps the Australian scholarship at the tuition and says so, and reckons the two-year course by hand", async () => {
    const offer = await offerOn(student, auApplication);
    // Worked by hand, at AUD 1 = ₹55:
    //   tuition       AUD 30,000 a year × 2 years           = AUD 60,000 → ₹33,00,000
    //   scholarship   AUD 70,000 × 2 = AUD 1,40,000, capped at the tuition: AUD -60,000 → ₹-33,00,000
    //   living        AUD 29,710 a year × 2 years           = AUD 59,420 → ₹32,68,100
    //   travel        the portal's estimate                                ₹80,000
    //   total         33,00,000 - 33,00,000 + 32,68,100 + 80,000 = ₹33,48,100
    // The visa fee (AUD 2,000) is not confirmed on the official page: named, not counted.
    expect(offer.cost.scholarship_capped).toBe(true);
    // Monash's fee was never checked in the catalogue: the line says so rather than inventing a source.
    expect(offer.cost.lines.find((l) => l.key === "tuition")).toMatchObject({
      source: "Monash University (offers test): the catalogue's fee, no source recorded, not checked",
      source_date: null,
    });
    expect(offer.cost.lines.map((l) => [l.key, l.amount, l.rupees])).toEqual([
      ["tuition", 60_000, 3_300_000],
      ["scholarship", -60_000, -3_300_000],
      ["living", 59_420, 3_268_100],
      ["travel", 80_000, 80_000],
    ]);
    expect(offer.cost.to_confirm.map((c) => [c.amount, c.currency])).toEqual([[2000, "AUD"]]);
    expect(offer.cost.total_rupees).toBe(3_300_000 - 3_300_000 + 3_268_100 + 80_000);
    expect(offer.cost.short_rupees).toBe(3_348_100 - 3_000_000);
  });

  it("shows an offer in a currency with no rate without the rupee figure, flagged, never a wrong one", async () => {
    const recorded = await record(lateApplication, {
      kind: "unconditional",
      scholarship: { amount: "1,00,000", currency: "ZAR", years: 1 },
      replyBy: "2025-01-10",
    });
    expect(recorded.status, recorded.text).toBe(200);
    const offer = await offerOn(student, lateApplication);
    expect(offer.cost.no_rate).toEqual(["ZAR"]);
    expect(offer.cost.lines.find((l) => l.key === "scholarship")?.rupees).toBeNull();
    expect(offer.cost.total_rupees).toBeNull();
    expect(offer.cost.short_rupees).toBeNull();
  });
});

describe("replying to offers", () => {
  it("takes one acceptance from two tabs at once, tells the counsellor once, and moves the stage", async () => {
    const uk = await offerOn(student, ukApplication);
    const before = sink.messages.length;
    const [first, second] = await Promise.all([
      reply(student, uk.id, { reply: "accept" }),
      reply(student, uk.id, { reply: "accept" }),
    ]);
    // The tab that lost the race is told the offer is already answered, or reads it accepted: never a second acceptance.
    const statuses = [first.status, second.status];
    expect(statuses).toContain(200);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect((await offerOn(student, ukApplication)).state).toBe("accepted");
    expect(await statusOf(ukApplication)).toBe("Offer accepted");
    const accepted = await database.db
      .select({ to: applicationEvents.toStatus })
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, ukApplication));
    expect(accepted.filter((e) => e.to === "Offer accepted")).toHaveLength(1);
    const told = await mailsAbout("accepted the offer", before);
    expect(told.map((m) => m.subject)).toEqual(["अनन्या शर्मा accepted the offer from University of Leeds (offers test)"]);
    expect(told[0]?.to).toContain("asha@offers.test");
    // Pressed again later: the same answer, nothing more written.
    const again = await reply(student, uk.id, { reply: "accept" });
    expect(again.status).toBe(200);
    expect(again.body.data.state).toBe("accepted");
  });

  it("refuses a second firm acceptance, a backup where the destination does not allow one, and a decline without a reason", async () => {
    const au = await offerOn(student, auApplication);
    const second = await reply(student, au.id, { reply: "accept" });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe("You have already accepted an offer. Ask your counsellor to change your firm choice.");
    const hold = await reply(student, au.id, { reply: "hold" });
    expect(hold.status).toBe(400);
    expect(hold.body.message).toBe("Universities in Australia do not hold an offer as a backup: accept it or decline it.");
    const noReason = await reply(student, au.id, { reply: "decline" });
    expect(noReason.status).toBe(400);
    expect(noReason.text).toContain("Say why you are declining");
    expect((await offerOn(student, auApplication)).state).toBe("open");
  });

  it("declines with a reason; a declined offer cannot be accepted again without the counsellor", async () => {
    const au = await offerOn(student, auApplication);
    const declined = await reply(student, au.id, { reply: "decline", reason: "Leeds is closer to my sister and costs less" });
    expect(declined.status, declined.text).toBe(200);
    expect(declined.body.message).toBe("You declined this offer. Your counsellor has been told.");
    expect(await statusOf(auApplication)).toBe("Withdrawn");
    const again = await reply(student, au.id, { reply: "accept" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You declined this offer. Only your counsellor can reopen it.");
  });

  it("refuses a reply after its date, naming the date, until the counsellor reopens it", async () => {
    const late = await offerOn(student, lateApplication);
    expect(late.reply_closed).toBe(true);
    const refused = await reply(student, late.id, { reply: "decline", reason: "Too late to go this year" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("The reply date for this offer was 10 January 2025. Ask your counsellor to reopen it.");
    const reopened = await api.post(`/api/v1/staff/applications/${lateApplication}/offer/reopen`, undefined, team.as("asha"));
    expect(reopened.status, reopened.text).toBe(200);
    const now = await reply(student, late.id, { reply: "decline", reason: "Too late to go this year" });
    expect(now.status, now.text).toBe(200);
    expect(now.body.data.state).toBe("declined");
  });

  it("takes back the withdrawal when the counsellor reopens a declined offer, so accepting it moves the application on", async () => {
    const rohan = await createStudent(api, { name: "रोहन वर्मा" });
    const assigned = await api.post(
      `/api/v1/staff/students/${rohan.studentId}/counsellor`,
      { counsellorStaffId: team.asha.staffId },
      team.as("admin"),
    );
    expect(assigned.status, assigned.text).toBe(200);
    const [monash] = await database.db
      .select({ courseId: applications.courseId })
      .from(applications)
      .where(eq(applications.id, auApplication));
    const applicationId = (
      await createApplication(api, team.asha, rohan, monash?.courseId ?? 0, { moves: ["Ready to submit", "Submitted"] })
    ).id;
    const recorded = await record(applicationId, { kind: "unconditional", replyBy });
    expect(recorded.status, recorded.text).toBe(200);
    const offer = await offerOn(rohan, applicationId);
    expect((await reply(rohan, offer.id, { reply: "decline", reason: "मेरा परिवार एक साल रुकना चाहता है" })).status).toBe(200);
    expect(await statusOf(applicationId)).toBe("Withdrawn");
    const reopened = await api.post(`/api/v1/staff/applications/${applicationId}/offer/reopen`, undefined, team.as("asha"));
    expect(reopened.status, reopened.text).toBe(200);
    expect(await statusOf(applicationId)).toBe("Unconditional offer");
    const history = await database.db
      .select({ from: applicationEvents.fromStatus, to: applicationEvents.toStatus, note: applicationEvents.note })
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, applicationId))
      .orderBy(applicationEvents.id);
    expect(history.at(-1)).toEqual({
      from: "Withdrawn",
      to: "Unconditional offer",
      note: "Offer reopened by the counsellor after the student declined it",
    });
    const accepted = await reply(rohan, offer.id, { reply: "accept" });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.data.state).toBe("accepted");
    expect(await statusOf(applicationId)).toBe("Offer accepted");
  });

  it("is the student's own: another student's offer is a 404", async () => {
    const other = await createStudent(api, { name: "Kabir Singh" });
    const uk = await offerOn(student, ukApplication);
    expect((await reply(other, uk.id, { reply: "decline", reason: "not mine" })).status).toBe(404);
    expect(await offersOf(other)).toEqual([]);
  });
});

describe("the one funding plan", () => {
  it("reads amounts as families write them, and keeps what was saved when a currency has no rate", async () => {
    const refused = await api.put(
      "/api/v1/students/me/funding-plan",
      { sources: [{ kind: "education-loan", amount: "40 lakh", currency: "ZAR" }] },
      { cookie: student.cookie },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^We have no exchange rate for ZAR/);
    const plan = await api.get("/api/v1/students/me/funding-plan", { cookie: student.cookie });
    expect(plan.body.data.sources.map((s: { amount: number; proof: string }) => [s.amount, s.proof])).toEqual([
      [2_500_000, "SBI savings account statement"],
      [500_000, "Uncle's affidavit of support"],
    ]);
  });

  it("is what the visa plan's funds check reads: the same figures, and the visa form writes the same plan", async () => {
    await api.post(
      `/api/v1/staff/applications/${ukApplication}/moves`,
      { status: "Confirmation issued", details: { confirmationKind: "CAS", confirmationNumber: "E4G8H2J9K1L3M5N7" } },
      team.as("asha"),
    );
    const plan = await testApp.visas.plan(student.studentId, ukApplication);
    expect(plan.funds.sources.map((s) => [s.kind, s.amount, s.currency])).toEqual([
      ["family-savings", 2_500_000, "INR"],
      ["sponsor", 500_000, "INR"],
    ]);
    expect(plan.verdict?.totalRupees).toBe(3_000_000);
    // Without the 28-day dates the UK rule fails: the verdict never reads "enough".
    expect(plan.verdict?.standing).not.toBe("enough");
    // The visa form changes the one plan; the proving document named for the same kind of money stays.
    const saved = await testApp.visas.saveFunds(student.studentId, ukApplication, {
      sources: [
        { kind: "family-savings", amount: "1.2 crore", currency: "INR", heldSince: "2026-01-01", statementDate: "2026-11-01" },
      ],
      applyOn: "2026-11-20",
    });
    expect(saved.funds.applyOn).toBe("2026-11-20");
    const funding = await api.get("/api/v1/students/me/funding-plan", { cookie: student.cookie });
    expect(funding.body.data.sources).toEqual([
      {
        kind: "family-savings",
        amount: 12_000_000,
        currency: "INR",
        proof: "SBI savings account statement",
        held_since: "2026-01-01",
        statement_date: "2026-11-01",
      },
    ]);
    expect((await offerOn(student, ukApplication)).cost.covered_rupees).toBe(12_000_000);
  });
  it("keeps both family-savings accounts and their dates when the student saves from the funding page", async () => {
    // The visa form holds two savings accounts of the same kind, each with its 28-day dates (decision 0050).
    await testApp.visas.saveFunds(student.studentId, ukApplication, {
      sources: [
        { kind: "family-savings", amount: "1.2 crore", currency: "INR", heldSince: "2026-01-01", statementDate: "2026-11-01" },
        { kind: "family-savings", amount: "7 लाख", currency: "INR", heldSince: "2026-02-15", statementDate: "2026-11-02" },
      ],
      applyOn: "2026-11-20",
    });
    // The page's form as the browser posts it: each row's fields, the student adding a sponsor's 5 lakh.
    const rows = fundingFormRows(await testApp.funding.plan(student.studentId));
    const form: Record<string, string> = {};
    rows.forEach((row, i) => {
      form[`row-${i}-kind`] = row.kind ?? "family-savings";
      form[`row-${i}-amount`] = row.kind === "sponsor" ? "5 लाख" : row.amount;
      form[`row-${i}-currency`] = row.currency;
      form[`row-${i}-proof`] = row.proof;
      form[`row-${i}-held-since`] = row.heldSince;
      form[`row-${i}-statement-date`] = row.statementDate;
    });
    await testApp.funding.save(student.studentId, { sources: fundingFormSources(form).sources });
    const funding = await api.get("/api/v1/students/me/funding-plan", { cookie: student.cookie });
    expect(
      funding.body.data.sources.map(
        (s: { kind: string; amount: number; held_since: string | null; statement_date: string | null }) => [
          s.kind,
          s.amount,
          s.held_since,
          s.statement_date,
        ],
      ),
    ).toEqual([
      ["family-savings", 12_000_000, "2026-01-01", "2026-11-01"],
      ["family-savings", 700_000, "2026-02-15", "2026-11-02"],
      ["sponsor", 500_000, null, null],
    ]);
  });

  it("refuses a save from a funding page opened before the visa form changed the plan in another tab", async () => {
    const opened = await api.get("/api/v1/students/me/funding-plan", { cookie: student.cookie });
    const readAt = opened.body.data.updated_at as string;
    // Meanwhile, in another tab, the visa form adds an education loan.
    await testApp.visas.saveFunds(student.studentId, ukApplication, {
      sources: [
        { kind: "family-savings", amount: "1.2 crore", currency: "INR", heldSince: "2026-01-01", statementDate: "2026-11-01" },
        { kind: "education-loan", amount: "40 लाख", currency: "INR" },
      ],
      applyOn: "2026-11-20",
    });
    // The first tab saves the plan as it read it, with a sponsor's 5 lakh: refused, the loan is not lost.
    const stale = await api.put(
      "/api/v1/students/me/funding-plan",
      { sources: [{ kind: "sponsor", amount: "5 लाख", currency: "INR" }], updatedAt: readAt },
      { cookie: student.cookie },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe("Your funding plan changed in another tab: here it is as saved; make your change again.");
    const kept = await api.get("/api/v1/students/me/funding-plan", { cookie: student.cookie });
    expect(kept.body.data.sources.map((s: { kind: string; amount: number }) => [s.kind, s.amount])).toEqual([
      ["family-savings", 12_000_000],
      ["education-loan", 4_000_000],
    ]);
    // Made again on the plan as saved, the change is saved.
    const again = await api.put(
      "/api/v1/students/me/funding-plan",
      {
        sources: [
          ...kept.body.data.sources.map(
            (s: {
              kind: string;
              amount: number;
              proof: string | null;
              held_since: string | null;
              statement_date: string | null;
            }) => ({
              kind: s.kind,
              amount: s.amount,
              currency: "INR",
              proof: s.proof,
              heldSince: s.held_since,
              statementDate: s.statement_date,
            }),
          ),
          { kind: "sponsor", amount: "5 लाख", currency: "INR" },
        ],
        updatedAt: kept.body.data.updated_at,
      },
      { cookie: student.cookie },
    );
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.sources.map((s: { amount: number }) => s.amount)).toEqual([12_000_000, 4_000_000, 500_000]);
  });
});

describe("the student's data", () => {
  it("audits a counsellor's view of an offer in the student's access log", async () => {
    const viewed = await api.get(`/api/v1/staff/applications/${ukApplication}/offer`, team.as("asha"));
    expect(viewed.status).toBe(200);
    const log = await api.get("/api/v1/students/me/access-log", { cookie: student.cookie });
    expect(JSON.stringify(log.body)).toContain("Read your offer and what it costs");
    expect(log.body.data[0]).toMatchObject({ action: "offer.viewed", what: "offer" });
  });

  it("exports the offers and the funding plan, and erasure removes them", async () => {
    expect((await api.post("/api/v1/students/me/data-export", undefined, { cookie: student.cookie })).status).toBe(202);
    const ready = await exportReady(api, student.cookie);
    const zip = unzipSync(new Uint8Array(await (await api.fetch(ready.url, { cookie: student.cookie })).arrayBuffer()));
    const data = JSON.parse(new TextDecoder().decode(zip["ignite-data.json"]));
    expect(data.offers).toHaveLength(3);
    expect(data.offers.find((o: { applicationId: number }) => o.applicationId === auApplication)).toMatchObject({
      state: "declined",
      declineReason: "Leeds is closer to my sister and costs less",
    });
    expect(data.fundingPlan.sources[0]).toMatchObject({ amount: 12_000_000, proof: "SBI savings account statement" });
    const erased = await api.post("/api/v1/students/me/erase", { password: student.password }, { cookie: student.cookie });
    expect(erased.status, erased.text).toBe(200);
    expect(await database.db.select().from(offers).where(eq(offers.studentId, student.studentId))).toEqual([]);
    expect(await database.db.select().from(fundingPlans).where(eq(fundingPlans.studentId, student.studentId))).toEqual([]);
  });
});
