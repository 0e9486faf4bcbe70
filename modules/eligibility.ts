import type { CourseLevel } from "../vocabulary/catalogue.ts";
import {
  type AdmissionsTest,
  CGPA_TO_PERCENTAGE,
  type EnglishTest,
  eligibilityMessages,
  formatPercentage,
  qualificationBefore,
  qualificationWords,
  requirementShapes,
  say,
} from "../vocabulary/eligibility.ts";
import type { QualificationLevel } from "../vocabulary/students.ts";

/**
 * Whether a student meets a course's entry requirements (decision 0027). Pure: the course's requirements
 * and the student's marks in, a verdict with each check's sentence out. Shared by the catalogue's pages and
 * the comparison, so it lives beside the other shared domain files rather than in one module.
 */

/** A course's entry requirements; every one optional (null: the course does not set it). */
export interface EntryRequirements {
  /** Lowest percentage in the qualification before the course's level. */
  minPercentage: number | null;
  /** Lowest CGPA (10-point scale) in that qualification; either it or the percentage suffices. */
  minCgpa: number | null;
  /** Lowest overall score in each English test; any one test suffices. */
  minIelts: number | null;
  minToefl: number | null;
  minPte: number | null;
  minDuolingo: number | null;
  /** Lowest total in each admissions test (decision 0041): the GRE General Test, the GMAT Focus Edition; either suffices. */
  minGre: number | null;
  minGmat: number | null;
}

export const noRequirements: EntryRequirements = {
  minPercentage: null,
  minCgpa: null,
  minIelts: null,
  minToefl: null,
  minPte: null,
  minDuolingo: null,
  minGre: null,
  minGmat: null,
};

/** What a student's profile says about them, as far as entry requirements go. */
export interface StudentMarks {
  qualifications: { qualification: QualificationLevel; percentage: number | null; cgpa: number | null }[];
  englishTest: EnglishTest | null;
  englishScore: number | null;
  /** The student's GRE General Test total and GMAT Focus Edition total (decision 0041). */
  greScore: number | null;
  gmatScore: number | null;
}

export interface EligibilityCheck {
  kind: "marks" | "english" | "admissions";
  /**
   * met: the student reaches it; short: their mark is below it; unknown: their profile lacks the mark;
   * waivable: the English score is below, missing or of a test the course does not list, and the course
   * may waive the test (only the university can say; decision 0035).
   */
  outcome: "met" | "short" | "unknown" | "waivable";
  /** "Needs 75% in 12th; you have 72%" */
  text: string;
}

export type Eligibility =
  /** The course sets nothing we can check. */
  | { status: "no-requirements"; checks: [] }
  /** The student has no marks and no English score on their profile: the requirements are shown plainly. */
  | { status: "no-marks"; checks: [] }
  | { status: "meets"; checks: EligibilityCheck[] }
  /** Every check met but English, which is waivable: the student meets them only if the university waives the test. */
  | { status: "waiver"; checks: EligibilityCheck[] }
  /** At least one check is short or unknown. */
  | { status: "missing"; checks: EligibilityCheck[] };

const number = (n: number) => String(Number(n.toFixed(2)));

const englishMinimums = (r: EntryRequirements): [EnglishTest, number][] =>
  (
    [
      ["IELTS", r.minIelts],
      ["TOEFL iBT", r.minToefl],
      ["PTE Academic", r.minPte],
      ["Duolingo English Test", r.minDuolingo],
    ] as [EnglishTest, number | null][]
  ).filter((pair): pair is [EnglishTest, number] => pair[1] !== null);

const admissionsMinimums = (r: EntryRequirements): [AdmissionsTest, number][] =>
  (
    [
      ["GRE", r.minGre],
      ["GMAT", r.minGmat],
    ] as [AdmissionsTest, number | null][]
  ).filter((pair): pair is [AdmissionsTest, number] => pair[1] !== null);

