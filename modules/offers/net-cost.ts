import { SEMESTERS_PER_YEAR } from "../costs/costs.ts";
import { fundingInRupees } from "../funding/funding.ts";
import type { VisaCharge } from "../visas/visas.ts";

/**
 * What an offer really costs, in rupees (decision 0081): the tuition for the whole course less the
 * scholarship (capped at the tuition, and said so), living costs for the course's length from the cost
 * table, the visa and health charges the visa guide confirms, and a travel estimate labelled as one; then
 * what the funding plan covers and what is short (not said while the living costs or the visa charges are
 * missing, and the missing ones named). An online course has no living costs abroad, no visa and no flight:
 * those are named as not needed (decision 0081's amendment). Each scholarship is counted once: a plan source
 * that is this offer's scholarship is already off the fees, and one that is another offer's is paid only there
 * (decision 0111). Pure: the caller brings the figures and the rates.
 * Every line keeps its source and date; a currency with no rate leaves the rupee figure out (null) and
 * names the currency, never a wrong figure.
 */

export interface Rate {
  rupeesPerUnit: number;
  source: string;
  rateDate: string;
}
export type RateOf = (currency: string) => Rate | undefined;

export interface CostLine {
  key: "tuition" | "scholarship" | "living" | "visa" | "travel";
  label: string;
  /** In the line's own currency; a scholarship is negative. */
  amount: number;
  currency: string;
  /** In rupees at the rate table's rate; null when the currency has no rate. */
  rupees: number | null;
  rateDate: string | null;
  /** Where the figure comes from, and the day it holds for or was checked. */
  source: string;
  sourceDate: string | null;
  /** A rough estimate, not a published figure (the travel line). */
  estimate: boolean;
  /** How it was reckoned, in words: "GBP 18,000 a year × 1 year". */
  reckoning: string;
}

export interface NetCostInput {
  course: {
    durationMonths: number;
    online: boolean;
    fee: { amount: number; currency: string; period: "year" | "semester" | "total" };
  };
  /** Where the catalogue read the fee and the day it was checked; null when the catalogue never recorded them. */
  feeSource: { university: string; source: string | null; checkedOn: string | null };
  scholarship: { amount: number; currency: string; years: number } | null;
  living: { amountPerYear: number; currency: string; source: string; year: number } | null;
  /** The visa guide's charges (visa fee, health surcharge, SEVIS), confirmed or not; null without a guide. */
  charges: VisaCharge[] | null;
  /** The estimate, its basis and the day it was set (`asOf`, YYYY-MM-DD). */
  travel: { rupees: number; basis: string; asOf: string } | null;
  /** The funding plan's sources (null without a plan). */
  funding: FundingSourceFigure[] | null;
  /** The scholarships on the student's other offers, each with its university (decision 0111). */
  otherScholarships: { university: string; amount: number; currency: string; years: number }[];
}

/** A source of the funding plan as the cost reads it: its kind ("scholarship", "family-savings", ...) and amount. */
export interface FundingSourceFigure {
  kind: string;
  amount: number;
  currency: string;
}

/** A source of the funding plan left out of what it covers for an offer, and why (decision 0111). */
export interface NotCounted extends FundingSourceFigure {
  rupees: number | null;
  /** "this-offer": it is this offer's scholarship, already off the fees; "another-offer": another offer's, paid only there. */
  reason: "this-offer" | "another-offer";
  /** The other offer's university; null for this offer's own. */
  university: string | null;
}

/**
 * A plan source in another currency is taken for a scholarship when it is within this share of the
 * scholarship's rupee figure at the rate table's rate: a family converts at the day's rate, not ours (decision 0111).
 */
export const SCHOLARSHIP_RUPEE_MARGIN = 0.05;

export interface NetCost {
  years: number;
  lines: CostLine[];
  /** The scholarship was larger than the tuition and was capped at it. */
  scholarshipCapped: boolean;
  /** Charges the guide gives but could not confirm on the official page: named, not counted. */
  toConfirm: { label: string; amount: number; currency: string; source: string }[];
  /** Currencies with no rate: the total is not given while any is in the lines. */
  noRate: string[];
  /**
   * Costs the total leaves out because the portal has no figures for them: living costs (no row in the
   * cost table for the country) and the visa charges (no visa guide). While any is missing, no verdict
   * on what is short is given (decision 0081's amendment).
   */
  missing: ("living" | "visa")[];
  /**
   * Costs an online course does not have, the student studying from home: no living costs abroad, no visa
   * charges, no flight. Named on the page as not needed, never silently left out (decision 0081's amendment).
   */
  notNeeded: ("living" | "visa" | "travel")[];
  /** Sources of the funding plan left out of what it covers, each scholarship being counted once (decision 0111). */
  fundingNotCounted: NotCounted[];
  totalRupees: number | null;
  coveredRupees: number | null;
  shortRupees: number | null;
}

