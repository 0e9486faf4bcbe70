import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { statementKinds } from "../../vocabulary/statements.ts";
import { applications } from "../applications/tables.ts";
import { staff } from "../staff/tables.ts";
import { students } from "../students/tables.ts";

/**
 * A student's statement on one application (decision 0072): the SOP, or a Canadian study permit's letter of
 * explanation. Its draft is plain-text paragraphs; `revision` counts the saves, so a save from a tab that
 * read an older draft is refused (optimistic concurrency) instead of overwriting the newer one.
 */
export const statements = pgTable(
  "statements",
  {
    id: serial("id").primaryKey(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: statementKinds }).notNull(),
    paragraphs: jsonb("paragraphs").$type<string[]>().notNull().default([]),
    revision: integer("revision").notNull().default(0),
    /** The version the counsellor approved: the one the package uses. */
    approvedVersionId: integer("approved_version_id").references((): AnyPgColumn => statementVersions.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("statements_application_kind_idx").on(t.applicationId, t.kind),
    index("statements_student_idx").on(t.studentId),
  ],
);

/** A version the student sent for review: frozen, never edited; numbered from 1 per statement. */
export const statementVersions = pgTable(
  "statement_versions",
  {
    id: serial("id").primaryKey(),
    statementId: integer("statement_id")
      .notNull()
      .references((): AnyPgColumn => statements.id, { onDelete: "cascade" }),
    number: smallint("number").notNull(),
    paragraphs: jsonb("paragraphs").$type<string[]>().notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    approvedByStaffId: integer("approved_by_staff_id").references(() => staff.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("statement_versions_number_idx").on(t.statementId, t.number)],
);

/**
 * A counsellor's comment on a version, anchored to one of its paragraphs (decision 0072): the paragraph's
 * text and its hash are kept, so the comment is found again in a later draft or version by the same text,
 * else by the most alike paragraph; the student answers it or marks it done.
 */
export const statementComments = pgTable(
  "statement_comments",
  {
    id: serial("id").primaryKey(),
    statementId: integer("statement_id")
      .notNull()
      .references(() => statements.id, { onDelete: "cascade" }),
    versionId: integer("version_id")
      .notNull()
      .references(() => statementVersions.id, { onDelete: "cascade" }),
    paragraphIndex: smallint("paragraph_index").notNull(),
    paragraphHash: text("paragraph_hash").notNull(),
    paragraphText: text("paragraph_text").notNull(),
    /** The words of the paragraph the comment is about, when the counsellor picked a selection. */
    quote: text("quote"),
    body: text("body").notNull(),
    staffId: integer("staff_id").references(() => staff.id, { onDelete: "set null" }),
    staffName: text("staff_name").notNull(),
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("statement_comments_statement_idx").on(t.statementId, t.createdAt)],
);
