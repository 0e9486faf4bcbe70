// Backups that restore (decision 0065): `npm run backup` while a real server answers sign-ups and uploads,
// `npm run restore` into an empty data directory (or an empty database), and a server started on the
// restored data lets every student acknowledged before the backup began log in and download their file,
// byte for byte. The retention keeps the newest BACKUP_KEEP backups.
// PGlite under a temporary DATA_DIR, or, with TEST_DATABASE_URL, fresh databases on that server.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachmentTypes } from "../../vocabulary/documents.ts";
import { ApiClient } from "../support/api-client.ts";
import { createStudent, type Student, uploadDocument } from "../support/factories.ts";
import { type ServerProcess, serverEnvironment, startServerProcess } from "../support/server-process.ts";
import { copyTemplateInto } from "../support/test-database.ts";

const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
/** Writes acknowledged before the backup starts, so it has something to lose. */
const ACKS_BEFORE_BACKUP = 6;

let dataDir: string;
let restoredDir: string;
let backupDir: string;
const databases: Record<"live" | "restored", string | undefined> = { live: undefined, restored: undefined };
const running: ServerProcess[] = [];

const remote = (origin: string) =>
  new ApiClient({
    request: (url: string, init?: RequestInit) => fetch(url.replace(/^http:\/\/localhost/, origin), init),
  } as never);

