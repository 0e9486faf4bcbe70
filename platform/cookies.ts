import { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGE_COOKIE_MAX_AGE_SECONDS, type LanguageCode } from "../vocabulary/languages.ts";

/** Our cookies: HttpOnly, SameSite=Lax, Secure behind https. Their values never reach scripts. */
export const SESSION_COOKIE = "ignite_session";
export const RESET_PROOF_COOKIE = "ignite_reset";
/** Staff sessions have a cookie of their own: a student's session never opens a staff path, nor the reverse. */
export const STAFF_SESSION_COOKIE = "ignite_staff";
/** The visitor's chosen language (decision 0029); absent means English. */
export const LANGUAGE_COOKIE = "ignite_language";
/** The course ids a visitor or student compares (decision 0027): no secret, but the server alone reads it. */
export const COMPARE_COOKIE = "ignite_compare";

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return undefined; // a malformed cookie is no cookie
    }
  }
  return undefined;
}

/** The language a request asks for: its cookie's, if it names one of ours, else English. */
export function languageOf(cookieHeader: string | null | undefined): LanguageCode {
  const chosen = readCookie(cookieHeader, LANGUAGE_COOKIE);
  return isLanguageCode(chosen) ? chosen : DEFAULT_LANGUAGE;
}

export function cookieWriter(secure: boolean) {
  const write = (name: string, value: string, maxAgeSeconds: number, sameSite: "Lax" | "Strict" = "Lax") =>
    [
      `${name}=${encodeURIComponent(value)}`,
      "Path=/",
      `Max-Age=${maxAgeSeconds}`,
      "HttpOnly",
      `SameSite=${sameSite}`,
      ...(secure ? ["Secure"] : []),
    ].join("; ");
  const secondsUntil = (at: Date) => Math.max(0, Math.floor((at.getTime() - Date.now()) / 1000));
  return {
    session: (token: string, expiresAt: Date) => write(SESSION_COOKIE, token, secondsUntil(expiresAt)),
    /** Strict: a link from another site never arrives with a staff session. */
    staffSession: (token: string, expiresAt: Date) => write(STAFF_SESSION_COOKIE, token, secondsUntil(expiresAt), "Strict"),
    clearStaffSession: () => write(STAFF_SESSION_COOKIE, "", 0, "Strict"),
    clearSession: () => write(SESSION_COOKIE, "", 0),
    resetProof: (proof: string) => write(RESET_PROOF_COOKIE, proof, 15 * 60),
    clearResetProof: () => write(RESET_PROOF_COOKIE, "", 0),
    language: (code: LanguageCode) => write(LANGUAGE_COOKIE, code, LANGUAGE_COOKIE_MAX_AGE_SECONDS),
    /** Kept 30 days; an empty list clears it. */
    compare: (value: string) => write(COMPARE_COOKIE, value, value ? 30 * 24 * 3600 : 0),
  };
}

export type CookieWriter = ReturnType<typeof cookieWriter>;
