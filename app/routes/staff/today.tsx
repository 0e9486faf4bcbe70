import { Link } from "react-router";
import { TaskList } from "~/components/staff-tasks";
import { inIndianTime } from "~/lib/indian-time";
import { byIntent } from "~/lib/intents.server";
import { requireStaffWith } from "~/lib/staff.server";
import { taskIntents, taskView } from "~/lib/staff-tasks.server";
import { useActionToast } from "~/lib/use-action-toast";
import {
  canCoachVisas,
  canKeepCalendar,
  canSeeLeads,
  canSeeStudents,
  canSeeTasks,
  canWorkTasks,
} from "../../../modules/policies.ts";
import { DUE_SOON_DAYS } from "../../../vocabulary/deadlines.ts";
import { indianDay } from "../../../vocabulary/india-time.ts";
import { dayLabel } from "../../../vocabulary/scholarships.ts";
import type { Route } from "./+types/today";

export const meta: Route.MetaFunction = () => [{ title: "Today | Ignite" }, { name: "robots", content: "noindex" }];

/** An IST calendar day (YYYY-MM-DD) as a heading reads it: "Thursday, 26 November". */
const dayFormat = new Intl.DateTimeFormat("en-IN", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
const dayHeading = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
/** A time of day in IST, 24-hour: "14:30". */
const clockFormat = new Intl.DateTimeFormat("en-IN", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Asia/Kolkata",
});
const clock = (at: Date) => ({ iso: at.toISOString(), text: clockFormat.format(at) });

/** Today lists the first of the applications students started; the list it links to has them all. */
const STARTED_SHOWN = 20;

/**
 * A counsellor's day: the leads given to them not yet opened, the leads they see whose first response
 * is overdue, their open tasks that are overdue or due today, and the coming week (IST) by day: first
 * responses falling due and tasks (decision 0042).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canSeeTasks);
  const seeLeads = canSeeLeads(member);
  // The day's sessions are the member's own (an admin's too) (decision 0051).
  // Applications students started from the portal wait on their counsellor (decision 0055): the list's own
  // filter, counted the same way as the list it links to (decision 0042).
  const startedFilter = { status: "Started by you" };
  const [
    { today, overdue, dueToday, coming },
    leads,
    fresh,
    dueThisWeek,
    calendar,
    practices,
    dueApplications,
    started,
    startedCount,
  ] = await Promise.all([
    context.staff.tasks.today(member),
    seeLeads ? context.staff.leads.overdue(member) : [],
    seeLeads ? context.staff.leads.newLeads(member) : [],
    seeLeads ? context.staff.leads.firstResponsesThisWeek(member) : [],
    canKeepCalendar(member) ? context.staff.counselling.today(member) : null,
    canCoachVisas(member) ? context.staff.visas.practiceQueue(member) : [],
    // Their students' applications due within 14 days with packages incomplete: the list's due filter (decision 0059).
    canSeeStudents(member) ? context.staff.deadlines.dueSoon(member) : null,
    canSeeStudents(member) ? context.staff.applications.list(member, startedFilter) : [],
    canSeeStudents(member) ? context.staff.applications.count(member, startedFilter) : 0,
  ]);
  const todayIst = indianDay(new Date());
  const leadView = (lead: (typeof leads)[number]) => ({
    id: lead.id,
    name: `${lead.firstName} ${lead.lastName}`,
    destination: lead.studyDestination,
    due: inIndianTime(lead.firstResponseDue),
    assignedTo: lead.assignedTo,
  });
  const days = [...new Set([...dueThisWeek.map((lead) => lead.dueOn), ...coming.map((task) => task.dueOn)])].sort();
  return {
    today,
    newLeads: fresh.map((lead) => ({
      ...leadView(lead),
      asked: `${lead.typeOfStudy}, ${lead.preferredSubject}`,
      assigned: inIndianTime(lead.assignedAt),
    })),
    overdueLeads: leads.map(leadView),
    started: started.slice(0, STARTED_SHOWN).map((a) => ({
      id: a.id,
      studentName: a.studentName,
      course: a.course,
      university: a.university,
      intake: a.intake,
      at: inIndianTime(a.createdAt),
    })),
    startedCount,
    // Mock interviews the member's students shared and nobody has reviewed yet (decision 0049).
    toReview: practices
      .filter((p) => !p.reviewedAt)
      .map((p) => ({ id: p.id, studentName: p.studentName, country: p.country, shared: inIndianTime(p.sharedAt) })),
    overdue: overdue.map((t) => taskView(t, today)),
    dueToday: dueToday.map((t) => taskView(t, today)),
    week: days.map((day) => ({
      day,
      heading: day === today ? "Later today" : dayHeading(day),
      leads: dueThisWeek.filter((lead) => lead.dueOn === day).map(leadView),
      tasks: coming.filter((task) => task.dueOn === day).map((t) => taskView(t, today)),
    })),
    mayWork: canWorkTasks(member),
    dueApplications: dueApplications
      ? dueApplications.map((a) => ({
          id: a.id,
          studentId: a.studentId,
          studentName: a.studentName,
          course: a.course,
          university: a.university,
          deadline: a.deadline ?? "",
          deadlineText: a.deadline ? dayLabel(a.deadline) : "",
          daysLeft: a.deadline
            ? Math.round((Date.parse(`${a.deadline}T00:00:00Z`) - Date.parse(`${todayIst}T00:00:00Z`)) / 86_400_000)
            : 0,
          missing: a.missing.length,
        }))
      : null,
    sessions: calendar
      ? calendar.map((s) => ({
          id: s.id,
          kind: s.kindLabel,
          from: clock(s.startsAt),
          to: clock(s.endsAt),
          withName: s.withName,
          href: s.studentId ? `/staff/students/${s.studentId}` : s.leadId ? `/staff/leads/${s.leadId}` : null,
          cancelled: s.cancelled,
          meetingLink: s.meetingLink,
        }))
      : null,
  };
}

/** "Mark done" posts here (`intent=task-done`, the tasks panel's contract). */
export async function action({ request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canSeeTasks);
  const form = await request.formData();
  return byIntent(
    form.get("intent"),
    { ...taskIntents(context.staff, member, form, {}), nothing: () => ({ ok: false as const, message: "Nothing to do." }) },
    { otherwise: "nothing" },
  );
}

