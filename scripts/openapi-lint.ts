// Writes the OpenAPI document the server publishes and lints it with Redocly's recommended rules,
// so client generators can read it. Part of `npm test`; exits non-zero on any lint error. The rule set
// is named here (`--extends=recommended`), so a redocly.yaml added later cannot quietly change it; the
// warnings it leaves are the spec's own catalogue paths (no-ambiguous-paths) and lists that cannot
// fail as a client's mistake (operation-4xx-response). The document is read from the app's routes
// (decision 0054), so the app is built here over an empty database in memory; the script exits without
// waiting for that database to finish starting, as nothing needs it.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../platform/config.ts";
import { openPglite } from "../platform/db/client.ts";
import { createLogger } from "../platform/log.ts";
import { openApiDocument } from "../server/api/openapi.ts";
import { createApp } from "../server/app.ts";

const root = path.resolve(import.meta.dirname, "..");
const file = path.join(root, ".tmp", "openapi.json");
const database = openPglite("memory://");
const { app, close } = createApp({ config: loadConfig({ SEED: "none" }), database, log: createLogger("silent") });
const document = await openApiDocument(app);
await close();
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, JSON.stringify(document, null, 2));
const result = spawnSync("npx", ["redocly", "lint", file, "--extends=recommended", "--format=summary"], {
  cwd: root,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
