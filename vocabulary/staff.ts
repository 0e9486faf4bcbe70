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
/** An e-mailed staff invitation's link works this long, and once. */
export const STAFF_INVITATION_HOURS = 72;
/** The daily task digest goes out once the IST day has reached this hour (DIGEST_HOUR_IST overrides it). */
export const DEFAULT_DIGEST_HOUR_IST = 8;
/** A task's title, at most. */
export const TASK_TITLE_MAX_LENGTH = 200;

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
  invited: (email: string) => `Invitation e-mailed to ${email}.`,
  invitationResent: (email: string) => `A new invitation link was e-mailed to ${email}; the old one no longer works.`,
  invitationNotSent: "The account is there, but the invitation e-mail could not be sent. Try Resend in a moment.",
  invitationInvalid: "This invitation link has expired or was already used. Ask an admin for a new one.",
  notPending: "This person has already set a password; there is nothing to resend.",
  repeatPassword: "Enter the same password twice",
  invitationHeading: "Set your password",
  /** A staff member's own password and sessions, and an admin's hand on a member's (decision 0034). */
  enterCurrentPassword: "Enter your current password",
  wrongCurrentPassword: "Your current password is not right",
  samePassword: "Choose a password other than your current one",
  passwordChanged: "Password changed. Every other session of yours has ended.",
  signedOutEverywhere: "You have been signed out everywhere.",
  memberSignedOut: (email: string, sessions: number) =>
    `${email} has been signed out everywhere (${sessions} session${sessions === 1 ? "" : "s"} ended).`,
  roleChanged: (email: string, role: string) => `${email} is now ${role}.`,
  notYourRole: "You cannot change your own role.",
  noSuchMember: "No such staff account.",
  passwordChangedMailSubject: "Your Ignite staff password was changed",
} as const;

export const taskMessages = {
  enterTitle: "Say what needs doing",
  chooseDate: "Choose a due date",
  chooseAssignee: "Choose who will do it",
  assigneeNotAvailable: "Tasks go to an active admin or counsellor.",
  oneSubject: "A task is about a student or a lead, not both.",
  noSuchTask: "No such task.",
  noSuchSubject: "No such student or lead.",
  created: (title: string) => `Task added: ${title}.`,
  done: (title: string) => `Done: ${title}.`,
} as const;
