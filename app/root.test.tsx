import { renderToString } from "react-dom/server";
import { createRoutesStub, UNSAFE_ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "./root";

function render(thrown: unknown) {
  const Stub = createRoutesStub([{ id: "screen", path: "/", Component: () => null, ErrorBoundary: ErrorBoundary as never }]);
  // As after a loader failed on the server: the router holds the error for the screen.
  return renderToString(<Stub initialEntries={["/"]} hydrationData={{ errors: { screen: thrown } }} />);
}

describe("the router's error screens", () => {
  it("shows 'Unexpected Application Error!' for an unexpected failure, without its details", () => {
    const html = render(new Error("secret stack detail at /srv/db.ts:42"));
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("Go Back Home");
    expect(html).not.toContain("secret stack detail");
  });

  it("shows 'Page Not Found' with a way home for a 404", () => {
    // What the router makes of a loader's `throw data(null, { status: 404 })`.
    const html = render(new UNSAFE_ErrorResponseImpl(404, "Not Found", null));
    expect(html).toContain("Page Not Found");
    expect(html).toContain("Go Back Home");
  });
});
