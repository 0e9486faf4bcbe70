import type { ReactNode } from "react";
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
import { DUE_SOON_DAYS, INTAKE_CHANGED_DAYS } from "../../../vocabulary/deadlines.ts";
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

/** Today lists the replies the member's students gave to offers within this many days (decision 0093). */
const OFFER_REPLIES_DAYS = 7;
const replyWords = { accepted: "Accepted", held: "Held as backup", declined: "Declined", open: "Reopened" } as const;
const replyTones = { accepted: "success", held: "info", declined: "secondary", open: "secondary" } as const;

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
  // Open applications whose intake staff moved the deadline of or removed (decision 0085): the list's own filter.
  const changedFilter = { changed: INTAKE_CHANGED_DAYS };
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
    intakeChanged,
    lettersToConfirm,
    offerReplies,
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
    canSeeStudents(member) ? context.staff.applications.list(member, changedFilter) : [],
    // Offer letters students uploaded, awaiting confirmation (decision 0092), and their recent replies (decision 0093).
    canSeeStudents(member) ? context.staff.offers.lettersToConfirm(member) : [],
    canSeeStudents(member) ? context.staff.offers.recentReplies(member, OFFER_REPLIES_DAYS) : [],
  ]);
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
    intakeChanged: intakeChanged.map((a) => ({
      id: a.id,
      studentName: a.studentName,
      course: a.course,
      university: a.university,
      intake: a.intake,
      applied: a.appliedDeadline ? { iso: a.appliedDeadline, text: dayLabel(a.appliedDeadline) } : null,
      now: a.deadline ? { iso: a.deadline, text: dayLabel(a.deadline) } : null,
      removed: !a.intakeListed,
    })),
    lettersToConfirm: lettersToConfirm.map((l) => ({
      applicationId: l.applicationId,
      studentName: l.studentName,
      course: l.course,
      university: l.university,
      uploaded: inIndianTime(l.uploadedAt),
    })),
    offerReplies: offerReplies.map((r) => ({
      applicationId: r.applicationId,
      studentName: r.studentName,
      course: r.course,
      university: r.university,
      state: r.state,
      replied: inIndianTime(r.repliedAt),
    })),
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
          // Counted by the services' clock, as the list's filter is (decision 0059).
          daysLeft: a.daysLeft ?? 0,
          missing: a.missing.length,
          lettersWaiting: a.lettersWaiting,
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
type Badge = { text: string; tone: string };

/** One of Today's sections: its heading (with the count), then its lines, or a sentence saying there are none. */
function TodaySection({
  id,
  heading,
  lines,
  empty,
  after,
}: {
  id: string;
  heading: ReactNode;
  lines: ReactNode[];
  empty?: string;
  after?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mb-4">
      <h2 id={id} className="h5">
        {heading}
      </h2>
      {lines.length > 0 ? <ul className="list-unstyled">{lines}</ul> : empty && <p className="text-body-secondary">{empty}</p>}
      {after}
    </section>
  );
}

/** A line of a section: a badge, the name linking to the page where the work is done, and what it is about. */
function TodayLine({
  testId,
  badge,
  href,
  name,
  children,
  below,
}: {
  testId: string;
  badge: Badge;
  href: string;
  name: string;
  children: ReactNode;
  below?: ReactNode;
}) {
  return (
    <li className="mb-1" data-testid={testId}>
      <span className={`badge text-bg-${badge.tone} me-2`}>{badge.text}</span>
      <Link to={href}>{name}</Link>
      <span className="small"> · {children}</span>
      {below}
    </li>
  );
}

const When = ({ at }: { at: { iso: string; text: string } }) => <time dateTime={at.iso}>{at.text}</time>;

