// A real server process for fault tests: the APIs only (no React Router build, so it needs no `npm run
// build`), configured from the environment like server/main.ts: PGlite under DATA_DIR, or DATABASE_URL.
// Run: `node --import tsx tests/support/serve-api.ts` (the tests run it compiled, tests/support/compiled.ts).
// With PORT=0 the system picks a free port; once the database is migrated and the server listens, one line
// `SERVE_API_PORT=<port>` is written to stdout.
// SERVE_API_JOBS=1 runs the job queue and the background work as server/main.ts does (imports run as jobs);
// SIGTERM stops it as server/main.ts stops (server/shutdown.ts), within SHUTDOWN_GRACE_SECONDS.
import { serve } from "@hono/node-server";
import { loadConfigOrExit } from "../../platform/config.ts";
import { openDatabase } from "../../platform/db/client.ts";
import { type JobQueue, startJobQueue } from "../../platform/jobs.ts";
import { createLogger } from "../../platform/log.ts";
import { createApp } from "../../server/app.ts";
import { startBackgroundWork } from "../../server/background.ts";
import { openControlSocket } from "../../server/control-socket.ts";
import { stopCleanly } from "../../server/shutdown.ts";
import { prepareDatabase } from "../../server/startup.ts";

async function main() {
  const config = loadConfigOrExit();
  const log = createLogger(config.logLevel);
  const database = openDatabase(config, (error) => log.warn({ err: error }, "idle database connection lost"));
  await prepareDatabase(config, database, log);
  let jobs: JobQueue | undefined;
  if (process.env.SERVE_API_JOBS === "1") jobs = await startJobQueue(database, log, { onlyInstance: database.kind === "pglite" });
  const services = createApp({ config, database, log, jobs });
  if (jobs) await startBackgroundWork(jobs, services, config.digestHourIst, log);
  if (config.admin) await services.staff.team.ensureAdmin(config.admin);

  const closeControl = await openControlSocket(config.dataDir, database, log);
  const server = serve({ fetch: services.app.fetch, port: config.port, hostname: config.host }, (info) => {
    process.stdout.write(`SERVE_API_PORT=${info.port}\n`);
  });

  // SIGTERM stops cleanly (the fault tests stop a server this way before they read its PGlite files).
  const stop = stopCleanly({
    server: server as import("node:http").Server,
    log,
    graceMs: config.shutdownGraceMs,
    jobs,
    finish: () => Promise.all([services.consultations.settle(), services.close(), closeControl()]).then(() => database.close()),
  });
  const exitWhenStopped = (signal: string) => {
    stop(signal).then(
      () => process.exit(0),
      (error) => {
        process.stderr.write(`the stop failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => exitWhenStopped("SIGTERM"));
  process.on("SIGINT", () => exitWhenStopped("SIGINT"));
}

main().catch((error) => {
  process.stderr.write(`serve-api could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
