import { describe, expect, it } from "vitest";
import { letterPathForLog, statusOf } from "./letters.ts";

/** The recommender's link kept out of the request log, and "expired" read from the clock (decision 0075). */
describe("a recommender's link", () => {
  it("is logged without its token, on the page and on the API", () => {
    const token = "Qk3x9_ZpL0-aBcDeFgHiJkLmNoPqRsTuVwXyZ012345";
    expect(letterPathForLog(`/letters/${token}`)).toBe("/letters/[link]");
    expect(letterPathForLog(`/letters/${token}.data`)).toBe("/letters/[link]");
    expect(letterPathForLog(`/api/v1/letters/${token}/letter`)).toBe("/api/v1/letters/[link]/letter");
    expect(letterPathForLog("/user/applications/12/letters")).toBe("/user/applications/12/letters");
  });

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
