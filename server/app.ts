import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { createCatalogueService } from "../modules/catalogue/catalogue.ts";
import { createCatalogueMirror } from "../modules/catalogue/catalogue-mirror.ts";
import { createStaffService } from "../modules/console/console.ts";
import { readPublicSettings } from "../modules/console-settings.ts";
import { createCostService } from "../modules/costs/costs.ts";
import { createCounsellingService } from "../modules/counselling/counselling.ts";
import { createDocumentService } from "../modules/documents/documents.ts";
import { AppError, rateLimited } from "../modules/errors.ts";
import { createIdentityService } from "../modules/identity/identity.ts";
import { createConsultationService } from "../modules/leads/bookings.ts";
import { createMessageService } from "../modules/messages/messages.ts";
import { createParentLinkService, pathForLog } from "../modules/parents/parents.ts";
import { createPrivacyService } from "../modules/privacy/privacy.ts";
import { createScholarshipService } from "../modules/scholarships/scholarships.ts";
import { createStudentService } from "../modules/students/students.ts";
import { createVisaService } from "../modules/visas/visas.ts";
import { PublicCache } from "../platform/cache.ts";
import { clientAddress, limitKeyOf } from "../platform/client-address.ts";
import type { Config } from "../platform/config.ts";
import { cookieWriter, RESET_PROOF_COOKIE, readCookie, SESSION_COOKIE, STAFF_SESSION_COOKIE } from "../platform/cookies.ts";
import { type DatabaseHandle, isDatabaseUnavailable } from "../platform/db/client.ts";
import type { JobSender } from "../platform/jobs.ts";
import type { Logger } from "../platform/log.ts";
import { createMailer, type Mailer } from "../platform/mail/mailer.ts";
import { createDatabaseRateLimiter, createMemoryRateLimiter, type RateLimiter } from "../platform/rate-limit.ts";
import { connectSharedState } from "../platform/redis.ts";
import type { FileStorage } from "../platform/storage/file-storage.ts";
import { openFileStorage } from "../platform/storage/open-storage.ts";
import { catalogueAdminMessages, UNIVERSITY_PICTURE_MAX_BYTES } from "../vocabulary/catalogue.ts";
import { DEFAULT_LANGUAGE } from "../vocabulary/languages.ts";
import { authApi } from "./api/auth.ts";
import { catalogueApi } from "./api/catalogue.ts";
import { choosingApi } from "./api/choosing.ts";
import { consultationsApi } from "./api/consultations.ts";
import { documentsApi, filesRoute } from "./api/documents.ts";
import { eligibilityApi } from "./api/eligibility.ts";
import { messagesApi, staffMessagesApi } from "./api/messages.ts";
import { openApiDocument } from "./api/openapi.ts";
import { parentPageHeaders, parentsApi } from "./api/parents.ts";
import { presentCountry } from "./api/presenters.ts";
import { exportFileRoute, privacyApi, staffErasureApi } from "./api/privacy.ts";
import { staffApi } from "./api/staff.ts";
import { staffCatalogueApi } from "./api/staff-catalogue.ts";
import { staffChoosingApi } from "./api/staff-choosing.ts";
import { staffImportsApi } from "./api/staff-imports.ts";
import { staffLeadsApi } from "./api/staff-leads.ts";
import { staffFilesRoute } from "./api/staff-records.ts";
import { staffReportsApi } from "./api/staff-reports.ts";
import { studentsApi } from "./api/students.ts";
import { limitBody, limitRequestBody } from "./api/uploads.ts";
import { recordingRoute, staffRecordingRoute, visasApi } from "./api/visas.ts";
import {
  answerFromCache,
  type CachedAnswer,
  isParentPath,
  isPersonalPath,
  isStaffPath,
  languageOfAnswer,
  sharedAnswerKey,
} from "./cached-answers.ts";
import type { ServerEnv } from "./context.ts";
import { errorResponse } from "./errors.ts";
import { flagSpriteRoute, flagSprites } from "./flag-sprite.ts";
import { universityPlaceholderSvg } from "./images.ts";
import {
  constantSecurityHeaders,
  inlineScriptHashes,
  pagePolicy,
  refuseControlCharacters,
  sameOriginWrites,
  securityHeaders,
} from "./security.ts";
import { unavailableResponse } from "./unavailable-page.ts";

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  log: Logger;
  /** The React Router server build; without it only the APIs are served (API tests). */
  build?: ServerBuild;
  clientDir?: string;
  /** flag-icons' 4x3 SVGs, drawn into the flag sprites (decision 0043). */
  flagsDir?: string;
  rateLimiter?: RateLimiter;
  mailer?: Mailer;
  /** Where private uploads live; defaults to the bucket STORAGE_URL names, else local disk under DATA_DIR/uploads. */
  storage?: FileStorage;
  /**
   * The job queue (platform/jobs.ts) that runs a catalogue import's dry run and apply, once across
   * instances (server/background.ts registers the workers). Without it (API tests) they run at once here.
   */
  jobs?: JobSender;
}

