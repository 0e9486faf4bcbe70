import { eq, inArray } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../platform/db/client.ts";
import { recordMessages } from "../vocabulary/records.ts";
import { AppError } from "./errors.ts";
import { canSeeAllStudents, canSeeStudents, type StaffMember, studentVisibleTo } from "./policies.ts";
import { students } from "./students/tables.ts";

/**
 * A student's row, if the member may see their record; anyone else (a counsellor reaching another
 * counsellor's student, a document verifier) is told it does not exist, so ids cannot be probed.
 */
export async function studentForStaff(db: Pick<Database, "select">, member: StaffMember, studentId: number) {
  const [student] = await db.select().from(students).where(eq(students.id, studentId));
  if (!student || !canSeeStudents(member) || !studentVisibleTo(member, student)) {
    throw new AppError("not_found", recordMessages.noSuchStudent);
  }
  return student;
}

/**
 * The member's own students as a condition on a table's student column (none for those who see all), so a
 * list keeps the member's rows before its limit, not after (decision 0093's amendment).
 */
export const ownStudentsOnly = (db: Pick<Database, "select">, member: StaffMember, studentId: AnyPgColumn) =>
  canSeeAllStudents(member)
    ? undefined
    : inArray(studentId, db.select({ id: students.id }).from(students).where(eq(students.counsellorStaffId, member.staffId)));
