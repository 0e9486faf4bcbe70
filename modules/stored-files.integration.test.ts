import { mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../platform/db/client.ts";
import { createLocalFileStorage, type FileStorage, isStorageKey, newStorageKey } from "../platform/storage/file-storage.ts";
import { createS3FileStorage, type S3FileStorage } from "../platform/storage/s3-storage.ts";
import { parseStorageUrl } from "../platform/storage/storage-url.ts";
import { ApiClient } from "../tests/support/api-client.ts";
import {
  createApplication,
  createCourse,
  createStudent,
  documentForm,
  type FileToSend,
  uploadDocument,
} from "../tests/support/factories.ts";
import { startS3Server } from "../tests/support/s3-server.ts";
import { createStaffTeam } from "../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../tests/support/test-app.ts";
import { openTestDatabase } from "../tests/support/test-database.ts";
import { studentFiles } from "./documents/tables.ts";

/**
 * Stored files no row names (decision 0048): a kill -9 between a file's put and its row's insert left
 * whole recordings and documents under ordinary keys that nothing referred to, that no erasure could
 * find and that no upkeep removed. The upkeep now removes them once past ORPHAN_FILE_GRACE_HOURS, on
 * disk and in a bucket (a real S3 protocol server), and keeps a fresh one (an upload in flight) and
 * every file a row names. An offer letter (decision 0092) is a document's row named by an offer letter's
 * row: the upkeep keeps every one an offer letter names, however old, and removes an upload whose offer
 * letter was never written once past the grace period, its row with it (decision 0104).
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

  it("offer letters: keeps every one an offer letter names however old, removes an upload whose letter was never written", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ignite-orphans-letters-"));
    dirs.push(dataDir);
    const uploads = path.join(dataDir, "uploads");
    const { app, api, student, referenced, orphans } = await scene({ DATA_DIR: dataDir }, createLocalFileStorage(uploads));
    // The scene's own leftovers are fresh here: kept throughout.
    const fresh = Object.values(orphans);
    const team = await createStaffTeam(app, api, "orphan-letters.test");
    const submitted = async (name: string) =>
      (
        await createApplication(api, team.admin, student, (await createCourse(api, team.admin, { name })).id, {
          moves: ["Ready to submit", "Submitted"],
        })
      ).id as number;
    const letter = (university: string): FileToSend => ({
      bytes: pdf(`conditional offer of a place, ${university}`),
      name: `Offer letter - ${university}.pdf`,
      type: "application/pdf",
    });
    const upload = async (applicationId: number, file: FileToSend) => {
      const answer = await api.fetch(`/api/v1/students/me/applications/${applicationId}/offer-letter`, {
        form: documentForm({ file }),
        cookie: student.cookie,
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      return (await answer.json()).data.letter.url as string;
    };
    // Awaiting the counsellor's confirmation, and one confirmed by the offer recorded from it.
    const awaiting = await upload(await submitted("MSc Renewable Energy"), letter("University of Leeds"));
    const confirmedOn = await submitted("MSc Water Engineering");
    const confirmed = await upload(confirmedOn, letter("University of Bristol"));
    const recorded = await api.put(
      `/api/v1/staff/applications/${confirmedOn}/offer`,
      { kind: "unconditional", replyBy: `${new Date().getUTCFullYear() + 1}-05-31`, conditions: [] },
      team.as("admin"),
    );
    expect(recorded.status, recorded.text).toBe(200);
    // Two uploads cut off after the document's row, before the offer letter's: one a day old, one in flight.
    const cutOff = await app.documents.storeOfferLetter(student.studentId, {
      name: "IMG_20261120_101500.pdf",
      bytes: pdf("cut off"),
    });
    const inFlight = await app.documents.storeOfferLetter(student.studentId, { name: "offer.pdf", bytes: pdf("being written") });

    const letterRows = () =>
      database.db
        .select({ id: studentFiles.id, key: studentFiles.storageKey, publicId: studentFiles.publicId })
        .from(studentFiles)
        .where(and(eq(studentFiles.studentId, student.studentId), eq(studentFiles.attachmentType, "Offer letter")))
        .orderBy(studentFiles.id);
    const rows = await letterRows();
    expect(rows).toHaveLength(4);
    // Everything past the grace period (6 hours) but the upload in flight: the files and their rows alike.
    const age = async (row: { id: number; key: string }, when: Date) => {
      utimesSync(path.join(uploads, row.key), when, when);
      await database.db.update(studentFiles).set({ createdAt: when }).where(eq(studentFiles.id, row.id));
    };
    const [awaitingRow, confirmedRow, cutOffRow, inFlightRow] = rows as [
      (typeof rows)[0],
      (typeof rows)[0],
      (typeof rows)[0],
      (typeof rows)[0],
    ];
    expect(cutOffRow.id).toBe(cutOff.fileId);
    expect(inFlightRow.id).toBe(inFlight.fileId);
    await age(awaitingRow, hoursAgo(400));
    await age(confirmedRow, hoursAgo(400));
    await age(cutOffRow, hoursAgo(30));
    await age(inFlightRow, hoursAgo(5));
    const onDisk = () => readdirSync(uploads).filter(isStorageKey).sort();

    expect(await app.documents.sweepUnreferencedFiles()).toBe(1);
    expect(onDisk()).toEqual([...fresh, referenced, awaitingRow.key, confirmedRow.key, inFlightRow.key].sort());
    expect((await letterRows()).map((r) => r.id)).toEqual([awaitingRow.id, confirmedRow.id, inFlightRow.id]);
    // Both letters an offer letter names still open for the student, and are still theirs to compare and confirm.
    for (const url of [awaiting, confirmed]) {
      const opened = await api.fetch(url, { cookie: student.cookie });
      expect(opened.status).toBe(200);
      expect(new TextDecoder().decode(await opened.arrayBuffer())).toContain("conditional offer of a place");
    }
    const waiting = await api.get("/api/v1/students/me/offer-letters", { cookie: student.cookie });
    expect(waiting.body.data.map((l: { letter: { name: string } }) => l.letter.name)).toEqual([
      "Offer letter - University of Leeds.pdf",
    ]);
    expect(await app.documents.sweepUnreferencedFiles()).toBe(0);

    // The one in flight, never finished, goes once past the grace period too.
    await age(inFlightRow, hoursAgo(7));
    expect(await app.documents.sweepUnreferencedFiles()).toBe(1);
    expect(onDisk()).toEqual([...fresh, referenced, awaitingRow.key, confirmedRow.key].sort());
  });
});
