import { mkdtempSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import { createLogger } from "../../platform/log.ts";
import { ApiClient } from "../../tests/support/api-client.ts";
import { createStudent, uploadDocument } from "../../tests/support/factories.ts";
import { startTestJobQueue } from "../../tests/support/job-queue.ts";
import { createStaffMember, signInStaff } from "../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { startBackgroundWork } from "../background.ts";

/**
 * Decision 0034: the parent link's address follows PUBLIC_URL, never the Host header; the upkeep
 * sweeps what interrupted uploads left; a document verifier is refused the leads' counsellors.
 */
const PUBLIC_URL = "https://ignite.example";
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let uploads: string;
let queue: JobQueue | undefined;

beforeAll(async () => {
  database = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "ignite-smaller-"));
  uploads = path.join(dataDir, "uploads");
  testApp = createTestApp(database, { DATA_DIR: dataDir, PUBLIC_URL });
  api = new ApiClient(testApp.app);
});
afterAll(async () => {
  await queue?.stop();
  await testApp.consultations.settle();
  await database.close();
});

describe("the addresses the portal hands out", () => {
  it("a parent link's address is on PUBLIC_URL even when the request names another Host", async () => {
    const student = await createStudent(api, { name: "Forged Host" });
    // The request comes to the server under a forged Host; the browser's Origin is the site's own.
    const answer = await api.post(
      "http://evil.example/api/v1/students/me/parent-links",
      { label: "Mother", days: 7 },
      { cookie: student.cookie, headers: { Origin: PUBLIC_URL, Host: "evil.example" } },
    );
    expect(answer.status).toBe(201);
    expect(answer.body.data.url).toMatch(/^https:\/\/ignite\.example\/parent\/[^/]+$/);
    expect(answer.text).not.toContain("evil.example");
  });
});

describe("interrupted uploads", () => {
  it("the upkeep removes .tmp- files older than an hour and leaves newer ones and stored files", async () => {
    const student = await createStudent(api, { name: "Interrupted Upload" });
    const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
    expect((await uploadDocument(api, student, "SOP", { bytes: pdf, name: "sop.pdf" })).status).toBe(200);
    await mkdir(uploads, { recursive: true });
    const stored = readdirSync(uploads);
    expect(stored).toHaveLength(1);
    const old = [".tmp-aaaa1111bbbb2222-0a0b0c0d0e0f", ".tmp-cccc3333dddd4444-1a1b1c1d1e1f"];
    const recent = ".tmp-eeee5555ffff6666-2a2b2c2d2e2f";
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    for (const name of old) {
      writeFileSync(path.join(uploads, name), "half an upload");
      utimesSync(path.join(uploads, name), twoHoursAgo, twoHoursAgo);
    }
    writeFileSync(path.join(uploads, recent), "an upload under way");

    // The upkeep runs once at start on the job queue, as on the site.
    queue = await startTestJobQueue(database, createLogger("silent"));
    await startBackgroundWork(queue, testApp, 9, createLogger("silent"));
    await expect.poll(() => readdirSync(uploads).filter((name) => old.includes(name)).length, { timeout: 20_000 }).toBe(0);
    expect(readdirSync(uploads).sort()).toEqual([...stored, recent].sort());
  }, 40_000);
});

describe("the leads' counsellors", () => {
  it("a document verifier is refused like the rest of the leads; others see the list as before", async () => {
    const verifier = await createStaffMember(testApp, { email: "verifier@smaller.test", role: "document_verifier" });
    const counsellor = await createStaffMember(testApp, { email: "counsellor@smaller.test", role: "counsellor" });
    const admin = await createStaffMember(testApp, { email: "admin@smaller.test", role: "admin" });
    const asVerifier = await signInStaff(api, verifier.email, verifier.password);
    const refused = await api.get("/api/v1/staff/leads/counsellors", { cookie: asVerifier });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    expect((await api.get("/api/v1/staff/leads", { cookie: asVerifier })).status).toBe(403);
    const asCounsellor = await signInStaff(api, counsellor.email, counsellor.password);
    expect((await api.get("/api/v1/staff/leads/counsellors", { cookie: asCounsellor })).body).toEqual({ data: [] });
    const asAdmin = await signInStaff(api, admin.email, admin.password);
    const listed = await api.get("/api/v1/staff/leads/counsellors", { cookie: asAdmin });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((c: { id: number }) => c.id)).toContain(counsellor.staffId);
  });
});
