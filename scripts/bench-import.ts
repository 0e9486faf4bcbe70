/**
 * `npm run bench:import`: the catalogue's CSV import at scale (decision 0020). On a fresh database with
 * the demo catalogue it imports the 10,251 world universities (tests/fixtures), then a generated file
 * of 200,000 courses at those universities (matched by university and country, the costlier path),
 * then dry-runs that file again (every row unchanged) and exports the courses. For each step: seconds,
 * and the process's resident memory before, after and at its peak (the server process: the steps run
 * in it, PGlite too when no --database-url is given). Figures go to stdout and .tmp/bench-import.json.
 *
 *   npm run bench:import
 *   npm run bench:import -- --database-url postgres://postgres@127.0.0.1:5432/postgres
 *   npm run bench:import -- --courses 50000
 */

import { once } from "node:events";
import { createReadStream, createWriteStream, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { stringify } from "csv-stringify/sync";
import pg from "pg";
import { demoCountries } from "../modules/catalogue/demo/countries.ts";
import { createRandom, generateCourses } from "../modules/catalogue/demo/courses.ts";
import { seedDemoCatalogue } from "../modules/catalogue/seed.ts";
import type { StaffMember } from "../modules/policies.ts";
import { loadConfig } from "../platform/config.ts";
import { type DatabaseHandle, openPglite, openPostgres } from "../platform/db/client.ts";
import { createLogger } from "../platform/log.ts";
import { createLocalFileStorage } from "../platform/storage/file-storage.ts";
import { createApp } from "../server/app.ts";
import { ensureWorldCountries, worldUniversitiesCsv, worldUniversityRows } from "../tests/support/world-universities.ts";

const root = path.resolve(import.meta.dirname, "..");
const work = path.join(root, ".tmp/bench-import");
const write = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

const { values } = parseArgs({
  options: { "database-url": { type: "string" }, courses: { type: "string", default: "200000" } },
  strict: true,
});
const courseCount = Number(values.courses);

/** Resident memory sampled every 20 ms while a step runs. */
function memoryWatch() {
  const before = process.memoryUsage();
  let peak = before.rss;
  let jsPeak = before.heapUsed + before.external;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    jsPeak = Math.max(jsPeak, now.heapUsed + now.external);
  }, 20);
  return () => {
    clearInterval(timer);
    const after = process.memoryUsage().rss;
    return {
      rssBeforeMb: mb(before.rss),
      rssAfterMb: mb(after),
      rssPeakMb: mb(Math.max(peak, after)),
      growthMb: mb(Math.max(peak, after) - before.rss),
      // JavaScript's own part (heap and buffers); the rest of the RSS is code and, without
      // --database-url, PGlite's WebAssembly memory (its buffer cache, which does not shrink).
      jsPeakGrowthMb: mb(jsPeak - before.heapUsed - before.external),
    };
  };
}

