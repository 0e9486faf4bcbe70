// The Node.js that runs Ignite (decision 0033). `npm install` runs this file (postinstall) with the
// machine's Node, whatever its age: when that Node is older than package.json's `engines`, it brings the
// version named in `.node-version` from the npm registry (the `node-<platform>-<arch>` package, which
// carries the official binary) into `node_modules/.runtime/` (npm leaves
// folders starting with a dot alone; removing node_modules removes it too), and links it as `node_modules/.bin/node`. npm puts
// `node_modules/.bin` first on the PATH of every npm script and of `npx`, so `npm start`, `npm test`,
// the build and every tool's `#!/usr/bin/env node` then run on it. A machine whose own Node is new
// enough keeps using it (no download). Written for old Nodes too: no syntax or API newer than Node 18.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** The version `npm install` brings when the machine's Node is too old (`.node-version`, for version managers too). */
export const wantedNode = readFileSync(path.join(root, ".node-version"), "utf8").trim();

/** The oldest Node that runs Ignite: package.json's `engines.node`, which must read `>=X.Y` or `>=X.Y.Z`. */
export const minimumNode = (() => {
  const range = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).engines.node;
  const match = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(range);
  if (!match) throw new Error(`package.json engines.node must read ">=X.Y.Z", not "${range}"`);
  return match[1];
})();

const parts = (version) => [...version.replace(/^v/, "").split("."), "0", "0"].slice(0, 3).map(Number);

/** Whether `version` (e.g. "24.11.0" or "v20.20.2") is at least `minimum`. */
export function isAtLeast(version, minimum = minimumNode) {
  const a = parts(version);
  const b = parts(minimum);
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
}

/**
 * Says what is wrong and stops when this process runs on a Node older than `engines`; `what` names the
 * program (the server, the tests). Called first by the server, `npm start` and `npm test`.
 */
export function requireSupportedNode(what = "Ignite") {
  if (isAtLeast(process.versions.node)) return;
  process.stderr.write(
    `${what} needs Node.js ${minimumNode} or newer (package.json "engines"); this is Node ${process.versions.node} ` +
      `(${process.execPath}), past its end of life or too old for React Router 8 and pg-boss 12.\n` +
      "Run it through npm (`npm install` brings Node " +
      `${wantedNode} into node_modules/.runtime/ and npm start / npm test use it), or install Node ${wantedNode.split(".")[0]} ` +
      "(a version manager reads .node-version; a container starts FROM node:" +
      `${wantedNode.split(".")[0]}-bookworm-slim).\n`,
  );
  process.exit(1);
}

const runtimeDir = path.join(root, "node_modules", ".runtime");
const link = path.join(root, "node_modules", ".bin", "node");

function linkedRuntime() {
  try {
    return lstatSync(link).isSymbolicLink() ? readlinkSync(link) : undefined;
  } catch {
    return undefined;
  }
}

function install() {
  const runningOurs = realpathSync(process.execPath).startsWith(path.join(realpathSync(root), "node_modules", ".runtime", ""));
  if (!runningOurs && isAtLeast(process.versions.node)) {
    // The machine's own Node is supported: use it, and drop a link an older Node needed.
    if (linkedRuntime()?.includes(".runtime")) rmSync(link);
    process.stdout.write(`Ignite runs on this machine's Node ${process.versions.node} (needs ${minimumNode}+).\n`);
    return;
  }
  const pkg = `node-${process.platform}-${process.arch}`;
  const target = path.join(runtimeDir, `${pkg}-${wantedNode}`);
  const binary = path.join(target, "bin", "node");
  if (!existsSync(binary)) {
    process.stdout.write(
      `This machine's Node ${process.versions.node} is older than ${minimumNode}: fetching Node ${wantedNode} (${pkg}) from the npm registry into node_modules/.runtime/\n`,
    );
    mkdirSync(runtimeDir, { recursive: true });
    // Beside the target, so that the finished folder is renamed into place on the same file system.
    const work = mkdtempSync(path.join(runtimeDir, ".download-"));
    try {
      // npm pack fetches through npm's own registry settings and cache and checks the tarball's integrity
      // (a version is immutable, so a cached copy is taken without asking the registry again).
      const packed = JSON.parse(
        execFileSync(
          "npm",
          ["pack", `${pkg}@${wantedNode}`, "--json", "--silent", "--prefer-offline", "--pack-destination", work],
          {
            cwd: work,
            encoding: "utf8",
            stdio: ["ignore", "pipe", "inherit"],
          },
        ),
      );
      const unpacked = path.join(work, "unpacked");
      mkdirSync(unpacked);
      // The binary and its licence only: the package also carries npm, corepack and C headers (189 MB in all).
      const wanted = ["package/bin/node", "package/LICENSE", "package/README.md"];
      execFileSync("tar", ["-xzf", path.join(work, packed[0].filename), "-C", unpacked, "--strip-components=1", ...wanted]);
      rmSync(target, { recursive: true, force: true });
      renameSync(unpacked, target);
    } catch (error) {
      process.stderr.write(
        `Could not fetch ${pkg}@${wantedNode} (${error.message}). Install Node ${wantedNode.split(".")[0]} yourself ` +
          "(a version manager reads .node-version) and run npm install again.\n",
      );
      process.exit(1);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const version = execFileSync(binary, ["--version"], { encoding: "utf8" }).trim();
  mkdirSync(path.dirname(link), { recursive: true });
  rmSync(link, { force: true });
  symlinkSync(path.relative(path.dirname(link), binary), link);
  process.stdout.write(`npm scripts run on Node ${version} (node_modules/.bin/node -> ${path.relative(root, binary)}).\n`);
}

if (process.argv[2] === "install") install();
