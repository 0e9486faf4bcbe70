/**
 * `npm run bench:mixed`: a mixed load on the production server (decision 0011, "Hardening", item 15).
 *
 * Starts the server on a free loopback port with its own temporary DATA_DIR (PGlite, demo catalogue,
 * mail to the outbox), signs up students, then keeps `--connections` keep-alive connections (default
 * 50) busy for `--seconds` (default 60) with a mix of visitors' pages, searches, catalogue API calls,
 * logged-in students' pages, logins, consultation bookings and document uploads. Each client request
 * comes from one of `--addresses` X-Forwarded-For addresses (TRUST_PROXY=true, as behind one proxy),
 * handed out in turn per kind, the way many people reach a real site; so per-address limits of a real
 * deployment stay out of the way, and the summary says how close they came.
 *
 * At the end: per kind the count, req/s, p50/p95/p99 (from every response time), statuses; then the
 * server is stopped and its database read to check that every acknowledged booking is stored once,
 * and that the documents on record and on disk are exactly the acknowledged ones. Exits 1 on any 5xx,
 * request without an answer, missing or doubled booking, or stray document. Figures also go to
 * .tmp/bench-mixed.json, and the server's log (LOG_LEVEL=warn) to .tmp/bench-mixed-server.log.
 *
 *   npm run bench:mixed                      # 50 connections, 60 s
 *   npm run bench:mixed -- --seconds 10      # a quick run
 *   options: --seconds N --connections N --students N --addresses N --keep (keep the data directory)
 *            --log-level info (every request in the server log, with the time the server took)
 *            --cpu-prof (a CPU profile of the server in .tmp/bench-mixed-profile/)
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { accountLimits } from "../modules/identity/accounts.ts";
import { loadConfig } from "../platform/config.ts";
import { SESSION_COOKIE } from "../platform/cookies.ts";
import { openPglite } from "../platform/db/client.ts";
import {
  indianStates,
  preferredSubjects,
  studyDestinations,
  typesOfStudy,
  yearsOfStudyFrom,
} from "../vocabulary/consultations.ts";
import { attachmentTypes, UPLOADS_PER_HOUR } from "../vocabulary/documents.ts";
import { buildIsStale, compiledServer, serverEnvironment, serverNodeFlags } from "./build-state.mjs";

const root = path.resolve(import.meta.dirname, "..");
const write = (line = "") => process.stdout.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------------
// Options

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at === -1) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a positive whole number`);
  return value;
}
const seconds = option("seconds", 60);
const connections = option("connections", 50);
const studentCount = option("students", 150);
const addressCount = option("addresses", 4096);
const keepData = process.argv.includes("--keep");
/** `--log-level info` logs every request with the server's own time for it (a larger log, a little slower). */
const logLevel = process.argv[process.argv.indexOf("--log-level") + 1] ?? "warn";
/** `--cpu-prof`: the server writes a V8 CPU profile to .tmp/bench-mixed-profile/ when it stops. */
const cpuProfile = process.argv.includes("--cpu-prof");

// ---------------------------------------------------------------------------------------------------
// Server

/** The same rule as `npm start` (scripts/build-state.mjs): build when missing or older than the sources. */
function buildIfNeeded() {
  if (!buildIsStale()) return;
  write("Building (the build is missing or older than the sources)...");
  const result = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm run build failed");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Resident memory of a process, in MB, now and at its peak (VmRSS, VmHWM). */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1] ?? 0);
  return { rssMb: Math.round(kb("VmRSS") / 1024), peakMb: Math.round(kb("VmHWM") / 1024) };
}

/** CPU seconds a process has used (user + system); Linux counts in ticks of 1/100 s. */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function stopServer(server: ChildProcess): Promise<{ code: number | null; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve({ code: server.exitCode, ms: 0 });
    const hardStop = setTimeout(() => server.kill("SIGKILL"), 15_000);
    server.once("exit", (code) => {
      clearTimeout(hardStop);
      resolve({ code, ms: Math.round(performance.now() - started) });
    });
    server.kill("SIGTERM");
  });
}

// ---------------------------------------------------------------------------------------------------
// HTTP client: one keep-alive agent, at most `connections` sockets, one request at a time per worker.

