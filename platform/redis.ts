import { Redis } from "ioredis";
import type { Logger } from "./log.ts";
import type { RateLimiter, RateLimitRule } from "./rate-limit.ts";

/**
 * What instances share through Redis when REDIS_URL is set (decision 0021): rate-limit counters and
 * the news that the catalogue changed, so every instance's public cache forgets at once. Without
 * REDIS_URL one instance works alone: counters in the database, its own cache.
 */
export interface SharedState {
  limiter: RateLimiter;
  /** Tells every instance (this one too) that the catalogue changed. */
  announceCatalogueChange(): void;
  /** Called on every instance when any instance announces a change. */
  onCatalogueChange(listener: () => void): void;
  close(): Promise<void>;
}

const CHANNEL = "ignite:catalogue-changed";

/** One hit in the current window: the count after it, and the window's expiry set with the first hit. */
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;
/** Gives a hit back, never below zero. */
const RELEASE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * `fallback` counts when Redis cannot answer (down, restarting): limits on logins and codes must hold
 * even then, so the database's counters take over for that hit rather than letting it through.
 */
export function connectSharedState(
  url: string,
  log: Logger,
  fallback: RateLimiter,
  now: () => Date = () => new Date(),
): SharedState {
  const options = { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false };
  const commands = new Redis(url, options);
  const subscriber = new Redis(url, options);
  // ioredis reconnects by itself; an error is logged (never with the URL, which may hold a password).
  for (const connection of [commands, subscriber])
    connection.on("error", (error: Error) => log.warn({ err: { message: error.message } }, "redis connection error"));

  const listeners: Array<() => void> = [];
  void subscriber
    .subscribe(CHANNEL)
    .catch((error: Error) => log.error({ err: { message: error.message } }, "redis subscribe failed"));
  subscriber.on("message", (channel: string) => {
    if (channel !== CHANNEL) return;
    for (const listener of listeners) listener();
  });

  const windowOf = (rule: RateLimitRule, at: Date) => Math.floor(at.getTime() / (rule.windowSeconds * 1000));
  const keyOf = (rule: RateLimitRule, key: string, window: number) => `ignite:rl:${rule.name}:${window}:${key}`.slice(0, 400);

  return {
    limiter: {
      async hit(rule, key) {
        const at = now();
        const window = windowOf(rule, at);
        let count: number;
        try {
          count = Number(await commands.eval(HIT, 1, keyOf(rule, key, window), rule.windowSeconds * 1000 + 1000));
        } catch (error) {
          log.warn({ err: { message: (error as Error).message } }, "redis unavailable: rate limit counted in the database");
          return fallback.hit(rule, key);
        }
        const windowEnds = (window + 1) * rule.windowSeconds * 1000;
        return { allowed: count <= rule.limit, retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - at.getTime()) / 1000)) };
      },
      async release(rule, key) {
        await commands.eval(RELEASE, 1, keyOf(rule, key, windowOf(rule, now()))).catch(() => fallback.release(rule, key));
      },
    },
    announceCatalogueChange() {
      void commands
        .publish(CHANNEL, "1")
        .catch((error: Error) =>
          log.error({ err: { message: error.message } }, "could not tell the other instances of a catalogue change"),
        );
    },
    onCatalogueChange(listener) {
      listeners.push(listener);
    },
    async close() {
      await Promise.allSettled([commands.quit(), subscriber.quit()]);
    },
  };
}