type LeadLine = Route.ComponentProps["loaderData"]["overdueLeads"][number];

function LeadLines({ leads, badge, testId }: { leads: LeadLine[]; badge: { text: string; tone: string }; testId: string }) {
  return (
    <ul className="list-unstyled">
      {leads.map((lead) => (
        <li key={lead.id} className="mb-1" data-testid={testId}>
          <span className={`badge text-bg-${badge.tone} me-2`}>{badge.text}</span>
          <Link to={`/staff/leads/${lead.id}`}>{lead.name}</Link>
          <span className="small">
            {" "}
            · {lead.destination} · first response due <time dateTime={lead.due.iso}>{lead.due.text}</time>
            {lead.assignedTo ? ` · ${lead.assignedTo}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function Today({ loaderData, actionData }: Route.ComponentProps) {
  const {
    today,
    newLeads,
    overdueLeads,
    toReview,
    overdue,
    dueToday,
    week,
    mayWork,
    sessions,
    dueApplications,
    started,
    startedCount,
  } = loaderData;
  useActionToast(actionData);
  const sections = [
    { id: "overdue-tasks", title: `Overdue tasks (${overdue.length})`, tasks: overdue, empty: "Nothing overdue." },
    { id: "due-today", title: `Due today (${dueToday.length})`, tasks: dueToday, empty: "Nothing due today." },
  ];
  return (
    <>
      <h1 className="h3 mb-3">
        Today, <time dateTime={today}>{today}</time>
      </h1>
      {sessions && (
        <section aria-labelledby="todays-sessions" className="mb-4">
          <h2 id="todays-sessions" className="h5">
            Sessions today ({sessions.filter((s) => !s.cancelled).length})
          </h2>
          {sessions.length ? (
            <ul className="list-unstyled">
              {sessions.map((s) => (
                <li key={s.id} className="mb-1" data-testid="todays-session">
                  <time dateTime={s.from.iso}>{s.from.text}</time>–<time dateTime={s.to.iso}>{s.to.text}</time> {s.kind} with{" "}
                  {s.href ? <Link to={s.href}>{s.withName}</Link> : s.withName}
                  {s.cancelled ? (
                    <span className="badge text-bg-secondary ms-2">Cancelled</span>
                  ) : (
                    s.meetingLink && (
                      <>
                        {" "}
                        · <a href={s.meetingLink}>Join the call</a>
                      </>
                    )
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-body-secondary">No sessions today.</p>
          )}
        </section>
      )}
      {newLeads.length > 0 && (
        <section aria-labelledby="new-leads" className="mb-4">
          <h2 id="new-leads" className="h5">
            New leads for you ({newLeads.length})
          </h2>
          <ul className="list-unstyled">
            {newLeads.map((lead) => (
              <li key={lead.id} className="mb-1" data-testid="new-lead">
                <span className="badge text-bg-primary me-2">New</span>
                <Link to={`/staff/leads/${lead.id}`}>{lead.name}</Link>
                <span className="small">
                  {" "}
                  · {lead.asked}, {lead.destination} · given to you <time dateTime={lead.assigned.iso}>{lead.assigned.text}</time>{" "}
                  · first response due <time dateTime={lead.due.iso}>{lead.due.text}</time>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {startedCount > 0 && (
        <section aria-labelledby="applications-started" className="mb-4">
          <h2 id="applications-started" className="h5">
            Applications students started ({startedCount})
          </h2>
          <ul className="list-unstyled">
            {started.map((a) => (
              <li key={a.id} className="mb-1" data-testid="application-started">
                <span className="badge text-bg-primary me-2">To check</span>
                <Link to={`/staff/applications/${a.id}`}>{a.studentName}</Link>
                <span className="small">
                  {" "}
                  · {a.course}, {a.university}
                  {a.intake ? ` · ${a.intake}` : ""} · started <time dateTime={a.at.iso}>{a.at.text}</time>
                </span>
              </li>
            ))}
          </ul>
          {startedCount > started.length && (
            <Link to={`/staff/applications?status=${encodeURIComponent("Started by you")}`}>All {startedCount}</Link>
          )}
        </section>
      )}
      {toReview.length > 0 && (
        <section aria-labelledby="practices-to-review" className="mb-4">
          <h2 id="practices-to-review" className="h5">
            Mock interviews to review ({toReview.length})
          </h2>
          <ul className="list-unstyled">
            {toReview.map((p) => (
              <li key={p.id} className="mb-1" data-testid="practice-to-review">
                <span className="badge text-bg-info me-2">To review</span>
                <Link to={`/staff/visas/practices/${p.id}`}>{p.studentName}</Link>
                <span className="small">
                  {" "}
                  · {p.country} · shared <time dateTime={p.shared.iso}>{p.shared.text}</time>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {dueApplications && (
        <section aria-labelledby="applications-due" className="mb-4">
          <h2 id="applications-due" className="h5">
            <Link to={`/staff/applications?due=${DUE_SOON_DAYS}`}>
              Applications due within {DUE_SOON_DAYS} days, packages incomplete ({dueApplications.length})
            </Link>
          </h2>
          {dueApplications.length ? (
            <ul className="list-unstyled">
              {dueApplications.map((a) => (
                <li key={a.id} className="mb-1" data-testid="application-due">
                  <span className={`badge text-bg-${a.daysLeft <= 2 ? "danger" : "warning"} me-2`}>
                    {a.daysLeft === 0 ? "Due today" : a.daysLeft === 1 ? "Due tomorrow" : `${a.daysLeft} days left`}
                  </span>
                  <Link to={`/staff/applications/${a.id}`}>{a.studentName}</Link>
                  <span className="small">
                    {" "}
                    · {a.course}, {a.university} · deadline <time dateTime={a.deadline}>{a.deadlineText}</time> · {a.missing} item
                    {a.missing === 1 ? "" : "s"} missing
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-body-secondary">
              No application of your students is due within {DUE_SOON_DAYS} days with its package incomplete.
            </p>
          )}
        </section>
      )}
      <section aria-labelledby="overdue-leads" className="mb-4">
        <h2 id="overdue-leads" className="h5">
          Overdue first responses ({overdueLeads.length})
        </h2>
        {overdueLeads.length ? (
          <LeadLines leads={overdueLeads} badge={{ text: "Overdue", tone: "danger" }} testId="overdue-lead" />
        ) : (
          <p className="text-body-secondary">Every new lead has had its first response in time.</p>
        )}
      </section>
      {sections.map((s) => (
        <section key={s.id} aria-labelledby={s.id} className="mb-4">
          <h2 id={s.id} className="h5">
            {s.title}
          </h2>
          {s.tasks.length ? (
            <TaskList tasks={s.tasks} mayWork={mayWork} showSubject />
          ) : (
            <p className="text-body-secondary">{s.empty}</p>
          )}
        </section>
      ))}
      <section aria-labelledby="this-week" className="mb-4" data-testid="this-week">
        <h2 id="this-week" className="h5">
          This week
        </h2>
        {week.length === 0 && <p className="text-body-secondary">Nothing falls due in the coming seven days.</p>}
        {week.map((group) => (
          <section key={group.day} aria-labelledby={`day-${group.day}`} data-testid="week-day">
            <h3 id={`day-${group.day}`} className="h6 mt-3">
              <time dateTime={group.day}>{group.heading}</time>
            </h3>
            {group.leads.length > 0 && (
              <LeadLines leads={group.leads} badge={{ text: "First response", tone: "secondary" }} testId="week-lead" />
            )}
            {group.tasks.length > 0 && <TaskList tasks={group.tasks} mayWork={mayWork} showSubject />}
          </section>
        ))}
      </section>
    </>
  );
}
