/**
 * `npm run relevance`: the judged query set (modules/catalogue/search-relevance.ts) searched on the demo
 * catalogue, in a PGlite database in memory with the in-process index (decision 0026). Prints success at 3,
 * the zero-result rate and each failed query with its first results; exits 1 below 90% success at 3.
 *
 *   npm run relevance                 the index
 *   npm run relevance -- --database   the database fallback (no index)
 *   npm run relevance -- --data-dir .tmp/bench-data
 *                                     a PGlite data directory instead, e.g. the bench's large catalogue
 */
import path from "node:path";
import { createCatalogueMirror } from "../modules/catalogue/catalogue-mirror.ts";
import { searchCourses } from "../modules/catalogue/search-courses.ts";
import { measureRelevance, RELEVANCE_TARGET } from "../modules/catalogue/search-relevance.ts";
import { seedDemoCatalogue } from "../modules/catalogue/seed.ts";
import { openPglite } from "../platform/db/client.ts";

const write = (line: string) => process.stdout.write(`${line}\n`);
const fromDatabase = process.argv.includes("--database");
const dataDirAt = process.argv.indexOf("--data-dir");
const dataDir = dataDirAt > 0 ? process.argv[dataDirAt + 1] : undefined;
const handle = openPglite(dataDir ? path.join(dataDir, "pgdata") : "memory://");
await handle.migrate();
if (!dataDir) await seedDemoCatalogue(handle.db);
const mirror = fromDatabase ? undefined : createCatalogueMirror(handle.db, undefined, { pollMs: 60_000 });
await mirror?.ready();
const report = await measureRelevance((term) => searchCourses(handle.db, term, 1, mirror));
for (const failure of report.failures) {
  write(`✗ ${failure.q} (${failure.total} results)`);
  for (const line of failure.top) write(`    ${line}`);
}
const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
write(
  `${report.queries} judged queries on ${dataDir ? `the catalogue in ${dataDir}` : "the demo catalogue"} (${fromDatabase ? "database" : "index"})`,
);
write(`success at 3: ${percent(report.successAt3)} (target ${percent(RELEVANCE_TARGET)})`);
write(`zero-result rate: ${percent(report.zeroResultRate)}`);
mirror?.stop();
await handle.close();
process.exitCode = report.successAt3 >= RELEVANCE_TARGET ? 0 : 1;
