import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Two projects (decision 0052): `unit` runs the pure `*.test.ts` files with nothing set up (seconds,
 * `npm run test:unit`); `integration` runs the `*.integration.test.ts` files, each on its own copy of a
 * migrated and seeded template that the global setup keeps between runs while its inputs are unchanged.
 */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    exclude: ["tests/e2e/**", "node_modules/**"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Both cores (decision 0052's amendment): Vitest's default keeps one core free for itself.
    maxWorkers: "100%",
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["{modules,platform,server,scripts,tests,vocabulary}/**/*.test.ts", "app/**/*.test.{ts,tsx}"],
          exclude: ["tests/e2e/**", "node_modules/**", "**/*.integration.test.ts"],
          // As in the integration project: a file reuses its worker's imports (decision 0084). No unit file
          // mocks a module, stubs the environment or keeps state between files; a worker serves one project.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["{modules,platform,server,scripts,tests}/**/*.integration.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          // A file reuses its worker's imports instead of loading the whole app again (decision 0052's
          // amendment); each file still opens its own copy of the template database.
          isolate: false,
          // Passwords hashed at a trifle of the site's cost (modules/passwords.ts), which the unit test
          // modules/passwords.test.ts holds to decision 0006.
          env: { TEST_PASSWORD_HASHING: "fast" },
        },
      },
    ],
  },
});
