import { and, asc, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Database } from "../../platform/db/client.ts";
import type { ApplicationStatus } from "../../vocabulary/applications.ts";
import type { CourseMode } from "../../vocabulary/catalogue.ts";
import type { ChecklistState } from "../../vocabulary/documents.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import {
  fundsMessages,
  planIsOpen,
  type VisaOutcome,
  visaMessages,
  visaOutcomeLabels,
  visaOutcomes,
  visaPlanStages,
} from "../../vocabulary/visas.ts";
import { applications } from "../applications/tables.ts";
import { countries, courses, universities } from "../catalogue/tables.ts";
import { calendarDay } from "../fields.ts";
import { staff } from "../staff/tables.ts";
import { students } from "../students/tables.ts";
import { visaPlanSteps, visaPlans } from "./tables.ts";

export { planIsOpen };

import { readAmount } from "../amounts.ts";
import { checklistOf } from "../applications/applications.ts";
import { recordAudit } from "../audit-log.ts";
import { degreeCost, livingCostIn, type RateTable, rateTable } from "../costs/costs.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { fundingPlanOf, writeFundingSources } from "../funding/funding.ts";
import {
  authorize,
  canSeeAllReports,
  canSeeAllStudents,
  canSeeReports,
  canSeeStudents,
  canWorkStudents,
  notAllowed,
  type StaffMember,
  studentVisibleTo,
} from "../policies.ts";
import { parseInput, refuseControlCharacters } from "../validation.ts";
import { type CourseYear, checkFunds, type FundsInput, type FundsVerdict, fundSourceKinds, NoRateError } from "./funds.ts";
import { guideByCountryId, type VisaGuide } from "./guides.ts";
import type { PlanStepDefinition, Words } from "./reference-types.ts";

/** What the visa plan needs to know of an application. */
export interface PlanApplication {
  id: number;
  studentId: number;
  studentName: string;
  counsellorStaffId: number | null;
  status: ApplicationStatus;
  courseId: number;
  course: string;
  university: string;
  city: string;
  countryId: number;
  country: string;
  intakeMonth: number | null;
  intakeYear: number | null;
  fee: { amount: number; currency: string; period: "year" | "semester" | "total" };
  durationMonths: number;
  mode: CourseMode;
  stageEnteredAt: Date;
  /** The university's papers as the counsellor recorded them when the application reached "Confirmation issued". */
  confirmation: { kind: string; number: string } | null;
}

const applicationColumns = {
  id: applications.id,
  studentId: applications.studentId,
  studentName: students.fullName,
  counsellorStaffId: students.counsellorStaffId,
  status: applications.status,
  courseId: courses.id,
  course: courses.name,
  university: universities.name,
  city: universities.city,
  countryId: countries.id,
  country: countries.name,
  intakeMonth: applications.intakeMonth,
  intakeYear: applications.intakeYear,
  feeAmount: sql<number>`${courses.feeAmount}::float8`,
  feeCurrency: courses.feeCurrency,
  feePeriod: courses.feePeriod,
  durationMonths: courses.durationMonths,
  mode: courses.mode,
  stageEnteredAt: applications.stageEnteredAt,
  details: applications.details,
};

function selectPlanApplications(db: Database) {
  return db
    .select(applicationColumns)
    .from(applications)
    .innerJoin(students, eq(students.id, applications.studentId))
    .innerJoin(courses, eq(courses.id, applications.courseId))
    .innerJoin(universities, eq(universities.id, courses.universityId))
    .innerJoin(countries, eq(countries.id, universities.countryId));
}

type ApplicationRowOf = Awaited<ReturnType<ReturnType<typeof selectPlanApplications>["where"]>>[number];
const toApplication = ({ feeAmount, feeCurrency, feePeriod, details, ...row }: ApplicationRowOf): PlanApplication => ({
  ...row,
  fee: { amount: Number(feeAmount), currency: feeCurrency, period: feePeriod },
  confirmation: details?.confirmationNumber?.trim()
    ? { kind: details.confirmationKind ?? "", number: details.confirmationNumber.trim() }
    : null,
});

export async function planApplication(db: Database, applicationId: number): Promise<PlanApplication | null> {
  const [row] = await selectPlanApplications(db).where(eq(applications.id, applicationId));
  return row ? toApplication(row) : null;
}

