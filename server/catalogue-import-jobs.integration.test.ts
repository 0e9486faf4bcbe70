import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { and, count, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importJobs } from "../modules/catalogue/catalogue.ts";
import { catalogueImportRows, catalogueImports, countries, universities } from "../modules/catalogue/tables.ts";
import { auditLog } from "../modules/tables.ts";
import { type DatabaseHandle, openPostgres, queryRows } from "../platform/db/client.ts";
import type { JobQueue } from "../platform/jobs.ts";
import { createLogger } from "../platform/log.ts";
import { createLocalFileStorage, type FileStorage } from "../platform/storage/file-storage.ts";
import { ApiClient } from "../tests/support/api-client.ts";
import { startTestJobQueue } from "../tests/support/job-queue.ts";
import { createStaffMember, signInStaff } from "../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../tests/support/test-app.ts";
import { openScratchPostgres, openTestDatabase } from "../tests/support/test-database.ts";
import { catalogueImportMessages as im } from "../vocabulary/catalogue-import.ts";
import { startBackgroundWork } from "./background.ts";

/**
 * A catalogue import's dry run and apply as jobs on the queue (decisions 0020, 0021): queued by the
 * request, run by a worker, retried after an unexpected failure or a crash without doubling anything,
 * ended as failed for the import's own reasons at once, and run once with two instances on one database.
 */
const log = createLogger("silent");

/**
 * The site's local storage, whose next `reads` reads of a stored file break after `afterBytes` bytes
 * (as a storage connection that is reset), first waiting for `beforeBreaking` when given.
 */
function breakableStorage(inner: FileStorage) {
  const fault = { reads: 0, afterBytes: 0, beforeBreaking: undefined as undefined | (() => Promise<void>) };
  const storage: FileStorage = {
    put: (key, bytes) => inner.put(key, bytes),
    delete: (key) => inner.delete(key),
    async get(key) {
      const object = await inner.get(key);
      if (!object || fault.reads <= 0) return object;
      fault.reads -= 1;
      const { afterBytes, beforeBreaking } = fault;
      const reader = object.body.getReader();
      let passed = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (passed >= afterBytes) {
            await beforeBreaking?.();
            await reader.cancel();
            controller.error(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }));
            return;
          }
          const { done, value } = await reader.read();
          if (done) return controller.close();
          const part = value.subarray(0, afterBytes - passed);
          passed += part.length;
          controller.enqueue(part);
        },
      });
      return { ...object, body };
    },
  };
  return { storage, fault };
}

