import { z } from "zod";
import { courseLevels, courseModes, SEARCH_TERM_MAX_LENGTH } from "../../vocabulary/catalogue.ts";
import { parseInput } from "../validation.ts";
import { type CourseFilters, type CourseSort, courseSorts, type DurationBand, durationBands } from "./course-filters.ts";

/** Page numbers start at 1; anything else is the visitor's mistake, not ours. */
export const pageSchema = z.coerce
  .number({ error: "Page must be a whole number from 1" })
  .int("Page must be a whole number from 1")
  .min(1, "Page must be a whole number from 1")
  .max(100_000, "Page is too large");

export const searchTermSchema = z
  .string()
  .trim()
  .min(1, "Enter something to search for")
  .max(SEARCH_TERM_MAX_LENGTH, `Search terms can be at most ${SEARCH_TERM_MAX_LENGTH} characters`);

// Built once: zod compiles an object schema on its first use, so one made per call cost every request that.
const pageParamSchema = z.object({ page: pageSchema });
const searchTermParamSchema = z.object({ term: searchTermSchema });
export const parsePage = (value: unknown) => parseInput(pageParamSchema, { page: value ?? 1 }).page;
export const parseSearchTerm = (value: unknown) => parseInput(searchTermParamSchema, { term: value }).term;

/**
 * The filters of a page's address read and checked (decision 0030), on the server: the filter form in
 * the browser loads course-filters.ts without zod.
 */

const MAX_FEE = 1_000_000_000;
const byLowerCase = <T extends string>(values: readonly T[]) => new Map(values.map((v) => [v.toLowerCase(), v]));
const levelsByKey = byLowerCase(courseLevels);
const modesByKey = byLowerCase(courseModes);

const optionalText = z
  .string()
  .trim()
  .max(100)
  .transform((v) => v.toLowerCase())
  .optional();
const rupees = (what: string) =>
  z.coerce
    .number({ error: `${what} must be an amount in rupees` })
    .int(`${what} must be a whole number of rupees`)
    .min(0, `${what} must be an amount in rupees`)
    .max(MAX_FEE, `${what} is too large`)
    .optional();
const intakeMonth = "Choose an intake month from the list";

const courseFiltersSchema = z
  .object({
    country: optionalText,
    level: optionalText.refine((v) => !v || levelsByKey.has(v), "Choose a level from the list"),
    mode: optionalText.refine((v) => !v || modesByKey.has(v), "Choose a mode from the list"),
    duration: optionalText.refine((v) => !v || durationBands.some((b) => b.key === v), "Choose a duration from the list"),
    intake: z.coerce.number({ error: intakeMonth }).int(intakeMonth).min(1, intakeMonth).max(12, intakeMonth).optional(),
    fee_min: rupees("The lowest fee"),
    fee_max: rupees("The highest fee"),
    sort: optionalText.refine((v) => !v || (courseSorts as readonly string[]).includes(v), "Choose an order from the list"),
  })
  .refine((f) => f.fee_min === undefined || f.fee_max === undefined || f.fee_min <= f.fee_max, {
    message: "The lowest fee must not be above the highest",
    path: ["fee_max"],
  });

/** The filters of a page's address. A value not in its list is the visitor's mistake (a 400 with the reason). */
export function parseCourseFilters(params: URLSearchParams): CourseFilters {
  const given = Object.fromEntries(
    ["country", "level", "mode", "duration", "intake", "fee_min", "fee_max", "sort"].flatMap((key) => {
      const value = params.get(key);
      return value === null || value === "" ? [] : [[key, value]];
    }),
  );
  const parsed = parseInput(courseFiltersSchema, given);
  return {
    ...(parsed.country ? { country: parsed.country } : {}),
    ...(parsed.level ? { level: levelsByKey.get(parsed.level) } : {}),
    ...(parsed.mode ? { mode: modesByKey.get(parsed.mode) } : {}),
    ...(parsed.duration ? { duration: parsed.duration as DurationBand } : {}),
    ...(parsed.intake !== undefined ? { intake: parsed.intake } : {}),
    ...(parsed.fee_min !== undefined ? { feeMin: parsed.fee_min } : {}),
    ...(parsed.fee_max !== undefined ? { feeMax: parsed.fee_max } : {}),
    sort: (parsed.sort as CourseSort | undefined) ?? "relevance",
  };
}
