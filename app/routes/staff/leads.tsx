import { Form, Link } from "react-router";
import { orRouteError } from "~/lib/errors.server";
import { inIndianTime } from "~/lib/indian-time";
import { requireStaffWith } from "~/lib/staff.server";
import { canSeeLeads } from "../../../modules/staff/policies.ts";
import { consultationStatuses, studyDestinations } from "../../../vocabulary/consultations.ts";
import type { Route } from "./+types/leads";

export const meta: Route.MetaFunction = () => [{ title: "Leads | Ignite" }, { name: "robots", content: "noindex" }];

/** The inbox of bookings: newest first, filters and search in the address, a page at a time. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canSeeLeads);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const result = await orRouteError(context.staff.leads(member, query));
  const pageLink = (page: number) => `?${new URLSearchParams({ ...query, page: String(page) })}`;
  const last = Math.max(1, Math.ceil(result.total / result.pageSize));
  return {
    filters: result.filters,
    total: result.total,
    page: result.page,
    previous: result.page > 1 ? pageLink(result.page - 1) : null,
    next: result.page < last ? pageLink(result.page + 1) : null,
    leads: result.leads.map((lead) => ({
      id: lead.id,
      name: `${lead.firstName} ${lead.lastName}`,
      email: lead.email,
      phone: lead.phoneNumber,
      destination: lead.studyDestination,
      study: `${lead.typeOfStudy}, ${lead.preferredSubject}`,
      status: lead.status,
      assignedTo: lead.assignedTo,
      booked: inIndianTime(lead.createdAt),
    })),
  };
}

export default function Leads({ loaderData }: Route.ComponentProps) {
  const { leads, filters, total, page, previous, next } = loaderData;
  return (
    <>
      <h1 className="h3 mb-3">Leads</h1>
      <Form method="get" className="row g-2 align-items-end mb-3">
        <div className="col-sm-4">
          <label htmlFor="lead-search" className="form-label small">
            Name, e-mail or phone
          </label>
          <input
            id="lead-search"
            name="q"
            type="search"
            className="form-control form-control-sm"
            defaultValue={filters.q ?? ""}
            maxLength={100}
          />
        </div>
        <div className="col-sm-3">
          <label htmlFor="lead-status" className="form-label small">
            Status
          </label>
          <select id="lead-status" name="status" className="form-select form-select-sm" defaultValue={filters.status ?? ""}>
            <option value="">Any</option>
            {consultationStatuses.map((status) => (
              <option key={status}>{status}</option>
            ))}
          </select>
        </div>
        <div className="col-sm-3">
          <label htmlFor="lead-destination" className="form-label small">
            Destination
          </label>
          <select
            id="lead-destination"
            name="destination"
            className="form-select form-select-sm"
            defaultValue={filters.destination ?? ""}
          >
            <option value="">Any</option>
            {studyDestinations.map((destination) => (
              <option key={destination}>{destination}</option>
            ))}
          </select>
        </div>
        <div className="col-sm-2">
          <button type="submit" className="btn btn-sm btn-primary">
            Show
          </button>
        </div>
      </Form>
      <p className="small text-body-secondary">
        {total} lead{total === 1 ? "" : "s"}, page {page}
      </p>
      {leads.length === 0 ? (
        <p>No leads match.</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">Booked (IST)</th>
                <th scope="col">Name</th>
                <th scope="col">Contact</th>
                <th scope="col">Destination</th>
                <th scope="col">Study</th>
                <th scope="col">Status</th>
                <th scope="col">Counsellor</th>
              </tr>
            </thead>
            <tbody>
              {leads.map((lead) => (
                <tr key={lead.id} data-testid="lead-row">
                  <td>
                    <time dateTime={lead.booked.iso}>{lead.booked.text}</time>
                  </td>
                  <td>
                    <Link to={`/staff/leads/${lead.id}`}>{lead.name}</Link>
                  </td>
                  <td className="small">
                    {lead.email}
                    <br />
                    {lead.phone}
                  </td>
                  <td>{lead.destination}</td>
                  <td className="small">{lead.study}</td>
                  <td>{lead.status}</td>
                  <td>{lead.assignedTo ?? "Nobody yet"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages of leads" className="d-flex gap-3">
        {previous && <Link to={previous}>Newer leads</Link>}
        {next && <Link to={next}>Older leads</Link>}
      </nav>
    </>
  );
}
