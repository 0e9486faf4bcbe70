import { nowOf } from "../deps.ts";
import { getStudent, type IdentityDeps, logIn, signUp, studentForSession } from "./accounts.ts";
import { codes } from "./one-time-codes.ts";
import { resetPassword, sendResetCode, verifyResetCode } from "./password-reset.ts";
import { endOtherSessions, endSession, listSessions, sweepExpiredSessions } from "./sessions.ts";

export type { CurrentStudent, IdentityDeps, NewSession } from "./accounts.ts";
export { type DeviceSession, endAllSessions } from "./sessions.ts";

/**
 * Identity (decision 0006): accounts (accounts.ts), sessions (sessions.ts), one-time codes (one-time-codes.ts) and
 * the password reset built on them (password-reset.ts), bound to their dependencies.
 */
export function createIdentityService(deps: IdentityDeps) {
  return {
    signUp: (raw: unknown, clientIp: string, userAgent?: string) => signUp(deps, raw, clientIp, userAgent),
    logIn: (raw: unknown, clientIp: string, userAgent?: string) => logIn(deps, raw, clientIp, userAgent),
    logOut: (token: string) => endSession(deps.db, token),
    /** The student's signed-in devices; `token` is this request's session, marked as the current one. */
    devices: (studentId: number, token: string) => listSessions(deps.db, studentId, token, nowOf(deps)),
    /** Signs the student out everywhere but on this request's session; answers how many ended. */
    signOutOtherDevices: (studentId: number, token: string) => endOtherSessions(deps.db, studentId, token),
    studentForSession: (token: string) => studentForSession(deps, token),
    getStudent: (studentId: number) => getStudent(deps, studentId),
    sendResetCode: (raw: unknown, clientIp: string) => sendResetCode(deps, raw, clientIp),
    verifyResetCode: (raw: unknown, clientIp: string) => verifyResetCode(deps, raw, clientIp),
    resetPassword: (proof: string | undefined, raw: unknown, clientIp: string) => resetPassword(deps, proof, raw, clientIp),
    /** Removes expired sessions and codes; the server runs it now and then. */
    sweepExpired: async () => {
      const now = nowOf(deps);
      await sweepExpiredSessions(deps.db, now);
      await codes.sweep(deps.db, now);
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
