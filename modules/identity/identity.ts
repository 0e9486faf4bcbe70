import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { hash as argonHash, verify as argonVerify } from "@node-rs/argon2";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { oneTimeCodes, sessions, students } from "../../platform/db/schema.ts";
import type { Logger } from "../../platform/log.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { RateLimiter, RateLimitRule } from "../../platform/rate-limit.ts";
import { AppError, rateLimited } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { codeSchema, emailSchema, loginSchema, newPasswordSchema, signupSchema } from "./input.ts";
import { messages } from "./messages.ts";

export const SESSION_DAYS = 30;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_TRIES = 5;
export const CODE_RESEND_WAIT_MS = 30 * 1000;
export const PROOF_TTL_MS = 15 * 60 * 1000;

/** Per client address and per account; past a limit the answer is 429 with a clear message. */
export const accountLimits = {
  loginPerIp: { name: "login-ip", limit: 20, windowSeconds: 300 },
  /** Failed logins: 10 per account from one address, 50 per account from all addresses together. */
  loginFailuresPerAccountAndIp: { name: "login-account-ip", limit: 10, windowSeconds: 900 },
  loginFailuresPerAccount: { name: "login-account", limit: 50, windowSeconds: 900 },
  signupPerIp: { name: "signup-ip", limit: 10, windowSeconds: 3600 },
  codeSendPerIp: { name: "code-send-ip", limit: 10, windowSeconds: 900 },
  codeSendPerAccount: { name: "code-send-account", limit: 5, windowSeconds: 3600 },
  codeVerifyPerIp: { name: "code-verify-ip", limit: 30, windowSeconds: 900 },
  resetPerIp: { name: "reset-ip", limit: 20, windowSeconds: 900 },
} satisfies Record<string, RateLimitRule>;

export interface IdentityDeps {
  db: Database;
  mailer: Mailer;
  limiter: RateLimiter;
  log: Logger;
  productName?: string;
  now?: () => Date;
}

/** What the server tells about a student: never a hash, never a token. */
export interface CurrentStudent {
  studentId: number;
  fullName: string;
  email: string;
  phone: string;
}

export interface NewSession {
  student: CurrentStudent;
  /** The secret for the cookie; only its hash is stored. */
  token: string;
  expiresAt: Date;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
export const hashToken = sha256;
const newToken = () => randomBytes(32).toString("base64url");

// Verifying against this when no account matches keeps both answers equally slow.
const dummyHash = argonHash("not a real password, only for timing");

const present = (row: typeof students.$inferSelect): CurrentStudent => ({
  studentId: row.id,
  fullName: row.fullName,
  email: row.email,
  phone: row.phone,
});

const tooManyAttempts = (seconds: number) =>
  rateLimited(`Too many attempts. Please wait ${seconds} seconds and try again.`, seconds);

async function limit(deps: IdentityDeps, rule: RateLimitRule, key: string) {
  const result = await deps.limiter.hit(rule, key);
  if (!result.allowed) throw tooManyAttempts(result.retryAfterSeconds);
}

async function createSession(deps: IdentityDeps, student: typeof students.$inferSelect, days: number): Promise<NewSession> {
  const now = deps.now?.() ?? new Date();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + days * 86_400_000);
  await deps.db.insert(sessions).values({ tokenHash: sha256(token), studentId: student.id, createdAt: now, expiresAt });
  return { student: present(student), token, expiresAt };
}

const signupRequired = ["name1", "email", "phone", "password"] as const;

export async function signUp(deps: IdentityDeps, raw: unknown, clientIp: string): Promise<NewSession> {
  const fields = (raw ?? {}) as Record<string, unknown>;
  const blank = signupRequired.some((key) => typeof fields[key] !== "string" || (fields[key] as string).trim() === "");
  const input = parseInput(signupSchema, raw, blank ? messages.fillTheForm : undefined);
  await limit(deps, accountLimits.signupPerIp, clientIp);
  const [existing] = await deps.db.select({ id: students.id }).from(students).where(eq(students.email, input.email));
  if (existing) throw new AppError("invalid_input", messages.accountExists, { email: messages.accountExists });
  const passwordHash = await argonHash(input.password);
  try {
    const [student] = await deps.db
      .insert(students)
      .values({ email: input.email, fullName: input.name1, phone: input.phone, passwordHash })
      .returning();
    if (!student) throw new Error("insert returned no row");
    return await createSession(deps, student, SESSION_DAYS);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === "23505" || (error as { code?: string }).code === "23505") {
      throw new AppError("invalid_input", messages.accountExists, { email: messages.accountExists });
    }
    throw error;
  }
}

