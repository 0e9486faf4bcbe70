import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { build } from "esbuild";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { seedDemoCatalogue } from "../../modules/catalogue/seed.ts";
import { openPglite, openPostgres, pgliteExtensions } from "../../platform/db/client.ts";
import { seedReferenceData } from "../../server/startup.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: a file holding a migrated, seeded data directory. PostgreSQL: a template database's name. */
    databaseTemplate: { kind: "pglite"; file: string } | { kind: "postgres"; url: string; template: string };
  }
}

const root = path.resolve(import.meta.dirname, "../..");
const cacheDir = path.join(root, ".tmp", "test-template");

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    })
    .sort();
}

/**
 * What the template is made of (decision 0052): the migrations, every source file the seeding code reaches
 * (esbuild reads its imports; a data file it imports is among them), this file, and the versions of the two
 * database drivers. A change to any of them makes a new template; otherwise the last one is reused.
 */
export async function templateKey(): Promise<string> {
  const seeding = await build({
    stdin: {
      contents: 'import "./modules/catalogue/seed.ts"; import "./server/startup.ts"; import "./platform/db/client.ts";',
      resolveDir: root,
      loader: "ts",
    },
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    packages: "external",
    logLevel: "silent",
  });
  const sources = Object.keys(seeding.metafile.inputs)
    .filter((input) => !input.startsWith("<stdin>"))
    .map((input) => path.resolve(root, input));
  const inputs = [...filesUnder(path.join(root, "drizzle")), ...sources, import.meta.filename].sort();
  const hash = createHash("sha256");
  for (const file of inputs) hash.update(path.relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  for (const driver of ["@electric-sql/pglite", "pg", "drizzle-orm"]) {
    const manifest = JSON.parse(readFileSync(path.join(root, "node_modules", driver, "package.json"), "utf8"));
    hash.update(`${driver}@${manifest.version}\0`);
  }
  return hash.digest("hex").slice(0, 16);
}

async function seed(handle: Parameters<typeof seedReferenceData>[0] & { migrate(): Promise<void> }) {
  await handle.migrate();
  await seedDemoCatalogue(handle.db);
  await seedReferenceData(handle);
}

/**
 * PGlite: the template's data directory as a file under .tmp/, written whole before it is named. Every test
 * file loads it, so it is checkpointed once more without recycling the write-ahead log first: the segment
 * the seed filled goes (16 of 69 MB), and a test file's copy opens in about two thirds of the time.
 */
async function pgliteTemplate(key: string): Promise<string> {
  const file = path.join(cacheDir, `pglite-${key}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(cacheDir, { recursive: true });
  const handle = openPglite("memory://");
  await seed(handle);
  const seeded = await handle.client.dumpDataDir("none");
  await handle.close();
  const compact = new PGlite("memory://", {
    extensions: pgliteExtensions,
    loadDataDir: seeded,
    postgresqlconf: ["wal_recycle=off"],
  });
  await compact.query("checkpoint");
  const dump = await compact.dumpDataDir("none");
  await compact.close();
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  for (const name of readdirSync(cacheDir))
    if (name !== path.basename(file) && name.startsWith("pglite-")) rmSync(path.join(cacheDir, name), { force: true });
  return file;
}

/**
 * PostgreSQL: a template database named by the key, marked ready by a comment once seeded. An advisory
 * lock keeps two runs from building it at once; templates of older keys are dropped.
 */
async function postgresTemplate(url: string, key: string): Promise<string> {
  const template = `ignite_template_${key}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock(hashtext('ignite test template'))");
    const ready = await admin.query("select shobj_description(oid, 'pg_database') as note from pg_database where datname = $1", [
      template,
    ]);
    if (ready.rows[0]?.note !== "ready") {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.query(`create database ${template}`);
      const templateUrl = new URL(url);
      templateUrl.pathname = `/${template}`;
      const handle = openPostgres(templateUrl.toString(), { max: 2 });
      await seed(handle);
      await handle.close();
      await admin.query(`comment on database ${template} is 'ready'`);
    }
    const stale = await admin.query(
      "select datname from pg_database where datname like 'ignite\\_template\\_%' and datname <> $1",
      [template],
    );
    for (const { datname } of stale.rows) await admin.query(`drop database if exists ${datname} with (force)`).catch(() => {});
    await admin.query("select pg_advisory_unlock(hashtext('ignite test template'))");
  } finally {
    await admin.end();
  }
  return template;
}

/** Builds the template when its inputs changed, else reuses it; each test file starts from a copy (tests/support/test-database.ts). */
export default async function setup(project: TestProject) {
  const started = performance.now();
  const key = await templateKey();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = await postgresTemplate(url, key);
    project.provide("databaseTemplate", { kind: "postgres", url, template });
  } else {
    project.provide("databaseTemplate", { kind: "pglite", file: await pgliteTemplate(key) });
  }
  process.stdout.write(`test database template ${key}: ready in ${Math.round(performance.now() - started)} ms\n`);
}
