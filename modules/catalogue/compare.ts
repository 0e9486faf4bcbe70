import { COMPARE_MAX, compareMessages } from "../../vocabulary/eligibility.ts";
import { AppError } from "../errors.ts";

/**
 * The courses a visitor or student compares (decision 0027): up to three course ids, kept in a cookie
 * ("12.345.6789") so the choice survives a reload without an account. The cookie is the visitor's to
 * change, so it is read strictly: anything but up to three distinct positive ids is ignored, part by part.
 */
const MAX_ID = 2_147_483_647;

/** The ids a compare cookie holds: valid ones only, without repeats, at most COMPARE_MAX, in the order added. */
export function parseCompareList(raw: string | undefined | null): number[] {
  if (!raw || raw.length > 64) return [];
  const ids: number[] = [];
  for (const part of raw.split(".")) {
    if (!/^[1-9]\d{0,9}$/.test(part)) continue;
    const id = Number(part);
    if (id > MAX_ID || ids.includes(id)) continue;
    ids.push(id);
    if (ids.length === COMPARE_MAX) break;
  }
  return ids;
}

export const formatCompareList = (ids: readonly number[]) => ids.join(".");

/** The list with this course added at the end; a full list refuses with a clear message (409). */
export function addToCompare(ids: readonly number[], id: number): number[] {
  if (ids.includes(id)) return [...ids];
  if (ids.length >= COMPARE_MAX) throw new AppError("conflict", compareMessages.full);
  return [...ids, id];
}

export const removeFromCompare = (ids: readonly number[], id: number) => ids.filter((other) => other !== id);

/**
 * A visitor's list meeting their account's at sign-in (decision 0043): the account's courses first, in
 * their order, then the visitor's that the account lacks, up to COMPARE_MAX; those that did not fit are
 * returned too, so the student can be told.
 */
export function mergeCompareLists(account: readonly number[], visitor: readonly number[]) {
  const ids = [...new Set(account)].slice(0, COMPARE_MAX);
  const leftOut: number[] = [];
  for (const id of visitor) {
    if (ids.includes(id) || leftOut.includes(id)) continue;
    if (ids.length < COMPARE_MAX) ids.push(id);
    else leftOut.push(id);
  }
  return { ids, leftOut };
}
