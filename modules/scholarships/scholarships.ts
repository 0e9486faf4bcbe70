import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { type CourseLevel, courseLevels } from "../../vocabulary/catalogue.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import { UPCOMING_DEADLINE_DAYS, UPCOMING_DEADLINES_SHOWN } from "../../vocabulary/scholarships.ts";
import type { QualificationLevel } from "../../vocabulary/students.ts";
import { applications } from "../applications/tables.ts";
import { countries, courses, universities } from "../catalogue/tables.ts";
import { changePublicSide, type StaffDeps } from "../deps.ts";
import type { StaffMember } from "../policies.ts";
import { studentInterests, studentQualifications } from "../students/tables.ts";
import { consoleScholarship, consoleScholarships, createScholarship, editScholarship, setScholarshipRetired } from "./editing.ts";
import { referenceScholarships, SCHOLARSHIPS_CHECKED_ON } from "./reference-scholarships.ts";
import { type ScholarshipFacts, scholarshipColumns } from "./scholarship-record.ts";
import { scholarships } from "./tables.ts";

/**
 * Scholarships for students from India (decision 0025): the public list with its filters, and for a
 * logged-in student the ones matching their level, destinations of interest and marks first, with their
 * next deadlines.
 */

export interface Scholarship extends ScholarshipFacts {
  /** The next day the yearly deadline falls on (India's date, today counted), or null when it varies. */
  nextDeadline: string | null;
}

/** What a student's matches are reckoned from: read from their profile, saved courses and applications. */
export interface MatchProfile {
  /** The levels they are looking at: their saved courses' and applications', else the one after their highest marks. */
  levels: CourseLevel[];
  /** Countries of their saved courses and applications; empty when they have none yet. */
  destinations: string[];
  /** Percentages by qualification (a CGPA out of 10 counts as CGPA x 9.5). */
  marks: Partial<Record<QualificationLevel, number>>;
}

export interface Match {
  matches: boolean;
  /** What matched, in words ("Masters", "Germany", "60% asked, you have 72%"). */
  reasons: string[];
}

const DAY_MS = 86_400_000;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** The next date a yearly deadline falls on, today included; 29 February is 28 February in other years. */
export function nextDeadline(month: number | null, day: number | null, now: Date): string | null {
  if (!month || !day) return null;
  const today = indianDay(now);
  const year = Number(today.slice(0, 4));
  const on = (y: number) => iso(y, month, month === 2 && day === 29 && !isLeap(y) ? 28 : day);
  return on(year) >= today ? on(year) : on(year + 1);
}

/** Days from today (India) to a YYYY-MM-DD date. */
export const daysUntil = (isoDate: string, now: Date) =>
  Math.round((Date.parse(`${isoDate}T00:00:00Z`) - Date.parse(`${indianDay(now)}T00:00:00Z`)) / DAY_MS);

/** The qualification whose marks a scholarship for this level looks at. */
export const previousQualification: Record<CourseLevel, QualificationLevel> = {
  Bachelors: "12th",
  Diploma: "12th",
  Certificate: "12th",
  Masters: "Bachelors",
  PhD: "Masters",
};

/** The level a student with these marks would study next: after a master's a PhD, after a bachelor's a master's. */
const nextLevelAfter: Partial<Record<QualificationLevel, CourseLevel>> = {
  Masters: "PhD",
  Bachelors: "Masters",
  "12th": "Bachelors",
};

/** How a CGPA out of 10 reads as a percentage (the CBSE and many universities' rule). */
export const CGPA_TO_PERCENT = 9.5;

const sameCountry = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether a scholarship fits a student: one of its levels is one they are looking at; it is for any
 * country or one of theirs (when they have named none, every destination counts); and when it asks for a
 * percentage, their marks in the qualification before that level reach it.
 */
