import { describe, expect, it } from "vitest";
import { amountsSaid, checkAgainstFile, type FileRecord, readAnswer, says } from "./feedback.ts";

const rates = (c: string) => ({ USD: 85, GBP: 110 })[c];
const file: FileRecord = {
  university: "Arizona State University",
  course: "MS Computer Science",
  intakeMonth: 8,
  intakeYear: 2027,
  firstYearRupees: 5_200_000,
  fundKinds: ["family-savings", "scholarship"],
  fundsRupees: 5_500_000,
};
const norms = { normSeconds: { min: 10, max: 40 }, normWords: { min: 15, max: 80 } };

describe("reading an answer", () => {
  it("matches whole words, stems and symbols", () => {
    expect(says("my father is a farmer", "farm*")).toBe(true);
    expect(says("my father is a farmer", "farm")).toBe(false);
    expect(says("i will settle there", "settle")).toBe(true);
    expect(says("it costs $50,000", "$")).toBe(true);
  });

  it("reads amounts the Indian way and in foreign currencies", () => {
    const said = amountsSaid("the total is 40 lakh, about $50,000 or 1.2 crore", rates).map((a) => a.rupees);
    expect(said).toEqual([4_000_000, 12_000_000, 4_250_000]);
  });

  it("says which points were covered and which red flags were hit", () => {
    const feedback = readAnswer(
      {
        theme: "post-study-plans",
        mode: "typed",
        text: "After my masters I will come back to India and join TCS. Maybe I will settle there if I get a green card.",
        durationSeconds: null,
        points: [
          { label: "Returns to India", keywords: ["back to india", "return*"] },
          { label: "Names a job or employer", keywords: ["job", "tcs", "infosys"] },
          { label: "Links the course to the plan", keywords: ["because the course"] },
        ],
        redFlags: [{ label: "Talks of staying", keywords: ["settle", "green card"] }],
      },
      norms,
      file,
      rates,
    );
    expect(feedback.covered).toEqual(["Returns to India", "Names a job or employer"]);
    expect(feedback.missed).toEqual(["Links the course to the plan"]);
    expect(feedback.redFlags).toEqual(["Talks of staying"]);
    expect(feedback.length).toMatchObject({ unit: "words", verdict: "within" });
  });

  it("measures a spoken answer without a transcript by its seconds only", () => {
    const feedback = readAnswer(
      { theme: "finances", mode: "spoken", text: null, durationSeconds: 6, points: [], redFlags: [] },
      norms,
      file,
      rates,
    );
    expect(feedback.length).toEqual({ measured: 6, unit: "seconds", min: 10, max: 40, verdict: "short" });
    expect(feedback.covered).toBeNull();
  });
});

describe("consistency with the file", () => {
  it("says when the cost named is below the first year's estimate", () => {
    expect(checkAgainstFile("my first year will cost about 40 lakh", "finances", file, rates)).toContain(
      "You said 40 lakh; your first year is estimated at 52 lakh.",
    );
  });

  it("says when a scholarship in the papers is left out, and a loan named is not in the funds check", () => {
    const notes = checkAgainstFile("my father will pay from his savings and we took a loan", "finances", file, rates);
    expect(notes).toContain("You mentioned a loan; your funds check lists no education loan.");
    expect(notes).toContain(
      "Your funds include a scholarship you did not mention: officers compare your answer with your papers.",
    );
  });

  it("says when another university, course or intake is named", () => {
    expect(checkAgainstFile("i chose the university of texas for its labs", "university-choice", file, rates)[0]).toBe(
      'You named "university of texas"; your application is to Arizona State University.',
    );
    expect(checkAgainstFile("my course starts in january", "study-plans", file, rates)).toContain(
      "You said January; your application is for the August 2027 intake.",
    );
    expect(checkAgainstFile("i will do my masters in mechanical engineering", "study-plans", file, rates)[0]).toMatch(
      /your course is MS Computer Science/,
    );
  });

  it("finds nothing to say when the answer matches the file", () => {
    expect(
      checkAgainstFile(
        "i will study ms in computer science at arizona state university from august, my first year costs 52 lakh and i have a scholarship",
        "finances",
        file,
        rates,
      ),
    ).toEqual([]);
  });
});
