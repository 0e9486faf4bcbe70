import type { FileFact, QuestionTheme } from "./reference-types.ts";

/**
 * Which questions one practice asks (decision 0040): chosen from the student's own file. A question that names a
 * fact of the file (their university, their loan, a gap, an earlier refusal) is asked only when the file
 * has it, and is preferred to a general one; the practice covers as many themes as it has questions for,
 * core questions first. The order is fixed by the seed, so a practice can be rebuilt and tested.
 */

export interface BankQuestion {
  id: number;
  theme: QuestionTheme | string;
  text: string;
  needs: string[];
  core: boolean;
}

/** What the file knows, to fill a question's placeholders: {university}, {course}, {intake}, {city}, {country}, {sponsor}, {scholarship}. */
export type FileFacts = Partial<Record<FileFact | "country", string>>;

/** A small deterministic generator (mulberry32): the same seed gives the same practice. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], next: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** The question with its placeholders filled from the file. */
export const fillQuestion = (text: string, facts: FileFacts) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => facts[name as FileFact] ?? whole);

/** Facts that make a question urgent when the file has them: asked in every practice. */
const alwaysAsked = new Set(["refusal", "gap"]);

export function selectQuestions(bank: BankQuestion[], facts: FileFacts, count: number, seed: number): BankQuestion[] {
  const next = random(seed);
  const has = (need: string) => Boolean(facts[need as FileFact]);
  const eligible = bank.filter((q) => q.needs.every(has) && [...q.text.matchAll(/\{(\w+)\}/g)].every((m) => has(m[1] ?? "")));
  // Rank: the file's risks first, then questions about the student's own file, then core, then the rest.
  const rank = (q: BankQuestion) =>
    (q.needs.some((n) => alwaysAsked.has(n)) ? 0 : 4) + (q.needs.length ? 0 : 2) + (q.core ? 0 : 1);
  const ordered = shuffled(eligible, next).sort((a, b) => rank(a) - rank(b));
  const chosen: BankQuestion[] = [];
  const urgent = ordered.filter((q) => q.needs.some((n) => alwaysAsked.has(n)));
  for (const q of urgent) if (chosen.length < count && !chosen.some((c) => c.needs.join() === q.needs.join())) chosen.push(q);
  // Then one per theme in turn, the best-ranked first, until the practice is full.
  const themes = [...new Set(ordered.map((q) => q.theme))];
  while (chosen.length < Math.min(count, eligible.length)) {
    let added = false;
    for (const theme of themes) {
      if (chosen.length >= count) break;
      const candidate = ordered.find((q) => q.theme === theme && !chosen.includes(q));
      if (candidate) {
        chosen.push(candidate);
        added = true;
      }
    }
    if (!added) break;
  }
  // Interviews open with study plans and the university, and end with ties and plans after.
  const order = [
    "study-plans",
    "university-choice",
    "academic-ability",
    "english",
    "immigration-history",
    "finances",
    "post-study-plans",
    "ties-to-india",
  ];
  const at = (theme: string) => (order.indexOf(theme) === -1 ? order.length : order.indexOf(theme));
  return chosen.sort((a, b) => at(a.theme) - at(b.theme));
}
