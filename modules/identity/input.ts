import { z } from "zod";
import {
  accountMessages,
  CODE_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "../../vocabulary/accounts.ts";
import { contactChoiceFields } from "../consent.ts";
import { emailAddress, personName, phoneNumber } from "../fields.ts";

export const emailSchema = emailAddress(accountMessages.enterEmail);

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, accountMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, accountMessages.passwordTooLong);

const signupFields = {
  name1: personName(accountMessages.enterFullName),
  email: emailSchema,
  phone: phoneNumber,
  password: passwordSchema,
  ...contactChoiceFields,
};
/** The confirmation, when sent, must be filled in and equal the password. */
const confirmation = z.string().min(1, accountMessages.fillTheForm).max(PASSWORD_MAX_LENGTH);
const passwordsMatch = (v: { password: string; confirmPassword?: string }) =>
  v.confirmPassword === undefined || v.confirmPassword === v.password;
/** Compared even when another field is refused, so the person hears about both at once. */
const whenBothTyped = (payload: { value: unknown }) => {
  const value = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
  return (
    typeof value?.password === "string" && (value.confirmPassword === undefined || typeof value.confirmPassword === "string")
  );
};
const mismatch = { message: accountMessages.passwordsDoNotMatch, path: ["confirmPassword"], when: whenBothTyped };

/** Sign-up, in the spec's field names (name1 is the full name); API clients may leave out the confirmation. */
export const signupSchema = z
  .object({ ...signupFields, confirmPassword: confirmation.optional() })
  .refine(passwordsMatch, mismatch);

/** The sign-up screen asks for all five fields (spec section 5); its browser hints come from here. */
export const signupFormSchema = z.object({ ...signupFields, confirmPassword: confirmation }).refine(passwordsMatch, mismatch);

export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, accountMessages.pleaseFillTheForm).max(EMAIL_MAX_LENGTH),
  password: z.string().min(1, accountMessages.pleaseFillTheForm).max(PASSWORD_MAX_LENGTH),
  exp_days: z.coerce.number().int().min(1).max(30).default(30),
});

export const resetCodeRequestSchema = z.object({ email: emailSchema });

export const codeSchema = z.object({
  email: emailSchema,
  entered_otp: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), accountMessages.wrongCode),
});

export const newPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string().max(PASSWORD_MAX_LENGTH) })
  .refine((v) => v.password === v.confirmPassword, {
    message: accountMessages.resetPasswordsDoNotMatch,
    path: ["confirmPassword"],
    when: whenBothTyped,
  });
