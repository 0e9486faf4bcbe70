import { type ApplicationStatus, unsubmittedStages } from "./applications.ts";

/**
 * Offers and the funding plan (decisions 0078-0081): the words the server answers with and the screens show.
 * Every user-visible string here is translated through app/locales (en.json, hi.json).
 */

export const offerKindLabels = { conditional: "Conditional", unconditional: "Unconditional" } as const;
export const offerStateLabels = {
  open: "Waiting for your reply",
  accepted: "Accepted (your firm choice)",
  held: "Held as your backup",
  declined: "Declined",
} as const;
export const conditionStateLabels = { met: "Met", pending: "Pending" } as const;

/** Destinations whose universities let a student hold a second offer as a backup (decision 0080). */
export const backupAllowedIn: readonly string[] = ["United Kingdom"];

export const offerMessages = {
  recorded: "The offer is recorded.",
  noSuchOffer: "Offer not found",
  noOfferStage: "An offer is recorded once the application has been submitted to the university.",
  replyBy: "Enter the date by which the student must reply",
  condition: "Describe the condition in up to 300 characters",
  amount: "Enter the amount in figures, for example 25,00,000, 2,500,000 or 25 lakh",
  currency: "Enter a three-letter currency code",
  years: "Enter for how many years it is awarded, 1 to 8",
  accepted: "You accepted this offer. Your counsellor has been told.",
  held: "You are holding this offer as your backup. Your counsellor has been told.",
  declined: "You declined this offer. Your counsellor has been told.",
  reopened: "The student may reply to this offer again.",
  alreadyAccepted: "You have already accepted an offer. Ask your counsellor to change your firm choice.",
  alreadyHolding: "You already hold an offer as your backup.",
  declinedNeedsCounsellor: "You declined this offer. Only your counsellor can reopen it.",
  alreadyReplied: "You have already replied to this offer.",
  applicationWithdrawn:
    "This application was withdrawn, so the offer cannot be accepted. Ask your counsellor to move the application back first.",
  replyClosed: (day: string) => `The reply date for this offer was ${day}. Ask your counsellor to reopen it.`,
  backupNotAllowed: (country: string) => `Universities in ${country} do not hold an offer as a backup: accept it or decline it.`,
  reasonNeeded: "Say why you are declining, in up to 500 characters",
  chooseReply: "Choose accept, hold as backup or decline",
  noRate: (currency: string) => `No exchange rate for ${currency}: the rupee figure is not shown.`,
  noSuchApplication: "Application not found",
  letterTooEarly: "Upload the offer letter once your application has been submitted to the university.",
  letterAlreadyRecorded: "Your counsellor has already recorded this offer.",
  letterUploaded: "Your offer letter is uploaded. Your counsellor will confirm the offer from it.",
  awaitingHeading: "Waiting for your counsellor to confirm",
  awaitingHint:
    "Offers you uploaded the letter for. Once your counsellor confirms one, it is compared here and you can reply to it.",
} as const;

/**
 * An offer's dates as the Deadlines view, the calendar feed and the reminders name them (decision 0090),
 * in English and Hindi; a condition's own words stay as the counsellor wrote them.
 */
export const offerDateTitles = {
  reply: { en: "Reply to the offer", hi: "ऑफ़र का जवाब दें" },
  deposit: { en: "Pay the offer's deposit", hi: "ऑफ़र का डिपॉज़िट जमा करें" },
  condition: (text: string) => ({ en: `Meet the offer's condition: ${text}`, hi: `ऑफ़र की शर्त पूरी करें: ${text}` }),
} as const;

/**
 * The stages in which an offer's deposit is still to pay: from the submission to the acceptance. From
 * "Deposit paid" on (or withdrawn, deferred) its date drops out of Deadlines and its reminders.
 */
export const depositOpenStages = [
  "Submitted",
  "More information requested",
  "Conditional offer",
  "Unconditional offer",
  "Offer accepted",
] as const;

/**
 * Whether an application may carry an offer, and so an offer's dates (decision 0103). An offer is recorded
 * only once the application is submitted, and the one move into "Submitted" records its day (decision
 * 0058), which no later move clears; so an application before submission without that day has none. One
 * withdrawn or deferred after an offer and started again keeps its day, and with it its offer's dates.
 */
export const mayHoldOffer = (application: { status: ApplicationStatus; submittedOn: string | null }) =>
  application.submittedOn !== null || !(unsubmittedStages as readonly ApplicationStatus[]).includes(application.status);

export const fundingMessages = {
  saved: "Your funding plan is saved.",
  readBack: "Check the amounts as we read them, then save.",
  needOne: "Add at least one source of money",
  amount: "Enter the amount in figures, for example 25,00,000, 2,500,000, 25 lakh or 25 लाख",
  currency: "Enter a three-letter currency code",
  noRate: (currency: string, currencies: string) =>
    `We have no exchange rate for ${currency}: enter the amount in one of these currencies: ${currencies}.`,
  proof: "Name the document in up to 200 characters",
  stale: "Your funding plan changed in another tab: here it is as saved; make your change again.",
} as const;

/**
 * The travel line of an offer's cost (decision 0081): the portal's rough estimate of one economy flight
 * from India to the destination, in rupees. No official publisher prices fares, so it is never shown as
 * fact: the screens label it an estimate with this basis, and a student replaces it with a real quote.
 */
export const travelEstimateRupees: Record<string, number> = {
  "United Kingdom": 60_000,
  Ireland: 60_000,
  France: 55_000,
  Germany: 55_000,
  Italy: 55_000,
  Netherlands: 55_000,
  "United States": 90_000,
  Canada: 100_000,
  Australia: 80_000,
  "New Zealand": 95_000,
};
export const TRAVEL_ESTIMATE_OTHER = 80_000;
/** The day these estimates were set: fares move, so the screens show it with them, as the other figures' dates. */
export const TRAVEL_ESTIMATE_AS_OF = "2026-11-28";
export const travelBasis = "The portal's rough estimate of one economy flight from India; not a fare quote";
