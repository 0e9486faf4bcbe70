import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "../../platform/db/client.ts";

/**
 * A database of its own for one test file, migrated and holding the demo catalogue: a copy of the
 * run's template, on PGlite in memory or, with TEST_DATABASE_URL, on that PostgreSQL server.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const template = inject("databaseTemplate");
  if (template.kind === "pglite") {
    const handle = openPglite("memory://", { loadDataDir: new Blob([readFileSync(template.file)]) });
    await handle.ping();
    return handle;
  }
  const name = `ignite_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template.template}`);
  await admin.end();
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), { max: 4 });
  return {
    ...handle,
    /** For a second connection pool on the same database, as a second instance would open. */
    url: url.toString(),
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: template.url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * Makes `dataDir` a site's DATA_DIR whose PGlite database (`pgdata/`) is a copy of the run's template, so
 * that a process the test starts on it finds it migrated and seeded, as on a site already running,
 * rather than creating and migrating a database first. Does nothing when the run's template is on
 * PostgreSQL (TEST_DATABASE_URL): the process then creates its PGlite database as a new site does.
 */
export async function copyTemplateInto(dataDir: string): Promise<void> {
  const template = inject("databaseTemplate");
  if (template.kind !== "pglite") return;
  const handle = openPglite(path.join(dataDir, "pgdata"), { loadDataDir: new Blob([readFileSync(template.file)]) });
  await handle.ping();
  await handle.close();
}

/**
 * A new, migrated PostgreSQL database on the machine's server (TEST_DATABASE_URL, or the local one at
 * 127.0.0.1:5432) for tests that run several instances, which PGlite (one process) cannot. Its `url`
 * lets each instance open its own pool; `close` drops it.
 */
export async function openScratchPostgres(options: { migrate?: boolean } = {}): Promise<DatabaseHandle & { url: string }> {
  const server = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `ignite_instances_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), { max: 4 });
  if (options.migrate !== false) await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: server });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
