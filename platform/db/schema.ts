import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { applicationStatuses } from "../../vocabulary/applications.ts";
import { courseLevels, courseModes, feePeriods, universityTypes } from "../../vocabulary/catalogue.ts";
import { consultationStatuses, leadSources, lostReasons } from "../../vocabulary/consultations.ts";
import { attachmentTypes, correctionReasons, reviewStates, storedFileTypes } from "../../vocabulary/documents.ts";
import { englishTests } from "../../vocabulary/eligibility.ts";
import { messageAuthors } from "../../vocabulary/messages.ts";
import { consentSources, contactChannels } from "../../vocabulary/privacy.ts";
import { sessionBookers, sessionKindKeys, sessionOutcomes } from "../../vocabulary/sessions.ts";
import { staffRoles } from "../../vocabulary/staff.ts";
import { genders, qualificationLevels } from "../../vocabulary/students.ts";

/** PostgreSQL full-text vector; filled by a trigger (see drizzle/0002_search_index.sql). */
const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

export const countries = pgTable("countries", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  slug: text("slug").notNull().unique(),
  /** ISO 3166-1 alpha-2, lower case: names the flag file. */
  code: text("code").notNull().unique(),
  /** Other names a visitor may type in a URL or search: UK, USA, Holland. Lower case. */
  aliases: text("aliases").array().notNull().default(sql`'{}'::text[]`),
  currency: text("currency").notNull(),
  sortOrder: smallint("sort_order").notNull().default(0),
  /** An admin may hide a country from the site (decision 0017); its universities and courses hide with it. */
  visible: boolean("visible").notNull().default(true),
});

export const universities = pgTable(
  "universities",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    city: text("city").notNull(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id, { onDelete: "restrict" }),
    type: text("type", { enum: universityTypes }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Retired by an admin: kept for the applications that name it, hidden from the site (decision 0017). */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    /** Storage key of the picture an admin uploaded (platform/storage); null shows the drawn placeholder. */
    imageKey: text("image_key"),
    /** Shown on the home page's university strips, in this order (1 first); null when not featured. */
    featuredRank: smallint("featured_rank"),
  },
  (t) => [
    index("universities_country_idx").on(t.countryId, t.name, t.id),
    index("universities_name_idx").on(t.name, t.id),
    /** Imports match a row without an id by its country and name, case-insensitively. */
    index("universities_country_lower_name_idx").on(t.countryId, sql`lower(${t.name})`),
  ],
);

export const courses = pgTable(
  "courses",
  {
    id: serial("id").primaryKey(),
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    level: text("level", { enum: courseLevels }).notNull(),
    durationMonths: smallint("duration_months").notNull(),
    /** Whole units of the currency. Demo figures are illustrative. */
    feeAmount: integer("fee_amount").notNull(),
    feeCurrency: text("fee_currency").notNull(),
    feePeriod: text("fee_period", { enum: feePeriods }).notNull(),
    mode: text("mode", { enum: courseModes }).notNull(),
    englishExamWaiver: boolean("english_exam_waiver").notNull().default(false),
    mediumOfInstruction: text("medium_of_instruction").notNull().default("English"),
    searchVector: tsvector("search_vector"),
    /** Where the fee was read ("University website", a URL) and the day it was checked (decision 0017). */
    feeSource: text("fee_source"),
    feeCheckedOn: date("fee_checked_on"),
    /** Retired by an admin: kept for the applications that name it, hidden from the site (decision 0017). */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    /**
     * Entry requirements (decision 0027), each optional: the lowest percentage and CGPA (10-point scale) in the
     * qualification before the course's level (12th for a bachelor's, diploma or certificate; the bachelor's
     * for a master's; the master's for a PhD), and the lowest score accepted in each English test (any one).
     */
    minPercentage: numeric("min_percentage", { precision: 5, scale: 2 }),
    minCgpa: numeric("min_cgpa", { precision: 4, scale: 2 }),
    minIelts: numeric("min_ielts", { precision: 2, scale: 1 }),
    minToefl: smallint("min_toefl"),
    minPte: smallint("min_pte"),
    /** The Duolingo English Test (10-160), and the admissions tests' totals: GRE General Test, GMAT Focus Edition (decision 0041). */
    minDuolingo: smallint("min_duolingo"),
    minGre: smallint("min_gre"),
    minGmat: smallint("min_gmat"),
  },
  (t) => [
    index("courses_university_idx").on(t.universityId, t.name, t.id),
    index("courses_search_idx").using("gin", t.searchVector),
  ],
);

