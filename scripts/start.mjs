// `npm start`: builds when the build is missing or older than the sources, then serves the compiled
// server with plain Node (no TypeScript compiler at run time).
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { buildIsStale, compiledServer, serverEnvironment, serverNodeFlags } from "./build-state.mjs";
import { requireSupportedNode } from "./runtime.mjs";

requireSupportedNode("npm start");

const root = path.resolve(import.meta.dirname, "..");

if (buildIsStale()) {
  process.stdout.write("Building Ignite (first start or sources changed)...\n");
  const result = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, [...serverNodeFlags, compiledServer], {
  cwd: root,
  stdio: "inherit",
  env: serverEnvironment(),
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
