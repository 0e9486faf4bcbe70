import { describe, expect, it } from "vitest";
import { partsOf } from "./s3-storage.ts";

const bytes = (n: number, from = 0) => Uint8Array.from({ length: n }, (_, i) => (from + i) % 251);
async function* chunks(...sizes: number[]) {
  let from = 0;
  for (const size of sizes) {
    yield bytes(size, from);
    from += size;
  }
}
async function partsFrom(source: Uint8Array | AsyncIterable<Uint8Array>, partBytes: number) {
  const parts: Buffer[] = [];
  for await (const part of partsOf(source, partBytes)) parts.push(Buffer.from(part));
  return parts;
}

describe("an upload cut into parts for the bucket", () => {
  it("cuts any chunking into full parts and a shorter last one, keeping every byte in order", async () => {
    for (const sizes of [[25], [3, 3, 3, 3, 3, 3, 3, 3, 1], [8, 8], [1, 30, 2], [16, 0, 9]]) {
      const total = sizes.reduce((a, b) => a + b, 0);
      const parts = await partsFrom(chunks(...sizes), 8);
      expect(parts.slice(0, -1).every((part) => part.length === 8)).toBe(true);
      expect(parts.at(-1)?.length).toBe(total % 8 || 8);
      expect(Buffer.concat(parts)).toEqual(Buffer.from(bytes(total)));
    }
  });

  it("a body given whole is cut the same way", async () => {
    const whole = bytes(20);
    const parts = await partsFrom(whole, 8);
    expect(parts.map((p) => p.length)).toEqual([8, 8, 4]);
    expect(Buffer.concat(parts)).toEqual(Buffer.from(whole));
  });

  it("an empty file is one empty part, so it is stored like any other", async () => {
    expect((await partsFrom(new Uint8Array(0), 8)).map((p) => p.length)).toEqual([0]);
    expect((await partsFrom(chunks(), 8)).map((p) => p.length)).toEqual([0]);
    expect((await partsFrom(chunks(0, 0), 8)).map((p) => p.length)).toEqual([0]);
  });
});
