import { Link, useRouteLoaderData } from "react-router";
import { inIndianTime } from "~/lib/indian-time";
import { requireStaffMember } from "~/lib/staff.server";
import { staffRoleLabels } from "../../../vocabulary/staff.ts";
import type { Route } from "./+types/home";
import type { loader as layoutLoader } from "./layout";

export const meta: Route.MetaFunction = () => [{ title: "Console | Ignite" }, { name: "robots", content: "noindex" }];

/** The console's home: who is signed in, and the students' messages waiting for them (issue 29). */
export async function loader({ context }: Route.LoaderArgs) {
  const member = requireStaffMember(context.staffMember);
  const unread = await context.staff.messages.unread(member);
  return {
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
  const { unread } = loaderData;
  return (
    <>
      <h1 className="h3">Welcome, {member.fullName}</h1>
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
      <p>
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
