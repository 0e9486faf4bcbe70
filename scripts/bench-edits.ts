/**
 * `npm run bench:edits`: is the server still answering while the catalogue changes (decision 0034, finding 3;
 * decision 0038)? On the large catalogue (`npm run seed:large`, copied first so the seeded one is kept),
 * the app serves HTTP on a loopback port and `/healthz` is asked every 20 ms, one at a time, each answer timed from
 * when it was due (so a held event loop counts in full); p50/p99/max are reported for three phases:
 *
 *   idle     nothing else happening;
 *   edits    an admin edits a course every second (its name and fee), through the console's path;
 *   import   a generated file of `--rows` new courses (default 100,000) is applied, then the mirror
 *            catches up (the dry run before it is not measured).
 *
 * Target: p99 under 50 ms in each. Also printed: the load average (the machine may be shared) and the
 * mirror's own counts. Figures go to stdout and .tmp/bench-edits.json.
 *
 *   npm run seed:large && npm run bench:edits
 *   npm run bench:edits -- --data-dir .tmp/large --rows 20000 --edit-seconds 10
 *   npm run bench:edits -- --database-url postgres://postgres@127.0.0.1:5432/ignite_large
 *
 * With `--database-url` the catalogue is that PostgreSQL database's (generated there once when it holds
 * fewer than 200,000 courses); the bench works on a copy (`CREATE DATABASE … TEMPLATE`), dropped at the end.
 */

