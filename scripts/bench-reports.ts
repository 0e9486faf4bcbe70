/**
 * `npm run bench:reports`: the reports dashboard at scale (decision 0018: "a dashboard answers in under
 * 200 ms over 100,000 bookings and 50,000 applications on PGlite").
 *
 * Makes a fresh database (PGlite in a temporary DATA_DIR, or with `--database-url` a new database
 * `ignite_bench_reports` on that PostgreSQL server, dropped after), migrates it, seeds the demo
 * catalogue, an admin and six counsellors, then in bulk SQL (generate_series, a few seconds):
 *   - 100,000 leads booked over the last two years, across destinations, sources and counsellors,
 *     most contacted within hours, some days late, some still New;
 *   - 40,000 of them converted, each to a student; 50,000 applications (a quarter of the students have
 *     two), whose application_events walk the stage model (vocabulary/applications.ts: every move is
 *     one the model allows), stopping at random stages, none in the future.
 * Then it starts the production server on it and times, one request at a time, the admin's and a
 * counsellor's dashboard (GET /api/v1/staff/reports and the /staff/reports page; the default range of
 * twelve months and last calendar month): `--requests` each (default 30) after two warm-up requests,
 * reporting p50, p95, the slowest, the first (cold) answer and the server's CPU time per request (on
 * PGlite the database runs in the server's process, so that is the work the dashboard costs, however
 * busy the machine). Exits 1 when an answer is not 200 or a p95 is 200 ms or more.
 * Figures also go to .tmp/bench-reports.json (.tmp/bench-reports-postgres.json on PostgreSQL).
 *
 *   npm run bench:reports
 *   npm run bench:reports -- --database-url postgres://postgres@127.0.0.1:5432/postgres
 *   options: --requests N --leads N (default 100000) --keep (keep the PGlite data directory or the database)
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import { seedDemoCatalogue } from "../modules/catalogue/seed.ts";
import { createStaffService } from "../modules/console/console.ts";
import { hashPassword } from "../modules/passwords.ts";
import { STAFF_SESSION_COOKIE } from "../platform/cookies.ts";
import { type DatabaseHandle, openPglite, openPostgres, queryRows } from "../platform/db/client.ts";
import { createLogger } from "../platform/log.ts";
import { createDatabaseRateLimiter } from "../platform/rate-limit.ts";
import { type ApplicationStatus, nextStages } from "../vocabulary/applications.ts";
import { leadSources, leadStatuses, preferredSubjects, studyDestinations, typesOfStudy } from "../vocabulary/consultations.ts";
import { compiledServer, serverEnvironment, serverNodeFlags } from "./build-state.mjs";

const root = path.resolve(import.meta.dirname, "..");
const write = (line = "") => process.stdout.write(`${line}\n`);

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at === -1) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a positive whole number`);
  return value;
}
const requests = option("requests", 30);
const leadCount = option("leads", 100_000);
/** Two in five leads convert: 40,000 students of 100,000 leads; one student in four has a second application. */
const convertedCount = Math.floor(leadCount * 0.4);
const databaseUrl = process.argv.includes("--database-url")
  ? process.argv[process.argv.indexOf("--database-url") + 1]
  : undefined;
const keepData = process.argv.includes("--keep");
const BENCH_DATABASE = "ignite_bench_reports";
const TARGET_MS = 200;

const ADMIN = { email: "admin@bench-reports.example", password: "bench-Admin-secret-1" };
const COUNSELLORS = ["Asha Menon", "Ravi Iyer", "Kabir Das", "Priya Rao", "Zara Khan", "Rohan Gupta"];
const COUNSELLOR_PASSWORD = "bench-Counsellor-secret-1";
const counsellorEmail = (name: string) => `${name.split(" ")[0]?.toLowerCase()}@bench-reports.example`;

// ---------------------------------------------------------------------------------------------------
// Server (as scripts/bench-mixed.ts)