export interface PlanStep extends PlanStepDefinition {
  done: boolean;
  onDate: string | null;
  /** YYYY-MM-DD: start it by this day (its weeks before the intake's first day); null without an intake or a timing. */
  startBy: string | null;
  /** What the application records that settles it (decision 0050): "CAS N0012345678", "Visa issued"; the step is done and not ticked by hand. */
  settled: string | null;
  /** Open longer than the step allows: flagged to the counsellor. */
  stale: boolean;
  /** Days since the step became the one to do (for the open step). */
  openForDays: number | null;
}

export interface VisaPlan {
  planId: number;
  application: PlanApplication;
  guide: VisaGuide | null;
  steps: PlanStep[];
  /** True when the steps would have dates but the application has no intake month and year: the date they need. */
  stepsNeedIntake: boolean;
  /** The visa's documents: the guide's whole list, in its order, then any the country's rules add (decision 0050). */
  checklist: VisaChecklistItem[];
  funds: FundsInput;
  verdict: FundsVerdict | null;
  /** Why the check could not be made (a currency with no rate), kept with what was entered. */
  fundsProblem: string | null;
  /** False when the rule's amount comes from a figure that could not be confirmed: no shortfall is stated as fact. */
  ruleConfirmed: boolean;
  /** The portal's estimate of the course's first year in rupees (tuition and living), null without a rate or figure. */
  estimatedFirstYearRupees: number | null;
  outcome: { outcome: VisaOutcome; section: string | null; reason: string | null; at: Date } | null;
  createdAt: Date;
  /** India's day when the plan was read, by the services' clock: the funds' dates are not after it (decision 0109). */
  today: string;
}

/**
 * One document the visa needs, as the plan shows it: a portal document with its review state, the
 * university's papers with the number the application records, or a paper the student brings.
 */
export interface VisaChecklistItem {
  /** Its English label (the key the screens translate, and what a waiver names). */
  item: string;
  label: Words | null;
  note: Words | null;
  /** The portal document it is uploaded as, or null when it is not one of them. */
  attachmentType: string | null;
  state: ChecklistState | "Recorded" | "To bring";
  /** The recorded papers: "CAS N0012345678". */
  recorded: string | null;
  filePublicId: string | null;
}

const DAY_MS = 86_400_000;

/** The day `weeks` weeks before the intake's first day, or null without an intake. */
function startByOf(application: PlanApplication, weeks: number | null | undefined): string | null {
  if (weeks === null || weeks === undefined || !application.intakeMonth || !application.intakeYear) return null;
  const first = Date.UTC(application.intakeYear, application.intakeMonth - 1, 1);
  return new Date(first - weeks * 7 * DAY_MS).toISOString().slice(0, 10);
}

const papersText = (application: PlanApplication) =>
  application.confirmation ? `${application.confirmation.kind} ${application.confirmation.number}`.trim() : null;

/** The plan of an application at the papers stage, made the first time it is read. */
async function ensurePlan(deps: Pick<StaffDeps, "db" | "now">, application: PlanApplication) {
  const { db } = deps;
  const [made] = await db.select().from(visaPlans).where(eq(visaPlans.applicationId, application.id));
  if (made) return made;
  await db
    .insert(visaPlans)
    .values({
      applicationId: application.id,
      studentId: application.studentId,
      countryId: application.countryId,
      createdAt: nowOf(deps),
    })
    .onConflictDoNothing({ target: visaPlans.applicationId });
  const [plan] = await db.select().from(visaPlans).where(eq(visaPlans.applicationId, application.id));
  if (!plan) throw new Error("the visa plan could not be made");
  return plan;
}

/** The course's first year: its tuition for a year and the portal's estimate of the year in rupees. */
async function courseYear(db: Database, application: PlanApplication, rates: RateTable): Promise<CourseYear> {
  // The course's estimate as its page shows it (decision 0025), its first year: a shorter course is one year.
  const cost = degreeCost(application, await livingCostIn(db, application.country), rates);
  const share = 1 / Math.max(cost.years, 1);
  return {
    tuitionPerYear: { amount: Math.round(cost.tuition.amount * share), currency: application.fee.currency },
    city: application.city,
    estimatedFirstYearRupees: cost.totalRupees === null || cost.livingLeftOut === "no figure" ? null : cost.totalRupees * share,
  };
}

