import { describe, expect, it } from "vitest";
import { requireStudent } from "./login-required.server.ts";

/** Where a visitor is sent back to after logging in, from the request the loader got. */
function backTo(url: string): string | null {
  try {
    requireStudent(new Request(url), null);
  } catch (thrown) {
    const location = (thrown as Response).headers.get("Location") ?? "";
    return new URL(location, "http://localhost").searchParams.get("redirectTo");
  }
  return null;
}

describe("requireStudent's way back after login", () => {
  it("is the page asked for, with its query", () => {
    expect(backTo("http://localhost/applications?tab=2")).toBe("/applications?tab=2");
  });

  it("is the page, not React Router 8's data request, on a client navigation (decision 0033)", () => {
    expect(backTo("http://localhost/user/saved-courses.data?_routes=routes%2Fsaved")).toBe("/user/saved-courses");
    expect(backTo("http://localhost/profile.data?page=2&_routes=root")).toBe("/profile?page=2");
    expect(backTo("http://localhost/_.data")).toBe("/");
  });
});
