/**
 * Shorthand for writing the question banks, and the answer signals several questions share. Keywords are
 * lower-case words or short phrases as an Indian student would say or type them; a trailing `*` matches
 * any word starting with the stem.
 */

import type { AnswerSignal, FileFact, QuestionTheme, ReferenceQuestion } from "../reference-types.ts";

export type Signal = readonly [label: string, keywords: readonly string[]];

interface QuestionSpec {
  needs?: FileFact[];
  core?: boolean;
  wants: string;
  points: Signal[];
  flags: Signal[];
}

const signal = ([label, keywords]: Signal): AnswerSignal => ({ label, keywords: [...keywords] });

export const question = (id: string, theme: QuestionTheme, text: string, spec: QuestionSpec): ReferenceQuestion => ({
  id,
  theme,
  text,
  needs: spec.needs ?? [],
  core: spec.core ?? false,
  wants: spec.wants,
  points: spec.points.map(signal),
  redFlags: spec.flags.map(signal),
});

export const vague: Signal = [
  "vague or unsure",
  [
    "i don't know",
    "i dont know",
    "don't know",
    "not sure",
    "no idea",
    "i haven't decided",
    "i have not decided",
    "not decided",
    "not yet decided",
    "don't remember",
    "dont remember",
    "let's see",
    "lets see",
    "will see",
    "i will confirm",
    "pata nahi",
    "fixed nahi",
    "decide nahi",
  ],
];

export const agentChose: Signal = [
  "leaves the choice to an agent",
  [
    "my agent",
    "my consultant",
    "agent chose",
    "consultant chose",
    "agent suggested",
    "consultant suggested",
    "agent told",
    "consultant told",
    "agent said",
    "agent ne",
    "agent applied",
    "agent did",
    "they told me to",
  ],
];

export const genericPraise: Signal = [
  "only generic praise",
  ["best university", "very good university", "good university", "world class", "world-class", "famous", "good reputation"],
];

export const relativesAsReason: Signal = [
  "relatives abroad as the reason",
  [
    "my brother lives",
    "my sister lives",
    "my uncle lives",
    "my cousin lives",
    "my relatives live",
    "stay with my",
    "family is there",
  ],
];

export const workToPay: Signal = [
  "relies on a job abroad to pay",
  [
    "work to pay",
    "job to pay",
    "pay by working",
    "earn money there",
    "part time job to pay",
    "part-time job to pay",
    "earn and pay",
  ],
];

export const disparagesIndia: Signal = [
  "dismisses India",
  [
    "india is bad",
    "nothing in india",
    "no future in india",
    "no opportunities in india",
    "no scope in india",
    "no scope in my field",
    "nothing much is there for me",
    "nothing is there for me in india",
    "indian education is useless",
  ],
];

/** Read in every answer, whatever the question lists: the same answer is flagged the same everywhere (decision 0049). */
export const everyAnswerFlags: AnswerSignal[] = [vague, agentChose, disparagesIndia].map(([label, keywords]) => ({
  label,
  keywords: [...keywords],
}));

export const namesSponsor: Signal = [
  "names the sponsor and the relation",
  ["father", "mother", "parents", "papa", "uncle", "brother", "sister", "sponsor*", "myself", "my own savings"],
];

export const statesAmount: Signal = [
  "states the amount",
  ["{amount}", "lakh*", "lac", "lacs", "crore*", "rupees", "dollars", "$", "pounds", "euros", "inr"],
];

export const incomeSource: Signal = [
  "says where the money comes from",
  [
    "salary",
    "business",
    "farm*",
    "agricultur*",
    "income",
    "earn*",
    "savings",
    "pension",
    "rent*",
    "shop",
    "fixed deposit*",
    "fds",
    "property",
    "loan",
    "government job",
  ],
];

export const loanDetails: Signal = [
  "names the lender and the amount sanctioned",
  [
    "sbi",
    "state bank",
    "hdfc",
    "credila",
    "avanse",
    "icici",
    "axis",
    "bank of baroda",
    "canara",
    "pnb",
    "union bank",
    "nbfc",
    "bank",
    "sanction*",
  ],
];

export const plansToReturn: Signal = [
  "plans to return to India",
  ["return", "come back", "back to india", "back home", "in india", "join my father", "family business"],
];

export const specificCareer: Signal = [
  "names a specific role or employer",
  [
    "role",
    "position",
    "company",
    "companies",
    "engineer",
    "analyst",
    "manager",
    "developer",
    "consultant",
    "startup",
    "firm",
    "join",
  ],
];
