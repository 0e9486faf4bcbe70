/**
 * Searches that found little (decision 0026): a visitor's search with fewer than FEW_RESULTS courses is
 * kept as its term and time, nothing about who searched, and staff read the terms with their counts.
 */
import { and, asc, count, desc, gte, lt, max, min } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { SEARCH_TERM_MAX_LENGTH } from "../../vocabulary/catalogue.ts";
import { searchMisses } from "./tables.ts";

/** A search with fewer courses than this is recorded. */
export const FEW_RESULTS = 3;
/** The most terms a report lists. */
export const SEARCH_MISSES_LISTED = 50;

/**
 * Keeps a visitor's search when it found fewer than FEW_RESULTS courses; true when it did (the answer is
 * then not kept by a cache, so the next such search is counted too).
 */
export async function recordSearch(db: Database, term: string, results: number, at = new Date()): Promise<boolean> {
  const kept = term.trim().toLowerCase().replace(/\s+/g, " ").slice(0, SEARCH_TERM_MAX_LENGTH);
  if (!kept || results >= FEW_RESULTS) return false;
  await db.insert(searchMisses).values({ term: kept, results, searchedAt: at });
  return true;
}

export interface SearchMiss {
  term: string;
  /** How many times it was searched in the range. */
  searches: number;
  /** The fewest courses it found (0 means none at some time). */
  fewestResults: number;
  lastSearchedAt: Date;
}

/** The terms searched in [from, to) that found little, most searched first. */
export async function listSearchMisses(db: Database, range: { from: Date; to: Date }): Promise<SearchMiss[]> {
  const searches = count();
  const rows = await db
    .select({
      term: searchMisses.term,
      searches,
      fewestResults: min(searchMisses.results),
      lastSearchedAt: max(searchMisses.searchedAt),
    })
    .from(searchMisses)
    .where(and(gte(searchMisses.searchedAt, range.from), lt(searchMisses.searchedAt, range.to)))
    .groupBy(searchMisses.term)
    .orderBy(desc(searches), asc(searchMisses.term))
    .limit(SEARCH_MISSES_LISTED);
  return rows.map((row) => ({
    term: row.term,
    searches: Number(row.searches),
    fewestResults: Number(row.fewestResults ?? 0),
    lastSearchedAt: new Date(row.lastSearchedAt ?? 0),
  }));
}