function buildIfNeeded() {
  const stamp = path.join(root, "build/server/index.js");
  const newest = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((max, entry) => {
      const full = path.join(dir, entry.name);
      return Math.max(max, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
    }, 0);
  const sources = ["app", "public", "modules", "vocabulary"].map((d) => path.join(root, d)).filter(existsSync);
  if (existsSync(stamp) && Math.max(...sources.map(newest)) <= statSync(stamp).mtimeMs) return;
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

function stopServer(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    const hardStop = setTimeout(() => server.kill("SIGKILL"), 15_000);
    server.once("exit", () => {
      clearTimeout(hardStop);
      resolve();
    });
    server.kill("SIGTERM");
  });
}

// ---------------------------------------------------------------------------------------------------
// Data

/** Paths through the stage model; the bench checks every move against vocabulary/applications.ts. */
const paths: ApplicationStatus[][] = [
  [
    "Shortlisted",
    "Ready to submit",
    "Submitted",
    "Conditional offer",
    "Offer accepted",
    "Deposit paid",
    "Confirmation issued",
    "Visa applied",
    "Visa granted",
    "Enrolled",
  ],
  [
    "Shortlisted",
    "Documents pending",
    "Ready to submit",
    "Submitted",
    "Unconditional offer",
    "Offer accepted",
    "Confirmation issued",
    "Visa applied",
    "Visa refused",
    "Visa applied",
    "Visa granted",
    "Enrolled",
  ],
  ["Shortlisted", "Ready to submit", "Submitted", "More information requested", "Submitted", "Rejected"],
  ["Shortlisted", "Documents pending", "Withdrawn"],
  [
    "Shortlisted",
    "Ready to submit",
    "Submitted",
    "Conditional offer",
    "Unconditional offer",
    "Offer accepted",
    "Confirmation issued",
    "Visa applied",
    "Visa refused",
    "Deferred",
  ],
];
/** Which path an application takes, by its id modulo 10: the full path most often. */
const pathByRemainder = [0, 0, 0, 1, 1, 2, 2, 3, 4, 0];

function checkPaths() {
  for (const steps of paths)
    for (let i = 1; i < steps.length; i++) {
      const from = steps[i - 1] as ApplicationStatus;
      const to = steps[i] as ApplicationStatus;
      if (!nextStages(from).includes(to))
        throw new Error(`the bench's path moves ${from} -> ${to}, which the stage model forbids`);
    }
}

const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => `"${v.replaceAll('"', '\\"')}"`).join(",")}}`}::text[]`;

const otherStatuses = leadStatuses.filter((s) => s !== "New" && s !== "Converted");

