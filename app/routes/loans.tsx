import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { byIntent } from "~/lib/intents.server";
import { requireStudent } from "~/lib/login-required.server";
import { useActionToast } from "~/lib/use-action-toast";
import { readAmount } from "../../modules/amounts.ts";
import { parseId } from "../../modules/ids.ts";
import { loanMessages, loanRateTypeLabels, loanRateTypes, MAX_LOAN_OFFERS } from "../../vocabulary/loans.ts";
import type { Route } from "./+types/loans";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaT(matches)("Loan planner")} | Ignite` }];

/** The loan planner (decision 0082): the student's loan offers side by side, worked out from what they typed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  return { offers: await context.loans.list(student.studentId) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const student = requireStudent(request, context.student);
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  return refusalOr(
    async () =>
      byIntent(form.intent, {
        add: async () => {
          await context.loans.add(student.studentId, form);
          return { ok: true as const, message: loanMessages.saved };
        },
        remove: async () => {
          await context.loans.remove(student.studentId, parseId(form.offerId, "Loan offer"));
          return { ok: true as const, message: loanMessages.removed };
        },
      }),
    form,
  );
}

const fieldNames = [
  "label",
  "amount",
  "annualRate",
  "rateType",
  "tenureYears",
  "courseMonths",
  "graceMonths",
  "processingFee",
  "interestPaidDuringMoratorium",
] as const;
type FieldName = (typeof fieldNames)[number];
type Refusal = { fields: Record<string, string>; values: Record<string, string> };

export default function Loans({ loaderData, actionData }: Route.ComponentProps) {
  const { offers } = loaderData;
  const { t, number } = useT();
  const busy = useNavigation().state === "submitting";
  useActionToast(actionData ? { ok: actionData.ok, message: t(actionData.message) } : undefined);
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  const rupees = (value: number) => `₹${number(Math.round(value))}`;
  const rows: [string, (o: (typeof offers)[number]) => string][] = [
    [t("Amount"), (o) => rupees(o.amount)],
    [t("Annual rate"), (o) => `${number(o.annualRate)}% (${t(loanRateTypeLabels[o.rateType])})`],
    [t("Moratorium"), (o) => t("{months} months", { months: o.figures.moratoriumMonths })],
    [
      t("Interest in the moratorium"),
      (o) =>
        o.interestPaidDuringMoratorium
          ? t("{amount} a month, paid", { amount: rupees(o.figures.moratoriumMonthly) })
          : t("{amount}, added to the loan", { amount: rupees(o.figures.moratoriumInterest) }),
    ],
    [t("Tenure"), (o) => t("{months} months", { months: o.tenureMonths })],
    [t("EMI after the moratorium"), (o) => rupees(o.figures.emi)],
    [t("Total interest"), (o) => rupees(o.figures.totalInterest)],
    [t("Processing fee"), (o) => rupees(o.processingFee)],
    [t("Total cost"), (o) => rupees(o.figures.totalCost)],
  ];
  return (
    <div className="container py-4">
      <p className="mb-2">
        <Link to="/home">← {t("Your home")}</Link>
      </p>
      <h1 className="h2">{t("Loan planner")}</h1>
      <p className="alert alert-info" data-testid="not-a-marketplace">
        {t(loanMessages.notAMarketplace)}
      </p>
      <section aria-labelledby="offers-heading" className="mb-4">
        <h2 id="offers-heading" className="h4">
          {t("Your loan offers side by side")}
        </h2>
        {offers.length === 0 ? (
          <p>{t("No loan offers yet. Type in up to three from your lenders' letters below.")}</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm align-middle small" data-testid="loan-comparison">
              <thead>
                <tr>
                  <td />
                  {offers.map((o) => (
                    <th key={o.id} scope="col">
                      {o.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row" className="fw-normal text-body-secondary">
                      {label}
                    </th>
                    {offers.map((o) => (
                      <td
                        key={o.id}
                        className={
                          label === t("EMI after the moratorium") || label === t("Total cost") ? "fw-semibold" : undefined
                        }
                      >
                        {value(o)}
                      </td>
                    ))}
                  </tr>
                ))}
                <tr>
                  <td />
                  {offers.map((o) => (
                    <td key={o.id}>
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="offerId" value={o.id} />
                        <button type="submit" className="btn btn-outline-danger btn-sm" disabled={busy}>
                          {t("Remove")}
                          <span className="visually-hidden"> {o.label}</span>
                        </button>
                      </Form>
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
        )}
        <details className="small">
          <summary>{t("How these are worked out")}</summary>
          <ul className="mt-2">
            <li>
              {t(
                "EMI (equated monthly instalment), reducing balance: EMI = P × r × (1 + r)^n ÷ ((1 + r)^n − 1), where P is the principal when instalments start, r the annual rate ÷ 12 ÷ 100 and n the tenure in months.",
              )}
            </li>
            <li>
              {t(
                "Moratorium (course months plus grace months): simple interest = amount × annual rate ÷ 100 × months ÷ 12. Paid during the moratorium, the principal stays the amount; not paid, it is added to the principal when instalments start.",
              )}
            </li>
            <li>
              {t(
                "Total interest = all instalments + interest paid in the moratorium − amount borrowed. Total cost = total interest + processing fee.",
              )}
            </li>
            <li>
              {t(
                "A floating rate changes over the loan; the figures use today's rate. Your lender's sanction letter is what counts.",
              )}
            </li>
          </ul>
        </details>
      </section>

      {offers.length < MAX_LOAN_OFFERS ? (
        // Keyed by the number of offers: a saved offer clears the form, a refused one keeps what was typed.
        <AddOfferForm key={offers.length} refusal={refusal} busy={busy} />
      ) : (
        <p>{t(loanMessages.tooMany)}</p>
      )}
    </div>
  );
}

function AddOfferForm({ refusal, busy }: { refusal: Refusal | undefined; busy: boolean }) {
  const { t, number } = useT();
  const kept = (name: FieldName, fallback = "") => (refusal ? (refusal.values[name] ?? fallback) : fallback);
  const [amount, setAmount] = useState(kept("amount"));
  const [fee, setFee] = useState(kept("processingFee"));
  // The amount as read, shown back while it is typed (decision 0082), before anything is saved.
  const readBack = (text: string) => {
    if (!text.trim()) return null;
    const value = readAmount(text);
    return value === null
      ? t("Not an amount we can read yet")
      : t("Reads as {amount}", { amount: `₹${number(Math.round(value))}` });
  };
  const error = (name: string) => refusal?.fields[name];
  const field = (name: FieldName) => ({
    id: `loan-${name}`,
    name,
    "aria-invalid": error(name) ? true : undefined,
    "aria-describedby": error(name) ? `loan-${name}-error` : undefined,
  });
  const errorText = (name: string) =>
    error(name) ? (
      <div id={`loan-${name}-error`} className="invalid-feedback d-block">
        {t(error(name) ?? "")}
      </div>
    ) : null;
  return (
    <section aria-labelledby="add-heading">
      <h2 id="add-heading" className="h4">
        {t("Add a loan offer")}
      </h2>
      <Form method="post" noValidate className="row g-3" data-testid="loan-form">
        <input type="hidden" name="intent" value="add" />
        <div className="col-12 col-md-6">
          <label htmlFor="loan-label" className="form-label">
            {t("Name for this offer")}
          </label>
          <input {...field("label")} className="form-control" defaultValue={kept("label")} maxLength={60} />
          {errorText("label")}
        </div>
        <div className="col-12 col-md-6">
          <label htmlFor="loan-amount" className="form-label">
            {t("Amount (₹)")}
          </label>
          <input
            {...field("amount")}
            className="form-control"
            inputMode="text"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-describedby={`loan-amount-help${error("amount") ? " loan-amount-error" : ""}`}
          />
          <div id="loan-amount-help" className="form-text">
            {t("Write it as 40,00,000, 40 lakh, 1.2 crore or 40 लाख.")}{" "}
            <output htmlFor="loan-amount" data-testid="amount-read-back">
              {readBack(amount)}
            </output>
          </div>
          {errorText("amount")}
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor="loan-annualRate" className="form-label">
            {t("Annual rate (%)")}
          </label>
          <input {...field("annualRate")} className="form-control" inputMode="decimal" defaultValue={kept("annualRate")} />
          {errorText("annualRate")}
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor="loan-rateType" className="form-label">
            {t("Rate type")}
          </label>
          <select {...field("rateType")} className="form-select" defaultValue={kept("rateType", "floating")}>
            {loanRateTypes.map((type) => (
              <option key={type} value={type}>
                {t(loanRateTypeLabels[type])}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor="loan-tenureYears" className="form-label">
            {t("Tenure (years)")}
          </label>
          <input {...field("tenureYears")} className="form-control" inputMode="decimal" defaultValue={kept("tenureYears")} />
          {errorText("tenureYears")}
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor="loan-processingFee" className="form-label">
            {t("Processing fee (₹)")}
          </label>
          <input
            {...field("processingFee")}
            className="form-control"
            value={fee}
            onChange={(e) => setFee(e.target.value)}
            aria-describedby={`loan-fee-help${error("processingFee") ? " loan-processingFee-error" : ""}`}
          />
          <div id="loan-fee-help" className="form-text">
            <output htmlFor="loan-processingFee">{readBack(fee)}</output>
          </div>
          {errorText("processingFee")}
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor="loan-courseMonths" className="form-label">
            {t("Course length (months)")}
          </label>
          <input {...field("courseMonths")} className="form-control" inputMode="numeric" defaultValue={kept("courseMonths")} />
          {errorText("courseMonths")}
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor="loan-graceMonths" className="form-label">
            {t("Grace months after the course")}
          </label>
          <input {...field("graceMonths")} className="form-control" inputMode="numeric" defaultValue={kept("graceMonths", "6")} />
          {errorText("graceMonths")}
        </div>
        <div className="col-12">
          <div className="form-check">
            <input
              className="form-check-input"
              type="checkbox"
              id="loan-interestPaid"
              name="interestPaidDuringMoratorium"
              value="yes"
              defaultChecked={kept("interestPaidDuringMoratorium") === "yes"}
            />
            <label className="form-check-label" htmlFor="loan-interestPaid">
              {t("We will pay the interest during the moratorium")}
            </label>
          </div>
        </div>
        <div className="col-12">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t("Save and compare")}
          </button>
        </div>
      </Form>
    </section>
  );
}
