// Writes the OpenAPI document the server publishes and lints it with Redocly's recommended rules,
// so client generators can read it. Part of `npm test`; exits non-zero on any lint error. The rule set
// is named here (`--extends=recommended`), so a redocly.yaml added later cannot quietly change it; the
// warnings it leaves are the spec's own catalogue paths (no-ambiguous-paths) and lists that cannot
// fail as a client's mistake (operation-4xx-response).
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openApiDocument } from "../server/api/openapi.ts";

const root = path.resolve(import.meta.dirname, "..");
const file = path.join(root, ".tmp", "openapi.json");
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, JSON.stringify(openApiDocument(), null, 2));
const result = spawnSync("npx", ["redocly", "lint", file, "--extends=recommended", "--format=summary"], {
  cwd: root,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
