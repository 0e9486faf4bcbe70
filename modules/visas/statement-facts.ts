import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { fundingInRupees, fundingPlanOf } from "../funding/funding.ts";
import { referenceQuestionBanks } from "./question-bank/index.ts";
import type { AnswerSignal } from "./reference-types.ts";
import { visaPracticeAnswers, visaPractices } from "./tables.ts";

/**
 * What a statement's checks read of the visa side (decision 0073): the student's funding plan, which the visa
 * plan's funds check reads (the kinds of money and their total in rupees) and what the student typed or said in their
 * mock visa interviews, each answer with its theme.
 */
export interface StatementVisaFacts {
  fundKinds: string[] | null;
  /**
   * The funds' sum in rupees at the rate table's rates (the funding module's own sum); null with no plan, or
   * when a source's currency has no rate: a sum leaving it out would be a wrong figure to hold the text against.
   */
  fundsRupees: number | null;
  interviewAnswers: { theme: string; question: string; text: string }[];
}

export async function statementVisaFacts(
  db: Pick<Database, "select">,
  studentId: number,
  rupeesPer: (currency: string) => number | undefined,
): Promise<StatementVisaFacts> {
  const [plan, answers] = await Promise.all([
    // The student's one funding plan (decision 0079): the same figures the visa funds check reads.
    fundingPlanOf(db, studentId),
    db
      .select({
        theme: visaPracticeAnswers.theme,
        question: visaPracticeAnswers.questionText,
        text: visaPracticeAnswers.answerText,
      })
      .from(visaPracticeAnswers)
      .innerJoin(visaPractices, eq(visaPractices.id, visaPracticeAnswers.practiceId))
      .where(and(eq(visaPractices.studentId, studentId), isNotNull(visaPracticeAnswers.answerText)))
      .orderBy(asc(visaPracticeAnswers.practiceId), asc(visaPracticeAnswers.position)),
  ]);
  const sources = plan.sources;
  const { rupees, unconverted } = fundingInRupees(plan, rupeesPer);
  return {
    fundKinds: sources.length ? [...new Set(sources.map((s) => s.kind))] : null,
    fundsRupees: sources.length && !unconverted.length ? rupees : null,
    interviewAnswers: answers.map((a) => ({ theme: a.theme, question: a.question, text: a.text ?? "" })),
  };
}

/**
 * The signals the US mock interview's questions on the plans after the course flag as intent to stay in
 * the US (the question bank's own list, so the SOP is read with the very words the practice reads).
 */
export const usImmigrantIntentSignals: AnswerSignal[] = (() => {
  const us = referenceQuestionBanks.find((bank) => bank.country === "United States");
  const flags = (us?.questions ?? []).filter((q) => q.theme === "post-study-plans").flatMap((q) => q.redFlags);
  const wanted = new Set([
    "signals intent to stay in the US",
    "counts on a US job to pay for the degree",
    "nothing to return to",
  ]);
  const seen = new Map<string, AnswerSignal>();
  for (const flag of flags) if (wanted.has(flag.label) && !seen.has(flag.label)) seen.set(flag.label, flag);
  return [...seen.values()];
})();