/** When a course starts taking students, and the last day to apply for that start. */
export const courseIntakes = pgTable(
  "course_intakes",
  {
    id: serial("id").primaryKey(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** 1..12 */
    month: smallint("month").notNull(),
    year: smallint("year").notNull(),
    deadline: date("deadline"),
  },
  (t) => [uniqueIndex("course_intakes_course_start_idx").on(t.courseId, t.year, t.month)],
);

/**
 * One row counting changes to the catalogue: statement triggers on countries, universities and courses
 * add one (drizzle/0013_catalogue_version.sql), so every instance's search index can tell it is behind.
 */
export const catalogueVersion = pgTable("catalogue_version", {
  id: smallint("id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

// ---- h-mirror (issue 26, finding 3; decision 0038): which records each catalogue version step changed

/**
 * One row per step of `catalogue_version`, written by the same statement triggers that move it (hand-written
 * in drizzle/0024): which table the statement changed and the ids of its rows (courses for a course's
 * intakes), or null when it changed more than 1,000 rows (a bulk import: the mirror is rebuilt whole).
 * Every instance's mirror reads the steps after its own version and changes only those records. The oldest
 * are pruned as new ones come (a mirror further behind rebuilds whole).
 */
export const catalogueChanges = pgTable("catalogue_changes", {
  version: bigint("version", { mode: "number" }).primaryKey(),
  /** countries, universities or courses. */
  kind: text("kind").notNull(),
  ids: integer("ids").array(),
});

/** Every distinct word of the search index, for typo correction by trigram similarity. */
export const searchWords = pgTable("search_words", {
  word: text("word").primaryKey(),
});

/** Fixed-window counters shared by every instance (platform/rate-limit.ts). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/** A free consultation booking: a lead for staff (issue "Free consultation booking"). */
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
    status: text("status", { enum: consultationStatuses }).notNull().default("New"),
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

/** A student account (spec section 3: Student; profile fields arrive with the student records issue). */
export const students = pgTable("students", {
  id: serial("id").primaryKey(),
  /** Lower case; unique. */
  email: text("email").notNull().unique(),
  fullName: text("full_name").notNull(),
  /** E.164. */
  phone: text("phone").notNull(),
  /** argon2id; never leaves the server. */
  passwordHash: text("password_hash").notNull(),
  gender: text("gender", { enum: genders }),
  dateOfBirth: date("date_of_birth"),
  passportNo: text("passport_no"),
  address: text("address"),
  /** The student's English test and their overall score in it (decision 0027), both or neither. */
  englishTest: text("english_test", { enum: englishTests }),
  englishScore: numeric("english_score", { precision: 4, scale: 1 }),
  /** The student's GRE General Test total (260-340) and GMAT Focus Edition total (205-805), each optional (decision 0041). */
  greScore: smallint("gre_score"),
  gmatScore: smallint("gmat_score"),
  /** The counsellor who looks after the student (from the converted lead, or chosen by an admin). */
  counsellorStaffId: integer("counsellor_staff_id").references((): AnyPgColumn => staff.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** The student's current contact choices and consent (decision 0024); every change is in student_consents. */
  preferredContact: text("preferred_contact", { enum: contactChannels }).notNull().default("email"),
  newsAndOffers: boolean("news_and_offers").notNull().default(false),
  consentVersion: text("consent_version"),
  consentedAt: timestamp("consented_at", { withTimezone: true }),
});

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

/** Courses a student marked 'Add to Interest' (spec: interested_courses). */
export const studentInterests = pgTable(
  "student_interests",
  {
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.courseId] })],
);

/**
 * A signed-in student's comparison (decision 0043): up to COMPARE_MAX courses, in the order added
 * (`position`), kept on the account so it follows them to another device. A visitor's stays in a cookie.
 */
export const comparedCourses = pgTable(
  "compared_courses",
  {
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.courseId] })],
);

