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

/**
 * The profile's sections, each its own page a phone reaches in one tap from the profile's section nav and
 * from the student's home (decision 0062). `/profile` itself keeps the spec's personal details with their
 * read-only and edit modes. The old anchors of the one long page (`#my-counsellor`, `#sessions`...) lead to
 * their section.
 */
export const profileSections = [
  { path: "/profile", label: "Personal details", anchors: ["personal-details"] },
  { path: "/profile/documents", label: "Documents", anchors: ["documents", "documents-heading", "photo-heading"] },
  { path: "/profile/counsellor", label: "My counsellor", anchors: ["my-counsellor", "counsellor-heading"] },
  { path: "/profile/sessions", label: "Sessions", anchors: ["sessions", "sessions-heading"] },
  { path: "/profile/scholarships", label: "Scholarships", anchors: ["scholarship-deadlines"] },
  { path: "/profile/devices", label: "Signed-in devices", anchors: ["devices-heading"] },
  { path: "/profile/parents", label: "Share with a parent", anchors: ["parents-heading"] },
  { path: "/profile/privacy", label: "Privacy", anchors: ["privacy-heading", "contact-heading", "export-heading"] },
] as const;
export type ProfileSectionPath = (typeof profileSections)[number]["path"];

/** Where a signed-in student lands (decision 0062): the spec's `/` stays the same for everyone. */
export const STUDENT_HOME_PATH = "/home";
