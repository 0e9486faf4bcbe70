import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { ServerBuild } from "react-router";
import { AppError } from "../modules/errors.ts";
import { createMetrics, type Metrics } from "../platform/metrics.ts";
import { applyingApi } from "./api/applying.ts";
import { authApi } from "./api/auth.ts";
import { catalogueApi } from "./api/catalogue.ts";
import { choosingApi } from "./api/choosing.ts";
import { consultationsApi } from "./api/consultations.ts";
import { deadlinesApi } from "./api/deadlines.ts";
import { documentsApi, filesRoute } from "./api/documents.ts";
import { eligibilityApi } from "./api/eligibility.ts";
import { fundingApi } from "./api/funding.ts";
import { lettersApi } from "./api/letters.ts";
import { loansApi } from "./api/loans.ts";
import { messagesApi, staffMessagesApi } from "./api/messages.ts";
import { offersApi } from "./api/offers.ts";
import { openApiRoute } from "./api/openapi.ts";
import { parentsApi } from "./api/parents.ts";
import { exportFileRoute, privacyApi, staffErasureApi } from "./api/privacy.ts";
import { staffApi } from "./api/staff.ts";
import { staffCatalogueApi } from "./api/staff-catalogue.ts";
import { staffChoosingApi } from "./api/staff-choosing.ts";
import { staffImportsApi } from "./api/staff-imports.ts";
import { staffLeadsApi } from "./api/staff-leads.ts";
import { staffFilesRoute } from "./api/staff-records.ts";
import { staffReportsApi } from "./api/staff-reports.ts";
import { statementsApi } from "./api/statements.ts";
import { studentsApi } from "./api/students.ts";
import { recordingRoute, staffRecordingRoute, visasApi } from "./api/visas.ts";
import { answerFromCache } from "./cached-answers.ts";
import { calendarFeedRoute } from "./calendar-feed.ts";
import type { ServerEnv } from "./context.ts";
import { errorResponse } from "./errors.ts";
import { flagSpriteRoute, flagSprites } from "./flag-sprite.ts";
import { universityPlaceholderSvg } from "./images.ts";
import { bearerMatches, countRequests, databaseGauges } from "./metrics.ts";
import {
  formBodyLimit,
  letterScreenLimit,
  pictureScreenLimit,
  publicGetCache,
  requestContext,
  whoIsAsking,
} from "./middleware.ts";
import { servePages } from "./pages.ts";
import { constantSecurityHeaders, refuseControlCharacters, sameOriginWrites, securityHeaders } from "./security.ts";
import { createServices, type ServicesOptions } from "./services.ts";

export interface AppOptions extends ServicesOptions {
  /** The React Router server build; without it only the APIs are served (API tests). */
  build?: ServerBuild;
  clientDir?: string;
  /** flag-icons' 4x3 SVGs, drawn into the flag sprites (decision 0043). */
  flagsDir?: string;
  /** The figures /metrics serves (decision 0064); made here unless the caller keeps its own. */
  metrics?: Metrics;
}

/**
 * The HTTP app: the services (services.ts), the middleware every request passes (middleware.ts), the
 * APIs and files, and the screens (pages.ts).
 */
