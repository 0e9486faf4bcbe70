import { defaultWorkingHours } from "../../vocabulary/counselling.ts";
import { indianClock, indianDay, indianMidnight } from "../../vocabulary/india-time.ts";

/**
 * Free slots from working hours, exceptions and what is already held, in India Standard Time. IST is
 * UTC+05:30 all year (no daylight saving), so an IST calendar day is a fixed span of UTC milliseconds
 * that begins at 18:30 UTC of the day before: a day's hours are laid on that span, never on the UTC day.
 */
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Hours of one day, HH:MM in IST; `ends` may be 24:00. */
export interface DayHours {
  starts: string;
  ends: string;
}

/** A week's hours: weekday (0 Sunday .. 6 Saturday, as a string key) to that day's hours; a day absent is off. */
export type WeeklyHours = Record<string, DayHours>;

/** A day that differs: `hours` null is leave. */
export interface CalendarException {
  day: string;
  hours: DayHours | null;
}

/** Time already held (a session, an exception), in UTC milliseconds, `[from, to)`. */
export interface Held {
  from: number;
  to: number;
}

/** The week a staff member has until they set their own. */
export const defaultWeek = (): WeeklyHours =>
  Object.fromEntries(
    defaultWorkingHours.days.map((d) => [String(d), { starts: defaultWorkingHours.start, ends: defaultWorkingHours.end }]),
  );

export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The IST calendar day (YYYY-MM-DD) an instant falls on. */
export const istDayOf = indianDay;

/** The instant an IST calendar day begins (its midnight in India). */
export const istMidnight = indianMidnight;

/** The IST day `count` days after `day`. */
export const addDays = (day: string, count: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);

/** An IST day's weekday (0 Sunday .. 6 Saturday). */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The instant of HH:MM IST on an IST day. */
export const istInstant = (day: string, time: string) => istMidnight(day) + minutesOf(time) * MINUTE_MS;

/** HH:MM (IST) of an instant. */
export const istTimeOf = indianClock;

/** The working window of one IST day, in UTC milliseconds, or null on a day off or on leave. */
export function windowOfDay(day: string, week: WeeklyHours, exceptions: CalendarException[]): [number, number] | null {
  const exception = exceptions.find((e) => e.day === day);
  const hours = exception ? exception.hours : week[String(weekdayOf(day))];
  if (!hours) return null;
  const from = istInstant(day, hours.starts);
  const to = istInstant(day, hours.ends);
  return to > from ? [from, to] : null;
}

export interface SlotRules {
  /** The session's length in minutes. */
  minutes: number;
  /** Slots start on these steps from the start of the day's hours. */
  stepMinutes: number;
  /** The earliest a slot may start (now plus the notice asked for). */
  notBefore: number;
  /** Slots start before this (now plus the horizon). */
  before: number;
}

/** Whether `[from, to)` overlaps anything held. */
const clashes = (held: Held[], from: number, to: number) => held.some((h) => h.from < to && from < h.to);

/** The free start instants of one staff member, earliest first. */
export function freeSlots(week: WeeklyHours, exceptions: CalendarException[], held: Held[], rules: SlotRules): number[] {
  const slots: number[] = [];
  const length = rules.minutes * MINUTE_MS;
  const step = rules.stepMinutes * MINUTE_MS;
  for (let day = istDayOf(rules.notBefore); istMidnight(day) < rules.before; day = addDays(day, 1)) {
    const window = windowOfDay(day, week, exceptions);
    if (!window) continue;
    for (let at = window[0]; at + length <= window[1]; at += step) {
      if (at < rules.notBefore || at >= rules.before) continue;
      if (!clashes(held, at, at + length)) slots.push(at);
    }
  }
  return slots;
}

/**
 * Whether a session may start at `at`: on a step of a working window it fits in, inside the notice and
 * the horizon. (Whether the time is free is the database's to say, through its constraint.)
 */
export function isBookableStart(week: WeeklyHours, exceptions: CalendarException[], at: number, rules: SlotRules): boolean {
  if (at < rules.notBefore || at >= rules.before) return false;
  const window = windowOfDay(istDayOf(at), week, exceptions);
  if (!window) return false;
  const length = rules.minutes * MINUTE_MS;
  return at >= window[0] && at + length <= window[1] && (at - window[0]) % (rules.stepMinutes * MINUTE_MS) === 0;
}

/**
 * The spans of an IST day that an exception takes out of a staff member's time: the whole day for
 * leave; the time before and after the changed hours otherwise. Held in the database, they meet any
 * session booked there.
 */
export function exceptionHolds(day: string, hours: DayHours | null): Held[] {
  const from = istMidnight(day);
  const to = istMidnight(addDays(day, 1));
  if (!hours) return [{ from, to }];
  const starts = istInstant(day, hours.starts);
  const ends = istInstant(day, hours.ends);
  return [
    { from, to: starts },
    { from: ends, to },
  ].filter((h) => h.to > h.from);
}
