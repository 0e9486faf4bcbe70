import { type AnyPgColumn, date, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { staffRoles } from "../../vocabulary/staff.ts";

/** Staff accounts (counsellors, admins, document verifiers, read-only), apart from students. */
export const staff = pgTable("staff", {
  id: serial("id").primaryKey(),
  /** Lower case; unique. */
  email: text("email").notNull().unique(),
  fullName: text("full_name").notNull(),
  role: text("role", { enum: staffRoles }).notNull(),
  /** argon2id; never leaves the server. Null while an invitation waits to be accepted. */
  passwordHash: text("password_hash"),
  /** A disabled account cannot sign in; its sessions end. */
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An e-mailed invitation to set a first password: the link's random token is kept only as its SHA-256,
 * used once, and expires.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    tokenHash: text("token_hash").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    invitedByStaffId: integer("invited_by_staff_id").references((): AnyPgColumn => staff.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when the link was used, or a newer invitation replaced it. */
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("staff_invitations_staff_idx").on(t.staffId)],
);

/** Which daily digests went out: the unique key makes each go once a day across all instances. */
export const digestRuns = pgTable(
  "digest_runs",
  {
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    /** The IST calendar day. */
    day: date("day").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.day] })],
);

/** A staff session, apart from students' sessions: only the SHA-256 of its token is stored. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId), index("staff_sessions_expires_idx").on(t.expiresAt)],
);
