import { Link } from "react-router";
import { inIndianTime } from "~/lib/indian-time";
import { requireStaffWith } from "~/lib/staff.server";
import { canCoachVisas, canSeeStudents } from "../../../modules/policies.ts";
import { applicationStatusTones } from "../../../vocabulary/applications.ts";
import { visaOutcomeLabels } from "../../../vocabulary/visas.ts";
import type { Route } from "./+types/visas";

export const meta: Route.MetaFunction = () => [{ title: "Visas | Console | Ignite" }, { name: "robots", content: "noindex" }];

/** The visa plans of the students the member looks after (stale steps first), and the practices shared for review. */
export async function loader({ context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canSeeStudents);
  const coach = canCoachVisas(member);
  const [plans, queue] = await Promise.all([
    context.staff.visas.plans(member),
    coach ? context.staff.visas.practiceQueue(member) : Promise.resolve(null),
  ]);
  return {
    plans,
    queue: queue?.map((row) => ({ ...row, shared: inIndianTime(row.sharedAt) })) ?? null,
  };
}

export default function Visas({ loaderData }: Route.ComponentProps) {
  const { plans, queue } = loaderData;
  const stale = plans.filter((p) => p.stale).length;
  return (
    <>
      <h1 className="h3 mb-3">Visas</h1>
      <section aria-labelledby="plans-heading" className="mb-5">
        <h2 id="plans-heading" className="h4">
          Visa plans
        </h2>
        <p className="small text-body-secondary">
          A plan opens when an application reaches “Confirmation issued” (the university's papers are in hand). A step open longer
          than its destination allows is marked stale; stale plans come first.
          {stale > 0 && ` ${stale} stale.`}
        </p>
        {plans.length === 0 ? (
          <p>No application has reached the visa yet.</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm align-middle">
              <thead>
                <tr>
                  <th scope="col">Student</th>
                  <th scope="col">Destination</th>
                  <th scope="col">Stage</th>
                  <th scope="col">Open step</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">
                    <span className="visually-hidden">Plan</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {plans.map((p) => (
                  <tr key={p.applicationId} data-testid="visa-plan-row">
                    <td>
                      <Link to={`/staff/students/${p.studentId}`}>{p.studentName}</Link>
                    </td>
                    <td>
                      {p.country}
                      <div className="small text-body-secondary">{p.university}</div>
                    </td>
                    <td>
                      <span className={`badge text-bg-${applicationStatusTones[p.status]}`}>{p.status}</span>
                    </td>
                    <td>
                      {p.openStep ? (
                        <>
                          {p.openStep}
                          <div className="small text-body-secondary">
                            open {p.openForDays} day{p.openForDays === 1 ? "" : "s"}
                          </div>
                        </>
                      ) : (
                        "–"
                      )}
                      {p.stale && <span className="badge text-bg-warning ms-1">Stale</span>}
                    </td>
                    <td>{p.outcome ? visaOutcomeLabels[p.outcome] : "–"}</td>
                    <td>
                      <Link to={`/staff/visas/plans/${p.applicationId}`}>
                        Open plan<span className="visually-hidden"> of {p.studentName}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {queue && (
        <section aria-labelledby="queue-heading" className="mb-5">
          <h2 id="queue-heading" className="h4">
            Practices to review
          </h2>
          <p className="small text-body-secondary">
            Mock interviews students shared with their counsellor; those not reviewed come first.
          </p>
          {queue.length === 0 ? (
            <p>No practice is waiting.</p>
          ) : (
            <div className="table-responsive">
              <table className="table table-sm align-middle">
                <thead>
                  <tr>
                    <th scope="col">Student</th>
                    <th scope="col">Destination</th>
                    <th scope="col">Shared</th>
                    <th scope="col">Review</th>
                  </tr>
                </thead>
                <tbody>
                  {queue.map((q) => (
                    <tr key={q.id} data-testid="practice-row">
                      <td>
                        <Link to={`/staff/students/${q.studentId}`}>{q.studentName}</Link>
                      </td>
                      <td>{q.country}</td>
                      <td>
                        <time dateTime={q.shared.iso}>{q.shared.text}</time>
                      </td>
                      <td>
                        {q.reviewedAt ? (
                          <span className="badge text-bg-success me-2">Reviewed</span>
                        ) : (
                          <span className="badge text-bg-warning me-2">To review</span>
                        )}
                        <Link to={`/staff/visas/practices/${q.id}`}>
                          {q.reviewedAt ? "Open" : "Review"}
                          <span className="visually-hidden"> the practice of {q.studentName}</span>
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </>
  );
}