/**
 * Public answers a CDN may share: browsers revalidate every time (max-age=0), a shared cache keeps them a
 * minute and may serve a stale copy for five more while it fetches a fresh one.
 */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
/**
 * A public page in another language than English (decision 0029): kept in our own cache under its
 * language, but no CDN may keep it, whether or not it honours `Vary: Cookie`; browsers revalidate it.
 */
export const OTHER_LANGUAGE_CACHE_CONTROL = "private, no-cache";

/** Forms and JSON bodies are small; a larger body is refused while it streams, before anything parses it. */
export const MAX_FORM_BYTES = 64 * 1024;
/** The catalogue import's upload (API and screen): its body streams to storage under its own limit (decision 0020). */
const streamedUploadPaths = new Set([
  "/api/v1/staff/catalogue/imports",
  "/staff/catalogue/import",
  "/staff/catalogue/import.data",
]);
const uploadPaths = new Set(["/api/v1/students/me/files", "/api/v1/students/me/photo", ...streamedUploadPaths]);
/** A practice's spoken answer: its handler limits the body to the longest recording allowed (decision 0049). */
const practiceAnswer = /^\/api\/v1\/students\/me\/visa-practices\/\d+\/answers$/;
/** The API's upload of a university's picture: its handler checks the staff session, then limits the body. */
const pictureUpload = /^\/api\/v1\/staff\/catalogue\/universities\/\d+\/picture$/;
/** Console screens whose form may carry a university's picture (posted to the screen's action, with or without scripts). */
const pictureScreen = /^\/staff\/catalogue\/universities\/(new|\d+)(\.data)?$/;
const formLimit = limitRequestBody(MAX_FORM_BYTES, `This request is too large (at most ${MAX_FORM_BYTES / 1024} KB).`);
/** A picture screen's body: the picture's limit for signed-in staff, a form's for anyone else. */
const pictureFormLimit = limitBody(UNIVERSITY_PICTURE_MAX_BYTES, catalogueAdminMessages.pictureTooLarge);
/** Pages' HTML, read once to hash their inline scripts. */
const utf8 = new TextDecoder();
/** Every body but an upload's (which has its own file limit) is held to MAX_FORM_BYTES. */
const formBodyLimit: MiddlewareHandler<ServerEnv> = (c, next) =>
  uploadPaths.has(c.req.path) ||
  practiceAnswer.test(c.req.path) ||
  pictureUpload.test(c.req.path) ||
  pictureScreen.test(c.req.path)
    ? next()
    : formLimit(c, next);

/** What the public cache may hold: the most visited pages fit; a crawl over every page cannot grow the process. */
const PUBLIC_CACHE_BYTES = 24 * 1024 * 1024;

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

