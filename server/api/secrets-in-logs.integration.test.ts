import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createLogger } from "../../platform/log.ts";
import { ApiClient, cookiesNamed } from "../../tests/support/api-client.ts";
import { startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createTestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * Whoever reads the logs must not be able to take over an account: a whole sign-up, login and password
 * reset, logged at the most talkative level, holds no password, code, proof or session token, with mail
 * written to the outbox (no SMTP_URL) and sent over SMTP alike.
 */
let database: DatabaseHandle;
let dataDir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "ignite-logs-"));
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function capturedLog() {
  const lines: string[] = [];
  const log = createLogger(
    "trace",
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  return { log, text: () => lines.join("") };
}

async function wholeResetFlow(api: ApiClient, readMail: (email: string) => Promise<string>, email: string) {
  const secrets: string[] = [];
  const password = "first-Secret-pass-1";
  const newPassword = "second-Secret-pass-2";
  secrets.push(password, newPassword);
  const signup = await api.post("/api/v1/auth/signup", { name1: "Log Reader", email, phone: "9876543210", password });
  expect(signup.status).toBe(200);
  const login = await api.post("/api/v1/auth/login", { email, password });
  expect(login.status).toBe(200);
  for (const answer of [signup, login]) secrets.push(...cookiesNamed(answer, "ignite_session").map((c) => c.value));
  const wrong = await api.post("/api/v1/auth/login", { email, password: "a-wrong-Secret-guess" });
  expect(wrong.status).toBe(401);
  secrets.push("a-wrong-Secret-guess");

  expect((await api.post("/api/v1/auth/password/code", { email })).status).toBe(200);
  const code = (await readMail(email)).match(/reset code is: (\d{6})/)?.[1] ?? "missing";
  secrets.push(code);
  const verified = await api.post("/api/v1/auth/password/verify", { email, entered_otp: code });
  expect(verified.status).toBe(200);
  const proof = cookiesNamed(verified, "ignite_reset")[0];
  secrets.push(proof?.value ?? "missing");
  const reset = await api.post(
    "/api/v1/auth/password/reset",
    { password: newPassword, confirmPassword: newPassword },
    { cookie: proof?.pair },
  );
  expect(reset.status).toBe(200);
  return secrets;
}

describe("logs of a whole password reset", () => {
  it("hold no secret when mail goes to the outbox", async () => {
    const { log, text } = capturedLog();
    const api = new ApiClient(createTestApp(database, { DATA_DIR: dataDir }, { log }).app);
    const outbox = path.join(dataDir, "outbox");
    const readMail = async (email: string) =>
      readdirSync(outbox)
        .map((name) => readFileSync(path.join(outbox, name), "utf8"))
        .filter((mail) => mail.includes(`To: ${email}`) && mail.includes("reset code is"))
        .join("\n");
    const secrets = await wholeResetFlow(api, readMail, "outbox.reader@example.in");
    expect(text()).toContain("mail written to the outbox");
    for (const secret of secrets) expect(text()).not.toContain(secret);
  });

  it("hold no secret when mail goes over SMTP", async () => {
    const sink = await startSmtpSink();
    try {
      const { log, text } = capturedLog();
      const api = new ApiClient(createTestApp(database, { SMTP_URL: sink.url }, { log }).app);
      const readMail = async (email: string) =>
        sink.messages
          .filter((m) => m.to.includes(email))
          .map((m) => m.text)
          .join("\n");
      const secrets = await wholeResetFlow(api, readMail, "smtp.reader@example.in");
      expect(text()).toContain('"msg":"request"');
      for (const secret of secrets) expect(text()).not.toContain(secret);
    } finally {
      await sink.close();
    }
  });
});
