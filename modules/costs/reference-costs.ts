import { z } from "zod";
import { readReferenceData } from "../reference-data.ts";
import livingData from "./reference-living-costs.json" with { type: "json" };
import ratesData from "./reference-rates.json" with { type: "json" };

/**
 * The costs a new database starts with (decisions 0025 and 0041), read from `reference-rates.json` and
 * `reference-living-costs.json` (decision 0052), which name their sources and when they were checked.
 * Admins update them in the console (/staff/costs).
 */
const referenceRateSchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  rupeesPerUnit: z.number().positive(),
  source: z.string().min(1),
  rateDate: z.iso.date(),
});
export type ReferenceRate = z.infer<typeof referenceRateSchema>;

const rates = readReferenceData("modules/costs/reference-rates.json", ratesData, {
  withoutConfirmedRate: z.array(z.string().regex(/^[A-Z]{3}$/)),
  withoutConfirmedRateNote: z.string(),
  oldSeedDay: z.iso.date(),
  oldSeedDayNote: z.string(),
  rates: z.array(referenceRateSchema).min(1),
});

export const referenceRates: ReferenceRate[] = rates.rates;
/** The day the first seed's unchecked rates claimed (decision 0025); a row still carrying it is replaced at start. */
export const OLD_SEED_DAY = rates.oldSeedDay;
/** The demo catalogue's currencies with no confirmed rate: no rupee amount is shown for them until an admin enters one. */
export const currenciesWithoutConfirmedRate: readonly string[] = rates.withoutConfirmedRate;

const referenceLivingCostSchema = z.object({
  /** The catalogue country's name (the demo catalogue's spelling). */
  country: z.string().min(1),
  amountPerYear: z.int().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  source: z.string().min(1),
  year: z.int().min(2000),
});
export type ReferenceLivingCost = z.infer<typeof referenceLivingCostSchema>;

/**
 * A year's living costs (rent, food, transport, insurance; not tuition). Where a government sets the
 * funds a student visa needs, that figure is used and named; elsewhere the row says it is Ignite's
 * estimate from the named guide's monthly figure.
 */
export const referenceLivingCosts: ReferenceLivingCost[] = readReferenceData(
  "modules/costs/reference-living-costs.json",
  livingData,
  { livingCosts: z.array(referenceLivingCostSchema).min(1) },
).livingCosts;
