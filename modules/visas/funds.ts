import { type FundSourceKind, fundSourceLabels, fundsMessages } from "../../vocabulary/visas.ts";
import type { FundsRule } from "./reference-types.ts";

/**
 * The funds check (decision 0040): where the student's money comes from, compared with the destination's rule
 * as it is written and with the course's estimated first year in rupees. Pure: the caller brings the
 * rates and the estimate.
 */

export { type FundSourceKind, fundSourceKinds, fundSourceLabels } from "../../vocabulary/visas.ts";

export interface FundSource {
  kind: FundSourceKind;
  amount: number;
  /** ISO 4217; INR for rupees. */
  currency: string;
  /** YYYY-MM-DD: since when the money has been held (savings and a sponsor's money). */
  heldSince: string | null;
  /** YYYY-MM-DD: the last day the bank statement shows. */
  statementDate: string | null;
}

export interface FundsInput {
  sources: FundSource[];
  /** YYYY-MM-DD: the day the student plans to apply. */
  applyOn: string | null;
}

/** Rupees per unit of a currency, or undefined when the rate table has none (INR is 1). */
export type RupeesPer = (currency: string) => number | undefined;

export interface CourseYear {
  /** The course's first year of tuition in its currency. */
  tuitionPerYear: { amount: number; currency: string };
  /** The study city, for a capital's higher living figure (UK: London). */
  city: string;
  /** The portal's estimate of the first year (tuition and living) in rupees, or null without a rate or a living figure. */
  estimatedFirstYearRupees: number | null;
}

export interface SourceCheck {
  kind: FundSourceKind;
  amount: number;
  currency: string;
  rupees: number;
  /** What the rule says is wrong with this source, in words. */
  problems: string[];
}

/**
 * The one verdict of a check (decision 0050), worst first: short of the visa's amount; the amount is there
 * but a rule the visa states fails (the 28-day rule, a missing date); the visa's rule is met but the first
 * year's estimate is not; everything met but the visa's amount is not confirmed on the official page;
 * enough. Never "enough" while any of the others holds.
 */
export const fundsStandings = [
  "short-of-rule",
  "rule-fails",
  "short-of-estimate",
  "rule-to-confirm",
  "no-measure",
  "enough",
] as const;
export type FundsStanding = (typeof fundsStandings)[number];

