import type { AuditActor } from "../audit-log.ts";
import { readConsoleSettings } from "../console-settings.ts";
import { nowOf } from "../deps.ts";
import { sweepOldParentLinks } from "../parents/parents.ts";
import { sweepExpiredStaffSessions } from "../staff/staff.ts";
import { accessLog } from "./access-log.ts";
import { changeContactPreferences, contactPreferences } from "./consent.ts";
import { buildExport, latestExport, openExport, requestExport, sweepExpiredExports } from "./data-export.ts";
import type { PrivacyDeps } from "./deps.ts";
import { type ErasureRequest, eraseLeadsOf, eraseOwnAccount, eraseStudent } from "./erasure.ts";
import { anonymiseOldBookings } from "./retention.ts";

export type { AccessEntry } from "./access-log.ts";
export { type ContactPreferences, recordConsent } from "./consent.ts";
export type { DataExportView, ExportDownload } from "./data-export.ts";
export { type PrivacyDeps, privacyJobs } from "./deps.ts";
export type { ErasureRequest, ErasureSummary } from "./erasure.ts";

/**
 * The student's control of their data (decision 0024): contact choices and consent, who has
 * seen their data, the download of everything held, erasure, and the retention sweeps.
 */
export function createPrivacyService(deps: PrivacyDeps) {
  return {
    /** The retention period in force for bookings that never became students (the privacy page says it). */
    bookingRetentionMonths: async () => (await readConsoleSettings(deps.db)).bookingRetentionMonths,
    contactPreferences: (studentId: number) => contactPreferences(deps, studentId),
    changeContactPreferences: (studentId: number, raw: unknown) => changeContactPreferences(deps, studentId, raw),
    accessLog: (studentId: number) => accessLog(deps, studentId),
    latestExport: (studentId: number) => latestExport(deps, studentId),
    requestExport: (studentId: number) => requestExport(deps, studentId),
    /** The export's ZIP for its owner (`studentId` from the session; null for anyone else). */
    openExport: (studentId: number | null, publicId: string) => openExport(deps, studentId, publicId),
    /** "Delete my account", after the password again. */
    eraseOwnAccount: (studentId: number, raw: unknown) => eraseOwnAccount(deps, studentId, raw),
    /** An erasure staff carry out (the staff service checks who may, and hands the request on). */
    erase: (studentId: number, actor: AuditActor, request: ErasureRequest) => eraseStudent(deps, studentId, actor, request),
    /** An erasure of a person with leads but no account (the staff service checks who may). */
    eraseLeads: (leadId: number, actor: AuditActor, reason: string) => eraseLeadsOf(deps, leadId, actor, reason),
    /** The queue's work (server/background.ts). */
    jobs: {
      buildExport: (exportId: number) => buildExport(deps, exportId),
      removeFiles: async (keys: string[]) => {
        for (const key of keys) await deps.storage.delete(key);
      },
      /** Daily: bookings past the retention period. */
      retention: () => anonymiseOldBookings(deps),
      /** Every few minutes, with the other sweeps: expired exports, staff sessions and old parent links. */
      sweepExpired: async () => {
        await sweepExpiredExports(deps);
        await sweepExpiredStaffSessions(deps.db, nowOf(deps));
        await sweepOldParentLinks(deps.db, nowOf(deps));
      },
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
