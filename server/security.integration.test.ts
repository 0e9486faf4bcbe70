import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../platform/db/client.ts";
import { createTestApp } from "../tests/support/test-app.ts";
import { openTestDatabase } from "../tests/support/test-database.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const login = (app: ReturnType<typeof createTestApp>["app"], headers: Record<string, string>) =>
  app.request("/api/v1/auth/login", {
    method: "POST",
    body: JSON.stringify({ email: "nobody@ignite.test", password: "not-the-password" }),
    headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.44.0.1", ...headers },
  });

describe("writes must come from the site itself", () => {
  it("with PUBLIC_URL set, the Origin must be exactly its scheme, host and port", async () => {
    const { app } = createTestApp(database, { PUBLIC_URL: "https://ignite.example" });
    for (const origin of [
      "http://ignite.example",
      "https://ignite.example:8443",
      "https://evil.example",
      "https://ignite.example.evil.test",
      "null",
    ]) {
      const refused = await login(app, { Origin: origin, Host: "ignite.example" });
      expect(refused.status, origin).toBe(403);
      expect((await refused.json()).error.code).toBe("forbidden");
    }
    // The site's own origin reaches the login (which then refuses the made-up account: 401).
    expect((await login(app, { Origin: "https://ignite.example", Host: "internal-host:3000" })).status).toBe(401);
  });

  it("without PUBLIC_URL, the Origin must name the host the request was sent to", async () => {
    const { app } = createTestApp(database);
    expect((await login(app, { Origin: "http://other.example", Host: "localhost" })).status).toBe(403);
    expect((await login(app, { Origin: "http://localhost", Host: "localhost" })).status).toBe(401);
    // A browser's own statement that a request is cross-site is believed too.
    expect((await login(app, { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
  });
});