/** Education marks, one row per level (spec: qualifications). */
export const studentQualifications = pgTable(
  "student_qualifications",
  {
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    qualification: text("qualification", { enum: qualificationLevels }).notNull(),
    percentage: numeric("percentage", { precision: 5, scale: 2 }),
    cgpa: numeric("cgpa", { precision: 4, scale: 2 }),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.qualification] })],
);

/**
 * A student's private upload: one per attachment type (a new upload replaces it), plus the profile
 * photo. Stored under a random key; served only to its owner and to staff, by its random public id.
 */
export const studentFiles = pgTable(
  "student_files",
  {
    id: serial("id").primaryKey(),
    publicId: text("public_id").notNull().unique(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    attachmentType: text("attachment_type", { enum: storedFileTypes }).notNull(),
    storageKey: text("storage_key").notNull(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when a newer upload of the same type replaced it: the previous version is kept for staff. */
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
    /** Staff's review of this version (vocabulary/documents.ts). */
    reviewState: text("review_state", { enum: reviewStates }).notNull().default("Waiting for review"),
    /** With a requested correction: the reason code and the message the student reads. */
    reviewReason: text("review_reason", { enum: correctionReasons }),
    reviewMessage: text("review_message"),
    reviewedByStaffId: integer("reviewed_by_staff_id").references((): AnyPgColumn => staff.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("student_files_current_idx").on(t.studentId, t.attachmentType).where(sql`${t.supersededAt} is null`),
    index("student_files_review_idx").on(t.reviewState, t.createdAt),
  ],
);

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
    /** The fields some stages require (offer conditions, confirmation number, visa decision date, reasons). */
    details: jsonb("details").$type<Record<string, string>>().notNull().default({}),
    /** When the application entered its current stage: the time spent in it runs from here. */
    stageEnteredAt: timestamp("stage_entered_at", { withTimezone: true }).notNull().defaultNow(),
    createdByStaffId: integer("created_by_staff_id").references((): AnyPgColumn => staff.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("applications_student_idx").on(t.studentId, t.createdAt), index("applications_status_idx").on(t.status)],
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
    /** Asked for the visa (the visa plan's checklist, issue 28) rather than for the application. */
    forVisa: boolean("for_visa").notNull().default(false),
  },
  (t) => [uniqueIndex("country_document_rules_idx").on(t.countryId, t.label)],
);

/** Internal notes on a student's record: staff only, never shown to the student. */
export const studentNotes = pgTable(
  "student_notes",
  {
    id: serial("id").primaryKey(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    authorStaffId: integer("author_staff_id").references((): AnyPgColumn => staff.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("student_notes_student_idx").on(t.studentId, t.createdAt)],
);

/** A task for a staff member, about a student or a lead, with a due date (IST calendar day). */
export const staffTasks = pgTable(
  "staff_tasks",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    dueOn: date("due_on").notNull(),
    assigneeStaffId: integer("assignee_staff_id")
      .notNull()
      .references((): AnyPgColumn => staff.id, { onDelete: "restrict" }),
    studentId: integer("student_id").references(() => students.id, { onDelete: "cascade" }),
    leadId: integer("lead_id").references(() => consultations.id, { onDelete: "cascade" }),
    createdByStaffId: integer("created_by_staff_id").references((): AnyPgColumn => staff.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    index("staff_tasks_assignee_idx").on(t.assigneeStaffId, t.doneAt, t.dueOn),
    index("staff_tasks_student_idx").on(t.studentId),
  ],
);

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

/** The console's settings an admin changes (lead assignment mode, working hours); one row per key. */
export const consoleSettings = pgTable("console_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

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

/**
 * Mail that a staff member's action sends a student or a lead (issue 26): written in the transaction of
 * the action and its audit entry, so there is mail if and only if there is an audit entry; the job
 * queue sends it. A row is claimed (`sendingSince`) before it is sent and deleted once the mail server
 * took it, so a retried job never sends it twice; a claim older than a quarter of an hour is taken as
 * lost and sent again by the upkeep. The student's erasure takes their unsent rows with it.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    studentId: integer("student_id").references(() => students.id, { onDelete: "cascade" }),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sendingSince: timestamp("sending_since", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt)],
);

/**
 * What staff did, and every view of a student's data: append-only (a trigger refuses updates, deletes
 * and truncation, drizzle/0008_audit_append_only.sql). `actorStaffId` is null for the system itself
 * (start-up, the command line), which `actorLabel` then names.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorStaffId: integer("actor_staff_id").references(() => staff.id, { onDelete: "restrict" }),
    actorLabel: text("actor_label").notNull(),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    /** The student the action concerns (their record, documents, applications): their timeline and access log. */
    studentId: integer("student_id"),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_subject_idx").on(t.subjectType, t.subjectId),
    index("audit_log_student_idx").on(t.studentId, t.id),
  ],
);

/**
 * A CSV import of universities or courses (issue #10): the uploaded file (in file storage), how its
 * columns map to ours, the dry run's figures and the apply's outcome. Runs in the background, so the
 * admin can close the tab and read the result later.
 */
export const catalogueImports = pgTable(
  "catalogue_imports",
  {
    id: serial("id").primaryKey(),
    /** Random, used in addresses instead of the serial id. */
    publicId: text("public_id").notNull().unique(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: ["universities", "courses"] }).notNull(),
    fileName: text("file_name").notNull(),
    storageKey: text("storage_key").notNull(),
    /** The file's header row, normalised: the key under which its column mapping is remembered. */
    headerKey: text("header_key").notNull(),
    /** Our field name -> the file's column name. */
    mapping: jsonb("mapping"),
    /** Whether rows the file leaves out (within what it names) are retired on apply. */
    retireMissing: boolean("retire_missing").notNull().default(false),
    status: text("status", {
      enum: ["uploaded", "checking", "checked", "applying", "applied", "failed", "cancelled"],
    }).notNull(),
    rowsTotal: integer("rows_total"),
    rowsDone: integer("rows_done").notNull().default(0),
    /** Counts of the dry run (new, changed, unchanged, retired, refused) and, once applied, of the apply. */
    summary: jsonb("summary"),
    /** Why the run failed, in words for the admin (never a stack trace). */
    failure: text("failure"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
  },
  (t) => [index("catalogue_imports_created_idx").on(t.createdAt)],
);

/** The dry run's rows that are not unchanged: what each would do, its changed fields, or why it is refused. */
export const catalogueImportRows = pgTable(
  "catalogue_import_rows",
  {
    importId: integer("import_id")
      .notNull()
      .references(() => catalogueImports.id, { onDelete: "cascade" }),
    /** The file's line number (the header is line 1); 0 for a retirement of a row the file leaves out. */
    line: integer("line").notNull(),
    /** Set for retirements, which have no line: the university's or course's id. */
    recordId: integer("record_id"),
    action: text("action", { enum: ["new", "changed", "retired", "refused"] }).notNull(),
    /** What the row names: "University of Oxford (United Kingdom)". */
    label: text("label").notNull(),
    /** For changed rows: field -> [before, after]. */
    changes: jsonb("changes"),
    /** For refused rows: the reason, in words. */
    reason: text("reason"),
  },
  (t) => [index("catalogue_import_rows_import_idx").on(t.importId, t.action, t.line)],
);

/** The column mapping an admin chose for a header, offered again for the next file with the same header. */
export const catalogueImportMappings = pgTable(
  "catalogue_import_mappings",
  {
    kind: text("kind", { enum: ["universities", "courses"] }).notNull(),
    headerKey: text("header_key").notNull(),
    mapping: jsonb("mapping").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.headerKey] })],
);