const figure = (n: number) => Math.round(n).toLocaleString("en-IN");
const yearsText = (n: number) => `${n} ${n === 1 ? "year" : "years"}`;

/**
 * Whether a plan source is this scholarship (decision 0111): a source of the kind "scholarship" for its yearly
 * amount, for the whole award, or for the amount the cost counts (`counted`: the award for the course's years,
 * or capped at the tuition), in the scholarship's currency; in another currency, within SCHOLARSHIP_RUPEE_MARGIN
 * of one of those in rupees. The plan names no offer, so the amount is what ties a source to one.
 */
function isScholarship(
  source: FundingSourceFigure,
  scholarship: { amount: number; currency: string; years: number },
  counted: readonly number[],
  rateOf: RateOf,
): boolean {
  if (source.kind !== "scholarship") return false;
  const amounts = [scholarship.amount, scholarship.amount * scholarship.years, ...counted];
  if (source.currency === scholarship.currency) return amounts.some((a) => Math.abs(a - source.amount) < 0.01);
  const perUnit = (currency: string) => (currency === "INR" ? 1 : rateOf(currency)?.rupeesPerUnit);
  const sourceRate = perUnit(source.currency);
  const scholarshipRate = perUnit(scholarship.currency);
  if (sourceRate === undefined || scholarshipRate === undefined) return false;
  return amounts.some(
    (a) => Math.abs(source.amount * sourceRate - a * scholarshipRate) <= SCHOLARSHIP_RUPEE_MARGIN * a * scholarshipRate,
  );
}

