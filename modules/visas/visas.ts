import type { Database } from "../../platform/db/client.ts";
import type { JobSender } from "../../platform/jobs.ts";
import type { Logger } from "../../platform/log.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { FileStorage } from "../../platform/storage/file-storage.ts";
import type { RateTable } from "../costs/costs.ts";
import { changePublicSide, nowOf, type StaffDeps } from "../deps.ts";
import type { StaffMember } from "../policies.ts";
import {
  consoleGuides,
  countryNamed,
  guideByCountryId,
  guidesByCountryIds,
  listGuides,
  saveGuideFigure,
  saveGuideWords,
  seedVisaGuides,
} from "./guides.ts";
import {
  consolePlan,
  consolePlans,
  outcomeReport,
  recordOutcome,
  saveConsoleStep,
  saveStudentFunds,
  saveStudentStep,
  studentPlan,
  studentPlans,
} from "./plans.ts";
import { consoleQuestions, saveBank, saveQuestion } from "./practice-bank-editing.ts";
import { seedQuestionBanks } from "./practice-bank-seed.ts";
import { practicesForExport, recordingKeysOf } from "./practice-export.ts";
import { openRecording, type RecordingViewer } from "./practice-recordings.ts";
import { practiceForReview, reviewPractice, reviewQueue, startLivePractice } from "./practice-review.ts";
import {
  answerQuestion,
  type IncomingRecording,
  openPractice,
  ownPractice,
  practiceDestinations,
  readiness,
  reviewNotice,
  sharePractice,
  startPractice,
  studentPractices,
} from "./practices.ts";

/**
 * Visa help and mock visa interviews (decision 0040): the public guides per destination, the
 * student's visa plan on an application at the papers stage with its funds check, mock interview
 * practice with feedback checked against the student's file, and the console's side (the plans with
 * stale steps, outcomes, the review queue with its rubric, the question bank and the guides' figures).
 */

export type { AnswerFeedback, PracticeOverview, ThemeSummary } from "./feedback.ts";
export { type FundSourceKind, type FundsVerdict, fundSourceKinds, fundSourceLabels } from "./funds.ts";
export { FIGURE_FRESH_DAYS, type GuideListing, type ShownFigure, type VisaGuide } from "./guides.ts";
export { type PlanListRow, type PlanStep, planIsOpen, type VisaPlan } from "./plans.ts";
export type { Practice, PracticeAnswer, PracticeSummary, QueueRow, ReadinessPoint } from "./practices.ts";

/** The reference guides and question banks a fresh database starts with (server/startup.ts). */
export async function seedVisaReference(db: Database): Promise<number> {
  return (await seedVisaGuides(db)) + (await seedQuestionBanks(db));
}

export interface VisaDeps {
  db: Database;
  storage: FileStorage;
  log: Logger;
  now?: () => Date;
  /** A shared practice's mail to the counsellor goes through the outbox (decision 0049). */
  mailer?: Mailer;
  jobs?: JobSender;
  siteAddress?: string;
}

/** The visitor's and the student's side; the student's id always comes from their session. */
export function createVisaService(deps: VisaDeps) {
  return {
    guides: () => listGuides(deps.db, nowOf(deps)),
    /** The country a visitor named, and its guide (null when it has none yet). */
    guide: async (countryName: string) => {
      const country = await countryNamed(deps.db, countryName);
      return country ? { country, guide: await guideByCountryId(deps.db, country.id, nowOf(deps)) } : null;
    },
    plans: (studentId: number) => studentPlans(deps, studentId),
    plan: (studentId: number, applicationId: number) => studentPlan(deps, studentId, applicationId),
    saveStep: (studentId: number, applicationId: number, raw: unknown) => saveStudentStep(deps, studentId, applicationId, raw),
    saveFunds: (studentId: number, applicationId: number, raw: unknown) => saveStudentFunds(deps, studentId, applicationId, raw),
    practiceDestinations: () => practiceDestinations(deps.db),
    startPractice: (studentId: number, raw: unknown) => startPractice(deps, studentId, raw),
    practice: (studentId: number, practiceId: number) => ownPractice(deps, studentId, practiceId),
    /** The practice as its page opens it: the current question's clock started on the server. */
    openPractice: (studentId: number, practiceId: number) => openPractice(deps, studentId, practiceId),
    answer: (studentId: number, practiceId: number, raw: unknown, recording: IncomingRecording | undefined) =>
      answerQuestion(deps, studentId, practiceId, raw, recording),
    share: (studentId: number, practiceId: number) => sharePractice(deps, studentId, practiceId),
    /** The newest review not opened yet: the notice on the student's screens. */
    reviewNotice: (studentId: number) => reviewNotice(deps.db, studentId),
    practices: (studentId: number) => studentPractices(deps, studentId),
    readiness: (studentId: number) => readiness(deps, studentId),
    openRecording: (viewer: RecordingViewer, publicId: string) => openRecording(deps, viewer, publicId),
  };
}

