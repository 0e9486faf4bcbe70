import { z } from "zod";
import {
  consultationMessages,
  indianStates,
  leadMessages,
  preferredSubjects,
  staffLeadSources,
  studyDestinations,
  typesOfStudy,
  yearsOfStudyFrom,
} from "../../vocabulary/consultations.ts";
import { contactChoiceFields } from "../consent.ts";
import { AppError } from "../errors.ts";
import { blankToUndefined, emailAddress, oneOf, optionalLine, personName, phoneNumber } from "../fields.ts";

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
