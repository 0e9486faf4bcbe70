import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../tests/support/test-database.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { createDatabaseRateLimiter, createMemoryRateLimiter } from "./rate-limit.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("database rate limiter", () => {
  it("allows up to the limit in a window, refuses past it, and opens again in the next window", async () => {
    let now = new Date("2026-11-22T10:00:05Z");
    const limiter = createDatabaseRateLimiter(database.db, () => now);
    const rule = { name: "test", limit: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) expect((await limiter.hit(rule, "1.2.3.4")).allowed).toBe(true);
    const refused = await limiter.hit(rule, "1.2.3.4");
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 55 });
    expect((await limiter.hit(rule, "5.6.7.8")).allowed).toBe(true);
    now = new Date("2026-11-22T10:01:00Z");
    expect((await limiter.hit(rule, "1.2.3.4")).allowed).toBe(true);
  });

  it("is shared by every instance on the same database", async () => {
    const now = () => new Date("2026-11-22T11:00:00Z");
    const first = createDatabaseRateLimiter(database.db, now);
    const second = createDatabaseRateLimiter(database.db, now);
    const rule = { name: "shared", limit: 2, windowSeconds: 60 };
    expect((await first.hit(rule, "ip")).allowed).toBe(true);
    expect((await second.hit(rule, "ip")).allowed).toBe(true);
    expect((await first.hit(rule, "ip")).allowed).toBe(false);
  });

  it("gives a hit back within its window, never below zero", async () => {
    const now = () => new Date("2026-11-22T12:00:00Z");
    const limiter = createDatabaseRateLimiter(database.db, now);
    const rule = { name: "release", limit: 1, windowSeconds: 60 };
    expect((await limiter.hit(rule, "k")).allowed).toBe(true);
    await limiter.release(rule, "k");
    await limiter.release(rule, "k");
    expect((await limiter.hit(rule, "k")).allowed).toBe(true);
    expect((await limiter.hit(rule, "k")).allowed).toBe(false);
  });
});

describe("in-process rate limiter (PGlite)", () => {
  it("allows up to the limit in a window, refuses past it, opens again, and gives hits back", async () => {
    let now = new Date("2026-11-22T10:00:05Z");
    const limiter = createMemoryRateLimiter(() => now);
    const rule = { name: "test", limit: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) expect((await limiter.hit(rule, "1.2.3.4")).allowed).toBe(true);
    expect(await limiter.hit(rule, "1.2.3.4")).toEqual({ allowed: false, retryAfterSeconds: 55 });
    expect((await limiter.hit(rule, "5.6.7.8")).allowed).toBe(true);
    await limiter.release(rule, "5.6.7.8");
    for (let i = 0; i < 3; i++) expect((await limiter.hit(rule, "5.6.7.8")).allowed).toBe(true);
    expect((await limiter.hit(rule, "5.6.7.8")).allowed).toBe(false);
    now = new Date("2026-11-22T10:01:00Z");
    expect((await limiter.hit(rule, "1.2.3.4")).allowed).toBe(true);
  });
});
