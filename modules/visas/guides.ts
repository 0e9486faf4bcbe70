import { asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../platform/db/client.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import { FIGURE_FRESH_DAYS } from "../../vocabulary/visas.ts";
import { recordAudit } from "../audit-log.ts";
import { countries } from "../catalogue/tables.ts";
import { type RateTable, rateTable } from "../costs/costs.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { calendarDay } from "../fields.ts";
import { authorize, canEditVisaGuides, canSeeStudents, type StaffMember } from "../policies.ts";
import { parseInput } from "../validation.ts";
import { referenceGuides } from "./reference-guides.ts";
import type { FundsRule, GuideFigure, ReferenceGuide } from "./reference-types.ts";
import { visaGuides } from "./tables.ts";

export { FIGURE_FRESH_DAYS };

const DAY_MS = 86_400_000;

export interface ShownFigure extends GuideFigure {
  /** Its amount in rupees at the rate table's rate, with the rate's day; null without a rate. */
  rupees: number | null;
  rateDate: string | null;
  /** Whole days since it was checked. */
  ageDays: number;
  old: boolean;
}

/** A funds rule as the check uses it: its amounts read from the guide's figures, and whether they are confirmed. */
export interface ShownFundsRule extends FundsRule {
  confirmed: boolean;
}

export interface VisaGuide extends Omit<ReferenceGuide, "figures" | "funds"> {
  countryId: number;
  slug: string;
  code: string;
  figures: ShownFigure[];
  funds: ShownFundsRule | null;
  /** Any figure older than a year, or not confirmed. */
  hasOldFigures: boolean;
  updatedAt: Date;
}

export interface GuideListing {
  country: string;
  slug: string;
  code: string;
  visaName: ReferenceGuide["visaName"];
  hasOldFigures: boolean;
}

/**
 * Adds the reference guides for the catalogue's countries that have none yet, and brings up to date the
 * ones no staff member has edited (decision 0050: a corrected source reaches a running site at its next
 * start; an admin's edit is never overwritten). Answers how many were added.
 */
export async function seedVisaGuides(db: Database): Promise<number> {
  const idOf = await countryIdsByName(db);
  const values = referenceGuides.flatMap((guide) => {
    const countryId = idOf.get(guide.country);
    return countryId === undefined ? [] : [{ countryId, guide }];
  });
  if (!values.length) return 0;
  const existing = new Set((await db.select({ id: visaGuides.countryId }).from(visaGuides)).map((r) => r.id));
  await db
    .insert(visaGuides)
    .values(values)
    .onConflictDoUpdate({
      target: visaGuides.countryId,
      set: { guide: sql`excluded.guide` },
      setWhere: sql`${visaGuides.updatedByStaffId} is null and ${visaGuides.guide} is distinct from excluded.guide`,
    });
  return values.filter((v) => !existing.has(v.countryId)).length;
}

/**
 * The rule with its amounts read from the figures it names, so a figure an admin corrects is the amount
 * the funds check uses, and confirmed only when every figure it reads is.
 */
function ruleOf(rule: FundsRule | null, figures: readonly GuideFigure[]): ShownFundsRule | null {
  if (!rule) return null;
  const main = rule.figureKey ? figures.find((f) => f.key === rule.figureKey) : undefined;
  const capital = rule.capitalFigureKey ? figures.find((f) => f.key === rule.capitalFigureKey) : undefined;
  const shown: ShownFundsRule = { ...rule, confirmed: (main?.confirmed ?? true) && (capital?.confirmed ?? true) };
  if (main && main.currency === rule.currency) {
    if (main.per === "month" && rule.livingPerMonth !== null) shown.livingPerMonth = main.amount;
    if (main.per === "year" && rule.livingPerYear !== null) shown.livingPerYear = main.amount;
  }
  if (capital && capital.currency === rule.currency && capital.per === "month") shown.livingPerMonthInCapital = capital.amount;
  return shown;
}

const ageOf = (checkedOn: string, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - Date.parse(`${checkedOn}T00:00:00Z`)) / DAY_MS));

