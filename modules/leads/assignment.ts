import { sql } from "drizzle-orm";
import { type Database, queryRows } from "../../platform/db/client.ts";
import { readConsoleSettings } from "../console-settings.ts";

/**
 * Who a new lead goes to, whether a visitor booked it or staff entered it: in round-robin mode (the
 * default) the active counsellor (not one still invited, without a password) who was given a lead
 * longest ago (or never); in manual mode nobody,
 * so it waits, marked Unassigned, for an admin. Call it inside the transaction that inserts the lead:
 * leads made at the same moment take turns through a lock, so two never go to the same person by race.
 */
export async function assigneeForNewLead(
  tx: Pick<Database, "execute" | "select">,
  options: { among?: number[] } = {},
): Promise<number | null> {
  const settings = await readConsoleSettings(tx);
  // A visitor who chose a time for their call (issue 29) goes to one of the counsellors free then, in
  // either mode: the call needs someone to hold it. Round-robin order among them.
  if (settings.leadAssignment === "manual" && !options.among) return null;
  if (options.among?.length === 0) return null;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lead-assignment'))`);
  const among = options.among
    ? sql`and s.id in (${sql.join(
        options.among.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const [row] = await queryRows<{ id: number }>(
    tx as Database,
    sql`select s.id from staff s
        where s.role = 'counsellor' and s.disabled_at is null and s.password_hash is not null ${among}
        order by (select max(c.created_at) from consultations c where c.assigned_staff_id = s.id) asc nulls first, s.id
        limit 1`,
  );
  return row?.id ?? null;
}
