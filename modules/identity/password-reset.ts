import { accountMessages, CODE_LIFETIME_MINUTES } from "../../vocabulary/accounts.ts";
import { nowOf } from "../deps.ts";
import { AppError } from "../errors.ts";
import { mailLink } from "../mail-link.ts";
import { hashPassword } from "../passwords.ts";
import { setStudentPassword } from "../students/students.ts";
import { parseInput } from "../validation.ts";
import { accountLimits, findStudentByEmail, type IdentityDeps, limit } from "./accounts.ts";
import { codeSchema, newPasswordSchema, resetCodeRequestSchema } from "./input.ts";
import { codes } from "./one-time-codes.ts";
import { endAllSessions } from "./sessions.ts";

/** The reset mail: the code is in the body only, never in the subject (subjects are logged and previewed). */
function resetMail(product: string, fullName: string, code: string) {
  return {
    subject: `Your ${product} password reset code`,
    text: [
      `Hello ${fullName},`,
      "",
      `Your ${product} password reset code is: ${code}`,
      "",
      `It expires in ${CODE_LIFETIME_MINUTES} minutes and works once. If you did not ask for it, you can ignore this e-mail: your password stays as it is.`,
      "",
      `${product} - Your academic Journey`,
    ].join("\n"),
  };
}

function passwordChangedMail(product: string, fullName: string, siteAddress: string) {
  return {
    subject: accountMessages.passwordChangedSubject,
    text: [
      `Hello ${fullName},`,
      "",
      `The password of your ${product} account was just changed, and every device signed in to it was signed out.`,
      "",
      `If this was you, there is nothing more to do. If it was not, reset your password now at ${mailLink(siteAddress, "/forgotpassword")} and write to us: someone may know your e-mail's password too.`,
      "",
      `${product} - Your academic Journey`,
    ].join("\n"),
  };
}

/**
 * Step 1: a code by e-mail, at most one per resend wait. When the mail cannot be sent the code is
 * taken back and the student is told to try later, so they may ask again as soon as mail works.
 */
export async function sendResetCode(
  deps: IdentityDeps,
  raw: unknown,
  clientIp: string,
): Promise<{ message: string; email: string }> {
  const { email } = parseInput(
    resetCodeRequestSchema,
    { email: (raw as { email?: unknown } | null)?.email },
    accountMessages.enterEmail,
  );
  await limit(deps, accountLimits.codeSendPerIp, clientIp);
  const student = await findStudentByEmail(deps.db, email);
  if (!student) throw new AppError("not_found", accountMessages.noAccount, { email: accountMessages.noAccount });
  const now = nowOf(deps);
  // A request during the wait is refused before it counts against the hourly limit.
  await codes.checkResendWait(deps.db, student.id, "password_reset", now);
  await limit(deps, accountLimits.codeSendPerAccount, email);
  const issued = await codes.issue(deps.db, student.id, "password_reset", now);
  try {
    await deps.mailer.send({ to: email, ...resetMail(deps.productName ?? "Ignite", student.fullName, issued.code) });
  } catch (error) {
    await codes.withdraw(deps.db, issued.id);
    deps.log.warn({ err: error, studentId: student.id }, "password reset mail not sent; the code was withdrawn");
    throw new AppError("unavailable", accountMessages.sendCodeFailed);
  }
  return { message: accountMessages.codeSent(email), email };
}

/** Step 2: the code; a right one gives a one-time proof for step 3. */
export async function verifyResetCode(
  deps: IdentityDeps,
  raw: unknown,
  clientIp: string,
): Promise<{ proof: string; message: string }> {
  const input = parseInput(codeSchema, raw, accountMessages.wrongCode);
  await limit(deps, accountLimits.codeVerifyPerIp, clientIp);
  const student = await findStudentByEmail(deps.db, input.email);
  const proof = await codes.verify(deps.db, student?.id, "password_reset", input.entered_otp, nowOf(deps));
  return { proof, message: accountMessages.codeVerified };
}

/** Step 3: the new password, given a proof from step 2; it ends every session of the account. */
export async function resetPassword(
  deps: IdentityDeps,
  proof: string | undefined,
  raw: unknown,
  clientIp: string,
): Promise<{ message: string }> {
  // The spec's check of the new password: first that the two are the same.
  const input = parseInput(newPasswordSchema, raw, undefined, { first: ["confirmPassword"] });
  await limit(deps, accountLimits.resetPerIp, clientIp);
  const now = nowOf(deps);
  const invalid = () => new AppError("forbidden", accountMessages.proofInvalid);
  if (!proof || proof.length > 100) throw invalid();
  // The proof is checked before the (costly) hash, so made-up proofs cost the server nothing.
  if (!(await codes.proofIsLive(deps.db, proof, "password_reset", now))) throw invalid();
  const passwordHash = await hashPassword(input.password);
  const changed = await deps.db.transaction(async (tx) => {
    const studentId = await codes.spendProof(tx, proof, "password_reset", now);
    if (studentId === null) throw invalid();
    const student = await setStudentPassword(tx, studentId, passwordHash, now);
    await endAllSessions(tx, studentId);
    return student;
  });
  // The owner hears of every change, so a reset they did not make does not go unnoticed. The change
  // stands even when this mail cannot be sent.
  if (changed) {
    try {
      await deps.mailer.send({
        to: changed.email,
        ...passwordChangedMail(deps.productName ?? "Ignite", changed.fullName, deps.siteAddress),
      });
    } catch (error) {
      deps.log.warn({ err: error, studentId: changed.id }, "password-changed mail not sent");
    }
  }
  return { message: accountMessages.passwordUpdated };
}