async function openDatabase(): Promise<{ handle: DatabaseHandle; kind: string; cleanup: () => Promise<void> }> {
  const url = values["database-url"];
  if (!url) {
    rmSync(path.join(work, "pgdata"), { recursive: true, force: true });
    const handle = openPglite(path.join(work, "pgdata"));
    return { handle, kind: "PGlite", cleanup: () => handle.close() };
  }
  const name = `ignite_bench_import_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const handle = openPostgres(own.toString());
  return {
    handle,
    kind: "PostgreSQL",
    cleanup: async () => {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The generated courses file: `courseCount` courses at the world universities, about 20 each. */
async function writeCoursesFile(file: string) {
  const universities = worldUniversityRows();
  const perUniversity = Math.ceil(courseCount / universities.length);
  const countryOf = new Map(demoCountries.map((c) => [c.name, c]));
  const out = createWriteStream(file);
  const put = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  await put(
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
        "fee_source",
        "fee_checked_on",
      ],
    ]),
  );
  let written = 0;
  for (const [index, u] of universities.entries()) {
    if (written >= courseCount) break;
    const country = countryOf.get(u.country) ?? { name: u.country, slug: u.code, code: u.code, aliases: [], currency: "USD" };
    const courses = generateCourses(
      { name: u.name, type: "Public", city: u.city },
      country,
      createRandom(index + 1),
      perUniversity,
    );
    const rows = courses
      .slice(0, courseCount - written)
      .map((c) => [
        u.name,
        u.country,
        c.name,
        c.level,
        c.durationMonths,
        c.feeAmount,
        c.feeCurrency,
        c.feePeriod,
        c.mode,
        c.englishExamWaiver ? "yes" : "no",
        c.mediumOfInstruction,
        "University website",
        "2026-01-15",
      ]);
    written += rows.length;
    await put(stringify(rows));
  }
  out.end();
  await once(out, "finish");
  return written;
}

async function main() {
  mkdirSync(work, { recursive: true });
  const { handle, kind, cleanup } = await openDatabase();
  const figures: Record<string, unknown> = { database: kind, node: process.version };
  try {
    await handle.migrate();
    await seedDemoCatalogue(handle.db);
    await ensureWorldCountries(handle.db);
    const config = loadConfig({ SEED: "none", DATA_DIR: work });
    const { staff } = createApp({
      config,
      database: handle,
      log: createLogger("warn"),
      storage: createLocalFileStorage(path.join(work, "uploads")),
    });
    const account = await staff.team.create(
      { system: "bench" },
      { email: "bench@imports.test", fullName: "Bench Admin", role: "admin", password: "bench-import-Secret-1" },
    );
    const admin: StaffMember = account;
    write(`Database: ${kind}; RSS at start ${mb(process.memoryUsage().rss)} MB`);

    const settle = async (id: string) => {
      for (;;) {
        const found = await staff.catalogue.imports.get(admin, id);
        if (found.status !== "checking" && found.status !== "applying") return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const step = async (label: string, work: () => Promise<unknown>) => {
      const watch = memoryWatch();
      const started = performance.now();
      const result = await work();
      const seconds = Number(((performance.now() - started) / 1000).toFixed(2));
      const memory = watch();
      figures[label] = { seconds, ...memory };
      write(
        `${label.padEnd(32)} ${seconds.toFixed(2).padStart(7)} s   RSS ${memory.rssBeforeMb} -> ${memory.rssAfterMb} MB, peak ${memory.rssPeakMb} MB (+${memory.growthMb} MB; JS heap +${memory.jsPeakGrowthMb} MB)`,
      );
      return result;
    };
    const importFile = async (name: string, kindOf: "universities" | "courses", file: string) => {
      const uploaded = (await step(`${name}: upload`, () =>
        staff.catalogue.imports.upload(admin, { kind: kindOf, fileName: path.basename(file), body: createReadStream(file) }),
      )) as { id: string; mapping: Record<string, string> };
      const checked = (await step(`${name}: dry run`, async () => {
        await staff.catalogue.imports.check(admin, uploaded.id, { mapping: uploaded.mapping, retireMissing: false });
        return settle(uploaded.id);
      })) as Awaited<ReturnType<typeof settle>>;
      write(`  ${JSON.stringify(checked.summary)}${checked.failure ? ` failure: ${checked.failure}` : ""}`);
      return { uploaded, checked };
    };

    const universitiesFile = path.join(work, "world-universities.csv");
    writeFileSync(universitiesFile, worldUniversitiesCsv());
    const unis = await importFile("10k universities", "universities", universitiesFile);
    const appliedUnis = (await step("10k universities: apply", async () => {
      await staff.catalogue.imports.apply(admin, unis.uploaded.id);
      return settle(unis.uploaded.id);
    })) as Awaited<ReturnType<typeof settle>>;
    write(`  ${appliedUnis.status} ${JSON.stringify(appliedUnis.summary?.applied)}`);

    const coursesFile = path.join(work, "courses.csv");
    const written = await writeCoursesFile(coursesFile);
    write(`Courses file: ${written} courses, ${mb(statSync(coursesFile).size)} MB`);
    figures.coursesFile = { courses: written, megabytes: mb(statSync(coursesFile).size) };
    const courses = await importFile("200k courses", "courses", coursesFile);
    const appliedCourses = (await step("200k courses: apply", async () => {
      await staff.catalogue.imports.apply(admin, courses.uploaded.id);
      return settle(courses.uploaded.id);
    })) as Awaited<ReturnType<typeof settle>>;
    write(`  ${appliedCourses.status} ${JSON.stringify(appliedCourses.summary?.applied)}${appliedCourses.failure ?? ""}`);

    await importFile("200k courses again (unchanged)", "courses", coursesFile);
    await step("export of all courses", async () => {
      const file = await staff.catalogue.export(admin, "courses");
      let bytes = 0;
      for await (const chunk of file.chunks) bytes += chunk.length;
      return bytes;
    });
  } finally {
    await cleanup();
  }
  writeFileSync(path.join(root, ".tmp/bench-import.json"), `${JSON.stringify(figures, null, 2)}\n`);
  write("Figures written to .tmp/bench-import.json");
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
