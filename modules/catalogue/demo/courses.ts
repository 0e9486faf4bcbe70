import { type CourseLevel, type CourseMode, courseLevels, type FeePeriod } from "../../../vocabulary/catalogue.ts";
import type { DemoCountry } from "./countries.ts";

// The demo fees are illustrative: plausible for the country and kind of institution, not any real price list.

type Level = CourseLevel;

export interface DemoCourse {
  name: string;
  level: Level;
  durationMonths: number;
  /** Whole units of feeCurrency. */
  feeAmount: number;
  feeCurrency: string;
  feePeriod: FeePeriod;
  mode: CourseMode;
  englishExamWaiver: boolean;
  mediumOfInstruction: string;
  /** Illustrative entry requirements (decision 0027), like the fees: plausible, not any university's own. */
  minPercentage: number | null;
  minCgpa: number | null;
  minIelts: number | null;
  minToefl: number | null;
  minPte: number | null;
  /** An illustrative application package (decision 0057), like the fees: typical of the destination, not any university's own. */
  lettersRequired: number;
  sopRequired: boolean;
  sopWordLimit: number | null;
  portfolioRequired: boolean;
  writingSampleRequired: boolean;
  englishTestAsked: boolean;
  admissionsTestAsked: boolean;
  applicationFeeAmount: number | null;
}

/** mulberry32: a small, fast, seeded PRNG returning numbers in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Field = "science" | "arts" | "engineering" | "business" | "law" | "medicine" | "health" | "hospitality" | "design";

interface Subject {
  name: string;
  field: Field;
  levels: readonly Level[];
  /** Fixed names for some levels (e.g. "Master of Business Administration"). */
  names?: Partial<Record<Level, string>>;
}

const all: readonly Level[] = courseLevels;
const degrees: readonly Level[] = ["Bachelors", "Masters", "PhD"];
const vocational: readonly Level[] = ["Diploma", "Certificate"];

