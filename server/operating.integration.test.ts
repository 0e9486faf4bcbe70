// What an operator reads (decisions 0064 and 0067): /metrics in Prometheus' text format behind a token,
// parsed by the format's own parser; and one id per request, in its answer header, its JSON errors and
// the log lines of the jobs it queued.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import parsePrometheusTextFormat, { type Family } from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../platform/db/client.ts";
import type { JobQueue } from "../platform/jobs.ts";
import { createLogger } from "../platform/log.ts";
import { ApiClient } from "../tests/support/api-client.ts";
import { exportReady } from "../tests/support/data-export.ts";
import { createStudent } from "../tests/support/factories.ts";
import { startTestJobQueue } from "../tests/support/job-queue.ts";
import { createTestApp, type TestApp } from "../tests/support/test-app.ts";
import { openTestDatabase } from "../tests/support/test-database.ts";
import { startBackgroundWork } from "./background.ts";

const METRICS_TOKEN = "scrape-5f0c9e1a7b3d42a8b6e4c2d0";

let database: DatabaseHandle;
let testApp: TestApp;
let api: ApiClient;
let jobs: JobQueue;
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const log = createLogger(
    "info",
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    }),
  );
  jobs = await startTestJobQueue(database, log, { onlyInstance: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), "ignite-operating-"));
  testApp = createTestApp(database, { DATA_DIR: dataDir, METRICS_TOKEN }, { jobs, log });
  await startBackgroundWork(jobs, testApp, 8, log);
  api = new ApiClient(testApp.app);
  await testApp.catalogueMirror.ready();
});

afterAll(async () => {
  await jobs?.stop();
  testApp?.catalogueMirror.stop();
  await testApp?.close();
  await database?.close();
});

const scrape = async () => {
  const answer = await api.fetch("/metrics", { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await answer.text();
  return { text, families: parsePrometheusTextFormat(text) };
};
const family = (families: Family[], name: string) => {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no ${name} in the scrape: ${families.map((f) => f.name).join(", ")}`);
  return found;
};
const sampleValue = (f: Family, labels: Record<string, string>) =>
  Number(f.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value ?? Number.NaN);

describe("/metrics", () => {
  it("is refused without the token, and with a wrong one", async () => {
    expect((await api.get("/metrics")).status).toBe(401);
    const wrong = await api.fetch("/metrics", { headers: { Authorization: "Bearer scrape-0000000000000000000000000" } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("WWW-Authenticate")).toBe('Bearer realm="metrics"');
    expect(await wrong.text()).not.toContain("ignite_http_requests_total");
  });

  it("answers 404 on a server with no token set", async () => {
    const bare = createTestApp(database);
    expect((await new ApiClient(bare.app).get("/metrics")).status).toBe(404);
    bare.catalogueMirror.stop();
    await bare.close();
  });

  it("counts requests by route pattern and status with their latency, the cache, the queue, the outbox and the process", async () => {
    // Two searches for the same words: the second comes from the shared cache.
    for (let i = 0; i < 2; i++) expect((await api.get("/api/catalogue/search/computer%20science%20canada")).status).toBe(200);
    expect((await api.get("/api/catalogue/universities/999999999")).status).toBe(404);
    expect((await api.get("/api/catalogue/universities/999999998")).status).toBe(404);

    const { text, families } = await scrape();
    const requests = family(families, "ignite_http_requests_total");
    expect(requests.type).toBe("COUNTER");
    // The pattern, not the path: two unknown ids are one series.
    expect(sampleValue(requests, { route: "/api/catalogue/universities/:universityID", status: "404" })).toBe(2);
    expect(requests.metrics.some((m) => m.labels?.route?.includes("999999999"))).toBe(false);

    const latency = family(families, "ignite_http_request_duration_seconds");
    expect(latency.type).toBe("HISTOGRAM");
    // The parser folds a histogram's labelled series into one (its flattening keeps no labels): each
    // series' count is read from the same text by its line.
    const countOf = (route: string) =>
      Number(
        text.match(
          new RegExp(
            `^ignite_http_request_duration_seconds_count\\{method="GET",route="${route.replace(/[()*]/g, "\\$&")}",status="200"\\} (\\d+)$`,
            "m",
          ),
        )?.[1],
      );
    expect(countOf("/api/catalogue/search/:term")).toBe(1);
    expect(countOf("(cached)")).toBeGreaterThanOrEqual(1);

    const cache = family(families, "ignite_public_cache_lookups_total");
    expect(sampleValue(cache, { result: "hit" })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(cache, { result: "miss" })).toBeGreaterThanOrEqual(1);

    expect(family(families, "ignite_outbox_mail_waiting").metrics[0]?.value).toBe("0");
    expect(family(families, "ignite_jobs").type).toBe("GAUGE");
    expect(Number(family(families, "ignite_process_resident_memory_bytes").metrics[0]?.value)).toBeGreaterThan(10_000_000);
    expect(family(families, "ignite_nodejs_eventloop_lag_p99_seconds").type).toBe("GAUGE");
    if (database.kind === "postgres") {
      expect(sampleValue(family(families, "ignite_db_pool_connections"), { state: "total" })).toBeGreaterThanOrEqual(1);
    }
  });
});

describe("one request, one id", () => {
  it("answers with its id in a header and in a JSON error, and keeps a proxy's id", async () => {
    const missing = await api.get("/api/catalogue/courses/987654321");
    expect(missing.status).toBe(404);
    const id = missing.headers.get("X-Request-Id") ?? "";
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(missing.body.error.requestId).toBe(id);
    // The same id is on the request's log line, so support finds it from what the student quotes.
    expect(logLines.some((line) => line.requestId === id && line.msg === "request" && line.status === 404)).toBe(true);

    const refused = await api.post(
      "/api/v1/auth/login",
      { email: "not-an-email", password: "" },
      { headers: { "X-Request-Id": "lb-7f3a91" } },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.requestId).toBe("lb-7f3a91");
    // A successful answer names its id too.
    expect((await api.fetch("/healthz")).headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    // An id that could break a log line is replaced by one of ours.
    const odd = await api.get("/api/catalogue/courses/987654321", { headers: { "X-Request-Id": "a b\u00e9<script>" } });
    expect(odd.body.error.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("passes into the job the request queues: the job's log lines carry the request's id", async () => {
    const student = await createStudent(api, { name: "राधिका अय्यर" });
    const asked = await api.post("/api/v1/students/me/data-export", undefined, { cookie: student.cookie });
    expect(asked.status).toBe(202);
    const id = asked.headers.get("X-Request-Id");
    await exportReady(api, student.cookie);
    const built = logLines.find((line) => line.msg === "data export ready" && line.studentId === student.studentId);
    expect(built?.requestId).toBe(id);
  });
});