/** Resolves once `done()` is true, checking every 50 ms, or fails after `ms`. */
async function until(done: () => Promise<boolean>, what: string, ms = 60_000) {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A file of `n` new universities in Germany, named with `prefix`. */
const newUniversities = (prefix: string, n: number) =>
  stringify([
    ["name", "city", "country", "type"],
    ...Array.from({ length: n }, (_, i) => [`${prefix} ${String(i + 1).padStart(5, "0")}`, "Bonn", "Germany", "Private"]),
  ]);

/** An admin working imports through one instance's API, as the screens do. */
function importsThrough(api: ApiClient, cookie: () => string) {
  const call = {
    async upload(content: string) {
      const form = new FormData();
      form.set("kind", "universities");
      form.set("file", new File([content], "universities.csv", { type: "text/csv" }));
      const answer = await api.call("/api/v1/staff/catalogue/imports", { method: "POST", form, cookie: cookie() });
      expect(answer.status, answer.text).toBe(201);
      return answer.body.data as { id: string; mapping: Record<string, string> };
    },
    async check(id: string, mapping: Record<string, string>) {
      const answer = await api.post(`/api/v1/staff/catalogue/imports/${id}/check`, { mapping }, { cookie: cookie() });
      expect(answer.status, answer.text).toBe(202);
    },
    async apply(id: string) {
      const answer = await api.post(`/api/v1/staff/catalogue/imports/${id}/apply`, undefined, { cookie: cookie() });
      expect(answer.status, answer.text).toBe(202);
    },
    /** Waits (polling the API, as the screen does) until the import's running step has ended. */
    async settled(id: string) {
      let data: Record<string, unknown> = {};
      await until(async () => {
        const answer = await api.get(`/api/v1/staff/catalogue/imports/${id}`, { cookie: cookie() });
        expect(answer.status).toBe(200);
        data = answer.body.data;
        return !["checking", "applying"].includes(data.status as string);
      }, `import ${id} to settle`);
      return data as {
        status: string;
        failure: string | null;
        summary: Record<string, number> | null;
        mapping: Record<string, string>;
      };
    },
    async dryRun(content: string) {
      const uploaded = await call.upload(content);
      await call.check(uploaded.id, uploaded.mapping);
      return { id: uploaded.id, checked: await call.settled(uploaded.id) };
    },
  };
  return call;
}

/** The import's serial id, as its jobs carry it. */
async function serialOf(database: DatabaseHandle, publicId: string) {
  const [row] = await database.db
    .select({ id: catalogueImports.id, storageKey: catalogueImports.storageKey })
    .from(catalogueImports)
    .where(eq(catalogueImports.publicId, publicId));
  if (!row) throw new Error(`no import ${publicId}`);
  return row;
}

/** The queue's record of an import's jobs of one step: their state and how often each was retried. */
async function jobsOf(database: DatabaseHandle, name: string, importId: number) {
  return queryRows<{ state: string; retries: number }>(
    database.db,
    sql`select state::text, retry_count as retries from pgboss.job where name = ${name} and data->>'importId' = ${String(importId)}`,
  );
}

/** The same once none is waiting or running (a job ends a moment after the import's status shows it). */
async function endedJobsOf(database: DatabaseHandle, name: string, importId: number) {
  let jobs: { state: string; retries: number }[] = [];
  await until(async () => {
    jobs = await jobsOf(database, name, importId);
    return jobs.every((job) => !["created", "retry", "active"].includes(job.state));
  }, `the ${name} jobs of import ${importId} to end`);
  return jobs;
}

const diffRows = async (database: DatabaseHandle, importId: number) =>
  (await database.db.select({ n: count() }).from(catalogueImportRows).where(eq(catalogueImportRows.importId, importId)))[0]?.n ??
  0;

const universitiesNamed = async (database: DatabaseHandle, prefix: string) =>
  (
    await database.db
      .select({ n: count() })
      .from(universities)
      .where(like(universities.name, `${prefix} %`))
  )[0]?.n ?? 0;

describe("on one instance", () => {
  let database: DatabaseHandle;
  let uploads: string;
  let fault: ReturnType<typeof breakableStorage>["fault"];
  let storage: FileStorage;
  let queue: JobQueue;
  let imports: ReturnType<typeof importsThrough>;

  beforeAll(async () => {
    database = await openTestDatabase();
    uploads = mkdtempSync(path.join(tmpdir(), "ignite-import-jobs-"));
    ({ storage, fault } = breakableStorage(createLocalFileStorage(uploads)));
    queue = await startTestJobQueue(database, log);
    const testApp = createTestApp(database, {}, { storage, jobs: queue });
    await startBackgroundWork(queue, testApp, 9, log);
    const admin = await createStaffMember(testApp, { email: "admin@import-jobs.test", role: "admin" });
    const api = new ApiClient(testApp.app);
    const cookie = await signInStaff(api, admin.email, admin.password);
    imports = importsThrough(api, () => cookie);
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  it("a dry run and an apply are jobs on the queue, each run once", async () => {
    const { id, checked } = await imports.dryRun(newUniversities("Queued College", 3));
    expect(checked.status).toBe("checked");
    expect(checked.summary).toMatchObject({ rows: 3, new: 3, refused: 0 });
    await imports.apply(id);
    expect((await imports.settled(id)).status).toBe("applied");
    expect(await universitiesNamed(database, "Queued College")).toBe(3);
    const { id: importId } = await serialOf(database, id);
    expect(await endedJobsOf(database, importJobs.check, importId)).toEqual([{ state: "completed", retries: 0 }]);
    expect(await endedJobsOf(database, importJobs.apply, importId)).toEqual([{ state: "completed", retries: 0 }]);
  });

  it("a dry run and an apply whose first attempt breaks half way are finished by the retry, nothing twice", async () => {
    const rows = 5000;
    const file = newUniversities("Retried College", rows);
    const uploaded = await imports.upload(file);
    const { id: importId } = await serialOf(database, uploaded.id);

    // The dry run's first read breaks three quarters in, once the first 2,000 rows' diff is written.
    fault.reads = 1;
    fault.afterBytes = Math.floor(file.length * 0.75);
    fault.beforeBreaking = () => until(async () => (await diffRows(database, importId)) >= 2000, "the first batch's diff");
    await imports.check(uploaded.id, uploaded.mapping);
    const checked = await imports.settled(uploaded.id);
    expect(checked.status).toBe("checked");
    expect(checked.summary).toMatchObject({ rows, new: rows, refused: 0 });
    // The retry started over: one diff row per line, none left from the first attempt.
    expect(await diffRows(database, importId)).toBe(rows);
    const [lines] = await queryRows<{ distinct: number }>(
      database.db,
      sql`select count(distinct line)::int as distinct from catalogue_import_rows where import_id = ${importId}`,
    );
    expect(lines?.distinct).toBe(rows);
    expect(await endedJobsOf(database, importJobs.check, importId)).toEqual([{ state: "completed", retries: 1 }]);

    // The apply's first read breaks after its first batch is written inside the transaction.
    fault.reads = 1;
    fault.beforeBreaking = undefined;
    await imports.apply(uploaded.id);
    const applied = await imports.settled(uploaded.id);
    expect(applied.status).toBe("applied");
    expect(applied.summary).toMatchObject({ applied: { rows, new: rows } });
    expect(await universitiesNamed(database, "Retried College")).toBe(rows);
    expect(await endedJobsOf(database, importJobs.apply, importId)).toEqual([{ state: "completed", retries: 1 }]);
    const audited = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "catalogue_import"), eq(auditLog.subjectId, uploaded.id)));
    expect(audited.map((a) => a.action).sort()).toEqual([
      "catalogue.import_applied",
      "catalogue.import_checked",
      "catalogue.import_uploaded",
    ]);
  }, 90_000);

  it("a step that fails for the import's own reason ends failed at once, with the reason, and is not retried", async () => {
    const uploaded = await imports.upload(newUniversities("Lost File College", 2));
    const { id: importId, storageKey } = await serialOf(database, uploaded.id);
    await storage.delete(storageKey);
    await imports.check(uploaded.id, uploaded.mapping);
    const failed = await imports.settled(uploaded.id);
    expect(failed.status).toBe("failed");
    expect(failed.failure).toBe(im.fileMissing);
    expect(await endedJobsOf(database, importJobs.check, importId)).toEqual([{ state: "completed", retries: 0 }]);
  });

  it("a step that keeps failing unexpectedly ends failed once its retries are spent, and can be run again", async () => {
    const uploaded = await imports.upload(newUniversities("Unlucky College", 2));
    const { id: importId } = await serialOf(database, uploaded.id);
    fault.reads = 100;
    fault.afterBytes = 10;
    fault.beforeBreaking = undefined;
    await imports.check(uploaded.id, uploaded.mapping);
    const failed = await imports.settled(uploaded.id);
    expect(failed.status).toBe("failed");
    expect(failed.failure).toBe(im.failedUnexpectedly);
    expect(await endedJobsOf(database, importJobs.check, importId)).toEqual([{ state: "failed", retries: 3 }]);
    expect(await diffRows(database, importId)).toBe(0);

    fault.reads = 0;
    await imports.check(uploaded.id, failed.mapping);
    const checked = await imports.settled(uploaded.id);
    expect(checked.status).toBe("checked");
    expect(checked.summary).toMatchObject({ rows: 2, new: 2 });
  }, 60_000);
});

