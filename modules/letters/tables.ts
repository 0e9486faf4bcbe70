import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { storedLetterStatuses } from "../../vocabulary/letters.ts";
import { applications } from "../applications/tables.ts";
import { students } from "../students/tables.ts";

/**
 * A person a student asks for recommendation letters (decision 0075): the student's data, in their export and
 * erased with their account. One recommender may write for several applications; an address is kept once
 * per student (a second invitation to it updates the details).
 */
export const recommenders = pgTable(
  "recommenders",
  {
    id: serial("id").primaryKey(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    role: text("role").notNull(),
    institution: text("institution").notNull(),
    relation: text("relation").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("recommenders_student_email_idx").on(t.studentId, t.email)],
);

/**
 * One invitation to write a letter for one or more of the student's applications (decision 0075). The
 * recommender's link is a random token kept only as its SHA-256; it works while the invitation is invited
 * or opened and not past `expiresAt`. The letter (a PDF) is kept under a random storage key: a second
 * upload before submission replaces the first (both audited). `waived`: the student gave up the right to read it.
 */
export const letterRequests = pgTable(
  "letter_requests",
  {
    id: serial("id").primaryKey(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    recommenderId: integer("recommender_id")
      .notNull()
      .references(() => recommenders.id, { onDelete: "cascade" }),
    waived: boolean("waived").notNull(),
    status: text("status", { enum: storedLetterStatuses }).notNull().default("invited"),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last mail sent to the recommender (the invitation or a reminder): reminders are counted from it. */
    lastMailAt: timestamp("last_mail_at", { withTimezone: true }).notNull().defaultNow(),
    reminders: integer("reminders").notNull().default(0),
    /** The outbox row of the last mail: while it is there, the mail waits to go (modules/outbox.ts). */
    outboxId: integer("outbox_id"),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** The letter uploaded (the current one): its storage key, name, size and when. */
    storageKey: text("storage_key"),
    fileName: text("file_name"),
    sizeBytes: integer("size_bytes"),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }),
  },
  (t) => [
    index("letter_requests_student_idx").on(t.studentId, t.invitedAt),
    index("letter_requests_open_idx").on(t.status).where(sql`${t.status} in ('invited', 'opened')`),
  ],
);

/** Which applications an invitation's letter is for. */
export const letterRequestApplications = pgTable(
  "letter_request_applications",
  {
    requestId: integer("request_id")
      .notNull()
      .references(() => letterRequests.id, { onDelete: "cascade" }),
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.applicationId] }),
    index("letter_request_applications_app_idx").on(t.applicationId),
  ],
);
