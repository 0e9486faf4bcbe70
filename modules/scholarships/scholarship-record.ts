import { sql } from "drizzle-orm";
import type { CourseLevel } from "../../vocabulary/catalogue.ts";
import { scholarships } from "./tables.ts";

/**
 * A scholarship's facts as read, written once (decision 0031, "One record shape"): the public list
 * (scholarships.ts) adds its next deadline, the console (editing.ts) when it was changed and whether it
 * is withdrawn.
 */
export const scholarshipColumns = {
  id: scholarships.id,
  name: scholarships.name,
  provider: scholarships.provider,
  destinations: scholarships.destinations,
  levels: scholarships.levels,
  amount: scholarships.amount,
  deadlineMonth: scholarships.deadlineMonth,
  deadlineDay: scholarships.deadlineDay,
  deadlineNote: scholarships.deadlineNote,
  eligibility: scholarships.eligibility,
  minimumPercentage: sql<number | null>`${scholarships.minimumPercentage}::float8`,
  officialUrl: scholarships.officialUrl,
  checkedOn: scholarships.checkedOn,
};

/** What a scholarship says, as both sides read it. */
export interface ScholarshipFacts {
  id: number;
  name: string;
  provider: string;
  /** Country names; empty for any country. */
  destinations: string[];
  levels: CourseLevel[];
  amount: string;
  deadlineMonth: number | null;
  deadlineDay: number | null;
  deadlineNote: string | null;
  eligibility: string;
  minimumPercentage: number | null;
  officialUrl: string;
  /** YYYY-MM-DD */
  checkedOn: string;
}
