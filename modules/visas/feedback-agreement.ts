/**
 * How far the practice feedback agrees with a counsellor (decision 0049): the judged answers in
 * feedback-judged.json, written as students from India answer and judged by a counsellor before the
 * feedback was tuned, read by `readAnswer` against the file each names. Measured by
 * `npm run feedback-agreement` and feedback-agreement.test.ts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { type FileRecord, fileNotes, normalise, readAnswer } from "./feedback.ts";
import { referenceQuestionBanks } from "./question-bank/index.ts";

/** The share of judgements the feedback must agree with, each kind on its own. */
export const AGREEMENT_TARGET = 0.9;

export interface JudgedAnswer {
  question: string;
  file: string;
  text: string;
  covered: string[];
  redFlags: string[];
  contradictions: string[];
  offTopic: boolean;
}

interface JudgedSet {
  files: Record<string, FileRecord>;
  answers: JudgedAnswer[];
}

/** Rates of the day the set was judged: amounts said in foreign money are read at these. */
const rates: Record<string, number> = { USD: 85, GBP: 110, EUR: 92, AUD: 56, CAD: 62 };

export const judgedSet = (): JudgedSet =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "feedback-judged.json"), "utf8")) as JudgedSet;

export type JudgementKind = "points" | "redFlags" | "contradictions" | "offTopic";

export interface Disagreement {
  kind: JudgementKind;
  question: string;
  text: string;
  judged: string;
  read: string;
}

export interface AgreementReport {
  answers: number;
  /** Per kind: judgements made and agreed. Points count one judgement per point of the question; the others one per answer (the whole set of flags or contradictions must match). */
  kinds: Record<JudgementKind, { judgements: number; agreed: number; share: number }>;
  disagreements: Disagreement[];
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

export function measureAgreement(set: JudgedSet = judgedSet()): AgreementReport {
  const questions = new Map(referenceQuestionBanks.flatMap((bank) => bank.questions.map((q) => [q.id, { q, bank }] as const)));
  const tally = Object.fromEntries(
    (["points", "redFlags", "contradictions", "offTopic"] as const).map((k) => [k, { judgements: 0, agreed: 0, share: 0 }]),
  ) as AgreementReport["kinds"];
  const disagreements: Disagreement[] = [];
  const count = (kind: JudgementKind, agreed: boolean, answer: JudgedAnswer, judged: string, read: string) => {
    tally[kind].judgements += 1;
    if (agreed) tally[kind].agreed += 1;
    else disagreements.push({ kind, question: answer.question, text: answer.text, judged, read });
  };
  for (const answer of set.answers) {
    const found = questions.get(answer.question);
    const file = set.files[answer.file];
    if (!found || !file) throw new Error(`the judged set names an unknown question or file: ${answer.question}, ${answer.file}`);
    const { q, bank } = found;
    const rupeesPer = (c: string) => rates[c];
    const feedback = readAnswer(
      {
        theme: q.theme,
        question: q.text,
        points: q.points,
        redFlags: q.redFlags,
        mode: "typed",
        text: answer.text,
        durationSeconds: null,
      },
      { normSeconds: bank.normSeconds, normWords: bank.normWords },
      file,
      rupeesPer,
    );
    for (const point of q.points) {
      const judged = answer.covered.includes(point.label);
      const read = feedback.covered?.includes(point.label) ?? false;
      count(
        "points",
        judged === read,
        answer,
        `${point.label}: ${judged ? "covered" : "not covered"}`,
        read ? "covered" : "not covered",
      );
    }
    const flags = feedback.redFlags ?? [];
    count("redFlags", sameSet(answer.redFlags, flags), answer, answer.redFlags.join("; ") || "none", flags.join("; ") || "none");
    const kinds = fileNotes(normalise(answer.text), q, file, rupeesPer).map((n) => n.kind);
    count(
      "contradictions",
      sameSet(answer.contradictions, kinds),
      answer,
      answer.contradictions.join("; ") || "none",
      kinds.join("; ") || "none",
    );
    const offTopic = feedback.onTopic === false;
    count(
      "offTopic",
      offTopic === answer.offTopic,
      answer,
      answer.offTopic ? "off topic" : "on topic",
      offTopic ? "off topic" : "on topic",
    );
  }
  for (const kind of Object.values(tally)) kind.share = kind.judgements ? kind.agreed / kind.judgements : 1;
  return { answers: set.answers.length, kinds: tally, disagreements };
}
