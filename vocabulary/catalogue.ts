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
