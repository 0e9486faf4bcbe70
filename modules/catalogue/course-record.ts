import { type Column, type GetColumnData, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  courseLevels,
  courseModes,
  feePeriods,
  catalogueAdminMessages as m,
  universityTypes,
} from "../../vocabulary/catalogue.ts";
import { MAX_LETTERS } from "../../vocabulary/documents.ts";
import { eligibilityMessages } from "../../vocabulary/eligibility.ts";
import { blankToUndefined, calendarDay, checkbox, oneOf, optionalLine, personName, wholeNumber } from "../fields.ts";
import { courses, universities } from "./tables.ts";

/**
 * A course's facts, each written once (decision 0031, "One record shape"): its database column, how it
 * is read and stored, the form's parser, its CSV column (the database column's name), the hint the
 * import's mapping screen shows, the other header names a file may use, and whether it is an entry
 * requirement. Editing (courseInput, the console's columns), the CSV import and export, the public
 * reading, the catalogue mirror and the staff API's answer schema take their lists from here, in this
 * order (the CSV file's and the form's).
 *
 * Adding a course field: its column in modules/catalogue/tables.ts (and the migration), one entry here, and
 * wherever a screen or the spec's answer shows it (the console's form, app/components/course-fields.tsx;
 * the course page). Measured in decision 0031: 6 files instead of 12.
 */

/**
 * How a field is held: `text` and `choice` (one of `options`) as text, `whole` a whole number, `decimal`
 * a numeric column read as a number, `yesNo` a boolean ("yes"/"no" in a CSV file), `date` YYYY-MM-DD.
 */
export type FieldKind = "text" | "choice" | "whole" | "decimal" | "yesNo" | "date";

export interface RecordField<C extends Column = Column, I extends z.ZodType = z.ZodType, K extends FieldKind = FieldKind> {
  column: C;
  kind: K;
  /** The form's (and the import's) parser. */
  input: I;
  /** What the CSV column holds, for the import's mapping screen. */
  hint: string;
  /** Other header names a file may use for it (compared lower-case, spaces and dashes as _). */
  synonyms?: readonly string[];
  /** A choice's values (a CSV cell is read whatever its letter case). */
  options?: readonly string[];
  /** What a new row of an import takes when the file leaves the column out. */
  newRow?: string;
  /** The staff API's description of it, in the answer's schema. */
  description?: string;
  /** An entry requirement (decision 0027): the public side groups these as a course's `requirements`. */
  requirement?: true;
  /** Part of the fee: the public side groups these as a course's `fee`, under this name. */
  fee?: "amount" | "currency" | "period" | "source" | "checkedOn";
  /** Part of what an application's package holds (decision 0057). */
  package?: true;
  /** A day something was checked on (decisions 0017, 0105): refused with this message when after today. */
  notAfterToday?: string;
}

const field = <C extends Column, I extends z.ZodType, K extends FieldKind>(f: RecordField<C, I, K>) => f;

/** An optional minimum: blank is "not set"; otherwise a number on the scale, in the scale's steps. */
const optionalMinimum = (message: string, min: number, max: number, step: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: message })
      .min(min, message)
      .max(max, message)
      .refine((n) => Math.abs((n - min) / step - Math.round((n - min) / step)) < 1e-9, message)
      .optional(),
  );

