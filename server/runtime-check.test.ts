import { describe, expect, it } from "vitest";
import packageJson from "../package.json" with { type: "json" };
import { runtimeProblem } from "./runtime-check.ts";

describe("the runtime check at start", () => {
  it("names the problem on a Node older than engines", () => {
    const problem = runtimeProblem("v20.20.2", ">=24.11.0");
    expect(problem).toContain("needs Node.js 24.11.0 or newer");
    expect(problem).toContain("this is Node 20.20.2");
    expect(runtimeProblem("24.10.9", ">=24.11.0")).toContain("this is Node 24.10.9");
  });

  it("lets a supported Node start, including newer majors", () => {
    expect(runtimeProblem("24.11.0", ">=24.11.0")).toBeUndefined();
    expect(runtimeProblem("v24.21.0", ">=24.11.0")).toBeUndefined();
    expect(runtimeProblem("26.10.0", ">=24.11.0")).toBeUndefined();
  });

  it("passes on the Node that runs the tests, which is the one npm scripts use", () => {
    expect(runtimeProblem(process.versions.node)).toBeUndefined();
    expect(packageJson.engines.node).toMatch(/^>=24\./);
  });

  it("refuses an engines range it cannot read", () => {
    expect(runtimeProblem("24.21.0", "^24")).toContain('must read ">=X.Y.Z"');
  });
});
