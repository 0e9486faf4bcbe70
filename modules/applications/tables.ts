import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { applicationStatuses } from "../../vocabulary/applications.ts";
import { attachmentTypes, checklistStates } from "../../vocabulary/documents.ts";
import { statementReviewStates } from "../../vocabulary/statements.ts";
import { countries, courses } from "../catalogue/tables.ts";
import { studentFiles } from "../documents/tables.ts";
import { staff } from "../staff/tables.ts";
import { students } from "../students/tables.ts";

/** A student's application to a course; students read them, staff create and move them. */
export const applications = pgTable(
  "applications",
  {
    id: serial("id").primaryKey(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "restrict" }),
    status: text("status", { enum: applicationStatuses }).notNull().default("Shortlisted"),
    /** The intake applied for: month 1..12 and year. */
    intakeMonth: smallint("intake_month"),
    intakeYear: smallint("intake_year"),
    /**
     * The intake's deadline when the application was opened (decision 0085): kept as applied for, so a
     * deadline staff move later (or an intake they remove) shows beside it rather than replacing it.
     */
    appliedDeadline: date("applied_deadline"),
    /** When staff last moved the deadline of the intake it names, or removed that intake (decision 0085). */
    intakeChangedAt: timestamp("intake_changed_at", { withTimezone: true }),
    /** The fields some stages require (offer conditions, confirmation number, visa decision date, reasons). */
    details: jsonb("details").$type<Record<string, string>>().notNull().default({}),
    /** When the application entered its current stage: the time spent in it runs from here. */
    stageEnteredAt: timestamp("stage_entered_at", { withTimezone: true }).notNull().defaultNow(),
    createdByStaffId: integer("created_by_staff_id").references((): AnyPgColumn => staff.id, { onDelete: "set null" }),
    /**
     * The application fee the student recorded as paid, with the receipt they uploaded (that version of the
     * file, kept if they replace it: decision 0057). A counsellor's waiver is an application waiver.
     */
    feeReceiptFileId: integer("fee_receipt_file_id").references((): AnyPgColumn => studentFiles.id, { onDelete: "set null" }),
    feePaidOn: date("fee_paid_on"),
    /** When the counsellor recorded the submission and froze the package (decision 0058). */
    submittedOn: date("submitted_on"),
    universityReference: text("university_reference"),
    /**
     * Where the SOP written in the portal stands (decision 0072): a version waits for the counsellor's
     * review, or one is approved; the package's SOP item reads it. Null while it is a draft or not written.
     */
    sopReview: text("sop_review", { enum: statementReviewStates }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("applications_student_idx").on(t.studentId, t.createdAt),
    index("applications_status_idx").on(t.status),
    // Today's "intakes changed since students applied" (decision 0085) finds the few marked, not a scan of
    // every application (decision 0087); most are never marked, so only the marked ones are indexed.
    index("applications_intake_changed_idx").on(t.intakeChangedAt).where(sql`${t.intakeChangedAt} is not null`),
    // One open application per course and intake (decision 0055): two tabs at once give one, the other is refused.
    uniqueIndex("applications_open_course_intake_idx")
      .on(t.studentId, t.courseId, t.intakeYear, t.intakeMonth)
      .where(sql`${t.status} not in ('Withdrawn', 'Rejected', 'Enrolled')`),
  ],
);

/**
 * The package as it went to the university (decision 0058): each checklist item's state, the file version
 * sent (kept when the student replaces it) and any waiver reason, written once when the submission is recorded.
 */
export const applicationPackageItems = pgTable(
  "application_package_items",
  {
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    item: text("item").notNull(),
    attachmentType: text("attachment_type").notNull(),
    state: text("state", { enum: checklistStates }).notNull(),
    fileId: integer("file_id").references((): AnyPgColumn => studentFiles.id, { onDelete: "set null" }),
    waiverReason: text("waiver_reason"),
    position: smallint("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.item] }), index("application_package_items_file_idx").on(t.fileId)],
);

/** Every stage an application entered: who moved it, when, from where, with the note and the fields given. */
export const applicationEvents = pgTable(
  "application_events",
  {
    id: serial("id").primaryKey(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: applicationStatuses }),
    toStatus: text("to_status", { enum: applicationStatuses }).notNull(),
    note: text("note"),
    details: jsonb("details").$type<Record<string, string>>().notNull().default({}),
    actorStaffId: integer("actor_staff_id").references((): AnyPgColumn => staff.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("application_events_application_idx").on(t.applicationId, t.at)],
);

/** A checklist item staff waived for one application (a document the university does not need). */
export const applicationWaivers = pgTable(
  "application_waivers",
  {
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    /** The checklist item: an attachment type or a country rule's label. */
    item: text("item").notNull(),
    reason: text("reason").notNull(),
    staffId: integer("staff_id").references((): AnyPgColumn => staff.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.item] })],
);

/**
 * Per-country documents an application there needs beyond the spec's required ones (e.g. the APS
 * certificate for Germany), edited by admins; the student uploads it under one of the attachment types.
 */
export const countryDocumentRules = pgTable(
  "country_document_rules",
  {
    id: serial("id").primaryKey(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    attachmentType: text("attachment_type", { enum: attachmentTypes }).notNull(),
    /** Asked for the visa (the visa plan's checklist, decision 0040) rather than for the application. */
    forVisa: boolean("for_visa").notNull().default(false),
  },
  (t) => [uniqueIndex("country_document_rules_idx").on(t.countryId, t.label)],
);
