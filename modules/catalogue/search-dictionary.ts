/**
 * How students in India write a search (decision 0026), in one place: degree shorthand, subject shorthand,
 * place shorthand, destinations we do not serve, and filler words. Each entry is one line; adding `pgdm`
 * or `dubai` is one more. Keys are lower case and may hold several words ("pg diploma"); the query reader
 * (search-query.ts) matches the longest key first. Every entry is tested (search-dictionary.test.ts).
 */
import type { CourseLevel } from "../../vocabulary/catalogue.ts";

/**
 * A degree as typed: its level; the subject it names when it names one ("mbbs": medicine); and words
 * that put the degree itself first among the level's courses without leaving others out ("btech":
 * Bachelor of Technology courses before a BA).
 */
export interface DegreeEntry {
  level: CourseLevel;
  subject?: string;
  prefer?: string;
}

export const degrees: Readonly<Record<string, DegreeEntry>> = {
  // Masters
  ms: { level: "Masters", prefer: "science msc" },
  msc: { level: "Masters", prefer: "msc science" },
  ma: { level: "Masters", prefer: "ma arts" },
  meng: { level: "Masters", prefer: "meng engineering" },
  mtech: { level: "Masters", prefer: "technology engineering" },
  "m tech": { level: "Masters", prefer: "technology engineering" },
  me: { level: "Masters", prefer: "engineering" },
  mba: { level: "Masters", subject: "MBA", prefer: "business administration" },
  mim: { level: "Masters", subject: "Management" },
  "masters in management": { level: "Masters", subject: "Management" },
  mph: { level: "Masters", subject: "Public Health" },
  llm: { level: "Masters", subject: "Law" },
  mds: { level: "Masters", subject: "Dental Surgery" },
  mpharm: { level: "Masters", subject: "Pharmacy" },
  master: { level: "Masters" },
  masters: { level: "Masters" },
  postgraduate: { level: "Masters" },
  pg: { level: "Masters" },
  // Bachelors
  btech: { level: "Bachelors", prefer: "technology engineering" },
  "b tech": { level: "Bachelors", prefer: "technology engineering" },
  be: { level: "Bachelors", prefer: "engineering beng" },
  beng: { level: "Bachelors", prefer: "beng engineering" },
  bsc: { level: "Bachelors", prefer: "bsc science" },
  ba: { level: "Bachelors", prefer: "ba arts" },
  bcom: { level: "Bachelors", prefer: "commerce" },
  bdes: { level: "Bachelors", prefer: "design" },
  bba: { level: "Bachelors", subject: "Business Administration" },
  llb: { level: "Bachelors", subject: "Law" },
  mbbs: { level: "Bachelors", subject: "Medicine" },
  bds: { level: "Bachelors", subject: "Dental Surgery" },
  bpharm: { level: "Bachelors", subject: "Pharmacy" },
  bachelor: { level: "Bachelors" },
  bachelors: { level: "Bachelors" },
  undergraduate: { level: "Bachelors" },
  ug: { level: "Bachelors" },
  // Doctorates
  phd: { level: "PhD" },
  doctorate: { level: "PhD" },
  // Diplomas and certificates
  diploma: { level: "Diploma" },
  "pg diploma": { level: "Diploma", prefer: "postgraduate" },
  "postgraduate diploma": { level: "Diploma", prefer: "postgraduate" },
  pgd: { level: "Diploma", prefer: "postgraduate" },
  pgdm: { level: "Diploma", subject: "Management" },
  certificate: { level: "Certificate" },
  certification: { level: "Certificate" },
};

/**
 * Subjects as typed, each with the subject as the catalogue writes it in course names ("Dental Surgery"
 * for dentistry: "Bachelor of Dental Surgery (BDS)"). Its words must all begin words of a course's name. A subject's full name is an entry too, so "computer science" is
 * read as the subject whichever way it is typed.
 */
