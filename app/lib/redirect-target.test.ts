import { describe, expect, it } from "vitest";
import { hostileTargets } from "../../tests/support/hostile-targets.ts";
import { safeRedirectTarget } from "./redirect-target";

describe("the return target after login", () => {
  it.each(hostileTargets)("falls back to / for %j", (target) => {
    expect(safeRedirectTarget(target)).toBe("/");
  });

  it("keeps a path on this site with its query and fragment", () => {
    expect(safeRedirectTarget("/germany/universities/12?page=2#courses")).toBe("/germany/universities/12?page=2#courses");
    expect(safeRedirectTarget("/search?q=data%20science")).toBe("/search?q=data%20science");
    expect(safeRedirectTarget("/user/saved-courses")).toBe("/user/saved-courses");
  });

  it("answers the parsed path, so what the browser follows is what was checked", () => {
    expect(safeRedirectTarget("/a/../profile")).toBe("/profile");
  });

  it("falls back to / for anything that is not a string", () => {
    expect(safeRedirectTarget(null)).toBe("/");
    expect(safeRedirectTarget(undefined)).toBe("/");
  });
});
