import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import { queryRows } from "../../platform/db/client.ts";
import { courseLevels, courseModes, feePeriods, universityTypes } from "../../vocabulary/catalogue.ts";
import type { CatalogueImportKind } from "../../vocabulary/catalogue-import.ts";
import { recordAudit } from "../audit-log.ts";
import { safeCell } from "../csv-cells.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { canManageCatalogue, notAllowed, type StaffMember } from "../policies.ts";

/**
 * The catalogue's CSV file shape (decision 0020): one for universities, one for courses, the same for
 * the export and the import, so a file exported, edited in a spreadsheet and imported again changes
 * only what was edited.
 */

export const universityCsvColumns = ["id", "name", "city", "country", "type", "retired"] as const;
export const courseCsvColumns = [
  "id",
  "university_id",
  "university",
  "country",
  "name",
  "level",
  "duration_months",
  "fee_amount",
  "fee_currency",
  "fee_period",
  "mode",
  "english_exam_waiver",
  "medium_of_instruction",
  "fee_source",
  "fee_checked_on",
  "min_percentage",
  "min_cgpa",
  "min_ielts",
  "min_toefl",
  "min_pte",
  "retired",
] as const;
export type UniversityCsvColumn = (typeof universityCsvColumns)[number];
export type CourseCsvColumn = (typeof courseCsvColumns)[number];
export type CatalogueCsvColumn = UniversityCsvColumn | CourseCsvColumn;

export const csvColumnsOf = (kind: CatalogueImportKind): readonly CatalogueCsvColumn[] =>
  kind === "universities" ? universityCsvColumns : courseCsvColumns;

/** What each column holds, for the mapping screen. */
export const csvColumnHints: Record<CatalogueCsvColumn, string> = {
  id: "Our id: updates that record (blank: matched by name, else new)",
  name: "Name",
  city: "City",
  country: "Country: its name, code or alias",
  type: `${universityTypes.join(" or ")}`,
  retired: "yes: hidden from the site; no: shown",
  university_id: "The university's id (wins over university and country)",
  university: "The university's name (with country, when there is no university_id)",
  level: courseLevels.join(", "),
  duration_months: "Whole months",
  fee_amount: "Whole units of the currency",
  fee_currency: "Three letters, e.g. GBP",
  fee_period: feePeriods.join(", "),
  mode: courseModes.join(", "),
  english_exam_waiver: "yes or no",
  medium_of_instruction: "e.g. English",
  fee_source: "Where the fee was read (optional)",
  fee_checked_on: "YYYY-MM-DD (optional)",
  min_percentage: "Entry requirement: lowest percentage in the qualification before the level (optional)",
  min_cgpa: "Entry requirement: lowest CGPA out of 10 in that qualification (optional)",
  min_ielts: "Entry requirement: lowest IELTS band, e.g. 6.5 (optional)",
  min_toefl: "Entry requirement: lowest TOEFL iBT score (optional)",
  min_pte: "Entry requirement: lowest PTE Academic score (optional)",
};

/** Other header names a file may use for our columns (compared lower-case, spaces and dashes as _). */
const synonyms: Partial<Record<CatalogueCsvColumn, string[]>> = {
  name: ["university_name", "course_name", "title"],
  city: ["town", "state_province", "state"],
  country: ["country_name", "country_code", "alpha_two_code"],
  type: ["university_type"],
  university_id: ["uni_id"],
  university: ["university_name", "institution"],
  level: ["course_level", "study_level"],
  duration_months: ["duration", "months"],
  fee_amount: ["fee", "fees", "tuition", "tuition_fee"],
  fee_currency: ["currency"],
  fee_period: ["period"],
  mode: ["study_mode", "attendance"],
  english_exam_waiver: ["english_waiver", "ielts_waiver"],
  medium_of_instruction: ["medium", "language"],
  fee_checked_on: ["checked_on"],
};

/** A header cell as mappings compare it: trimmed, lower-case. */
export const normaliseHeader = (cell: string) =>
  cell
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase();
const asKey = (cell: string) => normaliseHeader(cell).replace(/[\s-]+/g, "_");

/** Our column -> the file's column, guessed from the header's names. */
export function suggestMapping(kind: CatalogueImportKind, header: readonly string[]): Record<string, string> {
  const mapping: Record<string, string> = {};
  const used = new Set<string>();
  for (const column of csvColumnsOf(kind)) {
    const names = [
      column,
      ...(kind === "universities" && column === "name" ? ["university", "university_name"] : []),
      ...(synonyms[column] ?? []),
    ];
    const found = names.map((n) => header.find((h) => h && asKey(h) === n && !used.has(h))).find(Boolean);
    if (found) {
      mapping[column] = found;
      used.add(found);
    }
  }
  return mapping;
}

