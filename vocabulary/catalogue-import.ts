/** The catalogue's CSV import and export (decision 0020): limits and the words admins read. */

export const catalogueImportKinds = ["universities", "courses"] as const;
export type CatalogueImportKind = (typeof catalogueImportKinds)[number];

export const catalogueImportKindLabels: Record<CatalogueImportKind, string> = {
  universities: "Universities",
  courses: "Courses",
};

export const catalogueImportStatuses = ["uploaded", "checking", "checked", "applying", "applied", "failed", "cancelled"] as const;
export type CatalogueImportStatus = (typeof catalogueImportStatuses)[number];

export const catalogueImportStatusLabels: Record<CatalogueImportStatus, string> = {
  uploaded: "Columns to map",
  checking: "Dry run running",
  checked: "Dry run done",
  applying: "Applying",
  applied: "Applied",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** What a row of a dry run would do; unchanged rows are only counted. */
export const importRowActions = ["new", "changed", "retired", "refused"] as const;
export type ImportRowAction = (typeof importRowActions)[number];

export const importRowActionLabels: Record<ImportRowAction, string> = {
  new: "New",
  changed: "Changed",
  retired: "Would be retired",
  refused: "Refused",
};

const MB = 1024 * 1024;
/**
 * The largest file taken: a catalogue of 200,000 courses with every column is about 45 MB, so twice
 * that leaves room for long names and fee sources. The file streams to storage, never held whole.
 */
export const MAX_IMPORT_BYTES = 96 * MB;
/** One row (record) of the file at most: a longer one is refused as unreadable. */
export const MAX_IMPORT_ROW_BYTES = 64 * 1024;
/** The header row must end within this many bytes. */
export const MAX_IMPORT_HEADER_BYTES = 64 * 1024;
/** Rows of a dry run shown per page on the screen and in the API. */
export const IMPORT_ROWS_PAGE_SIZE = 50;
/** Recent imports listed on the import screen. */
export const RECENT_IMPORTS = 20;
/** The progress screen reloads itself this often while a step runs (a meta refresh: no script needed). */
export const IMPORT_REFRESH_SECONDS = 2;

export const catalogueImportMessages = {
  chooseKind: "Choose whether the file holds universities or courses",
  chooseFile: "Choose a CSV file to upload",
  multipartOnly: "Send the file as multipart/form-data, with the kind field before the file.",
  tooLarge: `The file is too large: at most ${MAX_IMPORT_BYTES / MB} MB. Split it into smaller files.`,
  notCsv: "Upload a CSV file (comma-separated values, UTF-8).",
  spreadsheet: "This is a spreadsheet workbook, not a CSV file. In your spreadsheet choose Save as, CSV UTF-8, and upload that.",
  notText: "This file is not text. Upload a CSV file (comma-separated values, UTF-8).",
  notUtf8: "This file is not UTF-8 text. In your spreadsheet choose Save as, CSV UTF-8 (comma-delimited), and upload that file.",
  empty: "The file is empty.",
  noRows: "The file has a header row but no rows under it.",
  noHeader:
    "The file has a single row and it names none of our columns, so it has no header. Put a header row first (e.g. name,city,country,type), then one row per record under it.",
  headerTooLong: "The file's first row (its header) is too long or never ends.",
  headerUnreadable: "The file's first row (its header) cannot be read as CSV.",
  headerTooFew: "The first row must name the columns, separated by commas (e.g. name,city,country,type).",
  duplicateColumn: (name: string) => `The column “${name}” appears twice in the header. Give each column its own name.`,
  uploaded: (name: string) => `${name} uploaded. Check how its columns match ours.`,
  noSuchImport: "No such import.",
  chooseColumn: "Choose a column of the file, or leave it out",
  unknownColumn: (column: string) => `The file has no column “${column}”.`,
  mappingNeeds: (fields: string) => `Map a column to ${fields}.`,
  columnTwice: (column: string) => `The column “${column}” is mapped to two fields.`,
  notNow: "This import cannot do that now: it is already running or done.",
  checkStarted: "The dry run has started. It keeps going if you close this tab.",
  refusedFirst:
    "Some rows are refused, so the file cannot be applied whole: apply only the rows that passed (the refused ones left out), or fix the file and upload it again.",
  refusedNonePassed: "No row that passed would change anything: fix the refused rows in the file and upload it again.",
  nothingPassed: "No row passed the dry run: there is nothing to apply.",
  passingStarted: "The rows that passed are being applied; the refused rows are left out. It keeps going if you close this tab.",
  appliedPassing: (applied: number, leftOut: number) =>
    `The rows that passed are applied: ${applied.toLocaleString("en-IN")} ${applied === 1 ? "row" : "rows"} written, ${leftOut.toLocaleString("en-IN")} refused ${leftOut === 1 ? "row" : "rows"} left out.`,
  notChecked: "Run the dry run first.",
  anotherApplying: "Another import is being applied. Wait for it to finish, then apply this one.",
  applyStarted: "The import is being applied. It keeps going if you close this tab.",
  fileMissing: "The uploaded file is no longer in storage; upload it again.",
  failedUnexpectedly: "The run stopped on an unexpected error; nothing was written. Try the dry run again.",
  nowRefused: (count: number, first: string) =>
    `${count.toLocaleString("en-IN")} ${count === 1 ? "row is" : "rows are"} refused now (the catalogue changed since the dry run), e.g. ${first}. Nothing was written; run the dry run again.`,
  unreadable: (detail: string) => `The file cannot be read from here on: ${detail}. Fix the file and upload it again.`,
  wrongCellCount: (cells: number, columns: number) => `This row has ${cells} cells; the header has ${columns} columns.`,
  rowTooLong: "This row is too long to read.",
  unknownCountry: (country: string) =>
    `Unknown country “${country}”. Add it on the catalogue screen first, or use its name, code or alias.`,
  noCountry: "Name the country.",
  noSuchUniversityId: (id: string) => `No university has the id ${id}.`,
  noSuchCourseId: (id: string) => `No course has the id ${id}.`,
  badId: (column: string) => `${column} must be a whole number.`,
  unknownUniversity: (name: string, country: string) =>
    `No university “${name}” in ${country}. Import the university first, or give its university_id.`,
  ambiguousUniversity: (name: string, country: string) =>
    `Several universities are called “${name}” in ${country}; give the university_id.`,
  noUniversity: "Name the university (university_id, or university and country).",
  sameAsLine: (line: number) => `The same record as line ${line}; each record may appear once in a file.`,
  nameTaken: (kind: "university" | "course", id: number) =>
    kind === "university"
      ? `Another university (id ${id}) already has this name in this country.`
      : `Another course (id ${id}) already has this name and level at this university.`,
  yesOrNo: (column: string) => `${column}: write yes or no.`,
  intakeShape: (entry: string) =>
    `intakes: write each intake as YYYY-MM, or YYYY-MM by YYYY-MM-DD (its application deadline), separated by semicolons ("${entry.slice(0, 60)}" is neither).`,
  intakeTwice: (intake: string) => `intakes: ${intake} is listed twice.`,
  intakeDeadlineAfterStart: (intake: string, deadline: string) =>
    `intakes: the application deadline ${deadline} of the ${intake} intake is after the intake starts; it must be before the end of the intake's month.`,
  intakePast: (intake: string) => `intakes: the ${intake} intake has already started; a new intake must be a later month.`,
  intakeTooFar: (intake: string, years: number) => `intakes: ${intake} is more than ${years} years ahead.`,
  checked: (changes: number, refused: number) =>
    refused > 0
      ? `Dry run done: ${refused.toLocaleString("en-IN")} refused ${refused === 1 ? "row" : "rows"} to fix before applying.`
      : `Dry run done: ${changes.toLocaleString("en-IN")} ${changes === 1 ? "row" : "rows"} would change.`,
  applied: "The import is applied: the catalogue, the site and search show it now.",
} as const;
