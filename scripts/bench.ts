/**
 * `npm run bench`: the production server on a large catalogue (10,000 universities, 200,000 courses),
 * measured with autocannon (10 connections): cached answers against a bare node:http server sending the
 * same bytes, uncached list pages and searches (100+ rotating terms, each request at an address of its
 * own), resident memory after start (the large catalogue's, and the demo catalogue's at its first and a
 * later start), and the first-load JavaScript and CSS of `/` (gzip) against DESIGN.md's budgets.
 * Figures go to stdout and .tmp/bench.json.
 *
 *   npm run bench                                        PGlite (.tmp/bench-data)
 *   npm run bench -- --database-url postgres://...       PostgreSQL (the catalogue is generated once)
 *   npm run bench -- --database-url ... --instances 2    several instances behind npm run cluster
 *   npm run bench -- --database-url ... --scaling        1, 2 and 4 instances, and how throughput grows
 *   npm run bench -- --memory                            only the demo catalogue's memory after start
 *   npm run bench -- --only search --profile             the scenarios whose name has "search", with a CPU
 *                                                        profile of the server in .tmp/profiles
 *   npm run bench -- --only uncached --trace-gc          the server's collections (node --trace-gc) written
 *                                                        to .tmp/profiles/trace-gc.log, with a summary per scenario
 *   npm run bench -- --only login --connections 1        fewer or more connections than 10: one shows what a
 *                                                        page costs alone, ten what it costs in the queue
 *   npm run bench -- --only "1 connection" --baseline .tmp/baseline
 *                                                        before and after in one run: the chosen scenarios on an
 *                                                        earlier build (its build/ and drizzle/ copied into the
 *                                                        folder) and on this one in turn, --rounds times (3)
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { BENCH_COUNSELLOR, BENCH_PASSWORD, BENCH_STUDENT, ensureBenchPeople } from "./bench-people.ts";
import { compiledServer, serverEnvironment, serverNodeFlags, serverReady } from "./build-state.mjs";
import { coursesIn } from "./large-catalogue.ts";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(root, ".tmp/bench-data");
const port = 4180;
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
/** Connections autocannon keeps open, each sending its next request when the last is answered (`--connections`). */
let connections = 10;
const write = (line: string) => process.stdout.write(`${line}\n`);

function runOrDie(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

/**
 * Waits until the servers answer ready with their catalogue mirror built (every instance, for a cluster).
 * Instances read the catalogue side by side, so more of them than cores take longer (four on two cores
 * did not all get ready in 120 s).
 */
const waitForReady = (server: ChildProcess, instances = 1) =>
  serverReady(base, { server, inARow: instances * 3, seconds: 60 + 60 * instances });

/**
 * `unique`: each request gets an address of its own (`&n=`), so no cache answers it. `base`: another server.
 * `floor`: the empty page measured right after a list page, which is reported as a share of it (same run,
 * same load: the machine is shared, so only figures side by side compare).
 */
type Scenario = {
  name: string;
  paths: string[];
  unique?: boolean;
  base?: string;
  floor?: boolean;
  /** Sent with every request (a signed-in person's cookie). */
  headers?: Record<string, string>;
  /** Connections for this scenario alone (a signed-in screen's budget is at one). */
  connections?: number;
};

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/** The q-th percentile (0..100) of sorted latencies, in ms. */
const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)] ?? 0;

/**
 * CPU time the processes have used, in ms (Linux /proc: user + system clock ticks of 10 ms). Per request,
 * it is a figure a busy shared machine disturbs far less than latency or throughput.
 */
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    } catch {}
  }
  return ticks * 10;
}

