import { verify } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_STUDENT } from "../modules/students/demo.ts";
import { students } from "../modules/students/tables.ts";
import { ConfigError, loadConfig } from "../platform/config.ts";
import type { DatabaseHandle } from "../platform/db/client.ts";
import { createLogger } from "../platform/log.ts";
import { openTestDatabase } from "../tests/support/test-database.ts";
import { prepareDatabase } from "./startup.ts";

let database: DatabaseHandle;
const log = createLogger("silent");
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const demoRow = async () =>
  (await database.db.select().from(students).where(eq(students.email, DEMO_STUDENT.email)))[0] ?? undefined;

describe("what a start seeds", () => {
  it("by default: the demo catalogue, and no account with a published password", async () => {
    const prepared = await prepareDatabase(loadConfig({}), database, log);
    // A new database: the reports' facts are built once (decision 0023); the next start finds them built.
    expect(prepared).toEqual({ catalogue: "already there", demoStudent: "none", reportFacts: "rebuilt" });
    expect((await prepareDatabase(loadConfig({}), database, log)).reportFacts).toBe("up to date");
    expect(await demoRow()).toBeUndefined();
  });

  it("for a local trial that asks for it: the demo student, who can log in with the README's password", async () => {
    const prepared = await prepareDatabase(loadConfig({ DEMO_STUDENT: "true" }), database, log);
    expect(prepared.demoStudent).toBe("created");
    const row = await demoRow();
    expect(row && (await verify(row.passwordHash, DEMO_STUDENT.password))).toBe(true);
    expect((await prepareDatabase(loadConfig({ DEMO_STUDENT: "true" }), database, log)).demoStudent).toBe("already there");
  });

  it("at an https address: that trial's demo student no longer opens with the published password", async () => {
    const prepared = await prepareDatabase(loadConfig({ PUBLIC_URL: "https://ignite.example" }), database, log);
    expect(prepared.demoStudent).toBe("locked");
    const row = await demoRow();
    expect(row && (await verify(row.passwordHash, DEMO_STUDENT.password))).toBe(false);
    const again = await prepareDatabase(loadConfig({ PUBLIC_URL: "https://ignite.example" }), database, log);
    expect(again.demoStudent).toBe("none");
  });

  it("refuses to start a demo student at an https address", () => {
    expect(() => loadConfig({ DEMO_STUDENT: "true", PUBLIC_URL: "https://ignite.example" })).toThrow(ConfigError);
    expect(() => loadConfig({ DEMO_STUDENT: "true", PUBLIC_URL: "https://ignite.example" })).toThrow(/DEMO_STUDENT:/);
  });
});
