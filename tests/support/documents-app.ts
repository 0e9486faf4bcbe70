import path from "node:path";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createDocumentService, type DocumentService } from "../../modules/documents/documents.ts";
import { AppError } from "../../modules/errors.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createLogger } from "../../platform/log.ts";
import { createLocalFileStorage, type FileStorage } from "../../platform/storage/file-storage.ts";
import { documentsApi, filesRoute } from "../../server/api/documents.ts";
import type { ServerEnv } from "../../server/context.ts";
import { readCookie, SESSION_COOKIE } from "../../server/cookies.ts";
import { sameOriginWrites, securityHeaders } from "../../server/security.ts";
import { createTestApp } from "./test-app.ts";

/**
 * The real app (tests/support/test-app.ts) with the documents routes in front of it, behind the same
 * request context, session lookup, security headers and error answers as server/app.ts. Everything
 * else (sign-up, login) falls through to the real app.
 */
export function createDocumentsTestApp(database: DatabaseHandle, env: Record<string, string> & { DATA_DIR: string }) {
  const testApp = createTestApp(database, env);
  const trustProxy = env.TRUST_PROXY === "true";
  const uploadsDir = path.join(env.DATA_DIR, "uploads");
  const serviceOver = (storage: FileStorage) => createDocumentService({ db: database.db, storage, log: createLogger("silent") });
  const documents = serviceOver(createLocalFileStorage(uploadsDir));
  return {
    app: withDocuments(testApp, documents, trustProxy),
    documents,
    uploadsDir,
    identity: testApp.identity,
    /** The same app over another storage (e.g. one that fails), sharing the database and sessions. */
    withStorage: (storage: FileStorage) => withDocuments(testApp, serviceOver(storage), trustProxy),
  };
}

function withDocuments(testApp: ReturnType<typeof createTestApp>, documents: DocumentService, trustProxy: boolean) {
  const log = createLogger("silent");
  const app = new Hono<ServerEnv>();
  app.use(async (c, next) => {
    const forwarded = trustProxy ? c.req.header("X-Forwarded-For")?.split(",")[0]?.trim() : undefined;
    c.set("clientIp", forwarded || "unknown");
    c.set("log", log);
    c.set("limit", async () => undefined);
    await next();
  });
  app.use(securityHeaders({ https: false }));
  app.use(sameOriginWrites);
  app.use(compress());
  app.use(async (c, next) => {
    const token = readCookie(c.req.header("Cookie"), SESSION_COOKIE);
    c.set("sessionToken", token);
    c.set("student", token ? await testApp.identity.studentForSession(token) : null);
    await next();
  });
  app.onError((error, c) => {
    if (AppError.is(error)) {
      return c.json(
        { message: error.message, error: { code: error.kind, message: error.message, fields: error.fields } },
        error.status as 400,
      );
    }
    c.var.log.error({ err: error }, "unexpected error");
    return c.json({ error: { code: "internal", message: "Something went wrong on our side. Please try again later." } }, 500);
  });
  app.route("/api/v1", documentsApi(documents));
  app.get("/files/:publicId", filesRoute(documents));
  app.all("*", (c) => testApp.app.fetch(c.req.raw));
  return app;
}
