import { randomUUID } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { MiddlewareHandler } from "hono";
import { AppError, rateLimited } from "../modules/errors.ts";
import { type LetterService, letterPageOpenings } from "../modules/letters/letters.ts";
import { pathForLog } from "../modules/parents/parents.ts";
import type { PublicCache } from "../platform/cache.ts";
import { clientAddress, limitKeyOf } from "../platform/client-address.ts";
import type { Config } from "../platform/config.ts";
import { readCookie, SESSION_COOKIE, STAFF_SESSION_COOKIE } from "../platform/cookies.ts";
import type { Logger } from "../platform/log.ts";
import type { Metrics } from "../platform/metrics.ts";
import type { RateLimiter } from "../platform/rate-limit.ts";
import { acceptableRequestId, withRequestId } from "../platform/request-id.ts";
import { catalogueAdminMessages, UNIVERSITY_PICTURE_MAX_BYTES } from "../vocabulary/catalogue.ts";
import { MAX_DOCUMENT_BYTES } from "../vocabulary/documents.ts";
import { DEFAULT_LANGUAGE } from "../vocabulary/languages.ts";
import { letterMessages } from "../vocabulary/letters.ts";
import { limitBody, limitRequestBody, limitScreenBody } from "./api/uploads.ts";
import { type CachedAnswer, isStaffPath, languageOfAnswer, sharedAnswerKey } from "./cached-answers.ts";
import type { ServerEnv } from "./context.ts";
import type { Services } from "./services.ts";

/**
 * Public answers a CDN may share: browsers revalidate every time (max-age=0), a shared cache keeps them a
 * minute and may serve a stale copy for five more while it fetches a fresh one.
 */
const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
/**
 * A public page in another language than English (decision 0029): kept in our own cache under its
 * language, but no CDN may keep it, whether or not it honours `Vary: Cookie`; browsers revalidate it.
 */
const OTHER_LANGUAGE_CACHE_CONTROL = "private, no-cache";

/** Forms and JSON bodies are small; a larger body is refused while it streams, before anything parses it. */
const MAX_FORM_BYTES = 64 * 1024;
/** The catalogue import's upload (API and screen): its body streams to storage under its own limit (decision 0020). */
export const streamedUploadPaths = new Set([
  "/api/v1/staff/catalogue/imports",
  "/staff/catalogue/import",
  "/staff/catalogue/import.data",
]);
const uploadPaths = new Set(["/api/v1/students/me/files", "/api/v1/students/me/photo", ...streamedUploadPaths]);
/** A practice's spoken answer: its handler limits the body to the longest recording allowed (decision 0049). */
const practiceAnswer = /^\/api\/v1\/students\/me\/visa-practices\/\d+\/answers$/;
/** A recommender's letter: its handler limits the body to a document's (decision 0075). */
const letterUpload = /^\/api\/v1\/letters\/[^/]+\/letter$/;
/** A student's offer letter on an application: its handler limits the body to a document's (decision 0092). */
const offerLetterUpload = /^\/api\/v1\/students\/me\/applications\/\d+\/offer-letter$/;
/** A recommender's page: without scripts its form posts the letter itself (decision 0095), under the same limit. */
const letterScreen = /^\/letters\/([^/]+?)(\.data)?$/;
/** The API's upload of a university's picture: its handler checks the staff session, then limits the body. */
const pictureUpload = /^\/api\/v1\/staff\/catalogue\/universities\/\d+\/picture$/;
/** Console screens whose form may carry a university's picture (posted to the screen's action, with or without scripts). */
const pictureScreen = /^\/staff\/catalogue\/universities\/(new|\d+)(\.data)?$/;
const formLimit = limitRequestBody(MAX_FORM_BYTES, `This request is too large (at most ${MAX_FORM_BYTES / 1024} KB).`);
/** A picture screen's body: the picture's limit for signed-in staff, a form's for anyone else. */
const pictureFormLimit = limitBody(UNIVERSITY_PICTURE_MAX_BYTES, catalogueAdminMessages.pictureTooLarge);
/**
 * A recommender's page takes a body up to a letter's size (decision 0095); the letter is checked again by its
 * content. A larger one is answered by the page with the form's message, not the API's JSON.
 */
const letterFormLimit = limitScreenBody(MAX_DOCUMENT_BYTES, letterMessages.tooLarge);
/** Every body but an upload's (which has its own file limit) is held to MAX_FORM_BYTES. */
export const formBodyLimit: MiddlewareHandler<ServerEnv> = (c, next) =>
  uploadPaths.has(c.req.path) ||
  practiceAnswer.test(c.req.path) ||
  letterUpload.test(c.req.path) ||
  offerLetterUpload.test(c.req.path) ||
  pictureUpload.test(c.req.path) ||
  pictureScreen.test(c.req.path) ||
  letterScreen.test(c.req.path)
    ? next()
    : formLimit(c, next);

/**
 * A recommender's page's body limit: a letter's size only once the request has taken the page's rate limit
 * and its token names a live invitation (one lookup), as the API's upload takes its limit first; any other
 * post to such an address is held to a form's, so a made-up link cannot make the server read 10 MB. The
 * screen's action then does not take the rate limit a second time for the same request.
 */
