import { type SQL, sql } from "drizzle-orm";
import { INDIA_OFFSET_MS } from "../vocabulary/india-time.ts";
import type { WorkingHours } from "./console-settings.ts";

/**
 * Working time in India Standard Time, for the first-response target: only the hours of working days
 * count. IST has no daylight saving, so a wall-clock day is a fixed UTC+05:30 day and plain arithmetic
 * on milliseconds holds. Holidays are not modelled.
 */
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The working window of the IST calendar day `day` (days since 1970-01-01), in UTC milliseconds, or null. */
function windowOf(day: number, hours: WorkingHours): [number, number] | null {
  // 1970-01-01 was a Thursday (4).
  const weekday = (((day + 4) % 7) + 7) % 7;
  if (!hours.days.includes(weekday)) return null;
  const midnight = day * DAY_MS - INDIA_OFFSET_MS;
  return [midnight + minutesOf(hours.start) * 60_000, midnight + minutesOf(hours.end) * 60_000];
}

const dayOf = (ms: number) => Math.floor((ms + INDIA_OFFSET_MS) / DAY_MS);

/** Working milliseconds in one whole week (the same for every week). */
function weekWorkingMs(hours: WorkingHours): number {
  const days = new Set(hours.days.filter((d) => d >= 0 && d <= 6)).size;
  return days * (minutesOf(hours.end) - minutesOf(hours.start)) * 60_000;
}

/**
 * A wall-clock span after which `amountMs` of working time has surely passed, whenever it started:
 * whole weeks, each holding the same working time.
 */
export function surelyElapsedAfterMs(amountMs: number, hours: WorkingHours): number {
  const week = weekWorkingMs(hours);
  if (week <= 0) throw new Error("working hours without any working time");
  return (Math.ceil(amountMs / week) + 1) * WEEK_MS;
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

/**
 * `addWorkingTime` in SQL, so the reports can time each lead's first response in the database exactly
 * as the inbox does (decision 0018). IST has no daylight saving, so the due time of an instant depends
 * only on where it falls in its IST week (Sunday 00:00 onwards), and piecewise simply: booked in a
 * stretch of working time, the due time slides with the booking (booking + a fixed delay); booked off
 * hours, it is one fixed point of the week. Those stretches are worked out here from addWorkingTime
 * itself (each checked at its ends), and the expression picks the stretch with a few comparisons.
 * It uses only timestamp arithmetic (date_bin, no time zone, no numeric): cheap enough per lead.
 * Instants are first truncated to whole milliseconds, as a JavaScript Date reads them.
 */
export function addWorkingTimeSql(from: SQL, amountMs: number, hours: WorkingHours): SQL {
  const week = weekWorkingMs(hours);
  if (week <= 0) throw new Error("working hours without any working time");
  if (!Number.isSafeInteger(amountMs) || amountMs <= 0) throw new Error("the amount of working time must be whole milliseconds");
  // Whole working weeks are whole calendar weeks; the rest, in (0, week], is placed by the stretches.
  const weeks = Math.ceil(amountMs / week) - 1;
  const stretches = dueStretches(amountMs - weeks * week, hours);
  const ms = (n: number) => sql.raw(`interval '${n + weeks * WEEK_MS} milliseconds'`);
  const weekStart = sql`date_bin(interval '7 days', ${from}, ${SQL_WEEK_ORIGIN})`;
  const booked = sql`date_bin(interval '1 millisecond', ${from}, ${SQL_WEEK_ORIGIN})`;
  const pick = (lo: number, hi: number): SQL => {
    if (hi - lo === 1) {
      const stretch = stretches[lo] as DueStretch;
      return stretch.slides ? sql`${booked} + ${ms(stretch.offset)}` : sql`${weekStart} + ${ms(stretch.offset)}`;
    }
    const mid = (lo + hi) >> 1;
    const at = sql.raw(`interval '${(stretches[mid] as DueStretch).from} milliseconds'`);
    return sql`case when ${booked} - ${weekStart} < ${at} then ${pick(lo, mid)} else ${pick(mid, hi)} end`;
  };
  return sql`(${pick(0, stretches.length)})`;
}

/** A Sunday 00:00 IST before any instant we time (1900-01-07): the weeks of date_bin start there. */
const SQL_WEEK_ORIGIN = sql.raw("timestamptz '1900-01-06 18:30:00+00'");
/** A Sunday 00:00 IST, for working out the stretches of one week in JavaScript. */
const SOME_WEEK_START = Date.UTC(2023, 0, 1) - INDIA_OFFSET_MS;

interface DueStretch {
  /** Where the stretch starts, in milliseconds from the week's start. */
  from: number;
  /** True: due = booking + offset; false: due = week's start + offset. */
  slides: boolean;
  offset: number;
}

/** The stretches of the week for an amount of at most one week's working time. */
function dueStretches(amountMs: number, hours: WorkingHours): DueStretch[] {
  const due = (phase: number) => addWorkingTime(new Date(SOME_WEEK_START + phase), amountMs, hours).getTime() - SOME_WEEK_START;
  // Where the form may change: working windows start or end, or the due time crosses the end of one.
  const edges = new Set<number>([0]);
  for (let day = 0; day < 21; day++) {
    const window = windowOf(dayOf(SOME_WEEK_START) + day, hours);
    if (!window) continue;
    for (const edge of window) {
      const phase = edge - SOME_WEEK_START;
      if (phase < WEEK_MS) edges.add(phase);
      const bookedBefore = subtractWorkingTime(new Date(edge), amountMs, hours).getTime() - SOME_WEEK_START;
      for (const at of [bookedBefore, bookedBefore + 1]) if (at >= 0 && at < WEEK_MS) edges.add(at);
    }
  }
  const starts = [...edges].sort((a, b) => a - b);
  const stretches: DueStretch[] = [];
  for (const [i, from] of starts.entries()) {
    const last = (starts[i + 1] ?? WEEK_MS) - 1;
    const first = due(from);
    const slides = last > from && due(from + 1) === first + 1;
    const stretch = { from, slides, offset: slides ? first - from : first };
    for (const phase of [from + 1, (from + last) >> 1, last]) {
      if (phase > last) continue;
      if (due(phase) !== (slides ? phase + stretch.offset : stretch.offset))
        throw new Error(`due times not piecewise at ${phase}`);
    }
    const previous = stretches.at(-1);
    if (previous && previous.slides === slides && previous.offset === stretch.offset) continue;
    stretches.push(stretch);
  }
  return stretches;
}
