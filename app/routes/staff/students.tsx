import { Form, Link, useLocation } from "react-router";
import { orRouteError } from "~/lib/errors.server";
import { inIndianTime } from "~/lib/indian-time";
import { requireStaffWith } from "~/lib/staff.server";
import { canSeeStudents } from "../../../modules/policies.ts";
import { studentFiltersSchema } from "../../../modules/students/records.ts";
import { fieldRules } from "../../../modules/validation.ts";
import { privacyMessages } from "../../../vocabulary/privacy.ts";
import type { Route } from "./+types/students";

export const meta: Route.MetaFunction = () => [{ title: "Students | Ignite" }, { name: "robots", content: "noindex" }];

/** The students a member may see (a counsellor's own; everyone for admins and read-only staff), newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canSeeStudents);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const result = await orRouteError(context.staff.students.list(member, query));
  const pageLink = (page: number) => `?${new URLSearchParams({ ...query, page: String(page) })}`;
  const last = Math.max(1, Math.ceil(result.total / result.pageSize));
  return {
    searchRules: fieldRules(studentFiltersSchema),
    q: result.filters.q ?? "",
    total: result.total,
    page: result.page,
    previous: result.page > 1 ? pageLink(result.page - 1) : null,
    next: result.page < last ? pageLink(result.page + 1) : null,
    students: result.students.map((s) => ({ ...s, since: inIndianTime(s.createdAt) })),
  };
}

export default function Students({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const { students, q, total, page, previous, next, searchRules } = loaderData;
  return (
    <>
      <div className="d-flex align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0">Students</h1>
        <a className="btn btn-sm btn-outline-secondary" href={`/api/v1/staff/exports/students${location.search}`} download>
          Export as CSV
        </a>
      </div>
      {new URLSearchParams(location.search).has("erased") && (
        <p className="alert alert-success" role="status">
          {privacyMessages.erased}
        </p>
      )}
      {/* Keyed by the address: going back shows the filters of that address, not the last ones typed. */}
      <Form method="get" key={location.search} className="row g-2 align-items-end mb-3">
        <div className="col-sm-6">
          <label htmlFor="student-search" className="form-label small">
            Name, e-mail or phone
          </label>
          <input
            id="student-search"
            name="q"
            type="search"
            className="form-control form-control-sm"
            defaultValue={q}
            maxLength={searchRules.q?.maxLength}
          />
        </div>
        <div className="col-sm-2">
          <button type="submit" className="btn btn-sm btn-primary">
            Search
          </button>
        </div>
      </Form>
      <p className="small text-body-secondary">
        {total} student{total === 1 ? "" : "s"}, page {page}
      </p>
      {students.length === 0 ? (
        <p>No students match.</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Contact</th>
                <th scope="col">Counsellor</th>
                <th scope="col">Signed up (IST)</th>
              </tr>
            </thead>
            <tbody>
              {students.map((s) => (
                <tr key={s.id}>
                  <td>
                    <Link to={`/staff/students/${s.id}`}>{s.fullName}</Link>
                  </td>
                  <td className="small">
                    {s.email}
                    <br />
                    {s.phone}
                  </td>
                  <td>{s.counsellor ?? "Nobody yet"}</td>
                  <td>
                    <time dateTime={s.since.iso}>{s.since.text}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages of students" className="d-flex gap-3">
        {previous && <Link to={previous}>Newer students</Link>}
        {next && <Link to={next}>Older students</Link>}
      </nav>
    </>
  );
}
