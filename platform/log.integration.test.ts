import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { students } from "../modules/students/tables.ts";
import { openTestDatabase } from "../tests/support/test-database.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { createLogger } from "./log.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

function capture() {
  const lines: string[] = [];
  const log = createLogger(
    "info",
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  return { log, text: () => lines.join("") };
}

describe("logs", () => {
  it("write a failed query's error without the values it was called with", async () => {
    const row = {
      email: "twice@example.in",
      fullName: "Twice Over",
      phone: "+919876543210",
      passwordHash: "$argon2id$SECRET-HASH",
    };
    await database.db.insert(students).values(row);
    const error = await database.db
      .insert(students)
      .values(row)
      .then(() => undefined)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    // The database layer puts the values in its message: this is what the logger must strip.
    expect(String((error as Error).message)).toContain("SECRET-HASH");

    const { log, text } = capture();
    log.error({ err: error }, "unexpected error");
    expect(text()).toContain("unexpected error");
    expect(text()).toContain("Failed query");
    expect(text()).not.toContain("SECRET-HASH");
    expect(text()).not.toContain("Twice Over");
  });

  it("redact passwords, tokens and codes by key", () => {
    const { log, text } = capture();
    log.info({ password: "pw-in-clear", body: { token: "tok-123", code: "123456" } }, "request");
    expect(text()).not.toMatch(/pw-in-clear|tok-123|123456/);
  });
});
