import { describe, expect, it } from "vitest";
import { buildSearchIndex, type IndexedCourse, wordsOf } from "./search-index.ts";

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
  it("keeps a word to its field when told, and to the word itself when exact (decision 0026)", () => {
    const places = buildSearchIndex([
      course(1, "Master in Management", "Frankfurt School of Finance & Management", "Germany"),
      course(2, "Master in Management", "HEC Paris", "France"),
      course(3, "Diploma in France Studies", "Example University", "Germany"),
    ]);
    // Plain, "france" reaches Frankfurt through typo correction and a course named for France.
    expect(places.search(["france"], 0, 12).total).toBe(3);
    const inFrance = { word: "france", field: "country", exact: true } as const;
    expect(places.search([inFrance, "management"], 0, 12)).toEqual({ total: 1, ids: [2] });
    expect(places.search([{ word: "fran", field: "country", exact: true }], 0, 12).total).toBe(0);
    expect(places.search([{ word: "managment", field: "name", exact: false }], 0, 12).ids).toEqual([1, 2]);
    // Typos are forgiven within the field: "frankfurt" kept to names reaches "France Studies", not the school.
    expect(places.search([{ word: "frankfurt", field: "name", exact: false }], 0, 12).ids).toEqual([3]);
  });

  it("ranks by an optional word without leaving out the courses that lack it", () => {
    const levels = buildSearchIndex([
      course(1, "BA Economics", "Example University", "Ireland", "Bachelors"),
      course(2, "Bachelor of Technology in Civil Engineering", "Example University", "Ireland", "Bachelors"),
      course(3, "MSc Economics", "Example University", "Ireland", "Masters"),
    ]);
    const bachelors = { word: "bachelors", field: "level", exact: true } as const;
    expect(levels.search([bachelors], 0, 12).ids).toEqual([1, 2]);
    expect(levels.search([bachelors, { word: "technology", field: "name", exact: false, optional: true }], 0, 12)).toEqual({
      total: 2,
      ids: [2, 1],
    });
    expect(levels.search([{ word: "technology", field: "name", exact: false, optional: true }], 0, 12).total).toBe(0);
  });

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

/**
 * The rule of decision 0022 written out plainly, course by course, as the reference the index's
 * shortcuts (the words that read fewest postings first, candidates checked against their own terms,
 * document order read off the marks) must agree with.
 */
function referenceSearch(courses: IndexedCourse[], words: string[]): number[] {
  const weights = { name: 1, level: 0.4, university: 0.2, city: 0.2, country: 0.2 } as const;
  const fieldsOf = (c: IndexedCourse) =>
    Object.entries(weights).map(([f, w]) => [w, wordsOf(c[f as keyof typeof weights])] as const);
  const allTerms = [...new Set(courses.flatMap((c) => fieldsOf(c).flatMap(([, list]) => list)))].sort();
  const grams = (w: string) => new Set(Array.from({ length: w.length + 1 }, (_, i) => `  ${w} `.slice(i, i + 3)));
  const termsFor = (word: string) => {
    const found = new Map<string, number>();
    for (const t of allTerms) if (t.startsWith(word)) found.set(t, t === word ? 1 : 0.8);
    if (word.length >= 3) {
      const g = grams(word);
      const similar = allTerms
        .map((t) => {
          const h = grams(t);
          const common = [...g].filter((x) => h.has(x)).length;
          return { t, s: common / (g.size + h.size - common) };
        })
        .filter((x) => x.s >= 0.3)
        .sort((a, b) => b.s - a.s || (a.t < b.t ? -1 : 1))
        .slice(0, 4);
      for (const { t } of similar) if (!found.has(t)) found.set(t, 0.5);
    }
    return found;
  };
  const scored: { id: number; name: string; score: number }[] = [];
  const perWord = words.map(termsFor);
  for (const c of courses) {
    let score = 0;
    let all = true;
    for (const matched of perWord) {
      let best = 0;
      for (const [weight, list] of fieldsOf(c))
        for (const w of list) {
          const quality = matched.get(w);
          if (quality !== undefined) best = Math.max(best, weight * quality);
        }
      if (best === 0) all = false;
      score += best;
    }
    if (all) scored.push({ id: c.id, name: c.name, score });
  }
  // Scores compared as the index adds them may differ in the last bit; rounded, they order the same.
  const round = (x: number) => Math.round(x * 1e9);
  scored.sort((a, b) => round(b.score) - round(a.score) || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
  return scored.map((s) => s.id);
}

describe("the index against the rule written out plainly", () => {
  it("gives the same courses in the same order for a thousand generated courses and varied queries", () => {
    let state = 7;
    const next = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
    const levels = ["Masters", "Bachelors", "Diploma", "PhD"];
    const subjects = [
      "Computer Science",
      "Data Science",
      "Business Administration",
      "International Law",
      "Nursing",
      "Mechanical Engineering",
      "Information Systems",
      "Interior Design",
    ];
    const degrees = ["Master of Science in", "Bachelor of Arts in", "Diploma in", "Master of", "Doctor of Philosophy in"];
    const places = [
      ["Technical University of Munich", "Munich", "Germany deutschland"],
      ["University of Dublin", "Dublin", "Ireland"],
      ["Institute of Technology Sligo", "Sligo", "Ireland"],
      ["University of Manchester", "Manchester", "United Kingdom uk"],
      ["Sorbonne University", "Paris", "France"],
    ] as const;
    const courses: IndexedCourse[] = Array.from({ length: 1000 }, (_, i) => {
      const [university, city, country] = pick(places);
      return { id: i + 1, name: `${pick(degrees)} ${pick(subjects)}`, level: pick(levels), university, city, country };
    });
    const generated = buildSearchIndex(courses);
    const queries = [
      "science",
      "in",
      "of",
      "master of science in data science",
      "masters in computer science in germany",
      "intern",
      "informaton systems",
      "bachelor of arts in interior design ireland",
      "university of dublin nursing",
      "diploma in",
      "technology",
      "phd",
      "doctor philosophy law",
      "munich",
      "uk business",
      "sci in of",
    ];
    for (const query of queries) {
      const words = wordsOf(query);
      const expected = referenceSearch(courses, words);
      expect(generated.search(words, 0, 2000), query).toEqual({ total: expected.length, ids: expected });
      expect(generated.search(words, 7, 5).ids, `${query}, a later page`).toEqual(expected.slice(7, 12));
    }
  });
});