export async function logIn(deps: IdentityDeps, raw: unknown, clientIp: string): Promise<NewSession> {
  const input = parseInput(loginSchema, raw, messages.pleaseFillTheForm);
  await limit(deps, accountLimits.loginPerIp, clientIp);
  // Per account only failures count, and mostly per address: one stranger's guesses do not lock the
  // owner out; many addresses together are stopped too. Past a limit no password is checked at all.
  const accountAndIp = `${input.email}|${clientIp}`;
  for (const [rule, key] of [
    [accountLimits.loginFailuresPerAccountAndIp, accountAndIp],
    [accountLimits.loginFailuresPerAccount, input.email],
  ] as const) {
    const state = await deps.limiter.peek(rule, key);
    if (!state.allowed) throw tooManyAttempts(state.retryAfterSeconds);
  }
  const [student] = await deps.db.select().from(students).where(eq(students.email, input.email));
  const valid = student
    ? await argonVerify(student.passwordHash, input.password)
    : await argonVerify(await dummyHash, input.password);
  if (!student || !valid) {
    await deps.limiter.hit(accountLimits.loginFailuresPerAccountAndIp, accountAndIp);
    await deps.limiter.hit(accountLimits.loginFailuresPerAccount, input.email);
    throw new AppError("unauthenticated", messages.invalidCredentials);
  }
  return createSession(deps, student, input.exp_days);
}

export async function logOut(deps: IdentityDeps, token: string): Promise<void> {
  await deps.db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

/** The student a session token belongs to, or null when it is unknown or expired. */
export async function studentForSession(deps: IdentityDeps, token: string): Promise<CurrentStudent | null> {
  if (!token || token.length > 100) return null;
  const now = deps.now?.() ?? new Date();
  const [row] = await deps.db
    .select({ student: students })
    .from(sessions)
    .innerJoin(students, eq(students.id, sessions.studentId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, now)));
  return row ? present(row.student) : null;
}

export async function getStudent(deps: IdentityDeps, studentId: number): Promise<CurrentStudent> {
  const [row] = await deps.db.select().from(students).where(eq(students.id, studentId));
  if (!row) throw new AppError("not_found", "Student not found");
  return present(row);
}

