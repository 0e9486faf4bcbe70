import { describe, expect, it } from "vitest";
import { PublicCache } from "./cache.ts";

describe("public cache", () => {
  it("keeps answers until they expire, evicts the least recently used, and clears", () => {
    let now = 0;
    const cache = new PublicCache<string>(2, 1000, () => now);
    cache.set("a", "A");
    cache.set("b", "B");
    expect(cache.get("a")).toBe("A");
    cache.set("c", "C");
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe("A");
    now = 1000;
    expect(cache.get("a")).toBeUndefined();
    cache.set("d", "D");
    cache.clear();
    expect(cache.size).toBe(0);
  });
});

describe("public cache and a write during a read", () => {
  it("does not keep an answer read before a clear, which a write made while it was read", () => {
    const cache = new PublicCache<string>(10, 60_000);
    const readFrom = cache.generation;
    cache.clear();
    cache.set("university", "Trinity College Dublin", readFrom);
    expect(cache.get("university")).toBeUndefined();
    cache.set("university", "Trinity College Dublin, the University of Dublin", cache.generation);
    expect(cache.get("university")).toBe("Trinity College Dublin, the University of Dublin");
  });
});

describe("public cache bounded by bytes", () => {
  it("evicts the least recently used until the answers fit, and never keeps one larger than the budget", () => {
    const cache = new PublicCache<string>(100, 60_000, Date.now, { maxBytes: 10, sizeOf: (v) => v.length });
    cache.set("a", "aaaa");
    cache.set("b", "bbbb");
    expect(cache.get("a")).toBe("aaaa");
    cache.set("c", "cccc");
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe("aaaa");
    expect(cache.sizeInBytes).toBe(8);
    cache.set("huge", "x".repeat(11));
    expect(cache.get("huge")).toBeUndefined();
    cache.set("a", "aa");
    expect(cache.sizeInBytes).toBe(6);
    cache.clear();
    expect(cache.sizeInBytes).toBe(0);
  });
});
