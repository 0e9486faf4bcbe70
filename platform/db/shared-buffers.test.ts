import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sharedBuffersMb } from "./client.ts";

/** PGlite's shared buffers follow the database's size (decision 0033): resident from the start, so no more than it needs. */
describe("PGlite's shared buffers", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "ignite-buffers-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  /** A data directory whose base/ holds files of these sizes in MB (sparse: they take no disk). */
  function dataDir(name: string, sizesMb: number[]) {
    const base = path.join(folder, name, "base", "5");
    mkdirSync(base, { recursive: true });
    sizesMb.forEach((mb, i) => {
      const file = path.join(base, String(16_384 + i));
      writeFileSync(file, "");
      truncateSync(file, mb * 1024 * 1024);
    });
    return path.join(folder, name);
  }

  it("start at 8 MB for a new database, one in memory and one as small as the demo catalogue", () => {
    expect(sharedBuffersMb("memory://")).toBe(8);
    expect(sharedBuffersMb(path.join(folder, "not-yet-created"))).toBe(8);
    expect(sharedBuffersMb(dataDir("demo", [20, 10, 5]))).toBe(9);
  });

  it("are a quarter of the database's files in between, and at most 32 MB for the large catalogue", () => {
    expect(sharedBuffersMb(dataDir("medium", [40, 40]))).toBe(20);
    expect(sharedBuffersMb(dataDir("large", [100, 50, 30]))).toBe(32);
  });
});
