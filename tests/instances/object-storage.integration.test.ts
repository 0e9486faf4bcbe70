import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { and, eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../modules/tables.ts";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { queryRows } from "../../platform/db/client.ts";
import { newStorageKey } from "../../platform/storage/file-storage.ts";
import { createS3FileStorage, type S3FileStorage } from "../../platform/storage/s3-storage.ts";
import { parseStorageUrl, type S3Location } from "../../platform/storage/storage-url.ts";
import { ApiClient } from "../support/api-client.ts";
import { createStudent, uploadDocument } from "../support/factories.ts";
import { startS3Server } from "../support/s3-server.ts";
import { createStaffMember, signInStaff } from "../support/staff.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { openTestDatabase } from "../support/test-database.ts";

/**
 * Files in object storage (decision 0039): two instances with data directories of their own
 * share files through a bucket on a real S3 protocol server started here (@20minutes/s3rver), a put
 * killed mid-upload leaves nothing under its key and the upkeep removes what it left, the data export
 * and erasure work there, and `npm run storage:copy` moves the disk's files into the bucket, twice safely.
 */
const root = path.resolve(import.meta.dirname, "../..");
let s3: Awaited<ReturnType<typeof startS3Server>>;
let database: DatabaseHandle;
let bucket: S3FileStorage;
const dataDirs: string[] = [];
const apps: TestApp[] = [];

const newDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "ignite-s3-instance-"));
  dataDirs.push(dir);
  return dir;
};
/** An instance of the site over the shared database, with its own data directory and the given env. */
const instance = (env: Record<string, string>) => {
  const app = createTestApp(database, { DATA_DIR: newDataDir(), ...env });
  apps.push(app);
  return { app, api: new ApiClient(app.app) };
};
const locationOf = (url: string): S3Location => {
  const location = parseStorageUrl(url);
  if ("error" in location) throw new Error(location.error);
  return location;
};
/** Every key in the bucket under `prefix`. */
async function keysInBucket(prefix = ""): Promise<string[]> {
  const listed = await bucket.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key ?? "").sort();
}
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n% ${text}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

beforeAll(async () => {
  s3 = await startS3Server();
  database = await openTestDatabase();
  bucket = await createS3FileStorage(locationOf(s3.storageUrl()));
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  bucket?.close();
  await database?.close();
  await s3?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe("the S3 adapter", () => {
  it("streams a file of several parts in and out whole, and a missing key is null", async () => {
    const key = newStorageKey();
    // 17 MiB in 1 MiB chunks: three parts (8, 8 and 1 MiB), stitched by one multipart copy.
    async function* chunks() {
      for (let i = 0; i < 17; i += 1) yield new Uint8Array(1024 * 1024).fill(i);
    }
    await bucket.put(key, chunks());
    const stored = await bucket.get(key);
    expect(stored?.size).toBe(17 * 1024 * 1024);
    const back = new Uint8Array(await new Response(stored?.body).arrayBuffer());
    expect(back.length).toBe(17 * 1024 * 1024);
    expect(back[0]).toBe(0);
    expect(back[9 * 1024 * 1024]).toBe(9);
    expect(back[back.length - 1]).toBe(16);
    expect((await bucket.describe(key))?.sha256).toBe(sha256(back));
    // No temporary part is left; only the object.
    expect(await keysInBucket()).toEqual([key]);
    await bucket.delete(key);
    await bucket.delete(key);
    expect(await bucket.get(key)).toBeNull();
    expect(await keysInBucket()).toEqual([]);
  }, 90_000);
});

describe("two instances with their own data directories, one bucket", () => {
  it("a document uploaded through one is downloaded through the other, checked and audited as on disk", async () => {
    const one = instance({ STORAGE_URL: s3.storageUrl("shared/") });
    const other = instance({ STORAGE_URL: s3.storageUrl("shared/") });
    const student = await createStudent(one.api, { name: "Meera Buckets" });
    const bytes = pdf("uploaded through instance one");
    const uploaded = await uploadDocument(one.api, student, "SOP", { bytes, name: "sop.pdf", type: "application/pdf" });
    expect(uploaded.status).toBe(200);
    const { data } = await uploaded.json();

    const download = await other.api.fetch(data.file, { cookie: student.cookie });
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
    // Another student, and no one at all, get the same 404 as for a file that never was.
    const stranger = await createStudent(other.api, { name: "Not Meera" });
    expect((await other.api.fetch(data.file, { cookie: stranger.cookie })).status).toBe(404);
    expect((await other.api.fetch(data.file)).status).toBe(404);
    // Staff open it through the other instance, and the view is in the audit log.
    const admin = await createStaffMember(other.app, { email: "admin@buckets.test", role: "admin" });
    const cookie = await signInStaff(other.api, admin.email, admin.password);
    const viewed = await other.api.fetch(data.file.replace("/files/", "/staff/files/"), { cookie });
    expect(viewed.status).toBe(200);
    expect(new Uint8Array(await viewed.arrayBuffer())).toEqual(bytes);
    const views = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "document.viewed"), eq(auditLog.studentId, student.studentId)));
    expect(views).toHaveLength(1);

    // The file is in the bucket under the prefix, and neither data directory has an uploads folder.
    const [row] = await queryRows<{ storage_key: string }>(
      database.db,
      sql`select storage_key from student_files where student_id = ${student.studentId}`,
    );
    expect(await keysInBucket("shared/")).toEqual([`shared/${row?.storage_key}`]);
    for (const dir of dataDirs) expect(existsSync(path.join(dir, "uploads"))).toBe(false);
  }, 90_000);
});

