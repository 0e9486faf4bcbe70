import { describe, expect, it } from "vitest";
import type { CourseLevel } from "../vocabulary/catalogue.ts";
import type { EnglishTest } from "../vocabulary/eligibility.ts";
import {
  describeRequirements,
  type EntryRequirements,
  eligibilityHeadline,
  eligibilityInBrief,
  judgeEligibility,
  noRequirements,
  type StudentMarks,
} from "./eligibility.ts";

const course = (level: CourseLevel, requirements: Partial<EntryRequirements>, englishExamWaiver = false) => ({
  level,
  englishExamWaiver,
  requirements: { ...noRequirements, ...requirements },
});

const student = (
  marks: Partial<Record<"12th" | "Bachelors" | "Masters", { percentage?: number; cgpa?: number }>>,
  english?: [EnglishTest, number],
  admissions: { gre?: number; gmat?: number } = {},
): StudentMarks => ({
  qualifications: (["10th", "12th", "Bachelors", "Masters"] as const).map((qualification) => ({
    qualification,
    percentage: (marks as Record<string, { percentage?: number }>)[qualification]?.percentage ?? null,
    cgpa: (marks as Record<string, { cgpa?: number }>)[qualification]?.cgpa ?? null,
  })),
  englishTest: english?.[0] ?? null,
  englishScore: english?.[1] ?? null,
  greScore: admissions.gre ?? null,
  gmatScore: admissions.gmat ?? null,
});

describe("a course's entry requirements in words", () => {
  it("names the qualification before the level and every English test", () => {
    expect(describeRequirements("Bachelors", { ...noRequirements, minPercentage: 75, minIelts: 6.5, minToefl: 90 })).toEqual([
      "75% in 12th",
      "IELTS 6.5 or TOEFL iBT 90",
    ]);
    expect(describeRequirements("Masters", { ...noRequirements, minPercentage: 60, minCgpa: 6.5 })).toEqual([
      "60% or CGPA 6.5 in your bachelor's",
    ]);
    expect(describeRequirements("PhD", { ...noRequirements, minCgpa: 7, minPte: 65 }, true)).toEqual([
      "CGPA 7 in your master's",
      "PTE Academic 65, unless the university waives the English test for you",
    ]);
    expect(describeRequirements("Diploma", noRequirements)).toEqual([]);
  });
});

