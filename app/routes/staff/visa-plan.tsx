import { Form, Link, useNavigation } from "react-router";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { inIndianTime } from "~/lib/indian-time";
import { byIntent } from "~/lib/intents.server";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { staffFileUrl } from "../../../modules/documents/file-urls.ts";
import { parseId } from "../../../modules/ids.ts";
import { canSeeStudents, canWorkStudents } from "../../../modules/policies.ts";
import { applicationStatusTones } from "../../../vocabulary/applications.ts";
import { formatLongDate, formatMoney, formatRupees } from "../../../vocabulary/costs.ts";
import { fundSourceLabels, visaMessages, visaOutcomeLabels, visaOutcomes } from "../../../vocabulary/visas.ts";
import type { Route } from "./+types/visa-plan";

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: `${data ? `Visa plan: ${data.plan.application.studentName}` : "Visa plan"} | Console | Ignite` },
  { name: "robots", content: "noindex" },
];

/** One application's visa plan: its steps, the visa's checklist, the funds check and the outcome. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canSeeStudents);
  const plan = await orRouteError((async () => context.staff.visas.plan(member, parseId(params.applicationId, "Application")))());
  const { guide, ...rest } = plan;
  return {
    plan: {
      ...rest,
      outcome: plan.outcome ? { ...plan.outcome, when: inIndianTime(plan.outcome.at) } : null,
      funds: { ...plan.funds, sources: plan.funds.sources.map((s) => ({ ...s, label: fundSourceLabels[s.kind] })) },
    },
    guide: guide
      ? { visaName: guide.visaName.en, papers: guide.universityPapers.en, fundsHow: guide.funds?.how.en ?? null }
      : null,
    may: { work: canWorkStudents(member) },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canWorkStudents);
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  const id = () => parseId(params.applicationId, "Application");
  return refusalOr(
    async () =>
      byIntent(form.intent, {
        step: async () => {
          await context.staff.visas.saveStep(member, id(), form);
          return { ok: true as const, message: "The step is saved." };
        },
        outcome: async () => {
          await context.staff.visas.recordOutcome(member, id(), form);
          return { ok: true as const, message: visaMessages.outcomeSaved };
        },
      }),
    form,
  );
}

export default function VisaPlanScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, guide, may } = loaderData;
  const { application, verdict } = plan;
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  const outcomeRefusal = refusal?.values.intent === "outcome" ? refusal : undefined;
  const stepRefusal = refusal?.values.intent === "step" ? refusal : undefined;
  useActionToast(actionData);
  const outcomeField = (name: string) => ({
    id: `outcome-${name}`,
    name,
    "aria-invalid": outcomeRefusal?.fields[name] ? true : undefined,
    "aria-describedby": outcomeRefusal?.fields[name] ? `outcome-${name}-error` : undefined,
    defaultValue: outcomeRefusal?.values[name] ?? (plan.outcome?.[name as "section" | "reason"] || ""),
  });
  const outcomeError = (name: string) =>
    outcomeRefusal?.fields[name] ? (
      <div id={`outcome-${name}-error`} className="invalid-feedback d-block">
        {outcomeRefusal.fields[name]}
      </div>
    ) : null;
  return (
    <>
      <p>
        <Link to="/staff/visas">← Visas</Link> · <Link to={`/staff/applications/${application.id}`}>Application</Link> ·{" "}
        <Link to={`/staff/students/${application.studentId}`}>{application.studentName}</Link>
      </p>
      <h1 className="h3">Visa plan: {application.studentName}</h1>
      <p>
        {application.course}, {application.university} ({application.city}, {application.country}){" "}
        <span className={`badge text-bg-${applicationStatusTones[application.status]}`}>{application.status}</span>
      </p>
      {guide ? (
        <p className="small">
          {guide.visaName}; the plan opened with the university's papers ({guide.papers}).
        </p>
      ) : (
        <p className="alert alert-warning small">
          No visa guide for {application.country} yet: the steps and funds rule are yours to confirm.
        </p>
      )}

      <div className="row g-4">
        <section className="col-lg-6" aria-labelledby="steps-heading">
          <h2 id="steps-heading" className="h5">
            Steps
          </h2>
          {plan.steps.length === 0 && <p>This destination's plan has no steps yet.</p>}
          {plan.stepsNeedIntake && (
            <p className="alert alert-info small">
              The steps get their dates from the intake: record the intake's month and year on the application.
            </p>
          )}
          <ol className="list-unstyled">
            {plan.steps.map((step) => {
              const refused = stepRefusal?.values.step === step.key ? stepRefusal : undefined;
              return (
                <li key={step.key} className="border-bottom py-2" data-testid="visa-step">
                  <div className="d-flex flex-wrap gap-2 align-items-center">
                    <strong>{step.label.en}</strong>
                    {step.done ? (
                      <span className="badge text-bg-success">Done</span>
                    ) : (
                      <span className="badge text-bg-light">Not done</span>
                    )}
                    {step.onDate && <span className="small">{formatLongDate(step.onDate)}</span>}
                    {step.openForDays !== null && (
                      <span className="small text-body-secondary">
                        open {step.openForDays} day{step.openForDays === 1 ? "" : "s"}
                      </span>
                    )}
                    {step.stale && <span className="badge text-bg-warning">Stale</span>}
                    {step.startBy && !step.done && <span className="small">start by {formatLongDate(step.startBy)}</span>}
                  </div>
                  {step.settled && <p className="small mb-0">Recorded on the application: {step.settled}</p>}
                  {may.work && !step.settled && (
                    <Form method="post" className="row g-2 align-items-end mt-1" aria-label={`Step: ${step.label.en}`}>
                      <input type="hidden" name="intent" value="step" />
                      <input type="hidden" name="step" value={step.key} />
                      <div className="col-auto form-check ms-2">
                        <input
                          id={`step-${step.key}-done`}
                          name="done"
                          type="checkbox"
                          className="form-check-input"
                          defaultChecked={step.done}
                        />
                        <label htmlFor={`step-${step.key}-done`} className="form-check-label small">
                          Done
                        </label>
                      </div>
                      <div className="col-auto">
                        <label htmlFor={`step-${step.key}-date`} className="form-label small mb-0">
                          {step.dateLabel?.en ?? "Date"}
                        </label>
                        <input
                          id={`step-${step.key}-date`}
                          name="onDate"
                          type="date"
                          className={`form-control form-control-sm${refused?.fields.onDate ? " is-invalid" : ""}`}
                          defaultValue={refused?.values.onDate ?? step.onDate ?? ""}
                        />
                      </div>
                      <div className="col-auto">
                        <button type="submit" className="btn btn-sm btn-outline-primary" disabled={busy}>
                          Save<span className="visually-hidden"> {step.label.en}</span>
                        </button>
                      </div>
                      {refused && (
                        <p className="small text-danger mb-0 col-12">
                          {Object.values(refused.fields).join(" ") || refused.message}
                        </p>
                      )}
                    </Form>
                  )}
                </li>
              );
            })}
          </ol>
        </section>

        <section className="col-lg-6" aria-labelledby="checklist-heading">
          <h2 id="checklist-heading" className="h5">
            Documents for the visa
          </h2>
          {plan.checklist.length === 0 ? (
            <p>No document is asked for the visa yet.</p>
          ) : (
            <ul className="list-unstyled">
              {plan.checklist.map((item) => (
                <li key={item.item} className="mb-1" data-testid="visa-checklist-item">
                  <strong>{item.item}</strong>
                  {item.attachmentType && item.item !== item.attachmentType && (
                    <span className="small"> (uploaded as {item.attachmentType})</span>
                  )}
                  {item.recorded && <span className="small"> ({item.recorded})</span>}{" "}
                  <span className="badge text-bg-light">{item.state}</span>
                  {item.filePublicId && (
                    <>
                      {" "}
                      <a href={staffFileUrl(item.filePublicId, { inline: true })} target="_blank" rel="noopener">
                        Open<span className="visually-hidden"> {item.item}</span>
                      </a>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section aria-labelledby="funds-heading" className="my-4">
        <h2 id="funds-heading" className="h5">
          Funds check
        </h2>
        {plan.funds.sources.length === 0 ? (
          <p>The student has not entered their funds yet.</p>
        ) : (
          <>
            <div className="table-responsive">
              <table className="table table-sm align-middle w-auto">
                <caption className="caption-top">
                  As the student entered them{plan.funds.applyOn ? `; applying on ${formatLongDate(plan.funds.applyOn)}` : ""}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Source</th>
                    <th scope="col" className="text-end">
                      Amount
                    </th>
                    <th scope="col" className="text-end">
                      In rupees
                    </th>
                    <th scope="col">Held since</th>
                    <th scope="col">Statement ends</th>
                    <th scope="col">Problems</th>
                  </tr>
                </thead>
                <tbody>
                  {plan.funds.sources.map((source, i) => {
                    const checked = verdict?.sources[i];
                    return (
                      <tr key={i} data-testid="funds-source">
                        <th scope="row">{source.label}</th>
                        <td className="text-end">{formatMoney(source.amount, source.currency)}</td>
                        <td className="text-end">{checked ? formatRupees(checked.rupees) : "–"}</td>
                        <td>{source.heldSince ? formatLongDate(source.heldSince) : "–"}</td>
                        <td>{source.statementDate ? formatLongDate(source.statementDate) : "–"}</td>
                        <td className="small">{checked?.problems.length ? checked.problems.join(" ") : "None"}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            {plan.fundsProblem && <p className="alert alert-warning small">{plan.fundsProblem}</p>}
            {verdict && (
              <dl className="row small" data-testid="funds-verdict" style={{ maxWidth: "48rem" }}>
                <dt className="col-sm-5">Total shown</dt>
                <dd className="col-sm-7">{formatRupees(verdict.totalRupees)}</dd>
                <dt className="col-sm-5">The rule asks for</dt>
                <dd className="col-sm-7">
                  {verdict.required
                    ? `${formatMoney(verdict.required.amount, verdict.required.currency)} (${formatRupees(verdict.required.rupees)}): ${verdict.required.reckoning.join(" plus ")}`
                    : "No funds rule for this destination"}
                </dd>
                <dt className="col-sm-5">Short against the rule</dt>
                <dd className="col-sm-7">
                  {verdict.shortOfRuleRupees === null
                    ? "–"
                    : verdict.shortOfRuleRupees > 0
                      ? `${formatRupees(verdict.shortOfRuleRupees)} short`
                      : "Met"}
                </dd>
                <dt className="col-sm-5">First year estimated at</dt>
                <dd className="col-sm-7">
                  {verdict.estimatedFirstYearRupees === null ? "No estimate" : formatRupees(verdict.estimatedFirstYearRupees)}
                </dd>
                <dt className="col-sm-5">Short against the estimate</dt>
                <dd className="col-sm-7">
                  {verdict.shortOfEstimateRupees === null
                    ? "–"
                    : verdict.shortOfEstimateRupees > 0
                      ? `${formatRupees(verdict.shortOfEstimateRupees)} short`
                      : "Met"}
                </dd>
                {verdict.problems.length > 0 && (
                  <>
                    <dt className="col-sm-5">Problems</dt>
                    <dd className="col-sm-7">{verdict.problems.join(" ")}</dd>
                  </>
                )}
              </dl>
            )}
            {guide?.fundsHow && <p className="small text-body-secondary">How it must be held: {guide.fundsHow}</p>}
          </>
        )}
      </section>

      <section aria-labelledby="outcome-heading" className="mb-4">
        <h2 id="outcome-heading" className="h5">
          Outcome
        </h2>
        {plan.outcome ? (
          <p data-testid="visa-outcome">
            <strong>{visaOutcomeLabels[plan.outcome.outcome]}</strong>
            {plan.outcome.section && ` under ${plan.outcome.section}`}
            {plan.outcome.reason && `: ${plan.outcome.reason}`}{" "}
            <span className="small text-body-secondary">
              (recorded <time dateTime={plan.outcome.when.iso}>{plan.outcome.when.text}</time>)
            </span>
          </p>
        ) : (
          <p>No outcome recorded yet.</p>
        )}
        {may.work && (
          <Form
            method="post"
            className="card card-body"
            style={{ maxWidth: "40rem" }}
            aria-labelledby="outcome-form-heading"
            noValidate
          >
            <h3 id="outcome-form-heading" className="h6">
              {plan.outcome ? "Correct the outcome" : "Record the outcome"}
            </h3>
            <input type="hidden" name="intent" value="outcome" />
            <fieldset className="mb-2">
              <legend className="form-label small">What the embassy decided</legend>
              {visaOutcomes.map((o) => (
                <div key={o} className="form-check">
                  <input
                    id={`outcome-${o}`}
                    type="radio"
                    name="outcome"
                    value={o}
                    className={`form-check-input${outcomeRefusal?.fields.outcome ? " is-invalid" : ""}`}
                    defaultChecked={(outcomeRefusal?.values.outcome ?? plan.outcome?.outcome) === o}
                  />
                  <label htmlFor={`outcome-${o}`} className="form-check-label">
                    {visaOutcomeLabels[o]}
                  </label>
                </div>
              ))}
              {outcomeError("outcome")}
            </fieldset>
            <label htmlFor="outcome-section" className="form-label small">
              Section of a refusal (e.g. 214(b))
            </label>
            <input
              {...outcomeField("section")}
              maxLength={40}
              className={`form-control form-control-sm${outcomeRefusal?.fields.section ? " is-invalid" : ""}`}
            />
            {outcomeError("section")}
            <label htmlFor="outcome-reason" className="form-label small mt-2">
              Reason the embassy gave (needed unless issued)
            </label>
            <textarea
              {...outcomeField("reason")}
              rows={2}
              maxLength={1000}
              className={`form-control form-control-sm${outcomeRefusal?.fields.reason ? " is-invalid" : ""}`}
            />
            {outcomeError("reason")}
            {outcomeRefusal && !Object.keys(outcomeRefusal.fields).length && (
              <p className="text-danger small" role="alert">
                {outcomeRefusal.message}
              </p>
            )}
            <div className="mt-2">
              <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
                Record the outcome
              </button>
            </div>
          </Form>
        )}
      </section>
    </>
  );
}
