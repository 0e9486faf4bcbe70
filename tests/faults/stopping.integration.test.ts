// Stopping cleanly (decision 0067): a real server process gets SIGTERM while a student's upload is half
// sent and a catalogue import is being applied by the job queue. It takes no new connection, finishes the
// upload it was receiving, lets the import's job finish (or returns it to the queue), and exits 0. After a
// restart on the same data the upload is there whole and the import is applied whole: nothing half-written.
// PGlite under a temporary DATA_DIR, or, with TEST_DATABASE_URL, a fresh database on that server.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { count, countDistinct, like } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { universities } from "../../modules/catalogue/tables.ts";
import { openPglite, openPostgres } from "../../platform/db/client.ts";
import { attachmentTypes } from "../../vocabulary/documents.ts";
import { ApiClient } from "../support/api-client.ts";
import { createStudent, documentForm } from "../support/factories.ts";
import { type ServerProcess, serverEnvironment, startServerProcess } from "../support/server-process.ts";
import { signInStaff } from "../support/staff.ts";
import { copyTemplateInto } from "../support/test-database.ts";

const ADMIN = { email: "operator.admin@ignite.test", password: "stop-Test-admin-password-51" };
/** Universities in the import: enough that applying them takes a while on two cores. */
const IMPORTED = 4000;
const PREFIX = "Graceful Stop College";

let dataDir: string;
let databaseUrl: string | undefined;
let databaseName: string | undefined;
const running: ServerProcess[] = [];

const env = () =>
  serverEnvironment({
    DATA_DIR: dataDir,
    SERVE_API_JOBS: "1",
    // The demo catalogue: its destinations (Germany) are what the imported universities name.
    SEED: "demo",
    SHUTDOWN_GRACE_SECONDS: "40",
    LOG_LEVEL: "debug",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });

/** The API of a server process, through the same client the in-process tests use. */
const remote = (origin: string) =>
  new ApiClient({
    request: (url: string, init?: RequestInit) => fetch(url.replace(/^http:\/\/localhost/, origin), init),
  } as never);

async function until(done: () => Promise<boolean> | boolean, what: string, ms = 60_000) {
  for (const end = Date.now() + ms; !(await done()); ) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A real PDF of `size` bytes, random so no two are alike. */
function pdf(size: number): Uint8Array {
  const head = "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n";
  const tail = "\ntrailer<</Root 1 0 R>>\n%%EOF\n";
  const padding = randomBytes(size)
    .toString("base64")
    .replace(/(.{100})/g, "% $1\n");
  return new TextEncoder().encode(head + padding.slice(0, size - head.length - tail.length) + tail);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "ignite-stopping-"));
  // On PGlite the site's database exists already, migrated and seeded, as on a site that has been running:
  // the first start does not spend its time seeding the demo catalogue.
  await copyTemplateInto(dataDir);
  const testUrl = process.env.TEST_DATABASE_URL;
  if (testUrl) {
    databaseName = `ignite_stopping_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: testUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(testUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
}, 120_000);

afterAll(async () => {
  for (const server of running) if (server.child.exitCode === null) server.child.kill("SIGKILL");
  if (databaseName && process.env.TEST_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe("SIGTERM", () => {
  it("finishes a half-sent upload and a running import, refuses new connections, exits 0, and leaves nothing half-written", async () => {
    const first = await startServerProcess(env());
    running.push(first);
    const api = remote(first.origin);
    const staff = await signInStaff(api, ADMIN.email, ADMIN.password);
    const student = await createStudent(api, { name: "मीरा पिल्लई" });

    // A checked import of new universities, ready to apply.
    const form = new FormData();
    form.set("kind", "universities");
    const rows = Array.from({ length: IMPORTED }, (_, i) => [
      `${PREFIX} ${String(i + 1).padStart(5, "0")}`,
      "Pune",
      "Germany",
      "Private",
    ]);
    form.set(
      "file",
      new File([stringify([["name", "city", "country", "type"], ...rows])], "universities.csv", { type: "text/csv" }),
    );
    const uploaded = await api.call("/api/v1/staff/catalogue/imports", { method: "POST", form, cookie: staff });
    expect(uploaded.status, uploaded.text).toBe(201);
    const importId = uploaded.body.data.id as string;
    const importState = async (client: ApiClient) =>
      (await client.get(`/api/v1/staff/catalogue/imports/${importId}`, { cookie: staff })).body.data?.status as string;
    const checked = await api.post(
      `/api/v1/staff/catalogue/imports/${importId}/check`,
      { mapping: uploaded.body.data.mapping },
      { cookie: staff },
    );
    expect(checked.status, checked.text).toBe(202);
    await until(async () => (await importState(api)) === "checked", "the import's dry run", 90_000);

    // The student's upload: its first half sent, the rest held back until after the signal.
    const bytes = pdf(900_000);
    const encoded = new Response(
      documentForm({
        attachment_type: attachmentTypes[0],
        file: { bytes: Buffer.from(bytes), name: "marksheet.pdf", type: "application/pdf" },
      }),
    );
    const contentType = encoded.headers.get("Content-Type") ?? "";
    const body = new Uint8Array(await encoded.arrayBuffer());
    let sendRest = () => {};
    const rest = new Promise<void>((resolve) => {
      sendRest = resolve;
    });
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(body.subarray(0, body.length / 2));
        await rest;
        controller.enqueue(body.subarray(body.length / 2));
        controller.close();
      },
    });
    const uploading = fetch(`${first.origin}/api/v1/students/me/files`, {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: { Cookie: student.cookie, "Content-Type": contentType, "X-Forwarded-For": "10.99.0.7" },
    } as RequestInit);

    // The import is applied by its job; the signal comes once the job has begun.
    const apply = await api.post(`/api/v1/staff/catalogue/imports/${importId}/apply`, undefined, { cookie: staff });
    expect(apply.status, apply.text).toBe(202);
    await until(() => /"job":"catalogue-import-apply","msg":"job started"/.test(first.output()), "the apply job to start");
    first.child.kill("SIGTERM");

    // No new connection is taken.
    await until(
      () =>
        fetch(`${first.origin}/healthz`).then(
          () => false,
          () => true,
        ),
      "the server to refuse new connections",
      10_000,
    );
    // The upload in flight is finished and answered.
    sendRest();
    const answered = await uploading;
    expect(answered.status, await answered.clone().text()).toBe(200);
    const stored = ((await answered.json()) as { data: { file: string } }).data.file;

    const { code } = await first.exited;
    expect(code, first.output().slice(-3000)).toBe(0);
    expect(first.output()).toContain("stopping: no new connections");

    // After a restart: the file whole, the import applied whole (finished before the stop, or retried after).
    const second = await startServerProcess(env());
    running.push(second);
    const again = remote(second.origin);
    const file = await again.fetch(stored, { cookie: student.cookie });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    await until(async () => (await importState(again)) === "applied", "the import to be applied", 90_000);
    second.child.kill("SIGTERM");
    expect((await second.exited).code).toBe(0);
    // Every row of the file once: none missing, none twice.
    const database = databaseUrl ? openPostgres(databaseUrl) : openPglite(path.join(dataDir, "pgdata"));
    try {
      const [row] = await database.db
        .select({ n: count(), distinctNames: countDistinct(universities.name) })
        .from(universities)
        .where(like(universities.name, `${PREFIX} %`));
      expect(row).toEqual({ n: IMPORTED, distinctNames: IMPORTED });
    } finally {
      await database.close();
    }
  }, 300_000);
});