async function scratchDatabase(): Promise<string | undefined> {
  const testUrl = process.env.TEST_DATABASE_URL;
  if (!testUrl) return undefined;
  const name = `ignite_backup_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(testUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `npm run backup` / `npm run restore` as an operator runs them, in the server's environment. */
const script = (name: "backup" | "restore", env: NodeJS.ProcessEnv, args: string[] = []) =>
  run(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], { cwd: root, env });

const envOf = (dir: string, databaseUrl: string | undefined) =>
  serverEnvironment({
    DATA_DIR: dir,
    BACKUP_DIR: backupDir,
    BACKUP_KEEP: "2",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "ignite-backup-live-"));
  restoredDir = mkdtempSync(path.join(tmpdir(), "ignite-backup-restored-"));
  backupDir = mkdtempSync(path.join(tmpdir(), "ignite-backups-"));
  // On PGlite the live site's database exists already, migrated, as on a site that has been running.
  await copyTemplateInto(dataDir);
  databases.live = await scratchDatabase();
  databases.restored = await scratchDatabase();
}, 120_000);

afterAll(async () => {
  for (const server of running) if (server.child.exitCode === null) server.child.kill("SIGKILL");
  const testUrl = process.env.TEST_DATABASE_URL;
  if (testUrl) {
    const admin = new pg.Client({ connectionString: testUrl });
    await admin.connect();
    for (const url of Object.values(databases))
      if (url) await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
    await admin.end();
  }
  for (const dir of [dataDir, restoredDir, backupDir]) rmSync(dir, { recursive: true, force: true });
});

interface Written {
  student: Student;
  /** The uploaded file's address and its bytes. */
  file: string;
  bytes: Buffer;
}

describe("npm run backup, then npm run restore", () => {
  it("restores every record and file acknowledged before the backup began, taken while writes went on", async () => {
    const live = await startServerProcess(envOf(dataDir, databases.live));
    running.push(live);
    const api = remote(live.origin);

    // Students sign up and upload a document each, one after another, until told to stop.
    const acknowledged: Written[] = [];
    let writing = true;
    let failures = 0;
    const writer = async (n: number) => {
      for (let i = 0; writing; i++) {
        try {
          const student = await createStudent(api, { name: `श्रेया नायर ${n}-${i}` });
          const bytes = Buffer.from(`%PDF-1.4\n% ${randomBytes(20_000).toString("base64")}\n%%EOF\n`);
          const answer = await uploadDocument(api, student, attachmentTypes[0], {
            bytes,
            name: "marksheet.pdf",
            type: "application/pdf",
          });
          if (answer.status !== 200) throw new Error(`upload answered ${answer.status}`);
          const { data } = (await answer.json()) as { data: { file: string } };
          acknowledged.push({ student, file: data.file, bytes });
        } catch {
          failures += 1;
        }
      }
    };
    // Two writers keep writing while the backup runs (the snapshot is taken between their queries).
    const writers = [writer(1), writer(2)];
    while (acknowledged.length < ACKS_BEFORE_BACKUP) await new Promise((resolve) => setTimeout(resolve, 20));

    const before = [...acknowledged];
    const backup = await script("backup", envOf(dataDir, databases.live));
    writing = false;
    await Promise.all(writers);
    expect(failures).toBe(0);
    expect(backup.stdout).toMatch(
      /^Backup written to .*ignite-\d{8}T\d{9}Z in [\d.]+ s \(database: (pglite|postgres); files: \d+\)/,
    );

    const written = backup.stdout.match(/written to (\S+) in/)?.[1] ?? "";
    const manifest = JSON.parse(readFileSync(path.join(written, "manifest.json"), "utf8"));
    expect(manifest).toMatchObject({ database: databases.live ? "postgres" : "pglite", files: "disk" });
    if (!databases.live) expect(manifest.snapshot).toBe("running-server");

    // Restored into an empty data directory (or database); restoring over it again is refused.
    const restoreEnv = envOf(restoredDir, databases.restored);
    const restored = await script("restore", restoreEnv, [written]);
    expect(restored.stdout).toMatch(/^Restored .* into /);
    await expect(script("restore", restoreEnv, [written])).rejects.toMatchObject({
      stderr: expect.stringContaining("not empty"),
    });

    // Two more backups: the retention keeps the newest two.
    await script("backup", envOf(dataDir, databases.live));
    const third = await script("backup", envOf(dataDir, databases.live));
    expect(third.stdout).toContain(`Removed by the retention (BACKUP_KEEP=2): ${path.basename(written)}`);
    const kept = readdirSync(backupDir).sort();
    expect(kept).toHaveLength(2);
    expect(kept.every((name) => /^ignite-\d{8}T\d{9}Z$/.test(name))).toBe(true);

    live.child.kill("SIGTERM");
    expect((await live.exited).code).toBe(0);

    const back = await startServerProcess(restoreEnv);
    running.push(back);
    const again = remote(back.origin);
    for (const { student, file, bytes } of before) {
      const login = await again.post("/api/v1/auth/login", { email: student.email, password: student.password });
      expect(login.status, `${student.email} logs in`).toBe(200);
      const cookie = login.setCookies.find((c) => c.startsWith("ignite_session="))?.split(";")[0] ?? "";
      const download = await again.fetch(file, { cookie });
      expect(download.status, `${student.email}'s file`).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    }
    back.child.kill("SIGTERM");
    expect((await back.exited).code).toBe(0);
  }, 300_000);

  it("leaves out an upload still being written, which a busy server always has somewhere", async () => {
    // The live data directory of the test above, its server stopped: a half-written upload lies in it as
    // the storage names one before renaming it into place.
    const uploads = path.join(dataDir, "uploads");
    mkdirSync(uploads, { recursive: true });
    writeFileSync(path.join(uploads, ".tmp-0123456789abcdef-a1b2c3d4e5f6"), "%PDF-1.4 half of a marksheet");
    const kept = readdirSync(uploads, { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile() && !entry.name.startsWith(".tmp-"),
    ).length;
    const backup = await script("backup", envOf(dataDir, databases.live));
    const written = backup.stdout.match(/written to (\S+) in/)?.[1] ?? "";
    const copied = readdirSync(path.join(written, "uploads"), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(copied.map((entry) => entry.name).filter((name) => name.startsWith(".tmp-"))).toEqual([]);
    expect(copied).toHaveLength(kept);
    expect(JSON.parse(readFileSync(path.join(written, "manifest.json"), "utf8")).fileCount).toBe(kept);
  }, 120_000);
});
