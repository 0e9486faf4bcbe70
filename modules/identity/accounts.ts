import { and, desc, eq, isNull } from "drizzle-orm";
import { type Database, isUniqueViolation } from "../../platform/db/client.ts";
import { preparedRead } from "../../platform/db/prepared.ts";
import type { Logger } from "../../platform/log.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { RateLimiter, RateLimitRule } from "../../platform/rate-limit.ts";
import { accountMessages, SESSION_DAYS } from "../../vocabulary/accounts.ts";
import { consentWording } from "../../vocabulary/privacy.ts";
import { nowOf } from "../deps.ts";
import { AppError } from "../errors.ts";
import { attachLeadToStudent } from "../leads/leads.ts";
import { consultations } from "../leads/tables.ts";
import { enforceLimit } from "../limits.ts";
import { hashPassword, passwordMatches } from "../passwords.ts";
import { recordConsent } from "../privacy/privacy.ts";
import { insertStudent } from "../students/students.ts";
import { students } from "../students/tables.ts";
import { parseInput } from "../validation.ts";
import { describeDevice } from "./devices.ts";
import { loginSchema, signupSchema } from "./input.ts";
import { createSession, liveSessionKey, liveSessionWhere, touchSession } from "./sessions.ts";
import { sessions } from "./tables.ts";

/** Per client address and per account; past a limit the answer is 429 with a clear message. */
/**
 * Per address there are two windows: a minute, which stops a script, and an hour, which stops a slow
 * one. Both leave room for the many people one address often stands for here (a school lab, a mobile
 * carrier's shared address): 40 students signing up or logging in within ten minutes all get through.
 * Guessing one account's password is stopped by the per-account limits, not by these.
 */
