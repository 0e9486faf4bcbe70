import { describe, expect, it } from "vitest";
import { COMPARE_MAX } from "../../vocabulary/eligibility.ts";
import { addToCompare, formatCompareList, mergeCompareLists, parseCompareList, removeFromCompare } from "./compare.ts";

describe("the compare list in its cookie", () => {
  it("reads up to three distinct positive ids in the order added", () => {
    expect(parseCompareList("12.345.6789")).toEqual([12, 345, 6789]);
    expect(parseCompareList("5.5.7")).toEqual([5, 7]);
    expect(parseCompareList("1.2.3.4.5")).toEqual([1, 2, 3]);
    expect(formatCompareList(parseCompareList("9.8"))).toBe("9.8");
  });

  it("ignores whatever else a visitor put there, part by part", () => {
    expect(parseCompareList(undefined)).toEqual([]);
    expect(parseCompareList("")).toEqual([]);
    expect(parseCompareList("abc.0.-4.012.3e2.7")).toEqual([7]);
    expect(parseCompareList("99999999999.4")).toEqual([4]);
    expect(parseCompareList("1.".repeat(40))).toEqual([]);
    expect(parseCompareList("<script>.2")).toEqual([2]);
  });

  it("adds at the end, once; a fourth is refused with a clear message; removing keeps the order", () => {
    expect(addToCompare([1, 2], 3)).toEqual([1, 2, 3]);
    expect(addToCompare([1, 2], 2)).toEqual([1, 2]);
    expect(() => addToCompare([1, 2, 3], 4)).toThrow(`You can compare up to ${COMPARE_MAX} courses. Remove one to add another.`);
    expect(addToCompare([1, 2, 3], 3)).toEqual([1, 2, 3]);
    expect(removeFromCompare([1, 2, 3], 2)).toEqual([1, 3]);
  });
});

describe("mergeCompareLists (decision 0043)", () => {
  it("keeps the account's first, adds the visitor's new ones up to three and names the rest", () => {
    expect(mergeCompareLists([5], [7, 5, 9])).toEqual({ ids: [5, 7, 9], leftOut: [] });
    expect(mergeCompareLists([1, 2], [3, 4, 4, 2])).toEqual({ ids: [1, 2, 3], leftOut: [4] });
    expect(mergeCompareLists([1, 2, 3], [])).toEqual({ ids: [1, 2, 3], leftOut: [] });
    expect(mergeCompareLists([], [8, 9])).toEqual({ ids: [8, 9], leftOut: [] });
  });
});
