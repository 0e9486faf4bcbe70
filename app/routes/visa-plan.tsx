import { Form, Link, useNavigation } from "react-router";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { byIntent } from "~/lib/intents.server";
import { requireStudent } from "~/lib/login-required.server";
import { useActionToast } from "~/lib/use-action-toast";
import { parseId } from "../../modules/catalogue/inputs.ts";
import { formatLongDate, formatMoney, formatRupees } from "../../vocabulary/costs.ts";
import {
  type FundSourceKind,
  fundSourceKinds,
  fundSourceLabels,
  visaMessages,
  visaOutcomeLabels,
} from "../../vocabulary/visas.ts";
import type { Route } from "./+types/visa-plan";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaT(matches)("Your visa plan")} | Ignite` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  const plan = await orRouteError(
    (async () => context.visas.plan(student.studentId, parseId(params.applicationId, "Application")))(),
  );
  return { plan, today: new Date().toISOString().slice(0, 10) };
}

/** The form's rows, one per kind of money: a row whose amount is blank is not a source. */
function sourcesOf(form: Record<string, string>) {
  return fundSourceKinds.flatMap((kind) => {
    const amount = form[`${kind}-amount`]?.trim();
    if (!amount) return [];
    return [
      {
        kind,
        amount,
        currency: form[`${kind}-currency`] || "INR",
        heldSince: form[`${kind}-heldSince`] ?? "",
        statementDate: form[`${kind}-statementDate`] ?? "",
      },
    ];
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const student = requireStudent(request, context.student);
  const applicationId = () => parseId(params.applicationId, "Application");
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  return refusalOr(
    async () =>
      byIntent(form.intent, {
        step: async () => {
          await context.visas.saveStep(student.studentId, applicationId(), form);
          return { ok: true as const, message: visaMessages.stepSaved };
        },
        funds: async () => {
          await context.visas.saveFunds(student.studentId, applicationId(), { sources: sourcesOf(form), applyOn: form.applyOn });
          return { ok: true as const, message: visaMessages.fundsSaved };
        },
      }),
    form,
  );
}

const kindHeldInAccount = (kind: FundSourceKind) => kind === "family-savings" || kind === "sponsor";

export default function VisaPlan({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, today } = loaderData;
  const { t, language, day } = useT();
  const busy = useNavigation().state === "submitting";
  useActionToast(actionData ? { ok: actionData.ok, message: t(actionData.message) } : undefined);
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  const { application, guide, verdict } = plan;
  const entered = (kind: FundSourceKind) => plan.funds.sources.find((s) => s.kind === kind);
  const value = (name: string, saved: string) => (refusal?.values.intent === "funds" ? (refusal.values[name] ?? "") : saved);
  const fieldError = (index: number, field: string) => refusal?.fields[`sources.${index}.${field}`];
  return (
    <div className="container py-4">
      <p className="mb-2">
        <Link to="/user/applications">← {t("Applications")}</Link>
      </p>
      <h1 className="h2 mb-1">{t("Your visa plan")}</h1>
      <p className="text-body-secondary">
        {application.course}, {application.university} ({application.country})
      </p>
      {!guide && <p className="alert alert-info">{t(visaMessages.noGuide)}</p>}
      {guide && (
        <p>
          {guide.visaName[language]} · <Link to={`/visa/${guide.slug}`}>{t("Read the guide")}</Link>
        </p>
      )}
      {plan.outcome && (
        <div
          className={`alert ${plan.outcome.outcome === "issued" ? "alert-success" : plan.outcome.outcome === "refused" ? "alert-danger" : "alert-warning"}`}
        >
          <p className="fw-semibold mb-1">{t(visaOutcomeLabels[plan.outcome.outcome])}</p>
          {plan.outcome.section && <p className="mb-1">{t("Section: {section}", { section: plan.outcome.section })}</p>}
          {plan.outcome.reason && <p className="mb-1">{plan.outcome.reason}</p>}
          {plan.outcome.outcome === "refused" && (
            <div>
              <p className="fw-semibold mb-1">{t("Your re-application plan")}</p>
              <ol className="mb-0">
                <li>{t("Read the refusal letter: it names the section the officer refused under.")}</li>
                <li>
                  {t(
                    "A refusal has no appeal: apply again only when something has changed, such as stronger funds, clearer ties to India or a better-fitting course.",
                  )}
                </li>
                <li>
                  {t(
                    "Practise the interview again, especially the themes your feedback marks as weak, and ask your counsellor for a live mock interview.",
                  )}
                </li>
                <li>{t("Check that every answer matches your papers: the university, the course, the costs and who pays.")}</li>
              </ol>
            </div>
          )}
        </div>
      )}

      <div className="row g-4">
        <div className="col-lg-6">
          <section aria-labelledby="steps" className="mb-4">
            <h2 id="steps" className="h4">
              {t("Steps")}
            </h2>
            {plan.steps.length === 0 && <p>{t(visaMessages.noGuide)}</p>}
            <ol className="list-group list-group-numbered">
              {plan.steps.map((step) => (
                <li key={step.key} className="list-group-item">
                  <Form method="post" className="d-flex flex-wrap align-items-end gap-2" aria-label={step.label[language]}>
                    <input type="hidden" name="intent" value="step" />
                    <input type="hidden" name="step" value={step.key} />
                    <div className="form-check flex-grow-1">
                      <input
                        className="form-check-input"
                        type="checkbox"
                        name="done"
                        id={`step-${step.key}`}
                        defaultChecked={step.done}
                      />
                      <label className="form-check-label fw-semibold" htmlFor={`step-${step.key}`}>
                        {step.label[language]}
                      </label>
                      {step.done ? (
                        <span className="badge text-bg-success ms-2">{t("Done")}</span>
                      ) : step.openForDays !== null ? (
                        <span className="badge text-bg-primary ms-2">{t("Next")}</span>
                      ) : null}
                    </div>
                    {step.dateLabel && (
                      <div>
                        <label className="form-label small mb-0" htmlFor={`date-${step.key}`}>
                          {step.dateLabel[language]}
                        </label>
                        <input
                          className="form-control form-control-sm"
                          type="date"
                          name="onDate"
                          id={`date-${step.key}`}
                          defaultValue={step.onDate ?? ""}
                        />
                      </div>
                    )}
                    <button type="submit" className="btn btn-sm btn-outline-primary" disabled={busy}>
                      {t("Save")}
                      <span className="visually-hidden"> {step.label[language]}</span>
                    </button>
                  </Form>
                  {step.onDate && <p className="small text-body-secondary mb-0">{day(step.onDate, formatLongDate)}</p>}
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="visa-documents" className="mb-4">
            <h2 id="visa-documents" className="h4">
              {t("Documents for the visa")}
            </h2>
            {plan.checklist.length === 0 ? (
              <p>{t("Your counsellor will tell you which documents the visa needs.")}</p>
            ) : (
              <ul className="list-group">
                {plan.checklist.map((item) => (
                  <li key={item.item} className="list-group-item d-flex justify-content-between gap-2">
                    <span>{guide?.documents.find((d) => d.label.en === item.item)?.label[language] ?? t(item.item)}</span>
                    <span
                      className={`badge ${item.state === "Approved" || item.state === "Waived" ? "text-bg-success" : item.state === "Missing" ? "text-bg-danger" : "text-bg-warning"}`}
                    >
                      {t(item.state)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <p className="small mt-2">
              <Link to="/profile#documents">{t("Upload documents in your profile")}</Link>
            </p>
          </section>
        </div>

        <div className="col-lg-6">
          <section aria-labelledby="funds" className="mb-4">
            <h2 id="funds" className="h4">
              {t("Funds check")}
            </h2>
            <p className="small">
              {t(
                "Enter where the money comes from. We compare it with the visa's rule and with your first year's estimated cost.",
              )}
            </p>
            {plan.fundsProblem && <p className="alert alert-warning">{t(plan.fundsProblem)}</p>}
            {verdict && (
              <div className="card mb-3" data-testid="funds-verdict">
                <div className="card-body">
                  <p className="mb-1">{t("You have {amount} in all.", { amount: formatRupees(verdict.totalRupees) })}</p>
                  {verdict.required && !plan.ruleConfirmed && (
                    <p className="mb-1">
                      {t("The visa's rule, {required} (≈ {rupees}), is to be confirmed by your counsellor.", {
                        required: formatMoney(verdict.required.amount, verdict.required.currency),
                        rupees: formatRupees(verdict.required.rupees),
                      })}
                    </p>
                  )}
                  {verdict.required && plan.ruleConfirmed && verdict.shortOfRuleRupees !== null && (
                    <p className={`mb-1 ${verdict.shortOfRuleRupees > 0 ? "text-danger fw-semibold" : "text-success"}`}>
                      {verdict.shortOfRuleRupees > 0
                        ? t("Short by {short} of what the visa asks: {required} (≈ {rupees}), that is {reckoning}.", {
                            short: formatRupees(verdict.shortOfRuleRupees),
                            required: formatMoney(verdict.required.amount, verdict.required.currency),
                            rupees: formatRupees(verdict.required.rupees),
                            reckoning: verdict.required.reckoning.map((part) => t(part)).join(` ${t("plus")} `),
                          })
                        : t("Enough for what the visa asks: {required} (≈ {rupees}).", {
                            required: formatMoney(verdict.required.amount, verdict.required.currency),
                            rupees: formatRupees(verdict.required.rupees),
                          })}
                    </p>
                  )}
                  {verdict.estimatedFirstYearRupees !== null && verdict.shortOfEstimateRupees !== null && (
                    <p className={`mb-1 ${verdict.shortOfEstimateRupees > 0 ? "text-danger fw-semibold" : "text-success"}`}>
                      {verdict.shortOfEstimateRupees > 0
                        ? t("Short by {short} of your first year's estimated cost of {estimate}.", {
                            short: formatRupees(verdict.shortOfEstimateRupees),
                            estimate: formatRupees(verdict.estimatedFirstYearRupees),
                          })
                        : t("Enough for your first year's estimated cost of {estimate}.", {
                            estimate: formatRupees(verdict.estimatedFirstYearRupees),
                          })}
                    </p>
                  )}
                  {[...verdict.problems, ...verdict.sources.flatMap((s) => s.problems)].map((problem) => (
                    <p key={problem} className="mb-1 text-danger">
                      {t(problem)}
                    </p>
                  ))}
                </div>
              </div>
            )}
            <Form method="post" aria-label={t("Funds check")} noValidate>
              <input type="hidden" name="intent" value="funds" />
              {refusal?.values.intent === "funds" && (
                <p className="text-danger" role="alert">
                  {t(refusal.message)}
                </p>
              )}
              {fundSourceKinds.map((kind) => {
                const saved = entered(kind);
                const position = sourcesOf(refusal?.values ?? {}).findIndex((s) => s.kind === kind);
                const currencyError = position >= 0 ? fieldError(position, "currency") : undefined;
                return (
                  <fieldset key={kind} className="border rounded p-2 mb-2">
                    <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-0">{t(fundSourceLabels[kind])}</legend>
                    <div className="row g-2">
                      <div className="col-7">
                        <label className="form-label small mb-0" htmlFor={`${kind}-amount`}>
                          {t("Amount")}
                        </label>
                        <input
                          className="form-control form-control-sm"
                          inputMode="decimal"
                          name={`${kind}-amount`}
                          id={`${kind}-amount`}
                          defaultValue={value(`${kind}-amount`, saved ? String(saved.amount) : "")}
                        />
                      </div>
                      <div className="col-5">
                        <label className="form-label small mb-0" htmlFor={`${kind}-currency`}>
                          {t("Currency")}
                        </label>
                        <input
                          className={`form-control form-control-sm${currencyError ? " is-invalid" : ""}`}
                          name={`${kind}-currency`}
                          id={`${kind}-currency`}
                          maxLength={3}
                          aria-invalid={currencyError ? true : undefined}
                          aria-describedby={currencyError ? `${kind}-currency-error` : undefined}
                          defaultValue={value(`${kind}-currency`, saved?.currency ?? "INR")}
                        />
                        {currencyError && (
                          <div id={`${kind}-currency-error`} className="invalid-feedback">
                            {t(currencyError)}
                          </div>
                        )}
                      </div>
                      {kindHeldInAccount(kind) && guide?.funds?.heldForDays && (
                        <>
                          <div className="col-6">
                            <label className="form-label small mb-0" htmlFor={`${kind}-heldSince`}>
                              {t("Held since")}
                            </label>
                            <input
                              className="form-control form-control-sm"
                              type="date"
                              max={today}
                              name={`${kind}-heldSince`}
                              id={`${kind}-heldSince`}
                              defaultValue={value(`${kind}-heldSince`, saved?.heldSince ?? "")}
                            />
                          </div>
                          <div className="col-6">
                            <label className="form-label small mb-0" htmlFor={`${kind}-statementDate`}>
                              {t("Statement's last day")}
                            </label>
                            <input
                              className="form-control form-control-sm"
                              type="date"
                              name={`${kind}-statementDate`}
                              id={`${kind}-statementDate`}
                              defaultValue={value(`${kind}-statementDate`, saved?.statementDate ?? "")}
                            />
                          </div>
                        </>
                      )}
                    </div>
                  </fieldset>
                );
              })}
              <div className="mb-2">
                <label className="form-label small mb-0" htmlFor="applyOn">
                  {t("The day you plan to apply")}
                </label>
                <input
                  className="form-control form-control-sm"
                  type="date"
                  name="applyOn"
                  id="applyOn"
                  defaultValue={value("applyOn", plan.funds.applyOn ?? "")}
                />
              </div>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {t("Check my funds")}
              </button>
            </Form>
          </section>
          <section aria-labelledby="practise" className="mb-4">
            <h2 id="practise" className="h5">
              {t("Practise the interview")}
            </h2>
            <p className="small">{t("Questions are chosen from this application: your university, course, intake and funds.")}</p>
            <Link to={`/visa/practice?application=${application.id}`} className="btn btn-outline-primary btn-sm">
              {t("Practise an interview")}
            </Link>
          </section>
        </div>
      </div>
    </div>
  );
}