export const courseFields = {
  name: field({
    column: courses.name,
    kind: "text",
    input: personName(m.enterCourseName, 200),
    hint: "Name",
    synonyms: ["university_name", "course_name", "title"],
    newRow: "",
  }),
  level: field({
    column: courses.level,
    kind: "choice",
    options: courseLevels,
    input: oneOf(courseLevels, m.chooseLevel),
    hint: courseLevels.join(", "),
    synonyms: ["course_level", "study_level"],
    newRow: "",
  }),
  durationMonths: field({
    column: courses.durationMonths,
    kind: "whole",
    input: wholeNumber(m.duration, 1, 120),
    hint: "Whole months",
    synonyms: ["duration", "months"],
  }),
  feeAmount: field({
    column: courses.feeAmount,
    fee: "amount",
    kind: "whole",
    input: wholeNumber(m.feeAmount, 0, 100_000_000),
    hint: "Whole units of the currency",
    synonyms: ["fee", "fees", "tuition", "tuition_fee"],
  }),
  feeCurrency: field({
    column: courses.feeCurrency,
    fee: "currency",
    kind: "text",
    input: z
      .string({ error: m.currency })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, m.currency),
    hint: "Three letters, e.g. GBP",
    synonyms: ["currency"],
  }),
  feePeriod: field({
    column: courses.feePeriod,
    fee: "period",
    kind: "choice",
    options: feePeriods,
    input: oneOf(feePeriods, m.choosePeriod),
    hint: feePeriods.join(", "),
    synonyms: ["period"],
  }),
  mode: field({
    column: courses.mode,
    kind: "choice",
    options: courseModes,
    input: oneOf(courseModes, m.chooseMode),
    hint: courseModes.join(", "),
    synonyms: ["study_mode", "attendance"],
  }),
  englishExamWaiver: field({
    column: courses.englishExamWaiver,
    kind: "yesNo",
    input: checkbox,
    hint: "yes or no",
    synonyms: ["english_waiver", "ielts_waiver"],
  }),
  mediumOfInstruction: field({
    column: courses.mediumOfInstruction,
    kind: "text",
    input: personName(m.enterMedium, 60),
    hint: "e.g. English",
    synonyms: ["medium", "language"],
    newRow: "English",
  }),
  feeSource: field({
    column: courses.feeSource,
    fee: "source",
    kind: "text",
    input: optionalLine(300),
    hint: "Where the fee was read (optional)",
    description: "Where the fee was read: a URL or e.g. University website",
  }),
  feeCheckedOn: field({
    column: courses.feeCheckedOn,
    fee: "checkedOn",
    kind: "date",
    input: z.preprocess(blankToUndefined, calendarDay(m.checkedOn).optional()),
    hint: "YYYY-MM-DD (optional)",
    synonyms: ["checked_on"],
    description: "The day the fee was checked",
    notAfterToday: m.checkedOn,
  }),
  minPercentage: field({
    column: courses.minPercentage,
    kind: "decimal",
    input: optionalMinimum(eligibilityMessages.percentage, 0, 100, 0.01),
    hint: "Entry requirement: lowest percentage in the qualification before the level (optional)",
    description: "Entry requirement: lowest percentage in the qualification before the level (decision 0027)",
    requirement: true,
  }),
  minCgpa: field({
    column: courses.minCgpa,
    kind: "decimal",
    input: optionalMinimum(eligibilityMessages.cgpa, 0, 10, 0.01),
    hint: "Entry requirement: lowest CGPA out of 10 in that qualification (optional)",
    description: "Entry requirement: lowest CGPA (10-point scale) in that qualification",
    requirement: true,
  }),
  minIelts: field({
    column: courses.minIelts,
    kind: "decimal",
    input: optionalMinimum(eligibilityMessages.ielts, 0, 9, 0.5),
    hint: "Entry requirement: lowest IELTS band, e.g. 6.5 (optional)",
    description: "Entry requirement: lowest IELTS overall band",
    requirement: true,
  }),
  minToefl: field({
    column: courses.minToefl,
    kind: "whole",
    input: optionalMinimum(eligibilityMessages.toefl, 0, 120, 1),
    hint: "Entry requirement: lowest TOEFL iBT score (optional)",
    description: "Entry requirement: lowest TOEFL iBT score",
    requirement: true,
  }),
  minPte: field({
    column: courses.minPte,
    kind: "whole",
    input: optionalMinimum(eligibilityMessages.pte, 10, 90, 1),
    hint: "Entry requirement: lowest PTE Academic score (optional)",
    description: "Entry requirement: lowest PTE Academic score",
    requirement: true,
  }),
  minDuolingo: field({
    column: courses.minDuolingo,
    kind: "whole",
    input: optionalMinimum(eligibilityMessages.duolingo, 10, 160, 5),
    hint: "Entry requirement: lowest Duolingo English Test score, 10 to 160 in steps of 5 (optional)",
    synonyms: ["min_det", "duolingo"],
    description: "Entry requirement: lowest Duolingo English Test score (10 to 160, in steps of 5)",
    requirement: true,
  }),
  minGre: field({
    column: courses.minGre,
    kind: "whole",
    input: optionalMinimum(eligibilityMessages.gre, 260, 340, 1),
    hint: "Entry requirement: lowest GRE General Test total, 260 to 340 (optional)",
    synonyms: ["gre"],
    description: "Entry requirement: lowest GRE General Test total (260 to 340; decision 0041)",
    requirement: true,
  }),
  minGmat: field({
    column: courses.minGmat,
    kind: "whole",
    input: optionalMinimum(eligibilityMessages.gmat, 205, 805, 10),
    hint: "Entry requirement: lowest GMAT Focus Edition total, 205 to 805 ending in 5 (optional)",
    synonyms: ["gmat"],
    description: "Entry requirement: lowest GMAT Focus Edition total (205 to 805, ending in 5; decision 0041)",
    requirement: true,
  }),
  // ---- the application's package (decision 0057): read with the country's document rules into one checklist
  lettersRequired: field({
    column: courses.lettersRequired,
    kind: "whole",
    input: z.preprocess(blankToUndefined, wholeNumber(m.letters, 0, MAX_LETTERS).default(0)),
    hint: `Package: recommendation letters asked, 0 to ${MAX_LETTERS}`,
    synonyms: ["letters", "lors", "recommendation_letters"],
    description: `Package: how many recommendation letters the course asks (0 to ${MAX_LETTERS}; decision 0057)`,
    package: true,
  }),
  sopRequired: field({
    column: courses.sopRequired,
    kind: "yesNo",
    input: checkbox,
    hint: "Package: SOP asked, yes or no",
    synonyms: ["sop"],
    description: "Package: the course asks for a statement of purpose",
    package: true,
  }),
  sopWordLimit: field({
    column: courses.sopWordLimit,
    kind: "whole",
    input: z.preprocess(blankToUndefined, wholeNumber(m.sopWords, 100, 5000).optional()),
    hint: "Package: the SOP's word limit, 100 to 5000 (optional)",
    synonyms: ["sop_words"],
    description: "Package: the statement of purpose's word limit",
    package: true,
  }),
  portfolioRequired: field({
    column: courses.portfolioRequired,
    kind: "yesNo",
    input: checkbox,
    hint: "Package: portfolio asked, yes or no",
    synonyms: ["portfolio"],
    description: "Package: the course asks for a portfolio",
    package: true,
  }),
  writingSampleRequired: field({
    column: courses.writingSampleRequired,
    kind: "yesNo",
    input: checkbox,
    hint: "Package: writing sample asked, yes or no",
    synonyms: ["writing_sample"],
    description: "Package: the course asks for a writing sample",
    package: true,
  }),
  englishTestAsked: field({
    column: courses.englishTestAsked,
    kind: "yesNo",
    input: checkbox,
    hint: "Package: English test score report asked, yes or no",
    synonyms: ["english_test"],
    description: "Package: the course asks for an English test's score report",
    package: true,
  }),
  admissionsTestAsked: field({
    column: courses.admissionsTestAsked,
    kind: "yesNo",
    input: checkbox,
    hint: "Package: GRE or GMAT score report asked, yes or no",
    synonyms: ["gre_gmat", "admissions_test"],
    description: "Package: the course asks for a GRE or GMAT score report",
    package: true,
  }),
  applicationFeeAmount: field({
    column: courses.applicationFeeAmount,
    kind: "whole",
    input: z.preprocess(blankToUndefined, wholeNumber(m.applicationFee, 0, 10_000_000).optional()),
    hint: "Package: application fee in whole units of its currency (optional: none asked)",
    synonyms: ["application_fee"],
    description:
      "Package: the application fee, whole units of applicationFeeCurrency (null: none asked; the portal takes no payment, decision 0057)",
    package: true,
  }),
  applicationFeeCurrency: field({
    column: courses.applicationFeeCurrency,
    kind: "text",
    input: z.preprocess(
      blankToUndefined,
      z
        .string({ error: m.currency })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{3}$/, m.currency)
        .optional(),
    ),
    hint: "Package: the application fee's currency, three letters (optional)",
    synonyms: ["application_fee_currency"],
    description: "Package: the application fee's currency",
    package: true,
  }),
  // ---- where a figure a student acts on was read, and when (decision 0105): shown "not checked" without a day
  applicationFeeSource: field({
    column: courses.applicationFeeSource,
    kind: "text",
    input: optionalLine(300),
    hint: "Package: where the application fee was read, a URL or University website (optional)",
    synonyms: ["application_fee_url"],
    description: "Where the application fee was read: a URL or e.g. University website (decision 0105)",
    package: true,
  }),
  applicationFeeCheckedOn: field({
    column: courses.applicationFeeCheckedOn,
    kind: "date",
    input: z.preprocess(blankToUndefined, calendarDay(m.applicationFeeCheckedOn).optional()),
    hint: "Package: the day the application fee was checked, YYYY-MM-DD (optional)",
    synonyms: ["application_fee_checked"],
    description: "The day the application fee was checked; without it students read the fee as not checked (decision 0105)",
    package: true,
    notAfterToday: m.applicationFeeCheckedOn,
  }),
  deadlineSource: field({
    column: courses.deadlineSource,
    kind: "text",
    input: optionalLine(300),
    hint: "Where the intakes' application deadlines were read, a URL or University website (optional)",
    synonyms: ["deadlines_source", "deadline_url"],
    description: "Where the intakes' application deadlines were read: a URL or e.g. University website (decision 0105)",
  }),
  deadlineCheckedOn: field({
    column: courses.deadlineCheckedOn,
    kind: "date",
    input: z.preprocess(blankToUndefined, calendarDay(m.deadlineCheckedOn).optional()),
    hint: "The day the intakes' deadlines were checked, YYYY-MM-DD (optional)",
    synonyms: ["deadlines_checked_on"],
    description:
      "The day the intakes' application deadlines were checked; without it students read them as not checked (decision 0105)",
    notAfterToday: m.deadlineCheckedOn,
  }),
};

