import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import { indianStates, preferredSubjects, studyDestinations, typesOfStudy, yearsOfStudy } from "./options.ts";

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `At most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, "Use letters, spaces and punctuation only");

const oneOf = <T extends readonly [string, ...string[]]>(options: T, message: string) => z.enum(options, { error: message });

/** A phone number libphonenumber accepts; numbers without a country code are read as Indian. */
export const phoneNumberSchema = z
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

/** One schema for the booking: the API, the no-JavaScript form post and the tests all use it. */
export const consultationInputSchema = z.object({
  firstName: requiredText("Enter your first name", 100),
  lastName: requiredText("Enter your last name", 100),
  phoneNumber: phoneNumberSchema,
  email: z
    .string({ error: "Enter your e-mail address" })
    .trim()
    .toLowerCase()
    .max(254, "Enter a valid e-mail address")
    .pipe(z.email("Enter a valid e-mail address")),
  studyDestination: oneOf(studyDestinations, "Choose a study destination from the list"),
  typeOfStudy: oneOf(typesOfStudy, "Choose a type of study from the list"),
  preferredSubject: oneOf(preferredSubjects, "Choose a preferred subject from the list"),
  yearOfStudy: z.preprocess(blankToUndefined, oneOf(yearsOfStudy, "Choose a year of study from the list").optional()),
  state: z.preprocess(blankToUndefined, oneOf(indianStates, "Choose a state from the list").optional()),
  qualification: z.preprocess(blankToUndefined, z.string().trim().max(100, "At most 100 characters").optional()),
});

export type ConsultationInput = z.infer<typeof consultationInputSchema>;
