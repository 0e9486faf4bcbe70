// Writes the OpenAPI document the server publishes and lints it with Redocly's recommended rules,
// so client generators can read it. Part of `npm test`; exits non-zero on any lint error. The rule set
// is named here (`--extends=recommended`), so a redocly.yaml added later cannot quietly change it; the
// warnings it leaves are the spec's own catalogue paths (no-ambiguous-paths) and lists that cannot
// fail as a client's mistake (operation-4xx-response). The document is read from the app's routes
// (decision 0054), so the app is built here over an empty database in memory; the script exits without
// waiting for that database to finish starting, as nothing needs it. Then the types a client generator
// (openapi-typescript, https://openapi-ts.dev) writes from the document are compiled with a use of both
// APIs, so a document a generator cannot turn into a compiling client fails here too.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
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
if (result.status !== 0) process.exit(result.status ?? 1);

/** A client's use of the generated types: a catalogue answer and a staff call, typed from the document. */
const clientUse = `
type CourseList = paths["/api/catalogue/search/{term}"]["get"]["responses"][200]["content"]["application/json"];
type Lead = components["schemas"]["Lead"];
export const firstCourseName = (list: CourseList) => list.coursesData[0]?.course_name;
export const leadName = (lead: Lead): string => \`\${lead.firstName} \${lead.lastName}\`;
`;
const clientFile = path.join(root, ".tmp", "openapi-client.ts");
// Through unknown: openapi-typescript's types follow OpenAPI 3.0, whose licence needs a `url`; 3.1 (ours) takes an `identifier`.
writeFileSync(
  clientFile,
  `${astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]))}\n${clientUse}`,
);
const program = ts.createProgram([clientFile], {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  skipLibCheck: true,
});
const problems = ts.getPreEmitDiagnostics(program);
for (const problem of problems) {
  console.error(ts.flattenDiagnosticMessageText(problem.messageText, "\n"));
}
console.log(`client generated from the document: ${problems.length ? `${problems.length} type errors` : "compiles"}`);
process.exit(problems.length ? 1 : 0);
