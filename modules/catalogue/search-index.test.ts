import { describe, expect, it } from "vitest";
import { buildSearchIndex, type IndexedCourse } from "./search-index.ts";

const course = (
  id: number,
  name: string,
  university = "Example University",
  country = "Ireland",
  level = "Masters",
): IndexedCourse => ({
  id,
  name,
  level,
  university,
  city: "Dublin",
  country,
});

const index = buildSearchIndex([
  course(1, "Master of Science in Computer Science"),
  course(2, "Bachelor of Laws", "Law School of Dublin"),
  course(3, "Master of Laws"),
  course(4, "Diploma in Nursing", "Computer College"),
  course(5, "Doctor of Medicine", "Example University", "Germany"),
  course(6, "Advanced Diploma in Media"),
  course(7, "Advanced Diploma in Computer Science"),
  course(8, "Master of Science in Data Science", "Example University", "United Kingdom uk britain"),
]);
const names = (words: string[], offset = 0, limit = 12) => index.search(words, offset, limit).ids;

describe("the in-process search index", () => {
  it("needs every word, in any field, and counts every match", () => {
    expect(index.search(["science", "data"], 0, 12)).toEqual({ total: 1, ids: [8] });
    expect(index.search(["science", "germany"], 0, 12)).toEqual({ total: 0, ids: [] });
    expect(index.search(["uk"], 0, 12).ids).toEqual([8]);
    expect(index.search([], 0, 12)).toEqual({ total: 0, ids: [] });
  });

  it("ranks a match in the course name above one in the university, then by name and id", () => {
    // "computer" is in course 1's and 7's names, and only in course 4's university.
    expect(names(["computer"])).toEqual([7, 1, 4]);
  });

  it("reads a word as the start of longer words, below the word itself", () => {
    // "law" begins "laws" (courses 2 and 3) and is itself in course 2's university.
    expect(index.search(["law"], 0, 12).total).toBe(2);
    expect(names(["laws"])).toEqual([2, 3]);
    expect(names(["scien"])).toEqual([7, 1, 8]);
  });

  it("forgives one typo per word, ranking the word typed right above its look-alikes", () => {
    expect(names(["compter", "science"])).toEqual([7, 1]);
    expect(names(["medicine"])).toEqual([5, 6]);
    // "medi" begins both "media" and "medicine": both found, in name order.
    expect(names(["medi"])).toEqual([6, 5]);
  });

  it("pages through the ranked matches", () => {
    const all = names(["of"]);
    expect(all.length).toBe(5);
    expect([...names(["of"], 0, 2), ...names(["of"], 2, 2), ...names(["of"], 4, 2)]).toEqual(all);
    expect(index.search(["of"], 10, 2)).toEqual({ total: 5, ids: [] });
  });
});
