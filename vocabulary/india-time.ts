/**
 * India's clock, in one place (decision 0052): students and staff read days, hours and deadlines in IST,
 * which is UTC+05:30 all year (India keeps no summer time). Every day the product names (a task's due
 * day, a session's day, a deadline) is the Indian calendar day, whatever the server's own time zone.
 */
export const INDIA_OFFSET_MS = 330 * 60_000;

const shifted = (at: Date | number) => new Date(new Date(at).getTime() + INDIA_OFFSET_MS);

/** The Indian calendar day of a moment, as YYYY-MM-DD. */
export const indianDay = (at: Date | number) => shifted(at).toISOString().slice(0, 10);

/** Whole calendar days from one day to another (YYYY-MM-DD each): negative when `to` comes first. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** How many Indian days before `now` a day (YYYY-MM-DD) was: 0 for today, and for a day not yet come. */
export const daysAgo = (day: string, now: Date | number) => Math.max(0, daysBetween(day, indianDay(now)));

/** The moment (milliseconds since the epoch) an Indian calendar day (YYYY-MM-DD) begins. */
export const indianMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`) - INDIA_OFFSET_MS;

/** The time of day in India, as HH:MM. */
export const indianClock = (at: Date | number) => shifted(at).toISOString().slice(11, 16);

/** The hour of the day in India, 0 to 23. */
export const indianHour = (at: Date | number) => shifted(at).getUTCHours();

/** The year in India. */
export const indianYear = (at: Date | number) => shifted(at).getUTCFullYear();

/** A moment as if India's wall clock were UTC: read its UTC fields for the Indian date and time. */
export const indianWallClock = shifted;