async function measure(scenario: Scenario, pids: number[]) {
  let i = 0;
  const cpuBefore = cpuMs(pids);
  // autocannon reports p97.5, not p95: every response time is kept and the percentiles computed here.
  const times: number[] = [];
  const result = await autocannon({
    url: scenario.base ?? base,
    connections: scenario.connections ?? connections,
    ...(scenario.headers ? { headers: scenario.headers } : {}),
    duration: seconds,
    setupClient: (client) => {
      client.on("response", (_status: number, _bytes: number, responseTime: number) => times.push(responseTime));
    },
    requests: [
      {
        setupRequest: (request) => {
          const path = scenario.paths[i % scenario.paths.length] ?? "/";
          request.path = scenario.unique ? `${path}${path.includes("?") ? "&" : "?"}n=${i}` : path;
          i += 1;
          return request;
        },
      },
    ],
  });
  const ordered = sorted(times);
  return {
    scenario: scenario.name,
    requestsPerSecond: Math.round(result.requests.average),
    /** The server's CPU time per answer (0 when its processes are not ours to read). */
    cpuMsPerRequest: pids.length > 0 ? +((cpuMs(pids) - cpuBefore) / Math.max(1, times.length)).toFixed(2) : 0,
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

/** At least 100 terms as students type them: broad words, typos, several words, places and universities. */
const searchTerms = [
  // broad
  "science",
  "engineering",
  "management",
  "business",
  "technology",
  "arts",
  "design",
  "health",
  "masters",
  "bachelor",
  "diploma",
  "phd",
  "certificate",
  "online",
  "international",
  // subjects
  "computer science",
  "data science",
  "artificial intelligence",
  "cyber security",
  "software engineering",
  "mechanical engineering",
  "civil engineering",
  "electrical engineering",
  "chemical engineering",
  "aerospace",
  "biomedical",
  "robotics",
  "nursing",
  "pharmacy",
  "physiotherapy",
  "public health",
  "clinical research",
  "biotechnology",
  "psychology",
  "economics",
  "hospitality",
  "tourism",
  "culinary",
  "marketing",
  "digital marketing",
  "international business",
  "human resource",
  "supply chain",
  "project management",
  "architecture",
  "graphic design",
  "fashion",
  "mathematics",
  "physics",
  "environmental science",
  "agriculture",
  "international relations",
  "english literature",
  "media",
  "education",
  "law",
  "medicine",
  "dentistry",
  "accounting",
  "finance",
  "mba",
  // typos
  "compter science",
  "enginering",
  "managment",
  "psycology",
  "pharmcy",
  "architecure",
  "buisness",
  "ecomonics",
  "mathematcs",
  "nursng",
  "artifical intelligence",
  "softwre",
  "markting",
  "biotechnolgy",
  "medecine",
  // several words with a place or a level
  "data science germany",
  "engineering uk",
  "business management france",
  "nursing australia",
  "law ireland",
  "computer science masters",
  "phd physics",
  "mba usa",
  "master of science computer science",
  "bachelor of laws",
  "masters in data science in germany",
  "psychology bachelors netherlands",
  "architecture italy",
  "medicine poland",
  "hospitality switzerland",
  "finance singapore",
  "design milan",
  "engineering munich",
  "business dublin",
  // places alone
  "germany",
  "united kingdom",
  "uk",
  "usa",
  "united states",
  "australia",
  "ireland",
  "france",
  "netherlands",
  "new zealand",
  "canada",
  "singapore",
  "london",
  "paris",
  "sydney",
  "berlin",
  "toronto",
  "melbourne",
  "amsterdam",
];

/** Each list page's rate as a share of the empty page measured right after it (DESIGN.md section 8: at least 0.8). */
const listRatios: Array<{ list: string; ratio: number; listRate: number; floorRate: number }> = [];

/** Latencies and throughput of the servers now running, scenario by scenario. */
async function runScenarios(scenarios: Scenario[], pids: number[] = []) {
  const results = [];
  for (const scenario of scenarios) {
    const gcFrom = gcLog ? statSync(gcLog).size : 0;
    const r = await measure(scenario, pids);
    const gc = gcLog ? collectionsIn(readFileSync(gcLog).subarray(gcFrom).toString("utf8")) : undefined;
    results.push({ ...r, gc });
    const cpu = r.cpuMsPerRequest ? `  cpu ${r.cpuMsPerRequest} ms/req` : "";
    write(
      `${r.scenario.padEnd(70)} ${String(r.requestsPerSecond).padStart(6)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms${cpu}  non-2xx ${r.non2xx}  errors ${r.errors}`,
    );
    const listed = results.at(-2);
    if (scenario.floor && listed) {
      const ratio = +(listed.requestsPerSecond / Math.max(1, r.requestsPerSecond)).toFixed(2);
      listRatios.push({ list: listed.scenario, ratio, listRate: listed.requestsPerSecond, floorRate: r.requestsPerSecond });
      write(`${"".padEnd(70)} the list page above: ${ratio} of the empty page's rate (target at least 0.8)`);
    }
    if (gc)
      write(
        `${"".padEnd(70)} gc: ${gc.scavenges} scavenges (${gc.scavengeMs} ms, longest ${gc.longestScavengeMs} ms), ` +
          `${gc.markCompacts} mark-compacts (${gc.markCompactMs} ms, longest ${gc.longestMarkCompactMs} ms)`,
      );
  }
  return results;
}

/** With --trace-gc, the server's stdout (node's collection lines) goes to this file. */
let gcLog: string | undefined;

/** Sums node --trace-gc lines: `... ms: Scavenge 50.1 (60.2) -> 45.3 (60.2) MB, pooled: 0 MB, 1.23 / 0.00 ms ...`. */
function collectionsIn(text: string) {
  const pauses = { scavenge: [] as number[], markCompact: [] as number[] };
  for (const line of text.split("\n")) {
    const pause = Number(line.match(/MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms/)?.[1]);
    if (!Number.isFinite(pause)) continue;
    if (line.includes("Scavenge")) pauses.scavenge.push(pause);
    else if (line.includes("Mark-Compact")) pauses.markCompact.push(pause);
  }
  const total = (values: number[]) => +values.reduce((a, b) => a + b, 0).toFixed(1);
  const longest = (values: number[]) => +Math.max(0, ...values).toFixed(1);
  return {
    scavenges: pauses.scavenge.length,
    scavengeMs: total(pauses.scavenge),
    longestScavengeMs: longest(pauses.scavenge),
    markCompacts: pauses.markCompact.length,
    markCompactMs: total(pauses.markCompact),
    longestMarkCompactMs: longest(pauses.markCompact),
  };
}

const pages = Array.from({ length: 800 }, (_, n) => n + 1);
/** The framework's own page with no data: the floor each list page is measured beside (decision 0033). */
const emptyPage = (): Scenario => ({
  name: "GET /login (uncached page, the empty page)",
  paths: ["/login"],
  unique: true,
  floor: true,
});
/** Each request of an uncached scenario has an address of its own, so no cache can answer it. */
const uncachedScenarios = (): Scenario[] => [
  { name: "GET /universities?page=1..800 (uncached)", paths: pages.map((p) => `/universities?page=${p}`), unique: true },
  emptyPage(),
  {
    name: "GET /germany/universities?page=1..40 (uncached)",
    paths: pages.slice(0, 40).map((p) => `/germany/universities?page=${p}`),
    unique: true,
  },
  emptyPage(),
  { name: "GET /countries (uncached)", paths: ["/countries"], unique: true },
  emptyPage(),
  // The bare process check.
  { name: "GET /healthz (uncached)", paths: ["/healthz"], unique: true },
  {
    name: "API /api/catalogue/universities?page=1..800 (uncached)",
    paths: pages.map((p) => `/api/catalogue/universities?page=${p}`),
    unique: true,
  },
  {
    name: `API /api/catalogue/search, ${searchTerms.length} terms x pages 1..5 (uncached)`,
    paths: pages.slice(0, 5).flatMap((p) => searchTerms.map((t) => `/api/catalogue/search/${encodeURIComponent(t)}?page=${p}`)),
    unique: true,
  },
  {
    // What the navbar box asks while a student types (decision 0026: within 50 ms p95).
    name: `API /api/catalogue/suggestions, ${searchTerms.length} terms typed letter by letter (uncached)`,
    paths: searchTerms.flatMap((t) =>
      Array.from(
        { length: Math.max(0, Math.min(t.length, 8) - 1) },
        (_, n) => `/api/catalogue/suggestions?q=${encodeURIComponent(t.slice(0, n + 2))}`,
      ),
    ),
    unique: true,
  },
  {
    // Decision 0030: the search targets hold with filters on (a filter and an order per term, in turn).
    name: `API /api/catalogue/search with filters, ${searchTerms.length} terms x ${filterSets.length} filter sets (uncached)`,
    paths: filterSets.flatMap((filters) => searchTerms.map((t) => `/api/catalogue/search/${encodeURIComponent(t)}?${filters}`)),
    unique: true,
  },
  {
    name: `GET /search with filters and their counts, ${searchTerms.length} terms (uncached page)`,
    paths: searchTerms.map((t, i) => `/search?q=${encodeURIComponent(t)}&${filterSets[i % filterSets.length]}`),
    unique: true,
  },
  {
    name: `GET /search, ${searchTerms.length} terms (uncached page)`,
    paths: searchTerms.map((t) => `/search?q=${encodeURIComponent(t)}`),
    unique: true,
  },
];
/** Filter sets a student might choose (course-filters.ts): each narrows differently, some reorder. */
const filterSets = [
  "level=masters",
  "country=germany&fee_max=2000000",
  "level=bachelors&sort=fee",
  "mode=full-time&duration=2y&intake=9",
  "fee_min=1000000&fee_max=3000000&sort=duration",
];

const cachedScenarios = (): Scenario[] => [
  { name: "GET / (cached)", paths: ["/"] },
  { name: "GET /universities?page=50 (cached)", paths: ["/universities?page=50"] },
  { name: "API /api/catalogue/universities?page=50 (cached)", paths: ["/api/catalogue/universities?page=50"] },
  { name: "API /api/catalogue/search/computer science (cached)", paths: ["/api/catalogue/search/computer%20science"] },
];

/** Signs in through the API as a student or a staff member and answers the session's cookie pair. */
async function signedIn(path: string, email: string): Promise<string> {
  const answer = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!answer.ok) throw new Error(`bench sign-in at ${path} refused (${answer.status}): ${await answer.text()}`);
  const cookie = answer.headers.getSetCookie().find((c) => /^ignite_(session|staff)=/.test(c));
  if (!cookie) throw new Error(`bench sign-in at ${path} set no session cookie`);
  return cookie.split(";")[0] as string;
}

/**
 * A signed-in person's own screens (decisions 0059 and 0062; DESIGN.md 8's budgets), at one connection: a
 * student's Deadlines and home with 10 applications and 40 dated items (p95 at most 10 ms), and a counsellor's
 * Today over 10,000 students (p95 at most 50 ms). Never cached: each request is the screen's own time.
 */
async function personalScenarios(): Promise<Scenario[]> {
  const student = await signedIn("/api/v1/auth/login", BENCH_STUDENT);
  const counsellor = await signedIn("/api/v1/staff/session", BENCH_COUNSELLOR);
  return [
    // The floor beside them on the same machine at the same moment: a page with no data in it.
    { name: "GET /login, the empty page beside them (1 connection)", paths: ["/login"], unique: true, connections: 1 },
    {
      name: "GET /deadlines, a student with 10 applications and 40 dated items (1 connection)",
      paths: ["/deadlines"],
      unique: true,
      headers: { cookie: student },
      connections: 1,
    },
    {
      name: "GET /home, the same student's home (1 connection)",
      paths: ["/home"],
      unique: true,
      headers: { cookie: student },
      connections: 1,
    },
    {
      name: "GET /staff/today, a counsellor of 500 of 10,000 students (1 connection)",
      paths: ["/staff/today"],
      unique: true,
      headers: { cookie: counsellor },
      connections: 1,
    },
  ];
}

/** Resident memory of a process, in MB (Linux /proc). */
function residentMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** The server processes: the instance itself, or the cluster's workers. */
function serverPids(server: ChildProcess, instances: number): number[] {
  if (instances === 1) return [server.pid ?? 0];
  const children = spawnSync("pgrep", ["-P", String(server.pid)], { encoding: "utf8" })
    .stdout.trim()
    .split("\n");
  return children.filter(Boolean).map(Number);
}

/**
 * Starts one instance (PGlite or PostgreSQL), or `instances` behind the cluster (PostgreSQL). `from`: the
 * folder holding another build's `build/` and `drizzle/` (--baseline), started there instead of this one.
 */
function startServers(
  instances: number,
  databaseUrl?: string,
  profile = false,
  demoDataDir?: string,
  traceGc = false,
  from?: string,
): ChildProcess {
  const env = {
    ...serverEnvironment(),
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: demoDataDir ?? dataDir,
    SEED: demoDataDir ? "demo" : "none",
    LOG_LEVEL: "warn",
    SEARCH_RATE_LIMIT_PER_MINUTE: "1000000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const profiling = [
    ...(profile ? ["--cpu-prof", `--cpu-prof-dir=${path.join(root, ".tmp/profiles")}`] : []),
    ...(traceGc ? ["--trace-gc"] : []),
  ];
  const server = from ? path.join(from, "build/node/main.mjs") : compiledServer;
  const args =
    instances === 1 ? [...serverNodeFlags, ...profiling, server] : ["scripts/cluster.mjs", "--instances", String(instances)];
  let stdout: "ignore" | number = "ignore";
  if (traceGc) {
    mkdirSync(path.join(root, ".tmp/profiles"), { recursive: true });
    gcLog = path.join(root, ".tmp/profiles/trace-gc.log");
    stdout = openSync(gcLog, "w");
  }
  const child = spawn(process.execPath, args, { cwd: from ?? root, stdio: ["ignore", stdout, "inherit"], env });
  if (typeof stdout === "number") closeSync(stdout);
  return child;
}

async function stopServers(server: ChildProcess) {
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8000))]);
}

