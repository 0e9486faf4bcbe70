import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countries, universities } from "../../modules/catalogue/tables.ts";
import { type DatabaseHandle, openPostgres } from "../../platform/db/client.ts";
import { rateLimits } from "../../platform/db/tables.ts";
import { createLogger } from "../../platform/log.ts";
import { createLocalFileStorage } from "../../platform/storage/file-storage.ts";
import { ApiClient } from "../support/api-client.ts";
import { createStudent, uploadDocument } from "../support/factories.ts";
import { withinOneWindow } from "../support/rate-window.ts";
import { createStaffMember, signInStaff } from "../support/staff.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { openScratchPostgres } from "../support/test-database.ts";

/**
 * Two instances of the site, each with its own database pool and Redis connections, on one PostgreSQL
 * database, one Redis and one uploads directory: what a load balancer would spread requests over.
 */
let database: DatabaseHandle & { url: string };
let secondPool: DatabaseHandle;
let uploads: string;
let a: TestApp;
let b: TestApp;
let apiA: ApiClient;
let apiB: ApiClient;

const env = { REDIS_URL: "redis://127.0.0.1:6379", SEARCH_RATE_LIMIT_PER_MINUTE: "3" };

beforeAll(async () => {
  database = await openScratchPostgres();
  secondPool = openPostgres(database.url, { max: 4 });
  uploads = mkdtempSync(path.join(tmpdir(), "ignite-uploads-"));
  const storage = createLocalFileStorage(uploads);
  const log = createLogger("silent");
  a = createTestApp(database, env, { storage, log });
  b = createTestApp(secondPool, env, { storage, log });
  apiA = new ApiClient(a.app);
  apiB = new ApiClient(b.app);
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await secondPool?.close();
  await database?.close();
  rmSync(uploads, { recursive: true, force: true });
});

describe("two instances behind one load balancer", () => {
  it("a rate limit reached through one instance holds on the other", { timeout: 45_000 }, async () => {
    // Redis outlives the test run: an address of this run's own, so earlier runs' counts do not count.
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    await withinOneWindow(60);
    for (let i = 0; i < 3; i += 1) expect((await apiA.get(`/api/catalogue/search/trinity${i}`, { ip })).status).toBe(200);
    const refused = await apiB.get("/api/catalogue/search/trinity9", { ip });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    // The counters live in Redis: the database's fallback table was not used.
    expect(await database.db.select().from(rateLimits)).toEqual([]);
  });

  it("a session ended on one instance is ended on the other", async () => {
    const student = await createStudent(apiA);
    expect((await apiB.get("/api/v1/students/me", { cookie: student.cookie })).status).toBe(200);
    expect((await apiA.post("/api/v1/auth/logout", undefined, { cookie: student.cookie })).status).toBe(200);
    expect((await apiB.get("/api/v1/students/me", { cookie: student.cookie })).status).toBe(401);
  });

  it("a catalogue edit made through one instance shows on the other within a second", async () => {
    const [country] = await database.db
      .insert(countries)
      .values({ name: "Ireland", slug: "ireland", code: "ie", currency: "EUR" })
      .returning({ id: countries.id });
    const [university] = await database.db
      .insert(universities)
      .values({ name: "Trinity College Dublin", city: "Dublin", countryId: country?.id ?? 0, type: "Public" })
      .returning({ id: universities.id });
    const universityId = university?.id ?? 0;
    // Written behind both instances' backs: let their catalogue mirrors catch up first.
    await Promise.all([a.catalogueMirror.ready(), b.catalogueMirror.ready()]);
    const path = `/api/catalogue/universities/${universityId}`;
    // B answers from its cache the second time.
    expect((await apiB.get(path)).body.data[0].university_name).toBe("Trinity College Dublin");
    expect((await apiB.get(path)).body.data[0].university_name).toBe("Trinity College Dublin");
    const admin = await createStaffMember(a, { email: "admin@instances.test", role: "admin" });
    const cookie = await signInStaff(apiA, admin.email, admin.password);
    const edited = await apiA.put(
      `/api/v1/staff/catalogue/universities/${universityId}`,
      { name: "Trinity College Dublin, the University of Dublin", city: "Dublin", type: "Public" },
      { cookie },
    );
    expect(edited.status).toBe(200);
    // Visitors keep reading B while it hears of the edit: an answer read from the old catalogue while
    // the news arrives must not be kept for the next visitor (it would be served for a minute).
    const started = Date.now();
    const seen: string[][] = [[], [], [], []];
    await Promise.all(
      seen.map(async (answers) => {
        while (Date.now() - started < 1000) {
          answers.push((await apiB.get(path)).body.data[0].university_name);
          if (answers.at(-1) !== "Trinity College Dublin") break;
        }
      }),
    );
    for (const answers of seen) expect(answers.at(-1)).toBe("Trinity College Dublin, the University of Dublin");
    // Once one visitor sees the new name, every later one does.
    for (let i = 0; i < 10; i += 1) {
      expect((await apiB.get(path)).body.data[0].university_name).toBe("Trinity College Dublin, the University of Dublin");
    }
  });

  it("a file uploaded through one instance downloads through the other", async () => {
    const student = await createStudent(apiA, { name: "Asha Instances" });
    const bytes = new TextEncoder().encode(
      "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n% shared storage\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    );
    const uploaded = await uploadDocument(apiA, student, "SOP", { bytes, name: "sop.pdf", type: "application/pdf" });
    expect(uploaded.status).toBe(200);
    const { data } = await uploaded.json();
    const download = await apiB.fetch(data.file, { cookie: student.cookie });
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
  });
});
