import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../../vocabulary/accounts.ts";
import { STAFF_PASSWORD_MIN_LENGTH, staffMessages, staffRoles } from "../../vocabulary/staff.ts";
import { emailAddress, oneOf, personName } from "../fields.ts";

export const staffPasswordSchema = z
  .string()
  .min(STAFF_PASSWORD_MIN_LENGTH, staffMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);

export const staffLoginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, staffMessages.invalidCredentials).max(254),
  password: z.string().min(1, staffMessages.invalidCredentials).max(PASSWORD_MAX_LENGTH),
});

/** A new staff account, as an admin (or the command line) creates it. */
export const newStaffSchema = z.object({
  email: emailAddress(),
  fullName: personName(staffMessages.enterName),
  role: oneOf(staffRoles, staffMessages.chooseRole),
  password: staffPasswordSchema,
});

/** An invitation: the account without a password; the person sets one through the e-mailed link. */
export const staffInvitationSchema = newStaffSchema.omit({ password: true });

/** Accepting an invitation: the password, twice. */
export const invitationAcceptSchema = z
  .object({
    password: staffPasswordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.password === v.confirmPassword, { message: staffMessages.repeatPassword, path: ["confirmPassword"] });

/** A staff member's own password change: the current one, then the new one twice (decision 0034). */
export const staffPasswordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: staffMessages.enterCurrentPassword })
      .min(1, staffMessages.enterCurrentPassword)
      .max(PASSWORD_MAX_LENGTH),
    newPassword: staffPasswordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: staffMessages.repeatPassword, path: ["confirmPassword"] })
  .refine((v) => v.newPassword !== v.currentPassword, { message: staffMessages.samePassword, path: ["newPassword"] });

/** An admin's change of a member's role (audited). */
export const staffRoleSchema = z.object({ role: oneOf(staffRoles, staffMessages.chooseRole) });
