// `npm run readiness` (decisions 0068, 0071): how long a fresh production server takes, from its start, to
// listen and to answer /readyz 200 (its search index built), on the large catalogue (`npm run seed:large`
// first, into .tmp/large), how long a search takes before and after, and its resident memory two seconds
// after it is ready. Runs the compiled server (`npm run build`).
//   npm run readiness -- [--data-dir .tmp/large] [--runs 3] [--port 4184]
//   --first-start     removes the data's search-index.snapshot before each start: the index is read from
//                     the catalogue, as on an instance's first start (decision 0071)
//   --server FILE     another compiled server (build/node/main.mjs of another checkout), to compare two
//                     builds in one session
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { compiledServer, serverEnvironment, serverNodeFlags } from "./build-state.mjs";

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string", default: ".tmp/large" },
    runs: { type: "string", default: "3" },
    port: { type: "string", default: "4184" },
    "first-start": { type: "boolean", default: false },
    server: { type: "string" },
  },
});
const server = values.server ? path.resolve(values.server) : compiledServer;
const dataDir = path.resolve(values["data-dir"]);
const port = Number(values.port);
if (!existsSync(path.join(dataDir, "pgdata"))) throw new Error(`no catalogue in ${dataDir}: run npm run seed:large first`);
if (!existsSync(server)) throw new Error(`no compiled server at ${server}: run npm run build first`);

const base = `http://127.0.0.1:${port}`;
const searchMs = async () => {
  const started = performance.now();
  const answer = await fetch(
    `${base}/api/catalogue/search/computer%20science%20germany%20${Math.random().toString(36).slice(2, 6)}`,
  );
  await answer.arrayBuffer();
  return performance.now() - started;
};

/** Resident memory of a process, in MB (Linux /proc). */
const residentMb = (pid: number) =>
  Math.round(Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);

async function once() {
  if (values["first-start"]) rmSync(path.join(dataDir, "search-index.snapshot"), { force: true });
  const started = performance.now();
  const child = spawn(process.execPath, [...serverNodeFlags, server], {
    env: {
      ...serverEnvironment(),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED: "none",
      LOG_LEVEL: "warn",
      SEARCH_RATE_LIMIT_PER_MINUTE: "100000",
    },
    stdio: "ignore",
  });
  let listening: number | undefined;
  let searchWhileBuilding: number | undefined;
  for (;;) {
    const status = await fetch(`${base}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    const at = performance.now() - started;
    if (status !== 0 && listening === undefined) {
      listening = at;
      searchWhileBuilding = await searchMs();
    }
    if (status === 200) {
      const after = [];
      for (let i = 0; i < 20; i++) after.push(await searchMs());
      after.sort((a, b) => a - b);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const memoryMb = residentMb(child.pid ?? 0);
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      return {
        listeningS: (listening ?? at) / 1000,
        readyS: at / 1000,
        searchWhileBuildingMs: searchWhileBuilding,
        searchReadyMedianMs: after[10],
        memoryMb,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const runs = [];
for (let i = 0; i < Number(values.runs); i++) {
  const run = await once();
  runs.push(run);
  process.stdout.write(
    `run ${i + 1}: listening after ${run.listeningS.toFixed(1)} s, ready after ${run.readyS.toFixed(1)} s; a search while building ${run.searchWhileBuildingMs?.toFixed(0)} ms, once ready ${run.searchReadyMedianMs?.toFixed(1)} ms (median of 20); ${run.memoryMb} MB resident 2 s after ready\n`,
  );
}
process.stdout.write(`node ${process.version}\n`);
