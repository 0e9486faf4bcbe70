import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";

/**
 * Each endpoint described once (decision 0032): every route the Hono app serves under /api/ is an operation
 * of /api/openapi.json, and every operation the document promises is a route the app serves. Read from
 * the app's own route table (app.routes), so a new route without its description fails here.
 */
let database: DatabaseHandle;
let ctx: TestApp;
let document: { paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>> };

beforeAll(async () => {
  database = await openTestDatabase();
  ctx = createTestApp(database);
  document = await (await ctx.app.request("/api/openapi.json")).json();
});
afterAll(() => database.close());

const httpMethods = new Set(["get", "put", "post", "delete", "patch", "head", "options"]);

/** `/api/v1/staff/leads/:leadId` and `/api/v1/staff/leads/{leadId}` both read `/api/v1/staff/leads/{}`; a param's pattern is dropped. */
const shapeOf = (path: string) =>
  path
    .replace(/:[A-Za-z_][A-Za-z0-9_]*(\{[^}]*\})?/g, "{}")
    .replace(/\{[^}]*\}/g, "{}")
    .replace(/(.)\/$/, "$1");

/** The app's routes as `METHOD shape`; middleware (app.use, method ALL) and catch-alls (`*`) are not endpoints. */
function servedRoutes() {
  return new Set(
    ctx.app.routes
      .filter((route) => route.method !== "ALL" && !route.path.includes("*"))
      .map((route) => `${route.method} ${shapeOf(route.path)}`),
  );
}

function describedOperations() {
  return new Set(
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => httpMethods.has(key))
        .map((method) => `${method.toUpperCase()} ${shapeOf(path)}`),
    ),
  );
}

describe("/api/openapi.json describes the routes the app serves", () => {
  it("has an operation for every route under /api/, the public catalogue's included", () => {
    const described = describedOperations();
    const served = [...servedRoutes()].filter((route) => route.split(" ")[1]?.startsWith("/api/"));
    // The catalogue API and the application API are both there to be checked.
    expect(served.some((route) => route.startsWith("GET /api/catalogue/"))).toBe(true);
    expect(served.some((route) => route.startsWith("POST /api/v1/staff/"))).toBe(true);
    expect(served.filter((route) => !described.has(route))).toEqual([]);
  });

  it("promises no operation the app does not serve", () => {
    const served = servedRoutes();
    expect([...describedOperations()].filter((operation) => !served.has(operation))).toEqual([]);
  });

  it("names every operation with an operationId of its own", () => {
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.entries(item)
        .filter(([key]) => httpMethods.has(key))
        .map(([, operation]) => operation.operationId),
    );
    expect(ids.every((id) => typeof id === "string" && id !== "")).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("asks for the staff session on the staff API and the student's on the student's own paths", () => {
    /** The staff API's two doors: signing in, and accepting an invitation with its e-mailed token. */
    const staffDoors = new Set(["POST /api/v1/staff/session", "POST /api/v1/staff/invitations/accept"]);
    const schemesOf = (operation: { security?: unknown[] }) =>
      (operation.security ?? []).flatMap((requirement) => Object.keys(requirement as object));
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item).filter(([key]) => httpMethods.has(key))) {
        const name = `${method.toUpperCase()} ${path}`;
        if (path.startsWith("/api/v1/staff/") && !staffDoors.has(name))
          expect(schemesOf(operation), name).toEqual(["staffSession"]);
        if (path.startsWith("/api/v1/students/me")) expect(schemesOf(operation), name).toEqual(["studentSession"]);
      }
    }
  });
});
