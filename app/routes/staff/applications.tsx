import { Form, Link, useLocation } from "react-router";
import { orRouteError } from "~/lib/errors.server";
import { requireStaffWith } from "~/lib/staff.server";
import { applicationFiltersSchema } from "../../../modules/applications/applications.ts";
import { canSeeStudents } from "../../../modules/policies.ts";
import { fieldRules } from "../../../modules/validation.ts";
import {
  applicationStatuses,
  applicationStatusTones,
  stageOf,
  waitingOnLabels,
  waitingOnValues,
} from "../../../vocabulary/applications.ts";
import { DUE_SOON_DAYS } from "../../../vocabulary/deadlines.ts";
import { dayLabel } from "../../../vocabulary/scholarships.ts";
import type { Route } from "./+types/applications";

export const meta: Route.MetaFunction = () => [{ title: "Applications | Ignite" }, { name: "robots", content: "noindex" }];

const DAY_MS = 86_400_000;

/** Applications as a table or a board by stage (`?view=board`), filtered by stage and a search, in the address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canSeeStudents);
  const params = new URL(request.url).searchParams;
  const query = {
    status: params.get("status") ?? "",
    waiting: params.get("waiting") ?? "",
    q: params.get("q") ?? "",
    due: params.get("due") ?? "",
    changed: params.get("changed") ?? "",
  };
  // Due within N days keeps only packages still incomplete, as Today counts them (decision 0059).
  const rows = await orRouteError(
    query.due ? context.staff.deadlines.due(member, query) : context.staff.applications.list(member, query),
  );
  const now = Date.now();
  return {
    searchRules: fieldRules(applicationFiltersSchema),
    view: params.get("view") === "board" ? ("board" as const) : ("table" as const),
    query,
    applications: rows.map((a) => ({
      id: a.id,
      studentId: a.studentId,
      studentName: a.studentName,
      status: a.status,
      course: a.course,
      university: a.university,
      country: a.country,
      intake: a.intake,
      deadline: a.deadline,
      daysInStage: Math.floor((now - a.stageEnteredAt.getTime()) / DAY_MS),
    })),
  };
}

export default function StaffApplications({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const { view, query, applications, searchRules } = loaderData;
  const other = new URLSearchParams({ ...query, view: view === "board" ? "table" : "board" });
  const stages = applicationStatuses.filter(
    (s) => (!query.status || s === query.status) && (!query.waiting || stageOf(s).waitingOn === query.waiting),
  );
  return (
    <>
      <div className="d-flex align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0">Applications</h1>
        <Link to={`?${other}`} className="small">
          {view === "board" ? "Show as a table" : "Show as a board"}
        </Link>
        <a className="btn btn-sm btn-outline-secondary" href={`/api/v1/staff/exports/applications${location.search}`} download>
          Export as CSV
        </a>
      </div>
      {/* Keyed by the address: going back shows the filters of that address, not the last ones typed. */}
      <Form method="get" key={location.search} className="row g-2 align-items-end mb-3">
        <input type="hidden" name="view" value={view} />
        <div className="col-sm-3">
          <label htmlFor="application-search" className="form-label small">
            Student, course or university
          </label>
          <input
            id="application-search"
            name="q"
            type="search"
            className="form-control form-control-sm"
            defaultValue={query.q}
            maxLength={searchRules.q?.maxLength}
          />
        </div>
        <div className="col-sm-2">
          <label htmlFor="application-stage" className="form-label small">
            Stage
          </label>
          <select id="application-stage" name="status" className="form-select form-select-sm" defaultValue={query.status}>
            <option value="">Any</option>
            {applicationStatuses.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
        <div className="col-sm-3">
          <label htmlFor="application-waiting" className="form-label small">
            Waiting on
          </label>
          <select id="application-waiting" name="waiting" className="form-select form-select-sm" defaultValue={query.waiting}>
            <option value="">Anyone</option>
            {waitingOnValues.map((w) => (
              <option key={w} value={w}>
                {waitingOnLabels.staff[w]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-2">
          <label htmlFor="application-due" className="form-label small">
            Due, package incomplete
          </label>
          <select id="application-due" name="due" className="form-select form-select-sm" defaultValue={query.due}>
            <option value="">Any time</option>
            {[...new Set([7, DUE_SOON_DAYS, 30, ...(query.due ? [Number(query.due)] : [])])]
              .filter((days) => Number.isInteger(days))
              .sort((x, y) => x - y)
              .map((days) => (
                <option key={days} value={days}>
                  Within {days} days
                </option>
              ))}
          </select>
        </div>
        <div className="col-sm-2">
          <button type="submit" className="btn btn-sm btn-primary">
            Show
          </button>
        </div>
      </Form>
      {applications.length === 0 ? (
        <p>No applications match.</p>
      ) : view === "table" ? (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">Student</th>
                <th scope="col">Course</th>
                <th scope="col">Intake</th>
                <th scope="col">Deadline</th>
                <th scope="col">Stage</th>
                <th scope="col">Days in stage</th>
              </tr>
            </thead>
            <tbody>
              {applications.map((a) => (
                <tr key={a.id}>
                  <td>
                    <Link to={`/staff/students/${a.studentId}`}>{a.studentName}</Link>
                  </td>
                  <td>
                    <Link to={`/staff/applications/${a.id}`}>{a.course}</Link>
                    <div className="small text-body-secondary">
                      {a.university}, {a.country}
                    </div>
                  </td>
                  <td>{a.intake ?? "–"}</td>
                  <td>{a.deadline ? <time dateTime={a.deadline}>{dayLabel(a.deadline)}</time> : "–"}</td>
                  <td>
                    <span className={`badge text-bg-${applicationStatusTones[a.status]}`}>{a.status}</span>
                  </td>
                  <td>{a.daysInStage}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="d-flex gap-3 overflow-auto pb-3">
          {stages.map((stage) => {
            const cards = applications.filter((a) => a.status === stage);
            return (
              <section key={stage} className="flex-shrink-0" style={{ width: "15rem" }} aria-label={`${stage}: ${cards.length}`}>
                <h2 className="h6">
                  {stage} <span className="badge text-bg-light">{cards.length}</span>
                </h2>
                <ul className="list-unstyled">
                  {cards.map((a) => (
                    <li key={a.id} className="card card-body p-2 mb-2 small">
                      <Link to={`/staff/applications/${a.id}`}>{a.studentName}</Link>
                      <span>
                        {a.course}, {a.university}
                      </span>
                      <span className="text-body-secondary">
                        {a.daysInStage} day{a.daysInStage === 1 ? "" : "s"} in stage
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </>
  );
}
