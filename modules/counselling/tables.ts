import { sql } from "drizzle-orm";
import {
  customType,
  date,
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
import { sessionBookers, sessionKindKeys, sessionOutcomes } from "../../vocabulary/counselling.ts";
import { consultations } from "../leads/tables.ts";
import { staff } from "../staff/tables.ts";
import { students } from "../students/tables.ts";

// ---------------------------------------------------------------------------------------------------
// Counselling sessions on a calendar (decision 0036). The exclusion constraint on
// calendar_holds and the btree_gist extension it needs are hand-written in drizzle/0027_calendar_holds.sql.
// ---------------------------------------------------------------------------------------------------

/** A span of time, `[from, to)`: PostgreSQL's tstzrange, written and read as its text form. */
const tstzrange = customType<{ data: string }>({
  dataType: () => "tstzrange",
});

/** A day that differs from the week: leave (no hours) or that day's changed hours (IST). One per staff member a day. */
export const staffCalendarExceptions = pgTable(
  "staff_calendar_exceptions",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    /** The IST calendar day. */
    day: date("day").notNull(),
    /** Both null: leave, the whole day; else the day's hours, HH:MM IST. */
    starts: text("starts"),
    ends: text("ends"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_calendar_exceptions_day_idx").on(t.staffId, t.day)],
);

/**
 * A staff member's own calendar: weekly working hours in IST (null: the default week, Monday to Friday
 * 10:00-18:00) and the meeting link their sessions use unless a session has its own.
 */
export const staffCalendarSettings = pgTable("staff_calendar_settings", {
  staffId: integer("staff_id")
    .primaryKey()
    .references(() => staff.id, { onDelete: "cascade" }),
  /** `{ "1": { "starts": "10:00", "ends": "18:00" }, ... }`: weekday (0 Sunday .. 6 Saturday) to HH:MM hours; a day absent is off. */
  weeklyHours: jsonb("weekly_hours").$type<Record<string, { starts: string; ends: string }>>(),
  meetingLink: text("meeting_link"),
});

/** A booked counselling session with a counsellor: a student's, or a visitor's free consultation call (a lead's). */
export const counsellingSessions = pgTable(
  "counselling_sessions",
  {
    id: serial("id").primaryKey(),
    /** The calendar invitation's UID: the same in every update and the cancellation. */
    uid: text("uid").notNull().unique(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "restrict" }),
    studentId: integer("student_id").references(() => students.id, { onDelete: "cascade" }),
    leadId: integer("lead_id").references(() => consultations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: sessionKindKeys as [string, ...string[]] }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** This session's own link; null: the counsellor's link from their settings. */
    meetingLink: text("meeting_link"),
    bookedBy: text("booked_by", { enum: sessionBookers }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** The invitation's SEQUENCE: raised by every move and the cancellation. */
    sequence: integer("sequence").notNull().default(0),
    /** The SEQUENCE whose mail went out (-1: none yet); a sender claims the row first (mail_claimed_at). */
    mailedSequence: integer("mailed_sequence").notNull().default(-1),
    mailClaimedAt: timestamp("mail_claimed_at", { withTimezone: true }),
    mailAttempts: smallint("mail_attempts").notNull().default(0),
    /** Reminders a day and an hour before: when each went out (or was not needed); the sender claims first. */
    remindedDayAt: timestamp("reminded_day_at", { withTimezone: true }),
    remindedHourAt: timestamp("reminded_hour_at", { withTimezone: true }),
    reminderClaimedAt: timestamp("reminder_claimed_at", { withTimezone: true }),
    /** After the session: attended or no-show, and what was done. */
    outcome: text("outcome", { enum: sessionOutcomes }),
    outcomeNote: text("outcome_note"),
    outcomeAt: timestamp("outcome_at", { withTimezone: true }),
  },
  (t) => [
    index("counselling_sessions_staff_idx").on(t.staffId, t.startsAt),
    index("counselling_sessions_student_idx").on(t.studentId, t.startsAt),
    index("counselling_sessions_lead_idx").on(t.leadId),
    index("counselling_sessions_due_idx").on(t.startsAt).where(sql`cancelled_at is null`),
  ],
);

/**
 * Time a staff member is held: by a session that is not cancelled, or by an exception (leave, the
 * hours outside a changed day). The database refuses two holds of one member that overlap (an
 * exclusion constraint with btree_gist, drizzle/0027_calendar_holds.sql): no double booking, ever.
 */
export const calendarHolds = pgTable(
  "calendar_holds",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    during: tstzrange("during").notNull(),
    sessionId: integer("session_id").references(() => counsellingSessions.id, { onDelete: "cascade" }),
    exceptionId: integer("exception_id").references(() => staffCalendarExceptions.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("calendar_holds_session_idx").on(t.sessionId), index("calendar_holds_exception_idx").on(t.exceptionId)],
);