function present(
  row: { countryId: number; slug: string; code: string; guide: unknown; updatedAt: Date },
  rates: RateTable,
  now: Date,
): VisaGuide {
  const guide = row.guide as ReferenceGuide;
  const figures = guide.figures.map((figure): ShownFigure => {
    const rate = figure.currency === "INR" ? null : (rates.get(figure.currency) ?? null);
    const ageDays = ageOf(figure.checkedOn, now);
    return {
      ...figure,
      // A guide stored before figures carried their page's own date has none (decision 0050).
      sourceDate: figure.sourceDate ?? null,
      rupees: figure.currency === "INR" ? figure.amount : rate ? Math.round(figure.amount * rate.rupeesPerUnit) : null,
      rateDate: rate?.rateDate ?? null,
      ageDays,
      old: ageDays > FIGURE_FRESH_DAYS,
    };
  });
  return {
    ...guide,
    countryId: row.countryId,
    slug: row.slug,
    code: row.code,
    figures,
    funds: ruleOf(guide.funds, guide.figures),
    hasOldFigures: figures.some((f) => f.old || !f.confirmed),
    updatedAt: row.updatedAt,
  };
}

const guideColumns = {
  countryId: visaGuides.countryId,
  slug: countries.slug,
  code: countries.code,
  guide: visaGuides.guide,
  updatedAt: visaGuides.updatedAt,
};

/** Every destination with a guide, in the catalogue's country order (hidden countries left out). */
export async function listGuides(db: Database, now: Date): Promise<GuideListing[]> {
  const [rows, rates] = await Promise.all([
    db
      .select(guideColumns)
      .from(visaGuides)
      .innerJoin(countries, eq(countries.id, visaGuides.countryId))
      .where(eq(countries.visible, true))
      .orderBy(asc(countries.sortOrder), asc(countries.name)),
    rateTable(db),
  ]);
  return rows.map((row) => {
    const guide = present(row, rates, now);
    return {
      country: guide.country,
      slug: guide.slug,
      code: guide.code,
      visaName: guide.visaName,
      hasOldFigures: guide.hasOldFigures,
    };
  });
}

/** A destination's guide by the country's slug, name or alias; null when the country has none. */
export async function guideByCountryId(db: Database, countryId: number, now: Date): Promise<VisaGuide | null> {
  return (await guidesByCountryIds(db, [countryId], now)).get(countryId) ?? null;
}

/**
 * These destinations' guides, by country id, in one query whatever their number (decision 0087), with the
 * rate table given or read once; a country without a guide is left out.
 */
export async function guidesByCountryIds(
  db: Database,
  countryIds: Iterable<number>,
  now: Date,
  rates?: RateTable,
): Promise<Map<number, VisaGuide>> {
  const ids = [...new Set(countryIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .select(guideColumns)
    .from(visaGuides)
    .innerJoin(countries, eq(countries.id, visaGuides.countryId))
    .where(inArray(visaGuides.countryId, ids));
  if (!rows.length) return new Map();
  const table = rates ?? (await rateTable(db));
  return new Map(rows.map((row) => [row.countryId, present(row, table, now)]));
}

/** The visible country a visitor named (slug, name or alias, any case), or null. */
export async function countryNamed(db: Database, name: string) {
  const wanted = name.trim().toLowerCase();
  if (!wanted || wanted.length > 80) return null;
  const [row] = await db
    .select({ id: countries.id, name: countries.name, slug: countries.slug, code: countries.code, currency: countries.currency })
    .from(countries)
    .where(
      sql`${countries.visible} and (${countries.slug} = ${wanted} or lower(${countries.name}) = ${wanted} or ${wanted} = any(${countries.aliases}))`,
    );
  return row ?? null;
}

/** The catalogue's countries by name: the reference guides and question banks are seeded for those it has. */
export async function countryIdsByName(db: Database): Promise<Map<string, number>> {
  const known = await db.select({ id: countries.id, name: countries.name }).from(countries);
  return new Map(known.map((c) => [c.name, c.id]));
}

/** Whether the catalogue has a country with this id, shown to visitors or not. */
export async function countryExists(db: Database, countryId: number): Promise<boolean> {
  const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId));
  return row !== undefined;
}

// --- the console: admins keep the figures and the words ---------------------------------------------

const words = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);

