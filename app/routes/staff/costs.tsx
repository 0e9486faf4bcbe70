import { Form, Link, useNavigation } from "react-router";
import { refusalOr } from "~/lib/form-result.server";
import { byIntent } from "~/lib/intents.server";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { livingCostInput } from "../../../modules/costs/editing.ts";
import { parseId } from "../../../modules/ids.ts";
import { canManageCatalogue } from "../../../modules/policies.ts";
import { fieldRules } from "../../../modules/validation.ts";
import {
  costMessages,
  EXCHANGE_RATE_SOURCE_MAX_LENGTH,
  formatLongDate,
  LIVING_COST_SOURCE_MAX_LENGTH,
} from "../../../vocabulary/costs.ts";
import type { Route } from "./+types/costs";

export const meta: Route.MetaFunction = () => [{ title: "Costs | Console | Ignite" }, { name: "robots", content: "noindex" }];

/** Admins keep the exchange rates and living costs behind every rupee amount on the site (decision 0025). */
export async function loader({ context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  const [rates, living] = await Promise.all([context.staff.costs.rates(member), context.staff.costs.livingCosts(member)]);
  // India's day, the one a rate's day is held to (decision 0109): a new rate starts there.
  return { rates, living, today: context.staff.today(), livingRules: fieldRules(livingCostInput) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  return refusalOr(
    async () =>
      byIntent(
        form.intent,
        {
          living: async () => {
            const saved = await context.staff.costs.saveLivingCost(member, parseId(form.countryId ?? "", "Country"), form);
            return { ok: true as const, message: costMessages.livingSaved(saved.country), key: `living-${saved.countryId}` };
          },
          rate: async () => {
            const saved = await context.staff.costs.saveRate(member, form);
            return { ok: true as const, message: costMessages.rateSaved(saved.currency), key: `rate-${saved.currency}` };
          },
        },
        { otherwise: "rate" },
      ),
    form,
  );
}

export default function Costs({ loaderData, actionData }: Route.ComponentProps) {
  const { rates, living, today, livingRules } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  useActionToast(actionData);
  /** The form a refusal belongs to: its fields show the message and keep what was typed. */
  const refusedKey = refusal
    ? refusal.values.intent === "living"
      ? `living-${refusal.values.countryId}`
      : `rate-${refusal.values.currency?.toUpperCase()}`
    : undefined;
  const field = (key: string, name: string, current: string) => ({
    defaultValue: refusedKey === key ? (refusal?.values[name] ?? current) : current,
    "aria-invalid": refusedKey === key && refusal?.fields[name] ? true : undefined,
    className: `form-control form-control-sm${refusedKey === key && refusal?.fields[name] ? " is-invalid" : ""}`,
  });
  const problem = (key: string) =>
    refusedKey === key && refusal ? (
      <p className="small text-danger mb-0 col-12">{Object.values(refusal.fields).join(" ") || refusal.message}</p>
    ) : null;
  return (
    <>
      <h1 className="h3 mb-3">Costs in rupees</h1>
      <p>
        Every fee on the site also shows in rupees from these rates, with “approximately, at the rate of {"{date}"}”; a course's
        estimated total adds its country's living costs.{" "}
        <Link to="/staff/audit?subjectType=exchange_rate">Changes in the audit log</Link>
      </p>

      <section aria-labelledby="rates" className="mb-5">
        <h2 id="rates" className="h4">
          Exchange rates
        </h2>
        <p className="small text-body-secondary">
          Rupees for one unit of each currency, where the rate was read and the day it holds for.
        </p>
        {[
          ...rates.map((r) => ({ ...r, isNew: false })),
          { currency: "", rupeesPerUnit: 0, source: "", rateDate: today, isNew: true },
        ].map((r) => {
          const key = r.isNew ? "rate-new" : `rate-${r.currency}`;
          const refusedNew = refusedKey?.startsWith("rate-") && !rates.some((x) => `rate-${x.currency}` === refusedKey);
          const formKey = r.isNew && refusedNew && refusedKey ? refusedKey : key;
          return (
            <Form
              method="post"
              key={key}
              className="row g-2 align-items-end mb-2 border-bottom pb-2"
              aria-label={r.isNew ? "Add a currency" : `Rate for ${r.currency}`}
            >
              <input type="hidden" name="intent" value="rate" />
              <div className="col-sm-2">
                <label htmlFor={`${key}-currency`} className="form-label small">
                  Currency
                </label>
                {r.isNew ? (
                  <input id={`${key}-currency`} name="currency" required maxLength={3} {...field(formKey, "currency", "")} />
                ) : (
                  <input
                    id={`${key}-currency`}
                    name="currency"
                    readOnly
                    value={r.currency}
                    className="form-control-plaintext form-control-sm fw-bold"
                  />
                )}
              </div>
              <div className="col-sm-2">
                <label htmlFor={`${key}-rate`} className="form-label small">
                  Rupees per unit
                </label>
                <input
                  id={`${key}-rate`}
                  name="rupeesPerUnit"
                  type="number"
                  step="any"
                  min="0"
                  required
                  {...field(formKey, "rupeesPerUnit", r.isNew ? "" : String(r.rupeesPerUnit))}
                />
              </div>
              <div className="col-sm-4">
                <label htmlFor={`${key}-source`} className="form-label small">
                  Source
                </label>
                <input
                  id={`${key}-source`}
                  name="source"
                  required
                  maxLength={EXCHANGE_RATE_SOURCE_MAX_LENGTH}
                  {...field(formKey, "source", r.source)}
                />
              </div>
              <div className="col-sm-2">
                <label htmlFor={`${key}-date`} className="form-label small">
                  Rate of
                </label>
                <input
                  id={`${key}-date`}
                  name="rateDate"
                  type="date"
                  max={today}
                  required
                  {...field(formKey, "rateDate", r.rateDate)}
                />
              </div>
              <div className="col-sm-2">
                <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
                  {r.isNew ? "Add" : "Save"}
                  <span className="visually-hidden"> {r.isNew ? "a currency" : `the rate for ${r.currency}`}</span>
                </button>
                {!r.isNew && <div className="small text-body-secondary">{formatLongDate(r.rateDate)}</div>}
              </div>
              {problem(formKey)}
            </Form>
          );
        })}
      </section>

      <section aria-labelledby="living" className="mb-5">
        <h2 id="living" className="h4">
          Living costs
        </h2>
        <p className="small text-body-secondary">
          A year's rent, food, transport and insurance for a student in each country (not tuition), with its source and the year
          it holds for.
        </p>
        {living.map((c) => {
          const key = `living-${c.countryId}`;
          return (
            <Form
              method="post"
              key={key}
              className="row g-2 align-items-end mb-2 border-bottom pb-2"
              aria-label={`Living costs in ${c.country}`}
            >
              <input type="hidden" name="intent" value="living" />
              <input type="hidden" name="countryId" value={c.countryId} />
              <div className="col-sm-2 fw-bold small">{c.country}</div>
              <div className="col-sm-2">
                <label htmlFor={`${key}-amount`} className="form-label small">
                  A year
                </label>
                <input
                  id={`${key}-amount`}
                  name="amountPerYear"
                  type="number"
                  min={livingRules.amountPerYear?.min}
                  max={livingRules.amountPerYear?.max}
                  step="1"
                  required
                  {...field(key, "amountPerYear", c.figure ? String(c.figure.amountPerYear) : "")}
                />
              </div>
              <div className="col-sm-1">
                <label htmlFor={`${key}-currency`} className="form-label small">
                  Currency
                </label>
                <input
                  id={`${key}-currency`}
                  name="currency"
                  required
                  maxLength={3}
                  {...field(key, "currency", c.figure?.currency ?? c.feeCurrency)}
                />
              </div>
              <div className="col-sm-4">
                <label htmlFor={`${key}-source`} className="form-label small">
                  Source
                </label>
                <input
                  id={`${key}-source`}
                  name="source"
                  required
                  maxLength={LIVING_COST_SOURCE_MAX_LENGTH}
                  {...field(key, "source", c.figure?.source ?? "")}
                />
              </div>
              <div className="col-sm-1">
                <label htmlFor={`${key}-year`} className="form-label small">
                  Year
                </label>
                <input
                  id={`${key}-year`}
                  name="year"
                  type="number"
                  min={livingRules.year?.min}
                  step="1"
                  required
                  {...field(key, "year", c.figure ? String(c.figure.year) : "")}
                />
              </div>
              <div className="col-sm-2">
                <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
                  Save<span className="visually-hidden"> living costs in {c.country}</span>
                </button>
              </div>
              {problem(key)}
            </Form>
          );
        })}
      </section>
    </>
  );
}
