import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { englishTests } from "../../vocabulary/eligibility.ts";
import { contactChannels } from "../../vocabulary/privacy.ts";
import { genders, qualificationLevels } from "../../vocabulary/students.ts";
import { courses } from "../catalogue/tables.ts";
import { staff } from "../staff/tables.ts";

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
