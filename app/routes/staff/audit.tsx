import { Form, Link, useLocation } from "react-router";
import { inIndianTime } from "~/lib/indian-time";
import { requireStaffWith } from "~/lib/staff.server";
import { canReadAuditLog } from "../../../modules/policies.ts";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => [{ title: "Audit log | Ignite" }, { name: "robots", content: "noindex" }];

const PAGE = 50;

/** The audit log, newest first, filtered by what the address says (so a filtered view can be shared). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canReadAuditLog);
  const params = new URL(request.url).searchParams;
  const filters = {
    action: params.get("action")?.trim() || undefined,
    subjectType: params.get("subjectType")?.trim() || undefined,
    subjectId: params.get("subjectId")?.trim() || undefined,
  };
  const before = Number(params.get("before"));
  const entries = await context.staff.team.auditLog(member, {
    ...filters,
    beforeId: Number.isInteger(before) && before > 0 ? before : undefined,
    limit: PAGE,
  });
  const older = entries.length === PAGE ? entries.at(-1)?.id : undefined;
  const olderParams = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])));
  if (older) olderParams.set("before", String(older));
  return {
    filters,
    olderLink: older ? `?${olderParams}` : null,
    entries: entries.map((e) => ({
      id: e.id,
      at: inIndianTime(e.at, "seconds"),
      actor: e.actorLabel,
      action: e.action,
      subject: `${e.subjectType} ${e.subjectId}`,
      change: [e.before ? `before ${JSON.stringify(e.before)}` : "", e.after ? `after ${JSON.stringify(e.after)}` : ""]
        .filter(Boolean)
        .join("; "),
    })),
  };
}

export default function StaffAudit({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const { entries, filters, olderLink } = loaderData;
  return (
    <>
      <h1 className="h3 mb-3">Audit log</h1>
      {/* Keyed by the address: going back shows the filters of that address, not the last ones typed. */}
      <Form method="get" key={location.search} className="row g-2 align-items-end mb-3">
        {(
          [
            ["action", "Action", "e.g. staff.created"],
            ["subjectType", "Subject type", "e.g. staff"],
            ["subjectId", "Subject id", ""],
          ] as const
        ).map(([name, label, hint]) => (
          <div className="col-sm-3" key={name}>
            <label htmlFor={`filter-${name}`} className="form-label small">
              {label}
            </label>
            <input
              id={`filter-${name}`}
              name={name}
              className="form-control form-control-sm"
              defaultValue={filters[name] ?? ""}
              placeholder={hint}
              maxLength={100}
            />
          </div>
        ))}
        <div className="col-sm-3">
          <button type="submit" className="btn btn-sm btn-primary">
            Filter
          </button>
        </div>
      </Form>
      {entries.length === 0 ? (
        <p>No entries.</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">When (IST)</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Subject</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} data-testid="audit-entry">
                  <td>
                    <time dateTime={e.at.iso}>{e.at.text}</time>
                  </td>
                  <td>{e.actor}</td>
                  <td>{e.action}</td>
                  <td>{e.subject}</td>
                  <td className="small text-break">{e.change}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {olderLink && <Link to={olderLink}>Older entries</Link>}
    </>
  );
}
