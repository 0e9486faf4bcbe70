import { Form, Link, useLocation, useNavigation } from "react-router";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { inIndianTime } from "~/lib/indian-time";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { leadFiltersSchema } from "../../../modules/leads/input.ts";
import { canAssignLeads, canCreateLeads, canSeeAllLeads, canSeeLeads } from "../../../modules/policies.ts";
import { fieldRules } from "../../../modules/validation.ts";
import {
  firstResponseLabels,
  leadMessages,
  leadSources,
  leadStatuses,
  studyDestinations,
} from "../../../vocabulary/consultations.ts";
import { privacyMessages } from "../../../vocabulary/privacy.ts";
import type { Route } from "./+types/leads";

export const meta: Route.MetaFunction = () => [{ title: "Leads | Ignite" }, { name: "robots", content: "noindex" }];

/** The inbox of leads: newest first, filters and search in the address, a page at a time. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canSeeLeads);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const [result, counsellors, unread] = await Promise.all([
    orRouteError(context.staff.leads.list(member, query)),
    context.staff.leads.counsellors(member),
    // Students' messages waiting for this member (decision 0037), named beside the inbox.
    context.staff.messages.unread(member),
  ]);
  const pageLink = (page: number) => `?${new URLSearchParams({ ...query, page: String(page) })}`;
  const last = Math.max(1, Math.ceil(result.total / result.pageSize));
  return {
    unreadMessages: unread.total,
    searchRules: fieldRules(leadFiltersSchema),
    filters: { ...result.filters, counsellor: result.filters.counsellor === undefined ? "" : String(result.filters.counsellor) },
    total: result.total,
    page: result.page,
    previous: result.page > 1 ? pageLink(result.page - 1) : null,
    next: result.page < last ? pageLink(result.page + 1) : null,
    counsellors,
    may: { seeAll: canSeeAllLeads(member), assign: canAssignLeads(member), create: canCreateLeads(member) },
    leads: result.leads.map((lead) => ({
      id: lead.id,
      name: `${lead.firstName} ${lead.lastName}`,
      email: lead.email,
      phone: lead.phoneNumber,
      destination: lead.studyDestination,
      study: `${lead.typeOfStudy}, ${lead.preferredSubject}`,
      status: lead.status,
      source: lead.source,
      assignedTo: lead.assignedTo,
      booked: inIndianTime(lead.createdAt),
      due: inIndianTime(lead.firstResponseDue),
      firstResponse: lead.firstResponse,
      possibleDuplicate: lead.possibleDuplicate,
    })),
  };
}

/** Bulk assignment (admins): the ticked leads go to the chosen counsellor. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canSeeLeads);
  const form = await request.formData();
  return refusalOr(async () => {
    const result = await context.staff.leads.assign(member, {
      leadIds: form.getAll("leadIds").map(String),
      staffId: String(form.get("staffId") ?? ""),
    });
    return { ok: true as const, message: result.message };
  });
}

export default function Leads({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const { leads, filters, total, page, previous, next, counsellors, may, searchRules } = loaderData;
  const navigation = useNavigation();
  useActionToast(actionData);
  const active = counsellors.filter((c) => c.active);
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0">Leads</h1>
        <a className="btn btn-sm btn-outline-secondary" href={`/api/v1/staff/exports/leads${location.search}`} download>
          Export as CSV
        </a>
        {loaderData.unreadMessages > 0 && (
          <Link to="/staff" className="small" data-testid="leads-unread-messages">
            {loaderData.unreadMessages} unread {loaderData.unreadMessages === 1 ? "message" : "messages"} from students
          </Link>
        )}
        {may.create && (
          <Link to="/staff/leads/new" className="btn btn-sm btn-outline-primary ms-auto">
            New lead
          </Link>
        )}
      </div>
      {new URLSearchParams(location.search).has("erased") && (
        <p className="alert alert-success" role="status">
          {privacyMessages.leadErased(Number(new URLSearchParams(location.search).get("erased")))}
        </p>
      )}
      {/* Keyed by the address: going back shows the filters of that address, not the last ones typed. */}
      <Form method="get" key={location.search} className="row g-2 align-items-end mb-3">
        <div className="col-sm-6 col-lg-3">
          <label htmlFor="lead-search" className="form-label small">
            Name, e-mail or phone
          </label>
          <input
            id="lead-search"
            name="q"
            type="search"
            className="form-control form-control-sm"
            defaultValue={filters.q ?? ""}
            maxLength={searchRules.q?.maxLength}
          />
        </div>
        <div className="col-sm-6 col-lg-2">
          <label htmlFor="lead-status" className="form-label small">
            Status
          </label>
          <select id="lead-status" name="status" className="form-select form-select-sm" defaultValue={filters.status ?? ""}>
            <option value="">Any</option>
            {leadStatuses.map((status) => (
              <option key={status}>{status}</option>
            ))}
          </select>
        </div>
        <div className="col-sm-6 col-lg-2">
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
        {may.seeAll && (
          <div className="col-sm-6 col-lg-2">
            <label htmlFor="lead-counsellor" className="form-label small">
              Counsellor
            </label>
            <select
              id="lead-counsellor"
              name="counsellor"
              className="form-select form-select-sm"
              defaultValue={filters.counsellor}
            >
              <option value="">Any</option>
              <option value="unassigned">{leadMessages.unassigned}</option>
              {counsellors.map((c) => (
                <option key={c.staffId} value={c.staffId}>
                  {c.fullName}
                  {c.active ? "" : " (disabled)"}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="col-sm-6 col-lg-2">
          <label htmlFor="lead-source" className="form-label small">
            Source
          </label>
          <select id="lead-source" name="source" className="form-select form-select-sm" defaultValue={filters.source ?? ""}>
            <option value="">Any</option>
            {leadSources.map((source) => (
              <option key={source}>{source}</option>
            ))}
          </select>
        </div>
        <div className="col-sm-6 col-lg-2">
          <label htmlFor="lead-from" className="form-label small">
            Booked from (IST)
          </label>
          <input
            id="lead-from"
            name="from"
            type="date"
            className="form-control form-control-sm"
            defaultValue={filters.from ?? ""}
          />
        </div>
        <div className="col-sm-6 col-lg-2">
          <label htmlFor="lead-to" className="form-label small">
            Booked to (IST)
          </label>
          <input id="lead-to" name="to" type="date" className="form-control form-control-sm" defaultValue={filters.to ?? ""} />
        </div>
        <div className="col-sm-6 col-lg-2">
          <div className="form-check mb-1">
            <input
              id="lead-overdue"
              name="overdue"
              value="1"
              type="checkbox"
              className="form-check-input"
              defaultChecked={filters.overdue}
            />
            <label htmlFor="lead-overdue" className="form-check-label small">
              Overdue only
            </label>
          </div>
          <div className="form-check mb-1">
            <input
              id="lead-awaiting"
              name="awaiting"
              value="1"
              type="checkbox"
              className="form-check-input"
              defaultChecked={filters.awaiting}
            />
            <label htmlFor="lead-awaiting" className="form-check-label small">
              Awaiting first response
            </label>
          </div>
          <div className="form-check mb-1">
            <input
              id="lead-open"
              name="open"
              value="1"
              type="checkbox"
              className="form-check-input"
              defaultChecked={filters.open}
            />
            <label htmlFor="lead-open" className="form-check-label small">
              Open only (not Converted or Lost)
            </label>
          </div>
        </div>
        <div className="col-sm-6 col-lg-1">
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
        <Form method="post">
          {may.assign && (
            <fieldset className="d-flex flex-wrap align-items-end gap-2 mb-3">
              <legend className="h6">Assign the leads ticked below</legend>
              <div>
                <label htmlFor="assign-counsellor" className="form-label small">
                  Assign to
                </label>
                <select id="assign-counsellor" name="staffId" className="form-select form-select-sm" required defaultValue="">
                  <option value="">Choose a counsellor…</option>
                  {active.map((c) => (
                    <option key={c.staffId} value={c.staffId}>
                      {c.fullName}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="btn btn-sm btn-primary" disabled={navigation.state === "submitting"}>
                Assign
              </button>
            </fieldset>
          )}
          <div className="table-responsive">
            <table className="table table-sm align-middle">
              <thead>
                <tr>
                  {may.assign && (
                    <th scope="col">
                      <span className="visually-hidden">Choose</span>
                    </th>
                  )}
                  <th scope="col">Booked (IST)</th>
                  <th scope="col">Name</th>
                  <th scope="col">Contact</th>
                  <th scope="col">Destination</th>
                  <th scope="col">Study</th>
                  <th scope="col">Status</th>
                  <th scope="col">First response</th>
                  <th scope="col">Counsellor</th>
                </tr>
              </thead>
              <tbody>
                {leads.map((lead) => (
                  <tr
                    key={lead.id}
                    data-testid="lead-row"
                    className={lead.firstResponse === "overdue" ? "table-warning" : undefined}
                  >
                    {may.assign && (
                      <td>
                        <input
                          id={`choose-lead-${lead.id}`}
                          type="checkbox"
                          name="leadIds"
                          value={lead.id}
                          className="form-check-input"
                        />
                        <label htmlFor={`choose-lead-${lead.id}`} className="visually-hidden">
                          Choose {lead.name}
                        </label>
                      </td>
                    )}
                    <td>
                      <time dateTime={lead.booked.iso}>{lead.booked.text}</time>
                      <div className="small text-body-secondary">{lead.source}</div>
                    </td>
                    <td>
                      <Link to={`/staff/leads/${lead.id}`}>{lead.name}</Link>
                      {lead.possibleDuplicate && (
                        <div>
                          <span className="badge text-bg-info">Possible duplicate</span>
                        </div>
                      )}
                    </td>
                    <td className="small">
                      {lead.email}
                      <br />
                      {lead.phone}
                    </td>
                    <td>{lead.destination}</td>
                    <td className="small">{lead.study}</td>
                    <td>{lead.status}</td>
                    <td className="small">
                      {lead.firstResponse === "overdue" ? (
                        <span className="badge text-bg-danger">Overdue</span>
                      ) : lead.firstResponse ? (
                        firstResponseLabels[lead.firstResponse]
                      ) : (
                        "–"
                      )}
                      {(lead.firstResponse === "pending" || lead.firstResponse === "overdue") && (
                        <div>
                          by <time dateTime={lead.due.iso}>{lead.due.text}</time>
                        </div>
                      )}
                    </td>
                    <td>{lead.assignedTo ?? <span className="badge text-bg-warning">{leadMessages.unassigned}</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Form>
      )}
      <nav aria-label="Pages of leads" className="d-flex gap-3">
        {previous && <Link to={previous}>Newer leads</Link>}
        {next && <Link to={next}>Older leads</Link>}
      </nav>
    </>
  );
}
