// A real server process for fault tests: the APIs only (no React Router build, so it needs no `npm run
// build`), configured from the environment like server/main.ts: PGlite under DATA_DIR, or DATABASE_URL.
// Run: `node --import tsx tests/support/serve-api.ts`. With PORT=0 the system picks a free port; once the
// database is migrated and the server listens, one line `SERVE_API_PORT=<port>` is written to stdout.
import { serve } from "@hono/node-server";
import { loadConfigOrExit } from "../../platform/config.ts";
import { openDatabase } from "../../platform/db/client.ts";
import { createLogger } from "../../platform/log.ts";
import { createApp } from "../../server/app.ts";
import { prepareDatabase } from "../../server/startup.ts";

async function main() {
  const config = loadConfigOrExit();
  const log = createLogger(config.logLevel);
  const database = openDatabase(config, (error) => log.warn({ err: error }, "idle database connection lost"));
  await prepareDatabase(config, database, log);
  const { app, consultations } = createApp({ config, database, log });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    process.stdout.write(`SERVE_API_PORT=${info.port}\n`);
  });

  // SIGTERM stops cleanly (the fault tests stop a server this way before they read its PGlite files).
  const stop = () => {
    server.close(() => {
      consultations
        .settle()
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error) => {
  process.stderr.write(`serve-api could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
