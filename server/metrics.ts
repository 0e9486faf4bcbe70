import { timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { mailWaiting } from "../modules/outbox.ts";
import type { DatabaseHandle } from "../platform/db/client.ts";
import type { Metrics } from "../platform/metrics.ts";
import type { ServerEnv } from "./context.ts";

/**
 * The route pattern a request is counted under: Hono's matched pattern; the screens' fallback is "(page)",
 * an answer from the shared cache "(cached)", as the cache in front of Hono counts its own (server/app.ts).
 */
function routeLabel(c: Context<ServerEnv>): string {
  if (c.var.fromCache) return "(cached)";
  const route = c.req.routePath;
  return !route || route === "*" || route === "/*" ? "(page)" : route;
}

/** Counts every request Hono answers, under its route pattern and status (decision 0064). */
export const countRequests =
  (metrics: Metrics): MiddlewareHandler<ServerEnv> =>
  async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      metrics.request(c.req.method, routeLabel(c), c.res.status, (performance.now() - started) / 1000);
    }
  };

/** The figures read from the database at each scrape: the job queue, the outbox, the connection pool. */
export function databaseGauges(metrics: Metrics, database: DatabaseHandle) {
  metrics.gauge(
    "ignite_jobs",
    "Jobs in the queue (shared by every instance), by queue and state: created and retry wait, active run, failed gave up (kept a week)",
    ["queue", "state"],
    async () => {
      const { rows } = await database.executeSql(
        `select name, state::text as state, count(*)::int as n from pgboss.job
          where state in ('created', 'retry', 'active', 'failed') and name not like '\\_\\_pgboss%' group by name, state`,
      );
      return (rows as { name: string; state: string; n: number }[]).map((row) => [{ queue: row.name, state: row.state }, row.n]);
    },
  );
  metrics.gauge("ignite_outbox_mail_waiting", "Mail written to the outbox and not yet taken by the mail server", [], async () => [
    [{}, (await mailWaiting(database.db)).count],
  ]);
  metrics.gauge("ignite_outbox_oldest_mail_age_seconds", "How long the oldest waiting mail has waited", [], async () => [
    [{}, (await mailWaiting(database.db)).oldestSeconds],
  ]);
  const poolUse = database.poolUse;
  if (poolUse) {
    metrics.gauge(
      "ignite_db_pool_connections",
      "PostgreSQL connections of this instance's pool: total open, idle, and requests waiting for one",
      ["state"],
      async () => {
        const use = poolUse();
        return [
          [{ state: "total" }, use.total],
          [{ state: "idle" }, use.idle],
          [{ state: "waiting" }, use.waiting],
        ];
      },
    );
  }
}

/** Whether the request's bearer token is the configured one (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.match(/^Bearer (.+)$/)?.[1] ?? "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