/**
 * The funds the check reads (decision 0079): the sources are the student's one funding plan
 * (modules/funding), the same figures the offers comparison reads; the visa plan keeps only the day the
 * student plans to apply for this visa.
 */
async function storedFunds(db: Database, studentId: number, raw: unknown): Promise<FundsInput> {
  const value = (raw ?? {}) as { applyOn?: string | null };
  const plan = await fundingPlanOf(db, studentId);
  return { sources: plan.sources, applyOn: value.applyOn ?? null };
}

/** What a list of plans reads once for all of them: the rate table, and each destination's guide. */
interface PlanReading {
  rates: Promise<RateTable>;
  guides: Map<number, Promise<VisaGuide | null>>;
}
const newReading = (db: Database): PlanReading => ({ rates: rateTable(db), guides: new Map() });

async function readPlan(
  deps: Pick<StaffDeps, "db" | "now">,
  application: PlanApplication,
  reading: PlanReading = newReading(deps.db),
): Promise<VisaPlan> {
  const now = nowOf(deps);
  const plan = await ensurePlan(deps, application);
  let guideRead = reading.guides.get(application.countryId);
  if (!guideRead) {
    guideRead = guideByCountryId(deps.db, application.countryId, now);
    reading.guides.set(application.countryId, guideRead);
  }
  const [guide, rows, rates] = await Promise.all([
    guideRead,
    deps.db.select().from(visaPlanSteps).where(eq(visaPlanSteps.planId, plan.id)),
    reading.rates,
  ]);
  let openSince = plan.createdAt;
  let openFound = false;
  const decided = plan.outcome === "issued" || plan.outcome === "refused";
  const steps = (guide?.planSteps ?? []).map((definition): PlanStep => {
    const row = rows.find((r) => r.stepKey === definition.key);
    const settled =
      definition.settledBy === "papers"
        ? papersText(application)
        : definition.settledBy === "outcome" && decided
          ? visaOutcomeLabels[plan.outcome as VisaOutcome]
          : null;
    const done = settled !== null || (row?.done ?? false);
    let stale = false;
    let openForDays: number | null = null;
    if (!done && !openFound && !plan.outcome) {
      openFound = true;
      openForDays = Math.max(0, Math.floor((now.getTime() - openSince.getTime()) / DAY_MS));
      stale = openForDays > definition.staleAfterDays;
    }
    if (done && row) openSince = new Date(Math.max(row.updatedAt.getTime(), openSince.getTime()));
    return {
      ...definition,
      done,
      onDate: row?.onDate ?? null,
      startBy: startByOf(application, definition.weeksBeforeIntake),
      settled,
      stale,
      openForDays,
    };
  });
  const documents = guide?.documents ?? [];
  const uploaded = await checklistOf(
    deps,
    application,
    "visa",
    documents.flatMap((d) => (d.attachmentType ? [{ item: d.label.en, attachmentType: d.attachmentType }] : [])),
  );
  const checklist: VisaChecklistItem[] = [
    ...documents.map((d): VisaChecklistItem => {
      const found = uploaded.find((entry) => entry.item === d.label.en);
      const recorded = d.isConfirmation ? papersText(application) : null;
      return {
        item: d.label.en,
        label: d.label,
        note: d.note,
        attachmentType: d.attachmentType,
        state: found ? found.state : recorded ? "Recorded" : "To bring",
        recorded,
        filePublicId: found?.filePublicId ?? null,
      };
    }),
    // What the country's own rules add (decision 0015), uploaded as the portal document they name.
    ...uploaded
      .filter((entry) => !documents.some((d) => d.label.en === entry.item))
      .map(
        (entry): VisaChecklistItem => ({
          item: entry.item,
          label: null,
          note: null,
          attachmentType: entry.attachmentType,
          state: entry.state,
          recorded: null,
          filePublicId: entry.filePublicId,
        }),
      ),
  ];
  const funds = await storedFunds(deps.db, application.studentId, plan.funds);
  let verdict: FundsVerdict | null = null;
  let fundsProblem: string | null = null;
  const firstYear = await courseYear(deps.db, application, rates);
  if (funds.sources.length) {
    try {
      verdict = checkFunds(guide?.funds ?? null, firstYear, funds, (c) => rates.get(c)?.rupeesPerUnit, {
        listed: [...rates.keys()],
        ruleConfirmed: guide?.funds?.confirmed ?? true,
      });
    } catch (error) {
      if (!(error instanceof NoRateError)) throw error;
      fundsProblem = error.message;
    }
  }
  return {
    planId: plan.id,
    application,
    guide,
    steps,
    stepsNeedIntake: steps.some((s) => s.weeksBeforeIntake != null) && !(application.intakeMonth && application.intakeYear),
    checklist,
    funds,
    verdict,
    fundsProblem,
    estimatedFirstYearRupees: firstYear.estimatedFirstYearRupees === null ? null : Math.round(firstYear.estimatedFirstYearRupees),
    ruleConfirmed: guide?.funds?.confirmed ?? true,
    outcome:
      plan.outcome && plan.outcomeAt
        ? { outcome: plan.outcome as VisaOutcome, section: plan.outcomeSection, reason: plan.outcomeReason, at: plan.outcomeAt }
        : null,
    createdAt: plan.createdAt,
    today: indianDay(now),
  };
}

