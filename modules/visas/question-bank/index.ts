import { z } from "zod";
import { readReferenceData } from "../../reference-data.ts";
import {
  type AnswerSignal,
  answerSignalSchema,
  type ReferenceQuestionBank,
  referenceQuestionBankSchema,
  referenceQuestionSchema,
} from "../reference-types.ts";
import australia from "./australia.json" with { type: "json" };
import germany from "./germany.json" with { type: "json" };
import signals from "./signals.json" with { type: "json" };
import unitedKingdom from "./united-kingdom.json" with { type: "json" };
import unitedStates from "./united-states.json" with { type: "json" };

/**
 * The mock interview question banks a new database starts with (decision 0040), one data file per
 * destination (decision 0052); staff edit them in the console. A question's point or red flag is written
 * out, or named: a signal of the bank's own file (`signals`) or one several banks share (`signals.json`).
 */

const namedSignals = z.record(z.string().min(1), answerSignalSchema);
const signalOrName = z.union([z.string().min(1), answerSignalSchema]);

const sharedFile = "modules/visas/question-bank/signals.json";
const shared = readReferenceData(sharedFile, signals, { everyAnswer: z.array(z.string().min(1)).min(1), signals: namedSignals });

/** The signal an entry writes out, or a copy of the one it names; a name no file defines stops the start. */
function signalOf(file: string, own: Record<string, AnswerSignal>, entry: string | AnswerSignal): AnswerSignal {
  if (typeof entry !== "string") return entry;
  const named = own[entry] ?? shared.signals[entry];
  if (!named) throw new Error(`${file} names a signal that neither it nor signals.json defines: ${entry}`);
  return { label: named.label, keywords: [...named.keywords] };
}

const bankFile = {
  signals: namedSignals,
  bank: referenceQuestionBankSchema.extend({
    questions: z.array(referenceQuestionSchema.extend({ points: z.array(signalOrName), redFlags: z.array(signalOrName) })).min(1),
  }),
};

const files: [name: string, data: unknown][] = [
  ["united-states", unitedStates],
  ["united-kingdom", unitedKingdom],
  ["australia", australia],
  ["germany", germany],
];

export const referenceQuestionBankFiles = files.map(([name, data]) => {
  const file = `modules/visas/question-bank/${name}.json`;
  const read = readReferenceData(file, data, bankFile);
  const bank: ReferenceQuestionBank = {
    ...read.bank,
    questions: read.bank.questions.map((q) => ({
      ...q,
      points: q.points.map((entry) => signalOf(file, read.signals, entry)),
      redFlags: q.redFlags.map((entry) => signalOf(file, read.signals, entry)),
    })),
  };
  return { file, ...read, bank };
});

export const referenceQuestionBanks: ReferenceQuestionBank[] = referenceQuestionBankFiles.map((read) => read.bank);

/** Read in every answer, whatever the question lists: the same answer is flagged the same everywhere (decision 0049). */
export const everyAnswerFlags: AnswerSignal[] = shared.everyAnswer.map((name) => signalOf(sharedFile, {}, name));

/** The signals several banks share, as read from their file. */
export const sharedSignalsFile = { file: sharedFile, ...shared };
