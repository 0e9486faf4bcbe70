/**
 * The German national (D) visa interview for study (decision 0040): a short conversation at the appointment
 * with the German mission's visa centre. Written in our own words from what the missions and universities
 * say the officer checks: why Germany and the course, the course's content, the academic background and
 * APS, the funds (usually a blocked account), language skills, and plans after the degree.
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

const settleInGermany: Signal = [
  "signals intent to settle in Germany",
  ["settle", "permanent residence", "permanent residency", "citizenship", "never come back", "live there forever", "pr"],
];

const freeAsTheReason: Signal = [
  "free tuition as the only reason",
  ["free education", "it is free", "no fees", "cheap", "no tuition"],
];

export const germanyBank: ReferenceQuestionBank = {
  country: "Germany",
  name: "National visa interview",
  questionsPerPractice: 10,
  secondsPerAnswer: 60,
  normSeconds: { min: 15, max: 60 },
  normWords: { min: 20, max: 110 },
  questions: [
    question("de-01", "study-plans", "Why do you want to study in Germany?", {
      core: true,
      wants: "An academic reason, not only that tuition is low.",
      points: [
        [
          "an academic reason",
          ["research", "engineering", "industry", "practical", "quality", "curriculum", "technical", "universit*"],
        ],
        ["linked to a goal", ["career", "goal", "skill*", "india", "return"]],
      ],
      flags: [freeAsTheReason, ["lifestyle reasons", ["better life", "settle", "europe travel", "schengen"]]],
    }),
    question("de-02", "university-choice", "Why did you choose {university}?", {
      needs: ["university"],
      core: true,
      wants: "Reasons specific to this university and course.",
      points: [
        [
          "specific features",
          [
            "module*",
            "professor*",
            "research",
            "lab",
            "labs",
            "laborator*",
            "industry",
            "ranking",
            "tu",
            "technical university",
            "applied sciences",
            "curriculum",
          ],
        ],
        ["fit with your background", ["background", "bachelor*", "interest*", "fit*", "career"]],
      ],
      flags: [genericPraise, agentChose, relativesAsReason],
    }),
    question("de-03", "study-plans", "What will you study on {course}, and what are its main modules?", {
      needs: ["course"],
      core: true,
      wants: "That you know the course's content.",
      points: [
        [
          "names modules",
          ["module*", "introduction", "advanced", "analysis", "design", "systems", "management", "project", "thesis", "lab"],
        ],
        ["structure", ["semester*", "ects", "credits", "core", "elective*", "internship"]],
      ],
      flags: [vague],
    }),
    question("de-04", "study-plans", "How is {course} related to your previous studies?", {
      needs: ["course"],
      wants: "A sensible academic progression.",
      points: [
        ["what is new in it", ["new", "advanced", "specializ*", "specialis*", "deeper", "research", "different"]],
        ["the link", ["related", "same field", "continu*", "build on", "foundation", "bachelor*", "next step"]],
      ],
      flags: [["no link", ["not related", "different field"]], vague],
    }),
    question("de-05", "study-plans", "Why not study this in India?", {
      wants: "A fair reason the German programme fits you better.",
      points: [
        ["linked to your career", ["career", "job", "india", "skill*", "industry"]],
        ["a concrete difference", ["research", "industry", "practical", "specializ*", "specialis*", "facilit*", "exposure"]],
      ],
      flags: [disparagesIndia],
    }),
    question("de-06", "university-choice", "Which other universities did you apply to?", {
      wants: "Your real choices and how you decided.",
      points: [
        ["names them", ["applied", "universit*", "tu", "hochschule", "admit*", "reject*"]],
        ["how you decided", ["because", "module*", "ranking", "location", "research", "compared"]],
      ],
      flags: [agentChose, vague],
    }),
    question("de-07", "academic-ability", "Tell me about your bachelor's degree and your marks.", {
      core: true,
      wants: "Your record, matching your APS certificate.",
      points: [
        ["the degree", ["b.tech", "btech", "b.e", "bachelor*", "b.sc", "bsc", "degree", "engineering"]],
        ["the marks", ["percent*", "cgpa", "gpa", "grade*", "first class", "distinction"]],
      ],
      flags: [vague],
    }),
    question("de-08", "academic-ability", "When did you get your APS certificate, and what did it involve?", {
      wants: "That you went through the APS check yourself.",
      points: [
        [
          "when you received it",
          [
            "month*",
            "year",
            "weeks",
            "january",
            "february",
            "march",
            "april",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
          ],
        ],
        ["knows the process", ["aps", "certificate", "documents", "verified", "verification", "interview", "received"]],
      ],
      flags: [vague],
    }),
    question("de-09", "academic-ability", "What was your final-year project?", {
      wants: "That you can explain your own work.",
      points: [
        ["what it did", ["project", "built", "developed", "designed", "analys*", "model", "system"]],
        ["your part", ["i built", "i designed", "i developed", "my role", "i worked on"]],
      ],
      flags: [vague],
    }),
    question("de-10", "academic-ability", "There is a gap after your studies. What did you do?", {
      needs: ["gap"],
      wants: "A documented account of the gap.",
      points: [
        ["offers evidence", ["letter", "certificate", "payslip*", "experience letter", "documents", "salary slip*"]],
        [
          "what you did",
          ["work*", "job", "intern", "internship*", "german", "language course", "ielts", "aps", "prepar*", "family"],
        ],
      ],
      flags: [["nothing to show", ["nothing", "just sitting", "did nothing"]]],
    }),
    question("de-11", "english", "What is your level of German, and how are you learning it?", {
      core: true,
      wants: "Whether you can manage daily life, and that you are learning.",
      points: [
        ["a level", ["a1", "a2", "b1", "b2", "c1", "goethe", "level", "beginner"]],
        ["how you learn", ["course", "class*", "institute", "max mueller", "goethe", "app", "learning", "practis*", "practic*"]],
      ],
      flags: [["not learning", ["no german", "don't need german", "not learning"]]],
    }),
    question("de-12", "english", "Your course is taught in English. How will you manage everyday life in Germany?", {
      wants: "A practical plan for living where German is spoken.",
      points: [
        [
          "practical arrangements",
          ["international office", "buddy", "english is common", "colleagues", "registration", "anmeldung", "help"],
        ],
        ["a plan", ["learn german", "language course", "a1", "a2", "b1", "basic german", "practise", "practice"]],
      ],
      flags: [vague],
    }),
    question("de-13", "finances", "How are you financing your studies?", {
      core: true,
      wants: "The blocked account or other proof, and where the money came from.",
      points: [
        [
          "the proof",
          [
            "blocked account",
            "sperrkonto",
            "scholarship",
            "verpflichtungserklärung",
            "obligation letter",
            "fintiba",
            "expatrio",
            "coracle",
          ],
        ],
        namesSponsor,
        incomeSource,
      ],
      flags: [vague],
    }),
    question("de-14", "finances", "How much is in your blocked account, and how much can you take out each month?", {
      wants: "That you know the amounts and how the account works.",
      points: [
        ["the amount", ["euro", "euros", "€", "thousand", "11,904", "11904", "11,208"]],
        ["the monthly release", ["per month", "each month", "monthly", "992", "934"]],
      ],
      flags: [vague],
    }),
    question("de-15", "finances", "What does your {sponsor} do, and can they support you for the whole course?", {
      needs: ["sponsor"],
      wants: "That the support lasts beyond the first year.",
      points: [
        ["occupation and income", ["business", "job", "salary", "income", "farm*", "lakh*", "per year"]],
        ["for the whole course", ["whole course", "two years", "every year", "second year", "renew*"]],
      ],
      flags: [workToPay, vague],
    }),
    question("de-16", "finances", "Your tuition is low, but what will your semester contribution and living costs be?", {
      wants: "That you budgeted for the real costs.",
      points: [
        ["semester contribution", ["semester contribution", "semesterbeitrag", "semester fee", "per semester"]],
        ["living costs", ["rent", "insurance", "health insurance", "food", "per month", "euro", "euros"]],
      ],
      flags: [vague],
    }),
    question("de-17", "finances", "Will you work while studying? What are the rules?", {
      wants: "That you know the limits and do not need work to pay.",
      points: [
        ["knows the limits", ["140 full days", "280 half days", "20 hours", "days", "limit", "working student", "werkstudent"]],
        ["not needed for living", ["not depend", "blocked account", "experience", "extra"]],
      ],
      flags: [workToPay],
    }),
    question("de-18", "university-choice", "Where will you live in {city}?", {
      needs: ["city"],
      wants: "An accommodation plan; the city is known for its housing shortage.",
      points: [
        ["a cost", ["euro", "euros", "€", "per month", "a month", "rent"]],
        ["a plan", ["student dorm", "studentenwerk", "wg", "shared flat", "apartment", "applied", "booked", "temporary"]],
      ],
      flags: [relativesAsReason, vague],
    }),
    question("de-19", "post-study-plans", "What will you do after your degree?", {
      core: true,
      wants: "A career plan, honest about any work in Germany first.",
      points: [specificCareer, plansToReturn],
      flags: [settleInGermany, vague],
    }),
    question("de-20", "post-study-plans", "Do you plan to look for a job in Germany after graduating?", {
      wants: "An honest, temporary plan.",
      points: [["honest about it", ["experience", "18 months", "job search", "maybe", "yes", "no", "few years"]], plansToReturn],
      flags: [settleInGermany],
    }),
    question("de-21", "ties-to-india", "What ties do you have to India?", {
      wants: "Family, property or work at home.",
      points: [
        ["why they bring you back", ["return", "come back", "take care", "join", "family business"]],
        ["names ties", ["family", "parents", "property", "business", "job", "land", "responsib*"]],
      ],
      flags: [settleInGermany, relativesAsReason],
    }),
    question("de-22", "immigration-history", "Have you been refused a visa for Germany or any Schengen country before?", {
      needs: ["refusal"],
      wants: "Honesty about the refusal and what has changed.",
      points: [
        ["the refusal", ["refused", "rejected", "reason", "because", "schengen"]],
        ["what has changed", ["now", "changed", "new", "stronger", "blocked account", "admission"]],
      ],
      flags: [["nothing has changed", ["same", "nothing changed"]]],
    }),
    question("de-23", "finances", "How much does your first year cost in total?", {
      wants: "A figure you know.",
      points: [statesAmount, ["what it covers", ["rent", "insurance", "semester", "living", "blocked account"]]],
      flags: [vague],
    }),
  ],
};