/** About forty subjects, including the spec's preferred subjects (section 5). */
export const subjects: readonly Subject[] = [
  { name: "Accounting & Finance", field: "business", levels: all },
  { name: "Computer Science", field: "science", levels: all },
  {
    name: "Medicine",
    field: "medicine",
    levels: ["Bachelors", "PhD"],
    names: { Bachelors: "Bachelor of Medicine, Bachelor of Surgery (MBBS)" },
  },
  {
    name: "Dentistry",
    field: "medicine",
    levels: ["Bachelors", "Masters"],
    names: { Bachelors: "Bachelor of Dental Surgery (BDS)", Masters: "Master of Dental Surgery (MDS)" },
  },
  {
    name: "Law",
    field: "law",
    levels: all,
    names: { Bachelors: "Bachelor of Laws (LLB)", Masters: "Master of Laws (LLM)" },
  },
  { name: "General Engineering", field: "engineering", levels: all },
  { name: "Business & Management", field: "business", levels: all },
  {
    name: "Business Administration",
    field: "business",
    levels: all,
    names: { Bachelors: "Bachelor of Business Administration (BBA)", Masters: "Master of Business Administration (MBA)" },
  },
  { name: "Data Science", field: "science", levels: all },
  { name: "Artificial Intelligence", field: "science", levels: all },
  { name: "Cyber Security", field: "science", levels: all },
  { name: "Information Technology", field: "science", levels: all },
  { name: "Software Engineering", field: "engineering", levels: all },
  { name: "Mechanical Engineering", field: "engineering", levels: [...degrees, "Diploma"] },
  { name: "Civil Engineering", field: "engineering", levels: [...degrees, "Diploma"] },
  { name: "Electrical and Electronic Engineering", field: "engineering", levels: [...degrees, "Diploma"] },
  { name: "Chemical Engineering", field: "engineering", levels: degrees },
  { name: "Aerospace Engineering", field: "engineering", levels: degrees },
  { name: "Biomedical Engineering", field: "engineering", levels: degrees },
  { name: "Robotics", field: "engineering", levels: ["Masters", "PhD", "Certificate"] },
  {
    name: "Nursing",
    field: "health",
    levels: ["Bachelors", "Masters", "Diploma", "Certificate"],
    names: { Bachelors: "Bachelor of Science in Nursing" },
  },
  {
    name: "Pharmacy",
    field: "health",
    levels: degrees,
    names: { Bachelors: "Bachelor of Pharmacy", Masters: "Master of Pharmacy" },
  },
  { name: "Physiotherapy", field: "health", levels: ["Bachelors", "Masters", "Diploma"] },
  {
    name: "Public Health",
    field: "health",
    levels: ["Masters", "PhD", ...vocational],
    names: { Masters: "Master of Public Health (MPH)" },
  },
  { name: "Clinical Research", field: "health", levels: ["Masters", "PhD", ...vocational] },
  { name: "Biotechnology", field: "science", levels: all },
  { name: "Psychology", field: "science", levels: [...degrees, "Certificate"] },
  { name: "Economics", field: "arts", levels: [...degrees, "Certificate"] },
  { name: "Hospitality Management", field: "hospitality", levels: all },
  { name: "Tourism Management", field: "hospitality", levels: ["Bachelors", "Masters", ...vocational] },
  { name: "Culinary Arts", field: "hospitality", levels: ["Bachelors", ...vocational] },
  { name: "Marketing", field: "business", levels: all },
  { name: "Digital Marketing", field: "business", levels: ["Masters", ...vocational] },
  { name: "International Business", field: "business", levels: ["Bachelors", "Masters", ...vocational] },
  { name: "Human Resource Management", field: "business", levels: ["Bachelors", "Masters", ...vocational] },
  { name: "Supply Chain Management", field: "business", levels: ["Bachelors", "Masters", ...vocational] },
  { name: "Project Management", field: "business", levels: ["Masters", ...vocational] },
  { name: "Architecture", field: "design", levels: degrees },
  { name: "Graphic Design", field: "design", levels: ["Bachelors", ...vocational] },
  { name: "Fashion Design", field: "design", levels: ["Bachelors", "Masters", ...vocational] },
  { name: "Mathematics", field: "science", levels: degrees },
  { name: "Physics", field: "science", levels: degrees },
  { name: "Environmental Science", field: "science", levels: [...degrees, "Certificate"] },
  { name: "Agriculture", field: "science", levels: [...degrees, "Diploma"] },
  { name: "International Relations", field: "arts", levels: ["Bachelors", "Masters", "PhD"] },
  { name: "English Literature", field: "arts", levels: degrees },
  { name: "Media and Communication", field: "arts", levels: ["Bachelors", "Masters", ...vocational] },
  { name: "Education", field: "arts", levels: ["Masters", "PhD", ...vocational] },
];

/** Inclusive duration bounds in months. Medicine and dentistry degrees run five to six years. */
export const durationBounds: Record<Level, readonly [number, number]> = {
  Bachelors: [36, 48],
  Masters: [12, 24],
  Diploma: [12, 24],
  Certificate: [6, 12],
  PhD: [36, 60],
};
export const medicalBachelorsBounds = [60, 72] as const;

const durationChoices: Record<Level, readonly number[]> = {
  Bachelors: [36, 36, 48],
  Masters: [12, 18, 24, 24],
  Diploma: [12, 12, 18, 24],
  Certificate: [6, 6, 9, 12],
  PhD: [36, 48, 48, 60],
};

interface FeeProfile {
  /** Yearly tuition for an international student in the country's currency (or per semester with semesterFees). */
  public: readonly [number, number];
  private: readonly [number, number];
  /** Medicine and dentistry, when priced apart. */
  medicine?: readonly [number, number];
  /** Public institutions charge a per-semester contribution instead of yearly tuition. */
  semesterFees?: boolean;
}

