/** Accounts: password rules, session and one-time-code timings, and the spec's words (sections 5 and 8). */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;
export const PERSON_NAME_MAX_LENGTH = 100;

/** A session lasts this long (DESIGN.md 6.6); login may ask for fewer days. */
export const SESSION_DAYS = 30;
/** A session not used for this long ends, whatever its lifetime left. */
export const SESSION_IDLE_DAYS = 14;

/** One-time codes (password reset today; e-mail checks and staff invites later). */
export const CODE_LENGTH = 6;
export const CODE_LIFETIME_MINUTES = 10;
export const CODE_RESEND_SECONDS = 30;
export const CODE_MAX_TRIES = 5;
/** A verified code gives a proof that must be used within this time. */
export const PROOF_LIFETIME_MINUTES = 15;

export const accountMessages = {
  fillTheForm: "Fill the form",
  pleaseFillTheForm: "Please Fill the form",
  passwordsDoNotMatch: "Passwords doesn't match",
  resetPasswordsDoNotMatch: "Passwords didn't match",
  enterEmail: "Please enter e-mail id",
  validEmail: "Enter a valid e-mail address",
  enterFullName: "Enter your full name",
  noAccount: "You do not have an account",
  wrongCode: "Wrong OTP. Please re-check the OTP",
  passwordUpdated: "Password has been updated",
  loginToContinue: "Login to continue",
  loginFailed: "Login failed, try again later.",
  signupFailed: "Some internal error occured. Please try again later",
  sendCodeFailed: "Some internal error, please try later",
  verifyCodeFailed: "Some internal error, please try again later",
  resetFailed: "Some internal error. Please try again later",
  loginRequired: "Please login or sign-up before continuing",
  devicesHeading: "Signed-in devices",
  devicesHint: `You stay signed in on a device for ${SESSION_DAYS} days, or until it is unused for ${SESSION_IDLE_DAYS} days.`,
  thisDevice: "This device",
  signOutOthers: "Sign out of all other devices",
  signedOutOthers: (count: number) =>
    count === 0 ? "No other device was signed in." : `Signed out of ${count} other device${count === 1 ? "" : "s"}.`,
  passwordChangedSubject: "Your Ignite password was changed",
  logoutQuestion: "Are you sure you want to logout?",
  loggedOut: "You have been logged out!",
  /** After a sign-up (decision 0051): replaces any warning the form showed before it succeeded. */
  welcome: (name: string) => `Welcome to Ignite, ${name}! Your account is ready.`,
  logoutFailed: "Could not sign you out. Please try again.",
  loggedIn: "Logged in.",
  accountReady: "Your account is ready.",
  invalidCredentials: "Invalid email or password",
  accountExists: "An account with this e-mail already exists. Please log in.",
  codeExpired: "This code has expired. Please ask for a new one.",
  tooManyTries: "Too many wrong tries. Please ask for a new code.",
  proofInvalid: "Your code check has expired. Please ask for a new code.",
  codeVerified: "Code verified. Choose a new password.",
  passwordTooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordRule: `Passwords need at least ${PASSWORD_MIN_LENGTH} characters.`,
  codeSent: (email: string) => `We have sent a ${CODE_LENGTH}-digit code to ${email}.`,
  codeHint: `It expires in ${CODE_LIFETIME_MINUTES} minutes.`,
  resendWait: (seconds: number) => `Please wait ${seconds} seconds before asking for a new code.`,
  resendIn: (seconds: number) => `You can ask for a new code in ${seconds} seconds.`,
  tooManyAttempts: (seconds: number) => `Too many attempts. Please wait ${seconds} seconds and try again.`,
} as const;
