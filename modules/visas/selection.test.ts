import { describe, expect, it } from "vitest";
import { type BankQuestion, fillQuestion, selectQuestions } from "./selection.ts";

let id = 0;
const q = (theme: string, needs: string[] = [], core = false, text = `${theme} question`): BankQuestion => ({
  id: ++id,
  theme,
  text,
  needs,
  core,
});
const bank: BankQuestion[] = [
  q("study-plans", [], true),
  q("study-plans"),
  q("university-choice", ["university"], true, "Why {university}?"),
  q("university-choice", [], true),
  q("finances", ["loan"], false, "How much is {loan}?"),
  q("finances", [], true),
  q("finances", ["sponsor"]),
  q("post-study-plans", [], true),
  q("ties-to-india", [], true),
  q("immigration-history", ["refusal"], true, "Why were you refused before?"),
  q("academic-ability", ["gap"], false, "What did you do during {gap}?"),
];

describe("choosing a practice's questions from the file", () => {
  it("asks about an earlier refusal and a gap whenever the file has them, and never about facts it lacks", () => {
    const chosen = selectQuestions(bank, { university: "ASU", refusal: "yes", gap: "a gap" }, 6, 7);
    expect(chosen).toHaveLength(6);
    expect(chosen.some((c) => c.needs.includes("refusal"))).toBe(true);
    expect(chosen.some((c) => c.needs.includes("gap"))).toBe(true);
    expect(chosen.some((c) => c.needs.includes("loan") || c.needs.includes("sponsor"))).toBe(false);
  });

  it("prefers the student's own university to a general question, and covers every theme it can", () => {
    const chosen = selectQuestions(bank, { university: "ASU", loan: "your loan" }, 6, 3);
    expect(chosen.map((c) => c.text)).toContain("Why {university}?");
    expect(chosen.map((c) => c.text)).toContain("How much is {loan}?");
    // Five themes have questions this file can answer (a refusal and a gap are not in it).
    expect(new Set(chosen.map((c) => c.theme)).size).toBe(5);
  });

  it("opens with study plans and ends with ties", () => {
    const chosen = selectQuestions(bank, {}, 5, 11);
    expect(chosen[0]?.theme).toBe("study-plans");
    expect(chosen.at(-1)?.theme).toBe("ties-to-india");
  });

  it("gives the same practice for the same seed", () => {
    expect(selectQuestions(bank, {}, 4, 5)).toEqual(selectQuestions(bank, {}, 4, 5));
  });

  it("fills the placeholders from the file", () => {
    expect(fillQuestion("Why {university} in {city}?", { university: "ASU", city: "Tempe" })).toBe("Why ASU in Tempe?");
  });
});
