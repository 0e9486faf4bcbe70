import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { applications } from "../applications/tables.ts";
import { studentFiles } from "../documents/tables.ts";
import { staff } from "../staff/tables.ts";
import { students } from "../students/tables.ts";

export const offerKinds = ["conditional", "unconditional"] as const;
export const offerStates = ["open", "accepted", "held", "declined"] as const;
export type OfferState = (typeof offerStates)[number];

export interface StoredCondition {
  text: string;
  state: "met" | "pending";
  /** YYYY-MM-DD, or null when the letter gives no date. */
  dueOn: string | null;
}
export interface StoredScholarship {
  amount: number;
  currency: string;
  /** For how many years of the course it is awarded. */
  years: number;
  /** What keeping it depends on ("a 60% average each year"), or null when it is not renewable. */
  renewableOn: string | null;
}
export interface StoredDeposit {
  amount: number;
  currency: string;
  dueOn: string | null;
}

/**
 * A university's offer on an application (decision 0078), as the counsellor recorded it from the letter:
 * its conditions, any scholarship or fee waiver, the deposit and the day to reply by, and the student's reply.
 * The database holds one firm acceptance and one backup per student, whatever two tabs send at once.
 */
export const offers = pgTable(
  "offers",
  {
    id: serial("id").primaryKey(),
    applicationId: integer("application_id")
      .notNull()
      .unique()
      .references(() => applications.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: offerKinds }).notNull(),
    conditions: jsonb("conditions").$type<StoredCondition[]>().notNull().default([]),
    scholarship: jsonb("scholarship").$type<StoredScholarship | null>(),
    deposit: jsonb("deposit").$type<StoredDeposit | null>(),
    replyBy: date("reply_by").notNull(),
    state: text("state", { enum: offerStates }).notNull().default("open"),
    declineReason: text("decline_reason"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    /** A counsellor let the student reply again after the date or after a decline. */
    reopened: boolean("reopened").notNull().default(false),
    recordedByStaffId: integer("recorded_by_staff_id").references((): AnyPgColumn => staff.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("offers_student_idx").on(t.studentId),
    uniqueIndex("offers_one_firm_idx").on(t.studentId).where(sql`${t.state} = 'accepted'`),
    uniqueIndex("offers_one_backup_idx").on(t.studentId).where(sql`${t.state} = 'held'`),
  ],
);

/**
 * A university's offer letter the student uploaded on an application (decision 0092), stored as the
 * documents module stores a file (private, by content type, within the same limits). Until a counsellor
 * confirms it by recording the offer from it, it is an offer awaiting confirmation: not compared, not
 * replied to. A second upload before the confirmation replaces the first.
 */
export const offerLetters = pgTable(
  "offer_letters",
  {
    id: serial("id").primaryKey(),
    applicationId: integer("application_id")
      .notNull()
      .unique()
      .references(() => applications.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    fileId: integer("file_id")
      .notNull()
      .references(() => studentFiles.id, { onDelete: "cascade" }),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when a counsellor recorded the offer from this letter. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    confirmedByStaffId: integer("confirmed_by_staff_id").references((): AnyPgColumn => staff.id, { onDelete: "set null" }),
  },
  (t) => [index("offer_letters_student_idx").on(t.studentId)],
);