const feeProfiles: Record<string, FeeProfile> = {
  Australia: { public: [30_000, 50_000], private: [28_000, 45_000], medicine: [70_000, 90_000] },
  Austria: { public: [730, 1_500], private: [10_000, 25_000], semesterFees: true },
  Belgium: { public: [1_000, 4_500], private: [10_000, 30_000] },
  Brunei: { public: [8_000, 20_000], private: [10_000, 20_000] },
  Canada: { public: [25_000, 55_000], private: [18_000, 32_000] },
  "Costa Rica": { public: [1_000_000, 3_000_000], private: [3_000_000, 7_000_000] },
  Croatia: { public: [2_000, 5_000], private: [5_000, 9_000], medicine: [10_000, 14_000] },
  Cyprus: { public: [3_500, 9_000], private: [8_000, 13_000], medicine: [19_000, 25_000] },
  Denmark: { public: [45_000, 120_000], private: [60_000, 150_000] },
  France: { public: [2_900, 3_900], private: [10_000, 25_000] },
  Georgia: { public: [8_000, 16_000], private: [10_000, 20_000], medicine: [16_000, 22_000] },
  Germany: { public: [150, 1_500], private: [9_000, 20_000], semesterFees: true },
  Guyana: { public: [600_000, 1_500_000], private: [1_500_000, 4_000_000], medicine: [2_000_000, 4_500_000] },
  Hungary: { public: [2_000_000, 5_000_000], private: [2_500_000, 5_000_000], medicine: [6_000_000, 8_000_000] },
  Ireland: { public: [12_000, 25_000], private: [8_000, 16_000], medicine: [50_000, 60_000] },
  Italy: { public: [1_000, 4_000], private: [8_000, 20_000] },
  Japan: { public: [535_000, 820_000], private: [800_000, 1_600_000] },
  Kyrgyzstan: { public: [2_500, 5_000], private: [3_000, 6_000], medicine: [3_000, 6_000] },
  Latvia: { public: [3_000, 7_000], private: [3_000, 8_000], medicine: [12_000, 17_000] },
  Lithuania: { public: [3_000, 7_000], private: [3_000, 6_000], medicine: [12_000, 15_000] },
  Malaysia: { public: [15_000, 35_000], private: [25_000, 60_000], medicine: [70_000, 100_000] },
  Malta: { public: [8_000, 16_000], private: [8_000, 15_000] },
  Mexico: { public: [5_000, 30_000], private: [100_000, 300_000] },
  Moldova: { public: [40_000, 80_000], private: [30_000, 60_000], medicine: [90_000, 120_000] },
  Netherlands: { public: [9_000, 20_000], private: [10_000, 25_000] },
  "New Zealand": { public: [28_000, 48_000], private: [22_000, 35_000], medicine: [75_000, 95_000] },
  Poland: { public: [10_000, 25_000], private: [12_000, 30_000], medicine: [45_000, 60_000] },
  Romania: { public: [10_000, 20_000], private: [15_000, 30_000], medicine: [25_000, 40_000] },
  Russia: { public: [2_500, 7_000], private: [4_000, 8_000], medicine: [3_000, 7_000] },
  Singapore: { public: [20_000, 40_000], private: [15_000, 35_000] },
  "South Africa": { public: [60_000, 150_000], private: [60_000, 120_000] },
  "South Korea": { public: [4_000_000, 7_000_000], private: [7_000_000, 12_000_000] },
  Spain: { public: [1_000, 6_000], private: [8_000, 20_000] },
  "Sri Lanka": { public: [300_000, 1_200_000], private: [1_000_000, 3_000_000] },
  Switzerland: { public: [1_000, 4_000], private: [20_000, 40_000] },
  Thailand: { public: [60_000, 200_000], private: [100_000, 300_000] },
  Turkey: { public: [30_000, 150_000], private: [250_000, 700_000] },
  "United Kingdom": { public: [15_000, 38_000], private: [12_000, 30_000], medicine: [40_000, 52_000] },
  "United States": { public: [20_000, 45_000], private: [35_000, 55_000] },
  Uzbekistan: { public: [2_500, 4_500], private: [3_000, 6_000], medicine: [3_000, 7_000] },
};

