import { boolean, date, index, integer, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { applications } from "../applications/tables.ts";
import { students } from "../students/tables.ts";

/**
 * A student's private calendar feed (decision 0059): one address a student may have, its random token
 * kept only as its SHA-256 (the student sees the address once, when it is made or renewed). Renewing it
 * replaces the hash, so the old address answers 404; the row goes with the account.
 */
export const deadlineFeeds = pgTable("deadline_feeds", {
  studentId: integer("student_id")
    .primaryKey()
    .references(() => students.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A student's choice about deadline reminders; no row means they are on. */
export const deadlinePreferences = pgTable("deadline_preferences", {
  studentId: integer("student_id")
    .primaryKey()
    .references(() => students.id, { onDelete: "cascade" }),
  remindersOn: boolean("reminders_on").notNull().default(true),
  /**
   * The language the student last chose while signed in (decision 0086): reminders and the calendar feed's
   * titles are written in it. Null (never chosen) is English.
   */
  language: text("language", { enum: ["en", "hi"] }),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each reminder sent before an application's deadline: one row per application and threshold (30, 14,
 * 7 or 2 days), claimed by its insert in the transaction that queues the mail, so that however many
 * instances sweep, and however often, each goes once.
 */
export const deadlineReminders = pgTable(
  "deadline_reminders",
  {
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    thresholdDays: smallint("threshold_days").notNull(),
    /** The deadline it was about (YYYY-MM-DD), and how many days were left when it was sent. */
    deadline: date("deadline").notNull(),
    daysLeft: smallint("days_left").notNull(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.thresholdDays] }), index("deadline_reminders_student_idx").on(t.studentId)],
);

/**
 * Each reminder sent before an offer's date (decision 0090): its reply date, its deposit's due date or a
 * pending condition's. One row per dated item (the Deadlines view's id), its day and threshold, claimed by
 * its insert in the transaction that queues the mail, as above: a date the counsellor moves is reminded
 * of again on its new day.
 */
export const offerDateReminders = pgTable(
  "offer_date_reminders",
  {
    itemUid: text("item_uid").notNull(),
    day: date("day").notNull(),
    thresholdDays: smallint("threshold_days").notNull(),
    daysLeft: smallint("days_left").notNull(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemUid, t.day, t.thresholdDays] }),
    index("offer_date_reminders_student_idx").on(t.studentId),
  ],
);
