import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono, MiddlewareHandler } from "hono";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { readPublicSettings } from "../modules/console-settings.ts";
import type { Config } from "../platform/config.ts";
import { RESET_PROOF_COOKIE, readCookie } from "../platform/cookies.ts";
import { type DatabaseHandle, isDatabaseUnavailable } from "../platform/db/client.ts";
import { letterLinkHeaders } from "./api/letters.ts";
import { parentPageHeaders } from "./api/parents.ts";
import { isLetterPath, isParentPath, isPersonalPath, isStaffPath } from "./cached-answers.ts";
import type { ServerEnv } from "./context.ts";
import type { flagSprites } from "./flag-sprite.ts";
import { streamedUploadPaths } from "./middleware.ts";
import { inlineScriptHashes, pagePolicy } from "./security.ts";
import type { Services } from "./services.ts";
import { unavailableResponse } from "./unavailable-page.ts";

/** Pages' HTML, read once to hash their inline scripts. */
const utf8 = new TextDecoder();

export interface PagesOptions {
  config: Config;
  database: DatabaseHandle;
  /** The React Router server build. */
  build: ServerBuild;
  clientDir?: string;
  flags: ReturnType<typeof flagSprites>;
  /** Public GET answers from the cache (middleware.ts), for visitors' pages. */
  cachedPublicGet: MiddlewareHandler<ServerEnv>;
}

/** A request's headers without those of the body it no longer carries. */
function withoutBody(headers: Headers) {
  const kept = new Headers(headers);
  for (const name of ["Content-Length", "Content-Type", "Transfer-Encoding"]) kept.delete(name);
  return kept;
}

/**
 * The built client's files and the screens: React Router renders each page with the services in its
 * context; a visitor's page goes through the public cache, and every page gets its script hashes in
 * the content security policy.
 */
export function servePages(app: Hono<ServerEnv>, services: Services, options: PagesOptions) {
  const { config, database, flags, cachedPublicGet } = options;
  const clientDir = options.clientDir ?? path.resolve("build/client");
  app.use(
    "/assets/*",
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_p, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  const publicFiles = serveStatic({
    root: clientDir,
    precompressed: true,
    onFound: (_p, c) => c.header("Cache-Control", "public, max-age=86400"),
  });
  // Every file of build/client has an extension and no page's address does: pages skip the file lookup.
  app.use("*", (c, next) => (/\.[^/]*$/.test(c.req.path) ? publicFiles(c, next) : next()));

  const handleRequest = createRequestHandler(options.build, "production");

  app.all("*", async (c, next) => {
    // Only visitors share cached pages; a stale or unknown session cookie also counts as a visitor.
    // Staff screens are never cached, whoever asks.
    const isVisitor =
      !c.var.student &&
      !c.var.sessionToken &&
      !isStaffPath(c.req.path) &&
      !isParentPath(c.req.path) &&
      !isLetterPath(c.req.path) &&
      !isPersonalPath(c.req.path);
    if (isVisitor) return cachedPublicGet(c, next);
    return next();
  });
  app.all("*", async (c) => {
    // A form post is read here, within MAX_FORM_BYTES (the limit refuses more while it streams, as a
    // 413), so a screen's action never meets an oversized body half way through its form data.
    // A post refused for its size before it was read (`limitScreenBody`) reaches the action without its body.
    const request =
      c.req.method === "GET" || c.req.method === "HEAD" || streamedUploadPaths.has(c.req.path)
        ? c.req.raw
        : c.var.bodyRefused
          ? new Request(c.req.url, { method: c.req.method, headers: withoutBody(c.req.raw.headers), signal: c.req.raw.signal })
          : new Request(c.req.url, {
              method: c.req.method,
              headers: c.req.raw.headers,
              body: await c.req.arrayBuffer(),
              signal: c.req.raw.signal,
            });
    const pageErrors: unknown[] = [];
    const renderedPage: { html?: Uint8Array<ArrayBuffer> } = {};
    // React Router 8 needs a RouterContextProvider; ours carries the screens' services as its own fields.
    const response = await handleRequest(
      request,
      Object.assign(new RouterContextProvider(), services.screens, {
        site: config.site,
        publicSettings: () => readPublicSettings(database.db),
        flagSprite: flags.address,
        requireLoginForDetails: config.requireLoginForDetails,
        limit: c.var.limit,
        rateLimits: config.rateLimits,
        student: c.var.student,
        sessionToken: c.var.sessionToken,
        staffMember: c.var.staff,
        staffToken: c.var.staffToken,
        bodyRefused: c.var.bodyRefused,
        resetProof: readCookie(c.req.header("Cookie"), RESET_PROOF_COOKIE),
        clientIp: c.var.clientIp,
        log: c.var.log,
        requestId: c.var.requestId,
        pageErrors,
        renderedPage,
      }),
    );
    // A screen that failed because the database is away gets the "back in a minute" page, not a bug's 500.
    if (response.status >= 500 && pageErrors.some(isDatabaseUnavailable)) return unavailableResponse(c.var.requestId);
    // What a student's or a staff member's session sees is theirs alone: no browser or proxy may keep it.
    // A screen may say no-store itself (a search that found little is counted each time: decision 0026).
    const cacheControl =
      c.var.student || isStaffPath(c.req.path) || response.headers.get("Cache-Control")?.includes("no-store")
        ? "private, no-store"
        : "no-cache";
    // A parent's page (decision 0028): kept by no cache, listed by no search engine, sending no referrer.
    // A recommender's page (decision 0075) likewise.
    const extra = isParentPath(c.req.path)
      ? Object.entries(parentPageHeaders)
      : isLetterPath(c.req.path)
        ? Object.entries(letterLinkHeaders)
        : [];
    if (!response.headers.get("Content-Type")?.startsWith("text/html")) {
      const headers = new Headers(response.headers);
      headers.set("Cache-Control", cacheControl);
      for (const [name, value] of extra) headers.set(name, value);
      return new Response(response.body, { status: response.status, headers });
    }
    // Pages are read whole so their inline scripts can be allowed by hash in the policy. The HTML comes
    // as entry.server rendered it, when it did: reading the answer's stream back cost more than the hashes.
    const bytes = renderedPage.html ?? new Uint8Array(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    headers.set("Content-Security-Policy", pagePolicy(inlineScriptHashes(utf8.decode(bytes))));
    headers.set("Cache-Control", cacheControl);
    for (const [name, value] of extra) headers.set(name, value);
    c.set("pageBytes", bytes);
    return new Response(bytes, { status: response.status, headers });
  });
}
