import { Form, Link, useNavigation } from "react-router";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { byIntent } from "~/lib/intents.server";
import { requireStudent } from "~/lib/login-required.server";
import { useActionToast } from "~/lib/use-action-toast";
import type { FundingPlan } from "../../modules/funding/funding.ts";
import { formatMoney } from "../../vocabulary/costs.ts";
import { fundingMessages } from "../../vocabulary/offers.ts";
import { type FundSourceKind, fundSourceLabels, usualFundSourceKinds } from "../../vocabulary/visas.ts";
import type { Route } from "./+types/funding";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaT(matches)("Your funding plan")} | Ignite` }];

/** The student's one funding plan (decision 0079): the visa plan's funds check and the offers comparison read it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  return orRouteError((async () => ({ plan: await context.funding.plan(student.studentId) }))());
}

/** The form's rows, one per kind of money: a row whose amount is blank is not a source. */
function sourcesOf(form: Record<string, string>, kinds: readonly FundSourceKind[], kept: FundingPlan) {
  return kinds.flatMap((kind) => {
    const amount = form[`${kind}-amount`]?.trim();
    if (!amount) return [];
    // The dates the visa form asks for (the 28-day rule) stay with the source: this page does not ask them.
    const before = kept.sources.find((s) => s.kind === kind);
    return [
      {
        kind,
        amount,
        currency: form[`${kind}-currency`] || "INR",
        proof: form[`${kind}-proof`] ?? "",
        heldSince: before?.heldSince ?? "",
        statementDate: before?.statementDate ?? "",
      },
    ];
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const student = requireStudent(request, context.student);
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  // The kinds the page shows, and any other the plan already holds (the visa form's blocked account).
  const plan = await context.funding.plan(student.studentId);
  const kinds = [...new Set([...usualFundSourceKinds, ...plan.sources.map((s) => s.kind)])];
  const raw = { sources: sourcesOf(form, kinds, plan) };
  return refusalOr(
    async () =>
      byIntent(form.intent, {
        // First the amounts as the portal read them, for the student to check (decision 0079), then the save.
        check: async () => ({
          ok: true as const,
          message: fundingMessages.readBack,
          readBack: await context.funding.readBack(raw),
          values: form,
        }),
        save: async () => {
          await context.funding.save(student.studentId, raw);
          return { ok: true as const, message: fundingMessages.saved, readBack: null, values: form };
        },
      }),
    form,
  );
}

const indian = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 });

export default function Funding({ loaderData, actionData }: Route.ComponentProps) {
  const { plan } = loaderData;
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  useActionToast(
    actionData && (!actionData.ok || !actionData.readBack) ? { ok: actionData.ok, message: t(actionData.message) } : undefined,
  );
  const posted = actionData?.values;
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  const readBack = actionData?.ok ? actionData.readBack : null;
  const kinds = [...new Set([...usualFundSourceKinds, ...plan.sources.map((s) => s.kind)])];
  const saved = (kind: FundSourceKind) => plan.sources.find((s) => s.kind === kind);
  const value = (name: string, fallback: string) => (posted ? (posted[name] ?? "") : fallback);
  const errorOf = (kind: FundSourceKind, field: string) => {
    if (!refusal) return undefined;
    const index = kinds.filter((k) => (posted?.[`${k}-amount`] ?? "").trim()).indexOf(kind);
    return index < 0 ? undefined : refusal.fields[`sources.${index}.${field}`];
  };
  return (
    <div className="container py-4">
      <p className="mb-2">
        <Link to="/user/offers">← {t("Your offers")}</Link>
      </p>
      <h1 className="h2 mb-2">{t("Your funding plan")}</h1>
      <p>
        {t(
          "One plan for everything: the visa plan's funds check and the offers comparison read these same figures. Write amounts as you usually do: 25,00,000, 25 lakh, 1.2 crore or 25 लाख.",
        )}
      </p>
      {refusal && (
        <p className="alert alert-danger" role="alert">
          {t(refusal.message)}
        </p>
      )}
      {readBack && (
        <section className="alert alert-info" aria-labelledby="read-back" data-testid="read-back">
          <h2 id="read-back" className="h6">
            {t("Check the amounts as we read them, then save.")}
          </h2>
          <ul className="mb-0">
            {readBack.map((s) => (
              <li key={s.kind}>
                {t(fundSourceLabels[s.kind])}:{" "}
                <strong>{s.currency === "INR" ? `₹${indian.format(s.amount)}` : formatMoney(s.amount, s.currency)}</strong>
                {s.proof ? ` (${s.proof})` : ""}
              </li>
            ))}
          </ul>
        </section>
      )}
      <Form method="post" aria-label={t("Your funding plan")} noValidate>
        {kinds.map((kind) => {
          const source = saved(kind);
          return (
            <fieldset key={kind} className="border rounded p-3 mb-3">
              <legend className="h6 float-none w-auto px-1 mb-0">{t(fundSourceLabels[kind])}</legend>
              <div className="row g-2">
                <div className="col-12 col-md-4">
                  <label className="form-label" htmlFor={`${kind}-amount`}>
                    {t("Amount")}
                  </label>
                  <input
                    className={`form-control${errorOf(kind, "amount") ? " is-invalid" : ""}`}
                    id={`${kind}-amount`}
                    name={`${kind}-amount`}
                    inputMode="decimal"
                    autoComplete="off"
                    defaultValue={value(`${kind}-amount`, source ? indian.format(source.amount) : "")}
                    aria-describedby={errorOf(kind, "amount") ? `${kind}-amount-error` : undefined}
                  />
                  {errorOf(kind, "amount") && (
                    <div id={`${kind}-amount-error`} className="invalid-feedback">
                      {t(errorOf(kind, "amount") ?? "")}
                    </div>
                  )}
                </div>
                <div className="col-4 col-md-2">
                  <label className="form-label" htmlFor={`${kind}-currency`}>
                    {t("Currency")}
                  </label>
                  <input
                    className={`form-control${errorOf(kind, "currency") ? " is-invalid" : ""}`}
                    id={`${kind}-currency`}
                    name={`${kind}-currency`}
                    maxLength={3}
                    autoComplete="off"
                    defaultValue={value(`${kind}-currency`, source?.currency ?? "INR")}
                  />
                </div>
                <div className="col-8 col-md-6">
                  <label className="form-label" htmlFor={`${kind}-proof`}>
                    {t("Document that proves it")}
                  </label>
                  <input
                    className="form-control"
                    id={`${kind}-proof`}
                    name={`${kind}-proof`}
                    maxLength={200}
                    defaultValue={value(`${kind}-proof`, source?.proof ?? "")}
                  />
                </div>
              </div>
            </fieldset>
          );
        })}
        <div className="d-flex flex-wrap gap-2">
          <button type="submit" name="intent" value="check" className="btn btn-outline-primary" disabled={busy}>
            {t("Check the amounts")}
          </button>
          <button type="submit" name="intent" value="save" className="btn btn-primary" disabled={busy || !readBack}>
            {t("Save my funding plan")}
          </button>
        </div>
      </Form>
    </div>
  );
}
