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