async function generate(handle: DatabaseHandle, now: Date, staffIds: number[]) {
  const at = now.toISOString();
  const stepRows = paths.flatMap((steps, p) =>
    steps.map((status, i) => sql`(${p}::int, ${i + 1}::int, ${status}::text, ${steps.length}::int)`),
  );
  const staffArray = sql`${`{${staffIds.join(",")}}`}::int[]`;
  const studentHash = await hashPassword("bench-Student-secret-1");
  // One transaction, so one connection: setseed makes the same data each run.
  await handle.db.transaction(async (tx) => {
    const run = async (label: string, query: SQL) => {
      const started = performance.now();
      await tx.execute(query);
      write(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    };
    await tx.execute(sql`select setseed(0.42)`);
    // Leads: booked uniformly over two years; destinations skewed towards the first few of the list.
    await run(
      `${leadCount.toLocaleString("en")} leads`,
      sql`
      insert into consultations (first_name, last_name, phone_number, email, study_destination, type_of_study,
        preferred_subject, status, lost_reason, assigned_staff_id, source, first_contacted_at, created_at,
        confirmation_sent_at, staff_notified_at)
      select 'Lead', 'No ' || g, '+9198' || lpad(g::text, 8, '0'), 'lead' || g || '@bench.example',
        (${textArray(studyDestinations)})[1 + floor(power(r_dest, 2.5) * ${studyDestinations.length})::int],
        (${textArray(typesOfStudy)})[1 + g % ${typesOfStudy.length}],
        (${textArray(preferredSubjects)})[1 + g % ${preferredSubjects.length}],
        status,
        case when status = 'Lost' then 'Budget' end,
        case when r_staff < 0.04 then null else (${staffArray})[1 + floor(r_staff * ${staffIds.length})::int] end,
        (${textArray(leadSources)})[1 + floor(power(r_source, 2) * ${leadSources.length})::int],
        case when status <> 'New' then least(created + power(r_contact, 3) * interval '96 hours', ${at}::timestamptz) end,
        created, created, created
      from (
        select g, ${at}::timestamptz - random() * interval '730 days' as created,
          random() as r_dest, random() as r_staff, random() as r_source, random() as r_contact,
          case
            when g % 5 < 2 then 'Converted'
            when random() < 0.12 then 'New'
            else (${textArray(otherStatuses)})[1 + floor(random() * ${otherStatuses.length})::int]
          end as status
        from generate_series(1, ${leadCount}) g
      ) lead`,
    );
    await run(
      `${convertedCount.toLocaleString("en")} students (the converted leads)`,
      sql`
      insert into students (email, full_name, phone, password_hash, counsellor_staff_id, created_at, updated_at)
      select 'student' || c.id || '@bench.example', 'Student ' || c.id, '+9197' || lpad(c.id::text, 8, '0'), ${studentHash},
        c.assigned_staff_id, c.first_contacted_at, c.first_contacted_at
      from consultations c where c.status = 'Converted'`,
    );
    await run(
      "leads linked to their students",
      sql`update consultations c set student_id = s.id from students s where s.email = 'student' || c.id || '@bench.example'`,
    );
    await run(
      "applications (a second one for every fourth student)",
      sql`
      insert into applications (student_id, course_id, status, intake_month, intake_year, stage_entered_at, created_at, updated_at)
      select s.id, (course.ids)[1 + (s.id * 7 + n * 13) % cardinality(course.ids)], 'Shortlisted',
        (array[1, 5, 9])[1 + (s.id + n) % 3],
        extract(year from s.created_at)::int + 1,
        created, created, created
      from students s
      cross join (select array_agg(id order by id) as ids from courses) course
      cross join lateral generate_series(1, case when s.id % 4 = 0 then 2 else 1 end) n
      cross join lateral (select least(s.created_at + (n * random() * 10) * interval '1 day', ${at}::timestamptz) as created) t`,
    );
    await run(
      "application events along the stage model",
      sql`
      with path_step(path_no, step, status, steps) as (values ${sql.join(stepRows, sql`, `)}),
      plan as (
        select a.id, a.created_at, (${sql`${`{${pathByRemainder.join(",")}}`}::int[]`})[1 + a.id % 10] as path_no, random() as r
        from applications a
      ),
      walked as (
        select p.id as application_id, ps.step, ps.status,
          p.created_at + sum(case when ps.step = 1 then 0 else 1 + power(random(), 2) * 40 end)
            over (partition by p.id order by ps.step) * interval '1 day' as at
        from plan p
        join path_step ps on ps.path_no = p.path_no and ps.step <= 1 + floor(p.r * ps.steps)
      )
      insert into application_events (application_id, from_status, to_status, actor_label, at)
      select application_id, lag(status) over (partition by application_id order by step), status, 'Bench', at
      from walked order by application_id, step`,
    );
    await run("events in the future taken out", sql`delete from application_events where at > ${at}::timestamptz`);
    await run(
      "applications set to their last stage",
      sql`
      update applications a set status = l.to_status, stage_entered_at = l.at, updated_at = l.at
      from (select distinct on (application_id) application_id, to_status, at
            from application_events order by application_id, at desc, id desc) l
      where l.application_id = a.id`,
    );
  });
  const started = performance.now();
  await handle.db.execute(sql`analyze`);
  write(`  analyze: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const [counts] = await queryRows<Record<string, number>>(
    handle.db,
    sql`select (select count(*) from consultations)::int as leads, (select count(*) from students)::int as students,
      (select count(*) from applications)::int as applications, (select count(*) from application_events)::int as events`,
  );
  return counts as Record<string, number>;
}

// ---------------------------------------------------------------------------------------------------
// Measure

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)] ?? 0;

async function signIn(origin: string, email: string, password: string): Promise<string> {
  const answer = await fetch(`${origin}/api/v1/staff/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ email, password }),
  });
  if (answer.status !== 200) throw new Error(`sign-in of ${email} answered ${answer.status}: ${await answer.text()}`);
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.startsWith(`${STAFF_SESSION_COOKIE}=`));
  if (!cookie) throw new Error("no staff session cookie");
  return cookie;
}

