import { INTAKE_YEARS_AHEAD, monthNames } from "./applications.ts";
import { formatLongDate } from "./costs.ts";
import { photoKinds } from "./documents.ts";

// The search box's facts are their own file: the header on every page reads them without this one (decision 0071).
export { SEARCH_TERM_MAX_LENGTH, SUGGEST_MIN_LENGTH, type Suggestion } from "./search.ts";

/** The catalogue's fixed lists (spec section 3). */
export const courseLevels = ["Bachelors", "Masters", "Diploma", "Certificate", "PhD"] as const;
export type CourseLevel = (typeof courseLevels)[number];

export const courseModes = ["Full-time", "Part-time", "Online"] as const;
export type CourseMode = (typeof courseModes)[number];

export const feePeriods = ["year", "semester", "total"] as const;
export type FeePeriod = (typeof feePeriods)[number];

export const universityTypes = ["Public", "Private"] as const;
export type UniversityType = (typeof universityTypes)[number];

/**
 * Where and when a figure a student may act on was checked, in English (decision 0105): "University website,
 * checked on 15 January 2026"; without a day it is "not checked" ("University website, not checked"), never
 * stated as fact. The screens say the same in the student's language (`figureSource`, app/components/course-card.tsx).
 */
export const checkedText = (figure: { source: string | null; checkedOn: string | null }) =>
  [figure.source, figure.checkedOn ? `checked on ${formatLongDate(figure.checkedOn)}` : "not checked"].filter(Boolean).join(", ");

/**
 * How long ago a figure was checked, as the screens and the mails word it (decisions 0040, 0105): "today",
 * "40 days ago" under 60 days, "3 months ago" up to a year (30 days a month), else "over a year ago".
 */
export type CheckedAge = { in: "today" } | { in: "days"; days: number } | { in: "months"; months: number } | { in: "years" };
export function checkedAge(days: number): CheckedAge {
  if (days < 1) return { in: "today" };
  if (days < 60) return { in: "days", days };
  if (days <= 365) return { in: "months", months: Math.floor(days / 30) };
  return { in: "years" };
}

