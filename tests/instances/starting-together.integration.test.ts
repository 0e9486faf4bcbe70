import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { demoCountries } from "../../modules/catalogue/demo/countries.ts";
import { loadConfig } from "../../platform/config.ts";
import { type DatabaseHandle, openPostgres, queryRows } from "../../platform/db/client.ts";
import { createLogger } from "../../platform/log.ts";
import { prepareDatabase } from "../../server/startup.ts";
import { openScratchPostgres } from "../support/test-database.ts";

const handles: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of handles.reverse()) await handle.close();
});

it("three instances starting together on an empty database migrate and seed it once", async () => {
  const database = await openScratchPostgres({ migrate: false });
  handles.push(database);
  const others = [openPostgres(database.url, { max: 2 }), openPostgres(database.url, { max: 2 })];
  handles.push(...others);
  const config = loadConfig({ SEED: "demo", DATABASE_URL: database.url });
  const log = createLogger("silent");
  const results = await Promise.all([database, ...others].map((handle) => prepareDatabase(config, handle, log)));
  expect(results.map((r) => r.catalogue).sort()).toEqual(["already there", "already there", "seeded"]);
  const [counts] = await queryRows<{ countries: number; universities: number }>(
    database.db,
    sql`select (select count(*)::int from countries) as countries, (select count(*)::int from universities) as universities`,
  );
  expect(counts?.countries).toBe(demoCountries.length);
  // One seeding's worth: no university twice.
  const [duplicates] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from (select name, country_id from universities group by 1, 2 having count(*) > 1) d`,
  );
  expect(duplicates?.n).toBe(0);
  expect(counts?.universities).toBeGreaterThan(0);
}, 120_000);
