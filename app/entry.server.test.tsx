import { Writable } from "node:stream";
import pino from "pino";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { handleError } from "./entry.server";

/** A request logger as the server makes one (a child carrying the request id), writing into `lines`. */
function requestLog(lines: Record<string, unknown>[]) {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return pino({ base: undefined }, sink).child({ requestId: "req-42" });
}

describe("unexpected errors in loaders and actions", () => {
  it("are logged once, with the request id, the path and the error", async () => {
    const lines: Record<string, unknown>[] = [];
    const context = { log: requestLog(lines) } as unknown as AppLoadContext;
    handleError(new Error("database went away"), {
      request: new Request("http://localhost/profile?edit=1"),
      params: {},
      context,
    } as never);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ requestId: "req-42", path: "/profile", msg: "unexpected error in a page" });
    expect((lines[0]?.err as { message?: string } | undefined)?.message).toBe("database went away");
  });

  it("are logged without a recommender's token, as the request log keeps the path (decision 0075)", async () => {
    const lines: Record<string, unknown>[] = [];
    const token = "Qk3x9_ZpL0-aBcDeFgHiJkLmNoPqRsTuVwXyZ012345";
    handleError(new Error("database went away"), {
      request: new Request(`http://localhost/letters/${token}`),
      params: {},
      context: { log: requestLog(lines) } as unknown as AppLoadContext,
    } as never);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines[0]).toMatchObject({ path: "/letters/[link]" });
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it("are not logged when the browser went away before the answer", async () => {
    const lines: Record<string, unknown>[] = [];
    const controller = new AbortController();
    controller.abort();
    handleError(new Error("aborted"), {
      request: new Request("http://localhost/", { signal: controller.signal }),
      params: {},
      context: { log: requestLog(lines) } as unknown as AppLoadContext,
    } as never);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([]);
  });
});
