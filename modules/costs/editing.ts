import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  EXCHANGE_RATE_SOURCE_MAX_LENGTH,
  LIVING_COST_MAX,
  LIVING_COST_SOURCE_MAX_LENGTH,
  costMessages as m,
} from "../../vocabulary/costs.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import { recordAudit } from "../audit-log.ts";
import { countries } from "../catalogue/tables.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { calendarDay, personName, wholeNumber } from "../fields.ts";
import { authorize, canManageCatalogue, type StaffMember } from "../policies.ts";
import { parseInput } from "../validation.ts";
import { exchangeRates, livingCosts } from "./tables.ts";

/**
 * Admins keep the figures behind the rupee amounts (decision 0025): each currency's rate with its source
 * and day, and each country's living costs with their source and year. Every change is audited with its
 * before and after, and the public cache forgets at once (pages show rupees).
 */

const currencyCode = z
  .string({ error: m.currency })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, m.currency);

export const exchangeRateInput = z.object({
  currency: currencyCode,
  rupeesPerUnit: z.coerce.number({ error: m.rate }).refine((n) => Number.isFinite(n) && n > 0 && n < 1_000_000, m.rate),
  source: personName(m.rateSource, EXCHANGE_RATE_SOURCE_MAX_LENGTH),
  rateDate: calendarDay(m.rateDate),
});

export const livingCostInput = z.object({
  amountPerYear: wholeNumber(m.livingAmount, 0, LIVING_COST_MAX),
  currency: currencyCode,
  source: personName(m.livingSource, LIVING_COST_SOURCE_MAX_LENGTH),
  year: z.coerce.number({ error: m.livingYear }).int(m.livingYear).min(2000, m.livingYear),
});

export interface ConsoleRate {
  currency: string;
  rupeesPerUnit: number;
  source: string;
  rateDate: string;
  updatedAt: Date;
}

export interface ConsoleLivingCost {
  countryId: number;
  country: string;
  /** The country's fees' currency: the living costs' usual currency too. */
  feeCurrency: string;
  figure: { amountPerYear: number; currency: string; source: string; year: number; updatedAt: Date } | null;
}

/** The India day by the console's clock: a rate's day may not come after it (decision 0109). */
const today = (deps: StaffDeps) => indianDay(nowOf(deps));

export async function consoleRates(deps: StaffDeps, member: StaffMember): Promise<ConsoleRate[]> {
  authorize(canManageCatalogue, member);
  return deps.db
    .select({
      currency: exchangeRates.currency,
      rupeesPerUnit: sql<number>`${exchangeRates.rupeesPerUnit}::float8`,
      source: exchangeRates.source,
      rateDate: exchangeRates.rateDate,
      updatedAt: exchangeRates.updatedAt,
    })
    .from(exchangeRates)
    .orderBy(asc(exchangeRates.currency));
}

/** Sets a currency's rate (a new currency or a new day's rate for one already there); audited. */
export async function saveExchangeRate(deps: StaffDeps, member: StaffMember, raw: unknown): Promise<ConsoleRate> {
  authorize(canManageCatalogue, member);
  const input = parseInput(exchangeRateInput, raw);
  if (input.rateDate > today(deps)) throw new AppError("invalid_input", m.rateDate, { rateDate: m.rateDate });
  const values = { ...input, rupeesPerUnit: String(input.rupeesPerUnit), updatedAt: nowOf(deps) };
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ rupeesPerUnit: exchangeRates.rupeesPerUnit, source: exchangeRates.source, rateDate: exchangeRates.rateDate })
      .from(exchangeRates)
      .where(eq(exchangeRates.currency, input.currency))
      .for("update");
    await tx
      .insert(exchangeRates)
      .values(values)
      .onConflictDoUpdate({
        target: exchangeRates.currency,
        set: {
          rupeesPerUnit: values.rupeesPerUnit,
          source: values.source,
          rateDate: values.rateDate,
          updatedAt: values.updatedAt,
        },
      });
    await recordAudit(tx, member, {
      action: "exchange_rate.saved",
      subjectType: "exchange_rate",
      subjectId: input.currency,
      before: before ?? null,
      after: { rupeesPerUnit: values.rupeesPerUnit, source: values.source, rateDate: values.rateDate },
    });
  });
  const saved = (await consoleRates(deps, member)).find((r) => r.currency === input.currency);
  if (!saved) throw new Error("saved rate not found");
  return saved;
}

/** Every country (shown or hidden) with its living-cost figure, or none yet, in the site's order. */
export async function consoleLivingCosts(deps: StaffDeps, member: StaffMember): Promise<ConsoleLivingCost[]> {
  authorize(canManageCatalogue, member);
  const rows = await deps.db
    .select({
      countryId: countries.id,
      country: countries.name,
      feeCurrency: countries.currency,
      amountPerYear: livingCosts.amountPerYear,
      currency: livingCosts.currency,
      source: livingCosts.source,
      year: livingCosts.year,
      updatedAt: livingCosts.updatedAt,
    })
    .from(countries)
    .leftJoin(livingCosts, eq(livingCosts.countryId, countries.id))
    .orderBy(asc(countries.sortOrder), asc(countries.name));
  return rows.map(({ amountPerYear, currency, source, year, updatedAt, ...country }) => ({
    ...country,
    figure:
      amountPerYear !== null && currency !== null && source !== null && year !== null && updatedAt !== null
        ? { amountPerYear, currency, source, year, updatedAt }
        : null,
  }));
}

/** Sets a country's living costs; audited. */
export async function saveLivingCost(
  deps: StaffDeps,
  member: StaffMember,
  countryId: number,
  raw: unknown,
): Promise<ConsoleLivingCost> {
  authorize(canManageCatalogue, member);
  const input = parseInput(livingCostInput, raw);
  const nextYear = nowOf(deps).getUTCFullYear() + 1;
  if (input.year > nextYear) throw new AppError("invalid_input", m.livingYear, { year: m.livingYear });
  const values = { ...input, countryId, updatedAt: nowOf(deps) };
  await deps.db.transaction(async (tx) => {
    const [country] = await tx.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId));
    if (!country) throw new AppError("not_found", m.noSuchCountry);
    const [before] = await tx
      .select({
        amountPerYear: livingCosts.amountPerYear,
        currency: livingCosts.currency,
        source: livingCosts.source,
        year: livingCosts.year,
      })
      .from(livingCosts)
      .where(eq(livingCosts.countryId, countryId))
      .for("update");
    await tx
      .insert(livingCosts)
      .values(values)
      .onConflictDoUpdate({
        target: livingCosts.countryId,
        set: {
          amountPerYear: values.amountPerYear,
          currency: values.currency,
          source: values.source,
          year: values.year,
          updatedAt: values.updatedAt,
        },
      });
    await recordAudit(tx, member, {
      action: "living_cost.saved",
      subjectType: "country",
      subjectId: countryId,
      before: before ?? null,
      after: input,
    });
  });
  const saved = (await consoleLivingCosts(deps, member)).find((c) => c.countryId === countryId);
  if (!saved) throw new AppError("not_found", m.noSuchCountry);
  return saved;
}
