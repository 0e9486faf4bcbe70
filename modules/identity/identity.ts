import { getStudent, type IdentityDeps, logIn, nowOf, signUp, studentForSession } from "./accounts.ts";
import { codes } from "./one-time-codes.ts";
import { resetPassword, sendResetCode, verifyResetCode } from "./password-reset.ts";
import { endSession, sweepExpiredSessions } from "./sessions.ts";

export type { CurrentStudent, IdentityDeps, NewSession } from "./accounts.ts";

/**
 * Identity: accounts (accounts.ts), sessions (sessions.ts), one-time codes (one-time-codes.ts) and
 * the password reset built on them (password-reset.ts), bound to their dependencies.
 */
export function createIdentityService(deps: IdentityDeps) {
  return {
    signUp: (raw: unknown, clientIp: string) => signUp(deps, raw, clientIp),
    logIn: (raw: unknown, clientIp: string) => logIn(deps, raw, clientIp),
    logOut: (token: string) => endSession(deps.db, token),
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
