import { and, asc, eq, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import { indianDay, indianHour } from "../../vocabulary/india-time.ts";
import type { StaffDeps } from "../deps.ts";
import { nowOf } from "../deps.ts";
import { overdueLeads } from "../leads/leads.ts";
import { consultations } from "../leads/tables.ts";
import { mailLink } from "../mail-link.ts";
import { canBeAssignedTasks } from "../policies.ts";
import { students } from "../students/tables.ts";
import { staffTasks } from "../tasks/tables.ts";
import { presentStaff } from "./accounts.ts";
import { digestRuns, staff } from "./tables.ts";

/**
 * The daily e-mail digest: each active admin or counsellor with open tasks overdue or due today (IST),
 * and each counsellor with leads whose first response is overdue, gets one summary a day. A row in digest_runs (staff, day) is claimed before the mail is sent, so
 * several server instances running this at once send it exactly once; a mail that fails gives the
 * claim back, so a later run tries again.
 */

/** Whether the IST day at `now` has reached `hour` (0-23): the scheduler runs the digest from then on. */
export const digestDue = (now: Date, hour: number) => indianHour(now) >= hour;

interface DigestTask {
  title: string;
  dueOn: string;
  studentName: string | null;
  leadName: string | null;
}

const aboutOf = (t: DigestTask) => (t.studentName ? ` (student: ${t.studentName})` : t.leadName ? ` (lead: ${t.leadName})` : "");

const longDay = (day: string) =>
  new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

interface DigestLead {
  name: string;
  destination: string;
  due: Date;
}

const indianTime = (at: Date) =>
  new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" }).format(at);

function digestMail(
  deps: StaffDeps,
  person: { email: string; fullName: string },
  day: string,
  tasks: DigestTask[],
  leads: DigestLead[],
) {
  const overdue = tasks.filter((t) => t.dueOn < day);
  const dueToday = tasks.filter((t) => t.dueOn === day);
  const lines = [`Dear ${person.fullName},`, ""];
  if (leads.length) {
    lines.push(`First response overdue (${leads.length}):`);
    for (const l of leads) lines.push(`- ${l.name} (${l.destination}), due ${indianTime(l.due)} IST`);
    lines.push("");
  }
  if (overdue.length) {
    lines.push(`Overdue (${overdue.length}):`);
    for (const t of overdue) lines.push(`- ${t.title}${aboutOf(t)}, due ${longDay(t.dueOn)}`);
    lines.push("");
  }
  if (dueToday.length) {
    lines.push(`Due today (${dueToday.length}):`);
    for (const t of dueToday) lines.push(`- ${t.title}${aboutOf(t)}`);
    lines.push("");
  }
  lines.push(`Your day in the console: ${mailLink(deps.siteAddress, "/staff/today")}`, "", "Ignite - Your academic Journey");
  return {
    to: person.email,
    subject: `Your Ignite tasks for ${longDay(day)}: ${overdue.length} overdue, ${dueToday.length} due today${
      leads.length ? `, ${leads.length} first response${leads.length === 1 ? "" : "s"} overdue` : ""
    }`,
    text: lines.join("\n"),
  };
}

/** Sends today's digests that are not sent yet; answers how many went out. */
export async function sendDailyDigests(deps: StaffDeps, now: Date = nowOf(deps)): Promise<{ sent: number }> {
  if (!deps.mailer) return { sent: 0 };
  const day = indianDay(now);
  const rows = await deps.db
    .select({
      staffId: staff.id,
      email: staff.email,
      fullName: staff.fullName,
      role: staff.role,
      title: staffTasks.title,
      dueOn: staffTasks.dueOn,
      studentName: students.fullName,
      leadFirst: consultations.firstName,
      leadLast: consultations.lastName,
    })
    .from(staffTasks)
    .innerJoin(staff, eq(staff.id, staffTasks.assigneeStaffId))
    .leftJoin(students, eq(students.id, staffTasks.studentId))
    .leftJoin(consultations, eq(consultations.id, staffTasks.leadId))
    .where(
      and(
        isNull(staffTasks.doneAt),
        lte(staffTasks.dueOn, day),
        isNull(staff.disabledAt),
        isNotNull(staff.passwordHash),
        inArray(staff.role, ["admin", "counsellor"]),
      ),
    )
    .orderBy(asc(staff.id), asc(staffTasks.dueOn), asc(staffTasks.id));
  const people = new Map<number, { email: string; fullName: string; tasks: DigestTask[]; leads: DigestLead[] }>();
  for (const row of rows) {
    if (!canBeAssignedTasks(row.role)) continue;
    const person = people.get(row.staffId) ?? { email: row.email, fullName: row.fullName, tasks: [], leads: [] };
    person.tasks.push({
      title: row.title,
      dueOn: row.dueOn,
      studentName: row.studentName,
      leadName: row.leadFirst ? `${row.leadFirst} ${row.leadLast}` : null,
    });
    people.set(row.staffId, person);
  }
  // Counsellors' own leads past their first-response time (admins see theirs in the inbox and on Today).
  const counsellors = await deps.db
    .select()
    .from(staff)
    .where(and(eq(staff.role, "counsellor"), isNull(staff.disabledAt), isNotNull(staff.passwordHash)));
  for (const row of counsellors) {
    const leads = await overdueLeads(deps, presentStaff(row), now);
    if (leads.length === 0) continue;
    const person = people.get(row.id) ?? { email: row.email, fullName: row.fullName, tasks: [], leads: [] };
    person.leads = leads.map((l) => ({
      name: `${l.firstName} ${l.lastName}`,
      destination: l.studyDestination,
      due: l.firstResponseDue,
    }));
    people.set(row.id, person);
  }
  let sent = 0;
  for (const [staffId, person] of people) {
    const [claimed] = await deps.db
      .insert(digestRuns)
      .values({ staffId, day, sentAt: now })
      .onConflictDoNothing()
      .returning({ staffId: digestRuns.staffId });
    if (!claimed) continue;
    try {
      await deps.mailer.send(digestMail(deps, person, day, person.tasks, person.leads));
      sent += 1;
    } catch (error) {
      deps.log.error({ err: error, staffId }, "daily digest mail failed; it will be tried again");
      await deps.db.delete(digestRuns).where(and(eq(digestRuns.staffId, staffId), eq(digestRuns.day, day)));
    }
  }
  return { sent };
}
