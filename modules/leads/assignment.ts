import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { type Database, queryRows } from "../../platform/db/client.ts";
import type { JobSender, SqlRunner } from "../../platform/jobs.ts";
import { assignmentMail } from "../../vocabulary/consultations.ts";
import { contactChannelLabels } from "../../vocabulary/privacy.ts";
import { type AuditActor, recordAudit } from "../audit-log.ts";
import { readConsoleSettings } from "../console-settings.ts";
import { mailLink } from "../mail-link.ts";
import { queueMail } from "../outbox.ts";
import { staff } from "../staff/tables.ts";
import { consultations } from "./tables.ts";

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
  // A visitor who chose a time for their call (decision 0036) goes to one of the counsellors free then, in
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

type Writer = Pick<Database, "insert" | "update" | "select"> & SqlRunner;

/** One line of a value typed by a visitor: no line break can start a line of its own in the mail. */
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim().slice(0, 120);

/**
 * Leads were just given to a counsellor (a booking's round-robin, a lead staff entered, an admin's
 * assignment): call it in the transaction that gave them. Someone else gave them: each lead is marked
 * new to the counsellor (Today lists it until they open it or move it on), one mail is queued in the
 * outbox naming each lead and what they asked for with a link to it, and each lead's history says the
 * counsellor was told. A counsellor who gave leads to themselves is not told and not shown them as new.
 * Answers whether a mail was queued (the caller sends it after the commit when there is no job queue).
 */
export async function tellAssignee(
  tx: Writer,
  deps: { jobs?: JobSender; siteAddress: string },
  actor: AuditActor,
  assignment: { leadIds: number[]; staffId: number; at: Date },
): Promise<boolean> {
  const { leadIds, staffId, at } = assignment;
  if (leadIds.length === 0) return false;
  const self = !("system" in actor) && actor.staffId === staffId;
  await tx
    .update(consultations)
    .set(self ? { assignedAt: null, assigneeOpenedAt: null } : { assignedAt: at, assigneeOpenedAt: null })
    .where(inArray(consultations.id, leadIds));
  if (self) return false;
  const [counsellor] = await tx
    .select({ fullName: staff.fullName, email: staff.email, disabledAt: staff.disabledAt })
    .from(staff)
    .where(eq(staff.id, staffId));
  if (!counsellor || counsellor.disabledAt) return false;
  const leads = await tx
    .select({
      id: consultations.id,
      firstName: consultations.firstName,
      lastName: consultations.lastName,
      studyDestination: consultations.studyDestination,
      typeOfStudy: consultations.typeOfStudy,
      preferredSubject: consultations.preferredSubject,
      yearOfStudy: consultations.yearOfStudy,
      preferredContact: consultations.preferredContact,
    })
    .from(consultations)
    .where(inArray(consultations.id, leadIds))
    .orderBy(asc(consultations.id));
  const named = leads.map((lead) => ({ ...lead, name: oneLine(`${lead.firstName} ${lead.lastName}`) }));
  const blocks = named.map((lead) =>
    [
      lead.name,
      `  Asked for: ${oneLine(lead.typeOfStudy)} in ${oneLine(lead.preferredSubject)}, ${oneLine(lead.studyDestination)}${lead.yearOfStudy ? `, from ${oneLine(lead.yearOfStudy)}` : ""}`,
      `  Wants to be contacted by: ${contactChannelLabels[lead.preferredContact]}`,
      `  Open the lead: ${mailLink(deps.siteAddress, `/staff/leads/${lead.id}`)}`,
    ].join("\n"),
  );
  const by = "system" in actor ? null : actor.fullName;
  await queueMail(
    tx,
    deps,
    {
      to: counsellor.email,
      subject: assignmentMail.subject(named.map((lead) => ({ name: lead.name, destination: oneLine(lead.studyDestination) }))),
      text: [assignmentMail.opening(counsellor.fullName, by, named.length), ...blocks, assignmentMail.closing].join("\n\n"),
    },
    { studentId: null },
  );
  for (const lead of named) {
    await recordAudit(tx, actor, {
      action: "lead.assignee_mailed",
      subjectType: "lead",
      subjectId: lead.id,
      after: { assignedStaffId: staffId, assignedTo: counsellor.fullName },
    });
  }
  return true;
}

/** The assigned counsellor opened the lead: it is no longer new to them (their first opening only). */
export async function markOpenedByAssignee(db: Pick<Database, "update">, leadId: number, staffId: number, at: Date) {
  await db
    .update(consultations)
    .set({ assigneeOpenedAt: at })
    .where(
      and(
        eq(consultations.id, leadId),
        eq(consultations.assignedStaffId, staffId),
        isNotNull(consultations.assignedAt),
        isNull(consultations.assigneeOpenedAt),
      ),
    );
}