export function createApp(options: AppOptions) {
  const { config, database, log } = options;
  const flags = flagSprites(options.flagsDir ?? path.resolve("node_modules/flag-icons/flags/4x3"));
  const services = createServices(options);
  const app = new Hono<ServerEnv>();
  const metrics = options.metrics ?? createMetrics();
  databaseGauges(metrics, database);

  app.use(countRequests(metrics));
  app.use(requestContext(config, log, services.rateLimiter));
  app.use(securityHeaders({ https: config.publicUrl?.startsWith("https:") ?? false }));
  app.use(sameOriginWrites(config.publicUrl));
  app.use(refuseControlCharacters);
  app.use(formBodyLimit);
  app.use(letterScreenLimit(services.letters));
  app.use(compress());
  app.use(whoIsAsking(services));
  app.use(pictureScreenLimit);

  app.onError((error, c) => errorResponse(c, error));

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  // For the operator's scraper only (decision 0064): with METRICS_TOKEN as a bearer token; without the
  // setting, as if there were no such address.
  app.get("/metrics", async (c) => {
    if (!config.metricsToken) throw new AppError("not_found", "Not found");
    if (!bearerMatches(c.req.header("Authorization"), config.metricsToken)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.json({ message: "A metrics token is needed." }, 401);
    }
    return c.body(await metrics.text(), 200, { "Content-Type": metrics.contentType, "Cache-Control": "no-store" });
  });
  app.get("/readyz", async (c) => {
    try {
      await database.ping();
    } catch (error) {
      c.var.log.warn({ err: error }, "database not ready");
      return c.json({ status: "unavailable" }, 503);
    }
    // Not ready until the search index is first built (decision 0068): before that every search goes to the
    // database and takes a hundred times as long, so a load balancer must not send students here yet. Later
    // rebuilds (after an edit, decision 0022) keep answering from the previous index and stay ready.
    if (!services.catalogueMirror.started()) return c.json({ status: "starting", catalogueMirror: "building" }, 503);
    return c.json({ status: "ready", catalogueMirror: services.catalogueMirror.current() ? "ready" : "building" });
  });

  const cachedPublicGet = publicGetCache(services.publicCache, metrics);

  app.use("/api/catalogue/*", cachedPublicGet);
  app.route("/api/catalogue", catalogueApi(services.catalogue, config.rateLimits.search, services.costs.rupeesPerUnit));
  // The application API answers about accounts and students: nothing of it may be kept by a cache.
  app.use("/api/v1/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "private, no-store");
  });
  app.route("/api/v1", authApi(services.identity, services.cookies, services.students));
  app.route("/api/v1", studentsApi(services.students));
  app.route("/api/v1", applyingApi(services.applying));
  app.route("/api/v1", documentsApi(services.documents));
  app.route("/api/v1", choosingApi(services.catalogue, services.costs, services.scholarships));
  app.route("/api/v1", eligibilityApi(services.catalogue, services.students));
  app.route("/api/v1", privacyApi(services.privacy, services.cookies));
  app.route("/api/v1", parentsApi(services.parents));
  app.route("/api/v1", visasApi(services.visas));
  app.route("/api/v1", messagesApi(services.messages));
  app.route("/api/v1", deadlinesApi(services.deadlines));
  app.route("/api/v1/consultations", consultationsApi(services.consultations, config.rateLimits.consultation));
  app.route("/api/v1/staff", staffApi(services.staff, services.cookies));
  app.route("/api/v1/staff", staffLeadsApi(services.staff));
  app.route("/api/v1/staff", staffCatalogueApi(services.staff));
  app.route("/api/v1/staff", staffReportsApi(services.staff));
  app.route("/api/v1/staff", staffImportsApi(services.staff));
  app.route("/api/v1/staff", staffChoosingApi(services.staff));
  app.route("/api/v1/staff", staffErasureApi(services.staff));
  app.route("/api/v1/staff", staffMessagesApi(services.staff));
  app.route("/api/v1", statementsApi(services.statements));
  app.route("/api/v1", lettersApi(services.letters));
  app.route("/api/v1", loansApi(services.loans, services.departure));
  app.route("/api/v1", offersApi(services.offers, services.staff));
  app.route("/api/v1", fundingApi(services.funding));
  app.route("/", openApiRoute(app));
  app.all("/api/*", () => {
    throw new AppError("not_found", "No such API path");
  });

  app.route("/", recordingRoute(services.visas));
  app.get("/staff/files/recordings/:publicId", staffRecordingRoute(services.staff));
  app.route("/", filesRoute(services.documents));
  app.get("/files/exports/:publicId", exportFileRoute(services.privacy));
  app.get("/calendar/:file", calendarFeedRoute(services.deadlines));
  app.get("/staff/files/:publicId", staffFilesRoute(services.documents, services.staff));
  app.get("/favicon.ico", (c) => c.redirect("/favicon.svg", 301));
  // A page's flags in one request (decision 0043).
  app.get("/flags/:file{sprite-[0-9a-f]{12}\\.svg}", flagSpriteRoute(flags));
  // An uploaded picture: its address names its storage key, new with each upload, so it is kept for a year.
  app.get("/images/universities/:file{[0-9]{1,9}-[0-9a-f]{32}\\.webp}", async (c) => {
    const [id = "", key = ""] = c.req
      .param("file")
      .replace(/\.webp$/, "")
      .split("-");
    const picture = await services.catalogue.universityPicture(Number.parseInt(id, 10), key);
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
    servePages(app, services, {
      config,
      database,
      build: options.build,
      clientDir: options.clientDir,
      flags,
      cachedPublicGet,
    });
  }

  const https = config.publicUrl?.startsWith("https:") ?? false;
  const cachedAnswers = (request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    const answered = answerFromCache(services.publicCache, constantSecurityHeaders({ https }), log, request, response);
    // Answered before Hono: counted here, as a hit and under one route of their own.
    if (answered) {
      metrics.cacheLookup(true);
      metrics.request("GET", "(cached)", response.statusCode, (performance.now() - started) / 1000);
    }
    return answered;
  };
  return { app, metrics, cachedAnswers, ...services };
}
