import { z } from "zod";
import { phoneNumberSchema } from "../consultations/input.ts";
import { messages } from "./messages.ts";

export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 200;

export const emailSchema = z
  .string({ error: messages.enterEmail })
  .trim()
  .toLowerCase()
  .min(1, messages.enterEmail)
  .max(254, "Enter a valid e-mail address")
  .pipe(z.email("Enter a valid e-mail address"));

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD, `Use at least ${MIN_PASSWORD} characters`)
  .max(MAX_PASSWORD, `Use at most ${MAX_PASSWORD} characters`);

/** Sign-up, in the spec's field names (name1 is the full name). */
export const signupSchema = z
  .object({
    name1: z
      .string()
      .trim()
      .min(1, "Enter your full name")
      .max(100, "At most 100 characters")
      .regex(/^[^\p{Cc}]*$/u, "Use letters, spaces and punctuation only"),
    email: emailSchema,
    phone: phoneNumberSchema,
    password: passwordSchema,
    confirmPassword: z.string().max(MAX_PASSWORD).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: messages.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });

export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, messages.pleaseFillTheForm).max(254),
  password: z.string().min(1, messages.pleaseFillTheForm).max(MAX_PASSWORD),
  exp_days: z.coerce.number().int().min(1).max(30).default(30),
});

export const codeSchema = z.object({
  email: emailSchema,
  entered_otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, messages.wrongCode),
});

export const newPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string().max(MAX_PASSWORD) })
  .refine((v) => v.password === v.confirmPassword, { message: messages.resetPasswordsDoNotMatch, path: ["confirmPassword"] });
