import { bigserial, boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { students } from "../students/tables.ts";

/**
 * A read-only link a student gives a parent or guardian (decision 0028): it shows the
 * student's first name and applications, nothing else. The link's random token is kept only as its
 * SHA-256 (the student sees the link once, at creation); it expires, and the student may revoke it.
 */
export const parentLinks = pgTable(
  "parent_links",
  {
    id: serial("id").primaryKey(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    /** Whom it is for, as the student wrote it ("Mother"), or null. */
    label: text("label"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("parent_links_student_idx").on(t.studentId, t.createdAt)],
);

/** Each time a parent link was opened: when, and the browser's family and system only ("Chrome on Android"). */
export const parentLinkOpenings = pgTable(
  "parent_link_openings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    linkId: integer("link_id")
      .notNull()
      .references(() => parentLinks.id, { onDelete: "cascade" }),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    device: text("device").notNull(),
  },
  (t) => [index("parent_link_openings_link_idx").on(t.linkId, t.openedAt)],
);

/**
 * What a student chose to show on their parent links beyond the stages (decision 0091): the offers'
 * amounts (scholarship, deposit). No row, or false, is the default: the parent reads each offer's state and
 * the chosen university, never the money. One choice for all the student's links; it goes with the account.
 */
export const parentSharing = pgTable("parent_sharing", {
  studentId: integer("student_id")
    .primaryKey()
    .references(() => students.id, { onDelete: "cascade" }),
  offerAmounts: boolean("offer_amounts").notNull().default(false),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
});
