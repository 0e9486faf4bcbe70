import { sql } from "drizzle-orm";
import { queryRows } from "../../platform/db/client.ts";
import { accessLogActions, privacyMessages } from "../../vocabulary/privacy.ts";
import { type StaffRole, staffRoleLabels } from "../../vocabulary/staff.ts";
import type { PrivacyDeps } from "./deps.ts";

/** One line of "Who has seen my data": who (name and role), when, what. */
export interface AccessEntry {
  at: Date;
  staffName: string;
  /** The role in words ("Counsellor"); null when the actor was the system. */
  staffRole: string | null;
  action: (typeof accessLogActions)[number];
  /** The document opened or downloaded (its attachment type), or the list exported. */
  what: string;
  text: string;
}

interface Row {
  id: number;
  at: Date | string;
  action: AccessEntry["action"];
  after: Record<string, unknown> | null;
  subject_id: string | null;
  actor_label: string;
  full_name: string | null;
  role: StaffRole | null;
}

const ACCESS_LOG_LIMIT = 500;

/** The actions audited with the student's id; an export is found by the ids it held instead. */
const ownActions = sql.join(
  accessLogActions.filter((action) => action !== "export.downloaded").map((action) => sql`${action}`),
  sql`, `,
);

/**
 * Every time staff opened or downloaded one of the student's documents, read their conversation
 * (decision 0036), a recommendation letter (decision 0075) or their departure checklist (decision 0083),
 * or exported a list that held them, newest first, read from the audit log (decision 0024). Notes, and everything else staff did,
 * stay internal.
 */
export async function accessLog(deps: PrivacyDeps, studentId: number): Promise<AccessEntry[]> {
  const rows = await queryRows<Row>(
    deps.db,
    sql`select a.id, a.at, a.action, a.after, a.subject_id, a.actor_label, s.full_name, s.role
      from (
        (select * from audit_log where student_id = ${studentId} and action in (${ownActions})
          order by id desc limit ${ACCESS_LOG_LIMIT})
        union all
        (select * from audit_log where action = 'export.downloaded' and (after -> 'studentIds') @> jsonb_build_array(${studentId}::int)
          order by id desc limit ${ACCESS_LOG_LIMIT})
      ) a
      left join staff s on s.id = a.actor_staff_id
      order by a.id desc
      limit ${ACCESS_LOG_LIMIT}`,
  );
  return rows.map((row) => {
    const after = row.after ?? {};
    // A statement's subject is "applicationId:kind" (decision 0072); its view and its PDF (decision 0096).
    const letter = row.subject_id?.endsWith(":loe") ?? false;
    const what =
      row.action === "statement.viewed" || row.action === "statement.downloaded"
        ? letter
          ? "letter of explanation"
          : "statement of purpose"
        : row.action === "conversation.read"
          ? "conversation"
          : row.action === "application.viewed"
            ? "application"
            : row.action === "offer.viewed"
              ? "offer"
              : row.action === "letter.viewed"
                ? "recommendation letter"
                : row.action === "departure_checklist.viewed"
                  ? "departure checklist"
                  : String(
                      row.action === "export.downloaded" ? (after.list ?? "students") : (after.attachmentType ?? "document"),
                    );
    const text =
      row.action === "statement.viewed"
        ? letter
          ? privacyMessages.accessLoeViewed
          : privacyMessages.accessSopViewed
        : row.action === "statement.downloaded"
          ? letter
            ? privacyMessages.accessLoeDownloaded
            : privacyMessages.accessSopDownloaded
          : row.action === "conversation.read"
            ? privacyMessages.accessConversationRead
            : row.action === "visa_practice.viewed"
              ? privacyMessages.accessPracticeViewed
              : row.action === "application.viewed"
                ? privacyMessages.accessApplicationViewed
                : row.action === "offer.viewed"
                  ? privacyMessages.accessOfferViewed
                  : row.action === "letter.viewed"
                    ? privacyMessages.accessLetterViewed
                    : row.action === "departure_checklist.viewed"
                      ? privacyMessages.accessDepartureViewed
                      : row.action === "recording.viewed"
                        ? privacyMessages.accessRecordingHeard(String(after.position ?? ""))
                        : row.action === "document.viewed"
                          ? privacyMessages.accessDocumentViewed(what)
                          : row.action === "document.downloaded"
                            ? privacyMessages.accessDocumentDownloaded(what)
                            : privacyMessages.accessExported(what);
    return {
      at: new Date(row.at),
      staffName: row.full_name ?? row.actor_label,
      staffRole: row.role ? staffRoleLabels[row.role] : null,
      action: row.action,
      what,
      text,
    };
  });
}
