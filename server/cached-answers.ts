import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import type { PublicCache } from "../platform/cache.ts";
import { languageOf, readCookie, SESSION_COOKIE } from "../platform/cookies.ts";
import type { Logger } from "../platform/log.ts";
import { DEFAULT_LANGUAGE, type LanguageCode } from "../vocabulary/languages.ts";
import { DEFAULT_CONTENT_SECURITY_POLICY } from "./security.ts";

/**
 * Public answers kept for every visitor (decision 0021): the bytes and headers of a 200 without
 * Set-Cookie, as answered; the gzip of the body is made once, on the first request that accepts it.
 */
export interface CachedAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  gzip?: Buffer;
}

/** The staff side: its screens and its API. Never cached, never shared, read with the staff cookie. */
export const isStaffPath = (path: string) =>
  path === "/staff" || path === "/staff.data" || path.startsWith("/staff/") || path.startsWith("/api/v1/staff/");

/** A parent's read-only page of a student's applications (decision 0028), screen or its data. */
export const isParentPath = (path: string) => path.startsWith("/parent/");
/** A recommender's page through their link (decision 0075): never cached, never shared. */
export const isLetterPath = (path: string) => path.startsWith("/letters/");
/** Pages that depend on the visitor's own cookies besides the session (the comparison: decision 0027). */
export const isPersonalPath = (path: string) => path === "/compare" || path === "/compare.data";

/**
 * Whether an answer to this GET may come from the shared cache: the catalogue API for anyone; a page
 * for a visitor without a session cookie (a student's pages are their own). Staff screens never.
 */
export function mayShare(path: string, cookieHeader: string | undefined): boolean {
  if (path.startsWith("/api/catalogue/")) return true;
  // A parent's page is one student's, opened without a cookie: never shared (decision 0028).
  if (isParentPath(path) || isLetterPath(path)) return false;
  return !path.startsWith("/api/") && !isStaffPath(path) && !isPersonalPath(path) && !readCookie(cookieHeader, SESSION_COOKIE);
}

/** The language a shared answer is written in: a page's is the visitor's choice; the catalogue API has none. */
export const languageOfAnswer = (path: string, cookieHeader: string | null | undefined): LanguageCode =>
  path.startsWith("/api/") ? DEFAULT_LANGUAGE : languageOf(cookieHeader);

/**
 * A shared answer's key in the cache: its path and query as asked, and for a page in another language
 * than English, that language (decision 0029). A page in Hindi is never served to an English visitor,
 * nor the reverse. A space never appears in a request's path, so no URL can be mistaken for such a key.
 */
export function sharedAnswerKey(pathAndQuery: string, cookieHeader: string | null | undefined): string {
  const query = pathAndQuery.indexOf("?");
  const language = languageOfAnswer(query === -1 ? pathAndQuery : pathAndQuery.slice(0, query), cookieHeader);
  return language === DEFAULT_LANGUAGE ? pathAndQuery : `${pathAndQuery} ${language}`;
}

/** Types worth compressing, as Hono's compress() picks them. */
const compressible = /^\s*(?:text\/|application\/(?:json|javascript|xml))/i;

/**
 * Answers a request from the cache straight on Node's HTTP response, before any framework object is
 * made: the cheapest a cached answer can be (decision 0021: at least half a bare `node:http` server's
 * rate). `staticHeaders` are the headers every answer carries (security.ts). Returns false when the
 * cache has nothing for it; the framework then answers (and may keep the answer).
 */
export function answerFromCache(
  cache: PublicCache<CachedAnswer>,
  staticHeaders: Record<string, string>,
  log: Logger,
  request: IncomingMessage,
  response: ServerResponse,
): boolean {
  if (request.method !== "GET" || !request.url) return false;
  const started = performance.now();
  const query = request.url.indexOf("?");
  const path = query === -1 ? request.url : request.url.slice(0, query);
  if (!mayShare(path, request.headers.cookie)) return false;
  const hit = cache.get(sharedAnswerKey(request.url, request.headers.cookie));
  if (!hit) return false;
  const headers: Record<string, string> = { ...staticHeaders };
  let contentType = "";
  for (const [name, value] of hit.headers) {
    if (name === "content-length" || name === "content-encoding" || name === "transfer-encoding") continue;
    if (name === "content-type") contentType = value;
    headers[name] = value;
  }
  let body: Uint8Array = hit.body;
  if (compressible.test(contentType) && body.byteLength >= 1024) {
    headers.vary = "Cookie, Accept-Encoding";
    if (/\bgzip\b/i.test(request.headers["accept-encoding"] ?? "")) {
      hit.gzip ??= gzipSync(body);
      body = hit.gzip;
      headers["content-encoding"] = "gzip";
    }
  }
  headers["content-security-policy"] ??= DEFAULT_CONTENT_SECURITY_POLICY;
  headers["content-length"] = String(body.byteLength);
  response.writeHead(hit.status, headers);
  response.end(body);
  log.info({ method: "GET", path, status: hit.status, ms: Math.round(performance.now() - started), cached: true }, "request");
  return true;
}
