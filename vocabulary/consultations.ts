import type { ContactChannel } from "./privacy.ts";
/**
 * The consultation form's option lists as spec section 5 gives them; the destinations add Canada and New
 * Zealand to the spec's 38 (decision 0050: where most Indian students abroad are, and both in the catalogue).
 */
export const studyDestinations = [
  "Australia",
  "Austria",
  "Belgium",
  "Brunei",
  "Canada",
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
  "New Zealand",
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

/** The spec's six first, then the subjects students commonly ask for that it lacks, and "Other" (decision 0035). */
export const preferredSubjects = [
  "Accounting & Finance",
  "Computer Science",
  "Medicine & Dentistry",
  "Law",
  "Engineering (General)",
  "Business & Management",
  "Nursing",
  "Data Science",
  "Hospitality",
  "Arts & Design",
  "Other",
] as const;

/**
 * Years of study offered: this year and the next three. The spec's "2025 to 2028" was written in 2025,
 * so it is read from the clock (decision 0035); a booking for a year outside them is refused.
 */
export const YEARS_OF_STUDY_AHEAD = 3;
export const yearsOfStudyFrom = (thisYear: number): string[] =>
  Array.from({ length: YEARS_OF_STUDY_AHEAD + 1 }, (_, i) => String(thisYear + i));

/**
 * What the booking's confirmation promises, in the way the person chose to be contacted (decision 0035,
 * decision 0035; the channels are vocabulary/privacy.ts's contactChannels).
 */
export const nextContactWords = {
  email: (to: { email: string; phone: string }) => `A counsellor will write to you at ${to.email} soon.`,
  whatsapp: (to: { email: string; phone: string }) => `A counsellor will message you on WhatsApp at ${to.phone} soon.`,
  phone: (to: { email: string; phone: string }) => `A counsellor will call you at ${to.phone} soon.`,
} as const satisfies Record<ContactChannel, (to: { email: string; phone: string }) => string>;

/** Every state and union territory of India (28 and 8), alphabetically; the spec's eight are among them (decision 0035). */
export const indianStates = [
  "Andaman and Nicobar Islands",
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chandigarh",
  "Chhattisgarh",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Delhi",
  "Goa",
  "Gujarat",
  "Haryana",
  "Himachal Pradesh",
  "Jammu and Kashmir",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Ladakh",
  "Lakshadweep",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Puducherry",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
] as const;

/** A lead's (a booking's) statuses in the counsellor console. */
export const leadStatuses = ["New", "Contacted", "Consultation done", "Qualified", "Nurture", "Converted", "Lost"] as const;
export type LeadStatus = (typeof leadStatuses)[number];
/** A lead is open until it is Converted or Lost (the inbox's "Open only", the staff home's figure). */
export const openLeadStatuses = leadStatuses.filter(
  (status): status is Exclude<LeadStatus, "Converted" | "Lost"> => status !== "Converted" && status !== "Lost",
);

/** Why a lead was lost: required when the status becomes Lost. */
export const lostReasons = ["Unreachable", "Budget", "Chose another agent", "Not eligible", "Duplicate or junk"] as const;

/** Where a lead came from: the website's form, or entered by staff. */
export const leadSources = ["Website form", "Phone call", "Walk-in", "Event", "Referral", "WhatsApp"] as const;
export type LeadSource = (typeof leadSources)[number];

/** Sources a staff member picks when entering a lead by hand (the website's form makes its own). */
export const staffLeadSources = [
  "Phone call",
  "Walk-in",
  "Event",
  "Referral",
  "WhatsApp",
] as const satisfies readonly LeadSource[];

/** How new leads find their counsellor: round-robin among active counsellors, or an admin assigns them. */
export const leadAssignmentModes = ["round_robin", "manual"] as const;
export type LeadAssignmentMode = (typeof leadAssignmentModes)[number];
export const leadAssignmentModeLabels: Record<LeadAssignmentMode, string> = {
  round_robin: "Round-robin among active counsellors",
  manual: "Manual: new leads stay unassigned until an admin assigns them",
};

/** How a lead's first response stands against its target. */
export const firstResponseStates = ["pending", "overdue", "met", "missed"] as const;
export type FirstResponseState = (typeof firstResponseStates)[number];
export const firstResponseLabels: Record<FirstResponseState, string> = {
  pending: "Due",
  overdue: "Overdue",
  met: "Met",
  missed: "Missed",
};

/** Weekday names, Sunday first (as JavaScript counts them). */
export const weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** At most this many leads are assigned in one go. */
export const MAX_BULK_ASSIGN = 200;

/** Leads per page in the console's inbox. */
export const LEADS_PAGE_SIZE = 50;

export const leadMessages = {
  chooseStatus: "Choose a status from the list",
  lostNeedsReason: "Say why the lead was lost",
  chooseReason: "Choose a reason from the list",
  statusChanged: (status: string) => `Status changed to ${status}.`,
  noSuchLead: "No such lead.",
  chooseSource: "Choose a source from the list",
  chooseCounsellor: "Choose an active counsellor",
  chooseLeads: "Choose at least one lead",
  tooManyLeads: `Choose at most ${MAX_BULK_ASSIGN} leads at a time`,
  unassigned: "Unassigned",
  assigned: (count: number, name: string) => `${count} lead${count === 1 ? "" : "s"} assigned to ${name}.`,
  created: (name: string) => `Lead created for ${name}.`,
  validDate: "Enter a date as YYYY-MM-DD",
  dateOrder: "The first day must not be after the last",
  chooseDuplicate: "Choose the lead to merge into this one",
  notADuplicate: "Only leads sharing an e-mail or phone number can be merged",
  mergeItself: "A lead cannot be merged into itself",
  alreadyMerged: (id: number) => `This lead was merged into lead #${id}.`,
  merged: (id: number) => `Lead #${id} merged into this one.`,
  /** Linking a lead to an account: the same answer whether there is none or the member may not reach it (decision 0034). */
  noAccountToLink: "No student account with this lead's e-mail that you may link it to.",
  alreadyLinked: "This lead is already linked to a student account.",
  linked: "Lead linked to the student's account.",
} as const;

export const settingsMessages = {
  chooseMode: "Choose how new leads are assigned",
  targetHours: "Enter a whole number of working hours from 1 to 100",
  chooseDays: "Choose at least one working day",
  clock: "Enter a time as HH:MM (24-hour)",
  endAfterStart: "The working day must end after it starts",
  saved: "Settings saved.",
  maxActiveApplications: "Enter how many applications a student may have open, 1 to 50",
  homeVideo:
    "Enter a YouTube video address (youtube.com/watch?v=…, youtu.be/… or youtube-nocookie.com/embed/…), or leave it blank",
  socialLink: {
    instagram: "Enter your Instagram page's https:// address on instagram.com, or leave it blank",
    facebook: "Enter your Facebook page's https:// address on facebook.com, or leave it blank",
    youtube: "Enter your YouTube channel's https:// address on youtube.com, or leave it blank",
    linkedin: "Enter your LinkedIn page's https:// address on linkedin.com, or leave it blank",
    x: "Enter your X profile's https:// address on x.com, or leave it blank",
  },
} as const;

/** The networks' names as the footer and the settings screen show them. */
/** The networks the footer may link to, in the footer's order (decision 0053); an admin sets each address. */
export const socialNetworks = ["instagram", "facebook", "youtube", "linkedin", "x"] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

export const socialNetworkNames = {
  instagram: "Instagram",
  facebook: "Facebook",
  youtube: "YouTube",
  linkedin: "LinkedIn",
  x: "X",
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

/**
 * The mail that tells a counsellor a lead was given to them (decision 0042): the person's name
 * and what they asked for, and a link to the lead; never their phone or e-mail in the subject (a
 * notification or a shared screen shows it).
 */
export const assignmentMail = {
  subject: (leads: readonly { name: string; destination: string }[]) => {
    const [only] = leads;
    return leads.length === 1 && only
      ? `New lead for you: ${only.name} (${only.destination})`
      : `${leads.length} new leads for you`;
  },
  opening: (counsellor: string, by: string | null, count: number) =>
    `Dear ${counsellor},\n\n${by ? `${by} assigned` : "The website assigned"} ${count === 1 ? "a lead" : `${count} leads`} to you.`,
  closing:
    "Each stays on your Today, under New leads for you, until you open it or move it on. Reply to them in the way they chose.\n\nIgnite console",
} as const;

/**
 * A lead's history in words (decision 0035): one shape per kind of change, `{name}` a value.
 * modules/leads/history.ts picks the shape and its values from the audit entry; screens translate the
 * shape (app/locales) and write the values in.
 */
export const leadHistoryShapes = {
  booked: "Booked on the website",
  entered: "Entered by hand (source: {source})",
  status: "Status changed from {from} to {to}",
  lost: "Status changed from {from} to Lost: {reason}",
  converted: "Status changed from {from} to Converted: became student #{student}",
  assigned: "Assigned to {to}",
  reassigned: "Reassigned from {from} to {to}",
  assigneeMailed: "{to} told of it by e-mail",
  invited: "Invited to sign up (e-mail sent)",
  merged: "Lead #{lead} ({name}, {email}) merged into this one",
  erased: "Bookings erased ({count}): {reason}",
  other: "Changed ({action})",
} as const;