export function netCost(input: NetCostInput, rateOf: RateOf): NetCost {
  const years = input.course.durationMonths / 12;
  const noRate = new Set<string>();
  const convert = (amount: number, currency: string) => {
    if (currency === "INR") return { rupees: amount, rateDate: null };
    const rate = rateOf(currency);
    if (!rate) {
      noRate.add(currency);
      return { rupees: null, rateDate: null };
    }
    return { rupees: amount * rate.rupeesPerUnit, rateDate: rate.rateDate };
  };
  const { fee } = input.course;
  const tuition =
    fee.period === "total" ? fee.amount : fee.period === "year" ? fee.amount * years : fee.amount * SEMESTERS_PER_YEAR * years;
  const lines: CostLine[] = [];
  const perWord = fee.period === "total" ? "for the course" : fee.period === "year" ? "a year" : "a semester";
  const tuitionConverted = convert(tuition, fee.currency);
  lines.push({
    key: "tuition",
    label: "Tuition for the whole course",
    amount: tuition,
    currency: fee.currency,
    ...tuitionConverted,
    // The catalogue's own source and checked date (decision 0017), and plainly "not checked" without a date.
    source: [
      `${input.feeSource.university}: ${input.feeSource.source ?? "the catalogue's fee, no source recorded"}`,
      input.feeSource.checkedOn ? "" : "not checked",
    ]
      .filter(Boolean)
      .join(", "),
    sourceDate: input.feeSource.checkedOn,
    estimate: false,
    reckoning:
      fee.period === "total"
        ? `${fee.currency} ${figure(fee.amount)} for the course`
        : fee.period === "year"
          ? `${fee.currency} ${figure(fee.amount)} ${perWord} × ${yearsText(years)}`
          : `${fee.currency} ${figure(fee.amount)} ${perWord} × ${SEMESTERS_PER_YEAR * years} semesters`,
  });
  let scholarshipCapped = false;
  /** What the scholarship line counts, in the scholarship's own currency. */
  const scholarshipCounted: number[] = [];
  if (input.scholarship) {
    const awardedYears = Math.min(input.scholarship.years, Math.ceil(years));
    let amount = input.scholarship.amount * awardedYears;
    let currency = input.scholarship.currency;
    let reckoning = `${currency} ${figure(input.scholarship.amount)} a year × ${awardedYears} ${awardedYears === 1 ? "year" : "years"}`;
    // Capped at the tuition (decision 0081), compared in the tuition's currency or, across currencies, in rupees.
    const sameCurrency = currency === fee.currency;
    const inRupees = convert(amount, currency).rupees;
    const over = sameCurrency
      ? amount > tuition
      : inRupees !== null && tuitionConverted.rupees !== null && inRupees > tuitionConverted.rupees;
    if (over) {
      scholarshipCapped = true;
      amount = tuition;
      currency = fee.currency;
      reckoning = `${reckoning}, capped at the tuition (${fee.currency} ${figure(tuition)})`;
    }
    if (currency === input.scholarship.currency) scholarshipCounted.push(amount);
    const converted = convert(amount, currency);
    lines.push({
      key: "scholarship",
      label: "Scholarship or fee waiver",
      amount: -amount,
      currency,
      rupees: converted.rupees === null ? null : -converted.rupees,
      rateDate: converted.rateDate,
      source: "The university's offer letter",
      sourceDate: null,
      estimate: false,
      reckoning,
    });
  }
  const online = input.course.online;
  if (input.living && !online) {
    const amount = input.living.amountPerYear * years;
    lines.push({
      key: "living",
      label: "Living costs for the course",
      amount,
      currency: input.living.currency,
      ...convert(amount, input.living.currency),
      source: input.living.source,
      sourceDate: String(input.living.year),
      estimate: false,
      reckoning: `${input.living.currency} ${figure(input.living.amountPerYear)} a year × ${yearsText(years)}`,
    });
  }
  const toConfirm: NetCost["toConfirm"] = [];
  // An online course needs no student visa: the guide's charges are not the student's (decision 0081's amendment).
  for (const charge of online ? [] : (input.charges ?? [])) {
    const times = charge.per === "once" ? 1 : charge.per === "year" ? Math.ceil(years) : Math.ceil(years * 12);
    const amount = charge.amount * times;
    if (!charge.confirmed) {
      toConfirm.push({ label: charge.label, amount, currency: charge.currency, source: charge.source });
      continue;
    }
    lines.push({
      key: "visa",
      label: charge.label,
      amount,
      currency: charge.currency,
      ...convert(amount, charge.currency),
      source: charge.source,
      sourceDate: charge.checkedOn,
      estimate: false,
      reckoning:
        charge.per === "once"
          ? `${charge.currency} ${figure(charge.amount)} once`
          : `${charge.currency} ${figure(charge.amount)} a ${charge.per} × ${times}`,
    });
  }
  if (input.travel && !online) {
    lines.push({
      key: "travel",
      label: "Travel (estimate)",
      amount: input.travel.rupees,
      currency: "INR",
      rupees: input.travel.rupees,
      rateDate: null,
      source: input.travel.basis,
      sourceDate: input.travel.asOf,
      estimate: true,
      reckoning: "One flight out",
    });
  }
  const totalRupees = noRate.size ? null : Math.round(lines.reduce((sum, line) => sum + (line.rupees ?? 0), 0));
  // Each scholarship counted once (decision 0111): a plan source that is this offer's scholarship is already off
  // the fees; one that is another offer's scholarship is paid only if the student goes there. Each scholarship
  // claims at most one source, this offer's first.
  const counted = [...(input.funding ?? [])];
  const fundingNotCounted: NotCounted[] = [];
  const claim = (
    scholarship: { amount: number; currency: string; years: number },
    amounts: readonly number[],
    reason: NotCounted["reason"],
    university: string | null,
  ) => {
    const index = counted.findIndex((source) => isScholarship(source, scholarship, amounts, rateOf));
    const [source] = index < 0 ? [] : counted.splice(index, 1);
    if (!source) return;
    const perUnit = source.currency === "INR" ? 1 : rateOf(source.currency)?.rupeesPerUnit;
    fundingNotCounted.push({
      kind: source.kind,
      amount: source.amount,
      currency: source.currency,
      rupees: perUnit === undefined ? null : Math.round(source.amount * perUnit),
      reason,
      university,
    });
  };
  if (input.scholarship) claim(input.scholarship, scholarshipCounted, "this-offer", null);
  for (const other of input.otherScholarships) claim(other, [], "another-offer", other.university);
  const coveredRupees = input.funding ? fundingInRupees({ sources: counted }, (c) => rateOf(c)?.rupeesPerUnit).rupees : null;
  // An online course has neither living costs abroad nor a student visa to count: not missing, not needed.
  const missing: NetCost["missing"] = [];
  if (!online && !input.living) missing.push("living");
  if (!online && !input.charges) missing.push("visa");
  return {
    years,
    lines: lines.map((line) => ({ ...line, rupees: line.rupees === null ? null : Math.round(line.rupees) })),
    scholarshipCapped,
    toConfirm,
    noRate: [...noRate].sort(),
    missing,
    notNeeded: online ? ["living", "visa", "travel"] : [],
    fundingNotCounted,
    totalRupees,
    coveredRupees,
    shortRupees:
      totalRupees === null || coveredRupees === null || missing.length ? null : Math.max(0, totalRupees - coveredRupees),
  };
}
