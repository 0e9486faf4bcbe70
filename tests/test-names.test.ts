import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A test file's name says what it needs (cal.com's habit): `*.integration.test.ts` opens a database (a
 * PGlite copy of the run's template, or PostgreSQL when TEST_DATABASE_URL is set, which CI runs them on
 * again); `*.test.ts` is pure and needs nothing running. `npx vitest run integration` runs the first kind.
 */
const root = path.resolve(import.meta.dirname, "..");
/** What opens a database or the app over one: the test database, the app, the server launchers, the clients. */
const needsDatabase =
  /\b(openTestDatabase|openScratchPostgres|openPglite|openPostgres|createTestApp|startServerProcess)\b|\bnew PGlite\(|support\/serve-api\.ts|support\/test-app\.ts/;

function testFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    if (statSync(path.join(root, relative)).isDirectory())
      return ["node_modules", "e2e", "+types"].includes(name) ? [] : testFiles(relative);
    return /\.test\.tsx?$/.test(name) ? [relative] : [];
  });
}

const files = ["app", "modules", "platform", "scripts", "server", "tests"]
  .flatMap(testFiles)
  .filter((file) => file !== path.relative(root, import.meta.filename));

describe("test files are named by what they need", () => {
  it("finds the test files, both kinds", () => {
    expect(files.filter((f) => f.includes(".integration.test.")).length).toBeGreaterThan(20);
    expect(files.filter((f) => !f.includes(".integration.test.")).length).toBeGreaterThan(10);
  });

  it("a test that opens a database is named *.integration.test.ts, and one named so opens one", () => {
    const misnamed = files.filter((file) => {
      const integration = file.includes(".integration.test.");
      const opens = needsDatabase.test(readFileSync(path.join(root, file), "utf8"));
      return integration ? !opens : opens;
    });
    expect(misnamed).toEqual([]);
  });
});
