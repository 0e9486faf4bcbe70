import { describe, expect, it } from "vitest";
import { loadConfig } from "../platform/config.ts";
import { startWarnings } from "./start-warnings.ts";

describe("what a start warns of (decision 0048)", () => {
  it("a production start without PUBLIC_URL says parent links follow the request's Host", () => {
    expect(startWarnings(loadConfig({}))).toEqual([
      expect.stringMatching(/^PUBLIC_URL is not set: parent links are built on the Host/),
    ]);
  });

  it("nothing with PUBLIC_URL, or outside production", () => {
    expect(startWarnings(loadConfig({ PUBLIC_URL: "https://ignite.example" }))).toEqual([]);
    expect(startWarnings(loadConfig({ NODE_ENV: "development" }))).toEqual([]);
  });
});
