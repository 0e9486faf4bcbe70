import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import { queryRows } from "../../platform/db/client.ts";
import type { CatalogueImportKind } from "../../vocabulary/catalogue-import.ts";
import { indianDay } from "../../vocabulary/india-time.ts";
import { recordAudit } from "../audit-log.ts";
import { safeCell } from "../csv-cells.ts";
import { nowOf, type StaffDeps } from "../deps.ts";
import { canManageCatalogue, notAllowed, type StaffMember } from "../policies.ts";
import {
  type CourseCsvHeader,
  type CourseFieldKey,
  courseFieldList,
  courseFieldsSelect,
  csvHeaderOf,
  type RecordField,
  universityFields,
} from "./course-record.ts";
import { type IntakeCell, intakesCell } from "./intakes-editing.ts";

/**
 * The catalogue's CSV file shape (decision 0020): one for universities, one for courses, the same for
 * the export and the import, so a file exported, edited in a spreadsheet and imported again changes
 * only what was edited.
 */

/** A column of the file: its header, what it holds (for the mapping screen), other names a file may use. */
interface CsvColumn<H extends string = string> {
  header: H;
  hint: string;
  synonyms?: readonly string[];
}

const idColumn = { header: "id", hint: "Our id: updates that record (blank: matched by name, else new)" } as const;
const countryColumn = {
  header: "country",
  hint: "Country: its name, code or alias",
  synonyms: ["country_name", "country_code", "alpha_two_code"],
} as const;
const retiredColumn = { header: "retired", hint: "yes: hidden from the site; no: shown" } as const;
/** A course's intakes with their application deadlines (decision 0085); the column left out keeps them as they are. */
const intakesColumn = {
  header: "intakes",
  hint: "Intakes: YYYY-MM, or YYYY-MM by YYYY-MM-DD (the application deadline), separated by semicolons; blank for none",
  synonyms: ["intake", "intakes_and_deadlines"],
} as const;
const ofField = <H extends string>(f: RecordField & { column: { name: string } }, header: H): CsvColumn<H> => ({
  header,
  hint: f.hint,
  synonyms: f.synonyms,
});

const universityCsv = [
  idColumn,
  ofField(universityFields.name, "name"),
  ofField(universityFields.city, "city"),
  countryColumn,
  ofField(universityFields.type, "type"),
  retiredColumn,
] as const satisfies readonly CsvColumn[];
const courseCsv: readonly CsvColumn<CourseCsvColumn>[] = [
  idColumn,
  { header: "university_id", hint: "The university's id (wins over university and country)", synonyms: ["uni_id"] },
  {
    header: "university",
    hint: "The university's name (with country, when there is no university_id)",
    synonyms: ["university_name", "institution"],
  },
  { ...countryColumn, synonyms: [...countryColumn.synonyms] },
  ...courseFieldList.map((f) => ofField(f, csvHeaderOf(f) as CourseCsvHeader)),
  { ...intakesColumn, synonyms: [...intakesColumn.synonyms] },
  retiredColumn,
];

export type UniversityCsvColumn = (typeof universityCsv)[number]["header"];
export type CourseCsvColumn = "id" | "university_id" | "university" | "country" | CourseCsvHeader | "intakes" | "retired";
export type CatalogueCsvColumn = UniversityCsvColumn | CourseCsvColumn;

export const universityCsvColumns: readonly UniversityCsvColumn[] = universityCsv.map((c) => c.header);
export const courseCsvColumns: readonly CourseCsvColumn[] = courseCsv.map((c) => c.header);

export const csvColumnsOf = (kind: CatalogueImportKind): readonly CatalogueCsvColumn[] =>
  kind === "universities" ? universityCsvColumns : courseCsvColumns;

const csvOf = (kind: CatalogueImportKind): readonly CsvColumn[] => (kind === "universities" ? universityCsv : courseCsv);

/** What each column holds, for the mapping screen. */
export const csvColumnHints = Object.fromEntries([...universityCsv, ...courseCsv].map((c) => [c.header, c.hint])) as Record<
  CatalogueCsvColumn,
  string
>;

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
  for (const column of csvOf(kind)) {
    const names = [column.header, ...(column.synonyms ?? [])];
    const found = names.map((n) => header.find((h) => h && asKey(h) === n && !used.has(h))).find(Boolean);
    if (found) {
      mapping[column.header] = found;
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
type CourseExportRow = {
  id: number;
  university_id: number;
  university: string;
  country: string;
  retired: boolean;
} & Record<CourseFieldKey, unknown>;

/** A course field's cell: yes/no for a boolean, the value as read otherwise. */
const courseCells = (row: CourseExportRow) =>
  courseFieldList.map((f) => (f.kind === "yesNo" ? yesNoCell(row[f.key] as boolean) : row[f.key]));

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
        sql`select co.id, co.university_id, u.name as university, c.name as country, ${courseFieldsSelect("co")},
                   co.retired_at is not null as retired
            from courses co join universities u on u.id = co.university_id join countries c on c.id = u.country_id
            where co.id > ${after} order by co.id limit ${EXPORT_PAGE}`,
      );
      // The page's intakes by one range scan of the course_intakes index, written as the import reads them.
      const first = rows[0]?.id ?? 0;
      const last = rows[rows.length - 1]?.id ?? 0;
      const intakes = new Map<number, IntakeCell[]>();
      if (rows.length)
        for (const i of await queryRows<IntakeCell & { course_id: number }>(
          deps.db,
          sql`select course_id, month, year, deadline::text as deadline from course_intakes
              where course_id between ${first} and ${last}`,
        ))
          intakes.set(i.course_id, [...(intakes.get(i.course_id) ?? []), i]);
      for (const r of rows)
        yield [
          r.id,
          r.university_id,
          r.university,
          r.country,
          ...courseCells(r),
          intakesCell(intakes.get(r.id) ?? []),
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
  const day = indianDay(nowOf(deps));
  return { fileName: `ignite-${kind}-${day}.csv`, rows: count?.n ?? 0, chunks: chunks() };
}
