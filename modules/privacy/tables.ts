import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { consentSources, contactChannels } from "../../vocabulary/privacy.ts";
import { students } from "../students/tables.ts";

/** Every consent a student gave or changed: the choices, the wording's version, when and where. */
export const studentConsents = pgTable(
  "student_consents",
  {
    id: serial("id").primaryKey(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    preferredContact: text("preferred_contact", { enum: contactChannels }).notNull(),
    newsAndOffers: boolean("news_and_offers").notNull(),
    wordingVersion: text("wording_version").notNull(),
    source: text("source", { enum: consentSources }).notNull(),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("student_consents_student_idx").on(t.studentId, t.givenAt)],
);

/**
 * A student's "Download my data": a ZIP built by a job (decision 0024), kept in file storage under a
 * random key, served only to its owner by its random public id until it expires; then swept.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: serial("id").primaryKey(),
    publicId: text("public_id").notNull().unique(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["preparing", "ready", "failed"] })
      .notNull()
      .default("preparing"),
    storageKey: text("storage_key"),
    sizeBytes: integer("size_bytes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("data_exports_student_idx").on(t.studentId, t.createdAt), index("data_exports_expires_idx").on(t.expiresAt)],
);
