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
 * Fixed-window counters in the database, so every instance behind a load balancer shares them
 * (decision 0005).
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

/**
 * Fixed-window counters in the process, for PGlite: a PGlite database is one process's, so there is no
 * other instance to share with, and a search or a sign-in then costs no database write (decision 0021).
 * Windows past are swept as the map grows.
 */
export function createMemoryRateLimiter(now: () => Date = () => new Date()): RateLimiter {
  const counts = new Map<string, { window: number; count: number }>();
  const windowOf = (rule: RateLimitRule, at: Date) => Math.floor(at.getTime() / (rule.windowSeconds * 1000));
  const keyOf = (rule: RateLimitRule, key: string) => `${rule.name}:${key}`.slice(0, 300);
  return {
    async hit(rule, key) {
      const at = now();
      const window = windowOf(rule, at);
      const id = keyOf(rule, key);
      const entry = counts.get(id);
      const count = entry && entry.window === window ? entry.count + 1 : 1;
      counts.set(id, { window, count });
      if (counts.size > 100_000) {
        for (const [k, v] of counts) if (v.window < window - 1440) counts.delete(k);
        // Still full of current windows (a flood of addresses): forget the oldest half.
        if (counts.size > 100_000) for (const k of [...counts.keys()].slice(0, 50_000)) counts.delete(k);
      }
      const windowEnds = (window + 1) * rule.windowSeconds * 1000;
      return { allowed: count <= rule.limit, retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - at.getTime()) / 1000)) };
    },
    async release(rule, key) {
      const id = keyOf(rule, key);
      const entry = counts.get(id);
      if (entry && entry.window === windowOf(rule, now()) && entry.count > 0) entry.count -= 1;
    },
  };
}
