import { describe, expect, it } from "vitest";
import { messagesFor } from "../../app/lib/catalogues.server.ts";
import { createTranslator } from "../../app/lib/i18n.tsx";
import { checkMessages } from "../../vocabulary/statements.ts";
import { checkStatement, courseSubject, intakeSaid, paragraphsOf, type StatementContext } from "./checks.ts";

/**
 * The SOP's money, intake and plans after the course against what the student said in their mock visa
 * interviews (decisions 0073 and 0098), and every reason of the checks in Hindi (decision 0099).
 */

const rupeesPer = (currency: string) => ({ INR: 1, USD: 85, GBP: 112, EUR: 96, CAD: 62, AUD: 56 })[currency];

const context = (interviewAnswers: string[], over: Partial<StatementContext> = {}): StatementContext => ({
  kind: "sop",
  university: "University of Leeds",
  course: "MSc Data Science",
  country: "United Kingdom",
  wordLimit: 1000,
  otherUniversities: ["University of Glasgow"],
  intakeMonth: 9,
  intakeYear: 2027,
  fundKinds: ["family-savings", "education-loan"],
  fundsRupees: 3_500_000,
  interviewAnswers: interviewAnswers.map((text, at) => ({ theme: at === 0 ? "funding" : "post-study-plans", text })),
  otherStatements: [],
  ...over,
});

/** A student's SOP of some 300 words, its money, intake and plans after the course given. */
const sop = (money: string, intake: string, after: string) =>
  paragraphsOf(`I grew up in Nashik, where my father runs a small shop selling farm equipment and my mother teaches mathematics at a government school. Watching the mandi prices swing every season, and seeing farmers sell onions at a loss because nobody could tell them when prices would recover, is what first made me curious about data. During my B.Tech in Computer Science at VIT Vellore I built a crop-price forecasting app with two classmates; it was rough, but three hundred farmers near Lasalgaon used it during the 2024 kharif season.

For the last two years I have worked as a data analyst at a logistics start-up in Pune, cleaning shipment records, building dashboards in Python and SQL, and writing the weekly demand forecast the operations team plans its trucks by. The work taught me how much I still do not know: my models were guesses dressed up as statistics, and I want the grounding to do better.

The MSc Data Science at the University of Leeds combines statistical learning, Bayesian methods and a dissertation set with an industry partner. The Leeds Institute for Data Analytics works with the NHS and with food supply chains, which is the kind of applied problem I want to spend a year on. ${intake}

${money}

${after} I have spoken to two agritech firms in Pune that hire data scientists for exactly this work, and my goal is to build the forecasting tools I wished the farmers of Nashik had.`);

const matchesFile = (paragraphs: string[], ctx: StatementContext) =>
  checkStatement(paragraphs, ctx, rupeesPer).checks.find((c) => c.key === "matches-file");

const consistentSop = sop(
  "My father has arranged 35 lakh for the course: 15 lakh from the family's savings and an education loan of 20 lakh sanctioned by the State Bank of India.",
  "I will join the September 2027 intake.",
  "After the course I will return to India and work in Pune.",
);

describe("the SOP against the mock interviews: the money arranged", () => {
  it("names both figures, as the student wrote them, when the interview's differs by more than 15%", () => {
    const paragraphs = sop(
      "My father, a civil engineer, has set aside 35 lakh of the family's savings for my studies.",
      "I will join the September 2027 intake.",
      "After the course I will return to India and work in Pune.",
    );
    const ctx = context([
      "Sir, my father is sponsoring me, he has arranged around 20 lakh, mostly from his FD and some savings, and that will cover the first year.",
    ]);
    const check = matchesFile(paragraphs, ctx);
    expect(check?.holds).toBe(false);
    expect(check?.reasons).toContain("Your SOP says 35 lakh; in your mock interview you said 20 lakh.");
  });

  it("reads Indian grouping and Hindi: “25,00,000” in the SOP against “40 लाख” said in the interview", () => {
    const paragraphs = sop(
      "My parents have arranged 25,00,000 from their savings and fixed deposits for my studies.",
      "The course starts in September 2027.",
      "After the course I will return to India.",
    );
    const said = "मेरे पापा ने 40 लाख का इंतज़ाम किया है, बैंक से लोन और घर की बचत से।";
    expect(matchesFile(paragraphs, context([said], { fundsRupees: 2_500_000 }))?.reasons).toEqual([
      "Your SOP says 25,00,000; in your mock interview you said 40 लाख.",
    ]);
    const same = "मेरे पापा ने २५ लाख की बचत से पैसे का इंतज़ाम किया है।";
    expect(matchesFile(paragraphs, context([same], { fundsRupees: 2_500_000 }))?.holds).toBe(true);
  });

  it("reads crore: “1.2 crore” said against 35 lakh in the SOP", () => {
    const ctx = context(["Funding is from my family, my father has sanctioned 1.2 crore from the sale of a plot."]);
    expect(matchesFile(consistentSop, ctx)?.reasons).toContain(
      "Your SOP says 35 lakh; in your mock interview you said 1.2 crore.",
    );
  });

  it("gives no reason when the interview names a part the SOP also names, or the same total in other words", () => {
    for (const said of [
      "My father took an education loan of 20 lakh from SBI, sir, that is sanctioned already.",
      "We have arranged 36 lakh in total, savings plus the bank loan.",
      "Savings of 15 lakh and a loan of 20 lakh from the bank, sir.",
    ])
      expect(matchesFile(consistentSop, context([said]))?.holds, said).toBe(true);
  });

  it("reads a fee or a salary said in the interview as no money arranged", () => {
    const ctx = context([
      "The tuition fee is 28 lakh and living is another 10 lakh, and after the course I can earn 40 lakh a year in Pune.",
    ]);
    expect(matchesFile(consistentSop, ctx)?.holds).toBe(true);
  });
});

