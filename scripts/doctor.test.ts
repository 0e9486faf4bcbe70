import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { checkForProduction } from "../platform/doctor.ts";

const root = path.resolve(import.meta.dirname, "..");
const run = promisify(execFile);

/** A site ready for students: https, real mail, a bucket beside Redis, a strong admin password. */
const safe: NodeJS.ProcessEnv = {
  PUBLIC_URL: "https://ignite.example",
  SMTP_URL: "smtps://mailer:secret@smtp.example.in:465",
  DATABASE_URL: "postgres://ignite:secret@db.internal:5432/ignite",
  REDIS_URL: "redis://cache.internal:6379",
  STORAGE_URL: "s3://uploads-bucket?region=ap-south-1",
  ADMIN_EMAIL: "priya.nair@ignite.example",
  ADMIN_PASSWORD: "tamarind-Kochi-monsoon-58-ledger",
  METRICS_TOKEN: "0f8a2c41d9e7b6a5c3d2e1f0a9b8c7d6",
  SEED: "none",
};

/** `npm run doctor` itself, in exactly the environment given (PATH aside): its exit code and what it printed. */
async function doctor(env: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/doctor.ts"], {
      cwd: root,
      env: { PATH: process.env.PATH, ...env },
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: failed.stdout };
  }
}

const unsafeVariables = (env: NodeJS.ProcessEnv) =>
  checkForProduction(env)
    .filter((finding) => finding.level === "unsafe")
    .map((finding) => finding.variable);

describe("npm run doctor", () => {
  it("passes a production environment, and fails the bare local one naming what is missing", async () => {
    const ready = await doctor(safe);
    expect(ready.code).toBe(0);
    expect(ready.out).toContain("Nothing unsafe found for production.");

    const local = await doctor({});
    expect(local.code).toBe(1);
    expect(local.out).toMatch(/UNSAFE {2}PUBLIC_URL: not set/);
    expect(local.out).toMatch(/UNSAFE {2}SMTP_URL: not set: mail .* is written to \.\/data\/outbox/);
    expect(local.out).toContain("2 unsafe for production");
  }, 30_000);

  it("fails an http address, the demo student, and a weak admin password without printing it", async () => {
    const weak = await doctor({ ...safe, PUBLIC_URL: "http://ignite.example", ADMIN_PASSWORD: "Password@1234" });
    expect(weak.code).toBe(1);
    expect(weak.out).toContain("UNSAFE  PUBLIC_URL: is http");
    expect(weak.out).toContain("UNSAFE  ADMIN_PASSWORD: is weak");
    expect(weak.out).not.toContain("Password@1234");

    // An https PUBLIC_URL refuses the demo student outright (the server would not start): said too.
    expect(unsafeVariables({ ...safe, PUBLIC_URL: "http://ignite.example", DEMO_STUDENT: "true" })).toEqual([
      "PUBLIC_URL",
      "DEMO_STUDENT",
    ]);
    expect(unsafeVariables({ ...safe, DEMO_STUDENT: "true" })).toEqual(["DEMO_STUDENT"]);
  }, 30_000);

  it("fails files on a local disk when several instances share Redis", () => {
    expect(unsafeVariables({ ...safe, STORAGE_URL: undefined })).toEqual(["STORAGE_URL"]);
    // One instance without Redis may keep its files on its disk.
    expect(unsafeVariables({ ...safe, STORAGE_URL: undefined, REDIS_URL: undefined })).toEqual([]);
  });

  it("reads admin passwords built on the e-mail or the site's name as weak, and a long random one as strong", () => {
    for (const password of ["priya.nair@2026", "ignite-admin-2026", "qwertyuiop123", "Welcome@12345"])
      expect(unsafeVariables({ ...safe, ADMIN_PASSWORD: password }), password).toEqual(["ADMIN_PASSWORD"]);
    expect(unsafeVariables({ ...safe, ADMIN_PASSWORD: "v7#Qm2!xR9pL4sKz" })).toEqual([]);
  });

  it("gives advice without failing: PGlite, no metrics token, the demo catalogue", () => {
    const findings = checkForProduction({ ...safe, DATABASE_URL: undefined, METRICS_TOKEN: undefined, SEED: "demo" });
    expect(findings.map((f) => `${f.level} ${f.variable}`)).toEqual([
      "advice DATABASE_URL",
      "advice METRICS_TOKEN",
      "advice SEED",
    ]);
  });

  it("names a value the server would refuse, without showing a secret", () => {
    const findings = checkForProduction({ ...safe, ADMIN_PASSWORD: undefined, REDIS_URL: "http://wrong:hunter2@cache" });
    expect(findings.every((f) => f.level === "unsafe")).toBe(true);
    expect(findings.map((f) => f.variable)).toEqual(["REDIS_URL"]);
    expect(JSON.stringify(findings)).not.toContain("hunter2");
  });
});
