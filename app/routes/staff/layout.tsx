import { Form, NavLink, Outlet, redirect } from "react-router";
import { requireStaffMember } from "~/lib/staff.server";
import type { ScreenHandle } from "~/root";
import {
  canCoachVisas,
  canEditVisaGuides,
  canKeepCalendar,
  canManageCatalogue,
  canManageScholarships,
  canManageSettings,
  canManageStaff,
  canReadAuditLog,
  canReviewDocuments,
  canSeeAllCalendars,
  canSeeLeads,
  canSeeReports,
  canSeeStudents,
  canSeeTasks,
} from "../../../modules/policies.ts";
import { staffRoleLabels } from "../../../vocabulary/staff.ts";
import recordsStyles from "../../styles/records.scss?url";
import type { Route } from "./+types/layout";

export const handle = { staff: true } satisfies ScreenHandle;
/**
 * The console's tables and lists (decision 0051): without these rules `table-responsive` did not
 * scroll, and Leads, the audit log and Reports made a phone's whole page 700 px wide.
 */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: recordsStyles }];

/** The console's frame: who is signed in, what their role may open, and sign-out. */
export function loader({ context }: Route.LoaderArgs) {
  const member = requireStaffMember(context.staffMember);
  return {
    member,
    may: {
      seeTasks: canSeeTasks(member),
      seeLeads: canSeeLeads(member),
      seeStudents: canSeeStudents(member),
      seeReports: canSeeReports(member),
      seeCalendar: canKeepCalendar(member) || canSeeAllCalendars(member),
      reviewDocuments: canReviewDocuments(member),
      manageStaff: canManageStaff(member),
      readAudit: canReadAuditLog(member),
      manageSettings: canManageSettings(member),
      manageCatalogue: canManageCatalogue(member),
      manageScholarships: canManageScholarships(member),
      coachVisas: canCoachVisas(member),
      editVisaGuides: canEditVisaGuides(member),
    },
  };
}

/** Sign-out of the console (the form in the frame posts here). */
export async function action({ context }: Route.ActionArgs) {
  if (context.staffToken) await context.staff.team.logOut(context.staffToken);
  return redirect("/staff/login", { headers: { "Set-Cookie": context.cookies.clearStaffSession() } });
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  const { member, may } = loaderData;
  return (
    <>
      <header className="border-bottom bg-body-tertiary">
        <nav className="container d-flex flex-wrap align-items-center gap-3 py-2" aria-label="Staff console">
          <NavLink to="/staff" end className="fw-bold text-decoration-none me-2">
            Ignite console
          </NavLink>
          {may.seeTasks && <NavLink to="/staff/today">Today</NavLink>}
          {may.seeLeads && <NavLink to="/staff/leads">Leads</NavLink>}
          {may.seeStudents && <NavLink to="/staff/students">Students</NavLink>}
          {may.seeStudents && <NavLink to="/staff/applications">Applications</NavLink>}
          {may.seeStudents && <NavLink to="/staff/visas">Visas</NavLink>}
          {may.seeCalendar && <NavLink to="/staff/calendar">Calendar</NavLink>}
          {may.reviewDocuments && <NavLink to="/staff/documents">Documents</NavLink>}
          {may.seeReports && <NavLink to="/staff/reports">Reports</NavLink>}
          {may.manageStaff && <NavLink to="/staff/members">Staff</NavLink>}
          {may.manageStaff && <NavLink to="/staff/document-rules">Document rules</NavLink>}
          {may.manageCatalogue && <NavLink to="/staff/catalogue">Catalogue</NavLink>}
          {may.manageCatalogue && <NavLink to="/staff/costs">Costs</NavLink>}
          {may.manageScholarships && <NavLink to="/staff/scholarships">Scholarships</NavLink>}
          {may.coachVisas && <NavLink to="/staff/visa-questions">Visa questions</NavLink>}
          {may.editVisaGuides && <NavLink to="/staff/visa-guides">Visa guides</NavLink>}
          {may.readAudit && <NavLink to="/staff/audit">Audit log</NavLink>}
          {may.manageSettings && <NavLink to="/staff/settings">Settings</NavLink>}
          <NavLink to="/staff/account" className="ms-auto small">
            {member.fullName} · {staffRoleLabels[member.role]}
          </NavLink>
          <Form method="post" action="/staff">
            <button type="submit" className="btn btn-sm btn-outline-secondary">
              Sign out
            </button>
          </Form>
        </nav>
      </header>
      <div className="container py-4">
        <Outlet />
      </div>
    </>
  );
}
