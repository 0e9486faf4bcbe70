import { execFile } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import type { Config } from "./config.ts";
import { openPglite, pgliteExtensions } from "./db/client.ts";

/**
 * Backups and restores (decision 0065). A backup is a folder `ignite-<UTC time>` under BACKUP_DIR:
 * `database.tar.gz` (PGlite's data directory, as PGlite's dumpDataDir writes it) or `database.dump`
 * (pg_dump's custom format), `uploads/` (the files on disk; a bucket is the operator's to back up, said
 * in the manifest), and `manifest.json`. It is written under a `.partial` name and renamed when whole, so
 * a backup cut off half way is never taken for one. The newest BACKUP_KEEP are kept.
 */

const run = promisify(execFile);

/** The control socket a PGlite server listens on, in its data directory: only its owner reaches it. */
export const controlSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), "control.sock");

export interface Manifest {
  createdAt: string;
  database: "pglite" | "postgres";
  /** "disk": the files are in `uploads/`; "bucket": they are in STORAGE_URL's bucket, not in the backup. */
  files: "disk" | "bucket";
  fileCount: number;
  /** How the PGlite snapshot was taken: from the running server through its control socket, or from the files of a stopped one. */
  snapshot?: "running-server" | "stopped-database";
}

/** `ignite-20261128T041500123Z`: sorts by time. */
const backupName = (at: Date) => `ignite-${at.toISOString().replace(/[-:.]/g, "")}`;

/** Asks the running server for a PGlite snapshot through its control socket; false when no server listens there. */
function snapshotFromServer(socketPath: string, target: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    if (!existsSync(socketPath)) return resolve(false);
    const asked = request({ socketPath, path: "/snapshot", method: "POST" }, (answer) => {
      if (answer.statusCode !== 200) {
        answer.resume();
        return reject(new Error(`the server refused the snapshot (${answer.statusCode})`));
      }
      pipeline(answer, createWriteStream(target)).then(() => resolve(true), reject);
    });
    asked.on("error", (error: NodeJS.ErrnoException) =>
      // A socket file left by a server that stopped without removing it: no one answers there.
      error.code === "ECONNREFUSED" || error.code === "ENOENT" ? resolve(false) : reject(error),
    );
    asked.end();
  });
}

async function copyUploads(dataDir: string, target: string): Promise<number> {
  const source = path.join(dataDir, "uploads");
  if (!existsSync(source)) return 0;
  // Files are written before the row that names them commits (decision 0048): every file a row of the
  // database snapshot names is on disk already, so copying after the snapshot finds them all. A file
  // whose row came later comes too and is swept as an orphan after a restore. An upload still being
  // written (`.tmp-`, renamed when whole) is left out, and a file that goes while the copy runs (renamed
  // into place, or deleted) is passed over rather than failing the backup: its row, if any, is not in
  // the snapshot either (decision 0065).
  return copyTree(source, target);
}

