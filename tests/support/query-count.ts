import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import type { Database, DatabaseHandle } from "../../platform/db/client.ts";

/**
 * The test database seen through a second drizzle instance that writes down every query it sends (drizzle's
 * own logger), for tests of how many queries a read costs (decision 0087). The queries run on the same
 * database: the PGlite instance itself, or a pool of its own on the same PostgreSQL database.
 */
export function countingQueries(handle: DatabaseHandle & { url?: string; client?: PGlite }) {
  const sent: string[] = [];
  const logger = { logQuery: (query: string) => void sent.push(query) };
  const pool = handle.client ? null : new pg.Pool({ connectionString: handle.url, max: 4 });
  // As the app's own pool does (platform/db/client.ts): a connection the server ends while it is idle (the
  // file's database dropped at its end) is left, not thrown as an uncaught error in whatever test runs then.
  pool?.on("error", () => undefined);
  const db = (handle.client
    ? drizzlePglite({ client: handle.client, logger })
    : drizzlePg({ client: pool as pg.Pool, logger })) as unknown as Database;
  return {
    /** The same handle with this database: services made over it count their queries. */
    handle: { ...handle, db } as DatabaseHandle,
    /** The queries `work` sent, in order. */
    async during<T>(work: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
      const from = sent.length;
      const result = await work();
      return { result, queries: sent.slice(from) };
    },
    close: async () => {
      await pool?.end();
    },
  };
}
