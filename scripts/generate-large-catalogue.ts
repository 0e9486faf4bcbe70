/**
 * Seeds a large synthetic catalogue for benchmarks: the 38 destinations, `--universities` generated universities
 * and `--courses-per-university` generated courses each.
 *
 *   npx tsx scripts/generate-large-catalogue.ts --data-dir ./.tmp/large --universities 10000 --courses-per-university 20
 *   npx tsx scripts/generate-large-catalogue.ts --database-url postgres://... --universities 10000
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { demoCountries } from "../modules/catalogue/demo/countries.ts";
import { createRandom, generateCourses } from "../modules/catalogue/demo/courses.ts";
import { generateLargeUniversities } from "../modules/catalogue/demo/large-catalogue.ts";
import { isCatalogueEmpty, seedCatalogue } from "../modules/catalogue/seed.ts";
import { type DatabaseHandle, openPglite, openPostgres } from "../platform/db/client.ts";

const usage = `Usage: tsx scripts/generate-large-catalogue.ts [options]
  --data-dir <dir>                 PGlite data under <dir>/pgdata (default ./.tmp/large)
  --database-url <url>             use this PostgreSQL server instead of PGlite
  --universities <n>               synthetic universities (default 10000)
  --courses-per-university <n>     courses per university (default 20)
  --batch-size <n>                 universities per transaction (default 500)
  --seed <n>                       random seed (default 1)
`;

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got "${value}"`);
  return n;
}

const write = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      "data-dir": { type: "string", default: "./.tmp/large" },
      "database-url": { type: "string" },
      universities: { type: "string" },
      "courses-per-university": { type: "string" },
      "batch-size": { type: "string" },
      seed: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(usage);
    return;
  }
  const universityCount = positiveInt("universities", values.universities, 10_000);
  const coursesPerUniversity = positiveInt("courses-per-university", values["courses-per-university"], 20);
  const batchSize = positiveInt("batch-size", values["batch-size"], 500);
  const seed = positiveInt("seed", values.seed, 1);

  const started = performance.now();
  const elapsed = () => ((performance.now() - started) / 1000).toFixed(1);

  let handle: DatabaseHandle;
  if (values["database-url"]) {
    handle = openPostgres(values["database-url"]);
    write("Database: PostgreSQL");
  } else {
    const dataDir = path.join(values["data-dir"], "pgdata");
    handle = openPglite(dataDir);
    write(`Database: PGlite at ${dataDir}`);
  }
  try {
    await handle.migrate();
    write(`Migrated in ${elapsed()} s`);
    if (!(await isCatalogueEmpty(handle.db))) {
      write("The catalogue is not empty: nothing to do.");
      return;
    }
    const countryByName = new Map(demoCountries.map((c) => [c.name, c]));
    const seedStarted = performance.now();
    const counts = await seedCatalogue(
      handle.db,
      {
        countries: demoCountries,
        universities: generateLargeUniversities(universityCount, demoCountries, createRandom(seed)),
        coursesFor(university, index) {
          const country = countryByName.get(university.country);
          if (!country) throw new Error(`Unknown country ${university.country}`);
          return generateCourses(university, country, createRandom(seed * 1_000_003 + index), coursesPerUniversity);
        },
      },
      {
        batchSize,
        onProgress: (done) => {
          const rate = done.courses / ((performance.now() - seedStarted) / 1000);
          write(
            `  ${done.universities}/${universityCount} universities, ${done.courses} courses (${elapsed()} s, ${Math.round(rate)} courses/s)`,
          );
        },
      },
    );
    const seconds = (performance.now() - seedStarted) / 1000;
    write(
      `Seeded ${counts.countries} countries, ${counts.universities} universities and ${counts.courses} courses in ${seconds.toFixed(1)} s (${elapsed()} s in all).`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