interface Row {
  who: string;
  what: string;
  range: string;
  p50: number;
  p95: number;
  max: number;
  first: number;
  /** The server's CPU time per timed request (user + system): steadier than wall time on a busy machine. */
  cpuMs: number;
  statuses: Record<string, number>;
  booked?: number;
}

/** CPU milliseconds a process has used (user + system); Linux counts in ticks of 1/100 s. */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measure(
  origin: string,
  serverPid: number,
  who: string,
  cookie: string,
  what: "API" | "page",
  range: string,
  query: string,
) {
  const url = `${origin}${what === "API" ? "/api/v1/staff/reports" : "/staff/reports"}${query}`;
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let first = 0;
  let booked: number | undefined;
  let cpuBefore = 0;
  for (let i = 0; i < requests + 2; i++) {
    if (i === 2) cpuBefore = cpuMsOf(serverPid);
    const started = performance.now();
    const answer = await fetch(url, { headers: { Cookie: cookie } });
    const body = await answer.text();
    const ms = performance.now() - started;
    if (i === 0) {
      first = ms;
      if (what === "API" && answer.status === 200)
        booked = (JSON.parse(body) as { data: { total: { booked: number } } }).data.total.booked;
    }
    if (i >= 2) times.push(ms);
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  }
  const cpuMs = (cpuMsOf(serverPid) - cpuBefore) / requests;
  const sorted = [...times].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    who,
    what,
    range,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1) ?? 0),
    first: round(first),
    cpuMs: round(cpuMs),
    statuses,
    booked,
  } satisfies Row;
}

