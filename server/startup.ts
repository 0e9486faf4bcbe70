import { sql } from "drizzle-orm";
import { seedDemoCatalogue } from "../modules/catalogue/seed.ts";
import { readConsoleSettings } from "../modules/console-settings.ts";
import { ensureReportFacts } from "../modules/staff/report-facts.ts";
import { failInterruptedImports } from "../modules/staff/staff.ts";
import { lockDemoStudent, seedDemoStudent } from "../modules/students/demo.ts";
import type { Config } from "../platform/config.ts";
import type { DatabaseHandle } from "../platform/db/client.ts";
import type { Logger } from "../platform/log.ts";

/** What a start did to the data, said in one log line so an operator knows what the site holds. */
export interface Prepared {
  catalogue: "seeded" | "already there" | "not asked for";
  demoStudent: "created" | "already there" | "locked" | "none";
}

/** Migrates, seeds what the configuration asks for, and makes sure a public site has no known password. */
export async function prepareDatabase(config: Config, database: DatabaseHandle, log: Logger): Promise<Prepared> {
  // Several instances starting at once take turns; the later ones find the work done.
  const prepared = await database.exclusively(() => prepare(config, database, log));
  log.info(prepared, "data prepared");
  return prepared;
}

async function prepare(config: Config, database: DatabaseHandle, log: Logger): Promise<Prepared> {
  await database.migrate();
  const prepared: Prepared = { catalogue: "not asked for", demoStudent: "none" };
  if (config.seed === "demo") prepared.catalogue = (await seedDemoCatalogue(database.db)) ? "seeded" : "already there";
  if (config.demoStudent) prepared.demoStudent = (await seedDemoStudent(database.db)) ? "created" : "already there";
  else if (config.publicUrl?.startsWith("https:") && (await lockDemoStudent(database.db))) prepared.demoStudent = "locked";
  // A catalogue import's dry run or apply cut off by the restart will not resume: say so (decision 0020).
  // On PostgreSQL another instance may be running one right now: only those silent for ten minutes.
  const interrupted = await failInterruptedImports(
    database.db,
    database.kind === "pglite" ? undefined : new Date(Date.now() - 10 * 60_000),
  );
  if (interrupted) log.warn({ imports: interrupted }, "catalogue imports interrupted by the restart are marked failed");
  // The reports' kept-up-to-date facts, built on a new database or after their definitions changed
  // (decision 0023), so that the first dashboard after a deploy does not wait for it.
  if (await ensureReportFacts(database.db, await readConsoleSettings(database.db))) log.info("report facts rebuilt");
  // PGlite has no autovacuum daemon: refresh the planner's statistics at each start.
  if (database.kind === "pglite") await database.db.execute(sql`analyze`);
  return prepared;
}
