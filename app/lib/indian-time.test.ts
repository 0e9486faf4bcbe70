import { describe, expect, it } from "vitest";
import { inIndianTime, timeAgo } from "./indian-time";

describe("dates for India", () => {
  it("writes the time in IST with its ISO form", () => {
    const at = new Date("2026-11-23T10:30:00Z");
    expect(inIndianTime(at)).toEqual({ iso: "2026-11-23T10:30:00.000Z", text: "23 Nov 2026, 4:00 pm" });
  });

  it("says how long ago in the largest whole unit up to days", () => {
    const now = new Date("2026-11-23T10:30:00Z");
    const before = (ms: number) => timeAgo(new Date(now.getTime() - ms), now);
    expect(before(10_000)).toBe("just now");
    expect(before(5 * 60_000)).toBe("5 minutes ago");
    expect(before(2 * 3_600_000)).toBe("2 hours ago");
    expect(before(26 * 3_600_000)).toBe("yesterday");
    expect(before(12 * 86_400_000)).toBe("12 days ago");
  });

  it("says it in Hindi on a Hindi page", () => {
    const now = new Date("2026-11-23T10:30:00Z");
    const before = (ms: number) => timeAgo(new Date(now.getTime() - ms), now, "hi-IN");
    expect(before(10_000)).toBe("अब");
    expect(before(2 * 3_600_000)).toBe("2 घंटे पहले");
    expect(before(26 * 3_600_000)).toBe("कल");
  });
});
