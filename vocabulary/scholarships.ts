import { monthNames } from "./applications.ts";

/** Scholarships (decision 0025): limits on what staff enter, how a deadline reads, and the words around them. */

export const SCHOLARSHIP_TEXT_MAX = 200;
export const SCHOLARSHIP_LONG_TEXT_MAX = 2000;
export const SCHOLARSHIP_DESTINATIONS_MAX = 40;
/** The profile lists deadlines of the student's matching scholarships within this many days. */
export const UPCOMING_DEADLINE_DAYS = 120;
/** At most this many on the profile. */
export const UPCOMING_DEADLINES_SHOWN = 5;

/** Days in each month of a leap year: a deadline of 29 February is allowed (it falls on 28 February otherwise). */
const daysInMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export const isDayOfMonth = (month: number, day: number) =>
  Number.isInteger(month) &&
  Number.isInteger(day) &&
  month >= 1 &&
  month <= 12 &&
  day >= 1 &&
  day <= (daysInMonth[month - 1] ?? 0);

/** "5 November" for a yearly deadline; null when it varies. */
export function deadlineLabel(deadline: { month: number | null; day: number | null }): string | null {
  if (!deadline.month || !deadline.day) return null;
  return `${deadline.day} ${monthNames[deadline.month - 1]}`;
}

/** "5 November 2026", from a YYYY-MM-DD date. */
export function dayLabel(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return `${day} ${monthNames[(month ?? 1) - 1]} ${year}`;
}

export const scholarshipMessages = {
  enterName: "Enter the scholarship's name",
  enterProvider: "Enter who gives it",
  destinations: `Destinations: country names separated by commas, at most ${SCHOLARSHIP_DESTINATIONS_MAX}; leave empty for any country`,
  chooseLevels: "Choose at least one level",
  enterAmount: "Say what it pays, e.g. full tuition and a monthly stipend",
  deadline: "Enter the deadline's month and day (e.g. 5 November), or leave both empty when it varies",
  enterEligibility: "Summarise who may apply",
  minimumPercentage: "Enter the lowest percentage it asks for (0 to 100), or leave it empty",
  officialUrl: "Enter the official page's address, starting with https://",
  checkedOn: "Enter the day the facts were checked (not in the future)",
  exists: (name: string) => `A scholarship named ${name} from this provider is already listed.`,
  created: (name: string) => `${name} added.`,
  saved: (name: string) => `${name} saved.`,
  retired: (name: string) => `${name} is withdrawn: hidden from the site.`,
  restored: (name: string) => `${name} is back on the site.`,
  noSuchScholarship: "No such scholarship.",
  varies: "Varies: see the official page",
  noneFound: "No scholarships match these choices.",
  forYou: "Matching you",
  others: "Other scholarships",
  noneMatch:
    "None of the scholarships matches your profile yet. Add your marks and save courses in the countries you are considering, and the ones that fit you will show first.",
  noUpcoming: "None of the scholarships matching you closes in the next months.",
} as const;
