import { Form, Link, useFetcher } from "react-router";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { byIntent } from "~/lib/intents.server";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { canKeepCalendar, canSeeAllCalendars, canWorkSession, type StaffMember } from "../../../modules/policies.ts";
import { sessionMessages, sessionOutcomeLabels, sessionOutcomes } from "../../../vocabulary/counselling.ts";
import { indianClock } from "../../../vocabulary/india-time.ts";
import type { Route } from "./+types/calendar";

export const meta: Route.MetaFunction = () => [{ title: "Calendar | Ignite" }, { name: "robots", content: "noindex" }];

const mayOpen = (member: StaffMember) => canKeepCalendar(member) || canSeeAllCalendars(member);

/**
 * A counsellor's day or week of sessions (IST), each with the student's name and a link to their
 * record; an admin's of one counsellor or of everyone. After a session, its outcome and what was done.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, mayOpen);
  const url = new URL(request.url);
  // Another member's calendar, for a counsellor, is the service's 403 (as the actions answer), not a 500.
  const view = await orRouteError(context.staff.counselling.calendar(member, Object.fromEntries(url.searchParams)));
  // HH:MM in India (IST is UTC+05:30 all year).
  const time = (d: Date) => indianClock(d);
  return {
    ...view,
    mayKeepCalendar: canKeepCalendar(member),
    days: view.days.map((d) => ({
      ...d,
      sessions: d.sessions.map((s) => ({
        id: s.id,
        kindLabel: s.kindLabel,
        // A live mock visa interview ends with the practice's rubric (decision 0040).
        scoreAt: s.kind === "mock-visa-interview" && s.studentId && !s.cancelled ? `/staff/visas/live/${s.id}` : null,
        starts: { iso: s.startsAt.toISOString(), text: time(s.startsAt) },
        ends: time(s.endsAt),
        counsellor: s.counsellor,
        withName: s.withName,
        record: s.studentId ? `/staff/students/${s.studentId}` : s.leadId ? `/staff/leads/${s.leadId}` : null,
        cancelled: s.cancelled,
        outcomeLabel: s.outcomeLabel,
        outcomeNote: s.outcomeNote,
        meetingLink: s.meetingLink,
        ownLink: s.ownLink,
        recordable: s.recordable,
        invitationUnsent: s.invitationUnsent,
        mayWork: canWorkSession(member, s),
        upcoming: s.upcoming,
      })),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, mayOpen);
  const form = await request.formData();
  const values = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]));
  const id = Number.parseInt(values.sessionId ?? "", 10) || 0;
  return byIntent(form.get("intent"), {
    outcome: () =>
      refusalOr(async () => {
        await context.staff.counselling.recordOutcome(member, id, values);
        return { ok: true as const, message: sessionMessages.outcomeSaved };
      }, values),
    link: () =>
      refusalOr(async () => {
        await context.staff.counselling.setLink(member, id, values);
        return { ok: true as const, message: sessionMessages.linkSaved };
      }, values),
  });
}

type Row = Route.ComponentProps["loaderData"]["days"][number]["sessions"][number];

function SessionCard({ session }: { session: Row }) {
  const fetcher = useFetcher<{ ok: boolean; message: string; fields?: Record<string, string> }>();
  useActionToast(fetcher.state === "idle" ? fetcher.data : undefined);
  const fields = fetcher.data && !fetcher.data.ok ? (fetcher.data.fields ?? {}) : {};
  return (
    <li className="border rounded p-2 mb-2" data-testid="calendar-session">
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <div>
          <time dateTime={session.starts.iso} className="fw-semibold">
            {session.starts.text}–{session.ends}
          </time>{" "}
          {session.kindLabel} with{" "}
          {session.record ? <Link to={session.record}>{session.withName}</Link> : <span>{session.withName}</span>}
          <span className="text-body-secondary small"> · {session.counsellor}</span>
          {session.cancelled && <span className="badge text-bg-secondary ms-2">Cancelled</span>}
          {session.outcomeLabel && <span className="badge text-bg-info ms-2">{session.outcomeLabel}</span>}
          {session.invitationUnsent && (
            <span className="badge text-bg-warning ms-2" data-testid="invitation-unsent">
              Invitation not sent
            </span>
          )}
          {session.outcomeNote && <p className="small mb-0">{session.outcomeNote}</p>}
          {session.scoreAt && session.mayWork && (
            <Form method="post" action={session.scoreAt} className="d-inline">
              <button type="submit" className="btn btn-sm btn-outline-primary mt-1">
                Score this mock interview
              </button>
            </Form>
          )}
          {session.meetingLink && !session.cancelled && (
            <div className="small">
              <a href={session.meetingLink} rel="noopener noreferrer" target="_blank">
                Meeting link
              </a>
            </div>
          )}
        </div>
      </div>
      {session.mayWork && session.upcoming && (
        <details className="mt-2">
          <summary className="small">This session's own meeting link</summary>
          <fetcher.Form method="post" className="row g-2 align-items-end mt-1">
            <input type="hidden" name="intent" value="link" />
            <input type="hidden" name="sessionId" value={session.id} />
            <div className="col-sm-8">
              <label htmlFor={`link-${session.id}`} className="form-label small">
                Link (blank: your usual link)
              </label>
              <input
                id={`link-${session.id}`}
                name="meetingLink"
                type="url"
                className={`form-control form-control-sm${fields.meetingLink ? " is-invalid" : ""}`}
                defaultValue={session.ownLink ?? ""}
              />
              {fields.meetingLink && <div className="invalid-feedback">{fields.meetingLink}</div>}
            </div>
            <div className="col-sm-4">
              <button type="submit" className="btn btn-sm btn-outline-primary">
                Save link and tell the student
              </button>
            </div>
          </fetcher.Form>
        </details>
      )}
      {session.mayWork && session.recordable && (
        <fetcher.Form
          method="post"
          className="row g-2 align-items-end mt-2"
          aria-label={`Record the session with ${session.withName}`}
        >
          <input type="hidden" name="intent" value="outcome" />
          <input type="hidden" name="sessionId" value={session.id} />
          <fieldset className="col-sm-4">
            <legend className="form-label small mb-1">Attendance</legend>
            {sessionOutcomes.map((o) => (
              <div className="form-check form-check-inline" key={o}>
                <input
                  className="form-check-input"
                  type="radio"
                  name="outcome"
                  id={`outcome-${session.id}-${o}`}
                  value={o}
                  required
                />
                <label className="form-check-label small" htmlFor={`outcome-${session.id}-${o}`}>
                  {sessionOutcomeLabels[o]}
                </label>
              </div>
            ))}
          </fieldset>
          <div className="col-sm-5">
            <label htmlFor={`note-${session.id}`} className="form-label small">
              What was done
            </label>
            <textarea
              id={`note-${session.id}`}
              name="note"
              rows={1}
              className={`form-control form-control-sm${fields.note ? " is-invalid" : ""}`}
              required
            />
            {fields.note && <div className="invalid-feedback">{fields.note}</div>}
          </div>
          <div className="col-sm-3">
            <button type="submit" className="btn btn-sm btn-primary">
              Record on the timeline
            </button>
          </div>
        </fetcher.Form>
      )}
    </li>
  );
}

export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { view, whose, people, days, previous, next, first, mayKeepCalendar } = loaderData;
  const query = (changes: Record<string, string>) => {
    const params = new URLSearchParams({ view, day: first, ...(whose === "all" ? {} : { staffId: String(whose) }), ...changes });
    return `/staff/calendar?${params}`;
  };
  const count = days.reduce((n, d) => n + d.sessions.length, 0);
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">Calendar</h1>
        {mayKeepCalendar && <Link to="/staff/calendar/hours">Working hours, leave and meeting link</Link>}
      </div>
      <Form method="get" className="row g-2 align-items-end mb-3">
        <div className="col-sm-3">
          <label htmlFor="calendar-view" className="form-label">
            View
          </label>
          <select id="calendar-view" name="view" className="form-select" defaultValue={view}>
            <option value="day">Day</option>
            <option value="week">Week</option>
          </select>
        </div>
        <div className="col-sm-3">
          <label htmlFor="calendar-day" className="form-label">
            From
          </label>
          <input id="calendar-day" name="day" type="date" className="form-control" defaultValue={first} />
        </div>
        {people.length > 0 && (
          <div className="col-sm-4">
            <label htmlFor="calendar-staff" className="form-label">
              Counsellor
            </label>
            <select id="calendar-staff" name="staffId" className="form-select" defaultValue={String(whose)}>
              <option value="all">Everyone</option>
              {people.map((p) => (
                <option key={p.staffId} value={p.staffId}>
                  {p.fullName}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="col-sm-2">
          <button type="submit" className="btn btn-outline-primary">
            Show
          </button>
        </div>
      </Form>
      <nav aria-label="Calendar pages" className="d-flex gap-3 mb-3">
        <Link to={query({ day: previous })}>Previous {view}</Link>
        <Link to={query({ day: next })}>Next {view}</Link>
      </nav>
      <p className="text-body-secondary small">
        {count} session{count === 1 ? "" : "s"}; times are India time (IST).
      </p>
      {days.map((d) => (
        <section key={d.day} aria-labelledby={`day-${d.day}`} className="mb-3">
          <h2 id={`day-${d.day}`} className="h6">
            {d.weekday} <time dateTime={d.day}>{d.day}</time>
          </h2>
          {d.sessions.length === 0 ? (
            <p className="small text-body-secondary mb-0">No sessions.</p>
          ) : (
            <ul className="list-unstyled mb-0">
              {d.sessions.map((s) => (
                <SessionCard key={s.id} session={s} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}
