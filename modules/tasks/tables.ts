import { type AnyPgColumn, date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { consultations } from "../leads/tables.ts";
import { staff } from "../staff/tables.ts";
import { students } from "../students/tables.ts";

/** A task for a staff member, about a student or a lead, with a due date (IST calendar day). */
export const staffTasks = pgTable(
  "staff_tasks",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    dueOn: date("due_on").notNull(),
    assigneeStaffId: integer("assignee_staff_id")
      .notNull()
      .references((): AnyPgColumn => staff.id, { onDelete: "restrict" }),
    studentId: integer("student_id").references(() => students.id, { onDelete: "cascade" }),
    leadId: integer("lead_id").references(() => consultations.id, { onDelete: "cascade" }),
    createdByStaffId: integer("created_by_staff_id").references((): AnyPgColumn => staff.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    index("staff_tasks_assignee_idx").on(t.assigneeStaffId, t.doneAt, t.dueOn),
    index("staff_tasks_student_idx").on(t.studentId),
  ],
);
