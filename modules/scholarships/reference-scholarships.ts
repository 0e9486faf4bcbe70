import { z } from "zod";
import { courseLevels } from "../../vocabulary/catalogue.ts";
import { readReferenceData } from "../reference-data.ts";
import data from "./reference-scholarships.json" with { type: "json" };

/**
 * The scholarships a new database starts with (decision 0025), read from `reference-scholarships.json`
 * (decision 0052), which says how they were checked and when. Staff keep them up to date in the console
 * (/staff/scholarships).
 */
const referenceScholarshipSchema = z.object({
  name: z.string().min(1),
  provider: z.string().min(1),
  /** Country names; empty for any country. */
  destinations: z.array(z.string().min(1)),
  levels: z.array(z.enum(courseLevels)).min(1),
  amount: z.string().min(1),
  deadline: z.object({ month: z.int().min(1).max(12), day: z.int().min(1).max(31) }).nullable(),
  deadlineNote: z.string().nullable(),
  eligibility: z.string().min(1),
  minimumPercentage: z.number().min(0).max(100).nullable(),
  officialUrl: z.url(),
});
export type ReferenceScholarship = z.infer<typeof referenceScholarshipSchema>;

const file = readReferenceData("modules/scholarships/reference-scholarships.json", data, {
  checkedOn: z.iso.date(),
  scholarships: z.array(referenceScholarshipSchema).min(1),
});

export const SCHOLARSHIPS_CHECKED_ON = file.checkedOn;
export const referenceScholarships: ReferenceScholarship[] = file.scholarships;
