import { index, integer, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { students } from "../students/tables.ts";

/** A login session: only the SHA-256 of its random token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** How the student's devices list names a session (never the token or its hash). */
    id: serial("id").notNull().unique(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When the session was last used (kept to the hour): an idle session ends. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** The browser and system it was opened from, e.g. "Chrome on Android", from the User-Agent. */
    device: text("device").notNull().default("Unknown device"),
  },
  (t) => [index("sessions_student_idx").on(t.studentId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * A one-time code sent by e-mail (password reset). Stored salted and hashed; a verified code gives
 * a one-time proof (also stored hashed) that setting the new password requires.
 */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: serial("id").primaryKey(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["password_reset"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    salt: text("salt").notNull(),
    attempts: smallint("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when a newer code replaces it, the tries run out, or its proof is used. */
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    proofHash: text("proof_hash"),
    proofExpiresAt: timestamp("proof_expires_at", { withTimezone: true }),
  },
  (t) => [index("one_time_codes_student_idx").on(t.studentId, t.purpose, t.createdAt)],
);