/** The local teaching language, for the occasional diploma or certificate not taught in English. */
const localLanguages: Record<string, string> = {
  Austria: "German",
  Belgium: "Dutch",
  Brunei: "Malay",
  "Costa Rica": "Spanish",
  Croatia: "Croatian",
  Cyprus: "Greek",
  Denmark: "Danish",
  France: "French",
  Georgia: "Georgian",
  Germany: "German",
  Hungary: "Hungarian",
  Italy: "Italian",
  Japan: "Japanese",
  Kyrgyzstan: "Russian",
  Latvia: "Latvian",
  Lithuania: "Lithuanian",
  Malaysia: "Malay",
  Mexico: "Spanish",
  Moldova: "Romanian",
  Netherlands: "Dutch",
  Poland: "Polish",
  Romania: "Romanian",
  Russia: "Russian",
  "South Korea": "Korean",
  Spain: "Spanish",
  "Sri Lanka": "Sinhala",
  Switzerland: "German",
  Thailand: "Thai",
  Turkey: "Turkish",
  Uzbekistan: "Uzbek",
};

/** Where a bachelor's degree normally takes four years. */
const fourYearBachelors = new Set([
  "United States",
  "Canada",
  "Ireland",
  "Japan",
  "South Korea",
  "Russia",
  "Kyrgyzstan",
  "Uzbekistan",
  "Georgia",
  "Spain",
  "Turkey",
  "Thailand",
  "Mexico",
  "Costa Rica",
  "Guyana",
  "Sri Lanka",
]);
const scottishCities = new Set(["Edinburgh", "Glasgow", "Aberdeen", "Dundee", "St Andrews", "Stirling"]);

/** French-speaking cities of bilingual countries. */
const frenchCities = new Set(["Liège", "Lausanne", "Geneva", "Montreux", "Crans-Montana"]);

/** Where medicine, dentistry and law are graduate-entry (MD, DMD, JD): no undergraduate medicine, dentistry or law degree. */
const graduateEntryMedicineAndLaw = new Set(["United States", "Canada"]);

/** Destinations where Indian students mostly go for medicine: medicine is offered, and named as locally marketed. */
const medicineCountries = new Set(["Russia", "Kyrgyzstan", "Uzbekistan", "Georgia", "Moldova", "Guyana"]);

type Focus = "medical" | "business" | "hospitality" | "technical" | "general";

const focusFields: Record<Exclude<Focus, "general">, ReadonlySet<Field>> = {
  medical: new Set(["medicine", "health"]),
  business: new Set(["business"]),
  hospitality: new Set(["hospitality", "business"]),
  technical: new Set(["engineering", "science"]),
};

/** Extra subjects a specialised institution plausibly teaches beyond its own fields. */
const focusExtras: Record<Exclude<Focus, "general">, ReadonlySet<string>> = {
  medical: new Set(["Biotechnology", "Psychology", "Biomedical Engineering", "Data Science"]),
  business: new Set(["Economics", "Data Science", "International Relations", "Law", "Hospitality Management"]),
  hospitality: new Set(["Culinary Arts", "Tourism Management", "Economics"]),
  technical: new Set(["Architecture", "Business & Management", "Project Management", "Supply Chain Management"]),
};

function focusOf(universityName: string): Focus {
  const n = universityName.toLowerCase();
  if (/medic|health|pharmac|sechenov|semmelweis|stradi|pirogov/.test(n)) return "medical";
  if (/hospitality|\behl\b|les roches|glion/.test(n)) return "hospitality";
  if (/technolog|technical|polytechn|politecnico|\bkaist\b|\beth\b|\bepfl\b|\btu\b|rwth/.test(n)) return "technical";
  if (
    /business|economic|management|finance|\bhec\b|insead|essec|escp|edhec|bocconi|esade|vlerick|nyenrode|kozminski|luiss|\bimd\b|\bism\b/.test(
      n,
    )
  )
    return "business";
  return "general";
}

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/** The point at `position` (0 to 1) of a range. */
function at([min, max]: readonly [number, number], position: number): number {
  return min + position * (max - min);
}

/** Rounds a fee to a figure a prospectus would print. */
export function roundFee(amount: number): number {
  const step = amount < 10_000 ? 50 : amount < 100_000 ? 500 : amount < 1_000_000 ? 5_000 : 50_000;
  return Math.max(step, Math.round(amount / step) * step);
}

