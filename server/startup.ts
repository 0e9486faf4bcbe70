import { sql } from "drizzle-orm";
import { seedDemoCatalogue } from "../modules/catalogue/seed.ts";
import { digestDue, failInterruptedImports, type StaffService } from "../modules/staff/staff.ts";
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
  await database.migrate();
  const prepared: Prepared = { catalogue: "not asked for", demoStudent: "none" };
  if (config.seed === "demo") prepared.catalogue = (await seedDemoCatalogue(database.db)) ? "seeded" : "already there";
  if (config.demoStudent) prepared.demoStudent = (await seedDemoStudent(database.db)) ? "created" : "already there";
  else if (config.publicUrl?.startsWith("https:") && (await lockDemoStudent(database.db))) prepared.demoStudent = "locked";
  // A catalogue import's dry run or apply cut off by the restart will not resume: say so (decision 0020).
  const interrupted = await failInterruptedImports(database.db);
  if (interrupted) log.warn({ imports: interrupted }, "catalogue imports interrupted by the restart are marked failed");
  // PGlite has no autovacuum daemon: refresh the planner's statistics at each start.
  if (database.kind === "pglite") await database.db.execute(sql`analyze`);
  log.info(prepared, "data prepared");
  return prepared;
}

/**
 * Runs the staff's daily digest every ten minutes once the IST hour has passed (an unref'd timer, so it
 * never keeps the process alive); sendDailyDigests sends each member's at most once a day.
 */
export function scheduleDailyDigests(
  staff: Pick<StaffService, "sendDailyDigests">,
  hourIst: number,
  log: Logger,
  everyMs = 10 * 60 * 1000,
): NodeJS.Timeout {
  const run = () => {
    const now = new Date();
    if (!digestDue(now, hourIst)) return;
    staff
      .sendDailyDigests(now)
      .then(({ sent }) => {
        if (sent) log.info({ sent }, "daily task digests sent");
      })
      .catch((error) => log.error({ err: error }, "daily task digests failed"));
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return timer;
}
