import { stringify } from "csv-stringify/sync";
import { indianDay } from "../../vocabulary/india-time.ts";
import { listApplications } from "../applications/applications.ts";
import { recordAudit } from "../audit-log.ts";
import { safeCell } from "../csv-cells.ts";
import { dueApplications } from "../deadlines/deadlines.ts";
import type { StaffDeps } from "../deps.ts";
import { nowOf } from "../deps.ts";
import { AppError } from "../errors.ts";
import { listLeads } from "../leads/leads.ts";
import { canSeeLeads, canSeeStudents, notAllowed, type StaffMember } from "../policies.ts";
import { listStudents } from "../students/students.ts";

/** The console's lists that export as CSV, each with the same filters (and visibility) as its screen. */
export const exportableLists = ["leads", "students", "applications"] as const;
export type ExportableList = (typeof exportableLists)[number];

/** More rows than this in one file: the filters must narrow it (a spreadsheet opens it whole). */
export const EXPORT_MAX_ROWS = 20_000;

export const exportMessages = {
  noSuchList: "No such list to export.",
  tooMany: (total: number) =>
    `This list has ${total.toLocaleString("en-IN")} rows; an export holds at most ${EXPORT_MAX_ROWS.toLocaleString("en-IN")}. Narrow the filters.`,
} as const;

interface Sheet {
  header: string[];
  rows: unknown[][];
  total: number;
  /** The students the file holds: each one's access log (the privacy issue) reads them from the audit entry. */
  studentIds: number[];
}

async function sheetOf(
  deps: StaffDeps,
  member: StaffMember,
  list: ExportableList,
  filters: Record<string, string>,
): Promise<Sheet> {
  const query = { ...filters, page: "1" };
  switch (list) {
    case "leads": {
      if (!canSeeLeads(member)) throw notAllowed();
      const result = await listLeads(deps, member, query, EXPORT_MAX_ROWS);
      return {
        header: [
          "id",
          "booked",
          "first name",
          "last name",
          "e-mail",
          "phone",
          "destination",
          "type of study",
          "subject",
          "source",
          "status",
          "lost reason",
          "counsellor",
          "first response",
        ],
        rows: result.leads.map((l) => [
          l.id,
          l.createdAt,
          l.firstName,
          l.lastName,
          l.email,
          l.phoneNumber,
          l.studyDestination,
          l.typeOfStudy,
          l.preferredSubject,
          l.source,
          l.status,
          l.lostReason,
          l.assignedTo,
          l.firstResponse,
        ]),
        total: result.total,
        studentIds: result.leads.flatMap((l) => (l.studentId ? [l.studentId] : [])),
      };
    }
    case "students": {
      if (!canSeeStudents(member)) throw notAllowed();
      const result = await listStudents(deps, member, query, EXPORT_MAX_ROWS);
      return {
        header: ["id", "name", "e-mail", "phone", "counsellor", "signed up"],
        rows: result.students.map((s) => [s.id, s.fullName, s.email, s.phone, s.counsellor, s.createdAt]),
        total: result.total,
        studentIds: result.students.map((s) => s.id),
      };
    }
    case "applications": {
      // The due filter keeps only packages still incomplete, as the list and Today do (decision 0059).
      const rows = filters.due
        ? await dueApplications(deps, member, filters)
        : await listApplications(deps, member, filters, EXPORT_MAX_ROWS + 1);
      return {
        header: ["id", "student", "course", "university", "country", "intake", "stage", "in stage since", "created"],
        rows: rows
          .slice(0, EXPORT_MAX_ROWS)
          .map((a) => [
            a.id,
            a.studentName,
            a.course,
            a.university,
            a.country,
            a.intake,
            a.status,
            a.stageEnteredAt,
            a.createdAt,
          ]),
        total: rows.length,
        studentIds: [...new Set(rows.map((a) => a.studentId))],
      };
    }
  }
}

/**
 * One of the console's lists as a CSV file (UTF-8 with a byte-order mark, so spreadsheets read Indian
 * names right), holding what the member may see with the screen's filters. Every export is audited
 * with its filters, its size and the students it holds.
 */
export async function exportList(deps: StaffDeps, member: StaffMember, rawList: string, filters: Record<string, string>) {
  const list = exportableLists.find((name) => name === rawList);
  if (!list) throw new AppError("not_found", exportMessages.noSuchList);
  const sheet = await sheetOf(deps, member, list, filters);
  if (sheet.total > EXPORT_MAX_ROWS) throw new AppError("invalid_input", exportMessages.tooMany(sheet.total));
  const csv = `\uFEFF${stringify([sheet.header, ...sheet.rows.map((row) => row.map(safeCell))], { record_delimiter: "windows" })}`;
  await recordAudit(deps.db, member, {
    action: "export.downloaded",
    subjectType: "export",
    subjectId: list,
    after: { list, filters, rows: sheet.rows.length, studentIds: sheet.studentIds },
  });
  const day = indianDay(nowOf(deps));
  return { csv, fileName: `ignite-${list}-${day}.csv`, rows: sheet.rows.length };
}