function courseName(subject: Subject, level: Level, country: DemoCountry, random: () => number): string {
  if (subject.name === "Medicine" && level === "Bachelors" && medicineCountries.has(country.name)) {
    return "Doctor of Medicine (MD) in General Medicine";
  }
  const fixed = subject.names?.[level];
  if (fixed) return fixed;
  const s = subject.name;
  switch (level) {
    case "Bachelors":
      switch (subject.field) {
        case "engineering":
          return pick(random, [`Bachelor of Engineering in ${s}`, `BEng ${s}`, `Bachelor of Technology in ${s}`]);
        case "arts":
          return pick(random, [`Bachelor of Arts in ${s}`, `BA ${s}`]);
        case "business":
          return pick(random, [`Bachelor of Science in ${s}`, `BSc ${s}`, `Bachelor of Commerce in ${s}`]);
        case "design":
          return pick(random, [`Bachelor of Arts in ${s}`, `Bachelor of Design in ${s}`]);
        case "hospitality":
          return pick(random, [`Bachelor of Arts in ${s}`, `Bachelor of Business Administration in ${s}`]);
        default:
          return pick(random, [`Bachelor of Science in ${s}`, `BSc ${s}`]);
      }
    case "Masters":
      switch (subject.field) {
        case "engineering":
          return pick(random, [`Master of Engineering in ${s}`, `MEng ${s}`, `MSc ${s}`]);
        case "arts":
        case "design":
          return pick(random, [`Master of Arts in ${s}`, `MA ${s}`]);
        case "business":
          return pick(
            random,
            /business|management/i.test(s)
              ? [`Master of Science in ${s}`, `MSc ${s}`]
              : [`Master of Science in ${s}`, `MSc ${s}`, `MBA in ${s}`],
          );
        default:
          return pick(random, [`Master of Science in ${s}`, `MSc ${s}`]);
      }
    case "Diploma":
      return pick(random, [`Diploma in ${s}`, `Diploma in ${s}`, `Postgraduate Diploma in ${s}`, `Advanced Diploma in ${s}`]);
    case "Certificate":
      return pick(random, [`Certificate in ${s}`, `Certificate in ${s}`, `Graduate Certificate in ${s}`]);
    case "PhD":
      return pick(random, [`PhD in ${s}`, `PhD in ${s}`, `Doctor of Philosophy in ${s}`]);
  }
}

interface Offer {
  subject: Subject;
  level: Level;
  weight: number;
}

function offers(universityName: string, country: DemoCountry): Offer[] {
  const focus = focusOf(universityName);
  const result: Offer[] = [];
  for (const subject of subjects) {
    const medical = subject.field === "medicine";
    // Medicine is taught by medical schools and general universities, not by business or technical schools.
    if (medical && focus !== "medical" && focus !== "general") continue;
    // The United States and Canada have no undergraduate medicine or law degree.
    if (graduateEntryMedicineAndLaw.has(country.name) && medical) continue;
    let weight = 1;
    if (focus !== "general") {
      const inFocus = focusFields[focus].has(subject.field) || focusExtras[focus].has(subject.name);
      if (!inFocus) continue;
      // A medical school's flagship degrees.
      if (medical) weight = 10;
    } else if (medical) {
      weight = medicineCountries.has(country.name) ? 6 : 0.5;
    }
    for (const level of subject.levels) {
      if (graduateEntryMedicineAndLaw.has(country.name) && subject.name === "Law" && level === "Bachelors") continue;
      result.push({ subject, level, weight });
    }
  }
  return result;
}

function fee(
  subject: Subject,
  level: Level,
  durationMonths: number,
  university: { type: "Public" | "Private" },
  country: DemoCountry,
  priceLevel: number,
  random: () => number,
): { feeAmount: number; feePeriod: DemoCourse["feePeriod"] } {
  const profile = feeProfiles[country.name] ?? { public: [5_000, 15_000], private: [8_000, 20_000] };
  const isPublic = university.type === "Public";
  if (isPublic && profile.semesterFees) {
    // One per-semester contribution for the whole university, mostly near the low end of the range.
    return { feeAmount: roundFee(at(profile.public, priceLevel ** 3)), feePeriod: "semester" };
  }
  const range = subject.field === "medicine" && profile.medicine ? profile.medicine : isPublic ? profile.public : profile.private;
  // Courses of one university sit around its price level.
  const yearly = at(range, Math.min(1, Math.max(0, priceLevel + (random() - 0.5) * 0.4)));
  switch (level) {
    case "Certificate":
      return { feeAmount: roundFee(((yearly * durationMonths) / 12) * 0.8), feePeriod: "total" };
    case "Diploma":
      return { feeAmount: roundFee(yearly * 0.75), feePeriod: "year" };
    case "Masters":
      return { feeAmount: roundFee(Math.min(yearly * 1.1, range[1])), feePeriod: "year" };
    case "PhD":
      return { feeAmount: roundFee(yearly * 0.6), feePeriod: "year" };
    case "Bachelors":
      return { feeAmount: roundFee(yearly), feePeriod: "year" };
  }
}

