import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { countryIdsByName } from "./guides.ts";
import { referenceQuestionBanks } from "./question-bank/index.ts";
import { visaQuestionBanks, visaQuestions } from "./tables.ts";

/** Adds the reference question banks for the catalogue's countries; questions already there (by ref) stay as staff left them. */
export async function seedQuestionBanks(db: Database): Promise<number> {
  const idOf = await countryIdsByName(db);
  let added = 0;
  for (const bank of referenceQuestionBanks) {
    const countryId = idOf.get(bank.country);
    if (countryId === undefined) continue;
    await db
      .insert(visaQuestionBanks)
      .values({
        countryId,
        name: bank.name,
        questionsPerPractice: bank.questionsPerPractice,
        secondsPerAnswer: bank.secondsPerAnswer,
        norms: { normSeconds: bank.normSeconds, normWords: bank.normWords },
      })
      .onConflictDoNothing();
    if (!bank.questions.length) continue;
    const rows = await db
      .insert(visaQuestions)
      .values(
        bank.questions.map((q) => ({
          ref: q.id,
          countryId,
          theme: q.theme,
          text: q.text,
          needs: q.needs,
          core: q.core,
          wants: q.wants,
          points: q.points,
          redFlags: q.redFlags,
        })),
      )
      .onConflictDoNothing({ target: visaQuestions.ref })
      .returning({ id: visaQuestions.id });
    added += rows.length;
    // A reference question no one in the console has changed takes the reference's newer keywords
    // (decision 0049); one staff edited stays as they left it.
    for (const q of bank.questions) {
      await db
        .update(visaQuestions)
        .set({ points: q.points, redFlags: q.redFlags })
        .where(
          and(
            eq(visaQuestions.ref, q.id),
            isNull(visaQuestions.updatedByStaffId),
            sql`(${visaQuestions.points} <> ${JSON.stringify(q.points)}::jsonb or ${visaQuestions.redFlags} <> ${JSON.stringify(q.redFlags)}::jsonb)`,
          ),
        );
    }
  }
  return added;
}
