// A program of ours compiled into one JavaScript file, for the tests that start it as a process of its own
// (decision 0084): `node <file>` rather than `node --import tsx <source>`, which compiled every file the
// program loads again at each start (about 2.5 s of CPU for the server's 300 files; a fault test starts
// several). The same esbuild options as the production server's (scripts/build-server.mjs): our files in
// one bundle, the packages loaded from node_modules.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "../..");
/**
 * Two folders below the repository, as build/node/ is: platform/db/client.ts finds the migrations at
 * ../../drizzle from its own file, and packages resolve from the repository's node_modules.
 */
const outDir = path.join(root, ".tmp", "compiled");

/** One compilation per source and worker: a Vitest worker keeps this module between files (isolate: false). */
const compiled = new Map<string, Promise<string>>();

/**
 * The file to run with `node` for `source` (a path from the repository's root, e.g.
 * "tests/support/serve-api.ts"), compiled from the sources as they are now. Stack traces point at our
 * TypeScript files (an inline source map, read for our code only, as build/node/main.mjs does).
 */
export function compiledProgram(source: string): Promise<string> {
  let file = compiled.get(source);
  if (!file) {
    file = compile(source);
    compiled.set(source, file);
    file.catch(() => compiled.delete(source));
  }
  return file;
}

async function compile(source: string): Promise<string> {
  const result = await build({
    entryPoints: [path.join(root, source)],
    outfile: path.join(outDir, "program.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    packages: "external",
    sourcemap: "inline",
    write: false,
    logLevel: "warning",
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error(`esbuild wrote nothing for ${source}`);
  const name = path.basename(source).replace(/\.[cm]?tsx?$/, "");
  const version = createHash("sha256").update(code).digest("hex").slice(0, 16);
  const program = path.join(outDir, `${name}-${version}.mjs`);
  const start = path.join(outDir, `${name}-${version}.start.mjs`);
  if (!existsSync(start)) {
    mkdirSync(outDir, { recursive: true });
    // Written whole under a name of this process, then renamed: another worker may be writing the same.
    const partial = `.${process.pid}.partial`;
    writeFileSync(program + partial, code);
    renameSync(program + partial, program);
    writeFileSync(
      start + partial,
      `import module from "node:module";\nmodule.setSourceMapsSupport?.(true, { nodeModules: false, generatedCode: false });\nawait import(${JSON.stringify(`./${path.basename(program)}`)});\n`,
    );
    renameSync(start + partial, start);
    // Earlier versions of the same program go.
    const versionOf = new RegExp(`^${name}-([0-9a-f]{16})\\.(start\\.)?mjs$`);
    for (const file of readdirSync(outDir))
      if (versionOf.exec(file)?.[1] && versionOf.exec(file)?.[1] !== version) rmSync(path.join(outDir, file), { force: true });
  }
  return start;
}
