import { and, asc, eq, inArray, like, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import type { CourseMode, FeePeriod } from "../../vocabulary/catalogue.ts";
import { countries } from "../catalogue/tables.ts";
import { changePublicSide, type StaffDeps } from "../deps.ts";
import type { StaffMember } from "../policies.ts";
import { consoleLivingCosts, consoleRates, saveExchangeRate, saveLivingCost } from "./editing.ts";
import { OLD_SEED_DAY, referenceLivingCosts, referenceRates } from "./reference-costs.ts";
import { exchangeRates, livingCosts } from "./tables.ts";

/**
 * Costs in rupees (decision 0025): a fee in its own currency and about what it makes in rupees, from
 * the exchange-rate table (each rate with its source and the day it holds for), and the estimate of a
 * whole degree: tuition over the course's duration plus a year's living costs in its country per year.
 */

export interface ExchangeRate {
  currency: string;
  rupeesPerUnit: number;
  source: string;
  /** YYYY-MM-DD */
  rateDate: string;
}

/** The exchange-rate table by currency code. */
export type RateTable = ReadonlyMap<string, ExchangeRate>;

export interface LivingCost {
  countryId: number;
  country: string;
  amountPerYear: number;
  currency: string;
  source: string;
  year: number;
}

/** An amount in its own currency and, when the table has its currency's rate, in rupees with that rate. */
export interface Converted {
  amount: number;
  currency: string;
  rupees: number | null;
  rate: ExchangeRate | null;
}

export function toRupees(amount: number, currency: string, rates: RateTable): Converted {
  const rate = rates.get(currency.toUpperCase()) ?? null;
  return { amount, currency, rupees: rate ? amount * rate.rupeesPerUnit : null, rate };
}

/** Semesters in a year, for fees given per semester. */
export const SEMESTERS_PER_YEAR = 2;

export interface DegreeCost {
  years: number;
  /** The tuition over the whole course: per year times years, per semester times two a year, or the total as given. */
  tuition: Converted & { perPeriod: number; period: FeePeriod };
  /** A year's living costs times the years; null when the country has no figure or the course is online. */
  living: (Converted & { perYear: number; source: string; year: number }) | null;
  /** Why living costs are left out: an online course, or no figure for the country. */
  livingLeftOut: "online" | "no figure" | null;
  /** Tuition plus living costs in rupees; null when a rate is missing. */
  totalRupees: number | null;
}

/** The estimated cost of a whole course, its parts shown (decision 0025 says how each is reckoned). */
export function degreeCost(
  course: { durationMonths: number; mode: CourseMode; fee: { amount: number; currency: string; period: FeePeriod } },
  living: Pick<LivingCost, "amountPerYear" | "currency" | "source" | "year"> | null,
  rates: RateTable,
): DegreeCost {
  const years = course.durationMonths / 12;
  const perPeriod = course.fee.amount;
  const tuitionAmount =
    course.fee.period === "total"
      ? perPeriod
      : course.fee.period === "year"
        ? perPeriod * years
        : perPeriod * SEMESTERS_PER_YEAR * years;
  const tuition = { ...toRupees(tuitionAmount, course.fee.currency, rates), perPeriod, period: course.fee.period };
  const livingLeftOut = course.mode === "Online" ? "online" : living ? null : "no figure";
  const livingPart =
    living && livingLeftOut === null
      ? {
          ...toRupees(living.amountPerYear * years, living.currency, rates),
          perYear: living.amountPerYear,
          source: living.source,
          year: living.year,
        }
      : null;
  const parts = [tuition, ...(livingPart ? [livingPart] : [])];
  const totalRupees = parts.every((p) => p.rupees !== null) ? parts.reduce((sum, p) => sum + (p.rupees ?? 0), 0) : null;
  return { years, tuition, living: livingPart, livingLeftOut, totalRupees };
}

const rateColumns = {
  currency: exchangeRates.currency,
  rupeesPerUnit: sql<number>`${exchangeRates.rupeesPerUnit}::float8`,
  source: exchangeRates.source,
  rateDate: exchangeRates.rateDate,
};

/** The rates of these currencies that the table has, each once, for a page's rupee amounts and its note. */
export function ratesFor(rates: RateTable, currencies: Iterable<string>): ExchangeRate[] {
  return [...new Set([...currencies].map((c) => c.toUpperCase()))].sort().flatMap((c) => {
    const rate = rates.get(c);
    return rate ? [rate] : [];
  });
}

export async function listRates(db: Database): Promise<ExchangeRate[]> {
  return db.select(rateColumns).from(exchangeRates).orderBy(asc(exchangeRates.currency));
}

export async function rateTable(db: Database): Promise<RateTable> {
  return new Map((await listRates(db)).map((rate) => [rate.currency, rate]));
}

const livingColumns = {
  countryId: livingCosts.countryId,
  country: countries.name,
  amountPerYear: livingCosts.amountPerYear,
  currency: livingCosts.currency,
  source: livingCosts.source,
  year: livingCosts.year,
};

/** The living-cost table, shown countries only, in the site's order. */
export async function listLivingCosts(db: Database): Promise<LivingCost[]> {
  return db
    .select(livingColumns)
    .from(livingCosts)
    .innerJoin(countries, eq(countries.id, livingCosts.countryId))
    .where(eq(countries.visible, true))
    .orderBy(asc(countries.sortOrder), asc(countries.name));
}

/** A country's living costs, by its name as the catalogue gives it on a course; null without a figure. */
export async function livingCostIn(db: Database, countryName: string): Promise<LivingCost | null> {
  return (await livingCostsIn(db, [countryName])).get(countryName) ?? null;
}

/**
 * The living costs of these countries (by their names as the catalogue gives them on a course), in one query
 * whatever their number (decision 0087): by name, a country without a figure left out.
 */
export async function livingCostsIn(db: Database, countryNames: Iterable<string>): Promise<Map<string, LivingCost>> {
  const names = [...new Set(countryNames)];
  if (!names.length) return new Map();
  const rows = await db
    .select(livingColumns)
    .from(livingCosts)
    .innerJoin(countries, eq(countries.id, livingCosts.countryId))
    .where(inArray(countries.name, names));
  return new Map(rows.map((row) => [row.country, row]));
}

/**
 * A new database's rates and living costs (modules/costs/reference-costs.ts): the rates when the table
 * is empty, and a living-cost figure for each catalogue country of the reference's names that has none
 * (so a start after the demo catalogue is seeded fills them; a figure an admin changed stays). Returns
 * how many rows it added.
 *
 * A rate still as the first seed wrote it (of 2 January 2025, its source ending "(approx.)", never
 * checked: decision 0041) is replaced by the reference's confirmed one, or removed where there is none,
 * so an older database stops showing it; a rate an admin entered stays.
 */
export async function seedReferenceCosts(db: Database): Promise<number> {
  let added = 0;
  const replaced = await db
    .delete(exchangeRates)
    .where(and(eq(exchangeRates.rateDate, OLD_SEED_DAY), like(exchangeRates.source, "%(approx.)")))
    .returning({ currency: exchangeRates.currency });
  if (replaced.length > 0) {
    const confirmed = referenceRates.filter((r) => replaced.some((old) => old.currency === r.currency));
    if (confirmed.length > 0)
      await db
        .insert(exchangeRates)
        .values(confirmed.map((r) => ({ ...r, rupeesPerUnit: String(r.rupeesPerUnit) })))
        .onConflictDoNothing({ target: exchangeRates.currency });
  }
  const [rateCount] = await db.select({ n: sql<number>`count(*)::int` }).from(exchangeRates);
  if ((rateCount?.n ?? 0) === 0) {
    const rows = await db
      .insert(exchangeRates)
      .values(referenceRates.map((r) => ({ ...r, rupeesPerUnit: String(r.rupeesPerUnit) })))
      .returning({ currency: exchangeRates.currency });
    added += rows.length;
  }
  const known = await db.select({ id: countries.id, name: countries.name }).from(countries);
  const idOf = new Map(known.map((c) => [c.name, c.id]));
  const values = referenceLivingCosts.flatMap(({ country, ...figure }) => {
    const countryId = idOf.get(country);
    return countryId === undefined ? [] : [{ countryId, ...figure }];
  });
  if (values.length > 0) {
    const rows = await db
      .insert(livingCosts)
      .values(values)
      .onConflictDoNothing({ target: livingCosts.countryId })
      .returning({ id: livingCosts.countryId });
    added += rows.length;
  }
  return added;
}

/** Costs with their database bound: what route loaders and API handlers receive. */
/** How long read rates are reused before the table is read again: every instance sees an admin's new rate within a second. */
const RATES_FRESH_MS = 1000;

/** Each rate table's rupees per unit, made once per table read. */
const rupeesOf = new WeakMap<RateTable, ReadonlyMap<string, number>>();

export function createCostService(db: Database, now: () => number = Date.now) {
  // The rates every search and course page shows, read at most once a second rather than per page.
  let kept: { table: Promise<RateTable>; at: number } | null = null;
  const currentRates = (): Promise<RateTable> => {
    if (!kept || now() - kept.at >= RATES_FRESH_MS) {
      const table = rateTable(db);
      const read = { table, at: now() };
      kept = read;
      table.catch(() => {
        if (kept === read) kept = null;
      });
    }
    return kept.table;
  };
  return {
    rates: currentRates,
    /** Rupees per unit of each currency the table has (the search's fee filters and order). */
    rupeesPerUnit: async (): Promise<ReadonlyMap<string, number>> => {
      const table = await currentRates();
      let perUnit = rupeesOf.get(table);
      if (!perUnit) {
        perUnit = new Map([...table].map(([currency, rate]) => [currency, rate.rupeesPerUnit]));
        rupeesOf.set(table, perUnit);
      }
      return perUnit;
    },
    /** The rates a page of courses needs: its fees' currencies. */
    ratesFor: async (currencies: Iterable<string>) => ratesFor(await currentRates(), currencies),
    listRates: () => listRates(db),
    listLivingCosts: () => listLivingCosts(db),
    /** The estimate of a whole course in its country. */
    degreeCost: async (course: Parameters<typeof degreeCost>[0] & { university: { country: { name: string } } }) => {
      const [rates, living] = await Promise.all([currentRates(), livingCostIn(db, course.university.country.name)]);
      return degreeCost(course, living, rates);
    },
    /** An admin changed the rates here or on another instance: the next page reads them afresh. */
    forget: () => {
      kept = null;
    },
  };
}

export type CostService = ReturnType<typeof createCostService>;

/** The figures behind rupee amounts as admins keep them (decision 0025): exchange rates and living costs. */
export const costsConsole = (deps: StaffDeps) => ({
  rates: (actor: StaffMember) => consoleRates(deps, actor),
  saveRate: (actor: StaffMember, raw: unknown) => changePublicSide(deps, () => saveExchangeRate(deps, actor, raw)),
  livingCosts: (actor: StaffMember) => consoleLivingCosts(deps, actor),
  saveLivingCost: (actor: StaffMember, countryId: number, raw: unknown) =>
    changePublicSide(deps, () => saveLivingCost(deps, actor, countryId, raw)),
});
