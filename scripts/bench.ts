/**
 * `npm run bench`: the production server on a large catalogue (10,000 universities, 200,000 courses),
 * measured with autocannon, plus the first-load JavaScript and CSS of `/` (gzip) against the budgets
 * of DESIGN.md section 8. Figures go to stdout and .tmp/bench.json.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { compiledServer, serverNodeFlags } from "./build-state.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(root, ".tmp/bench-data");
const port = 4180;
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const write = (line: string) => process.stdout.write(`${line}\n`);

function runOrDie(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

async function waitForReady(server: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error("server exited");
    try {
      const answer = await fetch(`${base}/readyz`);
      // Measured once the catalogue mirror is read: before that, searches go to the database.
      if (answer.ok && (await answer.json()).catalogueMirror === "ready") return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not become ready");
}

type Scenario = { name: string; paths: string[] };

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/** The q-th percentile (0..100) of sorted latencies, in ms. */
const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)] ?? 0;

async function measure(scenario: Scenario) {
  let i = 0;
  // autocannon reports p97.5, not p95: every response time is kept and the percentiles computed here.
  const times: number[] = [];
  const result = await autocannon({
    url: base,
    connections: 10,
    duration: seconds,
    setupClient: (client) => {
      client.on("response", (_status: number, _bytes: number, responseTime: number) => times.push(responseTime));
    },
    requests: [
      {
        setupRequest: (request) => {
          request.path = scenario.paths[i++ % scenario.paths.length] ?? "/";
          return request;
        },
      },
    ],
  });
  const ordered = sorted(times);
  return {
    scenario: scenario.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: +percentile(ordered, 50).toFixed(1),
    p95: +percentile(ordered, 95).toFixed(1),
    p99: +percentile(ordered, 99).toFixed(1),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function firstLoadSizes() {
  const html = await (await fetch(`${base}/`)).text();
  const scripts = new Set<string>();
  for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g))
    scripts.add(m[1] ?? "");
  for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["']([^"']+\.js)["']/g)) scripts.add(m[1] ?? "");
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? "");
  const gz = async (url: string) =>
    gzipSync(Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer()), { level: 9 }).length;
  let js = 0;
  for (const url of scripts) js += await gz(url);
  let css = 0;
  for (const url of styles) css += await gz(url);
  return { jsKb: +(js / 1024).toFixed(1), cssKb: +(css / 1024).toFixed(1), scripts: scripts.size, stylesheets: styles.length };
}

async function main() {
  mkdirSync(path.join(root, ".tmp"), { recursive: true });
  if (!existsSync(path.join(dataDir, "pgdata"))) {
    write("Generating the large catalogue (once; kept in .tmp/bench-data)...");
    runOrDie("npx", [
      "tsx",
      "scripts/generate-large-catalogue.ts",
      "--data-dir",
      dataDir,
      "--universities",
      "10000",
      "--courses-per-university",
      "20",
    ]);
  }
  write("Building...");
  runOrDie("npm", ["run", "--silent", "build"]);

  const server = spawn(process.execPath, [...serverNodeFlags, compiledServer], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED: "none",
      LOG_LEVEL: "warn",
      SEARCH_RATE_LIMIT_PER_MINUTE: "1000000",
    },
  });
  try {
    await waitForReady(server);
    const pages = Array.from({ length: 800 }, (_, n) => n + 1);
    const terms = [
      "computer science",
      "compter science",
      "law",
      "medicine",
      "data science germany",
      "mba",
      "nursing",
      "phd physics",
      "engineering uk",
      "business management",
    ];
    const scenarios: Scenario[] = [
      { name: "GET / (cached)", paths: ["/"] },
      { name: "GET /universities?page=50 (cached)", paths: ["/universities?page=50"] },
      { name: "GET /universities?page=1..800 (mostly uncached)", paths: pages.map((p) => `/universities?page=${p}`) },
      { name: "API /api/catalogue/universities?page=50 (cached)", paths: ["/api/catalogue/universities?page=50"] },
      { name: "API /api/catalogue/universities?page=1..800", paths: pages.map((p) => `/api/catalogue/universities?page=${p}`) },
      { name: "API /api/catalogue/search/computer science (cached)", paths: ["/api/catalogue/search/computer%20science"] },
      {
        name: "API /api/catalogue/search, 10 terms x 80 pages (mostly uncached)",
        paths: pages.slice(0, 80).flatMap((p) => terms.map((t) => `/api/catalogue/search/${encodeURIComponent(t)}?page=${p}`)),
      },
    ];
    const results = [];
    for (const scenario of scenarios) {
      const r = await measure(scenario);
      results.push(r);
      write(
        `${r.scenario.padEnd(66)} ${String(r.requestsPerSecond).padStart(6)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  non-2xx ${r.non2xx}  errors ${r.errors}`,
      );
    }
    const sizes = await firstLoadSizes();
    write(`First load of /: JavaScript ${sizes.jsKb} KB gzip (budget 130), CSS ${sizes.cssKb} KB gzip (budget 25)`);
    writeFileSync(path.join(root, ".tmp/bench.json"), JSON.stringify({ results, sizes }, null, 2));
  } finally {
    server.kill("SIGTERM");
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
