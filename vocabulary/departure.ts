import type { ApplicationStatus } from "./applications.ts";

/**
 * The departure checklist (decision 0083): after the visa is granted, what a student does before and
 * just after arriving, per destination, each step dated from the course's first day.
 */

export const departureKinds = ["accommodation", "flight", "money", "insurance", "medical", "luggage", "arrival"] as const;
export type DepartureKind = (typeof departureKinds)[number];
export const departureKindLabels: Record<DepartureKind, string> = {
  accommodation: "Accommodation",
  flight: "Flight",
  money: "Money abroad",
  insurance: "Insurance",
  medical: "Medical",
  luggage: "Hand luggage",
  arrival: "On arrival",
};

/** The stages at which the checklist shows and may be ticked: the visa granted, and after it. */
export const departureStages = ["Visa granted", "Enrolled"] as const satisfies readonly ApplicationStatus[];
export const departureOpen = (status: ApplicationStatus) => (departureStages as readonly string[]).includes(status);

export const departureMessages = {
  ticked: "Ticked.",
  unticked: "Tick removed.",
  notYet: "The departure checklist opens when your visa is granted.",
  noData: "We have no departure checklist for {country} yet. Your counsellor will help you plan your departure.",
  noSuchItem: "No such item on this checklist.",
  needsIntake: "The dates need the application's intake month and year; ask your counsellor to record it.",
  toConfirm: "To be confirmed with your university or counsellor",
} as const;
