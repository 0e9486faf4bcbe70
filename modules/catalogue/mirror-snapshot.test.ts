import { describe, expect, it } from "vitest";
import { decodeSnapshot, encodeSnapshot, type SnapshotKey } from "./mirror-snapshot.ts";

const key: SnapshotKey = { layout: "1:name.text", database: "7301234567890123456/16384", version: "4711/982", month: 24_322 };

const parts = {
  names: ["Master of Data Science", "मास्टर ऑफ़ बिज़नेस एडमिनिस्ट्रेशन", ""],
  ids: Int32Array.from([3, 17, 200_001]),
  levels: Int8Array.from([-1, 0, 3]),
  masks: Uint8Array.from([1, 31, 5]),
  durations: Int16Array.from([12, 24, -1]),
  intakes: Uint16Array.from([0b100000001, 0, 4095]),
  others: [{ key: "minGre", values: [null, 320], column: Uint32Array.from([0, 1, 1]) }],
  fees: Float64Array.from([2_500_000.5, Number.NaN, 0]),
  checked: [[1, { source: "https://www.example.edu/fees", checkedOn: "2026-10-01" }]],
};

describe("a snapshot of the mirror's parts", () => {
  it("comes back as written, typed arrays, texts in Devanagari and NaN fees included", () => {
    const back = decodeSnapshot<typeof parts>(encodeSnapshot(key, parts), key);
    expect(back).toEqual(parts);
    expect(back?.fees).toBeInstanceOf(Float64Array);
    expect(Number.isNaN(back?.fees[1])).toBe(true);
  });

  it("reads from bytes that do not start their buffer (a slice of a larger one)", () => {
    const bytes = encodeSnapshot(key, parts);
    const larger = new Uint8Array(bytes.length + 3);
    larger.set(bytes, 3);
    expect(decodeSnapshot(larger.subarray(3), key)).toEqual(parts);
  });

  it("is refused for another database, catalogue version, month or layout", () => {
    const bytes = encodeSnapshot(key, parts);
    expect(decodeSnapshot(bytes, { ...key, database: "7301234567890123456/16999" })).toBeNull();
    expect(decodeSnapshot(bytes, { ...key, version: "4712/990" })).toBeNull();
    expect(decodeSnapshot(bytes, { ...key, version: "4711/1001" })).toBeNull();
    expect(decodeSnapshot(bytes, { ...key, month: key.month + 1 })).toBeNull();
    expect(decodeSnapshot(bytes, { ...key, layout: "1:name.text,level.choice" })).toBeNull();
  });

  it("is refused when cut short or not a snapshot at all", () => {
    const bytes = encodeSnapshot(key, parts);
    expect(decodeSnapshot(bytes.subarray(0, bytes.length - 8), key)).toBeNull();
    expect(decodeSnapshot(bytes.subarray(0, 40), key)).toBeNull();
    expect(decodeSnapshot(new Uint8Array(0), key)).toBeNull();
    expect(decodeSnapshot(new TextEncoder().encode("PK\u0003\u0004 not a snapshot"), key)).toBeNull();
  });
});
