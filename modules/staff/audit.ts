import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { auditLog } from "../../platform/db/schema.ts";
import type { StaffMember } from "./policies.ts";

/** Who did it: a staff member, or the system itself (start-up, the command line) under a name. */
export type AuditActor = StaffMember | { system: string };

export interface AuditEntry {
  action: string;
  subjectType: string;
  subjectId: string | number;
  /** The student the action concerns, if any: it then shows on their record's timeline (and, later, their access log). */
  studentId?: number | null;
  before?: unknown;
  after?: unknown;
}

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

/** A page of the log, newest first; `before` pages back by id; filters by subject or action. */
export async function listAudit(
  db: Database,
  filters: { subjectType?: string; subjectId?: string; action?: string; beforeId?: number; limit?: number } = {},
): Promise<AuditRecord[]> {
  const conditions: SQL[] = [];
  if (filters.subjectType) conditions.push(eq(auditLog.subjectType, filters.subjectType));
  if (filters.subjectId) conditions.push(eq(auditLog.subjectId, filters.subjectId));
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.beforeId) conditions.push(lt(auditLog.id, filters.beforeId));
  return db
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(Math.min(filters.limit ?? 50, 200));
}