describe("a restart", () => {
  it("an import whose job was running when its process stopped is finished after the next start", async () => {
    const database = await openTestDatabase();
    const uploads = mkdtempSync(path.join(tmpdir(), "ignite-import-restart-"));
    const storage = createLocalFileStorage(uploads);
    const queues: JobQueue[] = [];
    /** The hung step, ended only once the test is over, so that stopping its queue need not wait out its grace. */
    const releases: (() => void)[] = [];
    try {
      // Before: an instance queues the dry run and its worker takes the job, then the process hangs (as if
      // killed): the job stays active in the database and nothing of the step is done.
      const before = await startTestJobQueue(database, log);
      queues.push(before);
      const first = createTestApp(database, {}, { storage, jobs: before });
      const hung = {
        check: () => new Promise<void>((resolve) => releases.push(resolve)),
        apply: async () => undefined,
        giveUp: async () => undefined,
      };
      await startBackgroundWork(before, { ...first, staff: { ...first.staff, catalogue: { imports: { steps: hung } } } }, 9, log);
      const admin = await createStaffMember(first, { email: "admin@import-restart.test", role: "admin" });
      const firstApi = new ApiClient(first.app);
      const firstCookie = await signInStaff(firstApi, admin.email, admin.password);
      const firstImports = importsThrough(firstApi, () => firstCookie);
      const uploaded = await firstImports.upload(newUniversities("Restarted College", 3));
      await firstImports.check(uploaded.id, uploaded.mapping);
      const { id: importId } = await serialOf(database, uploaded.id);
      await until(async () => (await jobsOf(database, importJobs.check, importId))[0]?.state === "active", "the job to start");
      const [left] = await database.db
        .select({ status: catalogueImports.status })
        .from(catalogueImports)
        .where(eq(catalogueImports.id, importId));
      expect(left?.status).toBe("checking");

      // After: a new process on the same PGlite database, the only one on it, picks the step up.
      const after = await startTestJobQueue(database, log, { onlyInstance: true });
      queues.push(after);
      const second = createTestApp(database, {}, { storage, jobs: after });
      await startBackgroundWork(after, second, 9, log);
      const secondApi = new ApiClient(second.app);
      const secondCookie = await signInStaff(secondApi, admin.email, admin.password);
      const resumed = await importsThrough(secondApi, () => secondCookie).settled(uploaded.id);
      expect(resumed.status).toBe("checked");
      expect(resumed.summary).toMatchObject({ rows: 3, new: 3 });
      expect(await diffRows(database, importId)).toBe(3);
      expect(await endedJobsOf(database, importJobs.check, importId)).toEqual([{ state: "completed", retries: 1 }]);
    } finally {
      for (const release of releases) release();
      for (const queue of queues.reverse()) await queue.stop().catch(() => undefined);
      await database.close();
      rmSync(uploads, { recursive: true, force: true });
    }
  }, 90_000);
});

