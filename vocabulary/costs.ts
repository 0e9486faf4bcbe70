import { monthNames } from "./applications.ts";

/**
 * Costs in rupees (decision 0025): how an amount in another currency reads in rupees, the words around
 * it, and the limits on what admins enter for exchange rates and living costs.
 */

/** Rupee amounts are approximate: rounded to the nearest hundred rupees. */
export const RUPEE_ROUNDING = 100;

const indianDigits = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/** "₹12,34,500": Indian digit grouping (lakh, crore), rounded to the nearest hundred. */
export function formatRupees(rupees: number): string {
  return `₹${indianDigits.format(Math.round(rupees / RUPEE_ROUNDING) * RUPEE_ROUNDING)}`;
}

/** "2 January 2025" for 2025-01-02 (a date as the database gives it). */
export function formatLongDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return `${day} ${monthNames[(month ?? 1) - 1]} ${year}`;
}

/** An amount in its own currency: "EUR 11,904". */
export function formatMoney(amount: number, currency: string): string {
  return `${currency} ${Math.round(amount).toLocaleString("en-US")}`;
}

/** The words under every rupee amount: "approximately, at the rate of 2 January 2025". */
export const atTheRateOf = (isoDate: string) => `approximately, at the rate of ${formatLongDate(isoDate)}`;

export const EXCHANGE_RATE_SOURCE_MAX_LENGTH = 200;
export const LIVING_COST_SOURCE_MAX_LENGTH = 300;
/** Living costs for a year, in whole units of the currency: at most this much. */
export const LIVING_COST_MAX = 1_000_000_000;

export const costMessages = {
  currency: "Enter a three-letter currency code, e.g. EUR",
  rate: "Enter how many rupees one unit buys: a number above 0",
  rateSource: "Name the rate's source, e.g. RBI reference rate",
  rateDate: "Enter the day the rate holds for (not in the future)",
  rateSaved: (currency: string) => `The rate for ${currency} is saved.`,
  livingAmount: "Enter a year's living costs in whole units (0 or more)",
  livingSource: "Name the source of the living costs, e.g. the visa's funds requirement",
  livingYear: "Enter the year the figure holds for (2000 to next year)",
  livingSaved: (country: string) => `Living costs for ${country} are saved.`,
  noSuchCountry: "No such country.",
  noRate: (currency: string) => `No rupee rate for ${currency} yet`,
  noLivingCost: "No living-cost figure for this country yet",
  onlineNoLiving: "Studied online from home: no living costs abroad",
} as const;
