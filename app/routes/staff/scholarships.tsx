import { Link } from "react-router";
import { requireStaffWith } from "~/lib/staff.server";
import { canManageScholarships } from "../../../modules/policies.ts";
import { dayLabel, deadlineLabel } from "../../../vocabulary/scholarships.ts";
import type { Route } from "./+types/scholarships";

export const meta: Route.MetaFunction = () => [
  { title: "Scholarships | Console | Ignite" },
  { name: "robots", content: "noindex" },
];

/** The scholarships list as staff keep it (decision 0025): withdrawn ones too, the oldest-checked first to find. */
export async function loader({ context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canManageScholarships);
  return { scholarships: await context.staff.scholarships.list(member) };
}

export default function StaffScholarships({ loaderData }: Route.ComponentProps) {
  const { scholarships } = loaderData;
  return (
    <>
      <div className="d-flex justify-content-between align-items-center flex-wrap gap-2 mb-3">
        <h1 className="h3 mb-0">Scholarships</h1>
        <Link to="/staff/scholarships/new" className="btn btn-primary btn-sm">
          Add a scholarship
        </Link>
      </div>
      <p className="small text-body-secondary">
        Students see these at <Link to="/scholarships">/scholarships</Link>, those matching them first. Check each against its
        official page every cycle and update the day it was checked.
      </p>
      <div className="table-responsive">
        <table className="table table-sm align-middle">
          <thead>
            <tr>
              <th scope="col">Scholarship</th>
              <th scope="col">Provider</th>
              <th scope="col">Levels</th>
              <th scope="col">Deadline</th>
              <th scope="col">Checked on</th>
              <th scope="col">On the site</th>
            </tr>
          </thead>
          <tbody>
            {scholarships.map((s) => (
              <tr key={s.id}>
                <td>
                  <Link to={`/staff/scholarships/${s.id}`}>{s.name}</Link>
                </td>
                <td className="small">{s.provider}</td>
                <td className="small">{s.levels.join(", ")}</td>
                <td className="small">{deadlineLabel({ month: s.deadlineMonth, day: s.deadlineDay }) ?? "Varies"}</td>
                <td className="small">{dayLabel(s.checkedOn)}</td>
                <td className="small">{s.retired ? "Withdrawn" : "Shown"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