describe("two instances on one PostgreSQL database", () => {
  it("each import step sent once is run once, by one of them", async () => {
    const database = await openScratchPostgres();
    const secondPool = openPostgres(database.url, { max: 4 });
    const uploads = mkdtempSync(path.join(tmpdir(), "ignite-import-two-"));
    const storage = createLocalFileStorage(uploads);
    const queues: JobQueue[] = [];
    const apps: TestApp[] = [];
    try {
      await database.db.insert(countries).values({ name: "Germany", slug: "germany", code: "de", currency: "EUR" });
      const [queueA, queueB] = await Promise.all([startTestJobQueue(database, log), startTestJobQueue(secondPool, log)]);
      queues.push(queueA, queueB);
      const a = createTestApp(database, {}, { storage, jobs: queueA });
      const b = createTestApp(secondPool, {}, { storage, jobs: queueB });
      apps.push(a, b);
      // Each instance's steps are the real ones, counted as they run.
      const runs: string[] = [];
      const counted = (instance: string, testApp: TestApp) => {
        const steps = testApp.staff.catalogue.imports.steps;
        return {
          ...testApp,
          staff: {
            ...testApp.staff,
            catalogue: {
              imports: {
                steps: {
                  check: (importId: number) => {
                    runs.push(`check ${importId} on ${instance}`);
                    return steps.check(importId);
                  },
                  apply: (importId: number) => {
                    runs.push(`apply ${importId} on ${instance}`);
                    return steps.apply(importId);
                  },
                  giveUp: steps.giveUp,
                },
              },
            },
          },
        };
      };
      await Promise.all([
        startBackgroundWork(queueA, counted("a", a), 9, log),
        startBackgroundWork(queueB, counted("b", b), 9, log),
      ]);
      const admin = await createStaffMember(a, { email: "admin@import-two.test", role: "admin" });
      const [apiA, apiB] = [new ApiClient(a.app), new ApiClient(b.app)];
      const [cookieA, cookieB] = [
        await signInStaff(apiA, admin.email, admin.password),
        await signInStaff(apiB, admin.email, admin.password),
      ];
      const [importsA, importsB] = [importsThrough(apiA, () => cookieA), importsThrough(apiB, () => cookieB)];

      // Four dry runs started through either instance at once, then their applies one after another.
      const started = await Promise.all(
        [0, 1, 2, 3].map(async (n) => {
          const through = n % 2 ? importsB : importsA;
          const uploaded = await through.upload(newUniversities(`Twin College ${n}`, 50));
          await through.check(uploaded.id, uploaded.mapping);
          return uploaded.id;
        }),
      );
      for (const [n, id] of started.entries()) {
        const through = n % 2 ? importsA : importsB;
        const checked = await through.settled(id);
        expect(checked.summary).toMatchObject({ rows: 50, new: 50 });
        await through.apply(id);
        expect((await through.settled(id)).status).toBe("applied");
        expect(await universitiesNamed(database, `Twin College ${n}`)).toBe(50);
      }
      const ids = await Promise.all(started.map(async (id) => (await serialOf(database, id)).id));
      for (const importId of ids) {
        // One job per step, ended at its first run: no retry, no second job could run it again.
        expect(await endedJobsOf(database, importJobs.check, importId)).toEqual([{ state: "completed", retries: 0 }]);
        expect(await endedJobsOf(database, importJobs.apply, importId)).toEqual([{ state: "completed", retries: 0 }]);
        expect(runs.filter((run) => run.startsWith(`check ${importId} `))).toHaveLength(1);
        expect(runs.filter((run) => run.startsWith(`apply ${importId} `))).toHaveLength(1);
      }
    } finally {
      for (const queue of queues) await queue.stop().catch(() => undefined);
      await Promise.all(apps.map((testApp) => testApp.close()));
      await secondPool.close();
      await database.close();
      rmSync(uploads, { recursive: true, force: true });
    }
  }, 120_000);
});

