import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { applications } from "../applications/tables.ts";
import { students } from "../students/tables.ts";

/**
 * An item of an application's departure checklist the student ticked (decision 0083). The items
 * themselves are reference data per destination (checklists/*.json); only the ticks are the student's
 * data (in their export, gone with the application or the account).
 */
export const departureTicks = pgTable(
  "departure_ticks",
  {
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    /** The item's key in the destination's checklist ("book-flight"). */
    item: text("item").notNull(),
    tickedAt: timestamp("ticked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.item] }), index("departure_ticks_student_idx").on(t.studentId)],
);