/**
 * Resident memory after start with the demo catalogue (decision 0021: under 250 MB), in MB: the first start,
 * which creates and seeds a new database, then a later start on the same files. PGlite only.
 */
async function demoCatalogueMemory(): Promise<{ firstStart: number; laterStart: number }> {
  const demoDir = path.join(root, ".tmp/bench-demo-data");
  rmSync(demoDir, { recursive: true, force: true });
  const measureStart = async () => {
    const server = startServers(1, undefined, false, demoDir);
    try {
      await waitForReady(server);
      // Once ready (the mirror built and collected), and two seconds later: what an idle server holds.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return residentMb(server.pid ?? 0);
    } finally {
      await stopServers(server);
    }
  };
  try {
    return { firstStart: await measureStart(), laterStart: await measureStart() };
  } finally {
    rmSync(demoDir, { recursive: true, force: true });
  }
}

/**
 * A bare node:http server answering the bytes and headers of the site's cached "/" in a process of its
 * own: the ceiling a cached answer is compared with (decision 0021: at least half its rate).
 */
async function bareServerRate(): Promise<number> {
  const answer = await fetch(`${base}/`, { headers: { "Accept-Encoding": "br" } });
  const body = Buffer.from(await answer.arrayBuffer()).toString("base64");
  const headers = JSON.stringify(
    Object.fromEntries(
      [...answer.headers.entries()].filter(
        ([k]) => !["date", "connection", "keep-alive", "transfer-encoding", "content-length"].includes(k),
      ),
    ),
  );
  const barePort = port + 1;
  const bare = spawn(
    process.execPath,
    [
      "-e",
      `const body = Buffer.from(${JSON.stringify(body)}, "base64"); const headers = ${headers};
       require("node:http").createServer((req, res) => { res.writeHead(200, { ...headers, "content-length": body.length }); res.end(body); }).listen(${barePort}, "127.0.0.1");`,
    ],
    { stdio: "ignore" },
  );
  try {
    for (let i = 0; i < 50; i += 1) {
      if (
        await fetch(`http://127.0.0.1:${barePort}/`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [r] = await runScenarios([
      { name: "bare node:http server, the same bytes as GET /", paths: ["/"], base: `http://127.0.0.1:${barePort}` },
    ]);
    return r?.requestsPerSecond ?? 0;
  } finally {
    bare.kill();
  }
}

/** Makes sure the large catalogue is in the database used (generated once; PGlite data kept in .tmp/bench-data). */
async function ensureLargeCatalogue(databaseUrl?: string) {
  const generate = (target: string[]) => {
    write("Generating the large catalogue (once)...");
    runOrDie("npx", [
      "tsx",
      "scripts/generate-large-catalogue.ts",
      ...target,
      "--universities",
      "10000",
      "--courses-per-university",
      "20",
    ]);
  };
  if (!databaseUrl) {
    if (!existsSync(path.join(dataDir, "pgdata"))) generate(["--data-dir", dataDir]);
    return;
  }
  if ((await coursesIn(databaseUrl)) < 200_000) generate(["--database-url", databaseUrl]);
}

/**
 * Before and after in one run (decision 0087: the machine is shared and noisy, so only figures taken side by side
 * compare): the chosen scenarios on the earlier build in `baseline` and on this one, in turn, `rounds`
 * times, each on a freshly started server over the same database; then every figure of each side.
 */
async function beforeAndAfter(
  baseline: string,
  rounds: number,
  chosen: (scenarios: Scenario[]) => Scenario[],
  databaseUrl?: string,
) {
  if (!existsSync(path.join(baseline, "build/node/main.mjs")) || !existsSync(path.join(baseline, "drizzle")))
    throw new Error(`--baseline ${baseline} holds no build/node/main.mjs and drizzle/ (copy them from the earlier build)`);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 20) throw new Error("--rounds must be a whole number from 1 to 20");
  type Side = { p95: number[]; cpuMsPerRequest: number[] };
  const figures = new Map<string, { before: Side; after: Side }>();
  for (let round = 1; round <= rounds; round += 1) {
    for (const side of ["before", "after"] as const) {
      write(`\n--- round ${round} of ${rounds}: ${side} ---`);
      const server = startServers(1, databaseUrl, false, undefined, false, side === "before" ? baseline : undefined);
      try {
        // A loaded machine can take minutes to start the server over the large catalogue.
        await serverReady(base, { server, inARow: 3, seconds: 600 });
        const scenarios = chosen([...cachedScenarios(), ...uncachedScenarios(), ...(await personalScenarios())]);
        for (const r of await runScenarios(scenarios, [server.pid ?? 0])) {
          const seen = figures.get(r.scenario) ?? {
            before: { p95: [], cpuMsPerRequest: [] },
            after: { p95: [], cpuMsPerRequest: [] },
          };
          seen[side].p95.push(r.p95);
          seen[side].cpuMsPerRequest.push(r.cpuMsPerRequest);
          figures.set(r.scenario, seen);
        }
      } finally {
        // The next side opens the same database: this one must have let go of it first.
        await stopServers(server);
        if (server.exitCode === null && server.signalCode === null) {
          server.kill("SIGKILL");
          await new Promise((resolve) => server.once("exit", resolve));
        }
      }
    }
  }
  // The server's CPU time per answer moves less than latency when other work shares the machine.
  write("\np95 and the server's CPU time per answer (ms), each round, before and after:");
  for (const [scenario, { before, after }] of figures)
    write(
      `  ${scenario}\n    before p95 ${before.p95.join(", ")}; cpu ${before.cpuMsPerRequest.join(", ")}\n` +
        `    after  p95 ${after.p95.join(", ")}; cpu ${after.cpuMsPerRequest.join(", ")}`,
    );
  writeFileSync(path.join(root, ".tmp/bench-before-after.json"), JSON.stringify(Object.fromEntries(figures), null, 2));
}

async function main() {
  const { values } = parseArgs({
    options: {
      "database-url": { type: "string" },
      instances: { type: "string", default: "1" },
      scaling: { type: "boolean", default: false },
      only: { type: "string" },
      memory: { type: "boolean", default: false },
      profile: { type: "boolean", default: false },
      "trace-gc": { type: "boolean", default: false },
      connections: { type: "string", default: "10" },
      baseline: { type: "string" },
      rounds: { type: "string", default: "3" },
    },
  });
  connections = Number(values.connections);
  if (!Number.isInteger(connections) || connections < 1 || connections > 1000)
    throw new Error(`--connections must be a whole number from 1 to 1000, got "${values.connections}"`);
  const chosen = (scenarios: Scenario[]) =>
    values.only ? scenarios.filter((s) => s.name.toLowerCase().includes((values.only ?? "").toLowerCase())) : scenarios;
  const databaseUrl = values["database-url"];
  const instances = Number(values.instances);
  if ((instances > 1 || values.scaling) && !databaseUrl)
    throw new Error("--instances and --scaling need --database-url (PostgreSQL)");
  if (values.memory && databaseUrl) throw new Error("--memory measures the demo catalogue on PGlite: leave out --database-url");
  mkdirSync(path.join(root, ".tmp"), { recursive: true });
  if (!values.memory) {
    await ensureLargeCatalogue(databaseUrl);
    await ensureBenchPeople({ dataDir, databaseUrl });
  }
  write("Building...");
  runOrDie("npm", ["run", "--silent", "build"]);
  // The servers run on this process's Node (process.execPath): the figures belong to its version.
  write(
    `Runtime: Node ${process.versions.node}; database: ${databaseUrl ? "PostgreSQL" : "PGlite"}; ${connections} connection${connections === 1 ? "" : "s"}; ${seconds} s per scenario`,
  );

  if (values.scaling) {
    const growth: Array<{ instances: number; results: Awaited<ReturnType<typeof runScenarios>> }> = [];
    for (const n of [1, 2, 4]) {
      write(`\n--- ${n} instance(s) ---`);
      const server = startServers(n, databaseUrl);
      try {
        await waitForReady(server, n);
        growth.push({
          instances: n,
          results: await runScenarios(
            [
              ...uncachedScenarios().slice(0, 1),
              ...uncachedScenarios().filter((s) => s.name.startsWith("GET /healthz")),
              cachedScenarios()[0] as Scenario,
            ],
            serverPids(server, n),
          ),
        });
      } finally {
        await stopServers(server);
      }
    }
    write("\nThroughput against one instance:");
    for (const { instances: n, results } of growth)
      write(
        `  ${n} instance(s): ${results.map((r, i) => `${r.scenario.split(" (")[0]} x${(r.requestsPerSecond / (growth[0]?.results[i]?.requestsPerSecond || 1)).toFixed(2)}`).join(", ")}`,
      );
    writeFileSync(path.join(root, ".tmp/bench-scaling.json"), JSON.stringify(growth, null, 2));
    return;
  }

  const demoMemory = !databaseUrl && (values.memory || !values.only) ? await demoCatalogueMemory() : undefined;
  if (demoMemory)
    write(
      `Resident memory after start, demo catalogue: first start ${demoMemory.firstStart} MB, later start ${demoMemory.laterStart} MB (budget 250)`,
    );
  if (values.memory) return;

  if (values.baseline) {
    await beforeAndAfter(path.resolve(values.baseline), Number(values.rounds), chosen, databaseUrl);
    return;
  }

  const server = startServers(instances, databaseUrl, values.profile, undefined, values["trace-gc"]);
  try {
    await waitForReady(server, instances);
    const pids = serverPids(server, instances);
    if (values.only) {
      // A list page chosen keeps its empty page beside it.
      const uncached = uncachedScenarios().filter(
        (s, i, all) => chosen([s]).length > 0 || (s.floor && chosen([all[i - 1] as Scenario]).length > 0),
      );
      await runScenarios([...chosen(cachedScenarios()), ...uncached, ...chosen(await personalScenarios())], pids);
      return;
    }
    const memoryAtStart = pids.map(residentMb);
    write(`Resident memory after start: ${memoryAtStart.join(" + ")} MB${databaseUrl ? "" : " (budget 400)"}`);
    const results = [
      ...(await runScenarios(cachedScenarios(), pids)),
      ...(await runScenarios(uncachedScenarios(), pids)),
      ...(await runScenarios(await personalScenarios(), pids)),
    ];
    const bare = await bareServerRate();
    const cachedHome = results[0]?.requestsPerSecond ?? 0;
    write(`Cached GET / against the bare server: ${(cachedHome / (bare || 1)).toFixed(2)} of its rate (target at least 0.5)`);
    const memoryAfter = pids.map(residentMb);
    write(`Resident memory after the run: ${memoryAfter.join(" + ")} MB`);
    const sizes = await firstLoadSizes();
    write(`First load of /: JavaScript ${sizes.jsKb} KB gzip (budget 130), CSS ${sizes.cssKb} KB gzip (budget 25)`);
    write(
      `List pages against the empty page, each beside it: ${listRatios.map((r) => `${r.list.split(" (")[0]} ${r.ratio}`).join(", ")} (target at least 0.8)`,
    );
    writeFileSync(
      path.join(root, ".tmp/bench.json"),
      JSON.stringify(
        {
          runtime: `Node ${process.versions.node}`,
          connections,
          listRatios,
          database: databaseUrl ? "postgres" : "pglite",
          instances,
          demoMemory,
          memoryAtStart,
          memoryAfter,
          bare,
          results,
          sizes,
        },
        null,
        2,
      ),
    );
  } finally {
    await stopServers(server);
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
