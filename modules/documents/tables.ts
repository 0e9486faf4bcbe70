import { sql } from "drizzle-orm";
import { type AnyPgColumn, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { correctionReasons, reviewStates, storedFileTypes } from "../../vocabulary/documents.ts";
import { staff } from "../staff/tables.ts";
import { students } from "../students/tables.ts";

/**
 * A student's private upload: one per attachment type (a new upload replaces it), plus the profile
 * photo. Stored under a random key; served only to its owner and to staff, by its random public id.
 */
export const studentFiles = pgTable(
  "student_files",
  {
    id: serial("id").primaryKey(),
    publicId: text("public_id").notNull().unique(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    attachmentType: text("attachment_type", { enum: storedFileTypes }).notNull(),
    storageKey: text("storage_key").notNull(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when a newer upload of the same type replaced it: the previous version is kept for staff. */
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
    /** Staff's review of this version (vocabulary/documents.ts). */
    reviewState: text("review_state", { enum: reviewStates }).notNull().default("Waiting for review"),
    /** With a requested correction: the reason code and the message the student reads. */
    reviewReason: text("review_reason", { enum: correctionReasons }),
    reviewMessage: text("review_message"),
    reviewedByStaffId: integer("reviewed_by_staff_id").references((): AnyPgColumn => staff.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  },
  (t) => [
    // One current file of each type; offer letters aside, one per application (decision 0092).
    uniqueIndex("student_files_current_idx")
      .on(t.studentId, t.attachmentType)
      .where(sql`${t.supersededAt} is null and ${t.attachmentType} <> 'Offer letter'`),
    index("student_files_review_idx").on(t.reviewState, t.createdAt),
  ],
);
