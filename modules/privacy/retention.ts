import { and, eq, isNull, lt, ne, notExists, sql } from "drizzle-orm";
import { recordAudit } from "../audit-log.ts";
import { readConsoleSettings } from "../console-settings.ts";
import { nowOf } from "../deps.ts";
import { deleteLeads } from "../leads/leads.ts";
import { consultations } from "../leads/tables.ts";
import { students } from "../students/tables.ts";
import type { PrivacyDeps } from "./deps.ts";

/** Bookings anonymised in one statement, so a long backlog never holds the database for long. */
const BATCH = 500;

/** The day `months` calendar months before `now`. */
export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * Anonymises the bookings that never became students and are older than the period an admin set
 * (decision 0024): a booking made logged in, converted, or whose e-mail has an account is the student's
 * and goes only with their account. What stays of one is its row in the reports, marked anonymous;
 * the booking itself (names, phone, e-mail, answers) and its tasks are deleted. Audited once per run
 * with the count, never a name. Returns how many went.
 */
export async function anonymiseOldBookings(deps: PrivacyDeps): Promise<number> {
  const { bookingRetentionMonths } = await readConsoleSettings(deps.db);
  const cutoff = monthsBefore(nowOf(deps), bookingRetentionMonths);
  let total = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const doomed = await tx
        .select({ id: consultations.id })
        .from(consultations)
        .where(
          and(
            lt(consultations.createdAt, cutoff),
            isNull(consultations.studentId),
            ne(consultations.status, "Converted"),
            notExists(tx.select({ id: students.id }).from(students).where(eq(students.email, consultations.email))),
          ),
        )
        .orderBy(consultations.id)
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (doomed.length === 0) return 0;
      const ids = doomed.map((d) => d.id);
      await tx.execute(
        sql`update report_leads set anonymous = true where consultation_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      await deleteLeads(tx, ids);
      await recordAudit(
        tx,
        { system: "Retention" },
        {
          action: "bookings.anonymised",
          subjectType: "bookings",
          subjectId: `before ${cutoff.toISOString().slice(0, 10)}`,
          after: { count: ids.length, bookedBefore: cutoff.toISOString(), retentionMonths: bookingRetentionMonths },
        },
      );
      return ids.length;
    });
    total += done;
    if (done < BATCH) break;
  }
  if (total) deps.log.info({ anonymised: total, retentionMonths: bookingRetentionMonths }, "old bookings anonymised");
  return total;
}
