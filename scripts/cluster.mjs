// `npm run cluster`: several instances of the compiled server on one machine, behind Node's cluster
// module (the primary accepts connections and hands them round-robin to the workers). Instances share
// state only through PostgreSQL and Redis, so it needs DATABASE_URL (PGlite is one process) and, for
// shared rate limits and cache news, REDIS_URL. The same instances on several machines sit behind any
// load balancer (nginx, HAProxy, a cloud one) instead: see the README.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ignite REDIS_URL=redis://127.0.0.1:6379 npm run cluster -- --instances 4

import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildIsStale, compiledServer, serverEnvironment, serverNodeFlags } from "./build-state.mjs";

const { values } = parseArgs({ options: { instances: { type: "string", default: "2" } } });
const instances = Number(values.instances);
if (!Number.isInteger(instances) || instances < 1 || instances > 64) {
  process.stderr.write(`--instances must be a whole number from 1 to 64, got "${values.instances}"\n`);
  process.exit(1);
}
if (!process.env.DATABASE_URL) {
  process.stderr.write("npm run cluster needs DATABASE_URL (a PostgreSQL server): PGlite cannot be shared by processes.\n");
  process.exit(1);
}
if (!process.env.REDIS_URL)
  process.stderr.write("REDIS_URL is not set: each instance keeps its own cache for up to a minute after a catalogue change.\n");

const root = path.resolve(import.meta.dirname, "..");
if (buildIsStale()) {
  process.stdout.write("Building Ignite (first start or sources changed)...\n");
  const result = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

cluster.setupPrimary({ exec: compiledServer, execArgv: serverNodeFlags });
let stopping = false;
const start = () => cluster.fork(serverEnvironment());
for (let i = 0; i < instances; i += 1) start();
cluster.on("exit", (worker, code, signal) => {
  if (stopping) return;
  process.stderr.write(`instance ${worker.process.pid} stopped (${signal ?? code}); starting another\n`);
  setTimeout(start, 1000);
});
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(0), 6000).unref();
    cluster.on("exit", () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  });
process.stdout.write(`Ignite: ${instances} instances on port ${process.env.PORT ?? 3000}\n`);
