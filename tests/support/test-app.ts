import { loadConfig } from "../../platform/config.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createLogger } from "../../platform/log.ts";
import { type AppOptions, createApp } from "../../server/app.ts";

/** Parts a test may put in place of the real ones, e.g. a file storage that fails, or give (a job queue). */
export type TestAppParts = Pick<AppOptions, "storage" | "mailer" | "rateLimiter" | "jobs"> & { log?: AppOptions["log"] };

export type TestApp = ReturnType<typeof createTestApp>;

/**
 * The real HTTP app (server/app.ts) over a test database, called in-process. It trusts the right-most
 * X-Forwarded-For entry, as behind our proxy, so each test client can have an address of its own.
 */
export function createTestApp(database: DatabaseHandle, env: Record<string, string> = {}, parts: TestAppParts = {}) {
  const config = loadConfig({ SEED: "none", TRUST_PROXY: "true", ...env });
  return createApp({ config, database, ...parts, log: parts.log ?? createLogger("silent") });
}