/**
 * Rupees for one unit of a currency (decision 0025): one row per currency, with where the rate was read
 * and the day it holds for. Fees are shown in their own currency and, from this table, in rupees
 * ("approximately, at the rate of {date}"). Seeded with a dated snapshot; admins update it.
 */
export const exchangeRates = pgTable("exchange_rates", {
  /** ISO 4217, upper case. */
  currency: text("currency").primaryKey(),
  rupeesPerUnit: numeric("rupees_per_unit", { precision: 16, scale: 6 }).notNull(),
  source: text("source").notNull(),
  rateDate: date("rate_date").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A year's living costs for a student in a country (decision 0025), with its source and the year it holds for. */
export const livingCosts = pgTable("living_costs", {
  countryId: integer("country_id")
    .primaryKey()
    .references(() => countries.id, { onDelete: "cascade" }),
  /** Whole units of `currency` for twelve months. */
  amountPerYear: integer("amount_per_year").notNull(),
  currency: text("currency").notNull(),
  source: text("source").notNull(),
  year: smallint("year").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A scholarship open to students from India (decision 0025), as its provider publishes it and as staff
 * keep it. Destinations are country names (a scholarship may name one the catalogue lacks); none means
 * any country. The deadline recurs each year on a month and day, or is null when it varies.
 */
export const scholarships = pgTable(
  "scholarships",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    provider: text("provider").notNull(),
    destinations: text("destinations").array().notNull().default(sql`'{}'::text[]`),
    levels: text("levels", { enum: courseLevels }).array().notNull(),
    amount: text("amount").notNull(),
    /** 1..12 and 1..31, both or neither. */
    deadlineMonth: smallint("deadline_month"),
    deadlineDay: smallint("deadline_day"),
    /** How the provider words the deadline ("usually early November"; "varies by university"). */
    deadlineNote: text("deadline_note"),
    eligibility: text("eligibility").notNull(),
    /** The lowest percentage in the qualification before the level (12th for a bachelor's...), when the provider sets one. */
    minimumPercentage: numeric("minimum_percentage", { precision: 5, scale: 2 }),
    officialUrl: text("official_url").notNull(),
    /** The day someone last checked these facts against the provider. */
    checkedOn: date("checked_on").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Withdrawn by staff: hidden from the site, kept for the record. */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("scholarships_name_provider_idx").on(sql`lower(${t.name})`, sql`lower(${t.provider})`)],
);

/**
 * A search that found fewer than three courses (decision 0026): the term and the time, nothing about
 * who searched. Staff see the terms with their counts in the reports, so the catalogue can follow demand.
 */
export const searchMisses = pgTable(
  "search_misses",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** As the visitor's search box sent it: lower case, at most 100 characters. */
    term: text("term").notNull(),
    /** How many courses it found (0, 1 or 2). */
    results: smallint("results").notNull(),
    searchedAt: timestamp("searched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("search_misses_searched_at_idx").on(t.searchedAt)],
);

/**
 * A read-only link a student gives a parent or guardian (issue #13, decision 0028): it shows the
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

// ---------------------------------------------------------------------------------------------------
// Visas (issue 28, decision 0040): the guides per destination, the student's visa plan on an application,
// the mock interview question bank and the student's practices with their answers and reviews.
// ---------------------------------------------------------------------------------------------------

/**
 * A destination's visa guide as admins keep it: the seed's reference guide (modules/visas/reference-guides.ts)
 * in one document, its figures each with their source and the day they were checked.
 */
export const visaGuides = pgTable("visa_guides", {
  countryId: integer("country_id")
    .primaryKey()
    .references(() => countries.id, { onDelete: "cascade" }),
  guide: jsonb("guide").notNull(),
  updatedByStaffId: integer("updated_by_staff_id").references((): AnyPgColumn => staff.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A student's visa plan, one per application, opened when the university's papers arrive. */
export const visaPlans = pgTable("visa_plans", {
  id: serial("id").primaryKey(),
  applicationId: integer("application_id")
    .notNull()
    .unique()
    .references(() => applications.id, { onDelete: "cascade" }),
  studentId: integer("student_id")
    .notNull()
    .references(() => students.id, { onDelete: "cascade" }),
  countryId: integer("country_id")
    .notNull()
    .references(() => countries.id, { onDelete: "restrict" }),
  /** The funds check: where the money comes from, and the day the student plans to apply. */
  funds: jsonb("funds").$type<Record<string, unknown>>().notNull().default({}),
  /** The outcome staff recorded: issued, administrative processing (221(g)) or refused, with the section and reason. */
  outcome: text("outcome"),
  outcomeSection: text("outcome_section"),
  outcomeReason: text("outcome_reason"),
  outcomeAt: timestamp("outcome_at", { withTimezone: true }),
  outcomeByStaffId: integer("outcome_by_staff_id").references((): AnyPgColumn => staff.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A step of a visa plan the student or staff moved: done or not, with the date it names (appointment, biometrics). */
export const visaPlanSteps = pgTable(
  "visa_plan_steps",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => visaPlans.id, { onDelete: "cascade" }),
    stepKey: text("step_key").notNull(),
    done: boolean("done").notNull().default(false),
    /** YYYY-MM-DD: the appointment, the biometrics. */
    onDate: date("on_date"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.stepKey] })],
);

/** A destination's mock interview: how many questions one practice asks, the timer and the length norms. */
export const visaQuestionBanks = pgTable("visa_question_banks", {
  countryId: integer("country_id")
    .primaryKey()
    .references(() => countries.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  questionsPerPractice: smallint("questions_per_practice").notNull(),
  secondsPerAnswer: smallint("seconds_per_answer").notNull(),
  norms: jsonb("norms").notNull(),
});

/** A mock interview question as staff keep it (the seed's bank first), with what a strong answer covers. */
export const visaQuestions = pgTable(
  "visa_questions",
  {
    id: serial("id").primaryKey(),
    /** The seed's stable id ("us-01"), or null for a question staff wrote. */
    ref: text("ref").unique(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id, { onDelete: "cascade" }),
    theme: text("theme").notNull(),
    text: text("text").notNull(),
    needs: text("needs").array().notNull().default(sql`'{}'::text[]`),
    core: boolean("core").notNull().default(false),
    wants: text("wants").notNull(),
    points: jsonb("points").notNull(),
    redFlags: jsonb("red_flags").notNull(),
    retired: boolean("retired").notNull().default(false),
    updatedByStaffId: integer("updated_by_staff_id").references((): AnyPgColumn => staff.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("visa_questions_country_idx").on(t.countryId, t.theme)],
);

/** A student's mock interview practice for a destination; shared with their counsellor for review. */
export const visaPractices = pgTable(
  "visa_practices",
  {
    id: serial("id").primaryKey(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id, { onDelete: "restrict" }),
    applicationId: integer("application_id").references(() => applications.id, { onDelete: "set null" }),
    /** A live mock interview held as a counselling session (issue 29's kind), scored on the same rubric. */
    sessionId: integer("session_id")
      .unique()
      .references((): AnyPgColumn => counsellingSessions.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    sharedAt: timestamp("shared_at", { withTimezone: true }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedByStaffId: integer("reviewed_by_staff_id").references((): AnyPgColumn => staff.id, { onDelete: "set null" }),
    /** When the student opened the review: until then a notice tells them it is ready (decision 0049). */
    reviewSeenAt: timestamp("review_seen_at", { withTimezone: true }),
  },
  (t) => [index("visa_practices_student_idx").on(t.studentId, t.startedAt), index("visa_practices_shared_idx").on(t.sharedAt)],
);

/** One question of a practice, its answer (typed, or spoken with its recording and transcript), feedback and review. */
export const visaPracticeAnswers = pgTable(
  "visa_practice_answers",
  {
    id: serial("id").primaryKey(),
    practiceId: integer("practice_id")
      .notNull()
      .references(() => visaPractices.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    questionId: integer("question_id").references(() => visaQuestions.id, { onDelete: "set null" }),
    theme: text("theme").notNull(),
    /** The question as asked, its placeholders filled from the student's file. */
    questionText: text("question_text").notNull(),
    mode: text("mode"),
    /** What was typed, or the browser's transcript of what was said. */
    answerText: text("answer_text"),
    durationSeconds: integer("duration_seconds"),
    /** The recording: a private file of the student's, read like their documents. */
    recordingPublicId: text("recording_public_id").unique(),
    recordingKey: text("recording_key"),
    recordingType: text("recording_type"),
    recordingBytes: integer("recording_bytes"),
    feedback: jsonb("feedback"),
    /** When the question was first put to the student: its timer counts from here, across reloads (decision 0049). */
    askedAt: timestamp("asked_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** The counsellor's rubric: clarity, specificity, consistency, intent to return, delivery (1 to 5), and comment. */
    scores: jsonb("scores"),
    comment: text("comment"),
  },
  (t) => [uniqueIndex("visa_practice_answers_position_idx").on(t.practiceId, t.position)],
);

// ---------------------------------------------------------------------------------------------------
// Messages (issue 29, decision 0037; branch h-messages): one conversation per student, owned by
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

// ---------------------------------------------------------------------------------------------------
// Sessions on a calendar (issue 29, modules/sessions/, decision 0036). The exclusion constraint on
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
