import { Form, Link, useNavigation } from "react-router";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { byIntent } from "~/lib/intents.server";
import { requireStudent } from "~/lib/login-required.server";
import { useActionToast } from "~/lib/use-action-toast";
import { parseId } from "../../modules/ids.ts";
import type { FundsVerdict } from "../../modules/visas/visas.ts";
import { formatLongDate, formatMoney, formatRupees } from "../../vocabulary/costs.ts";
import {
  type FundSourceKind,
  fundSourceKinds,
  fundSourceLabels,
  usualFundSourceKinds,
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
  // India's day by the services' clock, the funds' dates' limit (decision 0109).
  return { plan, today: plan.today };
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

const standingTone: Record<FundsVerdict["standing"], string> = {
  "short-of-rule": "danger",
  "rule-fails": "danger",
  "short-of-estimate": "warning",
  "rule-to-confirm": "warning",
  "no-measure": "warning",
  enough: "success",
};

export default function VisaPlan({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, today } = loaderData;
  const { t, language, day } = useT();
  const busy = useNavigation().state === "submitting";
  useActionToast(actionData ? { ok: actionData.ok, message: t(actionData.message) } : undefined);
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  // A refused check hides the last result: it was for other amounts than the ones now on the form.
  const fundsRefused = refusal?.values.intent === "funds";
  const { application, guide, verdict } = plan;
  const offeredKinds = guide?.funds?.sourceKinds ?? usualFundSourceKinds;
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
            {plan.stepsNeedIntake && (
              <p className="alert alert-info small" data-testid="steps-need-intake">
                {t(visaMessages.stepsNeedIntake)}
              </p>
            )}
            <ol className="list-group list-group-numbered">
              {plan.steps.map((step) => (
                <li key={step.key} className="list-group-item" data-testid={`step-${step.key}`}>
                  {step.settled ? (
                    <div className="d-inline">
                      <span className="fw-semibold">{step.label[language]}</span>
                      <span className="badge text-bg-success ms-2">{t("Done")}</span>
                      <p className="small mb-0">{t("Recorded on your application: {fact}", { fact: t(step.settled) })}</p>
                    </div>
                  ) : (
                    <Form
                      method="post"
                      className="d-inline-flex flex-wrap align-items-end gap-2"
                      aria-label={step.label[language]}
                    >
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
                  )}
                  {!step.done && step.startBy && (
                    <p className="small mb-0">{t("Start by {date}", { date: day(step.startBy, formatLongDate) })}</p>
                  )}
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
              <ul className="list-group" data-testid="visa-checklist">
                {plan.checklist.map((item) => (
                  <li key={item.item} className="list-group-item d-flex justify-content-between gap-2">
                    <span>
                      {item.label?.[language] ?? t(item.item)}
                      {item.recorded && <span className="d-block small">{item.recorded}</span>}
                      {item.note && <span className="d-block small text-body-secondary">{item.note[language]}</span>}
                    </span>
                    <span
                      className={`badge align-self-start ${item.state === "Approved" || item.state === "Waived" || item.state === "Recorded" ? "text-bg-success" : item.state === "Missing" ? "text-bg-danger" : item.state === "To bring" ? "text-bg-light border" : "text-bg-warning"}`}
                    >
                      {t(item.state)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <p className="small mt-2">
              <Link to="/profile/documents">{t("Upload documents in your profile")}</Link>
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
            <p className="small">
              {t("These are the figures of your one funding plan: a change here changes it too.")}{" "}
              <Link to="/user/funding">{t("Your funding plan")}</Link>
            </p>
            {plan.fundsProblem && !fundsRefused && <p className="alert alert-warning">{t(plan.fundsProblem)}</p>}
            {verdict && !fundsRefused && (
              <div className={`card mb-3 border-${standingTone[verdict.standing]}`} data-testid="funds-verdict">
                <div className="card-body">
                  <p className={`fw-semibold text-${standingTone[verdict.standing]}-emphasis mb-2`} data-testid="funds-standing">
                    {verdict.standing === "short-of-rule"
                      ? verdict.ruleConfirmed
                        ? t("Short by {short} of what the visa asks.", { short: formatRupees(verdict.shortOfRuleRupees ?? 0) })
                        : t("Short by {short} of the visa's amount as we have it; your counsellor will confirm the amount.", {
                            short: formatRupees(verdict.shortOfRuleRupees ?? 0),
                          })
                      : verdict.standing === "rule-fails"
                        ? t("Not enough yet: a rule the visa states is not met (see below).")
                        : verdict.standing === "short-of-estimate"
                          ? t("The visa's amount is there, but you are short by {short} of your first year's estimated cost.", {
                              short: formatRupees(verdict.shortOfEstimateRupees ?? 0),
                            })
                          : verdict.standing === "rule-to-confirm"
                            ? t(
                                "You have the visa's amount as we have it, but it is to be confirmed by your counsellor before you rely on it.",
                              )
                            : verdict.standing === "no-measure"
                              ? t("We have no amount to compare with for this visa: your counsellor will tell you what to show.")
                              : verdict.required
                                ? t("Enough for what the visa asks and for your first year's estimated cost.")
                                : t("Enough for your first year's estimated cost.")}
                  </p>
                  <p className="mb-1">{t("You have {amount} in all.", { amount: formatRupees(verdict.totalRupees) })}</p>
                  {verdict.required && (
                    <p className="mb-1">
                      {t("What the visa asks: {required} (≈ {rupees}), that is {reckoning}.", {
                        required: formatMoney(verdict.required.amount, verdict.required.currency),
                        rupees: formatRupees(verdict.required.rupees),
                        reckoning: verdict.required.reckoning.map((part) => t(part)).join(` ${t("plus")} `),
                      })}
                      {!verdict.ruleConfirmed && ` ${t(visaMessages.unconfirmed)}.`}
                    </p>
                  )}
                  {verdict.estimatedFirstYearRupees !== null && (
                    <p className="mb-1">
                      {t("Your first year's estimated cost: {estimate}.", {
                        estimate: formatRupees(verdict.estimatedFirstYearRupees),
                      })}
                      {verdict.required &&
                        verdict.estimatedFirstYearRupees < verdict.required.rupees &&
                        ` ${t("The visa asks for more than this estimate: the visa's amount is what counts.")}`}
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
              <p className="small text-body-secondary" id="amount-hint">
                {t("Write amounts as you would on a cheque: 25,00,000 or 25 lakh, 1.2 crore, 2,500,000.")}
              </p>
              {refusal?.values.intent === "funds" && (
                <p className="text-danger" role="alert">
                  {t(refusal.message)}
                </p>
              )}
              {offeredKinds.map((kind) => {
                const saved = entered(kind);
                const position = sourcesOf(refusal?.values ?? {}).findIndex((s) => s.kind === kind);
                const currencyError = position >= 0 ? fieldError(position, "currency") : undefined;
                const amountError = position >= 0 ? fieldError(position, "amount") : undefined;
                return (
                  <fieldset key={kind} className="border rounded p-2 mb-2">
                    <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-0">{t(fundSourceLabels[kind])}</legend>
                    <div className="row g-2">
                      <div className="col-7">
                        <label className="form-label small mb-0" htmlFor={`${kind}-amount`}>
                          {t("Amount")}
                        </label>
                        <input
                          className={`form-control form-control-sm${amountError ? " is-invalid" : ""}`}
                          name={`${kind}-amount`}
                          id={`${kind}-amount`}
                          autoComplete="off"
                          aria-invalid={amountError ? true : undefined}
                          aria-describedby={amountError ? `${kind}-amount-error` : "amount-hint"}
                          defaultValue={value(`${kind}-amount`, saved ? String(saved.amount) : "")}
                        />
                        {amountError && (
                          <div id={`${kind}-amount-error`} className="invalid-feedback">
                            {t(amountError)}
                          </div>
                        )}
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