interface Answer {
  method: string;
  path: string;
  status: number;
  ms: number;
  body: Buffer;
  setCookie: string[];
  startedAt: number;
  reusedSocket: boolean;
  /** For a new connection, when it was established; then when the answer's headers came. */
  connectedMs?: number;
  headersMs: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
let port = 0;
let origin = "";

function send(
  method: string,
  pathAndQuery: string,
  headers: Record<string, string>,
  body?: Buffer,
  timeoutMs = 30_000,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let connectedAt: number | undefined;
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: pathAndQuery,
        agent,
        headers: { ...headers, ...(body ? { "Content-Length": String(body.byteLength) } : {}) },
      },
      (response) => {
        const headersAt = performance.now();
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () =>
          resolve({
            method,
            path: pathAndQuery,
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks),
            setCookie: response.headers["set-cookie"] ?? [],
            startedAt: started,
            reusedSocket: request.reusedSocket,
            connectedMs: connectedAt === undefined ? undefined : connectedAt - started,
            headersMs: headersAt - started,
          }),
        );
      },
    );
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    request.on("error", reject);
    request.on("socket", (socket) => {
      if (socket.connecting) socket.once("connect", () => (connectedAt = performance.now()));
    });
    request.end(body);
  });
}

const json = (answer: Answer): unknown => {
  try {
    return JSON.parse(answer.body.toString("utf8"));
  } catch {
    return undefined;
  }
};

const sessionOf = (answer: Answer) =>
  answer.setCookie
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`) && c.length > SESSION_COOKIE.length + 1);

// ---------------------------------------------------------------------------------------------------
// Test data

/** A small, well-formed one-page PDF (about 12 KB) with a correct cross-reference table. */
function samplePdf(title: string): Buffer {
  const lines = Array.from({ length: 160 }, (_, i) => `(Line ${i + 1}: marks, dates and remarks of ${title}.) Tj T*`);
  const content = `BT /F1 10 Tf 12 TL 56 760 Td (${title}) Tj T* ${lines.join("\n")} ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----bench${randomBytes(12).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Client addresses in 100.64.0.0/10, the shared space mobile carriers put their subscribers behind. */
const addressAt = (i: number) => `100.${64 + ((i >> 16) & 63)}.${(i >> 8) & 255}.${i & 255}`;

const firstNames = ["Aarav", "Diya", "Ishaan", "Ananya", "Vihaan", "Saanvi", "Arjun", "Meera", "Kabir", "Priya", "Rohan", "Zara"];
const lastNames = ["Sharma", "Iyer", "Patel", "Reddy", "Nair", "Gupta", "Das", "Khan", "Menon", "Singh", "Rao", "Joshi"];
const subjects = [
  "computer science",
  "compter science",
  "data science",
  "medicine",
  "nursing",
  "law",
  "mba",
  "business management",
  "mechanical engineering",
  "civil engg",
  "physics",
  "economics",
  "psychology",
  "architecture",
  "pharmacy",
];
const places = ["", " germany", " uk", " ireland", " canada", " australia", " france", " russia", " italy", " malaysia"];
const searchTerms = subjects.flatMap((s) => places.map((p) => `${s}${p}`));

const pick = <T>(items: readonly T[], i: number): T => items[i % items.length] as T;

// ---------------------------------------------------------------------------------------------------
// The mix

const kinds = [
  { name: "page (visitor)", weight: 30, limited: undefined },
  { name: "search page", weight: 8, limited: "search" },
  { name: "catalogue API", weight: 17, limited: undefined },
  { name: "search API", weight: 7, limited: "search" },
  { name: "page (student)", weight: 10, limited: undefined },
  { name: "login", weight: 8, limited: "login" },
  { name: "booking", weight: 12, limited: "booking" },
  { name: "upload", weight: 8, limited: undefined },
] as const;
type KindName = (typeof kinds)[number]["name"];
const totalWeight = kinds.reduce((sum, k) => sum + k.weight, 0);
const bands = kinds.map((k, i) => ({ name: k.name, end: kinds.slice(0, i + 1).reduce((sum, x) => sum + x.weight, 0) }));

interface Tally {
  times: number[];
  statuses: Map<number, number>;
  errors: Map<string, number>;
}
const tallies = new Map<KindName, Tally>(kinds.map((k) => [k.name, { times: [], statuses: new Map(), errors: new Map() }]));
const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

interface Student {
  email: string;
  password: string;
  cookie: string;
  uploads: number;
}

interface Catalogue {
  countrySlugs: string[];
  universities: { id: number; slug: string }[];
  courseIds: number[];
  universityPages: number;
}

const runTag = randomBytes(3).toString("hex");
const acknowledged = new Set<string>();
const repeatsAnswered = { alreadyBooked: 0 };
const unansweredBookings = new Set<string>();
const uploadedPairs = new Set<string>();
let skippedUploads = 0;
let bookingSerial = 0;
let lastBooking: Record<string, string> | undefined;
const perKindCounter = new Map<string, number>();

/** The next address for a kind: handed out in turn, so per-address counts stay as even as they can. */
function addressFor(kind: string): string {
  const n = perKindCounter.get(kind) ?? 0;
  perKindCounter.set(kind, n + 1);
  const offset = [...kind].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) * 131;
  return addressAt((n + offset) % addressCount);
}