export const letterScreenLimit =
  (letters: Pick<LetterService, "linkLive">): MiddlewareHandler<ServerEnv> =>
  async (c, next) => {
    const token = c.req.method === "GET" || c.req.method === "HEAD" ? undefined : letterScreen.exec(c.req.path)?.[1];
    if (token === undefined) return next();
    const limit = c.var.limit;
    try {
      await limit(letterPageOpenings);
    } catch (error) {
      // Over the rate limit: the body is not read, and the screen's action answers the refusal as it always has.
      if (AppError.is(error) && error.kind === "rate_limited") {
        c.set("bodyRefused", error);
        return next();
      }
      throw error;
    }
    c.set("limit", (rule) => (rule === letterPageOpenings ? Promise.resolve() : limit(rule)));
    return (await letters.linkLive(token)) ? letterFormLimit(c, next) : formLimit(c, next);
  };

/** A public answer's key in the cache: its path and query, as asked, and a page's language (decision 0029). */
const cacheKeyOf = (url: string, cookieHeader: string | undefined) => {
  const { pathname, search } = new URL(url);
  return sharedAnswerKey(pathname + search, cookieHeader);
};

/** The peer's address; absent when the app is called in-process (tests). */
function socketAddress(c: Parameters<typeof getConnInfo>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** Each request's id, log, caller's address and rate limit; its line in the log once answered. */
export const requestContext =
  (config: Config, log: Logger, rateLimiter: RateLimiter): MiddlewareHandler<ServerEnv> =>
  async (c, next) => {
    const started = performance.now();
    // A proxy's id is kept when it is one a log can hold; else ours. Sent back so a client can quote it.
    const asked = c.req.header("X-Request-Id");
    const requestId = acceptableRequestId(asked) ? asked : randomUUID();
    c.set("requestId", requestId);
    // Behind our proxies only the entries they appended are believed; an IPv6 client is limited as its /64.
    c.set("clientIp", limitKeyOf(clientAddress(socketAddress(c), c.req.header("X-Forwarded-For"), config.trustProxy)));
    c.set("log", log.child({ requestId }));
    c.set("limit", async (rule) => {
      const result = await rateLimiter.hit(rule, c.var.clientIp);
      if (!result.allowed) {
        throw rateLimited(
          `Too many requests. Please wait ${result.retryAfterSeconds} seconds and try again.`,
          result.retryAfterSeconds,
        );
      }
    });
    // Jobs the request queues carry its id (decision 0067).
    await withRequestId(requestId, next);
    // On the answer, whatever made it (a screen's answer is a Response of its own, made after any header set before).
    try {
      c.res.headers.set("X-Request-Id", requestId);
    } catch {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set("X-Request-Id", requestId);
    }
    const ms = Math.round(performance.now() - started);
    // A parent link's token, a calendar feed's and a recommender's are secrets: the logs keep the path
    // without them (decisions 0028, 0059 and 0075), as the page error log does.
    const path = pathForLog(c.req.path);
    c.var.log.info({ method: c.req.method, path, status: c.res.status, ms }, "request");
  };

/** Who is asking: the student of a valid session cookie, else a visitor. Static files need no one. */
export const whoIsAsking =
  ({ identity, staff }: Pick<Services, "identity" | "staff">): MiddlewareHandler<ServerEnv> =>
  async (c, next) => {
    if (/^\/(assets|flags|images)\//.test(c.req.path)) {
      c.set("student", null);
      return next();
    }
    const token = readCookie(c.req.header("Cookie"), SESSION_COOKIE);
    c.set("sessionToken", token);
    c.set("student", token ? await identity.studentForSession(token) : null);
    // The staff session is read only where it counts: the staff screens and the staff API.
    const staffToken = isStaffPath(c.req.path) ? readCookie(c.req.header("Cookie"), STAFF_SESSION_COOKIE) : undefined;
    c.set("staffToken", staffToken);
    c.set("staff", staffToken ? await staff.team.forSession(staffToken) : null);
    await next();
  };

/** A picture screen's body limit for signed-in staff, read once the staff session is known. */
export const pictureScreenLimit: MiddlewareHandler<ServerEnv> = (c, next) =>
  pictureScreen.test(c.req.path) ? (c.var.staff ? pictureFormLimit : formLimit)(c, next) : next();

/** Public GET answers from the cache; only successful, cookie-free answers are kept. */
export const publicGetCache =
  (publicCache: PublicCache<CachedAnswer>, metrics?: Metrics): MiddlewareHandler<ServerEnv> =>
  async (c, next) => {
    if (c.req.method !== "GET") return next();
    const key = cacheKeyOf(c.req.url, c.req.header("Cookie"));
    const hit = publicCache.get(key);
    metrics?.cacheLookup(hit !== undefined);
    if (hit) c.set("fromCache", true);
    if (hit) return new Response(hit.body, { status: hit.status, headers: hit.headers });
    // A catalogue write while this answer is read clears the cache: the answer may be older than it.
    const generation = publicCache.generation;
    await next();
    // A search that found little says no-store: each one is counted for staff (decision 0026).
    if (c.res.status === 200 && !c.res.headers.has("Set-Cookie") && !c.res.headers.get("Cache-Control")?.includes("no-store")) {
      // The same for every visitor: a CDN may keep it briefly too (decision 0021). Vary: Cookie keeps a
      // signed-in student's request away from the shared copy.
      const language = languageOfAnswer(c.req.path, c.req.header("Cookie"));
      c.res.headers.set("Cache-Control", language === DEFAULT_LANGUAGE ? SHARED_CACHE_CONTROL : OTHER_LANGUAGE_CACHE_CONTROL);
      c.res.headers.set("Vary", "Cookie");
      const body = c.var.pageBytes ?? new Uint8Array(await c.res.clone().arrayBuffer());
      publicCache.set(key, { status: 200, headers: [...c.res.headers.entries()], body }, generation);
    }
  };
