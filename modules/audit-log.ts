import type { Database } from "../platform/db/client.ts";
import type { StaffRole } from "../vocabulary/staff.ts";
import { auditLog } from "./tables.ts";

/**
 * Appending to the audit log (decision 0012), shared by every module that acts on a student's data (the staff console,
 * the privacy features); reading it is the console's (modules/staff/audit.ts).
 */

/** Who did it: a staff member, or the system itself (start-up, the command line, a student's own erasure) under a name. */
export type AuditActor = { staffId: number; fullName: string; role: StaffRole; email?: string } | { system: string };

export interface AuditEntry {
  action: string;
  subjectType: string;
  subjectId: string | number;
  /** The student the action concerns, if any: it then shows on their record's timeline and their access log. */
  studentId?: number | null;
  before?: unknown;
  after?: unknown;
}

/** An entry as the log keeps it. */
export interface AuditRecord {
  id: number;
  at: Date;
  actorStaffId: number | null;
  actorLabel: string;
  action: string;
  subjectType: string;
  subjectId: string;
  studentId: number | null;
  before: unknown;
  after: unknown;
}

const labelOf = (actor: AuditActor) => ("system" in actor ? actor.system : `${actor.fullName} (${actor.role})`);

/** Appends an entry; the database refuses to change or remove one afterwards. */
export async function recordAudit(db: Pick<Database, "insert">, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorStaffId: "system" in actor ? null : actor.staffId,
    actorLabel: labelOf(actor),
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: String(entry.subjectId),
    studentId: entry.studentId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
