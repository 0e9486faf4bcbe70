import { z } from "zod";
import { accountMessages } from "../../vocabulary/accounts.ts";
import {
  admissionsTestScales,
  eligibilityMessages,
  englishScoreRule,
  englishTestScales,
  englishTests,
  onScale,
} from "../../vocabulary/eligibility.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import {
  ADDRESS_MAX_LENGTH,
  CGPA_MAX,
  genders,
  PERCENTAGE_MAX,
  qualificationLevels,
  studentMessages,
} from "../../vocabulary/students.ts";
import { blankToUndefined, oneOf, optionalText, personName, phoneNumber } from "../fields.ts";

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

/** An admissions test's total: blank is "not taken"; otherwise on the test's scale, or the scale's own message. */
const admissionsScore = (scale: { min: number; max: number; step: number }, message: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: message })
      .refine((n) => onScale(n, scale), message)
      .optional(),
  );

/** India's day now (decision 0109): a date of birth may be no later; the UTC day is yesterday until 05:30 IST. */
const today = () => indianDay(Date.now());

/** One schema for a profile write (spec field names). Email and password are not part of it. */
export const profileSchema = z
  .object({
    name1: personName(accountMessages.enterFullName),
    phone: phoneNumber,
    gender: z.preprocess(blankToUndefined, oneOf(genders, studentMessages.chooseGender).optional()),
    dob: z.preprocess(
      blankToUndefined,
      z.iso
        .date(studentMessages.dateOfBirthDate)
        .refine((d) => d >= "1900-01-01" && d <= today(), studentMessages.dateOfBirthPast)
        .optional(),
    ),
    passport_no: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9]{6,12}$/, studentMessages.passportRule)
        .toUpperCase()
        .optional(),
    ),
    address: optionalText(ADDRESS_MAX_LENGTH),
    qualifications: z
      .array(
        z.object({
          qualification: oneOf(qualificationLevels, studentMessages.unknownQualification),
          percentage: mark(PERCENTAGE_MAX, "Percentage"),
          cgpa: mark(CGPA_MAX, "CGPA"),
        }),
      )
      .max(qualificationLevels.length)
      .default([]),
    /** The English test taken and its overall score (decision 0027): both or neither. */
    english_test: z.preprocess(blankToUndefined, oneOf(englishTests, eligibilityMessages.chooseTest).optional()),
    english_score: z.preprocess(
      blankToUndefined,
      z.coerce.number({ error: "English test score must be a number" }).min(0, "English test score must be a number").optional(),
    ),
    /** The GRE General Test's total and the GMAT Focus Edition's (decision 0041), each optional. */
    gre_score: admissionsScore(admissionsTestScales.GRE, eligibilityMessages.greScore),
    gmat_score: admissionsScore(admissionsTestScales.GMAT, eligibilityMessages.gmatScore),
  })
  .superRefine((input, ctx) => {
    const { english_test: test, english_score: score } = input;
    if (test === undefined && score !== undefined)
      ctx.addIssue({ code: "custom", path: ["english_test"], message: eligibilityMessages.scoreWithoutTest });
    if (test !== undefined && score === undefined)
      ctx.addIssue({ code: "custom", path: ["english_score"], message: eligibilityMessages.testWithoutScore });
    if (test !== undefined && score !== undefined) {
      if (!onScale(score, englishTestScales[test]))
        ctx.addIssue({ code: "custom", path: ["english_score"], message: englishScoreRule(test) });
    }
  });

export type ProfileInput = z.infer<typeof profileSchema>;
