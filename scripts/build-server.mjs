// Compiles the server (server/main.ts and everything it imports of ours) into one JavaScript file,
// build/node/main.mjs, so production runs plain Node: no TypeScript compiler in memory at run time.
// Packages stay in node_modules (not bundled). Source maps keep stack traces pointing at our files.
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
await build({
  entryPoints: [path.join(root, "server/main.ts")],
  outfile: path.join(root, "build/node/main.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
});
process.stdout.write("compiled the server into build/node/main.mjs\n");
