// The server stops with a message naming the problem when it runs on a Node older than package.json's
// `engines` (decision 0033): `npm start` runs it on the Node that `npm install` brought, but a process
// manager or a container may start build/node/main.mjs with another one.
import packageJson from "../package.json" with { type: "json" };

const parts = (version: string) =>
  [...version.replace(/^v/, "").split("."), "0", "0"].slice(0, 3).map((part) => Number.parseInt(part, 10));

/** What is wrong with running on Node `version` when `engines` (">=X.Y.Z") is required, or undefined. */
export function runtimeProblem(version: string, engines: string = packageJson.engines.node): string | undefined {
  const minimum = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(engines)?.[1];
  if (!minimum) return `package.json engines.node must read ">=X.Y.Z", not "${engines}"`;
  const [a, b] = [parts(version), parts(minimum)];
  for (let i = 0; i < 3; i++) {
    if ((a[i] ?? 0) > (b[i] ?? 0)) return undefined;
    if ((a[i] ?? 0) < (b[i] ?? 0))
      return (
        `Ignite needs Node.js ${minimum} or newer (package.json "engines"); this is Node ${version.replace(/^v/, "")}. ` +
        "Start it with npm start (npm install brings a supported Node into node_modules/.runtime/ and npm scripts use it), " +
        "or install Node 24 (a version manager reads .node-version; a container starts FROM node:24-bookworm-slim)."
      );
  }
  return undefined;
}

const problem = runtimeProblem(process.versions.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
