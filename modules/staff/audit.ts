import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import type { AuditRecord } from "../audit-log.ts";
import { auditLog } from "../tables.ts";

export type { AuditActor, AuditEntry, AuditRecord } from "../audit-log.ts";
export { recordAudit } from "../audit-log.ts";

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