// --- the student's side ----------------------------------------------------------------------------

const noPlan = () => new AppError("not_found", visaMessages.noSuchPlan);

/** The student's own application, at the papers stage; anything else is the same 404. */
async function ownApplication(db: Database, studentId: number, applicationId: number): Promise<PlanApplication> {
  const application = await planApplication(db, applicationId);
  if (!application || application.studentId !== studentId) throw noPlan();
  if (!planIsOpen(application.status)) throw new AppError("not_found", visaMessages.noPlanYet);
  return application;
}

/** The visa plans of the student's applications at the papers stage, newest first. */
export async function studentPlans(deps: Pick<StaffDeps, "db" | "now">, studentId: number): Promise<VisaPlan[]> {
  const rows = await selectPlanApplications(deps.db)
    .where(and(eq(applications.studentId, studentId), inArray(applications.status, [...visaPlanStages])))
    .orderBy(desc(applications.stageEnteredAt));
  const reading = newReading(deps.db);
  return Promise.all(rows.map((row) => readPlan(deps, toApplication(row), reading)));
}

export async function studentPlan(deps: Pick<StaffDeps, "db" | "now">, studentId: number, applicationId: number) {
  return readPlan(deps, await ownApplication(deps.db, studentId, applicationId));
}

export const stepInput = z.object({
  step: z.string({ error: visaMessages.noSuchStep }).trim().min(1, visaMessages.noSuchStep).max(40),
  done: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()),
  onDate: z.preprocess((v) => (v === "" || v === null ? undefined : v), calendarDay("Enter a date").optional()),
});

async function writeStep(deps: Pick<StaffDeps, "db" | "now">, plan: VisaPlan, raw: unknown) {
  const input = parseInput(stepInput, raw);
  const step = plan.steps.find((s) => s.key === input.step);
  if (!step) throw new AppError("invalid_input", visaMessages.noSuchStep, { step: visaMessages.noSuchStep });
  if (step.settled) throw new AppError("invalid_input", visaMessages.stepSettled, { step: visaMessages.stepSettled });
  const values = {
    planId: plan.planId,
    stepKey: input.step,
    done: input.done,
    onDate: input.onDate ?? null,
    updatedAt: new Date(),
  };
  await deps.db
    .insert(visaPlanSteps)
    .values(values)
    .onConflictDoUpdate({
      target: [visaPlanSteps.planId, visaPlanSteps.stepKey],
      set: { done: values.done, onDate: values.onDate, updatedAt: values.updatedAt },
    });
}

/** The student marks a step done (or not) and enters its date (the appointment, biometrics). */
export async function saveStudentStep(
  deps: Pick<StaffDeps, "db" | "now">,
  studentId: number,
  applicationId: number,
  raw: unknown,
) {
  const plan = await studentPlan(deps, studentId, applicationId);
  await writeStep(deps, plan, raw);
  return studentPlan(deps, studentId, applicationId);
}

/** An amount as a family types it: "25,00,000", "2,500,000", "25 lakh", "1.2 crore" (decision 0050). */
const amount = z.preprocess(
  (v) => (typeof v === "string" ? (readAmount(v) ?? v) : v),
  z.number({ error: fundsMessages.amount }).refine((n) => Number.isFinite(n) && n > 0 && n < 1e11, fundsMessages.amount),
);
const optionalDay = z.preprocess((v) => (v === "" || v === null ? undefined : v), calendarDay("Enter a date").optional());

