import { z } from "zod";
import { qualificationLevels } from "../../platform/db/schema.ts";
import { phoneNumberSchema } from "../consultations/input.ts";

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

const optionalText = (max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(max, `At most ${max} characters`)
      .regex(/^(?:[^\p{Cc}]|[\r\n\t])*$/u, "Use letters, digits and punctuation only")
      .optional(),
  );

const mark = (max: number, label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${label} must be a number from 0 to ${max}` })
      .min(0, `${label} must be a number from 0 to ${max}`)
      .max(max, `${label} must be a number from 0 to ${max}`)
      .transform((n) => Math.round(n * 100) / 100)
      .optional(),
  );

const today = () => new Date().toISOString().slice(0, 10);

/** One schema for a profile write (spec field names). Email and password are not part of it. */
export const profileSchema = z.object({
  name1: z.string({ error: "Enter your full name" }).trim().min(1, "Enter your full name").max(100, "At most 100 characters"),
  phone: phoneNumberSchema,
  gender: z.preprocess(
    blankToUndefined,
    z.enum(["Male", "Female", "Other"], { error: "Choose Male, Female or Other" }).optional(),
  ),
  dob: z.preprocess(
    blankToUndefined,
    z.iso
      .date("Enter the date of birth as a date")
      .refine((d) => d >= "1900-01-01" && d <= today(), "Enter a date of birth in the past")
      .optional(),
  ),
  passport_no: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{6,12}$/, "A passport number has 6 to 12 letters and digits")
      .optional(),
  ),
  address: optionalText(500),
  qualifications: z
    .array(
      z.object({
        qualification: z.enum(qualificationLevels, { error: "Unknown qualification" }),
        percentage: mark(100, "Percentage"),
        cgpa: mark(10, "CGPA"),
      }),
    )
    .max(qualificationLevels.length)
    .default([]),
});

export type ProfileInput = z.infer<typeof profileSchema>;