import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { cpSync, createReadStream, createWriteStream, mkdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { serve } from "@hono/node-server";
import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import pg from "pg";
import { courseFieldColumns } from "../modules/catalogue/course-record.ts";
import { courses } from "../modules/catalogue/tables.ts";
import type { StaffMember } from "../modules/policies.ts";
import { loadConfig } from "../platform/config.ts";
import { type DatabaseHandle, openPglite, openPostgres, queryRows } from "../platform/db/client.ts";
import { createLogger } from "../platform/log.ts";
import { createLocalFileStorage } from "../platform/storage/file-storage.ts";
import { createApp } from "../server/app.ts";
import { coursesIn } from "./large-catalogue.ts";

const root = path.resolve(import.meta.dirname, "..");
const write = (line = "") => process.stdout.write(`${line}\n`);
const { values } = parseArgs({
  options: {
    "data-dir": { type: "string", default: ".tmp/large" },
    rows: { type: "string", default: "100000" },
    "edit-seconds": { type: "string", default: "20" },
    "idle-seconds": { type: "string", default: "5" },
    "database-url": { type: "string" },
  },
  strict: true,
});
const rowCount = Number(values.rows);
const work = path.join(root, ".tmp/bench-edits");

/** Asks /healthz every 10 ms until stopped; each answer's time is counted from when it was due. */
function healthWatch(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const times: number[] = [];
  let running = true;
  let unanswered = 0;
  const ask = (due: number) =>
    new Promise<void>((resolve) => {
      const request = http.get({ host: "127.0.0.1", port, path: "/healthz", agent }, (answer) => {
        answer.resume();
        answer.on("end", () => {
          times.push(performance.now() - due);
          resolve();
        });
      });
      request.on("error", () => {
        unanswered += 1;
        resolve();
      });
    });
  // One request at a time, each due 20 ms after the last was due (or answered, if later): a held
  // event loop shows as the wait from the due time, without a pile of requests the machine cannot serve.
  const loop = (async () => {
    let due = performance.now();
    while (running) {
      await ask(due);
      due = Math.max(due + 20, performance.now());
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return async () => {
    running = false;
    await loop;
    agent.destroy();
    const sorted = times.sort((a, b) => a - b);
    const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
    return { requests: sorted.length, unanswered, p50: at(0.5), p99: at(0.99), max: Math.round(sorted.at(-1) ?? 0) };
  };
}

/** On the server `url` names: the large catalogue there (generated once), and a copy of it to work on. */
async function postgresCopy(url: string): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const source = new URL(url);
  const name = decodeURIComponent(source.pathname.slice(1));
  const server = new URL(url);
  server.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (!exists.rowCount) await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  if ((await coursesIn(url)) < 200_000) {
    write(`Generating the large catalogue in ${name} (once)...`);
    const made = spawnSync("npx", ["tsx", "scripts/generate-large-catalogue.ts", "--database-url", url], {
      cwd: root,
      stdio: "inherit",
    });
    if (made.status !== 0) throw new Error("could not generate the large catalogue");
  }
  const copyName = `${name}_bench_edits`;
  write(`Copying the catalogue from ${name} to ${copyName}`);
  await admin.query(`drop database if exists ${pg.escapeIdentifier(copyName)}`);
  await admin.query(`create database ${pg.escapeIdentifier(copyName)} template ${pg.escapeIdentifier(name)}`);
  const copy = new URL(url);
  copy.pathname = `/${encodeURIComponent(copyName)}`;
  return {
    handle: openPostgres(copy.toString()),
    drop: async () => {
      await admin.query(`drop database if exists ${pg.escapeIdentifier(copyName)}`);
      await admin.end();
    },
  };
}

async function main() {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  let handle: DatabaseHandle;
  let dropCopy = async () => {};
  const databaseUrl = values["database-url"];
  if (databaseUrl) {
    const copy = await postgresCopy(databaseUrl);
    handle = copy.handle;
    dropCopy = copy.drop;
  } else {
    const source = path.resolve(root, values["data-dir"] as string, "pgdata");
    write(`Copying the catalogue from ${source}`);
    cpSync(source, path.join(work, "pgdata"), { recursive: true });
    handle = openPglite(path.join(work, "pgdata"));
  }
  await handle.migrate();
  const config = loadConfig({ SEED: "none", DATA_DIR: work });
  const built = performance.now();
  const { app, staff, catalogueMirror } = createApp({
    config,
    database: handle,
    log: createLogger("warn"),
    storage: createLocalFileStorage(path.join(work, "uploads")),
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;
  await catalogueMirror.ready();
  const [counted] = await queryRows<{ courses: number }>(handle.db, sql`select count(*)::int as courses from courses`);
  const figures: Record<string, unknown> = {
    node: process.version,
    database: databaseUrl ? "PostgreSQL" : "PGlite",
    courses: counted?.courses,
    firstBuildSeconds: Number(((performance.now() - built) / 1000).toFixed(1)),
    loadAverageAtStart: os.loadavg().map((l) => Number(l.toFixed(1))),
  };
  write(
    `${databaseUrl ? "PostgreSQL" : "PGlite"}: ${counted?.courses} courses; mirror built in ${figures.firstBuildSeconds} s; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  const admin: StaffMember = await staff.team.create(
    { system: "bench" },
    { email: `bench-${Date.now()}@edits.test`, fullName: "Bench Admin", role: "admin", password: "bench-edits-Secret-1" },
  );
  const report = (phase: string, result: Record<string, unknown>) => {
    figures[phase] = { ...result, loadAverage: os.loadavg().map((l) => Number(l.toFixed(1))) };
    write(`${phase.padEnd(8)} ${JSON.stringify(figures[phase])}`);
  };
  const mirrorStats = () => (catalogueMirror as { stats?: () => unknown }).stats?.() ?? "not counted";

  let stop = healthWatch(port);
  await new Promise((resolve) => setTimeout(resolve, Number(values["idle-seconds"]) * 1000));
  report("idle", await stop());

  const [edited] = await queryRows<{ id: number }>(
    handle.db,
    sql`select id from courses where retired_at is null order by id limit 1`,
  );
  const id = edited?.id as number;
  const [form] = await handle.db.select(courseFieldColumns).from(courses).where(sql`id = ${id}`);
  stop = healthWatch(port);
  const editTimes: number[] = [];
  for (let second = 0; second < Number(values["edit-seconds"]); second += 1) {
    const due = performance.now();
    await staff.catalogue.editCourse(admin, id, {
      ...form,
      name: `Master of Benchmarking ${second}`,
      feeAmount: 10_000 + second,
    });
    editTimes.push(performance.now() - due);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (performance.now() - due))));
  }
  report("edits", { ...(await stop()), slowestEditMs: Math.round(Math.max(...editTimes)), mirror: mirrorStats() });

  const universities = await queryRows<{ name: string; country: string }>(
    handle.db,
    sql`select u.name, c.name as country from universities u join countries c on c.id = u.country_id
        where u.retired_at is null order by u.id limit 2000`,
  );
  const file = path.join(work, "courses.csv");
  const out = createWriteStream(file);
  out.write(
    stringify([
      [
        "university",
        "country",
        "name",
        "level",
        "duration_months",
        "fee_amount",
        "fee_currency",
        "fee_period",
        "mode",
        "english_exam_waiver",
        "medium_of_instruction",
      ],
    ]),
  );
  for (let n = 0; n < rowCount; n += 1) {
    const u = universities[n % universities.length] as { name: string; country: string };
    if (
      !out.write(
        stringify([
          [
            u.name,
            u.country,
            `Bench Imported Course ${n}`,
            "Masters",
            12,
            15_000 + (n % 5000),
            "EUR",
            "year",
            "Full-time",
            "no",
            "English",
          ],
        ]),
      )
    )
      await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  const uploaded = await staff.catalogue.imports.upload(admin, {
    kind: "courses",
    fileName: "courses.csv",
    body: createReadStream(file),
  });
  const settled = async () => {
    for (;;) {
      const found = await staff.catalogue.imports.get(admin, uploaded.id);
      if (found.status !== "checking" && found.status !== "applying") return found;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  await staff.catalogue.imports.check(admin, uploaded.id, { mapping: uploaded.mapping, retireMissing: false });
  const checked = await settled();
  write(`dry run: ${JSON.stringify(checked.summary)}`);
  stop = healthWatch(port);
  const applying = performance.now();
  await staff.catalogue.imports.apply(admin, uploaded.id);
  const applied = await settled();
  const applySeconds = Number(((performance.now() - applying) / 1000).toFixed(1));
  await catalogueMirror.ready();
  report("import", {
    ...(await stop()),
    status: applied.status,
    rows: rowCount,
    applySeconds,
    withMirrorSeconds: Number(((performance.now() - applying) / 1000).toFixed(1)),
    mirror: mirrorStats(),
  });

  server.close();
  catalogueMirror.stop();
  await handle.close();
  await dropCopy();
  rmSync(work, { recursive: true, force: true });
  writeFileSync(path.join(root, ".tmp/bench-edits.json"), `${JSON.stringify(figures, null, 2)}\n`);
  write("Figures written to .tmp/bench-edits.json");
  process.exit(0);
}

main().catch((error: unknown) => {
  const cause = error instanceof Error && error.cause instanceof Error ? `\ncaused by: ${error.cause.message}` : "";
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}${cause}\n`);
  process.exit(1);
});