/** A cell as our rules read it: trimmed, with the export's formula guard (a leading apostrophe) taken off. */
export function readCell(cell: string | undefined): string {
  const text = (cell ?? "").trim();
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** yes/no cells (also true/false, y/n, 1/0); blank is no. Undefined for anything else. */
export function yesNo(cell: string): boolean | undefined {
  const v = cell.toLowerCase();
  if (["yes", "y", "true", "1", ""].includes(v)) return v !== "";
  if (["no", "n", "false", "0"].includes(v)) return false;
  return undefined;
}

/** A value of a fixed list, whatever its letter case ("masters" is Masters); unknown values stay as written. */
export function oneOfAnyCase<T extends string>(options: readonly T[], cell: string): string {
  return options.find((o) => o.toLowerCase() === cell.toLowerCase()) ?? cell;
}

export const yesNoCell = (value: boolean) => (value ? "yes" : "no");

interface UniversityExportRow {
  id: number;
  name: string;
  city: string;
  country: string;
  type: string;
  retired: boolean;
}
interface CourseExportRow {
  id: number;
  university_id: number;
  university: string;
  country: string;
  name: string;
  level: string;
  duration_months: number;
  fee_amount: number;
  fee_currency: string;
  fee_period: string;
  mode: string;
  english_exam_waiver: boolean;
  medium_of_instruction: string;
  fee_source: string | null;
  fee_checked_on: string | null;
  min_percentage: number | null;
  min_cgpa: number | null;
  min_ielts: number | null;
  min_toefl: number | null;
  min_pte: number | null;
  retired: boolean;
}

const EXPORT_PAGE = 5000;

/** The rows of one kind, a page at a time by id, so a large catalogue never sits whole in memory. */
async function* exportRows(deps: StaffDeps, kind: CatalogueImportKind): AsyncGenerator<unknown[]> {
  let after = 0;
  for (;;) {
    if (kind === "universities") {
      const rows = await queryRows<UniversityExportRow>(
        deps.db,
        sql`select u.id, u.name, u.city, c.name as country, u.type, u.retired_at is not null as retired
            from universities u join countries c on c.id = u.country_id
            where u.id > ${after} order by u.id limit ${EXPORT_PAGE}`,
      );
      for (const r of rows) yield [r.id, r.name, r.city, r.country, r.type, yesNoCell(r.retired)];
      if (rows.length < EXPORT_PAGE) return;
      after = rows[rows.length - 1]?.id ?? after;
    } else {
      const rows = await queryRows<CourseExportRow>(
        deps.db,
        sql`select co.id, co.university_id, u.name as university, c.name as country, co.name, co.level,
                   co.duration_months, co.fee_amount, co.fee_currency, co.fee_period, co.mode,
                   co.english_exam_waiver, co.medium_of_instruction, co.fee_source,
                   to_char(co.fee_checked_on, 'YYYY-MM-DD') as fee_checked_on,
                   co.min_percentage::float8 as min_percentage, co.min_cgpa::float8 as min_cgpa,
                   co.min_ielts::float8 as min_ielts, co.min_toefl, co.min_pte, co.retired_at is not null as retired
            from courses co join universities u on u.id = co.university_id join countries c on c.id = u.country_id
            where co.id > ${after} order by co.id limit ${EXPORT_PAGE}`,
      );
      for (const r of rows)
        yield [
          r.id,
          r.university_id,
          r.university,
          r.country,
          r.name,
          r.level,
          r.duration_months,
          r.fee_amount,
          r.fee_currency,
          r.fee_period,
          r.mode,
          yesNoCell(r.english_exam_waiver),
          r.medium_of_instruction,
          r.fee_source,
          r.fee_checked_on,
          r.min_percentage,
          r.min_cgpa,
          r.min_ielts,
          r.min_toefl,
          r.min_pte,
          yesNoCell(r.retired),
        ];
      if (rows.length < EXPORT_PAGE) return;
      after = rows[rows.length - 1]?.id ?? after;
    }
  }
}

/**
 * The catalogue's universities or courses as a CSV file in the import's shape, retired ones included
 * (their `retired` column says yes). Streamed a page at a time; UTF-8 with a byte-order mark and CRLF,
 * cells a spreadsheet would run as formulas defused (decision 0016). Audited before a byte is sent.
 */
export async function exportCatalogue(deps: StaffDeps, member: StaffMember, kind: CatalogueImportKind) {
  if (!canManageCatalogue(member)) throw notAllowed();
  const table = kind === "universities" ? sql`universities` : sql`courses`;
  const [count] = await queryRows<{ n: number }>(deps.db, sql`select count(*)::int as n from ${table}`);
  await recordAudit(deps.db, member, {
    action: "export.downloaded",
    subjectType: "export",
    subjectId: kind,
    after: { list: kind, filters: {}, rows: count?.n ?? 0, studentIds: [] },
  });
  const columns = csvColumnsOf(kind);
  const write = (rows: unknown[][]) => stringify(rows, { record_delimiter: "windows" });
  async function* chunks(): AsyncGenerator<string> {
    yield `\uFEFF${write([[...columns]])}`;
    let pending: unknown[][] = [];
    for await (const row of exportRows(deps, kind)) {
      pending.push(row.map(safeCell));
      if (pending.length >= 1000) {
        yield write(pending);
        pending = [];
      }
    }
    if (pending.length) yield write(pending);
  }
  const day = nowOf(deps).toISOString().slice(0, 10);
  return { fileName: `ignite-${kind}-${day}.csv`, rows: count?.n ?? 0, chunks: chunks() };
}