export const fundsInput = z.object({
  sources: z
    .array(
      z.object({
        kind: z.enum(fundSourceKinds, { error: "Choose where the money comes from" }),
        amount,
        currency: z
          .string({ error: "Enter a three-letter currency code" })
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{3}$/, "Enter a three-letter currency code"),
        heldSince: optionalDay,
        statementDate: optionalDay,
      }),
    )
    .min(1, visaMessages.fundsNeedOne)
    .max(8, "At most eight sources."),
  applyOn: optionalDay,
});

/**
 * The funds form's input: each refusal keyed by where it is ("sources.0.amount"), so the form marks the
 * field; "Add at least one source" only when no source was given.
 */
function parseFunds(raw: unknown): z.infer<typeof fundsInput> {
  const parsed = fundsInput.safeParse(raw ?? {});
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join(".") || "form"] ??= issue.message;
    throw new AppError("invalid_input", Object.values(fields)[0] ?? visaMessages.fundsNeedOne, fields);
  }
  refuseControlCharacters(raw);
  return parsed.data;
}

/**
 * The student's funds check: saved as entered, then checked. A currency without a rate is refused with a
 * message naming it, and what was saved before stays.
 */
export async function saveStudentFunds(
  deps: Pick<StaffDeps, "db" | "now">,
  studentId: number,
  applicationId: number,
  raw: unknown,
) {
  const application = await ownApplication(deps.db, studentId, applicationId);
  const input = parseFunds(raw);
  const funds: FundsInput = {
    sources: input.sources.map((s) => ({ ...s, heldSince: s.heldSince ?? null, statementDate: s.statementDate ?? null })),
    applyOn: input.applyOn ?? null,
  };
  const rates = await rateTable(deps.db);
  const missing = funds.sources.find((s) => s.currency !== "INR" && !rates.has(s.currency));
  if (missing) {
    const message = new NoRateError(missing.currency, [...rates.keys()]).message;
    const index = funds.sources.indexOf(missing);
    throw new AppError("invalid_input", message, { [`sources.${index}.currency`]: message });
  }
  const plan = await ensurePlan(deps, application);
  // The sources are the funding plan's (decision 0079): written there, each keeping the proving document the
  // plan named for the same kind of money; this visa plan keeps its apply day.
  const before = await fundingPlanOf(deps.db, studentId);
  await deps.db.transaction(async (tx) => {
    await writeFundingSources(
      tx,
      studentId,
      funds.sources.map((source, index) => ({
        ...source,
        proof:
          (before.sources[index]?.kind === source.kind
            ? before.sources[index]
            : before.sources.find((b) => b.kind === source.kind)
          )?.proof ?? null,
      })),
      nowOf(deps),
    );
    await tx
      .update(visaPlans)
      .set({ funds: { applyOn: funds.applyOn } })
      .where(eq(visaPlans.id, plan.id));
  });
  return readPlan(deps, application);
}

// --- the console's side ----------------------------------------------------------------------------

async function visibleApplication(deps: StaffDeps, actor: StaffMember, applicationId: number) {
  if (!canSeeStudents(actor)) throw notAllowed();
  const application = await planApplication(deps.db, applicationId);
  if (!application || !studentVisibleTo(actor, application)) throw noPlan();
  if (!planIsOpen(application.status)) throw new AppError("not_found", visaMessages.noPlanYet);
  return application;
}

export async function consolePlan(deps: StaffDeps, actor: StaffMember, applicationId: number) {
  return readPlan(deps, await visibleApplication(deps, actor, applicationId));
}

export async function saveConsoleStep(deps: StaffDeps, actor: StaffMember, applicationId: number, raw: unknown) {
  authorize(canWorkStudents, actor);
  const application = await visibleApplication(deps, actor, applicationId);
  const plan = await readPlan(deps, application);
  await writeStep(deps, plan, raw);
  await recordAudit(deps.db, actor, {
    action: "visa_plan.step_changed",
    subjectType: "application",
    subjectId: applicationId,
    studentId: application.studentId,
    after: raw as Record<string, unknown>,
  });
}