const listed = (labels: readonly string[]) => `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;

/** A country's other names (aliases): how many, and how long each (decision 0019). */
export const COUNTRY_ALIASES_MAX = 20;
export const COUNTRY_ALIAS_MAX_LENGTH = 60;

/** A university's picture (decision 0019): the largest upload, its canvas, and the card size it is cropped to (5:3). */
export const UNIVERSITY_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const UNIVERSITY_PICTURE_MAX_MEGAPIXELS = 25;
export const UNIVERSITY_PICTURE_WIDTH = 800;
export const UNIVERSITY_PICTURE_HEIGHT = 480;

/**
 * The home page's university strips (spec section 2: four cards each). Featured universities take places
 * 1 to 4 in the first strip and 5 to 8 in the second; a strip with none featured shows its static cards.
 */
export const homeStrips = ["Major University", "Popular Universities"] as const;
export const CARDS_PER_STRIP = 4;
export const FEATURED_PLACES = homeStrips.length * CARDS_PER_STRIP;
/** "Major University, card 2" for place 2. */
export const featuredPlaceLabel = (place: number) =>
  `${homeStrips[Math.floor((place - 1) / CARDS_PER_STRIP)]}, card ${((place - 1) % CARDS_PER_STRIP) + 1}`;

/**
 * A university's picture: the one an admin uploaded, at an address that changes with each upload (so it
 * may be cached for a year), else the drawn placeholder (decision 0019; both served by server/app.ts).
 */
export const universityImage = (id: number, imageKey: string | null = null) =>
  imageKey ? `/images/universities/${id}-${imageKey}.webp` : `/images/universities/${id}.svg`;

/** "September 2027"; with a deadline, "September 2027 (apply by 30 June 2027)". */
export function intakeLabel(intake: { month: number; year: number; deadline?: string | null }): string {
  const start = `${monthNames[intake.month - 1]} ${intake.year}`;
  if (!intake.deadline) return start;
  const [year, month, day] = intake.deadline.split("-").map(Number);
  return `${start} (apply by ${day} ${monthNames[(month ?? 1) - 1]} ${year})`;
}

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
  letters: "Enter how many recommendation letters the course asks, 0 to 3",
  sopWords: "Enter the SOP's word limit, 100 to 5000, or leave it blank",
  applicationFee: "Enter the application fee in whole units, or leave it blank",
  applicationFeeBoth: "Give the application fee with its currency, or neither",
  choosePeriod: "Choose per year, per semester or in total",
  chooseMode: "Choose a mode from the list",
  enterMedium: "Enter the medium of instruction",
  checkedOn: "Enter the day the fee was checked (not in the future)",
  applicationFeeCheckedOn: "Enter the day the application fee was checked (not in the future)",
  deadlineCheckedOn: "Enter the day the deadlines were checked (not in the future)",
  universitySaved: (name: string) => `${name} saved.`,
  courseSaved: (name: string) => `${name} saved.`,
  retired: (name: string) => `${name} is retired: hidden from the site, kept for its applications.`,
  restored: (name: string) => `${name} is back on the site.`,
  countryHidden: (name: string) => `${name} is hidden from the site.`,
  countryShown: (name: string) => `${name} shows on the site again.`,
  // Creating records (decision 0019).
  enterCountryName: "Enter the country's name",
  nameNeedsLetters: "The name needs letters or digits of the Latin alphabet: it makes the address /{name}/universities",
  chooseFlag: "Choose the country's flag (its ISO 3166-1 code) from the list",
  countryCurrency: "Enter the three-letter ISO 4217 code of its fees' currency, e.g. EUR",
  aliasRule: `Other names: at most ${COUNTRY_ALIASES_MAX}, separated by commas, each at most ${COUNTRY_ALIAS_MAX_LENGTH} characters`,
  countryNameTaken: (name: string, other: string) => `“${name}” already names ${other}.`,
  countryCodeTaken: (code: string, other: string) => `${other} already has the flag ${code.toUpperCase()}.`,
  aliasTaken: (alias: string, other: string) => `The other name “${alias}” already names ${other}.`,
  countryCreated: (name: string) => `${name} added.`,
  countrySaved: (name: string) => `${name} saved.`,
  chooseCountry: "Choose the university's country from the list",
  universityExists: (name: string, country: string) => `${country} already has a university named ${name}.`,
  universityCreated: (name: string) => `${name} added.`,
  courseCreated: (name: string) => `${name} added.`,
  pictureTooLarge: `Pictures can be at most ${UNIVERSITY_PICTURE_MAX_BYTES / 1024 / 1024} MB.`,
  wrongPictureType: `Upload a ${listed(photoKinds.map((k) => k.label))} picture.`,
  unreadablePicture: `We could not read this picture. Upload a ${listed(photoKinds.map((k) => k.label))} picture.`,
  pictureTooManyPixels: `This picture is too big to process (at most ${UNIVERSITY_PICTURE_MAX_MEGAPIXELS} megapixels). Upload a smaller one.`,
  pictureHint: `${listed(photoKinds.map((k) => k.label))}, up to ${UNIVERSITY_PICTURE_MAX_BYTES / 1024 / 1024} MB; cropped to ${UNIVERSITY_PICTURE_WIDTH}×${UNIVERSITY_PICTURE_HEIGHT}`,
  noPicture: "Choose a picture to upload.",
  pictureChanged: (name: string) => `${name}'s picture changed.`,
  pictureRemoved: (name: string) => `${name} shows the drawn picture again.`,
  choosePlace: `Choose a place on the home page (1 to ${FEATURED_PLACES}) or none`,
  placeTaken: (place: string, other: string) =>
    `${other} holds ${place}: take it off the home page first, or choose another place.`,
  featured: (name: string, place: string) => `${name} shows on the home page: ${place}.`,
  unfeatured: (name: string) => `${name} no longer shows on the home page.`,
  chooseMonth: "Choose the intake's month",
  chooseYear: `Choose the intake's year (this year or up to ${INTAKE_YEARS_AHEAD} years ahead)`,
  pastIntake: "This intake has already started: choose a later month or year",
  deadline: "Enter the application deadline as a date, or leave it empty",
  deadlineAfterStart: "The application deadline must be before the end of the intake's month",
  intakeExists: (intake: string) => `This course already has a ${intake} intake.`,
  intakeAdded: (intake: string) => `${intake} intake added.`,
  intakeRemoved: (intake: string) => `${intake} intake removed.`,
  intakeDeadlineMoved: (intake: string, deadline: string | null) =>
    deadline ? `The ${intake} intake's deadline is now ${deadline}.` : `The ${intake} intake has no deadline now.`,
  intakeDeadlineUnchanged: (intake: string) => `The ${intake} intake's deadline is unchanged.`,
  noSuchIntake: "No such intake.",
} as const;
/** At most this many universities on one console search. */
export const CATALOGUE_SEARCH_LIMIT = 50;
