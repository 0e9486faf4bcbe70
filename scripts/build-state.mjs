// Whether the production build is missing or older than the sources: `npm start` and the benches
// rebuild first when it is.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** The compiled server, written last by `npm run build` (scripts/build-server.mjs). */
export const compiledServer = path.join(root, "build/node/main.mjs");

/**
 * Node's flags for the production server. (Stack traces go through our code's source maps by
 * build/node/main.mjs itself, not by `--enable-source-maps`, which reads every package's maps too.)
 * WebAssembly compiled by the baseline compiler only, which keeps PGlite's engine about 50 MB smaller
 * for about a quarter slower queries (no effect on JavaScript or with DATABASE_URL); and the young generation's halves
 * capped at 8 MB (V8's default lets them grow to 16): 251 → 230 MB resident after start with the demo
 * catalogue, for about 5% more CPU per uncached page (decision 0021); and `gc()` for the server to
 * collect once after it reads the catalogue into memory (server/services.ts), so an idle server does not
 * keep the reading's garbage.
 */
export const serverNodeFlags = ["--liftoff-only", "--max-semi-space-size=8", "--expose-gc"];

/**
 * The production server's environment on top of the caller's: React and other packages pick their
 * production builds only when NODE_ENV says so at load (their development builds render pages several
 * times slower).
 */
export const serverEnvironment = (env = process.env) => ({
  // glibc's malloc otherwise keeps what the start freed (the catalogue's reading, PGlite's seeding) for
  // later: at its default threshold, fixed, it gives memory back to the system (216 against 232-240 MB
  // resident after start with the demo catalogue). Other C libraries ignore it.
  MALLOC_TRIM_THRESHOLD_: "131072",
  ...env,
  NODE_ENV: "production",
});

const sourceDirs = ["app", "public", "modules", "server", "platform", "vocabulary", "drizzle"];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function buildIsStale() {
  if (!existsSync(compiledServer)) return true;
  const sources = sourceDirs.map((d) => path.join(root, d)).filter(existsSync);
  return Math.max(...sources.map(newestMtime)) > statSync(compiledServer).mtimeMs;
}

/**
 * Resolves once the production server at `base` answers ready with its catalogue mirror built (before
 * that, searches go to the database), `inARow` times in a row: a cluster hands connections round-robin,
 * so several answers in a row cover every instance. Rejects when `server` exits or after `seconds`.
 */
export async function serverReady(base, { server, inARow = 1, seconds = 150 } = {}) {
  let readyInARow = 0;
  for (const until = Date.now() + seconds * 1000; Date.now() < until; ) {
    if (server && server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      const answer = await fetch(`${base}/readyz`);
      if (answer.ok && (await answer.json()).catalogueMirror === "ready") readyInARow += 1;
      else readyInARow = 0;
      if (readyInARow >= inARow) return;
    } catch {
      readyInARow = 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not get ready in ${seconds} s`);
}