/** The IST day of an instant, and the first and last day of the calendar month before it. */
function lastMonth(now: Date) {
  const ist = new Date(now.getTime() + 330 * 60_000);
  const from = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() - 1, 1));
  const to = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), 0));
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  checkPaths();
  buildIfNeeded();
  mkdirSync(path.join(root, ".tmp"), { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ignite-bench-reports-"));
  let benchUrl: string | undefined;
  let admin: pg.Client | undefined;
  if (databaseUrl) {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    await admin.query(`create database ${BENCH_DATABASE}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${BENCH_DATABASE}`;
    benchUrl = url.toString();
  }
  let server: ChildProcess | undefined;
  let failed = false;
  try {
    const revision =
      spawnSync("git", ["describe", "--always", "--dirty"], { cwd: root, encoding: "utf8" }).stdout?.trim() || "unknown";
    write(
      `Code: ${revision}; Node ${process.version}; ${os.cpus().length} cores; database: ${benchUrl ? `PostgreSQL (${BENCH_DATABASE})` : "PGlite"}.`,
    );
    const now = new Date();
    const handle = benchUrl ? openPostgres(benchUrl, { max: 2 }) : openPglite(path.join(dataDir, "pgdata"));
    let counts: Record<string, number>;
    try {
      const started = performance.now();
      await handle.migrate();
      await seedDemoCatalogue(handle.db);
      const staff = createStaffService({
        db: handle.db,
        siteAddress: "http://localhost:3000",
        limiter: createDatabaseRateLimiter(handle.db),
        log: createLogger("warn"),
      });
      await staff.team.ensureAdmin(ADMIN);
      const staffIds: number[] = [];
      for (const fullName of COUNSELLORS) {
        const member = await staff.team.create(
          { system: "bench:reports" },
          { email: counsellorEmail(fullName), fullName, role: "counsellor", password: COUNSELLOR_PASSWORD },
        );
        staffIds.push(member.staffId);
      }
      write(`Migrated, demo catalogue and staff in ${((performance.now() - started) / 1000).toFixed(1)} s. Making the data:`);
      const dataStarted = performance.now();
      counts = await generate(handle, now, staffIds);
      write(
        `Data made in ${((performance.now() - dataStarted) / 1000).toFixed(1)} s: ${Object.entries(counts)
          .map(([k, v]) => `${v.toLocaleString("en")} ${k}`)
          .join(", ")}.`,
      );
    } finally {
      await handle.close();
    }

    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...serverEnvironment(),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED: "none",
      LOG_LEVEL: "warn",
    };
    for (const name of ["SMTP_URL", "DATABASE_URL", "PUBLIC_URL", "DEMO_STUDENT", "REDIS_URL", "ADMIN_EMAIL", "ADMIN_PASSWORD"])
      delete env[name];
    if (benchUrl) env.DATABASE_URL = benchUrl;
    server = spawn(process.execPath, [...serverNodeFlags, compiledServer], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env,
    });
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
      if (i > 480) throw new Error("the server did not become ready within 4 minutes");
      const ready = await fetch(`${origin}/readyz`).catch(() => undefined);
      if (ready?.status === 200) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const cookies = {
      admin: await signIn(origin, ADMIN.email, ADMIN.password),
      counsellor: await signIn(origin, counsellorEmail(COUNSELLORS[0] as string), COUNSELLOR_PASSWORD),
    };
    const month = lastMonth(now);
    const ranges = [
      { name: "default (12 months)", query: "" },
      { name: `${month.from}..${month.to}`, query: `?from=${month.from}&to=${month.to}` },
    ];
    write(
      `Timing ${requests} requests each (after two warm-up requests), one at a time${benchUrl ? " (server CPU: the Node process only, not PostgreSQL's)" : ""}:`,
    );
    write(
      `${"who".padEnd(11)} ${"what".padEnd(5)} ${"range".padEnd(22)} ${"p50 ms".padStart(7)} ${"p95 ms".padStart(7)} ${"max ms".padStart(7)} ${"first ms".padStart(9)} ${"server CPU ms".padStart(14)}  leads booked`,
    );
    const rows: Row[] = [];
    for (const who of ["admin", "counsellor"] as const)
      for (const range of ranges)
        for (const what of ["API", "page"] as const) {
          const row = await measure(origin, server.pid ?? 0, who, cookies[who], what, range.name, range.query);
          rows.push(row);
          const bad = Object.keys(row.statuses).filter((s) => s !== "200");
          write(
            `${who.padEnd(11)} ${what.padEnd(5)} ${range.name.padEnd(22)} ${String(row.p50).padStart(7)} ${String(row.p95).padStart(7)} ${String(row.max).padStart(7)} ${String(row.first).padStart(9)} ${String(row.cpuMs).padStart(14)}  ${row.booked?.toLocaleString("en") ?? ""}${bad.length ? `  statuses ${JSON.stringify(row.statuses)}` : ""}`,
          );
        }
    const notOk = rows.filter((r) => Object.keys(r.statuses).some((s) => s !== "200"));
    const slow = rows.filter((r) => r.p95 >= TARGET_MS);
    write(
      notOk.length || slow.length
        ? `FAILED: ${notOk.length} scenarios with answers other than 200, ${slow.length} with p95 at or over ${TARGET_MS} ms.`
        : `PASSED: every answer 200, every p95 under ${TARGET_MS} ms.`,
    );
    failed = notOk.length > 0 || slow.length > 0;
    writeFileSync(
      path.join(root, benchUrl ? ".tmp/bench-reports-postgres.json" : ".tmp/bench-reports.json"),
      JSON.stringify({ revision, database: benchUrl ? "postgres" : "pglite", counts, requests, rows }, null, 2),
    );
  } finally {
    if (server) await stopServer(server);
    if (admin) {
      if (keepData) write(`Database ${BENCH_DATABASE} kept (drop it with: drop database ${BENCH_DATABASE})`);
      else await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
      await admin.end();
    }
    if (keepData && !benchUrl) write(`Data kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