type CourseFieldMap = typeof courseFields;
export type CourseFieldKey = keyof CourseFieldMap;

/** Every field with its key, in the record's order. */
export const courseFieldList = Object.entries(courseFields).map(([key, f]) => ({
  ...(f as RecordField),
  key,
})) as (RecordField & {
  key: CourseFieldKey;
})[];

/** A field's value as read: decimals as numbers, dates as YYYY-MM-DD, null where the column allows it. */
type ReadValue<F> =
  F extends RecordField<infer C, z.ZodType, infer K> ? (K extends "decimal" ? number | null : GetColumnData<C>) : never;

/** A field's value as written: a decimal as a string (numeric keeps it exact). */
type StoredValue<F> =
  F extends RecordField<infer C, z.ZodType, infer K> ? (K extends "decimal" ? string | null : GetColumnData<C>) : never;

/** A course's facts as read from the database (the editing screen's, the mirror's, the public side's). */
export type CourseFacts = { [K in CourseFieldKey]: ReadValue<CourseFieldMap[K]> };

/** The fee fields' keys. */
export type FeeKey = {
  [K in CourseFieldKey]: CourseFieldMap[K] extends { fee: string } ? K : never;
}[CourseFieldKey];

/** The requirement fields' keys. */
export type RequirementKey = {
  [K in CourseFieldKey]: CourseFieldMap[K] extends { requirement: true } ? K : never;
}[CourseFieldKey];

