import { z } from "zod";
import {
  MEETING_LINK_MAX_LENGTH,
  SESSION_NOTE_MAX_LENGTH,
  sessionKindKeys,
  sessionMessages,
  sessionOutcomes,
} from "../../vocabulary/counselling.ts";
import { blankToUndefined, calendarDay, isInstantInRange, oneOf, tooLong } from "../fields.ts";
import { calendarMeetingLink } from "./meeting-link.ts";

/** A kind of session, from a form or JSON. */
export const sessionKindField = oneOf(sessionKindKeys as [string, ...string[]], sessionMessages.chooseKind);

/** A slot as a form sends it: the start instant in ISO form (the slot lists' option values). */
export const slotField = z
  .string({ error: sessionMessages.chooseSlot })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{3})?)?Z$/, sessionMessages.chooseSlot)
  .transform((v) => new Date(v))
  // A time outside the product's days (year 9999 or 0000) is no slot (decision 0048).
  .refine(isInstantInRange, sessionMessages.chooseSlot)
  .refine((d) => !Number.isNaN(d.getTime()), sessionMessages.chooseSlot);

/** A student's booking: which kind, when. */
export const bookSessionSchema = z.object({ kind: sessionKindField, slot: slotField });

/** A move: the new time. */
export const moveSessionSchema = z.object({ slot: slotField });

/** The optional slot of the free consultation form: blank is none (the form and its answer stay as they were). */
export const consultationSlotSchema = z.object({ slot: z.preprocess(blankToUndefined, slotField.optional()) });

const time = z
  .string({ error: sessionMessages.enterTimes })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, sessionMessages.enterTimes);

/** A calendar day as a date input sends it. */
const day = calendarDay(sessionMessages.chooseDay);

/** One weekday's row of the hours form: working or not, and its times. */
const weekdayRow = z
  .object({
    works: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()),
    starts: z.preprocess(blankToUndefined, time.optional()),
    ends: z.preprocess(blankToUndefined, time.optional()),
  })
  .refine((r) => !r.works || (r.starts !== undefined && r.ends !== undefined && r.ends > r.starts), {
    message: sessionMessages.enterTimes,
    path: ["ends"],
  });

/** The weekly hours form: seven rows, Sunday first. */
export const weeklyHoursSchema = z.object({ days: z.array(weekdayRow).length(7) });

/** An exception: a day of leave, or a day's changed hours. */
export const exceptionSchema = z
  .object({
    day,
    kind: z.enum(["leave", "hours"], { error: "Choose leave or changed hours" }),
    starts: z.preprocess(blankToUndefined, time.optional()),
    ends: z.preprocess(blankToUndefined, time.optional()),
    note: z.preprocess(blankToUndefined, z.string().trim().max(200, tooLong(200)).optional()),
  })
  .refine((e) => e.kind === "leave" || (e.starts !== undefined && e.ends !== undefined && e.ends > e.starts), {
    message: sessionMessages.enterTimes,
    path: ["ends"],
  });

/**
 * A meeting link: blank clears it; else an https address the invitation can carry, saved in the form it
 * will carry it (`calendarMeetingLink`, decision 0048).
 */
export const meetingLinkSchema = z.object({
  meetingLink: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(MEETING_LINK_MAX_LENGTH, tooLong(MEETING_LINK_MAX_LENGTH))
      .refine((v) => calendarMeetingLink(v) !== undefined, sessionMessages.meetingLink)
      .transform((v) => calendarMeetingLink(v) ?? v)
      .optional(),
  ),
});

/** After a session: attended or no-show, and what was done. */
export const outcomeSchema = z.object({
  outcome: oneOf(sessionOutcomes, sessionMessages.chooseOutcome),
  note: z
    .string({ error: sessionMessages.enterNote })
    .trim()
    .min(1, sessionMessages.enterNote)
    .max(SESSION_NOTE_MAX_LENGTH, tooLong(SESSION_NOTE_MAX_LENGTH)),
});

/** The console's calendar view: a day or a week from a day, one member's or (admins) everyone's. */
export const calendarViewSchema = z.object({
  view: z.preprocess(blankToUndefined, z.enum(["day", "week"]).default("week")),
  day: z.preprocess(blankToUndefined, day.optional()),
  staffId: z.preprocess(
    blankToUndefined,
    z.union([z.literal("all"), z.coerce.number().int().min(1).max(2_147_483_647)]).optional(),
  ),
});
