// First: stops with a clear message on a Node older than package.json's engines (decision 0033).
import "./runtime-check.ts";
import { fork } from "node:child_process";
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { loadConfigOrExit } from "../platform/config.ts";
import { openDatabase, pgliteIsNew } from "../platform/db/client.ts";
import { startJobQueue } from "../platform/jobs.ts";
import { createLogger } from "../platform/log.ts";
import { createApp } from "./app.ts";
import { startBackgroundWork } from "./background.ts";
import { openControlSocket } from "./control-socket.ts";
import { stopCleanly } from "./shutdown.ts";
import { startWarnings } from "./start-warnings.ts";
import { prepareDatabase } from "./startup.ts";

/** Set for the child process that prepares PGlite's files and exits (below). */
const PREPARE_ONLY = "IGNITE_PREPARE_ONLY";

/**
 * Creates and prepares a new PGlite database (migrations, seed, reference data) in a child process of
 * this same program, which exits before this one opens the files. Creating and seeding a database leaves
 * native memory behind that a process does not give back (PGlite's WebAssembly memory only grows): in a
 * child it goes with the child, and the first start serves at a later start's size (decision 0021).
 * Later starts, which write little, prepare in this process and start a second sooner.
 */
function prepareInChildProcess(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1] ?? "", process.argv.slice(2), {
      env: { ...process.env, [PREPARE_ONLY]: "1" },
      stdio: "inherit",
    });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`preparing the database failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

async function main() {
  const config = loadConfigOrExit();
  const log = createLogger(config.logLevel);
  const open = () => openDatabase(config, (error) => log.warn({ err: error }, "idle database connection lost"));
  if (process.env[PREPARE_ONLY] === "1") {
    const database = open();
    await prepareDatabase(config, database, log);
    await database.close();
    return;
  }
  for (const warning of startWarnings(config)) log.warn(warning);
  const preparedApart = !config.databaseUrl && pgliteIsNew(config.dataDir);
  if (preparedApart) await prepareInChildProcess();
  const database = open();
  if (!preparedApart) await prepareDatabase(config, database, log);

  // Mail retries, sweeps, digests and catalogue imports run on the job queue in the database: once across
  // instances. PGlite belongs to this process alone, so a job it finds running was cut off by the last stop.
  const jobs = await startJobQueue(database, log, { onlyInstance: database.kind === "pglite" });

  const buildPath = path.resolve("build/server/index.js");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const { app, cachedAnswers, consultations, identity, documents, staff, privacy, counselling, deadlines, close } = createApp({
    config,
    database,
    log,
    build,
    clientDir: path.resolve("build/client"),
    jobs,
    // A restart on an unchanged catalogue makes the search index from this file (decision 0071).
    searchIndexSnapshot: path.join(config.dataDir, "search-index.snapshot"),
  });
  // ADMIN_EMAIL + ADMIN_PASSWORD: that admin exists, enabled, with that password (never printed or logged).
  if (config.admin)
    log.info({ email: config.admin.email, account: await staff.team.ensureAdmin(config.admin) }, "staff admin ready");

  await startBackgroundWork(
    jobs,
    { consultations, identity, documents, privacy, staff, counselling, deadlines },
    config.digestHourIst,
    log,
  );

  // A cached public answer is written straight on the response; everything else goes to Hono.
  const listener = getRequestListener(app.fetch);
  const server = createServer((request, response) => {
    if (!cachedAnswers(request, response)) void listener(request, response);
  });
  // PGlite: the backup's way in (decision 0065), a socket in DATA_DIR only its owner reaches.
  const closeControl = await openControlSocket(config.dataDir, database, log);
  server.listen(config.port, config.host, () => {
    log.info({ port: config.port, database: database.kind }, `Ignite is serving http://localhost:${config.port}`);
  });

  // SIGTERM (decision 0067): requests in flight and running jobs finish within SHUTDOWN_GRACE_SECONDS.
  const stop = stopCleanly({
    server,
    log,
    graceMs: config.shutdownGraceMs,
    jobs,
    finish: () => Promise.all([consultations.settle(), close(), closeControl()]).then(() => database.close()),
  });
  const exitWhenStopped = (signal: string) => {
    stop(signal).then(
      () => process.exit(0),
      (error) => {
        log.error({ err: error }, "the stop failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => exitWhenStopped("SIGINT"));
  process.on("SIGTERM", () => exitWhenStopped("SIGTERM"));
}

main().catch((error) => {
  process.stderr.write(`Ignite could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