export interface FundsVerdict {
  standing: FundsStanding;
  /** Whether the visa's amount comes from figures confirmed on the official page. */
  ruleConfirmed: boolean;
  sources: SourceCheck[];
  totalRupees: number;
  /** What the rule asks to be shown, in its currency and in rupees, with how it was reckoned. */
  /** What the rule asks for, and how it is reckoned: parts in English by their shape (fundsMessages), joined with "plus". */
  required: { amount: number; currency: string; rupees: number; reckoning: string[] } | null;
  /** Rupees missing against the rule (0 when met); null without a rule. */
  shortOfRuleRupees: number | null;
  estimatedFirstYearRupees: number | null;
  /** Rupees missing against the first year's estimate (0 when met). */
  shortOfEstimateRupees: number | null;
  /** Problems with the whole (the 28-day rule, a missing apply date). */
  problems: string[];
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const rounded = (n: number) => Math.round(n);
const money = (amount: number, currency: string) => `${currency} ${Math.round(amount).toLocaleString("en-US")}`;

/** A currency the check cannot convert: the form says so, names the currencies it can, and keeps what was typed. */
export class NoRateError extends Error {
  constructor(
    readonly currency: string,
    listed: readonly string[],
  ) {
    super(fundsMessages.noRate(currency, ["INR", ...[...listed].filter((c) => c !== "INR").sort()].join(", ")));
  }
}

/** Money held in an account: the 28-day rule applies to it (a loan letter or a scholarship letter is shown differently). */
export const heldInAccount = (kind: FundSourceKind) => kind === "family-savings" || kind === "sponsor";

/**
 * `listed` names the currencies the rate table has, for the message when a source's currency is not one
 * of them; `ruleConfirmed` says whether the rule's amounts are confirmed on the official page (an
 * unconfirmed rule is still compared with, but the verdict never reads "enough").
 */
export function checkFunds(
  rule: FundsRule | null,
  course: CourseYear | null,
  input: FundsInput,
  rupeesPer: RupeesPer,
  { listed = [], ruleConfirmed = true }: { listed?: readonly string[]; ruleConfirmed?: boolean } = {},
): FundsVerdict {
  const toRupees = (amount: number, currency: string) => {
    const rate = currency === "INR" ? 1 : rupeesPer(currency);
    if (rate === undefined) throw new NoRateError(currency, listed);
    return amount * rate;
  };
  const problems: string[] = [];
  const sources = input.sources.map((source): SourceCheck => {
    const checked: SourceCheck = { ...source, rupees: rounded(toRupees(source.amount, source.currency)), problems: [] };
    if (rule?.heldForDays && heldInAccount(source.kind)) {
      checked.problems.push(...heldRule(rule, source, input.applyOn));
    }
    return checked;
  });
  if (rule?.heldForDays && rule.periodEndsWithinDaysOfApplying && !input.applyOn && sources.some((s) => heldInAccount(s.kind))) {
    problems.push(fundsMessages.enterApplyDay);
  }
  const totalRupees = sources.reduce((sum, s) => sum + s.rupees, 0);

  let required: FundsVerdict["required"] = null;
  if (rule) {
    const inCapital = course ? rule.capitalCities.some((c) => c.toLowerCase() === course.city.toLowerCase()) : false;
    const parts: string[] = [];
    let amount = 0;
    if (rule.livingPerMonth !== null && rule.months !== null) {
      const perMonth = inCapital && rule.livingPerMonthInCapital !== null ? rule.livingPerMonthInCapital : rule.livingPerMonth;
      amount += perMonth * rule.months;
      parts.push(
        inCapital && course
          ? fundsMessages.livingMonthlyIn(money(perMonth, rule.currency), rule.months, course.city)
          : fundsMessages.livingMonthly(money(perMonth, rule.currency), rule.months),
      );
    } else if (rule.livingPerYear !== null) {
      amount += rule.livingPerYear;
      parts.push(fundsMessages.livingYearly(money(rule.livingPerYear, rule.currency)));
    }
    let rupees = toRupees(amount, rule.currency);
    if (rule.plusFirstYearTuition && course) {
      const tuitionRupees = toRupees(course.tuitionPerYear.amount, course.tuitionPerYear.currency);
      const ruleRate = rule.currency === "INR" ? 1 : (rupeesPer(rule.currency) ?? 1);
      amount += tuitionRupees / ruleRate;
      rupees += tuitionRupees;
      parts.push(fundsMessages.firstYearTuition(money(course.tuitionPerYear.amount, course.tuitionPerYear.currency)));
    }
    if (parts.length) required = { amount: rounded(amount), currency: rule.currency, rupees: rounded(rupees), reckoning: parts };
  }
  const estimated = course?.estimatedFirstYearRupees ?? null;
  const shortOfRuleRupees = required ? Math.max(0, required.rupees - totalRupees) : null;
  const shortOfEstimateRupees = estimated === null ? null : Math.max(0, rounded(estimated) - totalRupees);
  const anyProblem = problems.length > 0 || sources.some((s) => s.problems.length > 0);
  const standing: FundsStanding =
    shortOfRuleRupees !== null && shortOfRuleRupees > 0
      ? "short-of-rule"
      : anyProblem
        ? "rule-fails"
        : shortOfEstimateRupees !== null && shortOfEstimateRupees > 0
          ? "short-of-estimate"
          : required && !ruleConfirmed
            ? "rule-to-confirm"
            : !required && estimated === null
              ? "no-measure"
              : "enough";
  return {
    standing,
    ruleConfirmed: required ? ruleConfirmed : true,
    sources,
    totalRupees,
    required,
    shortOfRuleRupees,
    estimatedFirstYearRupees: estimated === null ? null : rounded(estimated),
    shortOfEstimateRupees,
    problems,
  };
}

/** The UK rule as written: held for 28 consecutive days, the period ending within 31 days of applying. */
function heldRule(rule: FundsRule, source: FundSource, applyOn: string | null): string[] {
  const label = fundSourceLabels[source.kind];
  if (!source.heldSince || !source.statementDate) {
    return [fundsMessages.enterHeldDates(label)];
  }
  const problems: string[] = [];
  const heldDays = dayNumber(source.statementDate) - dayNumber(source.heldSince) + 1;
  if (heldDays < (rule.heldForDays ?? 0)) {
    problems.push(fundsMessages.heldTooShort(label, Math.max(heldDays, 0), rule.heldForDays ?? 0));
  }
  if (applyOn && rule.periodEndsWithinDaysOfApplying !== null) {
    const gap = dayNumber(applyOn) - dayNumber(source.statementDate);
    if (gap < 0) problems.push(fundsMessages.statementAfterApplying(label));
    else if (gap > rule.periodEndsWithinDaysOfApplying) {
      problems.push(fundsMessages.statementTooEarly(label, gap, rule.periodEndsWithinDaysOfApplying));
    }
  }
  return problems;
}
