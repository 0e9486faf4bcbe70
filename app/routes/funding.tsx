import { data, Form, Link, useNavigation } from "react-router";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { byIntent } from "~/lib/intents.server";
import { requireStudent } from "~/lib/login-required.server";
import { useActionToast } from "~/lib/use-action-toast";
import { AppError } from "../../modules/errors.ts";
import { fundingFormRows, fundingFormSources } from "../../modules/funding/funding.ts";
import { formatMoney } from "../../vocabulary/costs.ts";
import { fundingMessages } from "../../vocabulary/offers.ts";
import { fundSourceKinds, fundSourceLabels } from "../../vocabulary/visas.ts";
import type { Route } from "./+types/funding";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaT(matches)("Your funding plan")} | Ignite` }];

/** The student's one funding plan (decision 0079): the visa plan's funds check and the offers comparison read it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  return orRouteError((async () => ({ plan: await context.funding.plan(student.studentId) }))());
}

export async function action({ request, context }: Route.ActionArgs) {
  const student = requireStudent(request, context.student);
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  // One source per row with an amount, each with the dates its row carried (decision 0079's amendment).
  // With the plan's time as the page read it: a plan saved since in another tab is refused, not overwritten.
  const raw = { sources: fundingFormSources(form).sources, updatedAt: form["updated-at"] || null };
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
          try {
            await context.funding.save(student.studentId, raw);
          } catch (error) {
            // Changed in another tab: the form shows the plan as saved, for the change to be made again.
            if (AppError.is(error) && error.status === 409)
              return data(
                {
                  ok: false as const,
                  message: error.message,
                  fields: {} as Record<string, string>,
                  readBack: null,
                  values: null,
                  changedElsewhere: true,
                },
                { status: 409 },
              );
            throw error;
          }
          // The form shows the plan as saved (its rows are rebuilt from it), not what was posted.
          return { ok: true as const, message: fundingMessages.saved, readBack: null, values: null };
        },
      }),
    form,
  );
}

const indian = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 });
const anotherKinds = fundSourceKinds.map((kind) => ({ kind, label: fundSourceLabels[kind] }));

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
  const rows = fundingFormRows(plan);
  const value = (name: string, fallback: string) => (posted ? (posted[name] ?? "") : fallback);
  const rowOf = posted ? fundingFormSources(posted).rowOf : [];
  const errorOf = (row: number, field: string) => {
    if (!refusal) return undefined;
    const index = rowOf.indexOf(row);
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
            {readBack.map((s, index) => (
              <li key={`${s.kind}-${index}`}>
                {t(fundSourceLabels[s.kind])}:{" "}
                <strong>{s.currency === "INR" ? `₹${indian.format(s.amount)}` : formatMoney(s.amount, s.currency)}</strong>
                {s.proof ? ` (${s.proof})` : ""}
              </li>
            ))}
          </ul>
        </section>
      )}
      {/* Built again from the plan as saved after a save, and after a save refused because another tab saved first. */}
      <Form
        key={`${plan.updatedAt?.toISOString() ?? "new"}${actionData && "changedElsewhere" in actionData ? "-changed" : ""}`}
        method="post"
        aria-label={t("Your funding plan")}
        noValidate
      >
        {/* The plan's time as the page first read it, kept through "Check the amounts" (which reloads the plan):
            a save is refused if another tab saved the plan since (decision 0079's amendment). */}
        <input type="hidden" name="updated-at" value={posted?.["updated-at"] ?? plan.updatedAt?.toISOString() ?? ""} />
        {rows.map((source, row) => {
          const id = (field: string) => `row-${row}-${field}`;
          const amountError = errorOf(row, "amount");
          const kindError = errorOf(row, "kind");
          return (
            // A row is its place in the form (row-0-amount, ...); the form is rebuilt from the plan after a save.
            <fieldset key={row} className="border rounded p-3 mb-3">
              <legend className="h6 float-none w-auto px-1 mb-0">
                {source.kind ? t(fundSourceLabels[source.kind]) : t("Another source")}
              </legend>
              {source.kind && <input type="hidden" name={id("kind")} value={source.kind} />}
              <input type="hidden" name={id("held-since")} value={source.heldSince} />
              <input type="hidden" name={id("statement-date")} value={source.statementDate} />
              <div className="row g-2">
                {!source.kind && (
                  <div className="col-12">
                    <label className="form-label" htmlFor={id("kind")}>
                      {t("Where the money comes from")}
                    </label>
                    <select
                      className={`form-select${kindError ? " is-invalid" : ""}`}
                      id={id("kind")}
                      name={id("kind")}
                      defaultValue={value(id("kind"), "family-savings")}
                    >
                      {anotherKinds.map((k) => (
                        <option key={k.kind} value={k.kind}>
                          {t(k.label)}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
                <div className="col-12 col-md-4">
                  <label className="form-label" htmlFor={id("amount")}>
                    {t("Amount")}
                  </label>
                  <input
                    className={`form-control${amountError ? " is-invalid" : ""}`}
                    id={id("amount")}
                    name={id("amount")}
                    inputMode="decimal"
                    autoComplete="off"
                    defaultValue={value(id("amount"), source.amount)}
                    aria-describedby={amountError ? id("amount-error") : undefined}
                  />
                  {amountError && (
                    <div id={id("amount-error")} className="invalid-feedback">
                      {t(amountError)}
                    </div>
                  )}
                </div>
                <div className="col-4 col-md-2">
                  <label className="form-label" htmlFor={id("currency")}>
                    {t("Currency")}
                  </label>
                  <input
                    className={`form-control${errorOf(row, "currency") ? " is-invalid" : ""}`}
                    id={id("currency")}
                    name={id("currency")}
                    maxLength={3}
                    autoComplete="off"
                    defaultValue={value(id("currency"), source.currency)}
                  />
                </div>
                <div className="col-8 col-md-6">
                  <label className="form-label" htmlFor={id("proof")}>
                    {t("Document that proves it")}
                  </label>
                  <input
                    className="form-control"
                    id={id("proof")}
                    name={id("proof")}
                    maxLength={200}
                    defaultValue={value(id("proof"), source.proof)}
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