const orList = (parts: string[]) => (parts.length < 2 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} or ${parts.at(-1)}`);

/** "75% in 12th (or CGPA 7.5)"; null when the course sets neither. */
function marksRequirement(level: CourseLevel, r: EntryRequirements): string | null {
  const words = qualificationWords[qualificationBefore[level]];
  if (r.minPercentage !== null && r.minCgpa !== null)
    return say(requirementShapes.marksEither, {
      percentage: formatPercentage(r.minPercentage),
      cgpa: number(r.minCgpa),
      qualification: words,
    });
  if (r.minPercentage !== null)
    return say(requirementShapes.marksPercentage, { percentage: formatPercentage(r.minPercentage), qualification: words });
  if (r.minCgpa !== null) return say(requirementShapes.marksCgpa, { cgpa: number(r.minCgpa), qualification: words });
  return null;
}

/** "IELTS 6.5, TOEFL iBT 90 or PTE Academic 58"; null when the course sets none. */
function englishRequirement(r: EntryRequirements): string | null {
  const minimums = englishMinimums(r);
  return minimums.length ? orList(minimums.map(([test, min]) => `${test} ${number(min)}`)) : null;
}

/** "GRE 310 or GMAT 605"; null when the course sets neither. */
function admissionsRequirement(r: EntryRequirements): string | null {
  const minimums = admissionsMinimums(r);
  return minimums.length ? orList(minimums.map(([test, min]) => `${test} ${number(min)}`)) : null;
}

/** The requirements as plain sentences, for everyone (visitors, students without marks, the comparison). */
export function describeRequirements(level: CourseLevel, r: EntryRequirements, englishExamWaiver = false): string[] {
  const lines: string[] = [];
  const marks = marksRequirement(level, r);
  if (marks) lines.push(marks);
  const english = englishRequirement(r);
  if (english) lines.push(englishExamWaiver ? say(requirementShapes.mayWaiveEnglish, { english }) : english);
  const admissions = admissionsRequirement(r);
  if (admissions) lines.push(admissions);
  return lines;
}

function marksCheck(level: CourseLevel, r: EntryRequirements, student: StudentMarks): EligibilityCheck | null {
  const needed = marksRequirement(level, r);
  if (!needed) return null;
  const qualification = qualificationBefore[level];
  const row = student.qualifications.find((q) => q.qualification === qualification);
  const percentage = row?.percentage ?? null;
  const cgpa = row?.cgpa ?? null;
  if (percentage === null && cgpa === null)
    return { kind: "marks", outcome: "unknown", text: say(requirementShapes.addMarks, { needed, qualification }) };
  // Like against like first; a CGPA counts as CGPA x 9.5 only where the course asks a percentage alone (and back).
  const comparisons: { mine: number; min: number; have: string }[] = [];
  if (r.minPercentage !== null && percentage !== null)
    comparisons.push({ mine: percentage, min: r.minPercentage, have: formatPercentage(percentage) });
  if (r.minCgpa !== null && cgpa !== null) comparisons.push({ mine: cgpa, min: r.minCgpa, have: `CGPA ${number(cgpa)}` });
  if (comparisons.length === 0 && r.minPercentage !== null && cgpa !== null)
    comparisons.push({
      mine: cgpa * CGPA_TO_PERCENTAGE,
      min: r.minPercentage,
      have: say(requirementShapes.cgpaAbout, { cgpa: number(cgpa), percentage: formatPercentage(cgpa * CGPA_TO_PERCENTAGE) }),
    });
  if (comparisons.length === 0 && r.minCgpa !== null && percentage !== null)
    comparisons.push({
      mine: percentage,
      min: r.minCgpa * CGPA_TO_PERCENTAGE,
      have: say(requirementShapes.percentageAbout, {
        percentage: formatPercentage(percentage),
        cgpa: number(r.minCgpa),
        converted: formatPercentage(r.minCgpa * CGPA_TO_PERCENTAGE),
      }),
    });
  const met = comparisons.find((c) => c.mine >= c.min);
  if (met) return { kind: "marks", outcome: "met", text: say(requirementShapes.met, { needed, have: met.have }) };
  const have = comparisons.map((c) => c.have).join(" and ");
  return { kind: "marks", outcome: "short", text: say(requirementShapes.short, { needed, have }) };
}

function englishCheck(r: EntryRequirements, waiver: boolean, student: StudentMarks): EligibilityCheck | null {
  const needed = englishRequirement(r);
  if (!needed) return null;
  const { englishTest: test, englishScore: score } = student;
  if (test === null || score === null) {
    if (waiver) return { kind: "english", outcome: "waivable", text: say(requirementShapes.orWaiver, { needed }) };
    return { kind: "english", outcome: "unknown", text: say(requirementShapes.addEnglish, { needed }) };
  }
  const min = englishMinimums(r).find(([t]) => t === test)?.[1];
  if (min === undefined)
    return {
      kind: "english",
      outcome: waiver ? "waivable" : "unknown",
      text: say(waiver ? requirementShapes.notListedWaiver : requirementShapes.notListed, { needed, test }),
    };
  if (score >= min)
    return {
      kind: "english",
      outcome: "met",
      text: say(requirementShapes.met, { needed: `${test} ${number(min)}`, have: number(score) }),
    };
  return {
    kind: "english",
    outcome: waiver ? "waivable" : "short",
    text: say(waiver ? requirementShapes.shortWaiver : requirementShapes.short, {
      needed: `${test} ${number(min)}`,
      have: number(score),
    }),
  };
}

/**
 * The course's GRE or GMAT minimum (decision 0041): met when the student's score in a test the course
 * names reaches its minimum (either test suffices when it names both), short when their scores are below,
 * unknown when they have entered no score in a test it names. The English waiver does not touch it.
 */
function admissionsCheck(r: EntryRequirements, student: StudentMarks): EligibilityCheck | null {
  const minimums = admissionsMinimums(r);
  if (minimums.length === 0) return null;
  const scoreIn = (test: AdmissionsTest) => (test === "GRE" ? student.greScore : student.gmatScore);
  const taken = minimums.flatMap(([test, min]) => {
    const score = scoreIn(test);
    return score === null ? [] : [{ test, min, score }];
  });
  if (taken.length === 0)
    return {
      kind: "admissions",
      outcome: "unknown",
      text: say(requirementShapes.addAdmissionsTest, {
        needed: admissionsRequirement(r) ?? "",
        test: orList(minimums.map(([test]) => test)),
      }),
    };
  const met = taken.find((t) => t.score >= t.min);
  if (met)
    return {
      kind: "admissions",
      outcome: "met",
      text: say(requirementShapes.met, { needed: `${met.test} ${number(met.min)}`, have: number(met.score) }),
    };
  return {
    kind: "admissions",
    outcome: "short",
    text: say(requirementShapes.short, {
      needed: orList(taken.map((t) => `${t.test} ${number(t.min)}`)),
      have: taken.length === 1 ? number(taken[0]?.score ?? 0) : taken.map((t) => `${t.test} ${number(t.score)}`).join(" and "),
    }),
  };
}

/** Whether the student's marks reach the course's requirements, each requirement with its numbers. */
export function judgeEligibility(
  course: { level: CourseLevel; englishExamWaiver: boolean; requirements: EntryRequirements },
  student: StudentMarks,
): Eligibility {
  const r = course.requirements;
  if (marksRequirement(course.level, r) === null && englishRequirement(r) === null && admissionsRequirement(r) === null)
    return { status: "no-requirements", checks: [] };
  const hasMarks =
    student.qualifications.some((q) => q.percentage !== null || q.cgpa !== null) ||
    (student.englishTest !== null && student.englishScore !== null) ||
    student.greScore !== null ||
    student.gmatScore !== null;
  if (!hasMarks) return { status: "no-marks", checks: [] };
  const checks = [
    marksCheck(course.level, r, student),
    englishCheck(r, course.englishExamWaiver, student),
    admissionsCheck(r, student),
  ].filter((c): c is EligibilityCheck => c !== null);
  // One rule for the verdict: met only when every check is met; a waivable English test is not a met one.
  if (checks.every((c) => c.outcome === "met")) return { status: "meets", checks };
  if (checks.every((c) => c.outcome === "met" || c.outcome === "waivable")) return { status: "waiver", checks };
  return { status: "missing", checks };
}

/** A verdict in brief, for a list of courses: met, or the first thing missing ("Needs 75% in 12th; you have 72%"). */
export interface EligibilityInBrief {
  status: Eligibility["status"];
  missing: string | null;
}

export function eligibilityInBrief(course: Parameters<typeof judgeEligibility>[0], student: StudentMarks): EligibilityInBrief {
  const verdict = judgeEligibility(course, student);
  return { status: verdict.status, missing: verdict.checks.find((check) => check.outcome !== "met")?.text ?? null };
}

/** The verdict's headline, from its status alone; null when there is no verdict (no requirements, no marks). */
export const eligibilityHeadline = (e: Pick<Eligibility, "status">) =>
  e.status === "meets"
    ? eligibilityMessages.meets
    : e.status === "waiver"
      ? eligibilityMessages.onlyWithWaiver
      : e.status === "missing"
        ? eligibilityMessages.notYet
        : null;