/** The site's local storage, whose reads trickle while `slow.on`: `bytes` at a time, `everyMs` apart. */
function tricklingStorage(inner: FileStorage) {
  const slow = { on: false, bytes: 1024, everyMs: 30 };
  const storage: FileStorage = {
    put: (key, bytes) => inner.put(key, bytes),
    delete: (key) => inner.delete(key),
    async get(key) {
      const object = await inner.get(key);
      if (!object || !slow.on) return object;
      const reader = object.body.getReader();
      let held: Uint8Array = new Uint8Array(0);
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (held.length === 0) {
            const { done, value } = await reader.read();
            if (done) return controller.close();
            held = value;
          }
          await new Promise((resolve) => setTimeout(resolve, slow.everyMs));
          controller.enqueue(held.subarray(0, slow.bytes));
          held = held.subarray(slow.bytes);
        },
      });
      return { ...object, body };
    },
  };
  return { storage, slow };
}

describe("an apply that runs for seconds on PostgreSQL", () => {
  it("leaves the connection pool free for everyone else: its progress writes never wait on the import's locked row", async () => {
    // A pool of four, as the tests' instances have: the apply's transaction holds one, and holds the
    // import's row locked until it commits. A progress write that waited for that row kept a
    // connection each (one every 400 ms), until none was left and every other request failed.
    const database = await openScratchPostgres();
    const uploads = mkdtempSync(path.join(tmpdir(), "ignite-import-pool-"));
    const { storage, slow } = tricklingStorage(createLocalFileStorage(uploads));
    let queue: JobQueue | undefined;
    try {
      await database.db.insert(countries).values({ name: "Germany", slug: "germany", code: "de", currency: "EUR" });
      queue = await startTestJobQueue(database, log);
      const testApp = createTestApp(database, {}, { storage, jobs: queue });
      await startBackgroundWork(queue, testApp, 9, log);
      const admin = await createStaffMember(testApp, { email: "admin@import-pool.test", role: "admin" });
      const api = new ApiClient(testApp.app);
      const cookie = await signInStaff(api, admin.email, admin.password);
      const imports = importsThrough(api, () => cookie);
      const rows = 4000;
      const { id, checked } = await imports.dryRun(newUniversities("Patient College", rows));
      expect(checked.summary).toMatchObject({ rows, new: rows });

      // The apply reads its file slowly (about 4 s), so its transaction stays open while batches of
      // 500 rows are written and their progress reported.
      slow.on = true;
      const started = Date.now();
      await imports.apply(id);
      const { id: importId } = await serialOf(database, id);
      // Meanwhile another request's query on the same pool, every 100 ms, is timed.
      const waits: number[] = [];
      const failures: string[] = [];
      let status = "applying";
      while (status === "applying") {
        const asked = Date.now();
        try {
          const [row] = await database.db
            .select({ status: catalogueImports.status })
            .from(catalogueImports)
            .where(eq(catalogueImports.id, importId));
          status = row?.status ?? "gone";
          waits.push(Date.now() - asked);
        } catch (error) {
          failures.push(String(error));
        }
        if (Date.now() - started > 60_000) throw new Error("the apply did not finish in a minute");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const took = Date.now() - started;
      slow.on = false;

      expect(status).toBe("applied");
      expect(await universitiesNamed(database, "Patient College")).toBe(rows);
      // The apply was long enough for seven progress reports to have been due (one each 400 ms).
      expect(took).toBeGreaterThan(3000);
      expect(failures).toEqual([]);
      // Each answer came while the apply was still running: none waited for its commit.
      expect(Math.max(...waits)).toBeLessThan(1000);
      expect(waits.length).toBeGreaterThan(20);
    } finally {
      await queue?.stop().catch(() => undefined);
      await database.close();
      rmSync(uploads, { recursive: true, force: true });
    }
  }, 90_000);
});
