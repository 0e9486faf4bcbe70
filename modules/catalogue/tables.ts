import { sql } from "drizzle-orm";
import {
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
import { courseLevels, courseModes, feePeriods, universityTypes } from "../../vocabulary/catalogue.ts";
import { staff } from "../staff/tables.ts";

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
    /**
     * What an application's package holds (decision 0057), read with the country's document rules into one
     * checklist: recommendation letters, the SOP and its word limit, a portfolio or writing sample, the
     * English test's and the GRE/GMAT's score reports, and the application fee (whole units of its currency;
     * null: none asked). The portal takes no payment (decision 0057).
     */
    lettersRequired: smallint("letters_required").notNull().default(0),
    sopRequired: boolean("sop_required").notNull().default(false),
    sopWordLimit: smallint("sop_word_limit"),
    portfolioRequired: boolean("portfolio_required").notNull().default(false),
    writingSampleRequired: boolean("writing_sample_required").notNull().default(false),
    englishTestAsked: boolean("english_test_asked").notNull().default(false),
    admissionsTestAsked: boolean("admissions_test_asked").notNull().default(false),
    applicationFeeAmount: integer("application_fee_amount"),
    applicationFeeCurrency: text("application_fee_currency"),
    /**
     * Where the application fee was read and the day it was checked, as the tuition fee's (decision 0105):
     * without a day a student reads it "not checked".
     */
    applicationFeeSource: text("application_fee_source"),
    applicationFeeCheckedOn: date("application_fee_checked_on"),
    /**
     * Where the course's intake deadlines were read (one page of the university's dates, as a rule) and the
     * day they were checked (decision 0105): one for all its intakes, in the course's record.
     */
    deadlineSource: text("deadline_source"),
    deadlineCheckedOn: date("deadline_checked_on"),
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

// ---- The mirror (decision 0038): which records each catalogue version step changed

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

/**
 * A CSV import of universities or courses (decision 0017): the uploaded file (in file storage), how its
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