async function copyTree(source: string, target: string): Promise<number> {
  await mkdir(target, { recursive: true });
  let copied = 0;
  for (const entry of await readdir(source, { withFileTypes: true })) {
    if (entry.name.startsWith(".tmp-")) continue;
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    try {
      if (entry.isDirectory()) copied += await copyTree(from, to);
      else if (entry.isFile()) {
        await cp(from, to, { preserveTimestamps: true });
        copied += 1;
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return copied;
}

/** Writes one backup and applies the retention; answers the backup's folder. */
export async function backUp(config: Config, now = new Date()): Promise<{ dir: string; manifest: Manifest; removed: string[] }> {
  const root = path.resolve(config.backup.dir);
  await mkdir(root, { recursive: true });
  const name = backupName(now);
  const partial = path.join(root, `${name}.partial`);
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial);
  try {
    let manifest: Manifest;
    if (config.databaseUrl) {
      // pg_dump reads one consistent snapshot of the database (a repeatable-read transaction) while it runs.
      await run("pg_dump", [
        "--format=custom",
        "--no-owner",
        `--file=${path.join(partial, "database.dump")}`,
        config.databaseUrl,
      ]);
      manifest = { createdAt: now.toISOString(), database: "postgres", files: "disk", fileCount: 0 };
    } else {
      const target = path.join(partial, "database.tar.gz");
      let snapshot: Manifest["snapshot"] = "running-server";
      if (!(await snapshotFromServer(controlSocketPath(config.dataDir), target))) {
        snapshot = "stopped-database";
        // No server holds the database: it is opened here (as the server would) and its image taken.
        const database = openPglite(path.join(config.dataDir, "pgdata"));
        try {
          await pipeline(
            Readable.fromWeb((await (database.snapshot as () => Promise<Blob>)()).stream() as never),
            createWriteStream(target),
          );
        } finally {
          await database.close();
        }
      }
      manifest = { createdAt: now.toISOString(), database: "pglite", files: "disk", fileCount: 0, snapshot };
    }
    if (config.storage) manifest.files = "bucket";
    else manifest.fileCount = await copyUploads(config.dataDir, path.join(partial, "uploads"));
    await writeFile(path.join(partial, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, path.join(root, name));
    return { dir: path.join(root, name), manifest, removed: await applyRetention(root, config.backup.keep) };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Removes all but the newest `keep` whole backups (and any `.partial` left by a backup that was cut off). */
export async function applyRetention(root: string, keep: number): Promise<string[]> {
  const entries = (await readdir(root)).filter((name) => /^ignite-\d{8}T\d{9}Z(\.partial)?$/.test(name)).sort();
  const whole = entries.filter((name) => !name.endsWith(".partial"));
  const removed = [...entries.filter((name) => name.endsWith(".partial")), ...whole.slice(0, Math.max(0, whole.length - keep))];
  for (const name of removed) await rm(path.join(root, name), { recursive: true, force: true });
  return removed;
}

/** Brings a backup back into an empty data directory (PGlite) or an empty database (DATABASE_URL). */
export async function restore(config: Config, backupDir: string): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(path.join(backupDir, "manifest.json"), "utf8")) as Manifest;
  const uploads = path.join(config.dataDir, "uploads");
  if (manifest.database === "postgres") {
    if (!config.databaseUrl)
      throw new Error("this backup is of PostgreSQL: set DATABASE_URL to the empty database to restore into");
    const { stdout } = await run("psql", [
      config.databaseUrl,
      "-Atc",
      "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    ]);
    if (Number(stdout.trim()) > 0) throw new Error("the database DATABASE_URL names is not empty: restore into a new, empty one");
    await run("pg_restore", [
      "--no-owner",
      "--exit-on-error",
      `--dbname=${config.databaseUrl}`,
      path.join(backupDir, "database.dump"),
    ]);
  } else {
    if (config.databaseUrl) throw new Error("this backup is of PGlite: unset DATABASE_URL and set DATA_DIR to an empty folder");
    const pgdata = path.join(config.dataDir, "pgdata");
    if (existsSync(pgdata) && (await readdir(pgdata)).length > 0)
      throw new Error(`${pgdata} is not empty: restore into a new DATA_DIR (or move the old one away first)`);
    await mkdir(pgdata, { recursive: true });
    const image = new Blob([await readFile(path.join(backupDir, "database.tar.gz"))]);
    const client = await PGlite.create(pgdata, { extensions: pgliteExtensions, loadDataDir: image });
    await client.query("select 1");
    await client.close();
  }
  if (manifest.files === "disk" && existsSync(path.join(backupDir, "uploads"))) {
    if (existsSync(uploads) && (await readdir(uploads)).length > 0)
      throw new Error(`${uploads} is not empty: restore into a new DATA_DIR`);
    await cp(path.join(backupDir, "uploads"), uploads, { recursive: true, preserveTimestamps: true });
  }
  return manifest;
}

/** The newest whole backup under BACKUP_DIR, for `npm run restore` given no folder. */
export async function newestBackup(config: Config): Promise<string | undefined> {
  const root = path.resolve(config.backup.dir);
  if (!existsSync(root)) return undefined;
  const whole = (await readdir(root)).filter((name) => /^ignite-\d{8}T\d{9}Z$/.test(name)).sort();
  const newest = whole.at(-1);
  return newest && (await stat(path.join(root, newest))).isDirectory() ? path.join(root, newest) : undefined;
}
