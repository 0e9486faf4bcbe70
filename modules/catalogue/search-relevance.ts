/**
 * The judged query set (decision 0026): searches written the way students in India type them, each with
 * what a right answer is. A course is right when it has the level, its name holds every subject word
 * (as the beginning of a word), and it is in the country (or city). `none` marks a search the catalogue
 * has nothing for: right only with no results. Measured by `npm run relevance` and
 * search-relevance.integration.test.ts on the demo catalogue.
 */
import type { CourseLevel } from "../../vocabulary/catalogue.ts";
import { wordsOf } from "./search-index.ts";
import type { Course, Page } from "./shown.ts";

/** The share of judged queries whose first three results must be right (the goal). */
export const RELEVANCE_TARGET = 0.9;

export interface JudgedQuery {
  q: string;
  level?: CourseLevel;
  /** Words a right course's name holds ("computer science"). */
  subject?: string;
  country?: string;
  city?: string;
  /** A right course's university name holds these words. */
  university?: string;
  /** The catalogue has nothing that fits: right only when nothing comes back. */
  none?: true;
}

export const judgedQueries: readonly JudgedQuery[] = [
  { q: "ms in cs", level: "Masters", subject: "computer science" },
  { q: "ms computer science usa", level: "Masters", subject: "computer science", country: "United States" },
  { q: "ms cs usa", level: "Masters", subject: "computer science", country: "United States" },
  { q: "ms in cs in us", level: "Masters", subject: "computer science", country: "United States" },
  { q: "msc cs australia", level: "Masters", subject: "computer science", country: "Australia" },
  { q: "cs uk", subject: "computer science", country: "United Kingdom" },
  { q: "btech", level: "Bachelors" },
  { q: "btech cs", level: "Bachelors", subject: "computer science" },
  { q: "be mechanical", level: "Bachelors", subject: "mechanical engineering" },
  { q: "mim france", level: "Masters", subject: "management", country: "France" },
  { q: "mim in germany", level: "Masters", subject: "management", country: "Germany" },
  { q: "business analytics", subject: "data science" },
  { q: "management france", subject: "management", country: "France" },
  { q: "mba", level: "Masters", subject: "mba" },
  { q: "mba uk", level: "Masters", subject: "mba", country: "United Kingdom" },
  { q: "mba in usa", level: "Masters", subject: "mba", country: "United States" },
  { q: "mba abroad", level: "Masters", subject: "mba" },
  { q: "mba marketing", level: "Masters", subject: "mba marketing" },
  { q: "ms ds", level: "Masters", subject: "data science" },
  { q: "ms data science germany", level: "Masters", subject: "data science", country: "Germany" },
  { q: "msc data science ireland", level: "Masters", subject: "data science", country: "Ireland" },
  { q: "ms in ai", level: "Masters", subject: "artificial intelligence" },
  { q: "ai ml course", subject: "artificial intelligence" },
  { q: "masters in ai uk", level: "Masters", subject: "artificial intelligence", country: "United Kingdom" },
  { q: "meng ece", level: "Masters", subject: "electrical electronic engineering" },
  { q: "mtech eee germany", level: "Masters", subject: "electrical electronic engineering", country: "Germany" },
  { q: "ms it australia", level: "Masters", subject: "information technology", country: "Australia" },
  { q: "masters in it aus", level: "Masters", subject: "information technology", country: "Australia" },
  { q: "mbbs abroad", level: "Bachelors", subject: "medicine" },
  { q: "mbbs russia", level: "Bachelors", subject: "medicine", country: "Russia" },
  { q: "mbbs in georgia", level: "Bachelors", subject: "medicine", country: "Georgia" },
  { q: "mbbs kyrgyzstan", level: "Bachelors", subject: "medicine", country: "Kyrgyzstan" },
  { q: "mbbs uzbekistan", level: "Bachelors", subject: "medicine", country: "Uzbekistan" },
  { q: "llb uk", level: "Bachelors", subject: "law", country: "United Kingdom" },
  { q: "llm", level: "Masters", subject: "law" },
  { q: "llm in london", level: "Masters", subject: "law", city: "London" },
  { q: "phd physics", level: "PhD", subject: "physics" },
  { q: "phd in germany", level: "PhD", country: "Germany" },
  { q: "pg diploma canada", level: "Diploma", country: "Canada" },
  { q: "pg diploma marketing", level: "Diploma", subject: "marketing" },
  { q: "pg diploma in ireland", level: "Diploma", country: "Ireland" },
  { q: "bsc nursing", level: "Bachelors", subject: "nursing" },
  { q: "bsc nursing uk", level: "Bachelors", subject: "nursing", country: "United Kingdom" },
  { q: "bba", level: "Bachelors", subject: "business administration" },
  { q: "bba singapore", level: "Bachelors", subject: "business administration", country: "Singapore" },
  { q: "ba economics", level: "Bachelors", subject: "economics" },
  { q: "ma english literature", level: "Masters", subject: "english literature" },
  { q: "ms in hr", level: "Masters", subject: "human resource management" },
  { q: "hr management uk", subject: "human resource management", country: "United Kingdom" },
  { q: "masters in public health", level: "Masters", subject: "public health" },
  { q: "mph usa", level: "Masters", subject: "public health", country: "United States" },
  { q: "bds", level: "Bachelors", subject: "dental surgery" },
  { q: "pharmacy in malta", subject: "pharmacy", country: "Malta" },
  { q: "hotel management switzerland", subject: "hospitality management", country: "Switzerland" },
  { q: "hospitality switzerland", subject: "hospitality", country: "Switzerland" },
  { q: "cyber security masters", level: "Masters", subject: "cyber security" },
  { q: "ms in cyber security usa", level: "Masters", subject: "cyber security", country: "United States" },
  { q: "mechanical engineering germany", subject: "mechanical engineering", country: "Germany" },
  { q: "civil engineering in japan", subject: "civil engineering", country: "Japan" },
  { q: "study in germany", country: "Germany" },
  { q: "courses in munich", city: "Munich" },
  { q: "masters in london", level: "Masters", city: "London" },
  { q: "ms in new york", level: "Masters", city: "New York" },
  { q: "data science in dublin", subject: "data science", city: "Dublin" },
  { q: "usa", country: "United States" },
  { q: "uk", country: "United Kingdom" },
  { q: "nz", country: "New Zealand" },
  { q: "canada", country: "Canada" },
  { q: "ms in canada", level: "Masters", country: "Canada" },
  { q: "mba in canada", level: "Masters", subject: "business administration", country: "Canada" },
  { q: "universities in new zealand", country: "New Zealand" },
  { q: "mba dubai", none: true },
  { q: "france", country: "France" },
  { q: "holland", country: "Netherlands" },
  { q: "south korea", country: "South Korea" },
  { q: "psychology", subject: "psychology" },
  { q: "biotech", subject: "biotechnology" },
  { q: "architecture italy", subject: "architecture", country: "Italy" },
  { q: "fashion design milan", subject: "fashion design", city: "Milan" },
  { q: "digital marketing diploma", level: "Diploma", subject: "digital marketing" },
  { q: "certificate in project management", level: "Certificate", subject: "project management" },
  { q: "robotics phd", level: "PhD", subject: "robotics" },
  { q: "compter science", subject: "computer science" },
  { q: "ms in computr science", level: "Masters", subject: "computer science" },
  { q: "psycology uk", subject: "psychology", country: "United Kingdom" },
  { q: "university of granada", university: "granada" },
  { q: "oxford", university: "oxford" },
  { q: "quantum basket weaving", none: true },
];

