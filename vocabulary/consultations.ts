/** The consultation form's option lists, exactly as spec section 5 gives them. */
export const studyDestinations = [
  "Australia",
  "Austria",
  "Belgium",
  "Brunei",
  "Costa Rica",
  "Croatia",
  "Cyprus",
  "Denmark",
  "France",
  "Georgia",
  "Germany",
  "Guyana",
  "Hungary",
  "Ireland",
  "Italy",
  "Japan",
  "Kyrgyzstan",
  "Latvia",
  "Lithuania",
  "Malaysia",
  "Malta",
  "Mexico",
  "Moldova",
  "Netherlands",
  "Poland",
  "Romania",
  "Russia",
  "Singapore",
  "South Africa",
  "South Korea",
  "Spain",
  "Sri Lanka",
  "Switzerland",
  "Thailand",
  "Turkey",
  "United Kingdom (UK)",
  "United States (US)",
  "Uzbekistan",
] as const;

export const typesOfStudy = ["Undergraduate", "Postgraduate", "Diploma", "Certificate"] as const;

export const preferredSubjects = [
  "Accounting & Finance",
  "Computer Science",
  "Medicine & Dentistry",
  "Law",
  "Engineering (General)",
  "Business & Management",
] as const;

export const yearsOfStudy = ["2025", "2026", "2027", "2028"] as const;

export const indianStates = [
  "Andhra Pradesh",
  "Karnataka",
  "Kerala",
  "Maharashtra",
  "Tamil Nadu",
  "Telangana",
  "Uttar Pradesh",
  "West Bengal",
] as const;

/** A lead's (a booking's) statuses in the counsellor console. */
export const consultationStatuses = [
  "New",
  "Contacted",
  "Consultation done",
  "Qualified",
  "Nurture",
  "Converted",
  "Lost",
] as const;
export type LeadStatus = (typeof consultationStatuses)[number];

/** Why a lead was lost: required when the status becomes Lost. */
export const lostReasons = ["Unreachable", "Budget", "Chose another agent", "Not eligible", "Duplicate or junk"] as const;

/** Where a lead came from: the website's form, or entered by staff. */
export const leadSources = ["Website form", "Phone call", "Walk-in", "Event", "Referral", "WhatsApp"] as const;
export type LeadSource = (typeof leadSources)[number];

/** Leads per page in the console's inbox. */
export const LEADS_PAGE_SIZE = 50;

export const leadMessages = {
  chooseStatus: "Choose a status from the list",
  lostNeedsReason: "Say why the lead was lost",
  chooseReason: "Choose a reason from the list",
  statusChanged: (status: string) => `Status changed to ${status}.`,
  noSuchLead: "No such lead.",
} as const;

export const consultationMessages = {
  booked: "Your free consultation is booked. We will be contacting you soon.",
  alreadyBooked: "You have already booked a free consultation. We will be contacting you soon.",
  checkFields: "Please check the highlighted fields.",
  chooseDestination: "Choose a study destination from the list",
  chooseTypeOfStudy: "Choose a type of study from the list",
  chooseSubject: "Choose a preferred subject from the list",
  chooseYear: "Choose a year of study from the list",
  chooseState: "Choose a state from the list",
  enterFirstName: "Enter your first name",
  enterLastName: "Enter your last name",
} as const;