describe("judging a student against a course", () => {
  it("says the student meets a 12th percentage they reach, exactly at the boundary too", () => {
    const verdict = judgeEligibility(course("Bachelors", { minPercentage: 72 }), student({ "12th": { percentage: 72 } }));
    expect(verdict.status).toBe("meets");
    expect(verdict.checks).toEqual([{ kind: "marks", outcome: "met", text: "72% in 12th: you have 72%" }]);
  });

  it("says what is missing with the numbers when the 12th mark is below", () => {
    const verdict = judgeEligibility(course("Bachelors", { minPercentage: 75 }), student({ "12th": { percentage: 72 } }));
    expect(verdict).toEqual({
      status: "missing",
      checks: [{ kind: "marks", outcome: "short", text: "Needs 75% in 12th; you have 72%" }],
    });
    // Just below the boundary is below.
    expect(judgeEligibility(course("Bachelors", { minPercentage: 72 }), student({ "12th": { percentage: 71.99 } })).status).toBe(
      "missing",
    );
  });

  it("reads the bachelor's for a master's and the master's for a PhD", () => {
    const marks = student({ "12th": { percentage: 95 }, Bachelors: { percentage: 58 }, Masters: { percentage: 70 } });
    expect(judgeEligibility(course("Masters", { minPercentage: 60 }), marks).checks[0]?.text).toBe(
      "Needs 60% in your bachelor's; you have 58%",
    );
    expect(judgeEligibility(course("PhD", { minPercentage: 65 }), marks).status).toBe("meets");
    expect(judgeEligibility(course("Diploma", { minPercentage: 90 }), marks).status).toBe("meets");
  });

  it("accepts either the percentage or the CGPA when the course sets both", () => {
    const req = { minPercentage: 65, minCgpa: 7 };
    expect(judgeEligibility(course("Masters", req), student({ Bachelors: { percentage: 60, cgpa: 7.2 } })).checks[0]).toEqual({
      kind: "marks",
      outcome: "met",
      text: "65% or CGPA 7 in your bachelor's: you have CGPA 7.2",
    });
    expect(judgeEligibility(course("Masters", req), student({ Bachelors: { percentage: 60, cgpa: 6.8 } })).checks[0]?.text).toBe(
      "Needs 65% or CGPA 7 in your bachelor's; you have 60% and CGPA 6.8",
    );
  });

  it("reads a CGPA as CGPA x 9.5 where only a percentage is asked, and back", () => {
    // 7 x 9.5 = 66.5
    expect(judgeEligibility(course("Masters", { minPercentage: 66.5 }), student({ Bachelors: { cgpa: 7 } })).status).toBe(
      "meets",
    );
    expect(judgeEligibility(course("Masters", { minPercentage: 67 }), student({ Bachelors: { cgpa: 7 } })).checks[0]?.text).toBe(
      "Needs 67% in your bachelor's; you have CGPA 7 (about 66.5%)",
    );
    expect(judgeEligibility(course("Masters", { minCgpa: 7 }), student({ Bachelors: { percentage: 66.5 } })).status).toBe(
      "meets",
    );
    expect(judgeEligibility(course("Masters", { minCgpa: 7 }), student({ Bachelors: { percentage: 66 } })).status).toBe(
      "missing",
    );
  });

  it("asks for the marks the course needs when the profile lacks them", () => {
    const verdict = judgeEligibility(course("Masters", { minPercentage: 60 }), student({ "12th": { percentage: 80 } }));
    expect(verdict).toEqual({
      status: "missing",
      checks: [
        { kind: "marks", outcome: "unknown", text: "Needs 60% in your bachelor's; add your Bachelors marks to your profile" },
      ],
    });
  });

  it("judges the English test the student took against that test's minimum", () => {
    const req = { minIelts: 6.5, minToefl: 90, minPte: 58 };
    expect(judgeEligibility(course("Masters", req), student({}, ["IELTS", 6.5])).checks[0]).toEqual({
      kind: "english",
      outcome: "met",
      text: "IELTS 6.5: you have 6.5",
    });
    expect(judgeEligibility(course("Masters", req), student({}, ["TOEFL iBT", 89])).checks[0]).toEqual({
      kind: "english",
      outcome: "short",
      text: "Needs TOEFL iBT 90; you have 89",
    });
    expect(judgeEligibility(course("Masters", req), student({}, ["PTE Academic", 58])).status).toBe("meets");
  });

  it("asks for an English score when there is none, and says when the course lists another test", () => {
    expect(judgeEligibility(course("Bachelors", { minIelts: 6.5 }), student({ "12th": { percentage: 80 } })).checks).toEqual([
      { kind: "english", outcome: "unknown", text: "Needs IELTS 6.5; add your English test score to your profile" },
    ]);
    expect(judgeEligibility(course("Bachelors", { minIelts: 6.5 }), student({}, ["PTE Academic", 70])).checks[0]).toMatchObject({
      outcome: "unknown",
      text: "Needs IELTS 6.5; it does not list PTE Academic, ask the university",
    });
  });

  it("one verdict from one rule with a waiver: a low English score is never 'meets' (decision 0035)", () => {
    // The course: an English waiver and a minimum IELTS of 7.5; the student has IELTS 7.
    const waived = course("Masters", { minPercentage: 60, minIelts: 7.5 }, true);
    const verdict = judgeEligibility(waived, student({ Bachelors: { percentage: 70 } }, ["IELTS", 7]));
    expect(verdict).toEqual({
      status: "waiver",
      checks: [
        { kind: "marks", outcome: "met", text: "60% in your bachelor's: you have 70%" },
        {
          kind: "english",
          outcome: "waivable",
          text: "Needs IELTS 7.5; you have 7: only if the university waives the test for you",
        },
      ],
    });
    expect(eligibilityHeadline(verdict)).toBe("You meet the entry requirements only if the university waives the English test");
    // The cards read the same verdict, with the same sentence.
    expect(eligibilityInBrief(waived, student({ Bachelors: { percentage: 70 } }, ["IELTS", 7]))).toEqual({
      status: "waiver",
      missing: "Needs IELTS 7.5; you have 7: only if the university waives the test for you",
    });
    // A score that reaches the minimum meets it, waiver or not.
    expect(judgeEligibility(waived, student({ Bachelors: { percentage: 70 } }, ["IELTS", 7.5])).status).toBe("meets");
  });

  it("with a waiver, no score or another test is waivable too, and short marks still miss", () => {
    const waived = course("Bachelors", { minPercentage: 70, minIelts: 6 }, true);
    expect(judgeEligibility(waived, student({ "12th": { percentage: 72 } })).checks[1]).toEqual({
      kind: "english",
      outcome: "waivable",
      text: "Needs IELTS 6; add your English test score to your profile, or ask the university whether it waives the test for you",
    });
    expect(judgeEligibility(waived, student({ "12th": { percentage: 72 } }, ["PTE Academic", 70])).checks[1]).toEqual({
      kind: "english",
      outcome: "waivable",
      text: "Needs IELTS 6; it does not list PTE Academic: ask the university whether it takes it or waives the test for you",
    });
    const short = judgeEligibility(waived, student({ "12th": { percentage: 65 } }, ["IELTS", 5.5]));
    expect(short.status).toBe("missing");
    expect(eligibilityHeadline(short)).toBe("Not yet: what is missing");
  });

  it("checks both requirements: one short is enough to miss", () => {
    const verdict = judgeEligibility(
      course("Bachelors", { minPercentage: 70, minIelts: 6.5 }),
      student({ "12th": { percentage: 72 } }, ["IELTS", 6]),
    );
    expect(verdict.status).toBe("missing");
    expect(verdict.checks.map((c) => c.outcome)).toEqual(["met", "short"]);
  });

  it("shows the requirements plainly to a student without marks, and has nothing to judge without requirements", () => {
    expect(judgeEligibility(course("Bachelors", { minPercentage: 70 }), student({}))).toEqual({ status: "no-marks", checks: [] });
    expect(judgeEligibility(course("Bachelors", {}), student({ "12th": { percentage: 90 } }))).toEqual({
      status: "no-requirements",
      checks: [],
    });
  });
});

