import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { seedDemoCatalogue } from "../../modules/catalogue/seed.ts";
import { openPglite, openPostgres } from "../../platform/db/client.ts";
import { seedReferenceData } from "../../server/startup.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: a file holding a migrated, seeded data directory. PostgreSQL: a template database's name. */
    databaseTemplate: { kind: "pglite"; file: string } | { kind: "postgres"; url: string; template: string };
  }
}

/** Migrates and seeds once per run; each test file then starts from a copy (tests/support/test-database.ts). */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `ignite_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const handle = openPostgres(templateUrl.toString(), { max: 2 });
    await handle.migrate();
    await seedDemoCatalogue(handle.db);
    await seedReferenceData(handle);
    await handle.close();
    project.provide("databaseTemplate", { kind: "postgres", url, template });
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), "ignite-test-"));
  const handle = openPglite("memory://");
  await handle.migrate();
  await seedDemoCatalogue(handle.db);
  await seedReferenceData(handle);
  const dump = await handle.client.dumpDataDir("none");
  const file = path.join(dir, "template.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide("databaseTemplate", { kind: "pglite", file });
  return () => rmSync(dir, { recursive: true, force: true });
}
