// Decision 0068: an instance is not ready for students until its search index is built; before that a
// search goes to the database and takes a hundred times as long. npm run bench's readiness figures for the
// large catalogue are in the decision record.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../platform/db/client.ts";
import { ApiClient } from "../tests/support/api-client.ts";
import { createTestApp } from "../tests/support/test-app.ts";
import { openTestDatabase } from "../tests/support/test-database.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("/readyz", () => {
  it("answers 503 while the search index is first built, then 200, and stays ready while an edit rebuilds it", async () => {
    // A fresh instance on the seeded demo catalogue (thousands of courses): asked at once, it is still building.
    const testApp = createTestApp(database);
    const api = new ApiClient(testApp.app);
    const early = await api.get("/readyz");
    expect(early.status).toBe(503);
    expect(early.body).toEqual({ status: "starting", catalogueMirror: "building" });
    // Health is about the process only: it is up.
    expect((await api.get("/healthz")).status).toBe(200);

    await testApp.catalogueMirror.ready();
    const ready = await api.get("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: "ready", catalogueMirror: "ready" });

    // A catalogue edit makes the mirror catch up; the instance stays in the load balancer meanwhile.
    const catchingUp = testApp.catalogueMirror.changed();
    expect((await api.get("/readyz")).status).toBe(200);
    await catchingUp;
    testApp.catalogueMirror.stop();
  });
});
