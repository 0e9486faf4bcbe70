import type { WorkingHours } from "../console-settings.ts";

/**
 * Working time in India Standard Time, for the first-response target: only the hours of working days
 * count. IST has no daylight saving, so a wall-clock day is a fixed UTC+05:30 day and plain arithmetic
 * on milliseconds holds. Holidays are not modelled.
 */
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The working window of the IST calendar day `day` (days since 1970-01-01), in UTC milliseconds, or null. */
function windowOf(day: number, hours: WorkingHours): [number, number] | null {
  // 1970-01-01 was a Thursday (4).
  const weekday = (((day + 4) % 7) + 7) % 7;
  if (!hours.days.includes(weekday)) return null;
  const midnight = day * DAY_MS - IST_OFFSET_MS;
  return [midnight + minutesOf(hours.start) * 60_000, midnight + minutesOf(hours.end) * 60_000];
}

const dayOf = (ms: number) => Math.floor((ms + IST_OFFSET_MS) / DAY_MS);

/** Working milliseconds in one whole week (the same for every week). */
function weekWorkingMs(hours: WorkingHours): number {
  const days = new Set(hours.days.filter((d) => d >= 0 && d <= 6)).size;
  return days * (minutesOf(hours.end) - minutesOf(hours.start)) * 60_000;
}

/** Working milliseconds between two instants (0 when `to` is not after `from`). */
export function workingMillisBetween(from: Date, to: Date, hours: WorkingHours): number {
  let start = from.getTime();
  const end = to.getTime();
  if (end <= start) return 0;
  // Whole weeks at once, so a lead from years ago costs no more than one from this morning.
  const weeks = Math.floor((end - start) / WEEK_MS);
  let total = weeks * weekWorkingMs(hours);
  start += weeks * WEEK_MS;
  for (let day = dayOf(start); day <= dayOf(end); day++) {
    const window = windowOf(day, hours);
    if (window) total += Math.max(0, Math.min(end, window[1]) - Math.max(start, window[0]));
  }
  return total;
}

/** The instant at which `amountMs` of working time has passed since `from` (a first response's due time). */
export function addWorkingTime(from: Date, amountMs: number, hours: WorkingHours): Date {
  let left = amountMs;
  let at = from.getTime();
  if (weekWorkingMs(hours) <= 0) throw new Error("working hours without any working time");
  for (let day = dayOf(at); ; day++) {
    const window = windowOf(day, hours);
    if (!window) continue;
    const start = Math.max(at, window[0]);
    if (start >= window[1]) continue;
    if (start + left <= window[1]) return new Date(start + left);
    left -= window[1] - start;
    at = window[1];
  }
}

/**
 * The latest instant from which `amountMs` of working time has passed by `to`: a lead created at or
 * before it is past its due time at `to` (so the inbox can filter overdue leads in SQL).
 */
export function subtractWorkingTime(to: Date, amountMs: number, hours: WorkingHours): Date {
  let left = amountMs;
  let at = to.getTime();
  if (weekWorkingMs(hours) <= 0) throw new Error("working hours without any working time");
  for (let day = dayOf(at); ; day--) {
    const window = windowOf(day, hours);
    if (!window) continue;
    const end = Math.min(at, window[1]);
    if (end <= window[0]) continue;
    if (end - left >= window[0]) return new Date(end - left);
    left -= end - window[0];
    at = window[0];
  }
}
