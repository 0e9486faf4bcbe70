import { Link, useRouteLoaderData } from "react-router";
import { staffRoleLabels } from "../../../vocabulary/staff.ts";
import type { Route } from "./+types/home";
import type { loader as layoutLoader } from "./layout";

export const meta: Route.MetaFunction = () => [{ title: "Console | Ignite" }, { name: "robots", content: "noindex" }];

export default function StaffHome() {
  const frame = useRouteLoaderData<typeof layoutLoader>("routes/staff/layout");
  if (!frame) return null;
  const { member, may } = frame;
  return (
    <>
      <h1 className="h3">Welcome, {member.fullName}</h1>
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