describe("a crash mid-upload", () => {
  it("leaves nothing under the key, and the upkeep removes what it left once it is an hour old", async () => {
    const key = newStorageKey();
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/interrupted-put.ts"], {
      cwd: root,
      env: { ...process.env, STORAGE_URL: s3.storageUrl("crash/"), DATA_DIR: newDataDir(), PUT_KEY: key },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
    await expect.poll(() => output, { timeout: 90_000 }).toContain("SENT");
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    expect(output).not.toContain("STORED");

    // The first part reached the bucket as a temporary; nothing is under the key, for any instance.
    const left = await keysInBucket("crash/");
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((name) => name.startsWith(`crash/.tmp-${key}-`))).toBe(true);
    const crashBucket = await createS3FileStorage(locationOf(s3.storageUrl("crash/")));
    expect(await crashBucket.get(key)).toBeNull();
    crashBucket.close();

    // The upkeep's sweep (as the job queue runs it) keeps a temporary under an hour old, as on disk...
    const site = instance({ STORAGE_URL: s3.storageUrl("crash/") });
    expect(await site.app.documents.sweepInterruptedUploads()).toBe(0);
    expect(await keysInBucket("crash/")).toEqual(left);
    // ...and removes it once it is older.
    expect(s3.backdate(`.tmp-${key}-`, new Date(Date.now() - 2 * 3_600_000))).toBe(left.length);
    expect(await site.app.documents.sweepInterruptedUploads()).toBe(left.length);
    expect(await keysInBucket("crash/")).toEqual([]);
  }, 120_000);
});

