import { describe, expect, it } from "vitest";
import { statementCheckKeys } from "../../vocabulary/statements.ts";
import { AGREEMENT_TARGET, judgedSet, measureAgreement } from "./sop-agreement.ts";
import { findAnchor, paragraphHash } from "./statements.ts";

/**
 * The SOP checks against the judged set (decision 0073): at least 20 SOPs, every check judged on each,
 * and agreement with the counsellor at or above what was measured when the checks were written.
 */
describe("the SOP checks on the judged set", () => {
  it("holds at least 20 SOPs, with SOPs flagged and not flagged for every check", () => {
    expect(judgedSet.length).toBeGreaterThanOrEqual(20);
    for (const key of statementCheckKeys) {
      expect(
        judgedSet.some((s) => s.flags.includes(key)),
        key,
      ).toBe(true);
      expect(
        judgedSet.some((s) => !s.flags.includes(key)),
        key,
      ).toBe(true);
    }
  });

  it("agrees with the counsellor on every check as measured (100% on 33 SOPs), never below the target", () => {
    const report = measureAgreement();
    expect(report.disagreements).toEqual([]);
    for (const key of statementCheckKeys) expect(report.checks[key].share, key).toBeGreaterThanOrEqual(AGREEMENT_TARGET);
    expect(report.overall).toBe(1);
  });

  it("disagrees when a judgement is turned round: the measure can fail", () => {
    const turned = judgedSet.map((s) => (s.id === "placeholder-xxx" ? { ...s, flags: [] } : s));
    const report = measureAgreement(turned);
    expect(report.disagreements.map((d) => [d.id, d.check])).toEqual([["placeholder-xxx", "no-placeholder"]]);
    expect(report.checks["no-placeholder"].share).toBeLessThan(1);
  });
});

describe("a comment's anchor (decision 0072)", () => {
  const paragraph = "The MSc Data Science at Northbridge University teaches the statistics and machine learning I lack.";

  it("is the paragraph with the same words, wherever it moved, whatever its spacing and punctuation", () => {
    const anchor = { hash: paragraphHash(paragraph), text: paragraph };
    expect(findAnchor(["I grew up in Nashik.", "Something new.", paragraph.replace(".", " !")], anchor)).toEqual({
      index: 2,
      changed: false,
    });
  });

  it("is the most alike paragraph after an edit, and none once it is rewritten or removed", () => {
    const anchor = { hash: paragraphHash(paragraph), text: paragraph };
    const edited = `${paragraph.replace("teaches", "offers")} Its spatial statistics module fits my work.`;
    expect(findAnchor(["I grew up in Nashik.", edited], anchor)).toEqual({ index: 1, changed: true });
    expect(findAnchor(["I grew up in Nashik.", "After the course I will come back to Pune."], anchor)).toBeNull();
  });
});
