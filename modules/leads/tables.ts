import { boolean, index, integer, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { leadSources, leadStatuses, lostReasons } from "../../vocabulary/consultations.ts";
import { contactChannels } from "../../vocabulary/privacy.ts";
import { staff } from "../staff/tables.ts";

/**
 * A lead: the row the free consultation's form creates (a booking) or staff enter by hand, and staff
 * work. The SQL table, and so its drizzle handle, keeps its first name, `consultations` (decision 0031).
 */
export const consultations = pgTable(
  "consultations",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** E.164, e.g. +919876543210. */
    phoneNumber: text("phone_number").notNull(),
    email: text("email").notNull(),
    studyDestination: text("study_destination").notNull(),
    typeOfStudy: text("type_of_study").notNull(),
    preferredSubject: text("preferred_subject").notNull(),
    yearOfStudy: text("year_of_study"),
    state: text("state"),
    qualification: text("qualification"),
    /** The student's account when the booking was made logged in (accounts arrive later). */
    studentId: integer("student_id"),
    status: text("status", { enum: leadStatuses }).notNull().default("New"),
    /** Set with the status Lost. */
    lostReason: text("lost_reason", { enum: lostReasons }),
    /** The counsellor the lead is assigned to (round-robin at booking); null while nobody is. */
    assignedStaffId: integer("assigned_staff_id").references(() => staff.id, { onDelete: "set null" }),
    /**
     * When the lead was last given to its counsellor by someone else (round-robin, an admin), and when that
     * counsellor first opened it since: a lead given and not yet opened nor contacted is new to them on
     * Today (decision 0042). Null before this was kept, and for a lead its counsellor gave themselves.
     */
    assignedAt: timestamp("assigned_at", { withTimezone: true }),
    assigneeOpenedAt: timestamp("assignee_opened_at", { withTimezone: true }),
    /** Where the lead came from: the website's form, or one staff entered (phone, walk-in, event, referral). */
    source: text("source", { enum: leadSources }).notNull().default("Website form"),
    /** When someone first moved the lead on from New: the first response, timed in working hours. */
    firstContactedAt: timestamp("first_contacted_at", { withTimezone: true }),
    /** Set when this lead was merged into another (a duplicate); both histories stay in the audit log. */
    mergedIntoId: integer("merged_into_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Mail is sent after the booking is saved; null means still to send (retried). */
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    staffNotifiedAt: timestamp("staff_notified_at", { withTimezone: true }),
    mailAttempts: smallint("mail_attempts").notNull().default(0),
    /** How the person wants to be contacted, and whether they agreed to news and offers (decision 0024). */
    preferredContact: text("preferred_contact", { enum: contactChannels }).notNull().default("email"),
    newsAndOffers: boolean("news_and_offers").notNull().default(false),
    /** The version of the consent sentence the person agreed to, and when; null for a lead staff entered. */
    consentVersion: text("consent_version"),
    consentedAt: timestamp("consented_at", { withTimezone: true }),
  },
  (t) => [
    index("consultations_contact_idx").on(t.email, t.phoneNumber, t.createdAt),
    index("consultations_status_idx").on(t.status, t.createdAt),
    index("consultations_assigned_idx").on(t.assignedStaffId, t.createdAt),
  ],
);