export function matchScholarship(
  scholarship: Pick<Scholarship, "levels" | "destinations" | "minimumPercentage">,
  profile: MatchProfile,
): Match {
  const levels = scholarship.levels.filter((level) => profile.levels.includes(level));
  if (levels.length === 0) return { matches: false, reasons: [] };
  const reasons: string[] = [levels.join(", ")];
  if (scholarship.destinations.length > 0 && profile.destinations.length > 0) {
    const places = profile.destinations.filter((d) => scholarship.destinations.some((s) => sameCountry(s, d)));
    if (places.length === 0) return { matches: false, reasons: [] };
    reasons.push(places.join(", "));
  } else if (scholarship.destinations.length === 0) {
    reasons.push("any country");
  }
  if (scholarship.minimumPercentage !== null) {
    const minimum = scholarship.minimumPercentage;
    const met = levels
      .map((level) => ({ level, mark: profile.marks[previousQualification[level]] }))
      .find((m) => m.mark !== undefined && m.mark >= minimum);
    if (!met || met.mark === undefined) return { matches: false, reasons: [] };
    reasons.push(`${minimum}% asked, you have ${Math.round(met.mark * 10) / 10}% in ${previousQualification[met.level]}`);
  }
  return { matches: true, reasons };
}

export interface ScholarshipFilters {
  /** A country name: scholarships for it or for any country. */
  destination?: string;
  level?: CourseLevel;
}

/**
 * A list's filters as a URL gives them: an unknown level or a blank destination is no filter (a shared
 * link with a typo still shows scholarships); a destination is one line of at most 100 characters.
 */
export function parseScholarshipFilters(raw: { destination?: string | null; level?: string | null }): ScholarshipFilters {
  const destination = raw.destination
    ?.replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 100);
  const level = courseLevels.find((l) => l === raw.level);
  return { ...(destination ? { destination } : {}), ...(level ? { level } : {}) };
}

/** Soonest deadline first; those whose deadline varies after them, by name. */
const byDeadline = (a: Scholarship, b: Scholarship) =>
  (a.nextDeadline ?? "9999") < (b.nextDeadline ?? "9999")
    ? -1
    : (a.nextDeadline ?? "9999") > (b.nextDeadline ?? "9999")
      ? 1
      : a.name.localeCompare(b.name);

/** The scholarships on the site (not withdrawn), filtered, soonest deadline first. */
export async function listScholarships(db: Database, filters: ScholarshipFilters, now: Date): Promise<Scholarship[]> {
  const rows = await db
    .select(scholarshipColumns)
    .from(scholarships)
    .where(
      and(
        isNull(scholarships.retiredAt),
        filters.level ? sql`${filters.level} = any(${scholarships.levels})` : undefined,
        filters.destination
          ? sql`(cardinality(${scholarships.destinations}) = 0 or lower(${filters.destination}) = any(select lower(d) from unnest(${scholarships.destinations}) as d))`
          : undefined,
      ),
    )
    .orderBy(asc(scholarships.name));
  return rows.map((row) => ({ ...row, nextDeadline: nextDeadline(row.deadlineMonth, row.deadlineDay, now) })).sort(byDeadline);
}

/** A student's levels, destinations and marks, from what they saved, applied to and entered. */
export async function matchProfile(db: Database, studentId: number): Promise<MatchProfile> {
  const courseFacts = (from: typeof studentInterests | typeof applications) =>
    db
      .selectDistinct({ level: courses.level, country: countries.name })
      .from(from)
      .innerJoin(courses, eq(courses.id, from.courseId))
      .innerJoin(universities, eq(universities.id, courses.universityId))
      .innerJoin(countries, eq(countries.id, universities.countryId))
      .where(eq(from.studentId, studentId));
  const [saved, applied, marks] = await Promise.all([
    courseFacts(studentInterests),
    courseFacts(applications),
    db
      .select({
        qualification: studentQualifications.qualification,
        percentage: sql<number | null>`${studentQualifications.percentage}::float8`,
        cgpa: sql<number | null>`${studentQualifications.cgpa}::float8`,
      })
      .from(studentQualifications)
      .where(eq(studentQualifications.studentId, studentId)),
  ]);
  const percentages: MatchProfile["marks"] = {};
  for (const mark of marks) {
    const percent = mark.percentage ?? (mark.cgpa !== null ? mark.cgpa * CGPA_TO_PERCENT : null);
    if (percent !== null) percentages[mark.qualification] = percent;
  }
  const facts = [...saved, ...applied];
  let levels = courseLevels.filter((level) => facts.some((f) => f.level === level));
  if (levels.length === 0) {
    const highest = (["Masters", "Bachelors", "12th"] as const).find((q) => percentages[q] !== undefined);
    const next = highest ? nextLevelAfter[highest] : undefined;
    levels = next ? [next] : [];
  }
  const destinations = [...new Set(facts.map((f) => f.country))].sort();
  return { levels, destinations, marks: percentages };
}