describe("the SOP against the mock interviews: the intake", () => {
  it("names both when the interview's intake is not the SOP's", () => {
    const ctx = context([
      "Actually sir my course starts in January 2028, the January intake, because the September one was full.",
    ]);
    expect(matchesFile(consistentSop, ctx)?.reasons).toEqual([
      "In your mock interview you said the course starts in January 2028; this says September 2027.",
    ]);
  });

  it("compares with the intake applied for when the SOP states none", () => {
    const paragraphs = sop(
      "My father has arranged 35 lakh from savings and an education loan.",
      "I am ready to begin.",
      "After the course I will return to India.",
    );
    const ctx = context(["I will be joining the 2028 intake, sir."]);
    expect(matchesFile(paragraphs, ctx)?.reasons).toEqual([
      "In your mock interview you said the course starts in 2028; you applied for September 2027.",
    ]);
  });

  it("reads a start, not a job or a past year, and May only beside a year", () => {
    expect(intakeSaid("The course starts in Sept 2027 and I may join a club.")).toEqual({
      month: 9,
      year: 2027,
      said: "September 2027",
    });
    expect(intakeSaid("I will join a firm in Pune after graduating in 2028.")).toBeNull();
    expect(intakeSaid("I started working in May 2024.")).toBeNull();
    expect(intakeSaid("कोर्स सितंबर 2027 में शुरू होगा।")).toEqual({ month: 9, year: 2027, said: "September 2027" });
  });
});

describe("the SOP against the mock interviews: the plans after the course", () => {
  it("gives a reason when the interviews read as staying on and the SOP says coming back", () => {
    const ctx = context([
      "Honestly sir, after the course I want to settle in the UK, get a good job there and maybe permanent residency later.",
    ]);
    const reasons = matchesFile(consistentSop, ctx)?.reasons ?? [];
    expect(reasons.some((r) => r.startsWith("In your mock interviews an officer reads what you said as:"))).toBe(true);
    expect(reasons.every((r) => r.endsWith("this says you will come back to India."))).toBe(true);
    // A UK application's reason names the UK, never the US whose question bank the signals come from.
    expect(reasons.some((r) => r.includes("signals intent to stay in the United Kingdom"))).toBe(true);
    expect(reasons.join(" ")).not.toMatch(/\bUS\b/);
  });

  it("gives none when the interviews say working there first and then coming back", () => {
    const ctx = context([
      "I will work for two years on the graduate route to gain experience and then I will come back to India and join an agritech firm.",
    ]);
    expect(matchesFile(consistentSop, ctx)?.holds).toBe(true);
  });
});

it("gives no reason for a student whose SOP and interviews agree", () => {
  const ctx = context([
    "My father is sponsoring me, sir. He has arranged 35 lakh: his savings and an education loan from State Bank of India, already sanctioned.",
    "The course starts in September 2027 and runs for one year.",
    "After the MSc I will come back to India and work as a data scientist in Pune, near my parents.",
  ]);
  expect(matchesFile(consistentSop, ctx)).toMatchObject({ holds: true, reasons: [checkMessages.matchesFile] });
});

