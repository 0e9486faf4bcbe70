import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { staff } from "./staff/tables.ts";
import { students } from "./students/tables.ts";

/** The console's settings an admin changes (lead assignment mode, working hours); one row per key. */
export const consoleSettings = pgTable("console_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Mail that a staff member's action sends a student or a lead (decision 0034): written in the transaction of
 * the action and its audit entry, so there is mail if and only if there is an audit entry; the job
 * queue sends it. A row is claimed (`sendingSince`) before it is sent and deleted once the mail server
 * took it, so a retried job never sends it twice; a claim older than a quarter of an hour is taken as
 * lost and sent again by the upkeep. The student's erasure takes their unsent rows with it.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    studentId: integer("student_id").references(() => students.id, { onDelete: "cascade" }),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sendingSince: timestamp("sending_since", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt)],
);

/**
 * What staff did, and every view of a student's data: append-only (a trigger refuses updates, deletes
 * and truncation, drizzle/0008_audit_append_only.sql). `actorStaffId` is null for the system itself
 * (start-up, the command line), which `actorLabel` then names.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorStaffId: integer("actor_staff_id").references(() => staff.id, { onDelete: "restrict" }),
    actorLabel: text("actor_label").notNull(),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    /** The student the action concerns (their record, documents, applications): their timeline and access log. */
    studentId: integer("student_id"),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_subject_idx").on(t.subjectType, t.subjectId),
    index("audit_log_student_idx").on(t.studentId, t.id),
  ],
);
