import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { MAX_RECORDING_SECONDS, visaMessages } from "../../vocabulary/visas.ts";
import { recordAudit } from "../audit-log.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { authorize, canCoachVisas, type StaffMember } from "../policies.ts";
import { parseInput } from "../validation.ts";
import { countryExists } from "./guides.ts";
import { bankOf } from "./practices.ts";
import { type AnswerSignal, fileFacts, questionThemes } from "./reference-types.ts";
import { visaQuestionBanks, visaQuestions } from "./tables.ts";

export interface ConsoleQuestion {
  id: number;
  theme: string;
  text: string;
  needs: string[];
  core: boolean;
  wants: string;
  points: AnswerSignal[];
  redFlags: AnswerSignal[];
  retired: boolean;
}

/** A destination's questions as staff keep them. */
export async function consoleQuestions(deps: StaffDeps, actor: StaffMember, countryId: number) {
  authorize(canCoachVisas, actor);
  const bank = await bankOf(deps.db, countryId);
  if (!bank) throw new AppError("not_found", "This country has no question bank.");
  const rows = await deps.db
    .select()
    .from(visaQuestions)
    .where(eq(visaQuestions.countryId, countryId))
    .orderBy(asc(visaQuestions.theme), asc(visaQuestions.id));
  return {
    bank,
    questions: rows.map(
      (r): ConsoleQuestion => ({
        id: r.id,
        theme: r.theme,
        text: r.text,
        needs: r.needs,
        core: r.core,
        wants: r.wants,
        points: r.points as AnswerSignal[],
        redFlags: r.redFlags as AnswerSignal[],
        retired: r.retired,
      }),
    ),
  };
}

/** "label: keyword, keyword" lines, as the console's form writes a question's points and red flags. */
const signalLines = (message: string) =>
  z
    .string({ error: message })
    .max(4000)
    .transform((text, ctx) => {
      const signals = text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => {
          const [label, words = ""] = line.split(":");
          return {
            label: (label ?? "").trim(),
            keywords: words
              .split(",")
              .map((w) => w.trim().toLowerCase())
              .filter(Boolean),
          };
        });
      if (!signals.length || signals.some((s) => !s.label || !s.keywords.length)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return signals;
    });

export const questionInput = z.object({
  theme: z.enum(questionThemes, { error: "Choose the theme" }),
  text: z.string({ error: "Write the question" }).trim().min(5, "Write the question").max(400),
  needs: z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : (v ?? []),
    z.array(z.enum(fileFacts, { error: "Name only facts of the file" })).max(5),
  ),
  core: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()).default(false),
  wants: z.string({ error: "Say what the officer wants to learn" }).trim().min(3, "Say what the officer wants to learn").max(400),
  points: signalLines("Write each point as a line: label: keyword, keyword"),
  redFlags: signalLines("Write each red flag as a line: label: keyword, keyword"),
  retired: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()).default(false),
});

/** Staff add a question to a destination's bank or correct one; audited. */
export async function saveQuestion(
  deps: StaffDeps,
  actor: StaffMember,
  countryId: number,
  questionId: number | null,
  raw: unknown,
) {
  authorize(canCoachVisas, actor);
  const input = parseInput(questionInput, raw);
  if (!(await bankOf(deps.db, countryId))) throw new AppError("not_found", "This country has no question bank.");
  await deps.db.transaction(async (tx) => {
    if (questionId === null) {
      const [row] = await tx
        .insert(visaQuestions)
        .values({ ...input, countryId, updatedByStaffId: actor.staffId })
        .returning({ id: visaQuestions.id });
      await recordAudit(tx, actor, {
        action: "visa_question.added",
        subjectType: "visa_question",
        subjectId: row?.id ?? 0,
        after: input,
      });
      return;
    }
    const [before] = await tx
      .select()
      .from(visaQuestions)
      .where(and(eq(visaQuestions.id, questionId), eq(visaQuestions.countryId, countryId)));
    if (!before) throw new AppError("not_found", "No such question.");
    await tx
      .update(visaQuestions)
      .set({ ...input, updatedAt: nowOf(deps), updatedByStaffId: actor.staffId })
      .where(eq(visaQuestions.id, questionId));
    await recordAudit(tx, actor, {
      action: "visa_question.changed",
      subjectType: "visa_question",
      subjectId: questionId,
      before,
      after: input,
    });
  });
}

export const bankInput = z.object({
  name: z.string({ error: "Name the interview" }).trim().min(3, "Name the interview").max(80, "At most 80 characters."),
  questionsPerPractice: z.coerce
    .number({ error: "Ask from 1 to 30 questions" })
    .int("Ask from 1 to 30 questions")
    .min(1, "Ask from 1 to 30 questions")
    .max(30, "Ask from 1 to 30 questions"),
  // At most what a recording may last: the recorder stops there (decision 0048).
  secondsPerAnswer: z.coerce
    .number({ error: visaMessages.secondsPerAnswer })
    .int(visaMessages.secondsPerAnswer)
    .min(10, visaMessages.secondsPerAnswer)
    .max(MAX_RECORDING_SECONDS, visaMessages.secondsPerAnswer),
});

/** The length norms of a bank staff start: about a spoken minute, or a short typed paragraph. */
const startingNorms = { normSeconds: { min: 15, max: 90 }, normWords: { min: 25, max: 150 } };

/**
 * Staff start a question bank for a destination that has none (its practice then opens to students once it
 * has questions), or change a bank's name, length and timer; the norms stay as they were. Audited.
 */
export async function saveBank(deps: StaffDeps, actor: StaffMember, countryId: number, raw: unknown) {
  authorize(canCoachVisas, actor);
  const input = parseInput(bankInput, raw);
  if (!(await countryExists(deps.db, countryId))) throw new AppError("not_found", "No such country.");
  const before = await bankOf(deps.db, countryId);
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(visaQuestionBanks)
      .values({ countryId, ...input, norms: startingNorms })
      .onConflictDoUpdate({ target: visaQuestionBanks.countryId, set: input });
    await recordAudit(tx, actor, {
      action: before ? "visa_question_bank.changed" : "visa_question_bank.added",
      subjectType: "visa_question_bank",
      subjectId: countryId,
      before: before
        ? { name: before.name, questionsPerPractice: before.questionsPerPractice, secondsPerAnswer: before.secondsPerAnswer }
        : null,
      after: input,
    });
  });
}
