import { sql } from "drizzle-orm";
import { type Database, queryRows } from "./db/client.ts";

export interface RateLimitRule {
  /** What is limited, e.g. "search"; combined with the caller's key. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit, atomically, and says whether it is within the limit. */
  hit(rule: RateLimitRule, key: string): Promise<RateLimitResult>;
  /**
   * Gives one hit of the current window back: for limits on failures, which reserve an attempt before
   * checking it (so parallel attempts cannot all slip past) and return it when it succeeded.
   */
  release(rule: RateLimitRule, key: string): Promise<void>;
}

/**
 * Fixed-window counters in the database, so every instance behind a load balancer shares them.
 * One upsert per hit; stale windows are swept now and then.
 */
export function createDatabaseRateLimiter(db: Database, now: () => Date = () => new Date()): RateLimiter {
  let hitsSinceSweep = 0;
  const windowOf = (rule: RateLimitRule, at: Date) =>
    new Date(Math.floor(at.getTime() / (rule.windowSeconds * 1000)) * rule.windowSeconds * 1000);
  const retryAfter = (rule: RateLimitRule, windowStart: Date, at: Date) =>
    Math.max(1, Math.ceil((windowStart.getTime() + rule.windowSeconds * 1000 - at.getTime()) / 1000));
  return {
    async release(rule, key) {
      const windowStart = windowOf(rule, now());
      await db.execute(
        sql`update rate_limits set count = count - 1
            where key = ${`${rule.name}:${key}`.slice(0, 300)} and window_start = ${windowStart.toISOString()} and count > 0`,
      );
    },
    async hit(rule, key) {
      const at = now();
      const windowStart = windowOf(rule, at);
      const id = `${rule.name}:${key}`.slice(0, 300);
      const [row] = await queryRows<{ count: number }>(
        db,
        sql`insert into rate_limits (key, window_start, count) values (${id}, ${windowStart.toISOString()}, 1)
            on conflict (key) do update set
              count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
              window_start = excluded.window_start
            returning count`,
      );
      if (++hitsSinceSweep >= 1000) {
        hitsSinceSweep = 0;
        await db.execute(sql`delete from rate_limits where window_start < ${new Date(at.getTime() - 86_400_000).toISOString()}`);
      }
      const allowed = (row?.count ?? 1) <= rule.limit;
      return { allowed, retryAfterSeconds: retryAfter(rule, windowStart, at) };
    },
  };
}
