/** Entry requirements and English tests (decision 0027): the tests we know, their scales, and the words shown. */

export const englishTests = ["IELTS", "TOEFL iBT", "PTE Academic", "Duolingo English Test"] as const;
export type EnglishTest = (typeof englishTests)[number];

/**
 * Each test's score scale: IELTS bands 0 to 9 in halves, TOEFL iBT 0 to 120, PTE Academic 10 to 90 (whole
 * points), the Duolingo English Test 10 to 160 in steps of 5 (decision 0041).
 */
export const englishTestScales: Record<EnglishTest, { min: number; max: number; step: number }> = {
  IELTS: { min: 0, max: 9, step: 0.5 },
  "TOEFL iBT": { min: 0, max: 120, step: 1 },
  "PTE Academic": { min: 10, max: 90, step: 1 },
  "Duolingo English Test": { min: 10, max: 160, step: 5 },
};

/** Whether a score sits on a scale: within it, and a whole number of steps from its lowest score. */
export const onScale = (score: number, { min, max, step }: { min: number; max: number; step: number }) =>
  score >= min && score <= max && Math.abs((score - min) / step - Math.round((score - min) / step)) < 1e-9;

/** "IELTS scores are from 0 to 9, in steps of 0.5" */
export const englishScoreRule = (test: EnglishTest) => {
  const { min, max, step } = englishTestScales[test];
  return step === 1
    ? `${test} scores are whole numbers from ${min} to ${max}`
    : `${test} scores are from ${min} to ${max}, in steps of ${step}`;
};

/**
 * The admissions tests a student records and a course may ask a minimum of (decision 0041): the GRE
 * General Test's total (Verbal and Quantitative, 130 to 170 each: 260 to 340) and the GMAT Focus
 * Edition's total (205 to 805, in steps of 10: every score ends in 5). A classic GMAT score (200 to 800,
 * ending in 0) is on another scale and is not taken: the message says so.
 */
export const admissionsTests = ["GRE", "GMAT"] as const;
export type AdmissionsTest = (typeof admissionsTests)[number];
export const admissionsTestScales: Record<AdmissionsTest, { min: number; max: number; step: number }> = {
  GRE: { min: 260, max: 340, step: 1 },
  GMAT: { min: 205, max: 805, step: 10 },
};
/** Each test's full name, as the profile's labels and the course page's requirements say it. */
export const admissionsTestNames: Record<AdmissionsTest, string> = {
  GRE: "GRE General Test",
  GMAT: "GMAT Focus Edition",
};

/** A CGPA (10-point scale) read as a percentage where only a percentage is asked: CGPA x 9.5 (decision 0025). */
export const CGPA_TO_PERCENTAGE = 9.5;

/** The qualification whose marks a course of each level asks about: the one before it. */
export const qualificationBefore = {
  Bachelors: "12th",
  Diploma: "12th",
  Certificate: "12th",
  Masters: "Bachelors",
  PhD: "Masters",
} as const;

/** How a qualification is named in a sentence ("Needs 75% in 12th", "in your bachelor's"). */
export const qualificationWords = { "12th": "12th", Bachelors: "your bachelor's", Masters: "your master's" } as const;