/** Step 1 of the password reset: a 6-digit code by e-mail, at most one per 30 seconds. */
export async function sendResetCode(
  deps: IdentityDeps,
  raw: unknown,
  clientIp: string,
): Promise<{ message: string; email: string }> {
  const email = parseInput(emailSchema, (raw as { email?: unknown } | null)?.email, messages.enterEmail);
  await limit(deps, accountLimits.codeSendPerIp, clientIp);
  const [student] = await deps.db.select().from(students).where(eq(students.email, email));
  if (!student) throw new AppError("not_found", messages.noAccount, { email: messages.noAccount });
  const now = deps.now?.() ?? new Date();
  const resendWait = async (db: Pick<Database, "select">) => {
    const [latest] = await db
      .select({ createdAt: oneTimeCodes.createdAt })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.studentId, student.id), eq(oneTimeCodes.purpose, "password_reset")))
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    const waitMs = latest ? latest.createdAt.getTime() + CODE_RESEND_WAIT_MS - now.getTime() : 0;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw rateLimited(`Please wait ${seconds} seconds before asking for a new code.`, seconds);
    }
  };
  // A request during the wait is refused before it counts against the hourly limit.
  await resendWait(deps.db);
  await limit(deps, accountLimits.codeSendPerAccount, email);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const salt = randomBytes(16).toString("hex");
  await deps.db.transaction(async (tx) => {
    // One code request per account at a time: the 30-second wait holds for simultaneous requests too.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reset-code:${student.id}`}))`);
    await resendWait(tx);
    await tx
      .update(oneTimeCodes)
      .set({ voidedAt: now })
      .where(
        and(eq(oneTimeCodes.studentId, student.id), eq(oneTimeCodes.purpose, "password_reset"), isNull(oneTimeCodes.voidedAt)),
      );
    await tx.insert(oneTimeCodes).values({
      studentId: student.id,
      purpose: "password_reset",
      codeHash: sha256(salt + code),
      salt,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
  });
  const product = deps.productName ?? "Ignite";
  await deps.mailer.send({
    to: email,
    subject: `${product} password reset code: ${code}`,
    text: [
      `Hello ${student.fullName},`,
      "",
      `Your ${product} password reset code is: ${code}`,
      "",
      `It expires in ${CODE_TTL_MS / 60_000} minutes and works once. If you did not ask for it, you can ignore this e-mail: your password stays as it is.`,
      "",
      `${product} - Your academic Journey`,
    ].join("\n"),
  });
  return { message: `We have sent a 6-digit code to ${email}.`, email };
}

/** Step 2: the code, at most five tries; a right code gives a one-time proof for step 3. */
export async function verifyResetCode(
  deps: IdentityDeps,
  raw: unknown,
  clientIp: string,
): Promise<{ proof: string; message: string }> {
  const input = parseInput(codeSchema, raw, messages.wrongCode);
  await limit(deps, accountLimits.codeVerifyPerIp, clientIp);
  const now = deps.now?.() ?? new Date();
  const [row] = await deps.db
    .select({ code: oneTimeCodes })
    .from(oneTimeCodes)
    .innerJoin(students, eq(students.id, oneTimeCodes.studentId))
    .where(
      and(
        eq(students.email, input.email),
        eq(oneTimeCodes.purpose, "password_reset"),
        isNull(oneTimeCodes.voidedAt),
        isNull(oneTimeCodes.proofHash),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!row) {
    // No live code: say so plainly when the last one ran out of tries, so the student asks for a new one.
    const [latest] = await deps.db
      .select({ attempts: oneTimeCodes.attempts })
      .from(oneTimeCodes)
      .innerJoin(students, eq(students.id, oneTimeCodes.studentId))
      .where(and(eq(students.email, input.email), eq(oneTimeCodes.purpose, "password_reset")))
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    const message = (latest?.attempts ?? 0) >= CODE_MAX_TRIES ? messages.tooManyTries : messages.wrongCode;
    throw new AppError("invalid_input", message, { entered_otp: message });
  }
  const code = row.code;
  if (code.expiresAt <= now) throw new AppError("invalid_input", messages.codeExpired, { entered_otp: messages.codeExpired });
  const expected = Buffer.from(code.codeHash, "hex");
  const given = Buffer.from(sha256(code.salt + input.entered_otp), "hex");
  if (!timingSafeEqual(expected, given)) {
    const [updated] = await deps.db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(eq(oneTimeCodes.id, code.id))
      .returning({ attempts: oneTimeCodes.attempts });
    if ((updated?.attempts ?? CODE_MAX_TRIES) >= CODE_MAX_TRIES) {
      await deps.db.update(oneTimeCodes).set({ voidedAt: now }).where(eq(oneTimeCodes.id, code.id));
      throw new AppError("invalid_input", messages.tooManyTries, { entered_otp: messages.tooManyTries });
    }
    throw new AppError("invalid_input", messages.wrongCode, { entered_otp: messages.wrongCode });
  }
  const proof = newToken();
  await deps.db
    .update(oneTimeCodes)
    .set({ proofHash: sha256(proof), proofExpiresAt: new Date(now.getTime() + PROOF_TTL_MS) })
    .where(eq(oneTimeCodes.id, code.id));
  return { proof, message: "Code verified. Choose a new password." };
}

/** Step 3: the new password, given a proof from step 2; it ends every session of the account. */
export async function resetPassword(
  deps: IdentityDeps,
  proof: string | undefined,
  raw: unknown,
  clientIp: string,
): Promise<{ message: string }> {
  const input = parseInput(newPasswordSchema, raw);
  await limit(deps, accountLimits.resetPerIp, clientIp);
  const now = deps.now?.() ?? new Date();
  if (!proof || proof.length > 100) throw new AppError("forbidden", messages.proofInvalid);
  // The proof is checked before the (costly) hash, so made-up proofs cost the server nothing.
  const [live] = await deps.db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.proofHash, sha256(proof)), isNull(oneTimeCodes.voidedAt), gt(oneTimeCodes.proofExpiresAt, now)));
  if (!live) throw new AppError("forbidden", messages.proofInvalid);
  const passwordHash = await argonHash(input.password);
  return deps.db.transaction(async (tx) => {
    const [code] = await tx
      .update(oneTimeCodes)
      .set({ voidedAt: now })
      .where(and(eq(oneTimeCodes.proofHash, sha256(proof)), isNull(oneTimeCodes.voidedAt), gt(oneTimeCodes.proofExpiresAt, now)))
      .returning({ studentId: oneTimeCodes.studentId });
    if (!code) throw new AppError("forbidden", messages.proofInvalid);
    await tx.update(students).set({ passwordHash, updatedAt: now }).where(eq(students.id, code.studentId));
    await tx.delete(sessions).where(eq(sessions.studentId, code.studentId));
    return { message: messages.passwordUpdated };
  });
}

/** Removes expired sessions and codes; run now and then. */
export async function sweepExpired(deps: IdentityDeps): Promise<void> {
  const now = deps.now?.() ?? new Date();
  await deps.db.delete(sessions).where(lt(sessions.expiresAt, now));
  await deps.db.delete(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, new Date(now.getTime() - 86_400_000)));
}

export function createIdentityService(deps: IdentityDeps) {
  return {
    signUp: (raw: unknown, clientIp: string) => signUp(deps, raw, clientIp),
    logIn: (raw: unknown, clientIp: string) => logIn(deps, raw, clientIp),
    logOut: (token: string) => logOut(deps, token),
    studentForSession: (token: string) => studentForSession(deps, token),
    getStudent: (studentId: number) => getStudent(deps, studentId),
    sendResetCode: (raw: unknown, clientIp: string) => sendResetCode(deps, raw, clientIp),
    verifyResetCode: (raw: unknown, clientIp: string) => verifyResetCode(deps, raw, clientIp),
    resetPassword: (proof: string | undefined, raw: unknown, clientIp: string) => resetPassword(deps, proof, raw, clientIp),
    sweepExpired: () => sweepExpired(deps),
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