export function createApp(options: AppOptions) {
  const { config, database, log } = options;
  const flags = flagSprites(options.flagsDir ?? path.resolve("node_modules/flag-icons/flags/4x3"));
  // A storage handed in (tests) is the caller's to close; the configured one is closed with the app.
  const configuredStorage = options.storage ? undefined : openFileStorage(config);
  const storage: FileStorage = options.storage ?? (configuredStorage as FileStorage);
  // Searches and university lists are answered from a mirror that follows the catalogue's version (decision 0022).
  // Reading 200,000 courses leaves a hundred megabytes or so of garbage that an idle server would keep
  // until its next full collection: the production server (--expose-gc, scripts/build-state.mjs)
  // collects once each time the mirror is built, a pause of some tens of milliseconds.
  const catalogueMirror = createCatalogueMirror(database.db, log, {
    afterBuild: () => (globalThis as { gc?: () => void }).gc?.(),
  });
  const catalogue = createCatalogueService(database.db, catalogueMirror, storage);
  // Rate limits (decision 0021): with REDIS_URL, shared through Redis (the database's counters when it
  // cannot answer); on PGlite, one process's by nature, in memory; else in the database, shared by all.
  const databaseLimiter = createDatabaseRateLimiter(database.db);
  const shared = config.redisUrl ? connectSharedState(config.redisUrl, log, databaseLimiter) : undefined;
  const rateLimiter =
    options.rateLimiter ?? shared?.limiter ?? (database.kind === "pglite" ? createMemoryRateLimiter() : databaseLimiter);
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log });
  const consultations = createConsultationService({
    db: database.db,
    mailer,
    staffEmail: config.staffEmail,
    siteEmail: config.site.email,
    log,
    // The assigned counsellor's mail is queued with the booking (decision 0042).
    jobs: options.jobs,
    siteAddress: config.siteAddress,
  });
  /** Public answers are the same for every visitor; catalogue writes clear it (publicCache.clear()). */
  const publicCache = new PublicCache<CachedAnswer>(2000, 60_000, Date.now, {
    maxBytes: PUBLIC_CACHE_BYTES,
    sizeOf: (answer) => answer.body.byteLength,
  });
  // Rupee amounts (decision 0025): their edits go through the staff service below.
  const costs = createCostService(database.db);
  // Another instance changed the catalogue: forget here too (this instance's own news clears it twice, harmlessly).
  shared?.onCatalogueChange(() => {
    publicCache.clear();
    costs.forget();
    void catalogueMirror.check().catch(() => undefined);
  });
  const identity = createIdentityService({
    db: database.db,
    mailer,
    limiter: rateLimiter,
    log,
    siteAddress: config.siteAddress,
  });
  const students = createStudentService(database.db);
  const scholarships = createScholarshipService(database.db);
  const documents = createDocumentService({
    db: database.db,
    storage,
    log,
    limiter: rateLimiter,
    orphanGraceMs: config.orphanFileGraceHours * 3_600_000,
  });
  const visas = createVisaService({
    db: database.db,
    storage,
    log,
    mailer,
    jobs: options.jobs,
    siteAddress: config.publicUrl,
  });
  const privacy = createPrivacyService({ db: database.db, storage, log, limiter: rateLimiter, jobs: options.jobs });
  // A student's read-only links for a parent (decision 0028); erasure takes them with the account.
  const parents = createParentLinkService({
    db: database.db,
    limiter: rateLimiter,
    applicationsOf: students.listApplications,
    siteAddress: config.publicUrl,
  });
  // One conversation per student (decision 0037): the student's side; the console's is in `staff`.
  const messages = createMessageService({
    db: database.db,
    limiter: rateLimiter,
    log,
    mailer,
    jobs: options.jobs,
    siteAddress: config.siteAddress,
  });
  // Counselling sessions on a calendar (decision 0036): a student's bookings with their counsellor, and the
  // free consultation's slots; the console's side is in the staff service.
  const counselling = createCounsellingService({
    db: database.db,
    mailer,
    log,
    jobs: options.jobs,
    siteAddress: config.siteAddress,
  });
  const staff = createStaffService({
    db: database.db,
    limiter: rateLimiter,
    log,
    mailer,
    siteAddress: config.siteAddress,
    storage,
    onCatalogueChange: async () => {
      publicCache.clear();
      costs.forget();
      shared?.announceCatalogueChange();
      // Only the records written are changed in the mirror (decision 0038); other instances do the same
      // from the catalogue's recorded steps when they hear of it (above) or read its version.
      await catalogueMirror.changed();
    },
    // A catalogue import's dry run and apply are jobs: queued with the request's change of status, run by
    // whichever instance takes them, retried after a crash (decisions 0020, 0021).
    jobs: options.jobs,
    // An admin's erasure of a student on a request by mail is the privacy module's (decision 0024).
    eraseStudent: privacy.erase,
    eraseLeads: privacy.eraseLeads,
  });
  const cookies = cookieWriter(config.publicUrl?.startsWith("https:") ?? false);
  const app = new Hono<ServerEnv>();

  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header("X-Request-Id")?.slice(0, 64) || randomUUID();
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
    await next();
    const ms = Math.round(performance.now() - started);
    // A parent link's token is a secret: the logs keep the path without it (decision 0028).
    c.var.log.info({ method: c.req.method, path: pathForLog(c.req.path), status: c.res.status, ms }, "request");
  });
  app.use(securityHeaders({ https: config.publicUrl?.startsWith("https:") ?? false }));
  app.use(sameOriginWrites(config.publicUrl));
  app.use(refuseControlCharacters);
  app.use(formBodyLimit);
  app.use(compress());

  /** Who is asking: the student of a valid session cookie, else a visitor. Static files need no one. */
  app.use(async (c, next) => {
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
  });
  app.use((c, next) => (pictureScreen.test(c.req.path) ? (c.var.staff ? pictureFormLimit : formLimit)(c, next) : next()));

  app.onError((error, c) => errorResponse(c, error));

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await database.ping();
      // "building": searches and lists are answered by the database until the mirror is read (decision 0022).
      return c.json({ status: "ready", catalogueMirror: catalogueMirror.current() ? "ready" : "building" });
    } catch (error) {
      c.var.log.warn({ err: error }, "database not ready");
      return c.json({ status: "unavailable" }, 503);
    }
  });

  /** Public GET answers from the cache; only successful, cookie-free answers are kept. */
  const cachedPublicGet: MiddlewareHandler<ServerEnv> = async (c, next) => {
    if (c.req.method !== "GET") return next();
    const key = cacheKeyOf(c.req.url, c.req.header("Cookie"));
    const hit = publicCache.get(key);
    if (hit) return new Response(hit.body, { status: hit.status, headers: hit.headers });
    await next();
    // A search that found little says no-store: each one is counted for staff (decision 0026).
    if (c.res.status === 200 && !c.res.headers.has("Set-Cookie") && !c.res.headers.get("Cache-Control")?.includes("no-store")) {
      // The same for every visitor: a CDN may keep it briefly too (decision 0021). Vary: Cookie keeps a
      // signed-in student's request away from the shared copy.
      const language = languageOfAnswer(c.req.path, c.req.header("Cookie"));
      c.res.headers.set("Cache-Control", language === DEFAULT_LANGUAGE ? SHARED_CACHE_CONTROL : OTHER_LANGUAGE_CACHE_CONTROL);
      c.res.headers.set("Vary", "Cookie");
      const body = c.var.pageBytes ?? new Uint8Array(await c.res.clone().arrayBuffer());
      publicCache.set(key, { status: 200, headers: [...c.res.headers.entries()], body });
    }
  };

  app.use("/api/catalogue/*", cachedPublicGet);
  app.route("/api/catalogue", catalogueApi(catalogue, config.rateLimits.search, costs.rupeesPerUnit));
  // The application API answers about accounts and students: nothing of it may be kept by a cache.
  app.use("/api/v1/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "private, no-store");
  });
  app.get("/api/v1/countries", async (c) => c.json({ data: (await catalogue.listCountries()).map(presentCountry) }));
  app.route("/api/v1", authApi(identity, cookies, students));
  app.route("/api/v1", studentsApi(students));
  app.route("/api/v1", documentsApi(documents));
  app.route("/api/v1", choosingApi(catalogue, costs, scholarships));
  app.route("/api/v1", eligibilityApi(catalogue, students));
  app.route("/api/v1", privacyApi(privacy, cookies));
  app.route("/api/v1", parentsApi(parents));
  app.route("/api/v1", visasApi(visas));
  app.route("/api/v1", messagesApi(messages));
  app.route("/api/v1/consultations", consultationsApi(consultations, config.rateLimits.consultation));
  app.route("/api/v1/staff", staffApi(staff, cookies));
  app.route("/api/v1/staff", staffLeadsApi(staff));
  app.route("/api/v1/staff", staffCatalogueApi(staff));
  app.route("/api/v1/staff", staffReportsApi(staff));
  app.route("/api/v1/staff", staffImportsApi(staff));
  app.route("/api/v1/staff", staffChoosingApi(staff));
  app.route("/api/v1/staff", staffErasureApi(staff));
  app.route("/api/v1/staff", staffMessagesApi(staff));
  const openApi = openApiDocument();
  app.get("/api/openapi.json", (c) => c.json(openApi));
  app.all("/api/*", () => {
    throw new AppError("not_found", "No such API path");
  });

  app.get("/files/recordings/:publicId", recordingRoute(visas));
  app.get("/staff/files/recordings/:publicId", staffRecordingRoute(staff));
  app.get("/files/:publicId", filesRoute(documents));
  app.get("/files/exports/:publicId", exportFileRoute(privacy));
  app.get("/staff/files/:publicId", staffFilesRoute(documents, staff));
  app.get("/favicon.ico", (c) => c.redirect("/favicon.svg", 301));
  // A page's flags in one request (decision 0043).
  app.get("/flags/:file{sprite-[0-9a-f]{12}\\.svg}", flagSpriteRoute(flags));
  // An uploaded picture: its address names its storage key, new with each upload, so it is kept for a year.
  app.get("/images/universities/:file{[0-9]{1,9}-[0-9a-f]{32}\\.webp}", async (c) => {
    const [id = "", key = ""] = c.req
      .param("file")
      .replace(/\.webp$/, "")
      .split("-");
    const picture = await catalogue.universityPicture(Number.parseInt(id, 10), key);
    if (!picture) throw new AppError("not_found", "No such picture");
    const headers = {
      "Content-Type": "image/webp",
      "Content-Length": String(picture.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    };
    if (c.req.method === "HEAD") {
      await picture.body.cancel();
      return c.body(null, 200, headers);
    }
    return c.body(picture.body, 200, headers);
  });
  app.get("/images/universities/:file{[0-9]{1,9}\\.svg}", (c) => {
    const id = Number.parseInt(c.req.param("file"), 10);
    return c.body(universityPlaceholderSvg(id), 200, {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400",
    });
  });

  if (options.build) {
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
        !isPersonalPath(c.req.path);
      if (isVisitor) return cachedPublicGet(c, next);
      return next();
    });
    app.all("*", async (c) => {
      // A form post is read here, within MAX_FORM_BYTES (the limit refuses more while it streams, as a
      // 413), so a screen's action never meets an oversized body half way through its form data.
      const request =
        c.req.method === "GET" || c.req.method === "HEAD" || streamedUploadPaths.has(c.req.path)
          ? c.req.raw
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
        Object.assign(new RouterContextProvider(), {
          catalogue,
          site: config.site,
          publicSettings: () => readPublicSettings(database.db),
          flagSprite: flags.address,
          requireLoginForDetails: config.requireLoginForDetails,
          limit: c.var.limit,
          rateLimits: config.rateLimits,
          consultations,
          identity,
          students,
          documents,
          costs,
          scholarships,
          privacy,
          parents,
          visas,
          messages,
          counselling,
          cookies,
          student: c.var.student,
          sessionToken: c.var.sessionToken,
          staff,
          staffMember: c.var.staff,
          staffToken: c.var.staffToken,
          resetProof: readCookie(c.req.header("Cookie"), RESET_PROOF_COOKIE),
          clientIp: c.var.clientIp,
          log: c.var.log,
          pageErrors,
          renderedPage,
        }),
      );
      // A screen that failed because the database is away gets the "back in a minute" page, not a bug's 500.
      if (response.status >= 500 && pageErrors.some(isDatabaseUnavailable)) return unavailableResponse();
      // What a student's or a staff member's session sees is theirs alone: no browser or proxy may keep it.
      // A screen may say no-store itself (a search that found little is counted each time: decision 0026).
      const cacheControl =
        c.var.student || isStaffPath(c.req.path) || response.headers.get("Cache-Control")?.includes("no-store")
          ? "private, no-store"
          : "no-cache";
      // A parent's page (decision 0028): kept by no cache, listed by no search engine, sending no referrer.
      const extra = isParentPath(c.req.path) ? Object.entries(parentPageHeaders) : [];
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

  /** Lets go of what the app opened beyond the database (the mirror's timer, Redis connections, the bucket's client). */
  const close = async () => {
    catalogueMirror.stop();
    await shared?.close();
    await configuredStorage?.close();
  };
  const https = config.publicUrl?.startsWith("https:") ?? false;
  const cachedAnswers = (request: IncomingMessage, response: ServerResponse) =>
    answerFromCache(publicCache, constantSecurityHeaders({ https }), log, request, response);
  return {
    app,
    cachedAnswers,
    publicCache,
    catalogue,
    catalogueMirror,
    consultations,
    identity,
    documents,
    students,
    costs,
    scholarships,
    staff,
    privacy,
    parents,
    visas,
    messages,
    counselling,
    close,
  };
}
