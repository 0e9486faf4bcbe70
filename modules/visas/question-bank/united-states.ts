/**
 * The US F-1 visa interview (decision 0040): short and fast, about eight questions of which two or three
 * decide it. Written in our own words from the themes the State Department and universities publish
 * (study plans, university choice, academic ability, finances, post-study plans, ties to India) and from
 * what Indian students report being asked; an answer is judged on whether it is specific, honest and
 * matches the I-20, the DS-160 and the financial papers. Section 214(b) presumes intent to immigrate, so
 * every answer about the future is read for it.
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

/** Immigrant intent: the reason most F-1 refusals give (214(b)). */
const immigrantIntent: Signal = [
  "signals intent to stay in the US",
  [
    "settle",
    "green card",
    "stay there",
    "stay in the us",
    "stay in america",
    "permanent",
    "citizenship",
    "h-1b",
    "h1b",
    "never come back",
    "not come back",
    "live there permanently",
    "live there forever",
    "work there for many years",
  ],
];

const reliesOnUsJob: Signal = [
  "counts on a US job to pay for the degree",
  ["job in the us", "work in the us", "earn in dollars", "dollars to repay", "job in america", "work full time"],
];

export const unitedStatesBank: ReferenceQuestionBank = {
  country: "United States",
  name: "F-1 visa interview",
  questionsPerPractice: 8,
  secondsPerAnswer: 45,
  normSeconds: { min: 10, max: 40 },
  normWords: { min: 15, max: 80 },
  questions: [
    // Study plans
    question("us-01", "study-plans", "Why do you want to study in the United States?", {
      core: true,
      wants: "A real academic reason for the US rather than a wish to live abroad.",
      points: [
        [
          "a specific academic reason",
          [
            "curriculum",
            "research",
            "lab",
            "labs",
            "laborator*",
            "specializ*",
            "specialis*",
            "practical",
            "hands-on",
            "flexib*",
            "elective*",
            "faculty",
            "professor*",
          ],
        ],
        ["links it to a career in India", ["career", "india", "indian", "back home", "return"]],
      ],
      flags: [
        vague,
        [
          "a lifestyle reason",
          ["better life", "good life", "everyone goes", "my friends are going", "dream country", "earn more"],
        ],
        immigrantIntent,
      ],
    }),
    question("us-02", "study-plans", "What are you going to study at {university}?", {
      needs: ["university", "course"],
      core: true,
      wants: "That you know your own programme, its level and its name as the I-20 shows it.",
      points: [
        [
          "names the degree and programme",
          [
            "master*",
            "ms",
            "bachelor*",
            "phd",
            "degree",
            "program*",
            "course",
            "science",
            "engineering",
            "management",
            "analytics",
          ],
        ],
        ["names a focus or specialisation", ["specializ*", "specialis*", "focus", "concentration", "track", "major"]],
      ],
      flags: [vague],
    }),
    question("us-03", "study-plans", "Why did you choose {course}?", {
      needs: ["course"],
      core: true,
      wants: "How the course follows from what you studied or did, and where it leads.",
      points: [
        [
          "connects it to earlier study or work",
          [
            "bachelor*",
            "degree",
            "b.tech",
            "btech",
            "engineering",
            "project*",
            "intern",
            "internship*",
            "work*",
            "job",
            "experience",
          ],
        ],
        ["a goal the course serves", ["career", "goal", "skill*", "learn", "become", "role"]],
      ],
      flags: [
        vague,
        ["someone else's choice", ["my parents wanted", "my father wanted", "my friend", "scope is good", "it has scope"]],
      ],
    }),
    question("us-04", "study-plans", "Why not study the same course in India?", {
      core: true,
      wants: "What the US programme offers that you could not get at home, said without running India down.",
      points: [
        [
          "a concrete difference",
          [
            "curriculum",
            "research",
            "lab",
            "labs",
            "laborator*",
            "facilit*",
            "specializ*",
            "specialis*",
            "industry",
            "exposure",
            "practical",
            "elective*",
            "co-op",
            "project*",
          ],
        ],
        ["fair to Indian options", ["iit", "nit", "good institutes", "applied in india", "gate", "cat", "also good"]],
      ],
      flags: [disparagesIndia, vague],
    }),
    question("us-05", "study-plans", "Why do you want a master's now instead of working a few years first?", {
      wants: "That the timing is a plan, not a way out of the job market.",
      points: [
        ["a reason for the timing", ["now", "right time", "foundation", "skill*", "before", "early", "career"]],
        ["what work or study came before", ["intern", "internship*", "project*", "work*", "experience", "job"]],
      ],
      flags: [
        ["could not find work", ["no job", "didn't get a job", "did not get placed", "not placed", "nothing else to do"]],
        vague,
      ],
    }),
    question("us-06", "study-plans", "Which subjects will you take in your first semester?", {
      needs: ["course"],
      wants: "That you have read your programme's curriculum.",
      points: [
        [
          "names actual subjects",
          [
            "introduction to",
            "fundamental*",
            "advanced",
            "analysis",
            "design",
            "systems",
            "theory",
            "algorithm*",
            "statistics",
            "management",
            "lab",
          ],
        ],
        ["knows the structure", ["core", "elective*", "credit*", "semester", "capstone", "thesis"]],
      ],
      flags: [vague],
    }),
    question("us-07", "study-plans", "How long is your programme, and when does it start?", {
      needs: ["course", "intake"],
      wants: "Dates that match your I-20.",
      points: [
        ["the length", ["year*", "month*", "semester*", "credit*"]],
        ["the start", ["fall", "spring", "summer", "august", "january", "september", "start*", "begin*"]],
      ],
      flags: [vague],
    }),
    question("us-08", "study-plans", "How is this programme related to your bachelor's degree?", {
      wants: "A sensible path; a change of field needs a clear reason.",
      points: [
        ["the link", ["related", "same field", "continu*", "build on", "foundation", "extension", "next step"]],
        [
          "a reason for any change of field",
          ["because", "interest*", "project", "intern", "internship*", "job", "realised", "realized"],
        ],
      ],
      flags: [["no link and no reason", ["not related", "no connection", "different field"]], vague],
    }),
    question("us-09", "study-plans", "Do you plan to do a PhD afterwards?", {
      wants: "Whether your plans are settled and still end in India.",
      points: [
        ["an honest, settled plan", ["no", "not now", "after working", "maybe later", "yes", "research"]],
        ["the plan still ends in India", ["india", "return", "iit", "iisc", "teach", "faculty"]],
      ],
      flags: [immigrantIntent, vague],
    }),
    question("us-10", "study-plans", "Tell me about yourself.", {
      core: true,
      wants: "A short, clear introduction: who you are and why you are here.",
      points: [
        ["who you are and your background", ["i am", "i'm", "my name", "from", "completed", "graduated", "bachelor*", "degree"]],
        ["why you are applying", ["master*", "study", "course", "program*", "university", "admit*"]],
      ],
      flags: [vague],
    }),
    // University choice
    question("us-11", "university-choice", "Why {university}?", {
      needs: ["university"],
      core: true,
      wants: "Reasons specific to this university that fit your goals.",
      points: [
        [
          "something specific to this university",
          [
            "curriculum",
            "professor*",
            "faculty",
            "lab",
            "labs",
            "laborator*",
            "research",
            "ranking",
            "specializ*",
            "specialis*",
            "co-op",
            "industry",
            "alumni",
            "course*",
            "project*",
          ],
        ],
        ["fits your goals", ["career", "goal*", "interest*", "fit*", "match*"]],
      ],
      flags: [genericPraise, agentChose, relativesAsReason],
    }),
    question("us-12", "university-choice", "How many universities did you apply to?", {
      core: true,
      wants: "An honest account of your applications.",
      points: [
        [
          "gives the number",
          ["applied to", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "universities"],
        ],
        ["says how they answered", ["admit*", "accept*", "reject*", "denied", "offer*", "waiting"]],
      ],
      flags: [vague, agentChose],
    }),
    question("us-13", "university-choice", "Which universities admitted you and which rejected you?", {
      wants: "That you remember your own results and answer honestly.",
      points: [
        ["names admits", ["admit*", "accept*", "offer*", "got into"]],
        ["names rejections honestly", ["reject*", "denied", "did not get", "didn't get", "no rejection*"]],
      ],
      flags: [vague, agentChose],
    }),
    question("us-14", "university-choice", "Why did you choose {university} over the other universities that admitted you?", {
      needs: ["university"],
      wants: "A comparison you made yourself.",
      points: [
        ["a comparison", ["compared", "better", "rather than", "instead of", "over", "than"]],
        [
          "a concrete reason",
          ["curriculum", "cost", "scholarship", "research", "professor*", "location", "ranking", "course*", "industry", "fees"],
        ],
      ],
      flags: [genericPraise, agentChose],
    }),
    question("us-15", "university-choice", "Where is {university}, and what do you know about {city}?", {
      needs: ["university", "city"],
      wants: "That you have looked at where you will live.",
      points: [
        ["where it is", ["state", "city", "campus", "located", "near", "downtown"]],
        [
          "something about the city",
          ["weather", "cold", "winter", "snow", "cost of living", "rent", "industry", "companies", "transport"],
        ],
      ],
      flags: [vague],
    }),
    question("us-16", "university-choice", "Which professor in your department would you like to work with?", {
      needs: ["university"],
      wants: "Evidence you researched the department.",
      points: [
        ["names a professor", ["professor", "prof", "dr", "doctor"]],
        ["names their research", ["research", "work*", "paper*", "lab", "area"]],
      ],
      flags: [vague],
    }),
    question("us-17", "university-choice", "How did you find out about {university}?", {
      needs: ["university"],
      wants: "Whether you chose it yourself.",
      points: [
        [
          "names what convinced you",
          ["curriculum", "course*", "professor*", "research", "placement*", "co-op", "fees", "scholarship"],
        ],
        [
          "a real search",
          ["website", "research*", "ranking*", "professor", "alumni", "senior*", "fair", "linkedin", "searched", "compared"],
        ],
      ],
      flags: [agentChose, relativesAsReason],
    }),
    question("us-18", "university-choice", "What is the ranking of {university}?", {
      needs: ["university"],
      wants: "That you know it, and that ranking is not your only reason.",
      points: [
        ["knows the ranking", ["rank*", "top", "number", "position"]],
        ["another reason besides ranking", ["curriculum", "research", "course", "professor*", "industry", "fit"]],
      ],
      flags: [vague],
    }),
    question("us-19", "university-choice", "Did anyone help you choose or apply to your universities?", {
      wants: "An honest answer that still shows the choice was yours.",
      points: [
        ["honest about help", ["consultant", "counsellor", "counselor", "senior*", "friend*", "myself", "on my own"]],
        ["the decision was yours", ["i decided", "i chose", "my decision", "i compared", "i researched"]],
      ],
      flags: [agentChose],
    }),
    // Academic ability
    question("us-20", "academic-ability", "What was your undergraduate degree, and what were your marks?", {
      core: true,
      wants: "Your record, stated plainly.",
      points: [
        [
          "names the degree",
          ["b.tech", "btech", "b.e", "bachelor*", "b.sc", "bsc", "b.com", "bcom", "bba", "degree", "engineering"],
        ],
        ["gives the score", ["percent*", "cgpa", "gpa", "out of 10", "out of ten", "first class", "distinction", "grade*"]],
      ],
      flags: [vague],
    }),
    question("us-21", "academic-ability", "What were your test scores?", {
      core: true,
      wants: "The scores on your file, without hesitation.",
      points: [
        ["names the tests", ["gre", "toefl", "ielts", "duolingo", "pte", "gmat", "sat"]],
        ["gives the scores", ["{score}", "score*", "band", "out of", "quant*", "verbal", "overall"]],
      ],
      flags: [vague],
    }),
    question("us-22", "academic-ability", "Did you have any backlogs? How did you clear them?", {
      wants: "Honesty about weak points and what you did about them.",
      points: [
        ["answers directly", ["no backlog*", "one backlog", "backlog*", "arrear*", "supplementary"]],
        ["how it was fixed", ["cleared", "passed", "reappeared", "re-appeared", "improved", "learned", "next semester"]],
      ],
      flags: [["brushes it off", ["doesn't matter", "not important", "everyone has"]], vague],
    }),
    question("us-23", "academic-ability", "What was your final-year project about?", {
      wants: "That you can explain your own work simply.",
      points: [
        ["what it did", ["project", "built", "developed", "designed", "analys*", "model", "system", "application", "study"]],
        ["your own part", ["i built", "i designed", "i developed", "my role", "i was responsible", "i worked on", "i wrote"]],
      ],
      flags: [["cannot explain it", ["don't remember", "group did", "my friend did"]], vague],
    }),
    question("us-24", "academic-ability", "Have you done any internships, research or publications?", {
      wants: "Experience that prepares you for the programme.",
      points: [
        ["names the experience", ["intern", "internship*", "research", "paper", "publish*", "conference", "project*", "certif*"]],
        ["what you learned", ["learned", "learnt", "skill*", "experience", "worked on"]],
      ],
      flags: [vague],
    }),
    question("us-25", "academic-ability", "Your grades are modest. Why do you think you will do well at {university}?", {
      needs: ["university"],
      wants: "A calm, honest answer with evidence you can handle the work.",
      points: [
        [
          "evidence of ability",
          ["improved", "gre", "project*", "work experience", "certif*", "last two years", "final year", "upward"],
        ],
        ["a plan for the workload", ["prepare*", "study", "time", "hard work", "focus", "courses"]],
      ],
      flags: [["blames others", ["teachers", "college was bad", "not my fault", "unfair"]], vague],
    }),
    question("us-26", "academic-ability", "Why is there a gap between your degree and now?", {
      needs: ["gap"],
      core: true,
      wants: "What you did in the gap and why it makes sense.",
      points: [
        [
          "what you did",
          [
            "work*",
            "job",
            "intern",
            "internship*",
            "prepar*",
            "gre",
            "ielts",
            "toefl",
            "course",
            "certif*",
            "family",
            "health",
            "exam",
            "exams",
            "examination*",
          ],
        ],
        ["how it relates", ["related", "relevant", "skill*", "experience", "helped"]],
      ],
      flags: [["nothing to show", ["nothing", "just sitting", "rest", "did nothing", "took a break"]], vague],
    }),
    question("us-27", "academic-ability", "What did you learn in your gap year that helps with your studies?", {
      needs: ["gap"],
      wants: "That the gap added something.",
      points: [
        ["a concrete thing learned", ["learned", "learnt", "skill*", "course", "certif*", "project", "experience", "tool*"]],
        ["linked to the course", ["course", "program*", "master*", "field", "relevant", "related"]],
      ],
      flags: [vague],
    }),
    question("us-28", "academic-ability", "What do you do at your current job?", {
      wants: "What you do, and how it leads to this programme.",
      points: [
        ["your role", ["engineer", "analyst", "developer", "associate", "role", "responsib*", "work on", "team", "company"]],
        ["how it connects to the course", ["related", "relevant", "want to learn", "skill*", "next step"]],
      ],
      flags: [vague],
    }),
    question("us-29", "academic-ability", "Why leave a good job to study?", {
      wants: "Growth you cannot get by staying, and a return.",
      points: [
        ["what the degree adds", ["skill*", "grow*", "promot*", "specializ*", "specialis*", "leadership", "senior", "career"]],
        plansToReturn,
      ],
      flags: [
        ["money abroad as the motive", ["salary in us", "earn in dollars", "higher salary there", "pay is better there"]],
        immigrantIntent,
      ],
    }),
    question("us-30", "academic-ability", "Explain one idea from your field in simple words.", {
      wants: "Whether you understand your field, in plain English.",
      points: [
        ["explains clearly", ["means", "is when", "is a way", "used to", "for example", "basically", "helps"]],
        ["gives an example", ["example", "for instance", "like", "such as"]],
      ],
      flags: [vague],
    }),
    // Finances
    question("us-31", "finances", "Who is sponsoring your education?", {
      core: true,
      wants: "Who pays, how much, and where their money comes from.",
      points: [namesSponsor, statesAmount, incomeSource],
      flags: [["vague", ["i don't know", "not sure", "someone", "some relatives", "will arrange"]]],
    }),
    question("us-32", "finances", "What does your {sponsor} do for a living?", {
      needs: ["sponsor"],
      core: true,
      wants: "That the sponsor's work can plausibly pay for this.",
      points: [
        [
          "the occupation",
          [
            "business",
            "job",
            "work*",
            "engineer",
            "doctor",
            "farm*",
            "shop",
            "company",
            "government",
            "officer",
            "teacher",
            "retired",
            "pension",
          ],
        ],
        ["the income", ["income", "earn*", "lakh*", "per year", "per annum", "salary", "annual*"]],
      ],
      flags: [vague],
    }),
    question("us-33", "finances", "What is your {sponsor}'s yearly income?", {
      needs: ["sponsor"],
      wants: "A figure you know, and that your papers show.",
      points: [
        ["a figure", ["lakh*", "crore*", "rupees", "per year", "annual*", "per annum"]],
        ["the proof", ["itr", "tax return*", "income tax", "salary slip*", "form 16", "ca certificate", "bank statement*"]],
      ],
      flags: [vague],
    }),
    question("us-34", "finances", "How much will your first year cost?", {
      core: true,
      wants: "The figure on your I-20, and what it is made of.",
      points: [
        ["a total", ["lakh*", "$", "dollars", "thousand", "total", "cost"]],
        ["what it covers", ["tuition", "living", "housing", "rent", "insurance", "i-20", "i20", "books"]],
      ],
      flags: [vague],
    }),
    question("us-35", "finances", "How will you pay for the rest of the programme after the first year?", {
      wants: "A plan for the whole degree that does not rely on working in the US.",
      points: [
        [
          "a plan for later years",
          ["second year", "remaining", "rest of", "savings", "loan", "sponsor", "income", "fixed deposit*"],
        ],
        ["says it is already arranged", ["arranged", "sanctioned", "available", "ready", "already"]],
      ],
      flags: [workToPay, ["no plan", ["will manage", "figure it out", "see later", "don't know yet"]]],
    }),
    question("us-36", "finances", "How much is your education loan, and from which bank?", {
      needs: ["loan"],
      core: true,
      wants: "The lender and the sanctioned amount, as your letter says.",
      points: [loanDetails, statesAmount],
      flags: [vague],
    }),
    question("us-37", "finances", "How will you repay your loan?", {
      needs: ["loan"],
      wants: "A repayment plan based on a career in India.",
      points: [
        [
          "a repayment plan",
          ["repay", "emi", "instalment*", "installment*", "moratorium", "salary", "parents will", "family business"],
        ],
        ["earned in India", ["india", "job in india", "return", "back home"]],
      ],
      flags: [reliesOnUsJob, immigrantIntent],
    }),
    question("us-38", "finances", "What is the collateral for your loan?", {
      needs: ["loan"],
      wants: "That you understand the loan your family took.",
      points: [
        ["who is on the loan", ["co-applicant", "father", "mother", "parents", "guarantor", "my name", "joint"]],
        [
          "names the security",
          ["collateral", "property", "house", "land", "fixed deposit*", "co-applicant", "guarantor", "unsecured", "flat"],
        ],
      ],
      flags: [vague],
    }),
    question("us-39", "finances", "Tell me about your scholarship. Is it shown on your I-20?", {
      needs: ["scholarship"],
      wants: "The amount and source, and that the I-20 agrees.",
      points: [
        ["amount and source", ["scholarship", "$", "dollars", "per year", "waiver", "department", "merit", "assistantship"]],
        ["on the I-20", ["i-20", "i20", "shown", "mentioned", "included", "yes"]],
      ],
      flags: [["not on the I-20", ["not on the i-20", "not mentioned", "not shown", "not included"]], vague],
    }),
    question("us-40", "finances", "Why did {university} give you {scholarship}?", {
      needs: ["university", "scholarship"],
      wants: "That the award is real and what it rests on.",
      points: [
        ["states the amount", ["$", "dollars", "percent", "%", "per year", "per semester", "waiver"]],
        ["the basis of the award", ["merit", "grades", "gre", "profile", "research", "assistant*", "department", "academic"]],
      ],
      flags: [vague],
    }),
    question("us-41", "finances", "Do you plan to work while you study?", {
      wants: "That you know the F-1 work rules and do not need a job to pay.",
      points: [
        ["knows the rules", ["on campus", "on-campus", "20 hours", "twenty hours", "cpt", "allowed", "rules"]],
        [
          "not needed for fees",
          ["not depend", "not to pay", "fees are covered", "experience", "pocket money", "focus on study*"],
        ],
      ],
      flags: [
        [
          "plans unauthorised or full-time work",
          [
            "off campus job",
            "off-campus job",
            "work full time",
            "full time job",
            "full-time job",
            "uber",
            "restaurant",
            "gas station",
            "send money home",
          ],
        ],
        workToPay,
      ],
    }),
    question("us-42", "finances", "How much do your parents have in savings, and where is it held?", {
      wants: "Funds that are real, held over time and documented.",
      points: [
        statesAmount,
        [
          "where it is held",
          ["bank statement*", "fixed deposit*", "savings account", "ppf", "mutual fund*", "ca report", "post office"],
        ],
      ],
      flags: [
        [
          "sudden or borrowed money",
          ["recently deposited", "just deposited", "deposited last month", "borrowed from", "friend's money", "temporary"],
        ],
        vague,
      ],
    }),
    question("us-43", "finances", "Why is your {sponsor} willing to spend this much on your education?", {
      needs: ["sponsor"],
      wants: "A believable family reason and the means to do it.",
      points: [
        ["a family reason", ["future", "career", "support", "believe", "investment", "education is important"]],
        ["can afford it", ["afford", "savings", "income", "without difficulty", "comfortabl*"]],
      ],
      flags: [["expects repayment from US earnings", ["pay them back from", "send money", "earn there and"]], vague],
    }),
    question("us-44", "finances", "What are your living costs going to be in {city}?", {
      needs: ["city"],
      wants: "That you have budgeted for living, not only tuition.",
      points: [
        ["a figure", ["$", "dollars", "per month", "month", "thousand", "lakh*"]],
        ["what it covers", ["rent", "housing", "food", "transport", "insurance", "utilities", "shared"]],
      ],
      flags: [vague],
    }),
    question("us-45", "finances", "Do you have brothers or sisters? Who pays for their education?", {
      wants: "That funding you does not leave the family short.",
      points: [
        ["answers about siblings", ["brother", "sister", "only child", "siblings", "no siblings"]],
        ["how they are supported", ["studying", "working", "married", "completed", "already", "school"]],
      ],
      flags: [["siblings in the US", ["brother lives in", "sister lives in", "also in america", "also in the us"]]],
    }),
    // Post-study plans
    question("us-46", "post-study-plans", "What will you do after you graduate?", {
      core: true,
      wants: "A concrete plan that brings you back to India.",
      points: [plansToReturn, specificCareer],
      flags: [immigrantIntent, vague],
    }),
    question("us-47", "post-study-plans", "Which companies in India would hire you with this degree?", {
      core: true,
      wants: "That you know the job market you are returning to.",
      points: [
        [
          "names employers or a sector",
          [
            "tcs",
            "infosys",
            "wipro",
            "reliance",
            "tata",
            "google",
            "microsoft",
            "amazon",
            "flipkart",
            "isro",
            "drdo",
            "hcl",
            "accenture",
            "deloitte",
            "mahindra",
            "startup*",
            "bank*",
            "hospital*",
          ],
        ],
        [
          "names where",
          [
            "bangalore",
            "bengaluru",
            "hyderabad",
            "pune",
            "mumbai",
            "delhi",
            "chennai",
            "gurgaon",
            "gurugram",
            "noida",
            "kolkata",
            "ahmedabad",
          ],
        ],
      ],
      flags: [disparagesIndia, vague],
    }),
    question("us-48", "post-study-plans", "What salary do you expect in India after this degree?", {
      wants: "A realistic figure in India.",
      points: [
        ["explains the figure", ["experience", "role", "market", "seniors", "alumni", "level", "average"]],
        ["a figure in India", ["lakh*", "lpa", "per annum", "package", "rupees", "per month"]],
      ],
      flags: [["thinks in dollars", ["dollars", "$", "in the us", "in america"]], vague],
    }),
    question("us-49", "post-study-plans", "Will you apply for OPT after your degree?", {
      wants: "An honest answer that keeps the plan temporary.",
      points: [
        ["honest about training", ["opt", "practical training", "experience", "training", "no"]],
        ["temporary, then India", ["temporary", "one year", "then return", "come back", "after that", "india"]],
      ],
      flags: [immigrantIntent],
    }),
    question("us-50", "post-study-plans", "Where do you see yourself ten years from now?", {
      wants: "A long-term goal rooted in India.",
      points: [
        ["a long-term goal", ["lead*", "manager", "own company", "start*", "business", "senior", "director", "professor"]],
        ["in India", ["india", "home", "back", "hometown"]],
      ],
      flags: [immigrantIntent, vague],
    }),
    question("us-51", "post-study-plans", "Why should I believe you will come back to India?", {
      core: true,
      wants: "Concrete ties and a career that pull you back.",
      points: [
        [
          "concrete ties",
          ["family", "parents", "property", "business", "responsib*", "only son", "only daughter", "aging parents", "land"],
        ],
        ["a career waiting", ["job offer", "career in india", "family business", "company", "role", "opportunit*"]],
      ],
      flags: [
        immigrantIntent,
        [
          "nothing to return to",
          ["nothing to go back", "no reason", "nothing in india", "nothing much is there for me", "nothing is there for me"],
        ],
      ],
    }),
    question("us-52", "post-study-plans", "Do you have a job offer, or a role waiting, in India?", {
      wants: "Evidence of a path back.",
      points: [
        ["a role or plan", ["offer", "letter", "rejoin", "family business", "manager said", "company", "apply"]],
        ["in India", ["india", "back", "return"]],
      ],
      flags: [vague, immigrantIntent],
    }),
    question("us-53", "post-study-plans", "How will this degree help your career in India?", {
      wants: "A clear link between the degree and the job you want at home.",
      points: [
        ["the skill it gives", ["skill*", "knowledge", "specializ*", "specialis*", "expertise", "research"]],
        ["demand in India", ["demand", "growing", "industry", "sector", "companies", "need*"]],
      ],
      flags: [disparagesIndia, vague],
    }),
    // Ties to India
    question("us-54", "ties-to-india", "Tell me about your family.", {
      core: true,
      wants: "Who you leave behind and what they do.",
      points: [
        ["family members", ["father", "mother", "parents", "brother", "sister", "grand*", "wife", "husband"]],
        ["their work or life in India", ["works", "business", "job", "retired", "homemaker", "studying", "farm*", "live in"]],
      ],
      flags: [relativesAsReason],
    }),
    question("us-55", "ties-to-india", "Do you have any relatives in the United States?", {
      core: true,
      wants: "An honest answer, and that they are not why you are going.",
      points: [
        ["answers honestly", ["no", "none", "yes", "uncle", "aunt", "cousin", "brother", "sister"]],
        ["not the reason", ["not the reason", "not related", "my own decision", "independent", "different state", "rarely"]],
      ],
      flags: [
        relativesAsReason,
        ["will depend on them", ["will stay with", "live with my", "they will support", "they will pay"]],
      ],
    }),
    question("us-56", "ties-to-india", "Does your family own property or a business in India?", {
      wants: "Assets and responsibilities that tie you to home.",
      points: [
        ["who manages it", ["father", "mother", "parents", "family", "run*", "manage*", "look after"]],
        ["names them", ["property", "land", "house", "flat", "business", "farm*", "shop", "agricultur*", "factory"]],
      ],
      flags: [["nothing", ["nothing", "none"]]],
    }),
    question("us-57", "ties-to-india", "Who will look after your parents while you are away?", {
      wants: "Family responsibilities you will return to.",
      points: [
        ["who will be there", ["brother", "sister", "relatives", "they are", "healthy", "working", "live together"]],
        ["your role in the family", ["responsib*", "return", "come back", "take care"]],
      ],
      flags: [["plans to take them abroad", ["bring them", "take them to", "call them to"]]],
    }),
    question("us-58", "ties-to-india", "Where do you live in India, and what would bring you back there?", {
      wants: "A home and a future you are returning to.",
      points: [
        ["where you live", ["live in", "from", "hometown", "city", "state", "village"]],
        ["what pulls you back", ["family", "parents", "job", "business", "career", "home"]],
      ],
      flags: [immigrantIntent],
    }),
    // Immigration history
    question("us-59", "immigration-history", "Have you travelled abroad before?", {
      wants: "Your travel history, and that you came back on time.",
      points: [
        ["answers honestly", ["never", "first time", "travelled", "traveled", "visited", "trip", "yes"]],
        ["came back on time", ["returned", "came back", "on time", "before expiry"]],
      ],
      flags: [["overstay", ["overstay*", "stayed longer", "extended my stay"]]],
    }),
    question("us-60", "immigration-history", "You were refused a US visa before. What has changed since then?", {
      needs: ["refusal"],
      core: true,
      wants: "What is new in your case, stated honestly.",
      points: [
        ["acknowledges the refusal", ["refused", "214(b)", "214b", "rejected", "denied", "last time", "previous*"]],
        [
          "what is new",
          ["changed", "now", "new", "improved", "stronger", "scholarship", "loan sanctioned", "different university", "clearer"],
        ],
      ],
      flags: [
        ["nothing has changed", ["same", "nothing changed", "nothing has changed", "nothing much"]],
        ["blames the officer", ["officer was wrong", "unfair", "no reason", "bad luck", "did not even look", "didn't even look"]],
      ],
    }),
    question("us-61", "immigration-history", "Why do you think your last application was refused?", {
      needs: ["refusal"],
      wants: "That you understood the refusal and addressed it.",
      points: [
        [
          "names a likely reason",
          ["214(b)", "214b", "ties", "funds", "couldn't explain", "could not explain", "nervous", "documents", "answers"],
        ],
        ["what you did about it", ["prepared", "understand", "learned", "clear", "now i can", "documents ready"]],
      ],
      flags: [["no idea why", ["don't know why", "no idea", "no reason"]]],
    }),
    question("us-62", "immigration-history", "Have you applied for a visa to any other country?", {
      wants: "Honesty: the officer can see other applications.",
      points: [
        ["states the result", ["granted", "refused", "approved", "visited", "returned", "pending", "never applied"]],
        ["answers fully", ["canada", "uk", "australia", "germany", "ireland", "applied", "never", "refused", "granted", "no"]],
      ],
      flags: [vague],
    }),
    question("us-63", "immigration-history", "What are you allowed to do on an F-1 visa?", {
      wants: "That you understand and will keep the terms of your status.",
      points: [
        ["says you will keep them", ["follow", "comply", "maintain", "will not work", "within the limit", "legal*"]],
        [
          "knows the terms",
          ["full time", "full-time", "maintain status", "on campus", "20 hours", "cpt", "opt", "i-20", "enrol*", "enroll*"],
        ],
      ],
      flags: [["plans to break them", ["work full time", "any job", "work off campus"]], vague],
    }),
    // English
    question("us-64", "english", "Where did you study English, and how comfortable are you with lectures in English?", {
      wants: "That you can follow a US classroom; the answer itself shows it.",
      points: [
        ["background", ["english medium", "school", "college", "toefl", "ielts", "duolingo", "since childhood"]],
        ["comfort", ["comfortable", "confident", "fluent", "presentations", "no problem"]],
      ],
      flags: [["struggles", ["not good", "weak", "difficult for me"]]],
    }),
  ],
};
