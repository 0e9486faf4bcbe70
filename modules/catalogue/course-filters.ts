import type { CourseLevel, CourseMode, FeePeriod } from "../../vocabulary/catalogue.ts";

/**
 * Filters that narrow a search or a university's courses (decision 0030): destination, level, mode,
 * duration, intake month and tuition per year in rupees, and the order. They live in the page's address
 * (`?level=masters&country=germany&fee_max=2000000&sort=fee`), so a filtered search can be shared and the
 * back button works; the in-process index and the database answer them alike. Read from an address by
 * input.ts (kept apart: the filter form in the browser needs this file, not zod).
 */

/** Durations are offered in these bands (months, inclusive). */
export const durationBands = [
  { key: "1y", label: "1 year or less", min: 0, max: 12 },
  { key: "2y", label: "1 to 2 years", min: 13, max: 24 },
  { key: "3y", label: "2 to 3 years", min: 25, max: 36 },
  { key: "4y", label: "More than 3 years", min: 37, max: 1_000 },
] as const;
export type DurationBand = (typeof durationBands)[number]["key"];

/** The tuition steps offered as "up to" and "from" (rupees a year); the address may carry any amount. */
export const feeSteps = [500_000, 1_000_000, 1_500_000, 2_000_000, 2_500_000, 3_000_000, 4_000_000, 5_000_000] as const;

export const courseSorts = ["relevance", "fee", "duration"] as const;
export type CourseSort = (typeof courseSorts)[number];
export const sortLabels: Record<CourseSort, string> = {
  relevance: "Relevance",
  fee: "Lowest fee",
  duration: "Shortest duration",
};

/** The filters as the address gives them; a missing one does not narrow. */
export interface CourseFilters {
  /** A destination's address name (slug), e.g. "germany". */
  country?: string;
  level?: CourseLevel;
  mode?: CourseMode;
  duration?: DurationBand;
  /** 1..12: courses with an upcoming intake in that month. */
  intake?: number;
  /** Tuition per year in rupees. */
  feeMin?: number;
  feeMax?: number;
  sort: CourseSort;
}

/** The address's query for these filters (only those that narrow; relevance is the default order). */
export function filtersQuery(filters: CourseFilters): [string, string][] {
  const pairs: [string, string][] = [];
  if (filters.country) pairs.push(["country", filters.country]);
  if (filters.level) pairs.push(["level", filters.level.toLowerCase()]);
  if (filters.mode) pairs.push(["mode", filters.mode.toLowerCase()]);
  if (filters.duration) pairs.push(["duration", filters.duration]);
  if (filters.intake) pairs.push(["intake", String(filters.intake)]);
  if (filters.feeMin !== undefined) pairs.push(["fee_min", String(filters.feeMin)]);
  if (filters.feeMax !== undefined) pairs.push(["fee_max", String(filters.feeMax)]);
  if (filters.sort !== "relevance") pairs.push(["sort", filters.sort]);
  return pairs;
}

/** Whether any filter narrows (the order alone does not). */
export const narrows = (filters: CourseFilters) => filtersQuery({ ...filters, sort: "relevance" }).length > 0;

/** The band a duration falls in. */
export const durationBandOf = (months: number): DurationBand =>
  durationBands.find((band) => months >= band.min && months <= band.max)?.key ?? "4y";

/** Semesters in a year, as the cost estimate counts them (modules/costs says the same). */
export const SEMESTERS_PER_YEAR = 2;

/**
 * Tuition per year in the fee's own currency: as given, two semesters, or a total spread over the
 * course's years (a course of under a year counts as one year).
 */
export function annualFee(fee: { amount: number; period: FeePeriod }, durationMonths: number): number {
  if (fee.period === "year") return fee.amount;
  if (fee.period === "semester") return fee.amount * SEMESTERS_PER_YEAR;
  return fee.amount / Math.max(1, durationMonths / 12);
}

/** The filters the index and the database apply: the destination as its id, the rupee rates by currency. */
export interface ResolvedFilters {
  countryId?: number;
  universityId?: number;
  level?: CourseLevel;
  mode?: CourseMode;
  duration?: { min: number; max: number };
  intake?: number;
  feeMin?: number;
  feeMax?: number;
}

/** How many courses each choice of each filter would leave, the other filters held. */
export interface FilterCounts {
  country: Map<number, number>;
  level: Map<CourseLevel, number>;
  mode: Map<CourseMode, number>;
  duration: Map<DurationBand, number>;
  intake: Map<number, number>;
  /** For each fee step: courses up to it (the lowest fee held) and from it (the highest fee held). */
  feeUpTo: Map<number, number>;
  feeFrom: Map<number, number>;
}

export const emptyFilterCounts = (): FilterCounts => ({
  country: new Map(),
  level: new Map(),
  mode: new Map(),
  duration: new Map(),
  intake: new Map(),
  feeUpTo: new Map(),
  feeFrom: new Map(),
});

/** The fee steps the page offers: the fixed ones and any amount the address carries. */
export const feeStepsWith = (...amounts: Array<number | undefined>) =>
  [...new Set([...feeSteps, ...amounts.filter((a): a is number => a !== undefined)])].sort((a, b) => a - b);
