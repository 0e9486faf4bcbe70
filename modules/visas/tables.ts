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
import { applications } from "../applications/tables.ts";
import { countries } from "../catalogue/tables.ts";
import { counsellingSessions } from "../counselling/tables.ts";
import { staff } from "../staff/tables.ts";
import { students } from "../students/tables.ts";

// ---------------------------------------------------------------------------------------------------
// Visas (decision 0040): the guides per destination, the student's visa plan on an application,
// the mock interview question bank and the student's practices with their answers and reviews.
// ---------------------------------------------------------------------------------------------------

/**
 * A destination's visa guide as admins keep it: the seed's reference guide (modules/visas/guides/*.json)
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
    /** A live mock interview held as a counselling session (decision 0040's kind), scored on the same rubric. */
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