/** The fields holding a day something was checked on, never after today (decision 0105). */
export const checkedOnFields = courseFieldList.filter((f): f is typeof f & { notAfterToday: string } => Boolean(f.notAfterToday));

/** The form's schema: one parser a field; an application fee names its currency, and a currency its fee. */
export const courseInput = z
  .object(
    Object.fromEntries(courseFieldList.map((f) => [f.key, f.input])) as { [K in CourseFieldKey]: CourseFieldMap[K]["input"] },
  )
  .superRefine((v, ctx) => {
    if ((v.applicationFeeAmount === undefined) !== (v.applicationFeeCurrency === undefined))
      ctx.addIssue({
        code: "custom",
        message: m.applicationFeeBoth,
        path: [v.applicationFeeAmount === undefined ? "applicationFeeAmount" : "applicationFeeCurrency"],
      });
  });
export type CourseInput = z.infer<typeof courseInput>;

/** Drizzle's select of every field (decimals read as numbers), for `db.select({ ...courseFieldColumns })`. */
export const courseFieldColumns = Object.fromEntries(
  courseFieldList.map((f) => [f.key, f.kind === "decimal" ? sql`${f.column}::float8` : f.column]),
) as {
  [K in CourseFieldKey]: CourseFieldMap[K] extends RecordField<infer C, z.ZodType, infer Kind>
    ? Kind extends "decimal"
      ? SQL<number | null>
      : C
    : never;
};

/** The keys whose column is numeric: the database gives "75.00", the form 75. */
export const decimalKeys: ReadonlySet<string> = new Set(courseFieldList.filter((f) => f.kind === "decimal").map((f) => f.key));

