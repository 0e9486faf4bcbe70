import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigserial, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { messageAuthors } from "../../vocabulary/messages.ts";
import { studentFiles } from "../documents/tables.ts";
import { staff } from "../staff/tables.ts";
import { students } from "../students/tables.ts";

// ---------------------------------------------------------------------------------------------------
// Messages (decision 0037): one conversation per student, owned by
// modules/messages/. It belongs to the student (not to a counsellor), so a reassigned student's
// conversation follows them; erasing the student erases it by cascade.
// ---------------------------------------------------------------------------------------------------

/** One message of a student's conversation: plain text, from the student or a staff member. */
export const conversationMessages = pgTable(
  "conversation_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    author: text("author", { enum: messageAuthors }).notNull(),
    /** The staff member who wrote it (null for the student's own, or once that account is deleted). */
    authorStaffId: integer("author_staff_id").references((): AnyPgColumn => staff.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    /** One of the student's documents attached to it (that version); gone with the document. */
    fileId: integer("file_id").references(() => studentFiles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the other side read it (the student a staff message; the counsellor a student's); null while unread. */
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("conversation_messages_student_idx").on(t.studentId, t.createdAt),
    index("conversation_messages_unread_idx").on(t.studentId, t.author).where(sql`${t.readAt} is null`),
  ],
);

/**
 * The mail about new messages, per student and side (the student, or their counsellor): when one was
 * last sent, and since when new messages wait to be told (null: nothing waits). One mail a quiet period.
 */
export const conversationNotices = pgTable(
  "conversation_notices",
  {
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    /** Whom the mail is for: "student", or "staff" (the student's counsellor). */
    recipient: text("recipient", { enum: messageAuthors }).notNull(),
    lastMailedAt: timestamp("last_mailed_at", { withTimezone: true }),
    waitingSince: timestamp("waiting_since", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.recipient] }),
    index("conversation_notices_waiting_idx").on(t.waitingSince).where(sql`${t.waitingSince} is not null`),
  ],
);
