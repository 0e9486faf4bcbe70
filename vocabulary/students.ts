/** A student's record: the spec's qualification levels and genders, and its words (section 8). */

/** Marks are kept per level, in this order (spec: qualifications). */
export const qualificationLevels = ["10th", "12th", "Bachelors", "Masters"] as const;
export type QualificationLevel = (typeof qualificationLevels)[number];

export const genders = ["Male", "Female", "Other"] as const;
export type Gender = (typeof genders)[number];

export const ADDRESS_MAX_LENGTH = 500;
export const PERCENTAGE_MAX = 100;
export const CGPA_MAX = 10;

export const studentMessages = {
  edited: "Edited successfully",
  noChanges: "No changes made",
  interestAdded: "You have added this course to interested",
  interestRemoved: "Removed from your saved courses",
  removedCourse: (courseName: string) => `Removed ${courseName} from your saved courses`,
  noSavedCourses: "You have no courses saved",
  noApplications: "You have no applications",
  chooseGender: `Choose ${genders.join(", ").replace(/, ([^,]*)$/, " or $1")}`,
  unknownQualification: "Unknown qualification",
  passportRule: "A passport number has 6 to 12 letters and digits",
  dateOfBirthPast: "Enter a date of birth in the past",
  dateOfBirthDate: "Enter the date of birth as a date",
} as const;