/** A string's 32-bit FNV-1a hash: seeds each course's own requirements without touching the shared sequence. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** IELTS bands with the TOEFL iBT and PTE Academic scores universities commonly take as their equals. */
const englishBands = [
  { ielts: 5.5, toefl: 72, pte: 50 },
  { ielts: 6, toefl: 80, pte: 58 },
  { ielts: 6.5, toefl: 90, pte: 65 },
  { ielts: 7, toefl: 100, pte: 72 },
] as const;

/**
 * Illustrative entry requirements for a demo course (decision 0027): a 12th percentage for bachelor's
 * degrees (higher for medicine), diplomas and certificates, a bachelor's percentage (often with its CGPA
 * equal) for master's degrees, a master's for a PhD, and English scores for courses taught in English.
 * Drawn from the course's own seed, so adding them changed no other demo fact.
 */
function demoRequirements(key: string, level: Level, medicine: boolean, taughtInEnglish: boolean) {
  const random = createRandom(hashOf(key));
  const step = (from: number, steps: number, by = 5) => from + Math.floor(random() * steps) * by;
  const percentage =
    random() < 0.08
      ? null
      : level === "Bachelors"
        ? medicine
          ? step(80, 3)
          : step(60, 6)
        : level === "Masters"
          ? step(55, 5)
          : level === "PhD"
            ? step(60, 4)
            : step(50, 4);
  const cgpa =
    percentage !== null && (level === "Masters" || level === "PhD") && random() < 0.6
      ? Math.round((percentage / 9.5) * 2) / 2
      : null;
  const band = taughtInEnglish
    ? englishBands[
        Math.min(
          3,
          (level === "Diploma" || level === "Certificate" ? 0 : level === "Bachelors" ? 1 : 2) + (random() < 0.4 ? 1 : 0),
        )
      ]
    : undefined;
  const others = random() < 0.7;
  return {
    minPercentage: percentage,
    minCgpa: cgpa,
    minIelts: band?.ielts ?? null,
    minToefl: band && others ? band.toefl : null,
    minPte: band && others ? band.pte : null,
  };
}

/**
 * Application fees by destination, in its currency (illustrative): the United States' graduate schools'
 * usual USD 75-125, UCAS's GBP 28.50 (rounded) for a UK bachelor's and the common GBP 50-100 for its
 * postgraduate degrees, Canada's CAD 100-150, uni-assist's EUR 75 for Germany, Ireland's EUR 50.
 * Like the demo's tuition fees and intake deadlines they name no source and no checked day, so a student
 * reads each one "not checked" (decision 0105): no demo figure is shown as a university's own.
 */
const applicationFees: Record<string, { bachelors: readonly number[]; graduate: readonly number[] }> = {
  "United States": { bachelors: [75, 90], graduate: [75, 90, 100, 125] },
  "United Kingdom": { bachelors: [28], graduate: [0, 50, 75, 100] },
  Canada: { bachelors: [100, 125], graduate: [100, 125, 150] },
  Germany: { bachelors: [75], graduate: [75] },
  Ireland: { bachelors: [50], graduate: [50] },
  Australia: { bachelors: [0, 100], graduate: [0, 100, 150] },
  "New Zealand": { bachelors: [0], graduate: [0, 50] },
};

/** Where an SOP (or a personal statement) is limited, its usual length in words (illustrative). */
const sopWordLimits: Record<string, readonly number[]> = {
  "United States": [500, 1000, 1000],
  "United Kingdom": [500, 600],
  Germany: [800, 1000],
  Canada: [800, 1000],
};