/**
 * A parsed input as the columns store it: what the form left out is null, decimals are strings (in the
 * record's order, after the input's own keys, as the audit log has always shown them).
 */
export function courseStoredValues(input: CourseInput) {
  const values: Record<string, unknown> = { ...input };
  for (const f of courseFieldList) {
    if (f.column.notNull) continue;
    const value = input[f.key];
    values[f.key] = value === undefined ? null : f.kind === "decimal" ? String(value) : value;
  }
  return values as { [K in CourseFieldKey]: StoredValue<CourseFieldMap[K]> };
}

// ---- raw SQL: the mirror, the export and the import's bulk statements take their column names from here

const sqlTypes: Record<FieldKind, string> = {
  text: "text",
  choice: "text",
  whole: "int",
  decimal: "numeric",
  yesNo: "boolean",
  date: "date",
};

/** A field's column read in raw SQL: decimals as float8, dates as YYYY-MM-DD. */
const readExpression = (alias: string, f: RecordField) => {
  const column = `${alias}.${f.column.name}`;
  if (f.kind === "decimal") return `${column}::float8`;
  if (f.kind === "date") return `to_char(${column}, 'YYYY-MM-DD')`;
  return column;
};

/** `alias.column as "key", ...` for every field (the table's alias is ours, never input). */
export const courseFieldsSelect = (alias: string): SQL =>
  sql.raw(courseFieldList.map((f) => `${readExpression(alias, f)} as "${f.key}"`).join(", "));

/** The fields' database columns, in the record's order: `name, level, ...`. */
export const courseFieldsColumnNames = (): SQL => sql.raw(courseFieldList.map((f) => f.column.name).join(", "));

/** The fields of a json_to_recordset alias, in the record's order: `x."name", x."level", ...`. */
export const courseFieldsFrom = (alias: string): SQL => sql.raw(courseFieldList.map((f) => `${alias}."${f.key}"`).join(", "));

/** `column = x."key", ...` for an update from a json_to_recordset alias. */
export const courseFieldsSet = (alias: string): SQL =>
  sql.raw(courseFieldList.map((f) => `${f.column.name} = ${alias}."${f.key}"`).join(", "));

/** The fields' part of a json_to_recordset definition: `"name" text, "level" text, ...`. */
export const courseFieldsRecordset = (): SQL => sql.raw(courseFieldList.map((f) => `"${f.key}" ${sqlTypes[f.kind]}`).join(", "));

// ---- the staff API's answer

const answerTypes: Record<FieldKind, (f: RecordField) => z.ZodType> = {
  text: () => z.string(),
  choice: (f) => z.enum(f.options as [string, ...string[]]),
  whole: () => z.int(),
  decimal: () => z.number(),
  yesNo: () => z.boolean(),
  date: () => z.iso.date(),
};

/** The zod schema of each field as the staff API answers it (nullable where the column is). */
export function courseAnswerShape() {
  return Object.fromEntries(
    courseFieldList.map((f) => {
      const base = answerTypes[f.kind](f);
      const typed = f.column.notNull ? base : base.nullable();
      return [f.key, f.description ? typed.meta({ description: f.description }) : typed];
    }),
  ) as { [K in CourseFieldKey]: z.ZodType<CourseFacts[K]> };
}

// ---- a university's own facts, the same way (its CSV columns sit among the country's and the id's)

export const universityFields = {
  name: field({
    column: universities.name,
    kind: "text",
    input: personName(m.enterUniversityName, 200),
    hint: "Name",
    synonyms: ["university", "university_name", "course_name", "title"],
  }),
  city: field({
    column: universities.city,
    kind: "text",
    input: personName(m.enterCity, 100),
    hint: "City",
    synonyms: ["town", "state_province", "state"],
  }),
  type: field({
    column: universities.type,
    kind: "choice",
    options: universityTypes,
    input: oneOf(universityTypes, m.chooseType),
    hint: `${universityTypes.join(" or ")}`,
    synonyms: ["university_type"],
  }),
};

export const universityInput = z.object({
  name: universityFields.name.input,
  city: universityFields.city.input,
  type: universityFields.type.input,
});

/** A field's CSV column: its database column's name. */
export type CourseCsvHeader = { [K in CourseFieldKey]: CourseFieldMap[K]["column"]["_"]["name"] }[CourseFieldKey];
export const csvHeaderOf = (f: RecordField) => f.column.name;
