import { mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../platform/db/client.ts";
import { createLocalFileStorage, type FileStorage, isStorageKey, newStorageKey } from "../platform/storage/file-storage.ts";
import { createS3FileStorage, type S3FileStorage } from "../platform/storage/s3-storage.ts";
import { parseStorageUrl } from "../platform/storage/storage-url.ts";
import { ApiClient } from "../tests/support/api-client.ts";
import { createStudent, uploadDocument } from "../tests/support/factories.ts";
import { startS3Server } from "../tests/support/s3-server.ts";
import { createTestApp, type TestApp } from "../tests/support/test-app.ts";
import { openTestDatabase } from "../tests/support/test-database.ts";
import { studentFiles } from "./documents/tables.ts";

/**
 * Stored files no row names (decision 0048): a kill -9 between a file's put and its row's insert left
 * whole recordings and documents under ordinary keys that nothing referred to, that no erasure could
 * find and that no upkeep removed. The upkeep now removes them once past ORPHAN_FILE_GRACE_HOURS, on
 * disk and in a bucket (a real S3 protocol server), and keeps a fresh one (an upload in flight) and
 * every file a row names.
 */
let database: DatabaseHandle;
let s3: Awaited<ReturnType<typeof startS3Server>>;
const dirs: string[] = [];
const apps: TestApp[] = [];
const closers: (() => void)[] = [];

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n% ${text}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
/** What a crash between the put and the row leaves: a whole file under an ordinary key, no row. */
const webm = () => new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new TextEncoder().encode("a 30-second answer, cut off")]);
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

beforeAll(async () => {
  database = await openTestDatabase();
  s3 = await startS3Server();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  for (const close of closers) close();
  await database.close();
  await s3.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The site over a store, a student with a document, and three files no row names written beside it. */
async function scene(env: Record<string, string>, storage: FileStorage) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ignite-orphans-"));
  dirs.push(dataDir);
  const app = createTestApp(database, { DATA_DIR: dataDir, ORPHAN_FILE_GRACE_HOURS: "6", ...env });
  apps.push(app);
  const api = new ApiClient(app.app);
  const student = await createStudent(api, { name: "Aarav Kulkarni" });
  const uploaded = await uploadDocument(api, student, "SOP", { bytes: pdf("his statement of purpose"), name: "sop.pdf" });
  expect(uploaded.status).toBe(200);
  const [row] = await database.db
    .select({ key: studentFiles.storageKey })
    .from(studentFiles)
    .where(eq(studentFiles.studentId, student.studentId));
  const orphans = { recording: newStorageKey(), document: newStorageKey(), inFlight: newStorageKey() };
  await storage.put(orphans.recording, webm());
  await storage.put(orphans.document, pdf("a transcript whose row was never written"));
  await storage.put(orphans.inFlight, pdf("an upload whose row is being written"));
  return { app, api, student, referenced: row?.key ?? "", orphans, dataDir };
}

describe("the upkeep's sweep of stored files no row names", () => {
  it("on disk: removes those past the grace period, keeps a fresh one and every file a row names", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ignite-orphans-disk-"));
    dirs.push(dataDir);
    const uploads = path.join(dataDir, "uploads");
    const { app, api, student, referenced, orphans } = await scene({ DATA_DIR: dataDir }, createLocalFileStorage(uploads));
    const age = (key: string, when: Date) => utimesSync(path.join(uploads, key), when, when);
    age(orphans.recording, hoursAgo(7));
    age(orphans.document, hoursAgo(30));
    age(orphans.inFlight, hoursAgo(5));
    age(referenced, hoursAgo(400));
    const onDisk = () => readdirSync(uploads).filter(isStorageKey).sort();

    expect(await app.documents.sweepUnreferencedFiles()).toBe(2);
    expect(onDisk()).toEqual([orphans.inFlight, referenced].sort());
    // The document a row names still downloads.
    const listed = await api.get("/api/v1/students/me/files", { cookie: student.cookie });
    expect(listed.status).toBe(200);
    expect(await app.documents.sweepUnreferencedFiles()).toBe(0);

    // Erased, and the crash's leftovers past the grace period: nothing of the student is left on disk.
    expect((await api.post("/api/v1/students/me/erase", { password: student.password }, { cookie: student.cookie })).status).toBe(
      200,
    );
    age(orphans.inFlight, hoursAgo(7));
    expect(await app.documents.sweepUnreferencedFiles()).toBe(1);
    expect(onDisk()).toEqual([]);
  });

  it("in a bucket: removes those past the grace period, keeps a fresh one and every file a row names", async () => {
    const location = parseStorageUrl(s3.storageUrl("orphans/"));
    if ("error" in location) throw new Error(location.error);
    const bucket: S3FileStorage = await createS3FileStorage(location);
    closers.push(() => bucket.close());
    const { app, api, student, referenced, orphans } = await scene({ STORAGE_URL: s3.storageUrl("orphans/") }, bucket);
    expect(s3.backdate(orphans.recording, hoursAgo(7))).toBe(1);
    expect(s3.backdate(orphans.document, hoursAgo(30))).toBe(1);
    expect(s3.backdate(referenced, hoursAgo(400))).toBe(1);
    const inBucket = async () => {
      const listed = await bucket.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: "orphans/" }));
      return (listed.Contents ?? []).map((object) => (object.Key ?? "").slice("orphans/".length)).sort();
    };

    expect(await app.documents.sweepUnreferencedFiles()).toBe(2);
    expect(await inBucket()).toEqual([orphans.inFlight, referenced].sort());
    expect(await app.documents.sweepUnreferencedFiles()).toBe(0);

    expect((await api.post("/api/v1/students/me/erase", { password: student.password }, { cookie: student.cookie })).status).toBe(
      200,
    );
    expect(s3.backdate(orphans.inFlight, hoursAgo(7))).toBe(1);
    expect(await app.documents.sweepUnreferencedFiles()).toBe(1);
    expect(await inBucket()).toEqual([]);
  });
});
