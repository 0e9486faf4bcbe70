import { loadConfig } from "../../platform/config.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createLogger } from "../../platform/log.ts";
import { createApp } from "../../server/app.ts";

/** The real HTTP app over a test database, called in-process. */
export function createTestApp(database: DatabaseHandle, env: Record<string, string> = {}) {
  const config = loadConfig({ SEED: "none", ...env });
  return createApp({ config, database, log: createLogger("silent") });
}
