// `npm test`: lint, typecheck, the OpenAPI lint and the production build side by side, then unit and
// integration tests (Vitest), then the browser tests (Playwright on that build). Ends with the line `N passed, N failed`.
// `--suite=database` runs only the Vitest project `integration`, the `*.integration.test.ts` files that open
// a database (CI runs them again on PostgreSQL; the pure `unit` files need no second pass).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { requireSupportedNode } from "./runtime.mjs";

requireSupportedNode("npm test");

const root = path.resolve(import.meta.dirname, "..");
const tmp = path.join(root, ".tmp");
mkdirSync(tmp, { recursive: true });
const databaseOnly = process.argv.includes("--suite=database");
let passed = 0;
let failed = 0;
/** What failed, by name, printed again just above the summary so the last lines of a long log name it. */
const failures = [];

function run(title, command, args, env = {}) {
  process.stdout.write(`\n=== ${title} ===\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function counted(title, command, args, reportFile, read, env) {
  rmSync(reportFile, { force: true });
  const ok = run(title, command, args, env);
  if (!existsSync(reportFile)) {
    failed += 1;
    failures.push(`FAILED: ${title} (no report written)`);
    return;
  }
  const counts = read(JSON.parse(readFileSync(reportFile, "utf8")));
  passed += counts.passed;
  failed += counts.failed;
  failures.push(...counts.names.map((name) => `FAILED: ${name}`));
  if (!ok && counts.failed === 0) {
    failed += 1;
    failures.push(`FAILED: ${title} (exited with an error)`);
  }
}

/** Vitest's JSON report: each failed test as "file > describe > test". */
function vitestFailures(report) {
  return report.testResults.flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = file.assertionResults.filter((t) => t.status === "failed");
    if (tests.length === 0 && file.status === "failed") return [`${where} (the file did not run)`];
    return tests.map((t) => `${where} > ${t.fullName}`);
  });
}

/** Playwright's JSON report: the specs whose outcome was "unexpected". */
function playwrightOutcomes(suite, outcome, into = []) {
  for (const spec of suite.specs ?? []) {
    if (spec.tests.some((t) => t.status === outcome)) into.push(`${spec.file} > ${spec.title}`);
  }
  for (const child of suite.suites ?? []) playwrightOutcomes(child, outcome, into);
  return into;
}

const vitestReport = path.join(tmp, "vitest.json");
const readVitest = (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests, names: vitestFailures(r) });

/**
 * Runs independent commands side by side (the machine has two cores and each of these mostly uses one),
 * each one's output kept and printed whole under its title once it ends, in the order given.
 */
async function together(commands) {
  const finished = commands.map(
    ({ title, command, args }) =>
      new Promise((resolve) => {
        const child = spawn(command, args, { cwd: root, env: process.env });
        const output = [];
        child.stdout.on("data", (chunk) => output.push(chunk));
        child.stderr.on("data", (chunk) => output.push(chunk));
        child.on("close", (code) => resolve({ title, ok: code === 0, output: Buffer.concat(output) }));
        // A command that cannot start (not found, not executable) fails its check rather than the runner.
        child.on("error", (error) =>
          resolve({
            title,
            ok: false,
            output: Buffer.concat([...output, Buffer.from(`could not run ${command}: ${error.message}\n`)]),
          }),
        );
      }),
  );
  const results = [];
  for (const result of finished) {
    const { title, ok, output } = await result;
    process.stdout.write(`\n=== ${title} ===\n`);
    process.stdout.write(output);
    results.push({ title, ok });
  }
  return results;
}

/** The static checks and the production build, side by side: none reads what another writes. */
let built = false;
if (!databaseOnly) {
  const results = await together([
    { title: "lint (biome)", command: "npx", args: ["biome", "check", "."] },
    { title: "typecheck", command: "npm", args: ["run", "--silent", "typecheck"] },
    { title: "OpenAPI document (redocly lint, recommended rules)", command: "npx", args: ["tsx", "scripts/openapi-lint.ts"] },
    { title: "build", command: "npm", args: ["run", "--silent", "build"] },
  ]);
  for (const { title, ok } of results) {
    if (title === "build") built = ok;
    else if (ok) passed += 1;
    else {
      failed += 1;
      failures.push(`FAILED: ${title}`);
    }
  }
}
counted(
  databaseOnly
    ? `integration (vitest, ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`
    : `unit and integration (vitest, ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`,
  "npx",
  [
    "vitest",
    "run",
    ...(databaseOnly ? ["--project", "integration"] : []),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestReport}`,
  ],
  vitestReport,
  readVitest,
);
if (!databaseOnly) {
  if (built) {
    const playwrightReport = path.join(tmp, "playwright.json");
    counted("browser (playwright)", "npx", ["playwright", "test"], playwrightReport, (r) => ({
      passed: r.stats.expected + r.stats.flaky,
      failed: r.stats.unexpected,
      names: (r.suites ?? []).flatMap((s) => playwrightOutcomes(s, "unexpected")),
    }));
  } else {
    failed += 1;
    failures.push("FAILED: build");
  }
}

if (failures.length > 0) process.stdout.write(`\n${failures.join("\n")}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
