import { z } from "zod";
import { SEARCH_TERM_MAX_LENGTH } from "../../vocabulary/catalogue.ts";
import { parseInput } from "../validation.ts";

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
const pageInput = z.object({ page: pageSchema });
const searchTermInput = z.object({ term: searchTermSchema });
export const parsePage = (value: unknown) => parseInput(pageInput, { page: value ?? 1 }).page;
export const parseSearchTerm = (value: unknown) => parseInput(searchTermInput, { term: value }).term;
