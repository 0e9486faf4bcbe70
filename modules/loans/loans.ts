import { and, asc, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../platform/db/client.ts";
import {
  LOAN_LABEL_MAX_LENGTH,
  loanMessages,
  loanRateTypes,
  MAX_COURSE_MONTHS,
  MAX_GRACE_MONTHS,
  MAX_LOAN_OFFERS,
  MAX_LOAN_RATE,
  MAX_LOAN_TENURE_YEARS,
} from "../../vocabulary/loans.ts";
import { readAmount } from "../amounts.ts";
import { nowOf } from "../deps.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { type LoanFigures, loanFigures } from "./loan-maths.ts";
import { loanOffers } from "./tables.ts";

/**
 * The loan planner (decision 0082): up to three loan offers the student types, saved as their data, each
 * read back with its instalment after the moratorium, total interest and total cost (./loan-maths.ts).
 * A calculator of what the student types: no lender is named, ranked or promoted by the portal.
 */

export interface LoanDeps {
  db: Database;
  now?: () => Date;
}

/** A number typed as "10.5", "10,5" is refused (one reading, never a guess); numbers pass as they are. */
const decimal = (value: unknown) => {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return value;
  const text = value.trim().replace(/%$/, "").trim();
  return /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
};
const wholeMonths = (value: unknown) => {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return 0;
  const n = decimal(value);
  return typeof n === "number" && Number.isInteger(n) ? n : Number.NaN;
};
/** An amount as a family writes it (modules/amounts.ts); unreadable is NaN so the field's message shows. */
const rupees = (blankIs?: number) => (value: unknown) => {
  if (typeof value === "number") return value;
  // A field that may be left out (the processing fee) is 0 when absent or blank.
  if ((value === undefined || value === null) && blankIs !== undefined) return blankIs;
  if (typeof value !== "string") return value;
  if (value.trim() === "" && blankIs !== undefined) return blankIs;
  return readAmount(value) ?? Number.NaN;
};
const yes = (value: unknown) => value === true || value === "true" || value === "yes" || value === "on";

export const loanOfferInput = z.object({
  label: z.string({ error: loanMessages.label }).trim().min(1, loanMessages.label).max(LOAN_LABEL_MAX_LENGTH, loanMessages.label),
  amount: z.preprocess(
    rupees(),
    z.number({ error: loanMessages.amount }).positive(loanMessages.amount).max(1e11, loanMessages.amount),
  ),
  annualRate: z.preprocess(
    decimal,
    z
      .number({ error: loanMessages.rate })
      .gt(0, loanMessages.rate)
      .max(MAX_LOAN_RATE, loanMessages.rate)
      // The rate is kept to two decimals: "0.004" would be stored as 0, a loan at no interest.
      .refine((rate) => Math.round(rate * 100) >= 1, loanMessages.rateTooSmall),
  ),
  rateType: z.enum(loanRateTypes, { error: loanMessages.rateType }),
  tenureYears: z.preprocess(
    decimal,
    z
      .number({ error: loanMessages.tenure })
      .gt(0, loanMessages.tenure)
      .max(MAX_LOAN_TENURE_YEARS, loanMessages.tenure)
      // Whole months of repayment: 1.5 years is 18 months; 0.01 year is none.
      .refine((years) => Math.round(years * 12) >= 1, loanMessages.tenure),
  ),
  courseMonths: z.preprocess(
    wholeMonths,
    z
      .number({ error: loanMessages.courseMonths })
      .int(loanMessages.courseMonths)
      .min(0, loanMessages.courseMonths)
      .max(MAX_COURSE_MONTHS, loanMessages.courseMonths),
  ),
  graceMonths: z.preprocess(
    wholeMonths,
    z
      .number({ error: loanMessages.graceMonths })
      .int(loanMessages.graceMonths)
      .min(0, loanMessages.graceMonths)
      .max(MAX_GRACE_MONTHS, loanMessages.graceMonths),
  ),
  interestPaidDuringMoratorium: z.preprocess(yes, z.boolean()),
  processingFee: z.preprocess(
    rupees(0),
    z.number({ error: loanMessages.processingFee }).min(0, loanMessages.processingFee).max(1e9, loanMessages.processingFee),
  ),
});

type OfferRow = typeof loanOffers.$inferSelect;

/** A saved offer with its figures, as the planner shows it side by side. */
export interface LoanOfferView {
  id: number;
  label: string;
  amount: number;
  annualRate: number;
  rateType: OfferRow["rateType"];
  tenureMonths: number;
  courseMonths: number;
  graceMonths: number;
  interestPaidDuringMoratorium: boolean;
  processingFee: number;
  figures: LoanFigures;
  updatedAt: Date;
}

const view = (row: OfferRow): LoanOfferView => ({
  id: row.id,
  label: row.label,
  amount: row.amount,
  annualRate: row.annualRate,
  rateType: row.rateType,
  tenureMonths: row.tenureMonths,
  courseMonths: row.courseMonths,
  graceMonths: row.graceMonths,
  interestPaidDuringMoratorium: row.interestPaidDuringMoratorium,
  processingFee: row.processingFee,
  figures: loanFigures(row),
  updatedAt: row.updatedAt,
});

const valuesOf = (raw: unknown) => {
  const input = parseInput(loanOfferInput, raw);
  return {
    label: input.label,
    amount: Math.round(input.amount * 100) / 100,
    annualRate: Math.round(input.annualRate * 100) / 100,
    rateType: input.rateType,
    tenureMonths: Math.round(input.tenureYears * 12),
    courseMonths: input.courseMonths,
    graceMonths: input.graceMonths,
    interestPaidDuringMoratorium: input.interestPaidDuringMoratorium,
    processingFee: Math.round(input.processingFee * 100) / 100,
  };
};

/** The student's offers, in the order they added them. */
export async function listLoanOffers(db: Pick<Database, "select">, studentId: number): Promise<LoanOfferView[]> {
  const rows = await db
    .select()
    .from(loanOffers)
    .where(eq(loanOffers.studentId, studentId))
    .orderBy(asc(loanOffers.createdAt), asc(loanOffers.id));
  return rows.map(view);
}

/** Adds an offer; a fourth is refused (409). The count and the insert hold one lock on the student's offers. */
export async function addLoanOffer(deps: LoanDeps, studentId: number, raw: unknown): Promise<LoanOfferView> {
  const values = valuesOf(raw);
  return deps.db.transaction(async (tx) => {
    // Two tabs adding the third offer at once: the second waits here and then counts three.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`loan-offers:${studentId}`}))`);
    const [held] = await tx.select({ n: count() }).from(loanOffers).where(eq(loanOffers.studentId, studentId));
    if ((held?.n ?? 0) >= MAX_LOAN_OFFERS) throw new AppError("conflict", loanMessages.tooMany);
    const now = nowOf(deps);
    const [row] = await tx
      .insert(loanOffers)
      .values({ ...values, studentId, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return view(row);
  });
}

/** Changes one of the student's offers; another student's is a 404. */
export async function changeLoanOffer(deps: LoanDeps, studentId: number, offerId: number, raw: unknown): Promise<LoanOfferView> {
  const values = valuesOf(raw);
  const [row] = await deps.db
    .update(loanOffers)
    .set({ ...values, updatedAt: nowOf(deps) })
    .where(and(eq(loanOffers.id, offerId), eq(loanOffers.studentId, studentId)))
    .returning();
  if (!row) throw new AppError("not_found", loanMessages.noSuchOffer);
  return view(row);
}

export async function removeLoanOffer(deps: LoanDeps, studentId: number, offerId: number): Promise<void> {
  const removed = await deps.db
    .delete(loanOffers)
    .where(and(eq(loanOffers.id, offerId), eq(loanOffers.studentId, studentId)))
    .returning({ id: loanOffers.id });
  if (removed.length === 0) throw new AppError("not_found", loanMessages.noSuchOffer);
}

/** The offers as the student's data export holds them (decision 0024): what they typed and the figures. */
export async function loanOffersForExport(db: Pick<Database, "select">, studentId: number) {
  return (await listLoanOffers(db, studentId)).map((offer) => ({
    label: offer.label,
    amountRupees: offer.amount,
    annualRatePercent: offer.annualRate,
    rateType: offer.rateType,
    tenureMonths: offer.tenureMonths,
    courseMonths: offer.courseMonths,
    graceMonths: offer.graceMonths,
    interestPaidDuringMoratorium: offer.interestPaidDuringMoratorium,
    processingFeeRupees: offer.processingFee,
    emiRupees: Math.round(offer.figures.emi),
    totalInterestRupees: Math.round(offer.figures.totalInterest),
    totalCostRupees: Math.round(offer.figures.totalCost),
    updatedAt: offer.updatedAt.toISOString(),
  }));
}

export function createLoanService(deps: LoanDeps) {
  return {
    list: (studentId: number) => listLoanOffers(deps.db, studentId),
    add: (studentId: number, raw: unknown) => addLoanOffer(deps, studentId, raw),
    change: (studentId: number, offerId: number, raw: unknown) => changeLoanOffer(deps, studentId, offerId, raw),
    remove: (studentId: number, offerId: number) => removeLoanOffer(deps, studentId, offerId),
  };
}
export type LoanService = ReturnType<typeof createLoanService>;
