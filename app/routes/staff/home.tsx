import { Link, useRouteLoaderData } from "react-router";
import { inIndianTime } from "~/lib/indian-time";
import { requireStaffMember } from "~/lib/staff.server";
import { canReviewDocuments, canSeeAllLeads, canSeeLeads, canSeeStudents } from "../../../modules/policies.ts";
import { staffRoleLabels } from "../../../vocabulary/staff.ts";
import type { Route } from "./+types/home";
import type { loader as layoutLoader } from "./layout";

export const meta: Route.MetaFunction = () => [{ title: "Console | Ignite" }, { name: "robots", content: "noindex" }];

/** A figure of the home: a count and the list it counts, linked by the same filters the count was made with. */
interface Figure {
  label: string;
  count: number;
  href: string;
}

/**
 * Each figure is counted by the list it links to, with the filters of its link (decision 0042): the
 * leads inbox's `open` and `awaiting`, the applications' `waiting`, the review queue; each scoped as
 * that list is (a counsellor's own leads and students, the team's for those who see all).
 */
async function figuresFor(staff: Route.LoaderArgs["context"]["staff"], member: Parameters<typeof canSeeLeads>[0]) {
  const counted = async (
    label: string,
    path: string,
    query: Record<string, string>,
    count: (q: typeof query) => Promise<number>,
  ) => {
    const search = new URLSearchParams(query).toString();
    return { label, href: search ? `${path}?${search}` : path, count: await count(query) } satisfies Figure;
  };
  const team = canSeeAllLeads(member);
  const figures: Promise<Figure>[] = [];
  if (canSeeLeads(member)) {
    figures.push(
      counted(team ? "Open leads, whole team" : "Your open leads", "/staff/leads", { open: "1" }, (q) =>
        staff.leads.count(member, q),
      ),
      counted(team ? "First responses due, whole team" : "Your first responses due", "/staff/leads", { awaiting: "1" }, (q) =>
        staff.leads.count(member, q),
      ),
    );
  }
  if (canSeeStudents(member)) {
    figures.push(
      counted(
        team ? "Applications waiting on a counsellor" : "Applications waiting on you",
        "/staff/applications",
        { waiting: "counsellor" },
        (q) => staff.applications.count(member, q),
      ),
    );
  }
  if (canReviewDocuments(member)) {
    figures.push(
      counted(
        member.role === "counsellor" ? "Your students' documents to review" : "Documents to review",
        "/staff/documents",
        {},
        () => staff.documents.reviewQueueCount(member),
      ),
    );
  }
  return { team, figures: await Promise.all(figures) };
}

/** The console's home: who is signed in, their figures (decision 0042), and the students' messages waiting for them (decision 0037). */
export async function loader({ context }: Route.LoaderArgs) {
  const member = requireStaffMember(context.staffMember);
  const [unread, figures, queuedNotSent, invitationsNotSent] = await Promise.all([
    context.staff.messages.unread(member),
    figuresFor(context.staff, member),
    context.staff.outbox.notSent(member),
    context.staff.counselling.unsentInvitations(member),
  ]);
  return {
    figures,
    // Mail the mail server refused, said here rather than retried in silence (decision 0048).
    notSent: {
      queued: queuedNotSent && { count: queuedNotSent.count, oldest: queuedNotSent.oldest && inIndianTime(queuedNotSent.oldest) },
      invitations: invitationsNotSent,
    },
    unread: {
      total: unread.total,
      students: unread.students.map((s) => ({ ...s, last: inIndianTime(s.lastAt) })),
    },
  };
}

export default function StaffHome({ loaderData }: Route.ComponentProps) {
  const frame = useRouteLoaderData<typeof layoutLoader>("routes/staff/layout");
  if (!frame) return null;
  const { member, may } = frame;
  const { unread, figures, notSent } = loaderData;
  return (
    <>
      <h1 className="h3">Welcome, {member.fullName}</h1>
      {((notSent.queued?.count ?? 0) > 0 || notSent.invitations > 0) && (
        <section aria-labelledby="not-sent-heading" className="alert alert-warning my-3" data-testid="mail-not-sent">
          <h2 id="not-sent-heading" className="h5">
            Mail not sent
          </h2>
          <ul className="mb-0">
            {notSent.queued && notSent.queued.count > 0 && (
              <li>
                {notSent.queued.count} queued {notSent.queued.count === 1 ? "mail" : "mails"} the mail server refused, waiting
                {notSent.queued.oldest && (
                  <>
                    {" "}
                    since <time dateTime={notSent.queued.oldest.iso}>{notSent.queued.oldest.text}</time>
                  </>
                )}
                ; they are tried again every five minutes.
              </li>
            )}
            {notSent.invitations > 0 && (
              <li>
                {notSent.invitations} session {notSent.invitations === 1 ? "invitation" : "invitations"} not sent: see the{" "}
                <Link to="/staff/calendar">calendar</Link>; the student can download it from their profile.
              </li>
            )}
          </ul>
        </section>
      )}
      {figures.figures.length > 0 && (
        <section aria-labelledby="figures-heading" className="my-3">
          <h2 id="figures-heading" className="h5">
            {figures.team ? "The team's work" : "Your work"}
          </h2>
          <ul className="row row-cols-2 row-cols-md-4 g-2 list-unstyled mb-0" data-testid="staff-figures">
            {figures.figures.map((f) => (
              <li key={f.label} className="col">
                <Link to={f.href} className="card h-100 p-2 text-decoration-none" data-testid="staff-figure">
                  <span className="fs-3 fw-bold">{f.count}</span> <span className="small">{f.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {(member.role === "admin" || member.role === "counsellor") && (
        <section aria-labelledby="messages-heading" className="my-3">
          <h2 id="messages-heading" className="h5">
            Messages from students{" "}
            <span className="badge text-bg-danger" data-testid="staff-unread-total">
              {unread.total}
            </span>
          </h2>
          {unread.students.length === 0 ? (
            <p className="text-body-secondary">No unread messages.</p>
          ) : (
            <ul data-testid="staff-unread">
              {unread.students.map((s) => (
                <li key={s.studentId}>
                  <Link to={`/staff/students/${s.studentId}#conversation`}>{s.fullName}</Link>: {s.unread} unread, the latest{" "}
                  <time dateTime={s.last.iso}>{s.last.text}</time>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {/* A long address breaks rather than widening a phone's page. */}
      <p className="text-break">
        You are signed in as <strong>{staffRoleLabels[member.role]}</strong> ({member.email}).
      </p>
      {(may.seeLeads || may.manageStaff || may.readAudit) && (
        <ul>
          {may.seeLeads && (
            <li>
              <Link to="/staff/leads">Leads</Link>: the consultation bookings, newest first.
            </li>
          )}
          {may.manageStaff && (
            <li>
              <Link to="/staff/members">Staff accounts</Link>: invite colleagues by e-mail, and disable their accounts when they
              leave.
            </li>
          )}
          {may.readAudit && (
            <li>
              <Link to="/staff/audit">Audit log</Link>: every staff action, newest first.
            </li>
          )}
        </ul>
      )}
    </>
  );
}