export interface ScholarshipsForStudent {
  profile: MatchProfile;
  matching: (Scholarship & { reasons: string[] })[];
  others: Scholarship[];
}

/** The list with the student's matches first (each with what matched), then the rest. */
export async function scholarshipsForStudent(
  db: Database,
  studentId: number,
  filters: ScholarshipFilters,
  now: Date,
): Promise<ScholarshipsForStudent> {
  const [all, profile] = await Promise.all([listScholarships(db, filters, now), matchProfile(db, studentId)]);
  const matching: ScholarshipsForStudent["matching"] = [];
  const others: Scholarship[] = [];
  for (const scholarship of all) {
    const match = matchScholarship(scholarship, profile);
    if (match.matches) matching.push({ ...scholarship, reasons: match.reasons });
    else others.push(scholarship);
  }
  return { profile, matching, others };
}

export interface UpcomingDeadline {
  id: number;
  name: string;
  provider: string;
  deadline: string;
  daysLeft: number;
  officialUrl: string;
}

/** The student's matching scholarships that close within UPCOMING_DEADLINE_DAYS, soonest first (the profile's list). */
export async function upcomingDeadlines(db: Database, studentId: number, now: Date): Promise<UpcomingDeadline[]> {
  const { matching } = await scholarshipsForStudent(db, studentId, {}, now);
  return matching
    .flatMap((s) =>
      s.nextDeadline
        ? [
            {
              id: s.id,
              name: s.name,
              provider: s.provider,
              deadline: s.nextDeadline,
              daysLeft: daysUntil(s.nextDeadline, now),
              officialUrl: s.officialUrl,
            },
          ]
        : [],
    )
    .filter((s) => s.daysLeft <= UPCOMING_DEADLINE_DAYS)
    .slice(0, UPCOMING_DEADLINES_SHOWN);
}

/** A new database's scholarships (reference-scholarships.ts), when it has none. Returns how many were added. */
export async function seedReferenceScholarships(db: Database): Promise<number> {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(scholarships);
  if ((count?.n ?? 0) > 0) return 0;
  const rows = await db
    .insert(scholarships)
    .values(
      referenceScholarships.map(({ deadline, minimumPercentage, ...s }) => ({
        ...s,
        deadlineMonth: deadline?.month ?? null,
        deadlineDay: deadline?.day ?? null,
        minimumPercentage: minimumPercentage === null ? null : String(minimumPercentage),
        checkedOn: SCHOLARSHIPS_CHECKED_ON,
      })),
    )
    .returning({ id: scholarships.id });
  return rows.length;
}

/** Scholarships with their database bound: what route loaders and API handlers receive. */
export function createScholarshipService(db: Database, clock: () => Date = () => new Date()) {
  return {
    list: (filters: ScholarshipFilters) => listScholarships(db, filters, clock()),
    forStudent: (studentId: number, filters: ScholarshipFilters) => scholarshipsForStudent(db, studentId, filters, clock()),
    upcomingDeadlines: (studentId: number) => upcomingDeadlines(db, studentId, clock()),
  };
}

export type ScholarshipService = ReturnType<typeof createScholarshipService>;

/** The scholarships list as admins and counsellors keep it (decision 0025). */
export const scholarshipsConsole = (deps: StaffDeps) => ({
  list: (actor: StaffMember) => consoleScholarships(deps, actor),
  get: (actor: StaffMember, id: number) => consoleScholarship(deps, actor, id),
  create: (actor: StaffMember, raw: unknown) => changePublicSide(deps, () => createScholarship(deps, actor, raw)),
  edit: (actor: StaffMember, id: number, raw: unknown) => changePublicSide(deps, () => editScholarship(deps, actor, id, raw)),
  setRetired: (actor: StaffMember, id: number, retired: boolean) =>
    changePublicSide(deps, () => setScholarshipRetired(deps, actor, id, retired)),
});
