import { sql } from "drizzle-orm";
import { seedDemoCatalogue } from "../modules/catalogue/seed.ts";
import { readConsoleSettings } from "../modules/console-settings.ts";
import { seedReferenceCosts } from "../modules/costs/costs.ts";
import { ensureReportFacts } from "../modules/reports/report-facts.ts";
import { seedReferenceScholarships } from "../modules/scholarships/scholarships.ts";
import { lockDemoStudent, seedDemoStudent } from "../modules/students/demo.ts";
import { seedVisaReference } from "../modules/visas/visas.ts";
import type { Config } from "../platform/config.ts";
import type { DatabaseHandle } from "../platform/db/client.ts";
import type { Logger } from "../platform/log.ts";

/** What a start did to the data, said in one log line so an operator knows what the site holds. */
export interface Prepared {
  catalogue: "seeded" | "already there" | "not asked for";
  demoStudent: "created" | "already there" | "locked" | "none";
  /** The reports' facts (decision 0023): rebuilt on a new database or for new definitions. */
  reportFacts: "rebuilt" | "up to date";
}

/** Migrates, seeds what the configuration asks for, and makes sure a public site has no known password. */
export async function prepareDatabase(config: Config, database: DatabaseHandle, log: Logger): Promise<Prepared> {
  // Several instances starting at once take turns; the later ones find the work done, and say why they wait.
  const prepared = await database.exclusively(
    () => prepare(config, database),
    (waitedMs) =>
      log.warn(
        { waitedMs },
        "waiting for another instance to finish migrating and seeding the database (it holds the start-up lock)",
      ),
  );
  log.info(prepared, "data prepared");
  return prepared;
}

async function prepare(config: Config, database: DatabaseHandle): Promise<Prepared> {
  await database.migrate();
  const prepared: Prepared = { catalogue: "not asked for", demoStudent: "none", reportFacts: "up to date" };
  if (config.seed === "demo") prepared.catalogue = (await seedDemoCatalogue(database.db)) ? "seeded" : "already there";
  if (config.demoStudent) prepared.demoStudent = (await seedDemoStudent(database.db)) ? "created" : "already there";
  else if (config.publicUrl?.startsWith("https:") && (await lockDemoStudent(database.db))) prepared.demoStudent = "locked";
  // Real reference data, whatever SEED says (decision 0025): rates, living costs for the catalogue's
  // countries that have none, and the scholarships when there are none.
  await seedReferenceData(database);
  // The reports' kept-up-to-date facts, built on a new database or after their definitions changed
  // (decision 0023), so that the first dashboard after a deploy does not wait for it.
  prepared.reportFacts = (await ensureReportFacts(database.db, await readConsoleSettings(database.db)))
    ? "rebuilt"
    : "up to date";
  // PGlite has no autovacuum daemon: refresh the planner's statistics at each start.
  if (database.kind === "pglite") await database.db.execute(sql`analyze`);
  return prepared;
}

/** The exchange rates, living costs and scholarships a new database starts with (decision 0025); adds only what is missing. */
export async function seedReferenceData(database: Pick<DatabaseHandle, "db">): Promise<void> {
  await seedReferenceCosts(database.db);
  await seedReferenceScholarships(database.db);
  await seedVisaReference(database.db);
}