export const accountLimits = {
  loginPerIpMinute: { name: "login-ip-minute", limit: 60, windowSeconds: 60 },
  loginPerIpHour: { name: "login-ip-hour", limit: 600, windowSeconds: 3600 },
  /** Failed logins: 10 per account from one address, 50 per account from all addresses together. */
  loginFailuresPerAccountAndIp: { name: "login-account-ip", limit: 10, windowSeconds: 900 },
  loginFailuresPerAccount: { name: "login-account", limit: 50, windowSeconds: 900 },
  signupPerIpMinute: { name: "signup-ip-minute", limit: 50, windowSeconds: 60 },
  signupPerIpHour: { name: "signup-ip-hour", limit: 200, windowSeconds: 3600 },
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
  /** Where links in mails point: PUBLIC_URL, else the server's listen address (decision 0051). */
  siteAddress: string;
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

type StudentRow = typeof students.$inferSelect;

const present = (row: StudentRow): CurrentStudent => ({
  studentId: row.id,
  fullName: row.fullName,
  email: row.email,
  phone: row.phone,
});

/** Counts one hit of a rule; past its limit, a 429 saying when to try again. */
export const limit = (deps: IdentityDeps, rule: RateLimitRule, key: string) => enforceLimit(deps.limiter, rule, key);

export async function findStudentByEmail(db: Database, email: string): Promise<StudentRow | undefined> {
  const [row] = await db.select().from(students).where(eq(students.email, email));
  return row;
}

async function startSession(deps: IdentityDeps, student: StudentRow, days: number, userAgent?: string): Promise<NewSession> {
  const session = await createSession(deps.db, student.id, days, nowOf(deps), describeDevice(userAgent));
  return { student: present(student), ...session };
}

export async function signUp(deps: IdentityDeps, raw: unknown, clientIp: string, userAgent?: string): Promise<NewSession> {
  // The spec's order of checks: a blank field, then the two passwords, then each field's own rule.
  const input = parseInput(signupSchema, raw, undefined, { whenBlank: accountMessages.fillTheForm, first: ["confirmPassword"] });
  await limit(deps, accountLimits.signupPerIpMinute, clientIp);
  await limit(deps, accountLimits.signupPerIpHour, clientIp);
  const exists = () => new AppError("invalid_input", accountMessages.accountExists, { email: accountMessages.accountExists });
  if (await findStudentByEmail(deps.db, input.email)) throw exists();
  const passwordHash = await hashPassword(input.password);
  try {
    const student = await deps.db.transaction(async (tx) => {
      // A converted lead that invited this e-mail to sign up: its counsellor looks after the new student.
      const [lead] = await tx
        .select({ id: consultations.id, counsellor: consultations.assignedStaffId })
        .from(consultations)
        .where(and(eq(consultations.email, input.email), eq(consultations.status, "Converted"), isNull(consultations.studentId)))
        .orderBy(desc(consultations.createdAt))
        .limit(1);
      const consentedAt = nowOf(deps);
      const created = await insertStudent(tx, {
        email: input.email,
        fullName: input.name1,
        phone: input.phone,
        passwordHash,
        counsellorStaffId: lead?.counsellor ?? null,
        // The sign-up form showed the consent sentence of this version (decision 0024).
        preferredContact: input.preferredContact,
        newsAndOffers: input.newsAndOffers,
        consentVersion: consentWording.version,
        consentedAt,
      });
      await recordConsent(tx, {
        studentId: created.id,
        preferredContact: input.preferredContact,
        newsAndOffers: input.newsAndOffers,
        source: "sign-up",
        givenAt: consentedAt,
      });
      if (lead) await attachLeadToStudent(tx, lead.id, created.id);
      return created;
    });
    return await startSession(deps, student, SESSION_DAYS, userAgent);
  } catch (error) {
    if (isUniqueViolation(error)) throw exists();
    throw error;
  }
}

export async function logIn(deps: IdentityDeps, raw: unknown, clientIp: string, userAgent?: string): Promise<NewSession> {
  const input = parseInput(loginSchema, raw, accountMessages.pleaseFillTheForm);
  await limit(deps, accountLimits.loginPerIpMinute, clientIp);
  await limit(deps, accountLimits.loginPerIpHour, clientIp);
  // Per account only failures count, and mostly per address: one stranger's guesses do not lock the
  // owner out; many addresses together are stopped too. Each attempt reserves a failure first (an
  // atomic count), so parallel guesses cannot all pass the limit; a right password gives it back.
  // Past a limit no password is checked at all.
  const accountAndIp = `${input.email}|${clientIp}`;
  const failureLimits = [
    [accountLimits.loginFailuresPerAccountAndIp, accountAndIp],
    [accountLimits.loginFailuresPerAccount, input.email],
  ] as const;
  for (const [rule, key] of failureLimits) await limit(deps, rule, key);
  const student = await findStudentByEmail(deps.db, input.email);
  // Checked even without an account (student undefined), so both answers take as long.
  const valid = await passwordMatches(student?.passwordHash, input.password);
  if (!student || !valid) throw new AppError("unauthenticated", accountMessages.invalidCredentials);
  for (const [rule, key] of failureLimits) await deps.limiter.release(rule, key);
  return startSession(deps, student, input.exp_days, userAgent);
}

/**
 * The signed-in student of a session, read with it in one prepared query (decision 0110): every page a
 * student opens asks it, and it reads only what the screens show of them (never their password's hash).
 */
const studentOfSession = preparedRead((db) =>
  db
    .select({
      studentId: students.id,
      fullName: students.fullName,
      email: students.email,
      phone: students.phone,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(students, eq(students.id, sessions.studentId))
    .where(liveSessionWhere)
    .prepare("student_of_session"),
);

/** The student a session token belongs to, or null when it is unknown, expired or idle too long; a use keeps it alive. */
export async function studentForSession(deps: IdentityDeps, token: string): Promise<CurrentStudent | null> {
  const key = liveSessionKey(token, nowOf(deps));
  if (!key) return null;
  const [row] = await studentOfSession(deps.db).execute(key);
  if (!row) return null;
  await touchSession(deps.db, key.tokenHash, row.lastSeenAt, key.now);
  return { studentId: row.studentId, fullName: row.fullName, email: row.email, phone: row.phone };
}

export async function getStudent(deps: IdentityDeps, studentId: number): Promise<CurrentStudent> {
  const [row] = await deps.db.select().from(students).where(eq(students.id, studentId));
  if (!row) throw new AppError("not_found", "Student not found");
  return present(row);
}
