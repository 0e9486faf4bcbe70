import { weekdayNames } from "./consultations.ts";

/** The reports dashboard (decision 0018): its steps, groupings and messages. */

/** The funnel's steps, in order; each counts the leads that also passed every step before it. */
export const funnelSteps = ["booked", "contacted", "converted", "applied", "offered", "visaGranted", "enrolled"] as const;
export type FunnelStep = (typeof funnelSteps)[number];

export const funnelStepLabels: Record<FunnelStep, string> = {
  booked: "Leads booked",
  contacted: "Contacted",
  converted: "Converted",
  applied: "With an application",
  offered: "With an offer",
  visaGranted: "Visa granted",
  enrolled: "Enrolled",
};

/** How the funnel is broken down. */
export const funnelGroupings = ["month", "intake", "destination", "source", "counsellor"] as const;
export type FunnelGrouping = (typeof funnelGroupings)[number];

export const funnelGroupingLabels: Record<FunnelGrouping, string> = {
  month: "Booking month",
  intake: "Intake (the earliest applied for)",
  destination: "Destination",
  source: "Source",
  counsellor: "Counsellor",
};

/** The stages that mean an offer was made: either offer, and every stage that can only follow one. */
/** The intake grouping's label for leads that have no application yet. */
export const NO_INTAKE_YET = "No application yet";

export const offerStages = [
  "Conditional offer",
  "Unconditional offer",
  "Offer accepted",
  "Deposit paid",
  "Confirmation issued",
  "Visa applied",
  "Visa granted",
  "Visa refused",
  "Enrolled",
] as const;

/** Working weekdays in words, for the first-response note: "Monday to Saturday", "Sunday and Wednesday", "every day". */
export function workingDaysInWords(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((d) => d >= 0 && d <= 6).sort((a, b) => a - b);
  if (sorted.length === 7) return "every day";
  const names = sorted.map((d) => weekdayNames[d] as string);
  const first = sorted[0] ?? 0;
  if (sorted.length >= 3 && sorted.every((d, i) => d === first + i)) return `${names[0]} to ${names.at(-1)}`;
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
}

/** The longest range a report covers (the figures stay quick to compute). */
export const REPORT_MAX_DAYS = 5 * 366;

export const reportMessages = {
  day: "Enter a date as YYYY-MM-DD",
  fromBeforeTo: "The start date must be on or before the end date",
  tooLong: "Choose a range of at most five years",
  unassigned: "Unassigned",
  firstResponseNote: (hours: number, workingDays: string, from: string, to: string) =>
    `Counted as the lead inbox counts them: a first contact more than ${hours} working hours after the booking, or a lead still New ` +
    `that long after it. Working hours: ${workingDays}, ${from} to ${to} IST (the console's settings).`,
} as const;
