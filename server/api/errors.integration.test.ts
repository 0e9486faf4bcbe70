import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { withinOneWindow } from "../../tests/support/rate-window.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { accountMessages } from "../../vocabulary/accounts.ts";

/**
 * One error contract, end to end: every failure path of the JSON API answers the shape the published
 * OpenAPI document promises (components.schemas.ErrorBody), read back from /api/openapi.json.
 */
let database: DatabaseHandle;
let ctx: TestApp;
let errorBody: z.ZodType;

// Nothing listens here, so mail fails as it does when the mail server is down.
const DEAD_SMTP = "smtp://127.0.0.1:9?tls=off";

beforeAll(async () => {
  database = await openTestDatabase();
  ctx = createTestApp(database, { SEARCH_RATE_LIMIT_PER_MINUTE: "2", SMTP_URL: DEAD_SMTP });
  const document = await (await ctx.app.request("/api/openapi.json")).json();
  errorBody = z.fromJSONSchema(document.components.schemas.ErrorBody);
});
afterAll(() => database.close());

let address = 0;
type Init = Omit<RequestInit, "headers"> & { headers?: Record<string, string>; duplex?: "half" };
const request = (path: string, init: Init = {}) => {
  address += 1;
  return ctx.app.request(path, { ...init, headers: { "X-Forwarded-For": `10.77.0.${address}`, ...init.headers } });
};
const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...headers } });

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  const body = await response.json();
  const parsed = errorBody.safeParse(body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  expect(body.error.code).toBe(code);
  expect(body.message).toBe(body.error.message);
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+|stack/i);
  return body;
}

describe("every JSON error has the published shape", () => {
  it("400: input the schema refuses names the field", async () => {
    const body = await expectError(await postJson("/api/v1/auth/signup", { name1: "Asha", email: "x" }), 400, "invalid_input");
    expect(body.error.fields).toBeTypeOf("object");
  });

  it("400: a body that is not JSON", async () => {
    await expectError(
      await request("/api/v1/auth/login", { method: "POST", body: "{not json", headers: { "Content-Type": "application/json" } }),
      400,
      "invalid_input",
    );
  });

  it("401: a student call without a session", async () => {
    const body = await expectError(await request("/api/v1/students/me"), 401, "unauthenticated");
    expect(body.message).toBe(accountMessages.loginRequired);
  });

  it("401: wrong credentials", async () => {
    await expectError(
      await postJson("/api/v1/auth/login", { email: "nobody@ignite.test", password: "wrong-password" }),
      401,
      "unauthenticated",
    );
  });

  it("403: a write from another site", async () => {
    await expectError(
      await postJson(
        "/api/v1/auth/login",
        { email: "a@b.test", password: "x" },
        { Origin: "https://evil.example", Host: "localhost" },
      ),
      403,
      "forbidden",
    );
  });

  it("404: an API path that does not exist, and an unknown id", async () => {
    await expectError(await request("/api/v1/no-such-thing"), 404, "not_found");
    await expectError(await request("/api/catalogue/universities/999999"), 404, "not_found");
  });

  it("413: a body over the limit, refused before it is parsed", async () => {
    const huge = { email: "a@b.test", password: "x".repeat(200 * 1024) };
    await expectError(await postJson("/api/v1/auth/login", huge), 413, "payload_too_large");
    // Without a Content-Length the limit holds while the body streams in.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i += 1) controller.enqueue(new TextEncoder().encode(" ".repeat(16 * 1024)));
        controller.close();
      },
    });
    const streamed = await request("/api/v1/consultations", {
      method: "POST",
      body: chunks,
      headers: { "Content-Type": "application/json" },
      duplex: "half",
    });
    await expectError(streamed, 413, "payload_too_large");
  });

  it("429: past a rate limit, with Retry-After", { timeout: 45_000 }, async () => {
    const ip = { "X-Forwarded-For": "10.78.0.1" };
    await withinOneWindow(60);
    await request("/api/catalogue/search/law", { headers: ip });
    await request("/api/catalogue/search/law?page=2", { headers: ip });
    const refused = await request("/api/catalogue/search/law?page=3", { headers: ip });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    await expectError(refused, 429, "rate_limited");
  });

  it("503: the mail server is down when a reset code is asked for", async () => {
    const email = `down-${Date.now()}@ignite.test`;
    const signedUp = await postJson("/api/v1/auth/signup", {
      name1: "Mail Down",
      email,
      phone: "9876543210",
      password: "long enough pw",
    });
    expect(signedUp.status).toBe(200);
    const body = await expectError(await postJson("/api/v1/auth/password/code", { email }), 503, "unavailable");
    expect(body.message).toBe(accountMessages.sendCodeFailed);
  });
});