function bookingData(): Record<string, string> {
  const n = bookingSerial++;
  // One booking in twenty is sent again as it was (a double click or a second try): one stored row.
  if (lastBooking && n % 20 === 19) return lastBooking;
  const data: Record<string, string> = {
    firstName: pick(firstNames, n),
    lastName: pick(lastNames, n * 7 + 3),
    phoneNumber: `98${String(n).padStart(8, "0")}`,
    email: `booker${n}.${runTag}@bench.example`,
    studyDestination: pick(studyDestinations, n * 5),
    typeOfStudy: pick(typesOfStudy, n),
    preferredSubject: pick(preferredSubjects, n * 3),
    yearOfStudy: n % 4 === 0 ? "" : pick(yearsOfStudyFrom(new Date().getUTCFullYear()), n),
    state: n % 3 === 0 ? "" : pick(indianStates, n),
    qualification: n % 2 === 0 ? "B.Sc. Physics, 78%" : "",
  };
  lastBooking = data;
  return data;
}

/** Request `n` of its kind: each kind walks its own lists in turn, so every student, term and page comes up. */
async function oneRequest(kind: KindName, n: number, students: Student[], catalogue: Catalogue, pdfs: Buffer[]) {
  const address = addressFor(kinds.find((k) => k.name === kind)?.limited ?? kind);
  const base = { "X-Forwarded-For": address, "User-Agent": "Mozilla/5.0 (Linux; Android 14) bench-mixed" };
  const writeHeaders = { ...base, Origin: origin };
  const student = pick(students, n);
  const university = pick(catalogue.universities, n);
  const term = encodeURIComponent(pick(searchTerms, n));
  switch (kind) {
    case "page (visitor)": {
      const pages = [
        "/",
        "/countries",
        `/universities?page=${1 + (n % catalogue.universityPages)}`,
        `/${pick(catalogue.countrySlugs, n)}/universities`,
        `/${pick(catalogue.countrySlugs, n + 5)}/universities?page=2`,
        "/faq",
        "/services/free-consultation",
      ];
      return { answer: await send("GET", pick(pages, n), base) };
    }
    case "search page":
      return { answer: await send("GET", `/search?q=${term}${n % 4 === 3 ? "&page=2" : ""}`, base) };
    case "catalogue API": {
      const paths = [
        `/api/catalogue/universities?page=${1 + (n % catalogue.universityPages)}`,
        `/api/catalogue/${pick(catalogue.countrySlugs, n)}/universities`,
        `/api/catalogue/universities/${university.id}`,
        `/api/catalogue/${university.id}/courses`,
        `/api/catalogue/courses/${pick(catalogue.courseIds, n)}`,
        "/api/v1/countries",
      ];
      return { answer: await send("GET", pick(paths, n), base) };
    }
    case "search API":
      return { answer: await send("GET", `/api/catalogue/search/${term}${n % 4 === 3 ? "?page=2" : ""}`, base) };
    case "page (student)": {
      const pages = [
        "/profile",
        "/user/applications",
        "/user/saved-courses",
        `/${university.slug}/universities/${university.id}`,
      ];
      return { answer: await send("GET", pick(pages, n), { ...base, Cookie: student.cookie }) };
    }
    case "login": {
      const body = Buffer.from(JSON.stringify({ email: student.email, password: student.password }));
      const answer = await send("POST", "/api/v1/auth/login", { ...writeHeaders, "Content-Type": "application/json" }, body);
      const cookie = sessionOf(answer);
      if (answer.status === 200 && cookie) student.cookie = cookie;
      return { answer };
    }
    case "booking": {
      const data = bookingData();
      const body = Buffer.from(JSON.stringify(data));
      unansweredBookings.add(data.email as string);
      const answer = await send("POST", "/api/v1/consultations", { ...writeHeaders, "Content-Type": "application/json" }, body);
      unansweredBookings.delete(data.email as string);
      const result = json(answer) as { alreadyBooked?: boolean } | undefined;
      if (answer.status === 200) {
        if (result?.alreadyBooked) repeatsAnswered.alreadyBooked++;
        acknowledged.add(data.email as string);
      }
      return { answer };
    }
    case "upload": {
      const uploader =
        students.find((s, i) => i >= n % students.length && s.uploads < UPLOADS_PER_HOUR) ??
        students.find((s) => s.uploads < UPLOADS_PER_HOUR);
      if (!uploader) {
        skippedUploads++;
        return { answer: undefined };
      }
      uploader.uploads++;
      // Each round over the students uploads the next of four types; from the fifth round on, a student
      // replaces an earlier file of the same type (the old file must then leave the disk).
      const attachmentType = pick(attachmentTypes, Math.floor(n / students.length) % 4);
      const form = multipart(
        { attachment_type: attachmentType },
        { name: `${attachmentType.replace(/\W+/g, "-")}.pdf`, type: "application/pdf", bytes: pick(pdfs, n) },
      );
      const answer = await send(
        "POST",
        "/api/v1/students/me/files",
        { ...writeHeaders, Cookie: uploader.cookie, "Content-Type": form.contentType },
        form.body,
      );
      if (answer.status === 200) uploadedPairs.add(`${uploader.email}|${attachmentType}`);
      return { answer };
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Setup: the catalogue's ids and the students

async function readCatalogue(): Promise<Catalogue> {
  const headers = { "X-Forwarded-For": "192.0.2.1" };
  const countries = (json(await send("GET", "/api/v1/countries", headers)) as { data: { slug: string }[] }).data;
  const first = json(await send("GET", "/api/catalogue/universities?page=1", headers)) as {
    data: { uni_id: number; country_slug: string }[];
    pageSize: number;
    total: number;
  };
  const universityPages = Math.max(1, Math.ceil(first.total / first.pageSize));
  const universities: Catalogue["universities"] = [];
  for (const page of [1, 2, 3, 5, 8].filter((p) => p <= universityPages)) {
    const list = json(await send("GET", `/api/catalogue/universities?page=${page}`, headers)) as typeof first;
    universities.push(...list.data.map((u) => ({ id: u.uni_id, slug: u.country_slug })));
  }
  const courseIds: number[] = [];
  for (const university of universities.slice(0, 12)) {
    const list = json(await send("GET", `/api/catalogue/${university.id}/courses`, headers)) as {
      coursesData: { course_id: number }[];
    };
    courseIds.push(...list.coursesData.map((c) => c.course_id));
  }
  if (countries.length === 0 || universities.length === 0 || courseIds.length === 0)
    throw new Error("the demo catalogue is empty");
  return { countrySlugs: countries.map((c) => c.slug), universities, courseIds, universityPages };
}

/** Signs students up through the API, four at a time, each from its own address (sign-up is limited per address). */
async function signUpStudents(count: number): Promise<Student[]> {
  const students: Student[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const email = `student${i}.${runTag}@bench.example`;
      const password = `bench-password-${runTag}-${i}`;
      const body = Buffer.from(
        JSON.stringify({ name1: `Bench Student ${i}`, email, phone: `97${String(i).padStart(8, "0")}`, password }),
      );
      const answer = await send(
        "POST",
        "/api/v1/auth/signup",
        { "X-Forwarded-For": `198.18.${(i >> 8) & 255}.${i & 255}`, Origin: origin, "Content-Type": "application/json" },
        body,
      );
      const cookie = sessionOf(answer);
      if (answer.status !== 200 || !cookie)
        throw new Error(`sign-up of ${email} answered ${answer.status}: ${answer.body.toString("utf8")}`);
      students.push({ email, password, cookie, uploads: 0 });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return students;
}

// ---------------------------------------------------------------------------------------------------
// Figures

const sortNumbers = (values: number[]) => [...values].sort((a, b) => a - b);
/** The q-th percentile (0..100) of sorted latencies, in ms (as scripts/bench.ts computes it). */
const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)] ?? 0;

interface Row {
  kind: string;
  count: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  ok2xx: number;
  redirects: number;
  client4xx: Record<string, number>;
  server5xx: Record<string, number>;
  errors: Record<string, number>;
}

function rowOf(kind: string, tally: Tally, elapsedSeconds: number): Row {
  const sorted = sortNumbers(tally.times);
  const byRange = (low: number) =>
    Object.fromEntries(
      [...tally.statuses]
        .filter(([s]) => s >= low && s < low + 100)
        .sort(([a], [b]) => a - b)
        .map(([s, c]) => [String(s), c]),
    );
  const sum = (record: Record<string, number>) => Object.values(record).reduce((a, b) => a + b, 0);
  return {
    kind,
    count: tally.times.length,
    perSecond: +(tally.times.length / elapsedSeconds).toFixed(1),
    p50: +percentile(sorted, 50).toFixed(1),
    p95: +percentile(sorted, 95).toFixed(1),
    p99: +percentile(sorted, 99).toFixed(1),
    ok2xx: sum(byRange(200)),
    redirects: sum(byRange(300)),
    client4xx: byRange(400),
    server5xx: byRange(500),
    errors: Object.fromEntries(tally.errors),
  };
}

const describe = (record: Record<string, number>) =>
  Object.keys(record).length === 0
    ? "-"
    : Object.entries(record)
        .map(([k, v]) => `${k}x${v}`)
        .join(" ");

// ---------------------------------------------------------------------------------------------------

async function main() {
  buildIfNeeded();
  mkdirSync(path.join(root, ".tmp"), { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ignite-bench-mixed-"));
  const logFile = path.join(dataDir, "server.log");
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...serverEnvironment(),
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SEED: "demo",
    TRUST_PROXY: "true",
    LOG_LEVEL: process.argv.includes("--log-level") ? logLevel : "warn",
  };
  for (const name of ["SMTP_URL", "DATABASE_URL", "PUBLIC_URL", "DEMO_STUDENT", "SEARCH_RATE_LIMIT_PER_MINUTE", "REDIS_URL"])
    delete env[name];
  const limits = loadConfig(env).rateLimits;

  const logFd = openSync(logFile, "a");
  const profileArgs = cpuProfile ? ["--cpu-prof", "--cpu-prof-dir", path.join(root, ".tmp/bench-mixed-profile")] : [];
  const server = spawn(process.execPath, [...profileArgs, ...serverNodeFlags, compiledServer], {
    cwd: root,
    stdio: ["ignore", logFd, logFd],
    env,
  });
  closeSync(logFd);
  const pid = server.pid ?? 0;
  let failed = false;
  // Interrupted: the server is stopped and its data removed all the same.
  process.once("SIGINT", () => {
    server.kill("SIGKILL");
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    process.exit(130);
  });
  try {
    const revision =
      spawnSync("git", ["describe", "--always", "--dirty"], { cwd: root, encoding: "utf8" }).stdout?.trim() || "unknown";
    write(`Code: ${revision}; Node ${process.version}; ${os.cpus().length} cores.`);
    write(`Starting the server on ${origin} (DATA_DIR ${dataDir}, demo catalogue, PGlite, log ${logFile})...`);
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}); see ${logFile}`);
      if (i > 480) throw new Error("the server did not become ready within 4 minutes");
      const ready = await send("GET", "/readyz", {}).catch(() => undefined);
      if (ready?.status === 200) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const catalogue = await readCatalogue();
    write(`Signing up ${studentCount} students...`);
    const students = await signUpStudents(studentCount);
    const pdfs = [samplePdf("Mark sheet"), samplePdf("Statement of purpose, final"), samplePdf("Passport copy")];

    // The connections are opened before the clock starts, as a proxy's pool to the server would be. On a
    // busy server a burst of new connections waits: libuv (1.45 on, Node 20) accepts one connection per
    // turn of the event loop, and a turn takes as long as the requests it serves. Opened under load, the
    // last of 50 connections waited seconds for its first answer; that is start-up, not the mix.
    await Promise.all(Array.from({ length: connections }, () => send("GET", "/healthz", {})));
    const memoryBefore = memoryOf(pid);
    const cpuBefore = cpuSecondsOf(pid);
    const clientCpuBefore = process.cpuUsage();
    write(
      `Mixed load: ${connections} connections for ${seconds} s, ${addressCount} client addresses, ${students.length} students...`,
    );
    const started = performance.now();
    const deadline = started + seconds * 1000;
    let serial = 0;
    let newConnections = 0;
    /** Per second of the run: answers completed and the slowest of them, to show stalls. */
    const timeline: { answers: number; slowestMs: number }[] = [];
    /** The server's resident memory every 10 s of the run, in MB. */
    const rssSamples: number[] = [memoryBefore.rssMb];
    const sampler = setInterval(() => rssSamples.push(memoryOf(pid).rssMb), 10_000);
    const slow: {
      kind: string;
      request: string;
      status: number;
      ms: number;
      startedAtMs: number;
      newConnection: boolean;
      connectedMs?: number;
      headersMs: number;
    }[] = [];
    const perKind = new Map<KindName, number>();
    const worker = async () => {
      while (performance.now() < deadline) {
        const n = serial++;
        // A fixed interleaving of the weights: request n is of the kind whose band its slot falls in.
        const slot = (n * 7919) % totalWeight;
        const kind = bands.find((band) => slot < band.end)?.name ?? "page (visitor)";
        const tally = tallies.get(kind) as Tally;
        const k = perKind.get(kind) ?? 0;
        perKind.set(kind, k + 1);
        try {
          const { answer } = await oneRequest(kind, k, students, catalogue, pdfs);
          if (!answer) continue;
          tally.times.push(answer.ms);
          if (!answer.reusedSocket) newConnections++;
          const second = Math.floor((performance.now() - started) / 1000);
          timeline[second] ??= { answers: 0, slowestMs: 0 };
          const tick = timeline[second];
          tick.answers++;
          tick.slowestMs = Math.max(tick.slowestMs, Math.round(answer.ms));
          if (answer.ms >= 1000)
            slow.push({
              kind,
              request: `${answer.method} ${answer.path}`,
              status: answer.status,
              ms: Math.round(answer.ms),
              startedAtMs: Math.round(answer.startedAt - started),
              newConnection: !answer.reusedSocket,
              connectedMs: answer.connectedMs === undefined ? undefined : Math.round(answer.connectedMs),
              headersMs: Math.round(answer.headersMs),
            });
          bump(tally.statuses, answer.status);
        } catch (error) {
          bump(tally.errors, error instanceof Error ? error.message : String(error));
        }
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
    const elapsed = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const serverCpu = cpuSecondsOf(pid) - cpuBefore;
    const memoryAfter = memoryOf(pid);
    agent.destroy();

    // Figures
    const rows = kinds.map((k) => rowOf(k.name, tallies.get(k.name) as Tally, elapsed));
    const all: Tally = { times: [], statuses: new Map(), errors: new Map() };
    for (const tally of tallies.values()) {
      all.times.push(...tally.times);
      for (const [s, c] of tally.statuses) all.statuses.set(s, (all.statuses.get(s) ?? 0) + c);
      for (const [e, c] of tally.errors) all.errors.set(e, (all.errors.get(e) ?? 0) + c);
    }
    const total = rowOf("all", all, elapsed);
    write();
    write(
      `${"kind".padEnd(16)} ${"count".padStart(7)} ${"req/s".padStart(7)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"2xx".padStart(7)} ${"3xx".padStart(5)}  4xx     5xx  errors`,
    );
    for (const r of [...rows, total]) {
      write(
        `${r.kind.padEnd(16)} ${String(r.count).padStart(7)} ${String(r.perSecond).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p95).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.ok2xx).padStart(7)} ${String(r.redirects).padStart(5)}  ${describe(r.client4xx).padEnd(7)} ${describe(r.server5xx).padEnd(4)} ${describe(r.errors)}`,
      );
    }
    const fiveHundreds = Object.values(total.server5xx).reduce((a, b) => a + b, 0);
    const errorCount = Object.values(total.errors).reduce((a, b) => a + b, 0);
    const tooMany = total.client4xx["429"] ?? 0;
    write();
    write(
      `Measured ${elapsed.toFixed(1)} s; ${total.count} answers, ${total.perSecond} req/s; 5xx: ${fiveHundreds}; connection errors: ${errorCount}; connections opened during the run: ${newConnections}.`,
    );
    // The most one address sent of each limited kind during the whole run (an upper bound for any window).
    const maxPerAddress = (kind: string) => Math.ceil((perKindCounter.get(kind) ?? 0) / addressCount);
    const limitChecks = [
      { what: "search", sent: maxPerAddress("search"), limit: limits.search.limit, per: "min" },
      { what: "login", sent: maxPerAddress("login"), limit: accountLimits.loginPerIpMinute.limit, per: "min" },
      { what: "booking", sent: maxPerAddress("booking"), limit: limits.consultation.limit, per: "h" },
    ];
    const overLimit = limitChecks.filter((c) => c.sent > c.limit).map((c) => c.what);
    write(
      `429s: ${tooMany}. The most one client address sent: ${limitChecks.map((c) => `${c.what} ${c.sent} (limit ${c.limit}/${c.per})`).join(", ")}; ` +
        `uploads per student at most ${Math.max(...students.map((s) => s.uploads))} (limit ${UPLOADS_PER_HOUR}/h)` +
        (skippedUploads ? `, ${skippedUploads} uploads not sent (every student had used the hour's allowance)` : "") +
        (overLimit.length
          ? `. Over a per-address limit: ${overLimit.join(", ")}, so 429s there are the limit working (use more --addresses).`
          : tooMany
            ? ". No limit was expected to refuse anything: these 429s need a look (see the table for the kind)."
            : ", so no 429 was expected."),
    );
    const spaced = (values: number[]) => values.map((v) => String(v)).join(" ");
    write(`Answers per second: ${spaced(Array.from(timeline, (t) => t?.answers ?? 0))}`);
    write(`Slowest answer per second (ms): ${spaced(Array.from(timeline, (t) => t?.slowestMs ?? 0))}`);
    write(`Server RSS every 10 s (MB): ${spaced(rssSamples)}`);
    const slowByKind = new Map<string, number>();
    for (const entry of slow) bump(slowByKind, entry.kind);
    write(
      `Answers over 1 s: ${slow.length}${slow.length ? ` (${[...slowByKind].map(([k, c]) => `${k} ${c}`).join(", ")}; the slowest are listed in .tmp/bench-mixed.json)` : ""}.`,
    );
    write(
      `Server memory (RSS) before ${memoryBefore.rssMb} MB, after ${memoryAfter.rssMb} MB, peak since its start ${memoryAfter.peakMb} MB; ` +
        `server CPU ${(serverCpu / elapsed).toFixed(2)} cores, load generator CPU ${((clientCpu.user + clientCpu.system) / 1e6 / elapsed).toFixed(2)} cores (of ${os.cpus().length}).`,
    );

    // Stop the server, then read what it stored.
    const stop = await stopServer(server);
    write(`Server stopped in ${stop.ms} ms (exit code ${stop.code}).`);
    const database = openPglite(path.join(dataDir, "pgdata"));
    let stored = 0;
    let duplicates = 0;
    let fileRows = 0;
    let notMailed = 0;
    try {
      const emails = [...acknowledged];
      const bookings = await database.client.query<{ email: string; n: number }>(
        "select email, count(*)::int as n from consultations where email = any($1) group by email",
        [emails],
      );
      stored = bookings.rows.length;
      duplicates = bookings.rows.filter((r) => r.n > 1).length;
      const unmailed = await database.client.query<{ n: number }>(
        "select count(*)::int as n from consultations where email = any($1) and (confirmation_sent_at is null or staff_notified_at is null)",
        [emails],
      );
      notMailed = unmailed.rows[0]?.n ?? 0;
      const files = await database.client.query<{ n: number }>(
        "select count(*)::int as n from student_files f join students s on s.id = f.student_id where s.email = any($1)",
        [students.map((s) => s.email)],
      );
      fileRows = files.rows[0]?.n ?? 0;
    } finally {
      await database.close();
    }
    const uploadsDir = path.join(dataDir, "uploads");
    const filesOnDisk = existsSync(uploadsDir) ? readdirSync(uploadsDir).length : 0;
    const outboxDir = path.join(dataDir, "outbox");
    const mails = existsSync(outboxDir) ? readdirSync(outboxDir).length : 0;
    const missing = acknowledged.size - stored;
    const uploadsAnswered = tallies.get("upload")?.statuses.get(200) ?? 0;
    const strayFiles = fileRows !== uploadedPairs.size || filesOnDisk !== uploadedPairs.size;
    write(
      `bookings acknowledged ${acknowledged.size}, stored ${stored}` +
        ` (${repeatsAnswered.alreadyBooked} repeats answered "already booked"; ${duplicates} stored twice; ${unansweredBookings.size} sent without an answer; ${notMailed} with mail still unsent; ${mails} mails in the outbox)`,
    );
    write(
      `documents: ${uploadsAnswered} uploads answered 200 (${uploadsAnswered - uploadedPairs.size} replaced an earlier file of the same type); ` +
        `${uploadedPairs.size} (student, type) files expected, ${fileRows} on record, ${filesOnDisk} files on disk`,
    );

    // The server's own warnings and errors, grouped by message.
    const logLines = readFileSync(logFile, "utf8").split("\n").filter(Boolean);
    const messages = new Map<string, number>();
    for (const line of logLines) {
      try {
        const entry = JSON.parse(line) as { level: number; msg?: string; err?: { message?: string } };
        bump(
          messages,
          `level ${entry.level}: ${entry.msg ?? ""}${entry.err?.message ? ` (${entry.err.message.slice(0, 160)})` : ""}`,
        );
      } catch {
        bump(messages, `unparsed: ${line.slice(0, 200)}`);
      }
    }
    if (messages.size > 0) {
      write(`Server log (${logLines.length} lines at warn or above, kept in .tmp/bench-mixed-server.log):`);
      for (const [message, count] of [...messages].sort((a, b) => b[1] - a[1]).slice(0, 12)) write(`  ${count} x ${message}`);
    } else write("Server log: nothing at warn or above.");
    copyFileSync(logFile, path.join(root, ".tmp/bench-mixed-server.log"));

    writeFileSync(
      path.join(root, ".tmp/bench-mixed.json"),
      JSON.stringify(
        {
          revision,
          connections,
          seconds: +elapsed.toFixed(1),
          addresses: addressCount,
          students: students.length,
          rows: [...rows, total],
          bookings: { acknowledged: acknowledged.size, stored, repeats: repeatsAnswered.alreadyBooked, duplicates, notMailed },
          documents: { acknowledgedPairs: uploadedPairs.size, onRecord: fileRows, onDisk: filesOnDisk },
          memory: { before: memoryBefore, after: memoryAfter },
          timeline,
          rssEvery10s: rssSamples,
          slowest: slow.sort((a, b) => b.ms - a.ms).slice(0, 200),
          cpu: {
            server: +(serverCpu / elapsed).toFixed(2),
            client: +((clientCpu.user + clientCpu.system) / 1e6 / elapsed).toFixed(2),
          },
        },
        null,
        2,
      ),
    );

    const problems = [
      ...(fiveHundreds ? [`${fiveHundreds} answers of 5xx`] : []),
      ...(errorCount ? [`${errorCount} requests without an answer`] : []),
      ...(missing ? [`${missing} acknowledged bookings missing`] : []),
      ...(duplicates ? [`${duplicates} bookings stored twice`] : []),
      ...(strayFiles ? ["the documents on record or on disk are not the ones acknowledged"] : []),
    ];
    write(problems.length ? `FAILED: ${problems.join(", ")}.` : "PASSED: no 5xx, every acknowledged booking stored.");
    failed = problems.length > 0;
  } finally {
    agent.destroy();
    await stopServer(server);
    if (keepData) write(`Data kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