describe("the SOP against the file", () => {
  it("does not say the SOP agrees with the file when nothing in it was compared", () => {
    // No money, intake or plans after the course named: the funds check and the interviews have nothing to meet.
    const nothingNamed = sop("", "", "");
    const ctx = context(["My father has arranged 35 lakh, sir: his savings and an education loan from SBI."]);
    expect(matchesFile(nothingNamed, ctx)).toMatchObject({ holds: true, reasons: [checkMessages.nothingToCompare] });
    // Money and plans named, but the student has no funds check and no mock interviews to hold them against.
    const noFile = context([], { fundKinds: null, fundsRupees: null });
    const named = sop(
      "My father has arranged 25,00,000 rupees from the family's savings for my studies.",
      "",
      "After the course I will return to India and work in Pune.",
    );
    // It says so: the file has nothing yet, not that the SOP names nothing.
    expect(matchesFile(named, noFile)).toMatchObject({ holds: true, reasons: [checkMessages.nothingInFile] });
    // The same SOP once the funds check lists the money agrees with it.
    expect(matchesFile(named, context([], { fundsRupees: 2_500_000 }))).toMatchObject({
      holds: true,
      reasons: [checkMessages.matchesFile],
    });
  });

  it("takes the parts of the money with their sum as the funds check's total", () => {
    const paragraphs = sop(
      "My family has set aside savings of 12 lakh, and an education loan of 18 lakh has been sanctioned by Canara Bank.",
      "I will join the September 2027 intake.",
      "After the course I will return to India.",
    );
    expect(matchesFile(paragraphs, context([], { fundsRupees: 3_000_000 }))?.holds).toBe(true);
    expect(matchesFile(paragraphs, context([], { fundsRupees: 5_000_000 }))?.reasons).toEqual([
      "It says 18 lakh; your visa plan's funds check lists 50 lakh in all.",
    ]);
  });

  it("reads a course whose subject begins with “in” or “of” whole: MSc Informatics, MA International Relations", () => {
    expect(courseSubject("MSc Informatics")).toEqual(["informatics"]);
    expect(courseSubject("MA International Relations")).toEqual(["international", "relations"]);
    expect(courseSubject("MSc in Informatics")).toEqual(["informatics"]);
  });
});

describe("every reason of the checks in Hindi (decision 0099)", () => {
  const hindi = createTranslator("hi", messagesFor("hi"));
  // Each message of the checks with realistic values; a message added without its line here fails below.
  const label = "signals intent to stay in the US";
  const rendered: Record<keyof typeof checkMessages, string> = {
    nothingYet: checkMessages.nothingYet,
    withinLimit: checkMessages.withinLimit(642, 1000),
    overLimit: checkMessages.overLimit(1120, 1000),
    noLimit: checkMessages.noLimit(512),
    namesBoth: checkMessages.namesBoth("University of Leeds", "MSc Data Science"),
    missesUniversity: checkMessages.missesUniversity("University of Leeds"),
    missesCourse: checkMessages.missesCourse("MSc Data Science"),
    namesNoOther: checkMessages.namesNoOther,
    namesOther: checkMessages.namesOther("University of Glasgow"),
    noPlaceholder: checkMessages.noPlaceholder,
    placeholder: checkMessages.placeholder("[University Name]"),
    matchesFile: checkMessages.matchesFile,
    nothingToCompare: checkMessages.nothingToCompare,
    nothingInFile: checkMessages.nothingInFile,
    fundsFigure: checkMessages.fundsFigure("20 lakh", "35 lakh"),
    interviewNoLoan: checkMessages.interviewNoLoan,
    interviewLoan: checkMessages.interviewLoan,
    interviewReturn: checkMessages.interviewReturn(label),
    interviewFigure: checkMessages.interviewFigure("35 lakh", "20 लाख"),
    interviewIntake: checkMessages.interviewIntake("January 2028", "September 2027"),
    interviewIntakeApplied: checkMessages.interviewIntakeApplied("2028", "September 2027"),
    interviewStay: checkMessages.interviewStay(label),
    usIntent: checkMessages.usIntent(label),
    adapted: checkMessages.adapted,
    repeated: checkMessages.repeated(3, "University of Glasgow, MSc Data Analytics"),
  };

  it("has a line for every message of the checks", () => {
    expect(Object.keys(rendered).sort()).toEqual(Object.keys(checkMessages).sort());
  });

  for (const [key, english] of Object.entries(rendered)) {
    it(`reads ${key} in Hindi, its values kept`, () => {
      const text = hindi.t(english);
      expect(text).not.toBe(english);
      expect(text).toMatch(/[\u0900-\u097F]{3}/);
      // What is left in Latin letters is the values (names, figures, the question bank's label), not the sentence.
      const values = [
        "University of Leeds",
        "MSc Data Science",
        "University of Glasgow",
        "MSc Data Analytics",
        "University Name",
        label,
      ];
      const rest = values
        .reduce((t, v) => t.replaceAll(v, ""), text)
        .replace(/\b(?:SOP|XXX|lakh|January|September)\b|“insert here”/g, "");
      expect(rest, text).not.toMatch(/[A-Za-z]{3,}/);
    });
  }
});
