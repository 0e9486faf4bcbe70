import { renderToString } from "react-dom/server";
import { createRoutesStub, UNSAFE_ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import { RequestIdContext } from "./lib/request-reference";
import { ErrorBoundary } from "./root";

function render(thrown: unknown, requestId?: string) {
  const Stub = createRoutesStub([{ id: "screen", path: "/", Component: () => null, ErrorBoundary: ErrorBoundary as never }]);
  // As after a loader failed on the server: the router holds the error for the screen, and entry.server
  // hands the request's id down (decision 0067).
  return renderToString(
    <RequestIdContext value={requestId}>
      <Stub initialEntries={["/"]} hydrationData={{ errors: { screen: thrown } }} />
    </RequestIdContext>,
  );
}

describe("the router's error screens", () => {
  it("shows 'Unexpected Application Error!' for an unexpected failure, without its details", () => {
    const html = render(new Error("secret stack detail at /srv/db.ts:42"));
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("Go Back Home");
    expect(html).not.toContain("secret stack detail");
  });

  it("names the request's id on the unexpected failure's screen, for the student to quote to support", () => {
    const html = render(new Error("database went away"), "3f0b6c1e-8d2a-4b7f-9e51-0c4d2a7b9e13");
    expect(html).toContain("If it happens again, quote this reference to us:");
    expect(html).toContain('<code id="request-reference">3f0b6c1e-8d2a-4b7f-9e51-0c4d2a7b9e13</code>');
    // Without an id (a screen that failed after a navigation in the browser) there is no empty reference.
    expect(render(new Error("x"))).not.toContain("quote this reference");
  });

  it("shows 'Page Not Found' with a way home for a 404", () => {
    // What the router makes of a loader's `throw data(null, { status: 404 })`.
    const html = render(new UNSAFE_ErrorResponseImpl(404, "Not Found", null));
    expect(html).toContain("Page Not Found");
    expect(html).toContain("Go Back Home");
  });
});
