import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../platform/db/client.ts";
import { fundingMessages } from "../../vocabulary/offers.ts";
import { type FundSourceKind, fundSourceKinds, usualFundSourceKinds } from "../../vocabulary/visas.ts";
import { readAmount } from "../amounts.ts";
import { rateTable } from "../costs/costs.ts";
import { AppError } from "../errors.ts";
import { calendarDay } from "../fields.ts";
import { refuseControlCharacters } from "../validation.ts";
import { fundingPlans, type StoredFundingSource } from "./tables.ts";

/**
 * The student's one funding plan (decision 0079): where the money for the course comes from (savings, an
 * education loan, a scholarship, a sponsor), each with its amount, currency and the document that proves
 * it. The visa plan's funds check and the offers comparison read it through this file; neither keeps a copy.
 */

export interface FundingSource {
  kind: FundSourceKind;
  amount: number;
  currency: string;
  proof: string | null;
  heldSince: string | null;
  statementDate: string | null;
}

export interface FundingPlan {
  sources: FundingSource[];
  updatedAt: Date | null;
}

/** The most sources a plan holds (the visa funds form allows as many). */
const fundingSourcesAtMost = 8;

const known = (kind: string): kind is FundSourceKind => (fundSourceKinds as readonly string[]).includes(kind);

/** The student's plan; an empty one when they have not made it yet. */
export async function fundingPlanOf(db: Pick<Database, "select">, studentId: number): Promise<FundingPlan> {
  const [row] = await db.select().from(fundingPlans).where(eq(fundingPlans.studentId, studentId));
  if (!row) return { sources: [], updatedAt: null };
  return {
    sources: row.sources.flatMap((s) =>
      known(s.kind)
        ? [
            {
              kind: s.kind,
              amount: Number(s.amount),
              currency: s.currency,
              proof: s.proof ?? null,
              heldSince: s.heldSince ?? null,
              statementDate: s.statementDate ?? null,
            },
          ]
        : [],
    ),
    updatedAt: row.updatedAt,
  };
}

/** An amount as a family writes it: "25,00,000", "2,500,000", "25 lakh", "1.2 crore", "25 लाख" (modules/amounts.ts). */
const amount = z.preprocess(
  (v) => (typeof v === "string" ? (readAmount(v) ?? v) : v),
  z.number({ error: fundingMessages.amount }).refine((n) => Number.isFinite(n) && n > 0 && n < 1e11, fundingMessages.amount),
);
const optionalDay = z.preprocess((v) => (v === "" || v === null ? undefined : v), calendarDay("Enter a date").optional());

export const fundingInput = z.object({
  sources: z
    .array(
      z.object({
        kind: z.enum(fundSourceKinds, { error: "Choose where the money comes from" }),
        amount,
        currency: z
          .string({ error: fundingMessages.currency })
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{3}$/, fundingMessages.currency),
        proof: z.preprocess(
          (v) => (v === "" || v === null ? undefined : v),
          z.string().trim().max(200, fundingMessages.proof).optional(),
        ),
        heldSince: optionalDay,
        statementDate: optionalDay,
      }),
    )
    .min(1, fundingMessages.needOne)
    .max(fundingSourcesAtMost, "At most eight sources."),
  /**
   * The plan's `updated_at` as the form read it (null: no plan yet). When given, a plan saved since (the visa
   * form in another tab) is not overwritten: the save is refused (409) and the plan as saved is shown.
   */
  updatedAt: z.iso.datetime({ offset: true }).nullable().optional(),
});

/** The plan as the form gives it, read and checked but not saved: the page shows the amounts back first. */
export async function readFundingInput(db: Database, raw: unknown): Promise<FundingSource[]> {
  const parsed = fundingInput.safeParse(raw ?? {});
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join(".") || "form"] ??= issue.message;
    throw new AppError("invalid_input", Object.values(fields)[0] ?? fundingMessages.needOne, fields);
  }
  refuseControlCharacters(raw);
  const sources = parsed.data.sources.map(
    (s): FundingSource => ({
      kind: s.kind,
      amount: s.amount,
      currency: s.currency,
      proof: s.proof ?? null,
      heldSince: s.heldSince ?? null,
      statementDate: s.statementDate ?? null,
    }),
  );
  const rates = await rateTable(db);
  const missing = sources.findIndex((s) => s.currency !== "INR" && !rates.has(s.currency));
  if (missing >= 0) {
    const currency = sources[missing]?.currency ?? "";
    const listed = ["INR", ...[...rates.keys()].filter((c) => c !== "INR").sort()].join(", ");
    const message = fundingMessages.noRate(currency, listed);
    throw new AppError("invalid_input", message, { [`sources.${missing}.currency`]: message });
  }
  return sources;
}

/** Writes the plan's sources whole (what was saved before is replaced only by a plan that passed the checks). */
export async function writeFundingSources(
  db: Pick<Database, "insert">,
  studentId: number,
  sources: readonly FundingSource[],
  now: Date,
) {
  const stored: StoredFundingSource[] = sources.map((s) => ({ ...s }));
  await db
    .insert(fundingPlans)
    .values({ studentId, sources: stored, updatedAt: now })
    .onConflictDoUpdate({ target: fundingPlans.studentId, set: { sources: stored, updatedAt: now } });
}

