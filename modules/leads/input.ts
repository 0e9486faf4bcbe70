import { z } from "zod";
import {
  consultationMessages,
  indianStates,
  leadMessages,
  preferredSubjects,
  staffLeadSources,
  studyDestinations,
  typesOfStudy,
  yearsOfStudy,
} from "../../vocabulary/consultations.ts";
import { contactChoiceFields } from "../consent.ts";
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
  yearOfStudy: z.preprocess(blankToUndefined, oneOf(yearsOfStudy, consultationMessages.chooseYear).optional()),
  state: z.preprocess(blankToUndefined, oneOf(indianStates, consultationMessages.chooseState).optional()),
  qualification: optionalLine(100),
  ...contactChoiceFields,
});

export type ConsultationInput = z.infer<typeof consultationInputSchema>;

/** A lead entered by hand in the console: the booking's fields and where it came from. */
export const newLeadSchema = consultationInputSchema.extend({
  source: oneOf(staffLeadSources, leadMessages.chooseSource),
});
