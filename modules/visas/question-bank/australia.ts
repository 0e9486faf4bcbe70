/**
 * Australia's Genuine Student requirement (decision 0040): since 2024-03-23 the student answers four questions
 * in writing with the application, up to 150 words each, and an officer may follow them up. The four
 * prompts are paraphrased in our own words from Home Affairs' published questions; the follow-ups are the
 * ones case officers and universities' pre-visa checks commonly ask. Typed answers: 80 to 150 words.
 * The requirement accepts that some graduates later apply for permanent residence; the red flag is an
 * answer that makes settling, rather than study, the reason for coming.
 */

import type { ReferenceQuestionBank } from "../reference-types.ts";
import {
  agentChose,
  disparagesIndia,
  genericPraise,
  incomeSource,
  namesSponsor,
  plansToReturn,
  question,
  relativesAsReason,
  type Signal,
  specificCareer,
  statesAmount,
  vague,
  workToPay,
} from "./signals.ts";

const settleInAustralia: Signal = [
  "makes settling, not study, the purpose",
  [
    "settle",
    "pr",
    "permanent residency",
    "permanent residence",
    "citizenship",
    "migrate",
    "never come back",
    "live there permanently",
    "live there forever",
  ],
];

export const australiaBank: ReferenceQuestionBank = {
  country: "Australia",
  name: "Genuine Student questions",
  questionsPerPractice: 6,
  secondsPerAnswer: 120,
  normSeconds: { min: 45, max: 120 },
  normWords: { min: 80, max: 150 },
  questions: [
    question(
      "au-01",
      "ties-to-india",
      "Give details of your current circumstances: your family, community, work and economic ties to India.",
      {
        core: true,
        wants: "Your life at home as it is, with the ties that will bring you back.",
        points: [
          ["family", ["father", "mother", "parents", "brother", "sister", "wife", "husband", "family"]],
          ["work or study now", ["work*", "job", "company", "studying", "graduated", "business"]],
          ["economic ties", ["property", "land", "house", "business", "income", "savings", "farm*"]],
          ["community", ["community", "volunteer*", "temple", "club", "friends", "neighbour*", "neighbor*"]],
        ],
        flags: [relativesAsReason, settleInAustralia],
      },
    ),
    question(
      "au-02",
      "study-plans",
      "Explain why you want to study {course} at {university} in Australia, and what you understand of the course and of living in Australia.",
      {
        needs: ["course", "university"],
        core: true,
        wants: "That you researched the course, the provider and life in Australia, and chose them for reasons.",
        points: [
          [
            "the course's content",
            ["unit*", "subject*", "module*", "curriculum", "credit*", "placement", "project", "internship"],
          ],
          ["the provider", ["university", "campus", "facilit*", "lecturer*", "research", "ranking", "industry"]],
          ["why Australia", ["australia", "recognised", "recognized", "quality", "practical"]],
          ["living there", ["rent", "cost of living", "accommodation", "weather", "transport", "oshc", "budget"]],
        ],
        flags: [
          genericPraise,
          agentChose,
          ["the visa is the attraction", ["work rights", "post study work", "pr pathway", "easy visa"]],
        ],
      },
    ),
    question("au-03", "post-study-plans", "Explain how completing {course} will benefit you.", {
      needs: ["course"],
      core: true,
      wants: "A realistic career benefit, mainly back in India.",
      points: [
        ["skills gained", ["skill*", "knowledge", "qualification", "expertise", "experience"]],
        specificCareer,
        ["salary or progression", ["salary", "lakh*", "promotion", "senior", "lpa", "package"]],
        plansToReturn,
      ],
      flags: [settleInAustralia, vague],
    }),
    question("au-04", "immigration-history", "Give any other information you would like the officer to consider.", {
      core: true,
      wants: "Anything that explains your file: gaps, earlier refusals, a change of field.",
      points: [
        ["explains anything unusual", ["gap", "refus*", "change", "because", "explain", "reason"]],
        ["offers evidence", ["letter", "certificate", "documents", "attached", "statement"]],
      ],
      flags: [["leaves it empty", ["nothing to add", "nothing else", "nothing more", "no other information"]]],
    }),
    question("au-05", "study-plans", "Why not study a similar course in India?", {
      wants: "A fair comparison that still favours the course you chose.",
      points: [
        ["links it to your career", ["career", "job", "india", "employer*", "recognised", "recognized", "skill*"]],
        [
          "a concrete difference",
          ["curriculum", "practical", "industry", "placement", "research", "facilit*", "specializ*", "specialis*"],
        ],
      ],
      flags: [disparagesIndia],
    }),
    question("au-06", "university-choice", "Which other providers did you consider, and why did you choose {university}?", {
      needs: ["university"],
      wants: "That you compared options yourself.",
      points: [
        ["names alternatives", ["also", "compared", "applied", "other", "considered"]],
        ["why this one", ["fees", "scholarship", "unit*", "location", "ranking", "placement", "campus"]],
      ],
      flags: [agentChose],
    }),
    question("au-07", "university-choice", "What do you know about {city}, where you will live?", {
      needs: ["city"],
      wants: "That you looked into where you will live.",
      points: [
        ["your plan there", ["accommodation", "live in", "near campus", "shared", "homestay", "budget"]],
        ["facts about the city", ["rent", "cost", "weather", "transport", "population", "beach", "industry", "suburb*"]],
      ],
      flags: [vague],
    }),
    question("au-08", "finances", "How will you pay for your tuition, living costs and travel?", {
      core: true,
      wants: "Genuine funds for the first year at least, from a clear source.",
      points: [namesSponsor, statesAmount, incomeSource],
      flags: [workToPay, vague],
    }),
    question("au-09", "academic-ability", "There is a gap in your study history. What did you do in that time?", {
      needs: ["gap"],
      wants: "A documented explanation of the gap.",
      points: [
        ["offers evidence", ["letter", "certificate", "payslip*", "experience letter", "documents", "salary slip*"]],
        ["what you did", ["work*", "job", "intern", "internship*", "prepar*", "ielts", "pte", "course", "family", "health"]],
      ],
      flags: [["nothing to show", ["nothing", "just sitting", "did nothing"]]],
    }),
    question("au-10", "immigration-history", "You were refused a visa before. What happened, and what is different now?", {
      needs: ["refusal"],
      wants: "Honesty about the refusal and what has changed.",
      points: [
        ["the refusal", ["refused", "rejected", "reason", "because"]],
        ["what has changed", ["now", "changed", "new", "stronger", "improved"]],
      ],
      flags: [["nothing has changed", ["same", "nothing changed"]]],
    }),
    question("au-11", "study-plans", "Why this level of study, when you already hold a qualification?", {
      wants: "That the course is progression, not a step back.",
      points: [
        ["how it helps your career", ["career", "job", "role", "promotion", "employer*", "skill*"]],
        ["the progression", ["higher", "advanced", "specializ*", "specialis*", "next step", "different field", "progress*"]],
      ],
      flags: [vague],
    }),
    question("au-12", "finances", "Will you work while studying? What are the rules?", {
      wants: "That you know the work limit and do not need work to pay.",
      points: [
        ["knows the rules", ["48 hours", "per fortnight", "fortnight", "limit", "holidays"]],
        ["not needed for fees", ["not depend", "fees are covered", "experience", "focus on study*"]],
      ],
      flags: [workToPay],
    }),
    question("au-13", "ties-to-india", "Do you have relatives in Australia?", {
      wants: "An honest answer, and that they are not why you are going.",
      points: [
        ["not the reason for going", ["not the reason", "my own decision", "different city", "independent", "rarely"]],
        ["answers honestly", ["no", "none", "yes", "uncle", "cousin", "brother", "sister", "not the reason"]],
      ],
      flags: [relativesAsReason],
    }),
    question("au-14", "post-study-plans", "Which employers in India would value this qualification?", {
      wants: "That you know the job market you are returning to.",
      points: [
        [
          "names employers or a sector",
          ["tcs", "infosys", "wipro", "tata", "reliance", "hospital*", "bank*", "startup*", "government", "companies"],
        ],
        ["where", ["bangalore", "bengaluru", "hyderabad", "pune", "mumbai", "delhi", "chennai", "gurugram", "noida", "hometown"]],
      ],
      flags: [disparagesIndia, vague],
    }),
    question("au-15", "english", "How did you prepare for studying in English?", {
      wants: "That your English will carry you through the course.",
      points: [
        ["comfort with English teaching", ["comfortable", "confident", "fluent", "presentations", "no problem"]],
        ["background and score", ["{score}", "ielts", "pte", "toefl", "english medium", "band", "score", "overall"]],
      ],
      flags: [vague],
    }),
  ],
};
