import { z } from "zod";
import {
  consultationMessages,
  indianStates,
  leadMessages,
  leadSources,
  leadStatuses,
  lostReasons,
  MAX_BULK_ASSIGN,
  preferredSubjects,
  staffLeadSources,
  studyDestinations,
  typesOfStudy,
  yearsOfStudyFrom,
} from "../../vocabulary/consultations.ts";
import { contactChoiceFields } from "../consent.ts";
import { AppError } from "../errors.ts";
import { blankToUndefined, checkbox, emailAddress, oneOf, optionalLine, personName, phoneNumber } from "../fields.ts";

/**
 * One schema for a booking's fields: the booking API, the no-JavaScript form post, the console's
 * "New lead" form and the tests all use it (shared, so the staff module need not reach into consultations).
 */
export const consultationInputSchema = z.object({
  firstName: personName(consultationMessages.enterFirstName),
  lastName: personName(consultationMessages.enterLastName),
  phoneNumber,
  email: emailAddress("Enter your e-mail address"),
  studyDestination: oneOf(studyDestinations, consultationMessages.chooseDestination),
  typeOfStudy: oneOf(typesOfStudy, consultationMessages.chooseTypeOfStudy),
  preferredSubject: oneOf(preferredSubjects, consultationMessages.chooseSubject),
  // A year as four digits here; whether it is one of the years offered now is the clock's (checkYearOfStudy).
  yearOfStudy: z.preprocess(
    blankToUndefined,
    z
      .string({ error: consultationMessages.chooseYear })
      .trim()
      .regex(/^\d{4}$/, consultationMessages.chooseYear)
      .optional(),
  ),
  state: z.preprocess(blankToUndefined, oneOf(indianStates, consultationMessages.chooseState).optional()),
  qualification: optionalLine(100),
  ...contactChoiceFields,
});

export type ConsultationInput = z.infer<typeof consultationInputSchema>;

/** A lead entered by hand in the console: the booking's fields and where it came from. */
export const newLeadSchema = consultationInputSchema.extend({
  source: oneOf(staffLeadSources, leadMessages.chooseSource),
});

/** Refuses a year of study that is not offered at `now`: this year and the next three (decision 0035). */
export function checkYearOfStudy(input: { yearOfStudy?: string | undefined }, now: Date): void {
  if (input.yearOfStudy === undefined || yearsOfStudyFrom(now.getUTCFullYear()).includes(input.yearOfStudy)) return;
  throw new AppError("invalid_input", consultationMessages.checkFields, { yearOfStudy: consultationMessages.chooseYear });
}

/** The console's inputs on leads: the inbox's filters, a status, a link, an assignment, a merge. */

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, leadMessages.validDate)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00+05:30`)), leadMessages.validDate);

/** A checkbox of the address: on when present as 1, true or on. */
const flag = (v: unknown) => v === true || v === "1" || v === "true" || v === "on";

/** The inbox's filters, as they come from the address (all optional). */
export const leadFiltersSchema = z
  .object({
    status: z.preprocess((v) => v || undefined, oneOf(leadStatuses, leadMessages.chooseStatus).optional()),
    destination: z.preprocess((v) => v || undefined, oneOf(studyDestinations, "Choose a destination from the list").optional()),
    /** A counsellor's staff id, or "unassigned" (only those who see every lead have a use for it). */
    counsellor: z.preprocess(
      blankToUndefined,
      z
        .union([z.literal("unassigned"), z.coerce.number().int().min(1).max(2_147_483_647)], {
          error: leadMessages.chooseCounsellor,
        })
        .optional(),
    ),
    /** Booked on or after this IST calendar day (YYYY-MM-DD). */
    from: z.preprocess(blankToUndefined, isoDay.optional()),
    /** Booked on or before this IST calendar day (YYYY-MM-DD). */
    to: z.preprocess(blankToUndefined, isoDay.optional()),
    source: z.preprocess(blankToUndefined, oneOf(leadSources, leadMessages.chooseSource).optional()),
    /** Only leads still New past their first-response due time. */
    overdue: z.preprocess(flag, z.boolean()),
    /** Only open leads: neither Converted nor Lost (the staff home counts them, decision 0042). */
    open: z.preprocess(flag, z.boolean()),
    /** Only leads still waiting for their first response, due or overdue (the staff home counts them). */
    awaiting: z.preprocess(flag, z.boolean()),
    q: z.preprocess((v) => (typeof v === "string" ? v.trim() || undefined : v), z.string().max(100).optional()),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: leadMessages.dateOrder, path: ["to"] });
export type LeadFilters = z.infer<typeof leadFiltersSchema>;

export const statusChangeSchema = z
  .object({
    status: oneOf(leadStatuses, leadMessages.chooseStatus),
    lostReason: z.preprocess((v) => v || undefined, oneOf(lostReasons, leadMessages.chooseReason).optional()),
  })
  .refine((v) => v.status !== "Lost" || v.lostReason !== undefined, {
    message: leadMessages.lostNeedsReason,
    path: ["lostReason"],
  });

export const linkStudentSchema = z.object({
  /** Also let the lead's counsellor look after the student (admins only; the record says who did). */
  counsellor: checkbox.default(false),
});

const leadIdList = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(z.coerce.number({ error: leadMessages.chooseLeads }).int().min(1).max(2_147_483_647), {
      error: leadMessages.chooseLeads,
    })
    .min(1, leadMessages.chooseLeads)
    .max(MAX_BULK_ASSIGN, leadMessages.tooManyLeads),
);

/** Giving one or many leads to a counsellor. */
export const assignLeadsSchema = z.object({
  leadIds: leadIdList,
  staffId: z.coerce
    .number({ error: leadMessages.chooseCounsellor })
    .int(leadMessages.chooseCounsellor)
    .min(1, leadMessages.chooseCounsellor)
    .max(2_147_483_647, leadMessages.chooseCounsellor),
});

export const mergeLeadSchema = z.object({
  duplicateId: z.coerce
    .number({ error: leadMessages.chooseDuplicate })
    .int(leadMessages.chooseDuplicate)
    .min(1, leadMessages.chooseDuplicate)
    .max(2_147_483_647, leadMessages.chooseDuplicate),
});