export const outcomeInput = z
  .object({
    outcome: z.enum(visaOutcomes, { error: "Choose the outcome" }),
    section: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().max(40).optional()),
    reason: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().max(1000).optional()),
  })
  .superRefine((input, ctx) => {
    if (input.outcome === "refused" && !input.section)
      ctx.addIssue({ code: "custom", path: ["section"], message: visaMessages.outcomeNeedsSection });
    if (input.outcome !== "issued" && !input.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: visaMessages.outcomeNeedsReason });
  });

/** A counsellor records what the embassy decided, with the section and reason of a refusal; audited. */
export async function recordOutcome(deps: StaffDeps, actor: StaffMember, applicationId: number, raw: unknown) {
  authorize(canWorkStudents, actor);
  const application = await visibleApplication(deps, actor, applicationId);
  const input = parseInput(outcomeInput, raw);
  const plan = await ensurePlan(deps, application);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(visaPlans)
      .set({
        outcome: input.outcome,
        outcomeSection: input.section ?? null,
        outcomeReason: input.reason ?? null,
        outcomeAt: nowOf(deps),
        outcomeByStaffId: actor.staffId,
      })
      .where(eq(visaPlans.id, plan.id));
    await recordAudit(tx, actor, {
      action: "visa_plan.outcome_recorded",
      subjectType: "application",
      subjectId: applicationId,
      studentId: application.studentId,
      before: plan.outcome ? { outcome: plan.outcome, section: plan.outcomeSection, reason: plan.outcomeReason } : null,
      after: input,
    });
  });
}

export interface PlanListRow {
  applicationId: number;
  studentId: number;
  studentName: string;
  country: string;
  university: string;
  status: ApplicationStatus;
  openStep: string | null;
  openForDays: number | null;
  stale: boolean;
  outcome: VisaOutcome | null;
}

/** The visa plans of the students the member looks after (all for admins), stale ones first. */
export async function consolePlans(deps: StaffDeps, actor: StaffMember): Promise<PlanListRow[]> {
  if (!canSeeStudents(actor)) throw notAllowed();
  const rows = await selectPlanApplications(deps.db)
    .where(
      and(
        inArray(applications.status, [...visaPlanStages]),
        canSeeAllStudents(actor) ? undefined : eq(students.counsellorStaffId, actor.staffId),
      ),
    )
    .orderBy(desc(applications.stageEnteredAt))
    .limit(300);
  const reading = newReading(deps.db);
  const plans = await Promise.all(rows.map((row) => readPlan(deps, toApplication(row), reading)));
  return plans
    .map((plan) => {
      const open = plan.steps.find((s) => s.openForDays !== null) ?? null;
      return {
        applicationId: plan.application.id,
        studentId: plan.application.studentId,
        studentName: plan.application.studentName,
        country: plan.application.country,
        university: plan.application.university,
        status: plan.application.status,
        openStep: open?.label.en ?? null,
        openForDays: open?.openForDays ?? null,
        stale: open?.stale ?? false,
        outcome: plan.outcome?.outcome ?? null,
      };
    })
    .sort((a, b) => Number(b.stale) - Number(a.stale));
}

export interface OutcomeReportRow {
  country: string;
  counsellor: string | null;
  outcome: VisaOutcome;
  section: string | null;
  n: number;
}

/** Visa outcomes by destination and counsellor, and refusals by section: counted from what was recorded. */
export async function outcomeReport(deps: StaffDeps, actor: StaffMember): Promise<OutcomeReportRow[]> {
  authorize(canSeeReports, actor);
  const counsellor = alias(staff, "counsellor");
  const rows = await deps.db
    .select({
      country: countries.name,
      counsellor: counsellor.fullName,
      outcome: visaPlans.outcome,
      section: visaPlans.outcomeSection,
      n: count(),
    })
    .from(visaPlans)
    .innerJoin(countries, eq(countries.id, visaPlans.countryId))
    .innerJoin(students, eq(students.id, visaPlans.studentId))
    .leftJoin(counsellor, eq(counsellor.id, students.counsellorStaffId))
    .where(and(isNotNull(visaPlans.outcome), canSeeAllReports(actor) ? undefined : eq(students.counsellorStaffId, actor.staffId)))
    .groupBy(countries.name, counsellor.fullName, visaPlans.outcome, visaPlans.outcomeSection)
    .orderBy(asc(countries.name), asc(counsellor.fullName));
  return rows.map((r) => ({ ...r, outcome: r.outcome as VisaOutcome }));
}
