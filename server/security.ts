import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { AppError } from "../modules/errors.ts";
import { addressHoldsControlCharacters } from "../modules/validation.ts";
import { inputMessages } from "../vocabulary/input.ts";
import type { ServerEnv } from "./context.ts";

const framedOrigins = ["https://www.youtube-nocookie.com", "https://www.openstreetmap.org"];

const inlineScript = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The hashes of a page's inline scripts, so the policy allows exactly those and no injected one (decision 0003). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(inlineScript)) {
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

export function pagePolicy(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${framedOrigins.join(" ")}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

const apiPolicy = "default-src 'none'; frame-ancestors 'none'";

/** Headers every answer carries; pages get their own CSP from the HTML renderer. */
/** The headers every answer carries, whatever it is (an answer without its own policy gets the API's). */
export function constantSecurityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...(options.https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** The one page that may use the microphone: a mock visa interview in progress. */
const interviewPage = /^\/visa\/practice\/\d+\/?$/;
const PRACTICE_PERMISSIONS = "camera=(), microphone=(self), geolocation=(), payment=()";

/** The policy of an answer that sets none (the API's JSON). */
export const DEFAULT_CONTENT_SECURITY_POLICY = apiPolicy;

const stricterReferrerPolicies = new Set(["no-referrer", "same-origin"]);

export const securityHeaders = (options: { https: boolean }): MiddlewareHandler<ServerEnv> => {
  const constant = Object.entries(constantSecurityHeaders(options));
  return async function securityHeaders(c, next) {
    await next();
    const headers = c.res.headers;
    for (const [name, value] of constant) {
      // An answer may ask for a stricter referrer policy (a recommender's page and a parent's send one only
      // to this site, so their own form posts carry their Origin: decisions 0095 and 0101).
      if (name === "Referrer-Policy" && stricterReferrerPolicies.has(headers.get(name) ?? "")) continue;
      headers.set(name, value);
    }
    // A mock visa interview's page records the answers: the microphone there, for this site only (decision 0040).
    if (interviewPage.test(c.req.path)) headers.set("Permissions-Policy", PRACTICE_PERMISSIONS);
    if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", apiPolicy);
  };
};

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Mutating requests from a browser must come from our own pages: a same-origin Origin header, or
 * the browser's Sec-Fetch-Site saying so. Together with SameSite=Lax cookies this stops cross-site forgery.
 * With PUBLIC_URL set, the Origin must be exactly its scheme, host and port; otherwise it must name the
 * Host the request was sent to.
 */
export const sameOriginWrites = (publicUrl?: string): MiddlewareHandler<ServerEnv> => {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return async function sameOriginWrites(c, next) {
    if (safeMethods.has(c.req.method)) return next();
    const origin = c.req.header("Origin");
    const fetchSite = c.req.header("Sec-Fetch-Site");
    const host = c.req.header("Host");
    const ours = (value: string) =>
      URL.canParse(value) &&
      (publicOrigin ? new URL(value).origin === publicOrigin : host !== undefined && new URL(value).host === host);
    // A client that is not a browser sends neither header and carries no victim's cookie.
    const sameOrigin = origin ? ours(origin) : fetchSite === undefined || fetchSite === "same-origin" || fetchSite === "none";
    if (!sameOrigin) throw new AppError("forbidden", "This request must come from the Ignite site itself.");
    return next();
  };
};

/**
 * The one place an address is read for control characters (the one place for bodies is parseInput): a
 * NUL in a path or a query (`/api/catalogue/search/abc%00def`, a list's `?q=`) is a 400 in the error shape,
 * never a 500 from the database.
 */
export const refuseControlCharacters: MiddlewareHandler<ServerEnv> = async (c, next) => {
  if (addressHoldsControlCharacters(c.req.url)) {
    // A screen answers with its own page and 400 message: the root route's middleware (app/root.tsx)
    // refuses the address before any loader reads it. The API and files answer the JSON error.
    if (!notScreens.test(c.req.path)) return next();
    throw new AppError("invalid_input", inputMessages.controlCharactersInAddress);
  }
  await next();
};

/** Paths the server answers itself, not React Router's screens. */
const notScreens = /^\/(?:api|files|staff\/files|images|assets|flags)(?:\/|$)/;