describe("the data export and erasure on S3 (decision 0024)", () => {
  it("the ZIP holds each document byte for byte; erasure removes every file of the student from the bucket", async () => {
    const { api } = instance({ STORAGE_URL: s3.storageUrl("privacy/") });
    const student = await createStudent(api, { name: "Kavya Exports" });
    const files = { sop: pdf("her statement of purpose"), passport: pdf("her passport") };
    expect((await uploadDocument(api, student, "SOP", { bytes: files.sop, name: "sop.pdf" })).status).toBe(200);
    expect((await uploadDocument(api, student, "Passport", { bytes: files.passport, name: "passport.pdf" })).status).toBe(200);

    expect((await api.post("/api/v1/students/me/data-export", undefined, { cookie: student.cookie })).status).toBe(202);
    let ready: { status: string; url: string } | undefined;
    await expect
      .poll(
        async () => {
          ready = (await api.get("/api/v1/students/me/data-export", { cookie: student.cookie })).body.data;
          return ready?.status;
        },
        { timeout: 45_000 },
      )
      .toBe("ready");
    const download = await api.fetch(ready?.url ?? "", { cookie: student.cookie });
    expect(download.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const data = JSON.parse(new TextDecoder().decode(zip["ignite-data.json"]));
    const entry = (type: string) => zip[data.documents.find((d: { type: string }) => d.type === type)?.path ?? ""];
    expect(entry("SOP")).toEqual(files.sop);
    expect(entry("Passport")).toEqual(files.passport);

    // Two documents and the ZIP are in the bucket, and nothing else of hers.
    const keys = await queryRows<{ storage_key: string }>(
      database.db,
      sql`select storage_key from student_files where student_id = ${student.studentId}
        union all select storage_key from data_exports where student_id = ${student.studentId}`,
    );
    expect(keys).toHaveLength(3);
    expect(await keysInBucket("privacy/")).toEqual(keys.map((k) => `privacy/${k.storage_key}`).sort());

    const erased = await api.post("/api/v1/students/me/erase", { password: student.password }, { cookie: student.cookie });
    expect(erased.status).toBe(200);
    expect(await keysInBucket("privacy/")).toEqual([]);
    expect((await api.fetch(ready?.url ?? "", { cookie: student.cookie })).status).toBe(404);
  }, 90_000);
});

describe("npm run storage:copy", () => {
  /** Runs the command as an operator would, with the site's DATA_DIR and the bucket's STORAGE_URL. */
  function copyCommand(dataDir: string, storageUrl: string): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/storage-copy.ts"], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, STORAGE_URL: storageUrl, LOG_LEVEL: "silent" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        output += chunk;
      });
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        output += chunk;
      });
      child.once("exit", (code) => resolve({ code, output }));
    });
  }

  it("copies the disk's files into the bucket; run again it copies nothing, and a file that differs is copied again", async () => {
    // A site on disk with two students' documents, and a temporary an interrupted upload left.
    const onDisk = createTestApp(database, { DATA_DIR: newDataDir() });
    apps.push(onDisk);
    const diskApi = new ApiClient(onDisk.app);
    const dataDir = dataDirs.at(-1) ?? "";
    const first = await createStudent(diskApi, { name: "Disk One" });
    const second = await createStudent(diskApi, { name: "Disk Two" });
    const bytes = { first: pdf("first on disk"), second: pdf("second on disk") };
    const urls = {
      first: (await (await uploadDocument(diskApi, first, "SOP", { bytes: bytes.first, name: "a.pdf" })).json()).data.file,
      second: (await (await uploadDocument(diskApi, second, "SOP", { bytes: bytes.second, name: "b.pdf" })).json()).data.file,
    };
    mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
    writeFileSync(path.join(dataDir, "uploads", ".tmp-0123456789abcdef-aabbccddeeff"), "half an upload");

    const url = s3.storageUrl("moved/");
    const once = await copyCommand(dataDir, url);
    expect(once.output).toContain("copied 2 files");
    expect(once.output).toContain("0 already there");
    expect(once.output).toContain("left aside 1 names");
    expect(once.code).toBe(0);
    const moved = await keysInBucket("moved/");
    expect(moved).toHaveLength(2);

    // A site on the bucket now serves the same files to their owners.
    const { api } = instance({ STORAGE_URL: url });
    expect(new Uint8Array(await (await api.fetch(urls.first, { cookie: first.cookie })).arrayBuffer())).toEqual(bytes.first);
    expect(new Uint8Array(await (await api.fetch(urls.second, { cookie: second.cookie })).arrayBuffer())).toEqual(bytes.second);

    const twice = await copyCommand(dataDir, url);
    expect(twice.code).toBe(0);
    expect(twice.output).toContain("copied 0 files");
    expect(twice.output).toContain("2 already there with the same bytes");
    expect(await keysInBucket("moved/")).toEqual(moved);

    // An object cut short (or otherwise different) in the bucket is copied again.
    const movedBucket = await createS3FileStorage(locationOf(url));
    const key = (moved[0] ?? "").slice("moved/".length);
    await movedBucket.put(key, new TextEncoder().encode("%PDF-1.4 cut"));
    movedBucket.close();
    const again = await copyCommand(dataDir, url);
    expect(again.output).toContain("copied 1 files");
    expect(again.output).toContain("1 already there");
    // Its owner reads the file's own bytes again.
    const [row] = await queryRows<{ student_id: number }>(
      database.db,
      sql`select student_id from student_files where storage_key = ${key}`,
    );
    const whose = row?.student_id === first.studentId ? "first" : "second";
    const owner = whose === "first" ? first : second;
    const answer = await api.fetch(urls[whose], { cookie: owner.cookie });
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes[whose]);
  }, 180_000);

  it("says what is missing when STORAGE_URL is not set", async () => {
    const run = await copyCommand(newDataDir(), "");
    expect(run.code).toBe(2);
    expect(run.output).toContain("STORAGE_URL is not set");
  }, 60_000);
});
