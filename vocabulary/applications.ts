/** Application statuses (DESIGN.md 6.12), in the order an application usually moves, with their badge tone. */
export const applicationStatusTones = {
  Shortlisted: "primary",
  "Documents pending": "primary",
  Applied: "primary",
  "Offer received": "success",
  "Visa applied": "primary",
  "Visa approved": "success",
  Enrolled: "success",
  Rejected: "danger",
  Withdrawn: "secondary",
} as const;

export type ApplicationStatus = keyof typeof applicationStatusTones;
export type StatusTone = (typeof applicationStatusTones)[ApplicationStatus];

export const applicationStatuses = Object.keys(applicationStatusTones) as [ApplicationStatus, ...ApplicationStatus[]];