export const eligibilityMessages = {
  chooseTest: `Choose ${englishTests.join(", ").replace(/, ([^,]*)$/, " or $1")}`,
  scoreWithoutTest: "Choose which English test the score is from",
  testWithoutScore: "Enter your score in that test",
  meets: "You meet the entry requirements",
  notYet: "Not yet: what is missing",
  /** Every requirement met but English, which the course may waive (decision 0035): one verdict, not "meets". */
  onlyWithWaiver: "You meet the entry requirements only if the university waives the English test",
  onlyWithWaiverBrief: "Only with an English test waiver",
  /** What the course's English exam waiver means, for everyone who reads it. */
  waiverMeaning:
    "English exam waiver: the university may admit some students without the English test score, for example those taught in English. It decides case by case; ask it before you apply.",
  addMarks: "Add your marks to your profile to see whether you meet them.",
  logInToCheck: "Log in and add your marks to your profile to see whether you meet them.",
  percentage: "Minimum percentage must be a number from 0 to 100",
  cgpa: "Minimum CGPA must be a number from 0 to 10",
  ielts: "Minimum IELTS must be from 0 to 9, in steps of 0.5",
  toefl: "Minimum TOEFL iBT must be a whole number from 0 to 120",
  pte: "Minimum PTE Academic must be a whole number from 10 to 90",
  duolingo: "Minimum Duolingo English Test must be from 10 to 160, in steps of 5",
  gre: "Minimum GRE must be a whole number from 260 to 340 (the General Test's total)",
  gmat: "Minimum GMAT must be from 205 to 805, ending in 5 (GMAT Focus Edition)",
  greScore: "GRE scores are whole numbers from 260 to 340 (Verbal and Quantitative together)",
  gmatScore:
    "GMAT Focus Edition scores are from 205 to 805 and end in 5. A classic GMAT score (200 to 800) is on another scale: ask your counsellor",
  /** Under the profile's admissions tests. */
  admissionsTestsHint: "Optional: for courses that ask for the GRE or the GMAT. Enter your total score.",
} as const;

/** "75%" or "72.5%" */
export const formatPercentage = (n: number) => `${Number(n.toFixed(2))}%`;

/** The comparison's words (decision 0027). */
export const COMPARE_MAX = 3;
export const compareMessages = {
  full: `You can compare up to ${COMPARE_MAX} courses. Remove one to add another.`,
  added: (name: string) => `Added ${name} to your comparison.`,
  removed: "Removed from your comparison.",
  empty: "Nothing to compare yet. Open a course and choose “Add to compare”.",
  chooseAction: "Choose to add or remove a course",
  /** At sign-in, when the account's list and the visitor's held more than COMPARE_MAX (decision 0043). */
  leftOut: `Your account already had courses to compare, and you can compare up to ${COMPARE_MAX}: these, compared before you signed in, were not added. Remove one to add another.`,
} as const;

/**
 * The sentences of the entry requirements and a student's verdict (modules/eligibility.ts), as shapes:
 * `{name}` is a value or a smaller phrase of this list. A screen translates a sentence by its shape and
 * each value in turn (app/components/entry-requirements.tsx); tried in this order, whole sentences first.
 */
export const requirementShapes = {
  addMarks: "Needs {needed}; add your {qualification} marks to your profile",
  addEnglish: "Needs {needed}; add your English test score to your profile",
  orWaiver:
    "Needs {needed}; add your English test score to your profile, or ask the university whether it waives the test for you",
  notListedWaiver: "Needs {needed}; it does not list {test}: ask the university whether it takes it or waives the test for you",
  notListed: "Needs {needed}; it does not list {test}, ask the university",
  shortWaiver: "Needs {needed}; you have {have}: only if the university waives the test for you",
  short: "Needs {needed}; you have {have}",
  met: "{needed}: you have {have}",
  mayWaiveEnglish: "{english}, unless the university waives the English test for you",
  cgpaAbout: "CGPA {cgpa} (about {percentage})",
  percentageAbout: "{percentage} (CGPA {cgpa} is about {converted})",
  marksEither: "{percentage} or CGPA {cgpa} in {qualification}",
  marksPercentage: "{percentage} in {qualification}",
  marksCgpa: "CGPA {cgpa} in {qualification}",
  /** Last: its loose "{test}" would also match the English sentences above. */
  addAdmissionsTest: "Needs {needed}; add your {test} score to your profile",
} as const;

/**
 * The shapes as the catalogue holds them: the marks' phrases once for each qualification ("{percentage}
 * in 12th"), since a shape as loose as "{percentage} in {qualification}" would also match other messages.
 */
export const requirementSentences: readonly string[] = Object.values(requirementShapes).flatMap((shape) =>
  shape.endsWith(" in {qualification}")
    ? Object.values(qualificationWords).map((words) => shape.replace("{qualification}", words))
    : [shape],
);

/** A shape with its values written in: `say(requirementShapes.short, { needed, have })`. */
export const say = (shape: string, values: Record<string, string>) =>
  shape.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
