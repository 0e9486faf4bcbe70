import type { RateLimiter, RateLimitRule } from "../platform/rate-limit.ts";
import { accountMessages } from "../vocabulary/accounts.ts";
import { rateLimited } from "./errors.ts";

/**
 * Counts one hit of `rule` for `key` and refuses (429, with Retry-After) past the limit. The message
 * says how long to wait; by default the accounts' "Too many attempts. Please wait N seconds".
 */
export async function enforceLimit(
  limiter: RateLimiter,
  rule: RateLimitRule,
  key: string,
  message: (retryAfterSeconds: number) => string = accountMessages.tooManyAttempts,
): Promise<void> {
  const result = await limiter.hit(rule, key);
  if (!result.allowed) throw rateLimited(message(result.retryAfterSeconds), result.retryAfterSeconds);
}
