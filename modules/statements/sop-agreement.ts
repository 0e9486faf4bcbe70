import { type StatementCheckKey, statementCheckKeys } from "../../vocabulary/statements.ts";
import { checkStatement, type StatementContext } from "./checks.ts";
import judged from "./sop-judged.json" with { type: "json" };

/**
 * The judged SOPs (sop-judged.json, decision 0073): SOPs we wrote for Indian students, each with what a
 * counsellor would flag, read by the checks. Agreement per check is the share of SOPs where the check and
 * the counsellor agree (flagged by both, or by neither).
 */
export const AGREEMENT_TARGET = 0.95;

export interface JudgedSop {
  id: string;
  note: string;
  context: StatementContext;
  paragraphs: string[];
  flags: StatementCheckKey[];
}

export const judgedSet = judged as unknown as JudgedSop[];

/** Rupees per unit, fixed for the set so its figures never move with the rate table. */
const rupeesPer = (currency: string) => ({ INR: 1, USD: 85, GBP: 112, EUR: 96, CAD: 62, AUD: 56 })[currency];

export function measureAgreement(set: readonly JudgedSop[] = judgedSet) {
  const checks = Object.fromEntries(statementCheckKeys.map((key) => [key, { agreed: 0, judged: 0, share: 0 }])) as Record<
    StatementCheckKey,
    { agreed: number; judged: number; share: number }
  >;
  const disagreements: { id: string; check: StatementCheckKey; counsellor: boolean; checks: boolean; reasons: string[] }[] = [];
  for (const sop of set) {
    const result = checkStatement(sop.paragraphs, sop.context, rupeesPer);
    for (const check of result.checks) {
      const counsellor = sop.flags.includes(check.key);
      const flagged = !check.holds;
      const tally = checks[check.key];
      tally.judged += 1;
      if (counsellor === flagged) tally.agreed += 1;
      else disagreements.push({ id: sop.id, check: check.key, counsellor, checks: flagged, reasons: check.reasons });
    }
  }
  for (const tally of Object.values(checks)) tally.share = tally.judged ? tally.agreed / tally.judged : 0;
  const agreed = Object.values(checks).reduce((n, c) => n + c.agreed, 0);
  const total = Object.values(checks).reduce((n, c) => n + c.judged, 0);
  return { sops: set.length, checks, overall: total ? agreed / total : 0, disagreements };
}