/**
 * The student saves their plan from its page: read, checked, then written whole, only over the plan the
 * form was built from when it says which (`updatedAt`, as the SOP draft's revision in modules/statements):
 * a plan changed since (the visa form in another tab) is refused with 409, never written over.
 */
export async function saveFundingPlan(deps: { db: Database; now?: () => Date }, studentId: number, raw: unknown) {
  const sources = await readFundingInput(deps.db, raw);
  const now = deps.now?.() ?? new Date();
  const read = fundingInput.shape.updatedAt.safeParse((raw as { updatedAt?: unknown } | null)?.updatedAt);
  const expected = read.success ? read.data : undefined;
  if (expected === undefined) {
    await writeFundingSources(deps.db, studentId, sources, now);
    return fundingPlanOf(deps.db, studentId);
  }
  const stored: StoredFundingSource[] = sources.map((s) => ({ ...s }));
  const written =
    expected === null
      ? await deps.db
          .insert(fundingPlans)
          .values({ studentId, sources: stored, updatedAt: now })
          .onConflictDoNothing()
          .returning({ studentId: fundingPlans.studentId })
      : await deps.db
          .update(fundingPlans)
          .set({ sources: stored, updatedAt: now })
          .where(
            and(
              eq(fundingPlans.studentId, studentId),
              // Compared to the millisecond, the precision the page's ISO time carries.
              sql`date_trunc('milliseconds', ${fundingPlans.updatedAt}) = ${new Date(expected).toISOString()}::timestamptz`,
            ),
          )
          .returning({ studentId: fundingPlans.studentId });
  if (!written.length) throw new AppError("conflict", fundingMessages.stale);
  return fundingPlanOf(deps.db, studentId);
}

/**
 * One row of the funding page's form: each saved source on its own row (two family-savings accounts are two
 * rows), an empty row for each usual kind not saved yet, and one row to add another source of any kind. A
 * saved source's dates (the visa form's 28-day rule) travel with its row, so saving from the page keeps them.
 */
export interface FundingFormRow {
  /** null on the row that adds another source: the student chooses its kind. */
  kind: FundSourceKind | null;
  amount: string;
  currency: string;
  proof: string;
  heldSince: string;
  statementDate: string;
}

const indianFigures = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 });

/** The rows the funding page shows for a plan, in the order of the form's fields (`row-0-amount`, ...). */
export function fundingFormRows(plan: FundingPlan): FundingFormRow[] {
  const empty = { amount: "", currency: "INR", proof: "", heldSince: "", statementDate: "" };
  const saved = plan.sources.map(
    (s): FundingFormRow => ({
      kind: s.kind,
      amount: indianFigures.format(s.amount),
      currency: s.currency,
      proof: s.proof ?? "",
      heldSince: s.heldSince ?? "",
      statementDate: s.statementDate ?? "",
    }),
  );
  const kept = new Set(plan.sources.map((s) => s.kind));
  const usual = usualFundSourceKinds.filter((kind) => !kept.has(kind)).map((kind): FundingFormRow => ({ kind, ...empty }));
  const another = saved.length < fundingSourcesAtMost ? [{ kind: null, ...empty }] : [];
  return [...saved, ...usual, ...another];
}

/**
 * The funding page's form as the plan's input: each row with an amount is one source, with the dates its row
 * carried; `rowOf[i]` is the form row of source i, for marking a refused field on its row.
 */
export function fundingFormSources(form: Record<string, string>) {
  const sources: Record<string, string>[] = [];
  const rowOf: number[] = [];
  for (let row = 0; `row-${row}-amount` in form; row++) {
    const field = (name: string) => form[`row-${row}-${name}`] ?? "";
    const amount = field("amount").trim();
    if (!amount) continue;
    sources.push({
      kind: field("kind"),
      amount,
      currency: field("currency") || "INR",
      proof: field("proof"),
      heldSince: field("held-since"),
      statementDate: field("statement-date"),
    });
    rowOf.push(row);
  }
  return { sources, rowOf };
}

/** The plan in rupees at the rate table's rates: the total, and the sources whose currency has no rate (left out, named). */
export function fundingInRupees(
  plan: { sources: readonly Pick<FundingSource, "amount" | "currency">[] },
  rupeesPer: (currency: string) => number | undefined,
): { rupees: number; unconverted: string[] } {
  let rupees = 0;
  const unconverted: string[] = [];
  for (const source of plan.sources) {
    const rate = source.currency === "INR" ? 1 : rupeesPer(source.currency);
    if (rate === undefined) unconverted.push(source.currency);
    else rupees += source.amount * rate;
  }
  return { rupees: Math.round(rupees), unconverted };
}

export function createFundingService(deps: { db: Database; now?: () => Date }) {
  return {
    plan: (studentId: number) => fundingPlanOf(deps.db, studentId),
    /** The amounts read back before saving (decision 0079). */
    readBack: (raw: unknown) => readFundingInput(deps.db, raw),
    save: (studentId: number, raw: unknown) => saveFundingPlan(deps, studentId, raw),
  };
}
export type FundingService = ReturnType<typeof createFundingService>;

/** The plan for the student's data export (decision 0024). */
export const fundingDataForExport = (db: Database, studentId: number) => fundingPlanOf(db, studentId);