/** Whether a course is a right answer to a judged query. */
export function isRight(query: JudgedQuery, course: Course): boolean {
  if (query.level && course.level !== query.level) return false;
  const nameWords = wordsOf(course.name);
  if (query.subject && !wordsOf(query.subject).every((w) => nameWords.some((n) => n.startsWith(w)))) return false;
  if (query.country && course.university.country.name !== query.country) return false;
  if (query.city && course.university.city !== query.city) return false;
  const universityWords = wordsOf(course.university.name);
  if (query.university && !wordsOf(query.university).every((w) => universityWords.includes(w))) return false;
  return true;
}

export interface RelevanceReport {
  queries: number;
  /** Share of queries whose first three results are all right (a `none` query: no results). */
  successAt3: number;
  /** Share of queries with no results at all. */
  zeroResultRate: number;
  /** The queries that failed, with what came first. */
  failures: Array<{ q: string; total: number; top: string[] }>;
}

/** Runs the judged queries through a search and scores the answers. */
export async function measureRelevance(
  search: (term: string) => Promise<Page<Course>>,
  queries: readonly JudgedQuery[] = judgedQueries,
): Promise<RelevanceReport> {
  let successes = 0;
  let zero = 0;
  const failures: RelevanceReport["failures"] = [];
  for (const query of queries) {
    const page = await search(query.q);
    const top = page.items.slice(0, 3);
    if (page.total === 0) zero += 1;
    const right = query.none ? page.total === 0 : top.length > 0 && top.every((course) => isRight(query, course));
    if (right) successes += 1;
    else
      failures.push({
        q: query.q,
        total: page.total,
        top: top.map((c) => `${c.level} · ${c.name} · ${c.university.name}, ${c.university.city}, ${c.university.country.name}`),
      });
  }
  return { queries: queries.length, successAt3: successes / queries.length, zeroResultRate: zero / queries.length, failures };
}