export const subjects: Readonly<Record<string, string>> = {
  cs: "Computer Science",
  cse: "Computer Science",
  "computer science": "Computer Science",
  computing: "Computer Science",
  ds: "Data Science",
  "data science": "Data Science",
  "business analytics": "Data Science",
  analytics: "Data Science",
  ai: "Artificial Intelligence",
  "artificial intelligence": "Artificial Intelligence",
  ml: "Artificial Intelligence",
  "machine learning": "Artificial Intelligence",
  it: "Information Technology",
  "information technology": "Information Technology",
  cyber: "Cyber Security",
  cybersecurity: "Cyber Security",
  "cyber security": "Cyber Security",
  ece: "Electrical and Electronic Engineering",
  eee: "Electrical and Electronic Engineering",
  ee: "Electrical and Electronic Engineering",
  electronics: "Electrical and Electronic Engineering",
  "electrical engineering": "Electrical and Electronic Engineering",
  mech: "Mechanical Engineering",
  "mechanical engineering": "Mechanical Engineering",
  mechanical: "Mechanical Engineering",
  civil: "Civil Engineering",
  "civil engineering": "Civil Engineering",
  "software engineering": "Software Engineering",
  "chemical engineering": "Chemical Engineering",
  "aerospace engineering": "Aerospace Engineering",
  aerospace: "Aerospace Engineering",
  "biomedical engineering": "Biomedical Engineering",
  engineering: "Engineering",
  biotech: "Biotechnology",
  biotechnology: "Biotechnology",
  hr: "Human Resource Management",
  hrm: "Human Resource Management",
  "human resources": "Human Resource Management",
  "human resource management": "Human Resource Management",
  "supply chain": "Supply Chain Management",
  "project management": "Project Management",
  "hospitality management": "Hospitality Management",
  hospitality: "Hospitality",
  "hotel management": "Hospitality Management",
  tourism: "Tourism",
  "digital marketing": "Digital Marketing",
  marketing: "Marketing",
  "international business": "International Business",
  ib: "International Business",
  "business administration": "Business Administration",
  management: "Management",
  finance: "Finance",
  accounting: "Accounting",
  economics: "Economics",
  eco: "Economics",
  law: "Law",
  medicine: "Medicine",
  medical: "Medicine",
  dentistry: "Dental Surgery",
  dental: "Dental Surgery",
  nursing: "Nursing",
  pharmacy: "Pharmacy",
  physiotherapy: "Physiotherapy",
  physio: "Physiotherapy",
  "public health": "Public Health",
  psychology: "Psychology",
  psych: "Psychology",
  architecture: "Architecture",
  "graphic design": "Graphic Design",
  "fashion design": "Fashion Design",
  design: "Design",
  maths: "Mathematics",
  math: "Mathematics",
  mathematics: "Mathematics",
  physics: "Physics",
  "environmental science": "Environmental Science",
  agriculture: "Agriculture",
  "international relations": "International Relations",
  ir: "International Relations",
  "english literature": "English Literature",
  "mass communication": "Media and Communication",
  media: "Media",
  education: "Education",
  robotics: "Robotics",
  "culinary arts": "Culinary Arts",
  "clinical research": "Clinical Research",
};

/** Shorthand for a destination or a city, written as the catalogue names it ("usa": United States). */
export const places: Readonly<Record<string, string>> = {
  usa: "United States",
  us: "United States",
  america: "United States",
  "united states": "United States",
  "united states of america": "United States",
  uk: "United Kingdom",
  "united kingdom": "United Kingdom",
  england: "United Kingdom",
  britain: "United Kingdom",
  aus: "Australia",
  nz: "New Zealand",
  "new zealand": "New Zealand",
  uae: "United Arab Emirates",
  "united arab emirates": "United Arab Emirates",
  dubai: "United Arab Emirates",
  korea: "South Korea",
  holland: "Netherlands",
  nyc: "New York",
};

/**
 * Destinations students ask for that we do not serve, each with the closest ones we do (by what a
 * student weighing it usually weighs it against). Only destinations not in the catalogue are meant:
 * a served country always wins over this list.
 */
export const unservedDestinations: Readonly<Record<string, readonly string[]>> = {
  "United Arab Emirates": ["Malaysia", "Singapore", "United Kingdom"],
  China: ["South Korea", "Japan", "Singapore"],
  Sweden: ["Denmark", "Netherlands", "Germany"],
  Norway: ["Denmark", "Netherlands", "Germany"],
  Finland: ["Denmark", "Netherlands", "Germany"],
  Portugal: ["Spain", "Italy", "France"],
  Ukraine: ["Georgia", "Uzbekistan", "Kyrgyzstan"],
  Philippines: ["Malaysia", "Thailand", "Singapore"],
  Bangladesh: ["Georgia", "Kyrgyzstan", "Russia"],
  Nepal: ["Georgia", "Kyrgyzstan", "Russia"],
  Kazakhstan: ["Kyrgyzstan", "Uzbekistan", "Russia"],
};

/**
 * An intake as typed, as the month a course starts (decision 0051): the season as universities abroad
 * name it ("fall": September in the United States, "spring": January) or the month itself. A year after
 * it ("fall 2027") is read with it: intakes recur every year, so the year narrows nothing.
 */
export const intakeWords: Readonly<Record<string, number>> = {
  fall: 9,
  autumn: 9,
  spring: 1,
  winter: 1,
  summer: 5,
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  april: 4,
  "may intake": 5,
  june: 6,
  july: 7,
  august: 8,
  aug: 8,
  september: 9,
  sept: 9,
  sep: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
};

/** A year a student may write after an intake ("fall 2027"): this century's, four digits. */
export const intakeYear = /^20\d\d$/;

/** Words that carry nothing about what is sought: left out of the search. */
export const fillerWords: ReadonlySet<string> = new Set([
  "in",
  "for",
  "at",
  "of",
  "on",
  "the",
  "a",
  "an",
  "and",
  "to",
  "with",
  "abroad",
  "course",
  "courses",
  "university",
  "universities",
  "college",
  "colleges",
  "study",
  "studies",
  "studying",
  "degree",
  "degrees",
  "program",
  "programme",
  "programs",
  "programmes",
  "best",
  "top",
  "intake",
  "intakes",
]);
