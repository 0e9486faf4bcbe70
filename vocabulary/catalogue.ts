/** The catalogue's fixed lists (spec section 3). */
export const courseLevels = ["Bachelors", "Masters", "Diploma", "Certificate", "PhD"] as const;
export type CourseLevel = (typeof courseLevels)[number];

export const courseModes = ["Full-time", "Part-time", "Online"] as const;
export type CourseMode = (typeof courseModes)[number];

export const feePeriods = ["year", "semester", "total"] as const;
export type FeePeriod = (typeof feePeriods)[number];

export const universityTypes = ["Public", "Private"] as const;
export type UniversityType = (typeof universityTypes)[number];

export const SEARCH_TERM_MAX_LENGTH = 100;

/** The console's catalogue screens (decision 0017): what admins are told when they edit, retire or hide. */
export const catalogueAdminMessages = {
  enterUniversityName: "Enter the university's name",
  enterCity: "Enter the city",
  chooseType: "Choose Public or Private",
  enterCourseName: "Enter the course's name",
  chooseLevel: "Choose a level from the list",
  duration: "Enter the duration in whole months (1 to 120)",
  feeAmount: "Enter the fee in whole units (0 or more)",
  currency: "Enter a three-letter currency code, e.g. EUR",
  choosePeriod: "Choose per year, per semester or in total",
  chooseMode: "Choose a mode from the list",
  enterMedium: "Enter the medium of instruction",
  checkedOn: "Enter the day the fee was checked (not in the future)",
  universitySaved: (name: string) => `${name} saved.`,
  courseSaved: (name: string) => `${name} saved.`,
  retired: (name: string) => `${name} is retired: hidden from the site, kept for its applications.`,
  restored: (name: string) => `${name} is back on the site.`,
  countryHidden: (name: string) => `${name} is hidden from the site.`,
  countryShown: (name: string) => `${name} shows on the site again.`,
} as const;
/** At most this many universities on one console search. */
export const CATALOGUE_SEARCH_LIMIT = 50;