function leadLines(leads: LeadLine[], badge: Badge, testId: string) {
  return leads.map((lead) => (
    <TodayLine key={lead.id} testId={testId} badge={badge} href={`/staff/leads/${lead.id}`} name={lead.name}>
      {lead.destination} · first response due <When at={lead.due} />
      {lead.assignedTo ? ` · ${lead.assignedTo}` : ""}
    </TodayLine>
  ));
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
    intakeChanged,
    lettersToConfirm,
    offerReplies,
  } = loaderData;
  useActionToast(actionData);
  const tasks = [
    { id: "overdue-tasks", title: `Overdue tasks (${overdue.length})`, tasks: overdue, empty: "Nothing overdue." },
    { id: "due-today", title: `Due today (${dueToday.length})`, tasks: dueToday, empty: "Nothing due today." },
  ];
  const toApplication = (id: number) => `/staff/applications/${id}`;
  return (
    <>
      <h1 className="h3 mb-3">
        Today, <time dateTime={today}>{today}</time>
      </h1>
      {sessions && (
        <TodaySection
          id="todays-sessions"
          heading={`Sessions today (${sessions.filter((s) => !s.cancelled).length})`}
          empty="No sessions today."
          lines={sessions.map((s) => (
            <li key={s.id} className="mb-1" data-testid="todays-session">
              <When at={s.from} />–<When at={s.to} /> {s.kind} with {s.href ? <Link to={s.href}>{s.withName}</Link> : s.withName}
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
        />
      )}
      {newLeads.length > 0 && (
        <TodaySection
          id="new-leads"
          heading={`New leads for you (${newLeads.length})`}
          lines={newLeads.map((lead) => (
            <TodayLine
              key={lead.id}
              testId="new-lead"
              badge={{ text: "New", tone: "primary" }}
              href={`/staff/leads/${lead.id}`}
              name={lead.name}
            >
              {lead.asked}, {lead.destination} · given to you <When at={lead.assigned} /> · first response due{" "}
              <When at={lead.due} />
            </TodayLine>
          ))}
        />
      )}
      {startedCount > 0 && (
        <TodaySection
          id="applications-started"
          heading={`Applications students started (${startedCount})`}
          lines={started.map((a) => (
            <TodayLine
              key={a.id}
              testId="application-started"
              badge={{ text: "To check", tone: "primary" }}
              href={toApplication(a.id)}
              name={a.studentName}
            >
              {a.course}, {a.university}
              {a.intake ? ` · ${a.intake}` : ""} · started <When at={a.at} />
            </TodayLine>
          ))}
          after={
            startedCount > started.length && (
              <Link to={`/staff/applications?status=${encodeURIComponent("Started by you")}`}>All {startedCount}</Link>
            )
          }
        />
      )}
      {lettersToConfirm.length > 0 && (
        <TodaySection
          id="offer-letters"
          heading={`Offer letters to confirm (${lettersToConfirm.length})`}
          lines={lettersToConfirm.map((l) => (
            <TodayLine
              key={l.applicationId}
              testId="offer-letter-to-confirm"
              badge={{ text: "To confirm", tone: "primary" }}
              href={toApplication(l.applicationId)}
              name={l.studentName}
            >
              {l.course}, {l.university} · uploaded <When at={l.uploaded} />
            </TodayLine>
          ))}
        />
      )}
      {offerReplies.length > 0 && (
        <TodaySection
          id="offer-replies"
          heading={`Replies to offers, last ${OFFER_REPLIES_DAYS} days (${offerReplies.length})`}
          lines={offerReplies.map((r) => (
            <TodayLine
              key={r.applicationId}
              testId="offer-reply"
              badge={{ text: replyWords[r.state], tone: replyTones[r.state] }}
              href={toApplication(r.applicationId)}
              name={r.studentName}
            >
              {r.course}, {r.university} · <When at={r.replied} />
            </TodayLine>
          ))}
        />
      )}
      {intakeChanged.length > 0 && (
        <TodaySection
          id="intakes-changed"
          heading={
            <Link to={`/staff/applications?changed=${INTAKE_CHANGED_DAYS}`}>
              Intakes changed since students applied ({intakeChanged.length})
            </Link>
          }
          lines={intakeChanged.map((a) => (
            <TodayLine
              key={a.id}
              testId="intake-changed"
              badge={{ text: a.removed ? "Intake removed" : "Deadline moved", tone: "warning" }}
              href={toApplication(a.id)}
              name={a.studentName}
            >
              {a.course}, {a.university}
              {a.intake ? ` · ${a.intake}` : ""}
              {a.applied && (
                <>
                  {" "}
                  · applied with the deadline <When at={a.applied} />
                </>
              )}
              {!a.removed &&
                (a.now ? (
                  <>
                    , now <When at={a.now} />
                  </>
                ) : (
                  ", now none given"
                ))}
            </TodayLine>
          ))}
        />
      )}
      {toReview.length > 0 && (
        <TodaySection
          id="practices-to-review"
          heading={`Mock interviews to review (${toReview.length})`}
          lines={toReview.map((p) => (
            <TodayLine
              key={p.id}
              testId="practice-to-review"
              badge={{ text: "To review", tone: "info" }}
              href={`/staff/visas/practices/${p.id}`}
              name={p.studentName}
            >
              {p.country} · shared <When at={p.shared} />
            </TodayLine>
          ))}
        />
      )}
      {dueApplications && (
        <TodaySection
          id="applications-due"
          heading={
            <Link to={`/staff/applications?due=${DUE_SOON_DAYS}`}>
              Applications due within {DUE_SOON_DAYS} days, packages incomplete ({dueApplications.length})
            </Link>
          }
          empty={`No application of your students is due within ${DUE_SOON_DAYS} days with its package incomplete.`}
          lines={dueApplications.map((a) => (
            <TodayLine
              key={a.id}
              testId="application-due"
              badge={{
                text: a.daysLeft === 0 ? "Due today" : a.daysLeft === 1 ? "Due tomorrow" : `${a.daysLeft} days left`,
                tone: a.daysLeft <= 2 ? "danger" : "warning",
              }}
              href={toApplication(a.id)}
              name={a.studentName}
              below={
                a.lettersWaiting.length > 0 && (
                  // Letters not in while the deadline nears (decision 0077).
                  <div className="small text-danger" data-testid="letters-overdue">
                    Letters not submitted: {a.lettersWaiting.map((l) => `${l.recommender} (${l.status})`).join(", ")}
                  </div>
                )
              }
            >
              {a.course}, {a.university} · deadline <time dateTime={a.deadline}>{a.deadlineText}</time> · {a.missing} item
              {a.missing === 1 ? "" : "s"} missing
            </TodayLine>
          ))}
        />
      )}
      <TodaySection
        id="overdue-leads"
        heading={`Overdue first responses (${overdueLeads.length})`}
        empty="Every new lead has had its first response in time."
        lines={leadLines(overdueLeads, { text: "Overdue", tone: "danger" }, "overdue-lead")}
      />
      {tasks.map((s) => (
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
              <ul className="list-unstyled">
                {leadLines(group.leads, { text: "First response", tone: "secondary" }, "week-lead")}
              </ul>
            )}
            {group.tasks.length > 0 && <TaskList tasks={group.tasks} mayWork={mayWork} showSubject />}
          </section>
        ))}
      </section>
    </>
  );
}
