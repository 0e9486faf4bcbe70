/**
 * What the public side shows of the catalogue and in what shape, shared by its reads (catalogue.ts) and
 * its search (search-courses.ts, search-suggestions.ts): a page of results, a course as the site shows
 * it, and the rule of what is shown (decision 0017).
 */
import { eq, isNull } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import type { FeePeriod } from "../../vocabulary/catalogue.ts";
import type { EntryRequirements } from "../eligibility.ts";
import type { MirroredCatalogue } from "./catalogue-mirror.ts";
import { type CourseFacts, courseFieldColumns, courseFieldList, type FeeKey, type RequirementKey } from "./course-record.ts";
import type { MirroredCourse } from "./course-table.ts";
import { countries, courses, universities } from "./tables.ts";

export const PAGE_SIZE = 12;

/**
 * A course as the site shows it: its facts (course-record.ts), the fee's grouped as `fee` and the entry
 * requirements as `requirements`, with its university.
 */
export type Course = { id: number } & Omit<CourseFacts, FeeKey | RequirementKey> & {
    /** `source` and `checkedOn` (YYYY-MM-DD): where and when an admin last checked the fee, if they said. */
    fee: { amount: number; currency: string; period: FeePeriod; source: string | null; checkedOn: string | null };
    /** Entry requirements (decision 0027), illustrative on the demo catalogue like its fees. */
    requirements: EntryRequirements;
    university: { id: number; name: string; city: string; country: { name: string; slug: string } };
  };

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export const courseColumns = {
  id: courses.id,
  ...courseFieldColumns,
  universityId: universities.id,
  universityName: universities.name,
  universityCity: universities.city,
  countryName: countries.name,
  countrySlug: countries.slug,
};

/** A course's own fields with its university's, as the join below (or the mirror) gives them. */
type CourseRow = MirroredCourse & {
  universityName: string;
  universityCity: string;
  countryName: string;
  countrySlug: string;
};

/** The course's fields in the record's order, the fee's and the requirements' each gathered where the first of them stands. */
export function toCourse(row: CourseRow): Course {
  const course: Record<string, unknown> = { id: row.id };
  const group = (name: "fee" | "requirements") => {
    course[name] ??= {};
    return course[name] as Record<string, unknown>;
  };
  for (const f of courseFieldList) {
    const value = row[f.key];
    if (f.fee) group("fee")[f.fee] = value;
    else if (f.requirement) group("requirements")[f.key] = value;
    else course[f.key] = value;
  }
  course.university = {
    id: row.universityId,
    name: row.universityName,
    city: row.universityCity,
    country: { name: row.countryName, slug: row.countrySlug },
  };
  return course as Course;
}

/**
 * What the site shows (decision 0017): a country an admin has not hidden, a university and a course
 * not retired. Every public query below holds to these; retired rows stay for the applications naming them.
 */
export const countryShown = eq(countries.visible, true);
export const universityShown = isNull(universities.retiredAt);
export const courseShown = isNull(courses.retiredAt);
export const shownCountryIds = (db: Database) => db.select({ id: countries.id }).from(countries).where(countryShown);

/** A course from the mirror with its university's fields, as the database's join would give it. */
export function mirroredCourse(mirrored: MirroredCatalogue, course: MirroredCourse | undefined): Course | null {
  const university = course && mirrored.byId.get(course.universityId);
  if (!course || !university) return null;
  return toCourse({
    ...course,
    universityName: university.name,
    universityCity: university.city,
    countryName: university.countryName,
    countrySlug: university.countrySlug,
  });
}