export const visaFigureInput = z.object({
  key: z.string().trim().min(1).max(40),
  amount: z.coerce
    .number({ error: "Enter the amount" })
    .refine((n) => Number.isFinite(n) && n >= 0 && n < 100_000_000, "Enter the amount"),
  currency: z
    .string({ error: "Enter a three-letter currency code" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "Enter a three-letter currency code"),
  source: words("Name the source", 200),
  sourceUrl: z
    .string({ error: "Enter the official page's address" })
    .trim()
    .url("Enter the official page's address")
    .refine((u) => u.startsWith("https://"), "Enter the official page's https address"),
  sourceDate: z.preprocess(
    (v) => (v === "" || v === undefined ? null : v),
    calendarDay("Enter the page's own date, or leave it blank when the page shows none").nullable(),
  ),
  checkedOn: calendarDay("Enter the day you checked it"),
  confirmed: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()),
});

export const visaGuideWordsInput = z.object({
  summaryEn: words("Write the summary in English", 1000),
  summaryHi: words("Write the summary in Hindi", 1000),
});

export interface ConsoleGuide {
  countryId: number;
  country: string;
  slug: string;
  guide: VisaGuide;
}

export async function consoleGuides(deps: StaffDeps, actor: StaffMember): Promise<ConsoleGuide[]> {
  authorize(canSeeStudents, actor);
  const rows = await deps.db
    .select({ ...guideColumns, name: countries.name })
    .from(visaGuides)
    .innerJoin(countries, eq(countries.id, visaGuides.countryId))
    .orderBy(asc(countries.name));
  const rates = await rateTable(deps.db);
  const now = nowOf(deps);
  return rows.map((row) => ({ countryId: row.countryId, country: row.name, slug: row.slug, guide: present(row, rates, now) }));
}

async function changeGuide(
  deps: StaffDeps,
  actor: StaffMember,
  countryId: number,
  change: (guide: ReferenceGuide) => ReferenceGuide,
  action: string,
) {
  authorize(canEditVisaGuides, actor);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(visaGuides).where(eq(visaGuides.countryId, countryId)).for("update");
    if (!row) throw new AppError("not_found", "This country has no visa guide.");
    const before = row.guide as ReferenceGuide;
    const after = change(before);
    await tx
      .update(visaGuides)
      .set({ guide: after, updatedAt: nowOf(deps), updatedByStaffId: actor.staffId })
      .where(eq(visaGuides.countryId, countryId));
    await recordAudit(tx, actor, { action, subjectType: "visa_guide", subjectId: countryId, before, after });
  });
}

/** An admin corrects one figure: its amount, currency, source, the day it was checked and whether it is confirmed. */
export async function saveGuideFigure(deps: StaffDeps, actor: StaffMember, countryId: number, raw: unknown) {
  authorize(canEditVisaGuides, actor);
  const input = parseInput(visaFigureInput, raw);
  if (input.checkedOn > indianDay(nowOf(deps))) {
    throw new AppError("invalid_input", "The day you checked it cannot be in the future.", {
      checkedOn: "The day you checked it cannot be in the future.",
    });
  }
  if (input.sourceDate && input.sourceDate > input.checkedOn) {
    throw new AppError("invalid_input", "The page's own date cannot be after the day you checked it.", {
      sourceDate: "The page's own date cannot be after the day you checked it.",
    });
  }
  await changeGuide(
    deps,
    actor,
    countryId,
    (guide) => {
      if (!guide.figures.some((f) => f.key === input.key)) throw new AppError("not_found", "This guide has no such figure.");
      return { ...guide, figures: guide.figures.map((f) => (f.key === input.key ? { ...f, ...input } : f)) };
    },
    "visa_guide.figure_changed",
  );
}

/** An admin rewrites the guide's summary in both languages. */
export async function saveGuideWords(deps: StaffDeps, actor: StaffMember, countryId: number, raw: unknown) {
  authorize(canEditVisaGuides, actor);
  const input = parseInput(visaGuideWordsInput, raw);
  await changeGuide(
    deps,
    actor,
    countryId,
    (guide) => ({ ...guide, summary: { en: input.summaryEn, hi: input.summaryHi } }),
    "visa_guide.changed",
  );
}
