import { describe, expect, it } from "vitest";
import { statusOf } from "./letters.ts";

/** "Expired" read from the clock (decision 0075); the link kept out of the logs is in parents.test.ts. */
describe("a recommender's link", () => {
  it("reads as expired once past its expiry while unanswered, and keeps a finished status", () => {
    const now = new Date("2026-11-28T08:00:00Z");
    const past = new Date("2026-11-28T07:59:59Z");
    const future = new Date("2026-12-28T08:00:00Z");
    expect(statusOf({ status: "opened", expiresAt: past }, now)).toBe("expired");
    expect(statusOf({ status: "invited", expiresAt: future }, now)).toBe("invited");
    expect(statusOf({ status: "submitted", expiresAt: past }, now)).toBe("submitted");
    expect(statusOf({ status: "revoked", expiresAt: past }, now)).toBe("revoked");
  });
});
