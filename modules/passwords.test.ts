import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hashPassword, passwordHashing, passwordMatches } from "./passwords.ts";

const root = path.resolve(import.meta.dirname, "..");
/** The parameters in a stored hash: algorithm, version, memory, passes and lanes. */
const siteParameters = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

describe("passwords", () => {
  it("are hashed with argon2id at decision 0006's costs: 19 MiB, two passes, one lane", async () => {
    expect(passwordHashing).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const stored = await hashPassword("a-long-Secret-1");
    expect(stored).toMatch(siteParameters);
    expect(await passwordMatches(stored, "a-long-Secret-1")).toBe(true);
    expect(await passwordMatches(stored, "a-long-Secret-2")).toBe(false);
    expect(await passwordMatches(undefined, "a-long-Secret-1")).toBe(false);
  });

  it("keep those costs outside Vitest even when the integration tests' cheap cost is asked for", () => {
    const { VITEST: _vitest, ...outside } = process.env;
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "--eval", 'import("./modules/passwords.ts").then(async (p) => console.log(await p.hashPassword("x")))'],
      { cwd: root, encoding: "utf8", env: { ...outside, TEST_PASSWORD_HASHING: "fast" } },
    );
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(siteParameters);
  });
});