/**
 * An illustrative application package for a demo course (decision 0057): letters (two for a master's,
 * three for a PhD), an SOP with a word limit for degrees, a portfolio for design, a writing sample for
 * some arts and law research degrees, the English test's report where it is taught in English, the GRE
 * or GMAT for many United States graduate degrees, and the destination's usual application fee. Drawn
 * from the course's own seed, so adding it changed no other demo fact.
 */
function demoPackage(key: string, level: Level, field: Field, country: DemoCountry, taughtInEnglish: boolean) {
  const random = createRandom(hashOf(`package\u0000${key}`));
  const degree = level === "Bachelors" || level === "Masters" || level === "PhD";
  const graduate = level === "Masters" || level === "PhD";
  const fees = applicationFees[country.name];
  const fee = fees && degree ? pick(random, graduate ? fees.graduate : fees.bachelors) : null;
  const sopRequired = degree || random() < 0.3;
  const limits = sopWordLimits[country.name];
  return {
    lettersRequired: level === "PhD" ? 3 : level === "Masters" ? 2 : level === "Bachelors" ? (random() < 0.5 ? 1 : 0) : 0,
    sopRequired,
    sopWordLimit: sopRequired && limits ? pick(random, limits) : null,
    portfolioRequired: field === "design" && level !== "PhD",
    writingSampleRequired: graduate && (field === "arts" || field === "law") && random() < 0.4,
    englishTestAsked: taughtInEnglish,
    admissionsTestAsked:
      graduate && country.name === "United States" && (field === "business" || field === "engineering" || random() < 0.3),
    applicationFeeAmount: fee === null || fee === 0 ? null : fee,
  };
}

/**
 * Up to `count` courses for one university, deterministic for a given `random` sequence.
 * No two courses share name and level; fees are in the country's currency.
 */
export function generateCourses(
  university: { name: string; type: "Public" | "Private"; city?: string },
  country: DemoCountry,
  random: () => number,
  count: number,
): DemoCourse[] {
  // Weighted sampling without replacement (Efraimidis–Spirakis): key = u^(1/w), keep the largest.
  const ranked = offers(university.name, country)
    .map((offer) => ({ offer, key: random() ** (1 / offer.weight) }))
    .sort((a, b) => b.key - a.key);
  const priceLevel = random();
  const fourYear = fourYearBachelors.has(country.name) || (university.city !== undefined && scottishCities.has(university.city));
  const localLanguage = university.city && frenchCities.has(university.city) ? "French" : localLanguages[country.name];
  const seen = new Set<string>();
  const result: DemoCourse[] = [];
  for (const { offer } of ranked) {
    if (result.length >= count) break;
    const { subject, level } = offer;
    const name = courseName(subject, level, country, random);
    const key = `${level}\u0000${name.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const clinical = subject.field === "medicine" || subject.field === "health";
    const durationMonths =
      subject.field === "medicine" && level === "Bachelors"
        ? pick(random, [60, 72, 72])
        : level === "Bachelors" && fourYear
          ? 48
          : pick(random, durationChoices[level]);
    const modeRoll = random();
    const mode: DemoCourse["mode"] =
      subject.field === "medicine"
        ? "Full-time"
        : modeRoll < 0.78
          ? "Full-time"
          : modeRoll < 0.9 || clinical || level === "PhD"
            ? "Part-time"
            : "Online";
    const local = localLanguage !== undefined && (level === "Diploma" || level === "Certificate") && random() < 0.3;
    result.push({
      name,
      level,
      durationMonths,
      ...fee(subject, level, durationMonths, university, country, priceLevel, random),
      feeCurrency: country.currency,
      mode,
      englishExamWaiver: random() < 0.2,
      mediumOfInstruction: local && localLanguage ? localLanguage : "English",
      ...demoRequirements(`${university.name}\u0000${key}`, level, subject.field === "medicine", !(local && localLanguage)),
      ...demoPackage(`${university.name}\u0000${key}`, level, subject.field, country, !(local && localLanguage)),
    });
  }
  return result;
}
