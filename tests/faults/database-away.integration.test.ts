import { randomBytes } from "node:crypto";
import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPostgres } from "../../platform/db/client.ts";
import { ApiClient } from "../support/api-client.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The database going away (restarted, or unreachable): /readyz says so, requests are answered 503 in a
 * few seconds instead of hanging, and the server recovers by itself when the database is back. The
 * fault is made by a TCP proxy of ours between the app and the machine's PostgreSQL (PGlite, inside the
 * process, cannot go away).
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

type Mode = "forward" | "refuse" | "blackhole";

/** A TCP proxy to PostgreSQL that can drop every connection and refuse or swallow new ones. */
async function startProxy(target: URL) {
  let mode: Mode = "forward";
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === "refuse") return client.destroy();
    if (mode === "blackhole") return; // accepted, never answered: a server that is unreachable
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    set(next: Mode) {
      mode = next;
      if (next !== "forward") for (const socket of open) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let admin: pg.Client;
let databaseName: string;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  databaseName = `ignite_faults_${randomBytes(6).toString("hex")}`;
  await admin.query(`create database ${databaseName}`);
  const direct = new URL(serverUrl);
  direct.pathname = `/${databaseName}`;
  const migrator = openPostgres(direct.toString(), { max: 1 });
  await migrator.migrate();
  await migrator.close();

  proxy = await startProxy(direct);
  const viaProxy = new URL(direct);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  database = openPostgres(viaProxy.toString(), { max: 4, onIdleError: () => undefined });
  testApp = createTestApp(database);
  api = new ApiClient(testApp.app);
});

afterAll(async () => {
  await database?.close().catch(() => undefined);
  await proxy?.close();
  await admin?.query(`drop database if exists ${databaseName} with (force)`);
  await admin?.end();
});

/** The answer and how long it took. */
async function timed<T>(work: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await work();
  return { answer, ms: performance.now() - started };
}

const logIn = () => api.post("/api/v1/auth/login", { email: "nobody@ignite.test", password: "not-the-password" });

describe("when the database goes away", () => {
  it("answers 503 quickly while it is away, and recovers by itself when it is back", async () => {
    // Ready once the search index is built (decision 0068).
    await testApp.catalogueMirror.ready();
    expect((await api.get("/readyz")).status).toBe(200);
    expect((await logIn()).status).toBe(401);
    const student = await api.post("/api/v1/auth/signup", {
      name1: "Away Test",
      email: `away.${Date.now()}@example.in`,
      phone: "9876543210",
      password: "away-Secret-pass-1",
    });
    expect(student.status).toBe(200);
    const cookie = student.setCookies[0]?.split(";")[0] ?? "";

    // Restarted: every connection is cut and new ones are closed at once.
    proxy.set("refuse");
    for (const call of [() => api.get("/readyz"), logIn, () => api.get("/api/v1/students/me", { cookie })]) {
      const { answer, ms } = await timed(call);
      expect(answer.status).toBe(503);
      expect(ms).toBeLessThan(4000);
    }
    const refused = await logIn();
    expect(refused.body).toMatchObject({ error: { code: "unavailable" } });
    expect(refused.body.message).toBe("Ignite is briefly unavailable. Please try again in a minute.");
    expect(refused.headers.get("Retry-After")).toBe("30");
    // A browser asking for a screen gets a page that says so, not JSON and not a stack trace.
    const page = await api.get("/profile", { cookie, headers: { Accept: "text/html" } });
    expect(page.status).toBe(503);
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(page.text).toContain("Back in a minute");

    // Unreachable: connections are accepted and never answered; requests still end within seconds.
    proxy.set("blackhole");
    const { answer: hung, ms } = await timed(logIn);
    expect(hung.status).toBe(503);
    expect(ms).toBeLessThan(6000);

    // Back: the same app, with no restart, serves again.
    proxy.set("forward");
    let ready = 0;
    for (let attempt = 0; attempt < 20 && ready !== 200; attempt++) {
      ready = (await api.get("/readyz")).status;
      if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(ready).toBe(200);
    expect((await logIn()).status).toBe(401);
    expect((await api.get("/api/v1/students/me", { cookie })).status).toBe(200);
  });
});