describe("Duolingo, GRE and GMAT (decision 0041)", () => {
  it("names the Duolingo English Test among the English tests and the GRE and GMAT on a line of their own", () => {
    expect(
      describeRequirements("Masters", { ...noRequirements, minIelts: 6.5, minDuolingo: 115, minGre: 310, minGmat: 605 }),
    ).toEqual(["IELTS 6.5 or Duolingo English Test 115", "GRE 310 or GMAT 605"]);
  });

  it("takes a Duolingo score as an English test like the others", () => {
    const c = course("Masters", { minIelts: 6.5, minDuolingo: 115 });
    expect(judgeEligibility(c, student({}, ["Duolingo English Test", 120])).checks).toEqual([
      { kind: "english", outcome: "met", text: "Duolingo English Test 115: you have 120" },
    ]);
    expect(judgeEligibility(c, student({}, ["Duolingo English Test", 105])).status).toBe("missing");
  });

  it("says plainly whether a GRE minimum is met, not met, or has no score to judge", () => {
    const c = course("Masters", { minGre: 310 });
    expect(judgeEligibility(c, student({}, undefined, { gre: 315 }))).toEqual({
      status: "meets",
      checks: [{ kind: "admissions", outcome: "met", text: "GRE 310: you have 315" }],
    });
    expect(judgeEligibility(c, student({}, undefined, { gre: 300 }))).toEqual({
      status: "missing",
      checks: [{ kind: "admissions", outcome: "short", text: "Needs GRE 310; you have 300" }],
    });
    expect(judgeEligibility(c, student({ Bachelors: { percentage: 70 } }))).toEqual({
      status: "missing",
      checks: [{ kind: "admissions", outcome: "unknown", text: "Needs GRE 310; add your GRE score to your profile" }],
    });
    // A GMAT score does not answer a course that names only the GRE.
    expect(judgeEligibility(c, student({}, undefined, { gmat: 705 })).checks[0]?.outcome).toBe("unknown");
  });

  it("takes either test when a course names both, and an English waiver never waives them", () => {
    const c = course("Masters", { minIelts: 6.5, minGre: 310, minGmat: 605 }, true);
    expect(judgeEligibility(c, student({}, ["IELTS", 7], { gmat: 615 })).status).toBe("meets");
    const short = judgeEligibility(c, student({}, ["IELTS", 7], { gre: 300, gmat: 595 }));
    expect(short.status).toBe("missing");
    expect(short.checks.at(-1)?.text).toBe("Needs GRE 310 or GMAT 605; you have GRE 300 and GMAT 595");
    expect(judgeEligibility(c, student({}, ["IELTS", 7])).checks.at(-1)?.text).toBe(
      "Needs GRE 310 or GMAT 605; add your GRE or GMAT score to your profile",
    );
  });
});
