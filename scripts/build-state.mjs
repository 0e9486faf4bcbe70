// Whether the production build is missing or older than the sources: `npm start` and the benches
// rebuild first when it is.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** The compiled server, written last by `npm run build` (scripts/build-server.mjs). */
export const compiledServer = path.join(root, "build/node/main.mjs");

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
