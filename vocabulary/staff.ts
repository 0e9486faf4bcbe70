/** Staff: their roles, sessions and the words of the staff screens (the console, DESIGN.md section 2). */

export const staffRoles = ["admin", "counsellor", "document_verifier", "read_only"] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffRoleLabels: Record<StaffRole, string> = {
  admin: "Admin",
  counsellor: "Counsellor",
  document_verifier: "Document verifier",
  read_only: "Read-only",
};

/** A staff session lasts a working day and a half; staff sign in again each day. */
export const STAFF_SESSION_HOURS = 36;
/** A staff password: longer than a student's, since a staff account reaches many students' records. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

export const staffMessages = {
  loginHeading: "Staff sign-in",
  invalidCredentials: "Invalid email or password",
  disabled: "This staff account is disabled. Ask an admin.",
  signedOut: "You have been signed out.",
  passwordRule: `Staff passwords need at least ${STAFF_PASSWORD_MIN_LENGTH} characters.`,
  passwordTooShort: `Use at least ${STAFF_PASSWORD_MIN_LENGTH} characters`,
  chooseRole: "Choose a role from the list",
  enterName: "Enter the person's full name",
  exists: "A staff account with this e-mail already exists.",
  created: (email: string) => `Staff account created for ${email}.`,
  disabledDone: (email: string) => `${email} can no longer sign in.`,
  enabledDone: (email: string) => `${email} can sign in again.`,
  notYourself: "You cannot disable your own account.",
  lastAdmin: "At least one admin must stay able to sign in.",
} as const;
