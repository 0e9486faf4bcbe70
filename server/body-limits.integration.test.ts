import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../platform/db/client.ts";
import { createTestApp, type TestApp } from "../tests/support/test-app.ts";
import { openTestDatabase } from "../tests/support/test-database.ts";

/**
 * A 100 MB body to each public write is refused with 413 and the process hardly grows: the limit is
 * enforced while the body streams in, before anything parses it. The bodies are made lazily, so the
 * test itself holds one 1 MB chunk at a time.
 */
let database: DatabaseHandle;
let testApp: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
  testApp = createTestApp(database);
  // The search index is built in the background at start: let it finish before memory is measured.
  await testApp.catalogueMirror.ready();
});
afterAll(() => database.close());

const MB = 1024 * 1024;
const chunk = new Uint8Array(MB).fill(0x20);
/** 100 MB of spaces, one chunk at a time as the reader asks for them. */
function hundredMegabytes(): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= 100) return controller.close();
      sent += 1;
      controller.enqueue(chunk);
    },
  });
}

const jsonWrites = [
  "/api/v1/auth/login",
  "/api/v1/auth/signup",
  "/api/v1/auth/password/code",
  "/api/v1/auth/password/verify",
  "/api/v1/auth/password/reset",
  "/api/v1/consultations",
];
const formPosts = ["/login", "/signup", "/forgotpassword", "/services/free-consultation", "/logout"];
let address = 0;
const headers = (extra: Record<string, string>) => {
  address += 1;
  return { "X-Forwarded-For": `10.66.0.${address}`, ...extra };
};

describe("request bodies", () => {
  it("refuses 100 MB to every public write with 413, streamed or declared, and the process grows by less than 30 MB", async () => {
    const before = process.memoryUsage().rss;
    for (const path of jsonWrites) {
      const streamed = await testApp.app.request(path, {
        method: "POST",
        body: hundredMegabytes(),
        headers: headers({ "Content-Type": "application/json" }),
        duplex: "half",
      } as RequestInit);
      expect(streamed.status, `${path} streamed`).toBe(413);
      expect((await streamed.json()).message).toBe("This request is too large (at most 64 KB).");
    }
    for (const path of [...jsonWrites, ...formPosts]) {
      const declared = await testApp.app.request(path, {
        method: "POST",
        body: hundredMegabytes(),
        headers: headers({ "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(100 * MB) }),
        duplex: "half",
      } as RequestInit);
      expect(declared.status, `${path} declared`).toBe(413);
    }
    const grown = (process.memoryUsage().rss - before) / MB;
    expect(grown).toBeLessThan(30);
  });
});
