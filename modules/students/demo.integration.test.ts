import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../platform/db/client.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import { documentsCompleteBy, stageOf } from "../../vocabulary/applications.ts";
import { checklistOf } from "../applications/applications.ts";
import { applicationPackageItems, applications } from "../applications/tables.ts";
import { seedDemoStudent } from "./demo.ts";

describe("the stages that say the documents are complete, directly or by coming after one", () => {
  it("are Ready to submit, Submitted and what only follows them; not what comes before", () => {
    expect(documentsCompleteBy("Ready to submit")).toBe(true);
    expect(documentsCompleteBy("Submitted")).toBe(true);
    expect(documentsCompleteBy("Conditional offer")).toBe(true);
    expect(documentsCompleteBy("Shortlisted")).toBe(false);
    expect(documentsCompleteBy("Documents pending")).toBe(false);
    expect(documentsCompleteBy("Withdrawn")).toBe(false);
  });
});

describe("the demo student (decision 0035: its data agrees with the stage gate)", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("has no application past the gate with a document missing, and each stage's required facts", async () => {
    expect(await seedDemoStudent(database.db)).toBe(true);
    const rows = await database.db.select().from(applications);
    expect(rows.map((row) => row.status).sort()).toEqual(["Conditional offer", "Documents pending", "Submitted"]);
    for (const row of rows) {
      const checklist = await checklistOf({ db: database.db }, row);
      expect(checklist.length, row.status).toBeGreaterThan(0);
      if (documentsCompleteBy(row.status)) {
        for (const entry of checklist) {
          expect(["Approved", "Waived"], `${row.status}: ${entry.item}`).toContain(entry.state);
          if (entry.state === "Waived") expect(entry.waiverReason).toMatch(/\S/);
        }
      } else {
        expect(
          checklist.some((entry) => entry.state === "Missing"),
          row.status,
        ).toBe(true);
      }
      for (const field of stageOf(row.status).requires)
        expect(row.details[field.key], `${row.status}: ${field.label}`).toMatch(/\S/);
      if (documentsCompleteBy(row.status)) {
        // Sent to the university: the student reads "Submitted on ..., reference ..." and the package as sent.
        expect(row.submittedOn, row.status).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(row.universityReference, row.status).toMatch(/\S/);
        const sent = await database.db
          .select()
          .from(applicationPackageItems)
          .where(eq(applicationPackageItems.applicationId, row.id));
        expect(sent.map((item) => item.item).sort(), row.status).toEqual(checklist.map((entry) => entry.item).sort());
      } else {
        expect(row.submittedOn).toBeNull();
      }
    }
    // Seeding again changes nothing.
    expect(await seedDemoStudent(database.db)).toBe(false);
    const [again] = await database.db
      .select()
      .from(applications)
      .where(eq(applications.id, rows[0]?.id ?? 0));
    expect(again?.status).toBe(rows[0]?.status);
  });
});
