import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import { accountMessages, EMAIL_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from "../vocabulary/accounts.ts";

/**
 * Field rules shared by every form that asks for them (sign-up, profile, consultation): a person's
 * name, an e-mail address, a phone number. One rule per field, so two screens never disagree.
 */

/** Blank strings and null read as "not given". */
export const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

const noControlCharacters = /^[^\p{Cc}]*$/u;
/** Free text may keep line breaks and tabs, nothing else invisible. */
const noControlExceptLineBreaks = /^(?:[^\p{Cc}]|[\r\n\t])*$/u;

export const tooLong = (max: number) => `At most ${max} characters`;

/**
 * The days the product reads (decision 0048): from 2000 to 2100. A deadline, a visa step, a task, a
 * session or a source's date outside them is a slip of the keyboard (year 0000 or 9999), which the
 * database and the date formatting refuse; it is refused here with the field's own message.
 */
export const FIRST_DAY = "2000-01-01";
export const LAST_DAY = "2100-12-31";
export const isDayInRange = (isoDay: string) => isoDay >= FIRST_DAY && isoDay <= LAST_DAY;
/** An instant on one of those days (UTC; the IST day of an instant near the ends differs by hours only). */
export const isInstantInRange = (at: Date) =>
  !Number.isNaN(at.getTime()) && isDayInRange(at.toISOString().slice(0, 10)) && at.toISOString().length === 24;

/** A real calendar day (YYYY-MM-DD) in the product's range, with the field's message for anything else. */
export const calendarDay = (message: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.iso.date(message).refine(isDayInRange, message));

/** A name as typed: required, at most `max` characters, no control characters. */
export const personName = (message: string, max = PERSON_NAME_MAX_LENGTH) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, tooLong(max))
    .regex(noControlCharacters, "Use letters, spaces and punctuation only");

/** One line of optional text (a qualification): blank is absent; no line breaks or other control characters. */
export const optionalLine = (max: number) =>
  z.preprocess(
    blankToUndefined,
    z.string().trim().max(max, tooLong(max)).regex(noControlCharacters, "Use letters, digits and punctuation only").optional(),
  );

/** Optional free text that may run over lines (an address): blank is absent. */
export const optionalText = (max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(max, tooLong(max))
      .regex(noControlExceptLineBreaks, "Use letters, digits and punctuation only")
      .optional(),
  );

/** An e-mail address, lower-cased; `missing` is what a blank one is told. */
export const emailAddress = (missing: string = accountMessages.validEmail) =>
  z
    .string({ error: missing })
    .trim()
    .toLowerCase()
    .min(1, missing)
    .max(EMAIL_MAX_LENGTH, accountMessages.validEmail)
    .pipe(z.email(accountMessages.validEmail));

/** A phone number libphonenumber accepts, stored as E.164; numbers without a country code are read as Indian. */
export const phoneNumber = z
  .string({ error: "Enter your phone number" })
  .trim()
  .min(1, "Enter your phone number")
  .max(30, "Enter a valid phone number")
  .transform((value, ctx) => {
    const parsed = parsePhoneNumberFromString(value, "IN");
    if (!parsed?.isValid()) {
      ctx.addIssue({ code: "custom", message: "Enter a valid phone number (Indian numbers may leave out +91)" });
      return z.NEVER;
    }
    return parsed.number;
  });

/** One of a fixed list; anything else is told `message`. */
export const oneOf = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z.enum(options, { error: message });

/** An ILIKE pattern that finds `text` anywhere, its own % and _ taken literally (the console's searches). */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A whole number between two bounds, with one message for every way it can be wrong. */
export const wholeNumber = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** A form's checkbox ("on") or a JSON boolean. */
export const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());
