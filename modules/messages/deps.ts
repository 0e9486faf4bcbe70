import type { StaffDeps } from "../deps.ts";

/** What the conversation needs, on the student's side and on the console's: the console's own dependencies suffice. */
export type MessageDeps = Pick<StaffDeps, "db" | "limiter" | "log" | "mailer" | "jobs" | "siteAddress" | "now">;