export type VisaService = ReturnType<typeof createVisaService>;

/** What the privacy module's export and erasure need (decision 0024). */
export const visaDataOf = { practicesForExport, recordingKeysOf };

/** Visas as staff work them (decision 0031): plans, outcomes, reviews, the question bank and the guides. */
export const visasConsole = (deps: StaffDeps) => ({
  plans: (actor: StaffMember) => consolePlans(deps, actor),
  plan: (actor: StaffMember, applicationId: number) => consolePlan(deps, actor, applicationId),
  saveStep: (actor: StaffMember, applicationId: number, raw: unknown) => saveConsoleStep(deps, actor, applicationId, raw),
  recordOutcome: (actor: StaffMember, applicationId: number, raw: unknown) => recordOutcome(deps, actor, applicationId, raw),
  outcomes: (actor: StaffMember) => outcomeReport(deps, actor),
  practiceQueue: (actor: StaffMember) => reviewQueue(deps, actor),
  /** A live mock interview session's practice, for its rubric (made on first use). */
  startLivePractice: (actor: StaffMember, sessionId: number) => startLivePractice(deps, actor, sessionId),
  practiceForReview: (actor: StaffMember, practiceId: number) => practiceForReview(deps, actor, practiceId),
  reviewPractice: (actor: StaffMember, practiceId: number, raw: unknown) => reviewPractice(deps, actor, practiceId, raw),
  questions: (actor: StaffMember, countryId: number) => consoleQuestions(deps, actor, countryId),
  saveBank: (actor: StaffMember, countryId: number, raw: unknown) => saveBank(deps, actor, countryId, raw),
  saveQuestion: (actor: StaffMember, countryId: number, questionId: number | null, raw: unknown) =>
    saveQuestion(deps, actor, countryId, questionId, raw),
  guides: (actor: StaffMember) => consoleGuides(deps, actor),
  // A guide is a public page: its edits clear the shared page cache at once (decision 0050), as the catalogue's do.
  saveFigure: (actor: StaffMember, countryId: number, raw: unknown) =>
    changePublicSide(deps, () => saveGuideFigure(deps, actor, countryId, raw)),
  saveGuideWords: (actor: StaffMember, countryId: number, raw: unknown) =>
    changePublicSide(deps, () => saveGuideWords(deps, actor, countryId, raw)),
  openRecording: (actor: StaffMember, publicId: string) =>
    openRecording({ ...deps, storage: deps.storage }, { staff: actor }, publicId),
});

/**
 * What the SOP checks read of the visa side (decision 0073): the visa plan's funds and the mock interview
 * answers, and the practice feedback's own reading of a text against the file and of its red flags.
 */
export { amountsSaid, type FileRecord, fileNotes, flagsRaised, inLakh } from "./feedback.ts";
export { type StatementVisaFacts, statementVisaFacts, usImmigrantIntentSignals } from "./statement-facts.ts";

/** The visa and health charges a destination's guide gives, as an offer's cost reads them (decision 0081). */
export interface VisaCharge {
  label: string;
  amount: number;
  currency: string;
  per: "once" | "year" | "month";
  source: string;
  checkedOn: string;
  confirmed: boolean;
}

/**
 * The visa and health charges these destinations' guides give (visa fee, health surcharge, SEVIS), each with
 * its source, the day it was checked and whether it is confirmed: what an offer's cost reads (decision 0081).
 * The funds rule's own figures (money to show) are not charges and are left out. One read for any number of
 * countries (decision 0087), by country id; a country with no guide is left out: its charges are unknown,
 * not none.
 */
export async function visaChargesIn(
  db: Database,
  countryIds: Iterable<number>,
  now: Date,
  rates?: RateTable,
): Promise<Map<number, VisaCharge[]>> {
  const guides = await guidesByCountryIds(db, countryIds, now, rates);
  return new Map(
    [...guides].map(([countryId, guide]) => [
      countryId,
      guide.figures
        .filter((f) => !f.key.startsWith("funds-") && f.key !== "blocked-account" && f.currency !== "INR")
        .map((f) => ({
          label: f.label.en,
          amount: f.amount,
          currency: f.currency,
          per: f.per,
          source: f.source,
          checkedOn: f.checkedOn,
          confirmed: f.confirmed,
        })),
    ]),
  );
}
