/** Our cookies: HttpOnly, SameSite=Lax, Secure behind https. Their values never reach scripts. */
export const SESSION_COOKIE = "ignite_session";
export const RESET_PROOF_COOKIE = "ignite_reset";

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

export function cookieWriter(secure: boolean) {
  const write = (name: string, value: string, maxAgeSeconds: number) =>
    [
      `${name}=${encodeURIComponent(value)}`,
      "Path=/",
      `Max-Age=${maxAgeSeconds}`,
      "HttpOnly",
      "SameSite=Lax",
      ...(secure ? ["Secure"] : []),
    ].join("; ");
  return {
    session: (token: string, expiresAt: Date) =>
      write(SESSION_COOKIE, token, Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000))),
    clearSession: () => write(SESSION_COOKIE, "", 0),
    resetProof: (proof: string) => write(RESET_PROOF_COOKIE, proof, 15 * 60),
    clearResetProof: () => write(RESET_PROOF_COOKIE, "", 0),
  };
}

export type CookieWriter = ReturnType<typeof cookieWriter>;
