/**
 * The UK credibility interview (decision 0040): a video call of up to about 30 minutes, held by universities
 * before the CAS and sometimes by the Home Office. Written in our own words from the areas universities
 * publish (immigration history, gaps in study, why the UK, the university and the course, the course's
 * content, plans after, finances, English). Answers are longer than at a US interview and are judged on
 * whether they show real research and a plan that does not depend on staying in the UK.
 */

import type { ReferenceQuestionBank } from "../reference-types.ts";
import {
  agentChose,
  disparagesIndia,
  genericPraise,
  incomeSource,
  loanDetails,
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

const settleInUk: Signal = [
  "signals intent to settle in the UK",
  [
    "settle",
    "ilr",
    "indefinite leave",
    "permanent",
    "citizenship",
    "never come back",
    "stay in the uk forever",
    "live there permanently",
    "live there forever",
    "pr",
  ],
];

const noResearch: Signal = ["no sign of research", ["i don't know", "not sure", "didn't check", "haven't checked", "no idea"]];

export const unitedKingdomBank: ReferenceQuestionBank = {
  country: "United Kingdom",
  name: "Credibility interview",
  questionsPerPractice: 12,
  secondsPerAnswer: 90,
  normSeconds: { min: 30, max: 90 },
  normWords: { min: 40, max: 180 },
  questions: [
    // Immigration history
    question("uk-01", "immigration-history", "Have you been to the UK or any other country before? Tell me about those visits.", {
      core: true,
      wants: "Your full travel history, and that you kept every visa's conditions.",
      points: [
        ["answers fully", ["never", "first time", "visited", "travelled", "traveled", "trip", "tourist", "conference"]],
        ["kept the conditions", ["returned", "came back", "on time", "before my visa"]],
      ],
      flags: [["overstay or breach", ["overstay*", "stayed longer", "worked without", "extended"]]],
    }),
    question("uk-02", "immigration-history", "Have you ever been refused a visa for any country?", {
      core: true,
      wants: "An honest answer; a hidden refusal is worse than a declared one.",
      points: [
        ["gives details if refused", ["country", "year", "reason", "because", "visitor visa", "student visa", "since then"]],
        ["answers honestly", ["no", "never", "yes", "refused", "rejected", "once"]],
      ],
      flags: [vague],
    }),
    question("uk-03", "immigration-history", "Your earlier visa application was refused. Why, and what is different now?", {
      needs: ["refusal"],
      core: true,
      wants: "That you understood the refusal and your situation has changed.",
      points: [
        ["the reason given", ["reason", "because", "funds", "credibility", "documents", "genuine", "ties", "214(b)", "214b"]],
        ["what has changed", ["now", "changed", "new", "stronger", "improved", "additional", "different"]],
      ],
      flags: [
        ["nothing has changed", ["same", "nothing changed"]],
        ["blames the officer", ["unfair", "officer was wrong", "no reason"]],
      ],
    }),
    question("uk-04", "immigration-history", "Have you applied to universities in any other country?", {
      wants: "Your choices, honestly, and why the UK won.",
      points: [
        [
          "answers honestly",
          ["canada", "australia", "usa", "america", "united states", "germany", "ireland", "only uk", "only the uk", "no"],
        ],
        ["why the UK in the end", ["because", "duration", "one year", "course", "cost", "quality", "chose"]],
      ],
      flags: [["any country will do", ["wherever", "any country", "first visa"]]],
    }),
    // Gaps in study
    question("uk-05", "academic-ability", "There is a gap in your studies. What did you do during that time?", {
      needs: ["gap"],
      core: true,
      wants: "A documented, sensible account of the gap.",
      points: [
        [
          "what you did",
          [
            "work*",
            "job",
            "intern",
            "internship*",
            "prepar*",
            "ielts",
            "course",
            "certif*",
            "family",
            "health",
            "exam",
            "exams",
            "examination*",
            "business",
          ],
        ],
        ["evidence", ["letter", "certificate", "payslip*", "salary slip*", "experience letter", "documents"]],
      ],
      flags: [["nothing to show", ["nothing", "just sitting", "rest", "did nothing"]], vague],
    }),
    question("uk-06", "academic-ability", "How does your work experience relate to this course?", {
      wants: "A link between your experience and the course.",
      points: [
        ["the link", ["related", "relevant", "same field", "build on", "use", "applied"]],
        ["an example", ["project", "task*", "responsib*", "worked on", "team", "client*"]],
      ],
      flags: [["unrelated and unexplained", ["not related", "different field"]], vague],
    }),
    // Why the UK
    question("uk-07", "study-plans", "Why do you want to study in the UK rather than in India?", {
      core: true,
      wants: "What the UK offers for your goals, said fairly about India.",
      points: [
        [
          "a concrete reason",
          [
            "one year",
            "duration",
            "curriculum",
            "research",
            "practical",
            "industry",
            "placement",
            "modules",
            "recognised",
            "recognized",
          ],
        ],
        ["linked to your plan", ["career", "goal", "india", "return", "skill*"]],
      ],
      flags: [disparagesIndia, ["lifestyle reasons", ["better life", "settle", "friends are there", "earn in pounds"]]],
    }),
    question("uk-08", "study-plans", "Why not study in another country, such as Canada or Australia?", {
      wants: "That you compared and chose deliberately.",
      points: [
        ["a comparison", ["compared", "canada", "australia", "usa", "germany", "cost", "duration", "one year"]],
        ["why the UK fits you", ["course", "university", "ranking", "structure", "quality", "module*"]],
      ],
      flags: [["the visa is the attraction", ["easier visa", "easy to get", "post study work", "graduate visa"]], vague],
    }),
    // The university
    question("uk-09", "university-choice", "Why did you choose {university}?", {
      needs: ["university"],
      core: true,
      wants: "Reasons that are specific to this university and fit your course.",
      points: [
        [
          "specific features",
          [
            "module*",
            "lecturer*",
            "professor*",
            "faculty",
            "research",
            "placement",
            "industry",
            "facilit*",
            "lab",
            "labs",
            "laborator*",
            "accredit*",
            "ranking",
          ],
        ],
        ["fit with your goals", ["career", "goal*", "interest*", "fit*", "background"]],
      ],
      flags: [genericPraise, agentChose, relativesAsReason],
    }),
    question("uk-10", "university-choice", "Which other universities did you apply to, and why did you choose {university}?", {
      needs: ["university"],
      wants: "Your real choices and how you decided.",
      points: [
        ["names other universities", ["applied", "offer*", "universit*", "reject*", "also"]],
        ["how you decided", ["because", "compared", "better", "fees", "module*", "location", "ranking", "scholarship"]],
      ],
      flags: [agentChose, vague],
    }),
    question("uk-11", "university-choice", "Where is {university}, and what do you know about {city}?", {
      needs: ["university", "city"],
      wants: "That you know where you will live and what it costs.",
      points: [
        ["location", ["city", "campus", "north", "south", "london", "near", "located", "county"]],
        [
          "facts about the city",
          ["rent", "cost of living", "transport", "weather", "accommodation", "population", "industry", "river"],
        ],
      ],
      flags: [noResearch],
    }),
    question("uk-12", "university-choice", "Where will you live, and how much will it cost?", {
      wants: "A realistic accommodation plan.",
      points: [
        ["a plan", ["hall*", "university accommodation", "private", "shared", "flat", "house", "booked", "applied"]],
        ["a cost", ["pounds", "£", "per week", "per month", "a week", "a month"]],
      ],
      flags: [relativesAsReason, vague],
    }),
    question("uk-13", "university-choice", "How did you find out about {university}, and did an agent help you?", {
      needs: ["university"],
      wants: "Honesty about help, and that the decision was yours.",
      points: [
        ["how you found it", ["website", "ranking*", "research*", "fair", "alumni", "senior*", "agent", "consultant"]],
        ["your own decision", ["i decided", "i chose", "i compared", "my decision", "i researched"]],
      ],
      flags: [agentChose],
    }),
    // The course and its content
    question("uk-14", "study-plans", "Why did you choose {course}?", {
      needs: ["course"],
      core: true,
      wants: "A reason rooted in your background and career plan.",
      points: [
        ["links to background", ["bachelor*", "degree", "studied", "work*", "experience", "project*"]],
        ["links to career", ["career", "goal", "role", "become", "skill*"]],
      ],
      flags: [vague, ["someone else's choice", ["my parents wanted", "agent said", "it has scope"]]],
    }),
    question("uk-15", "study-plans", "What modules will you study on {course}?", {
      needs: ["course"],
      core: true,
      wants: "That you have read the course page in detail.",
      points: [
        [
          "names modules",
          [
            "module*",
            "introduction to",
            "advanced",
            "analysis",
            "design",
            "management",
            "principles",
            "methods",
            "project",
            "dissertation",
          ],
        ],
        ["core and optional", ["core", "optional", "elective*", "compulsory", "credits"]],
      ],
      flags: [noResearch],
    }),
    question("uk-16", "study-plans", "Which module interests you most, and why?", {
      needs: ["course"],
      wants: "Real engagement with the content.",
      points: [
        ["names one", ["module", "called", "named"]],
        ["a reason", ["because", "interest*", "career", "skill*", "relevant", "useful"]],
      ],
      flags: [vague],
    }),
    question("uk-17", "study-plans", "How is the course assessed, and is there a dissertation or placement?", {
      needs: ["course"],
      wants: "That you know how the course works.",
      points: [
        ["how you will prepare", ["prepare", "practise", "practice", "time management", "library", "research methods", "read*"]],
        [
          "knows the structure",
          [
            "exam",
            "exams",
            "examination*",
            "coursework",
            "assignment*",
            "dissertation",
            "project",
            "placement",
            "presentation*",
            "group work",
          ],
        ],
      ],
      flags: [noResearch],
    }),
    question("uk-18", "study-plans", "When does the course start, and how long is it?", {
      needs: ["course", "intake"],
      wants: "Dates that match the CAS.",
      points: [
        ["start", ["september", "january", "february", "october", "starts", "begin*"]],
        ["length", ["one year", "12 months", "twelve months", "two years", "months", "years"]],
      ],
      flags: [vague],
    }),
    question("uk-19", "study-plans", "How much are the tuition fees, and how much have you already paid?", {
      core: true,
      wants: "The figures on your CAS.",
      points: [
        ["the fee", ["pounds", "£", "thousand", "fee*", "tuition"]],
        ["what is paid", ["deposit", "paid", "remaining", "balance", "already"]],
      ],
      flags: [vague],
    }),
    question(
      "uk-20",
      "study-plans",
      "This course is at a similar level to your previous degree. Why study at this level again?",
      {
        wants: "That the course is progression, not repetition.",
        points: [
          ["the career reason", ["career", "job", "role", "industry", "employer*", "skill*"]],
          [
            "the progression",
            ["specializ*", "specialis*", "different", "new", "advanced", "focus", "progress*", "change of field"],
          ],
        ],
        flags: [vague],
      },
    ),
    // Plans after
    question("uk-21", "post-study-plans", "What will you do after you finish the course?", {
      core: true,
      wants: "A concrete career plan that does not depend on staying in the UK.",
      points: [plansToReturn, specificCareer],
      flags: [settleInUk, vague],
    }),
    question("uk-22", "post-study-plans", "What salary can you expect in India with this degree?", {
      wants: "That the degree makes sense financially at home.",
      points: [
        ["explains the figure", ["experience", "role", "market", "seniors", "alumni", "average"]],
        ["a figure in India", ["lakh*", "lpa", "per annum", "package", "rupees", "per month"]],
      ],
      flags: [["counts on UK pay", ["pounds", "in the uk", "in london"]], vague],
    }),
    question("uk-23", "post-study-plans", "Do you plan to apply for the Graduate route after your course?", {
      wants: "An honest answer that keeps the plan temporary.",
      points: [["honest and temporary", ["experience", "two years", "temporary", "maybe", "no", "then return"]], plansToReturn],
      flags: [settleInUk],
    }),
    question("uk-24", "post-study-plans", "How will this course help your career in India?", {
      wants: "A clear link between the course and a job at home.",
      points: [
        ["the skill", ["skill*", "knowledge", "specializ*", "specialis*", "expertise", "qualification"]],
        ["demand in India", ["demand", "growing", "industry", "sector", "companies", "india"]],
      ],
      flags: [disparagesIndia, vague],
    }),
    question("uk-25", "ties-to-india", "What ties do you have to India?", {
      core: true,
      wants: "Family, property or work that will bring you back.",
      points: [
        [
          "names ties",
          [
            "family",
            "parents",
            "mother",
            "father",
            "grandmother",
            "grandfather",
            "grandparents",
            "property",
            "business",
            "shop",
            "job",
            "responsib*",
            "land",
            "house",
            "flat",
          ],
        ],
        [
          "why they matter",
          ["return", "come back", "take care", "look after", "join", "help", "expand", "only son", "only daughter"],
        ],
      ],
      flags: [settleInUk, relativesAsReason],
    }),
    // Finances
    question("uk-26", "finances", "Who is paying for your studies?", {
      core: true,
      wants: "Who pays, how much, and where their money comes from.",
      points: [namesSponsor, statesAmount, incomeSource],
      flags: [["vague", ["i don't know", "not sure", "someone", "will arrange"]]],
    }),
    question("uk-27", "finances", "What does your {sponsor} do, and how much do they earn?", {
      needs: ["sponsor"],
      wants: "That the sponsor can afford it without hardship.",
      points: [
        ["occupation", ["business", "job", "work*", "farm*", "government", "company", "doctor", "teacher", "retired"]],
        ["income", ["lakh*", "per year", "per annum", "income", "salary", "earn*"]],
      ],
      flags: [vague],
    }),
    question("uk-28", "finances", "Have the funds been in the account for 28 days?", {
      core: true,
      wants: "That you meet the 28-day rule as written.",
      points: [
        ["knows the rule", ["28 days", "twenty eight days", "28 consecutive", "consecutive", "31 days"]],
        ["confirms it", ["yes", "since", "maintained", "held", "statement"]],
      ],
      flags: [
        [
          "money moved in and out",
          ["withdrew", "transferred out", "borrowed", "just deposited", "deposited last month", "temporarily"],
        ],
        vague,
      ],
    }),
    question("uk-29", "finances", "Tell me about your education loan.", {
      needs: ["loan"],
      wants: "The lender, the amount and that it is sanctioned.",
      points: [loanDetails, statesAmount],
      flags: [vague],
    }),
    question("uk-30", "finances", "How much will it cost to live in {city} for a year?", {
      needs: ["city"],
      wants: "That you know what the living costs are.",
      points: [
        ["a figure", ["pounds", "£", "per month", "a month", "thousand", "year"]],
        ["what it covers", ["rent", "food", "transport", "bills", "utilities", "accommodation"]],
      ],
      flags: [noResearch],
    }),
    question("uk-31", "finances", "Will you work while you study?", {
      wants: "That you know the 20-hour limit and do not need work to pay.",
      points: [
        ["knows the limit", ["20 hours", "twenty hours", "term time", "holidays", "limit"]],
        ["not needed for fees", ["not depend", "fees are covered", "experience", "pocket money", "focus on study*"]],
      ],
      flags: [workToPay, ["plans to work too much", ["work full time", "full time job", "40 hours", "as much as possible"]]],
    }),
    question("uk-32", "finances", "You have a scholarship. Tell me about it.", {
      needs: ["scholarship"],
      wants: "The amount, who gives it and that the CAS reflects it.",
      points: [
        ["amount and source", ["scholarship", "pounds", "£", "discount", "bursary", "university", "merit"]],
        ["on the CAS", ["cas", "deducted", "shown", "included"]],
      ],
      flags: [vague],
    }),
    // English
    question("uk-33", "english", "How did you prepare for studying in English, and what was your test score?", {
      wants: "Your English is good enough; the interview itself is the test.",
      points: [
        ["background", ["english medium", "school", "college", "moi"]],
        ["score", ["{score}", "band", "score", "overall", "each band", "out of"]],
      ],
      flags: [vague],
    }),
    question("uk-34", "english", "Describe your home town to me.", {
      wants: "Whether you can speak freely and clearly in English without a script.",
      points: [
        ["adds a personal detail", ["i like", "i love", "my family", "grew up", "since", "every year", "festival*"]],
        ["describes clearly", ["city", "town", "village", "famous", "known for", "people", "weather", "food", "located"]],
      ],
      flags: [vague],
    }),
  ],
};
