import { Form, Link, useNavigation } from "react-router";
import { refusalOr } from "~/lib/form-result.server";
import { byIntent } from "~/lib/intents.server";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { parseId } from "../../../modules/ids.ts";
import { canEditVisaGuides } from "../../../modules/policies.ts";
import { formatLongDate, formatMoney, formatRupees } from "../../../vocabulary/costs.ts";
import { FIGURE_FRESH_DAYS } from "../../../vocabulary/visas.ts";
import type { Route } from "./+types/visa-guides";

export const meta: Route.MetaFunction = () => [
  { title: "Visa guides | Console | Ignite" },
  { name: "robots", content: "noindex" },
];

/** Admins keep each destination's visa guide: every figure with its source and the day it was checked, and the summary. */
export async function loader({ context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canEditVisaGuides);
  const guides = await context.staff.visas.guides(member);
  return {
    guides: guides.map(({ countryId, country, slug, guide }) => ({
      countryId,
      country,
      slug,
      visaName: guide.visaName.en,
      summary: guide.summary,
      hasOldFigures: guide.hasOldFigures,
      figures: guide.figures.map((f) => ({
        key: f.key,
        label: f.label.en,
        amount: f.amount,
        currency: f.currency,
        per: f.per,
        rupees: f.rupees,
        source: f.source,
        sourceUrl: f.sourceUrl,
        sourceDate: f.sourceDate,
        checkedOn: f.checkedOn,
        confirmed: f.confirmed,
        ageDays: f.ageDays,
        old: f.old,
      })),
    })),
    // India's day, the one the figure's check holds "checked on" to (decision 0109).
    today: context.staff.today(),
    freshDays: FIGURE_FRESH_DAYS,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canEditVisaGuides);
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  const countryId = () => parseId(form.countryId ?? "", "Country");
  return refusalOr(
    async () =>
      byIntent(form.intent, {
        figure: async () => {
          await context.staff.visas.saveFigure(member, countryId(), form);
          return { ok: true as const, message: `${form.label ?? "The figure"} is saved.` };
        },
        words: async () => {
          await context.staff.visas.saveGuideWords(member, countryId(), form);
          return { ok: true as const, message: "The summary is saved." };
        },
      }),
    form,
  );
}

const perWords = { once: "", year: " a year", month: " a month" } as const;

export default function VisaGuides({ loaderData, actionData }: Route.ComponentProps) {
  const { guides, today, freshDays } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  useActionToast(actionData);
  const refusedKey = refusal
    ? refusal.values.intent === "figure"
      ? `figure-${refusal.values.countryId}-${refusal.values.key}`
      : `words-${refusal.values.countryId}`
    : undefined;
  const field = (formKey: string, name: string, current: string) => {
    const refused = refusedKey === formKey && refusal?.fields[name];
    return {
      id: `${formKey}-${name}`,
      name,
      defaultValue: refusedKey === formKey ? (refusal?.values[name] ?? current) : current,
      "aria-invalid": refused ? true : undefined,
      "aria-describedby": refused ? `${formKey}-${name}-error` : undefined,
      className: `form-control form-control-sm${refused ? " is-invalid" : ""}`,
    };
  };
  const error = (formKey: string, name: string) =>
    refusedKey === formKey && refusal?.fields[name] ? (
      <div id={`${formKey}-${name}-error`} className="invalid-feedback d-block">
        {refusal.fields[name]}
      </div>
    ) : null;
  const flagged = guides.filter((g) => g.hasOldFigures);
  return (
    <>
      <h1 className="h3 mb-3">Visa guides</h1>
      <p>
        Each destination's guide as students read it at <code>/visa/…</code>. Every figure carries its official source and the day
        it was checked there; one checked over {freshDays} days ago, or not confirmed, is marked to students as “to be confirmed
        by your counsellor”. <Link to="/staff/audit?subjectType=visa_guide">Changes in the audit log</Link>
      </p>
      {flagged.length > 0 ? (
        <div className="alert alert-warning" data-testid="guides-flagged">
          Guides with figures to check: {flagged.map((g) => g.country).join(", ")}.
        </div>
      ) : (
        guides.length > 0 && <p className="alert alert-success">Every figure is confirmed and checked within a year.</p>
      )}
      {guides.length === 0 && <p>No destination has a visa guide yet.</p>}
      {guides.map((g) => (
        <section key={g.countryId} aria-labelledby={`guide-${g.countryId}`} className="mb-5" data-testid="visa-guide">
          <h2 id={`guide-${g.countryId}`} className="h4">
            {g.country}: {g.visaName}{" "}
            {g.hasOldFigures && <span className="badge text-bg-warning align-middle fs-6">Figures to check</span>}
          </h2>
          <p className="small">
            <a href={`/visa/${g.slug}`}>The guide as students read it</a>
          </p>
          <h3 className="h6">Figures</h3>
          {g.figures.map((f) => {
            const key = `figure-${g.countryId}-${f.key}`;
            return (
              <Form
                method="post"
                key={key}
                className="border-bottom pb-3 mb-3"
                aria-label={`${f.label}, ${g.country}`}
                data-testid="visa-figure"
              >
                <input type="hidden" name="intent" value="figure" />
                <input type="hidden" name="countryId" value={g.countryId} />
                <input type="hidden" name="key" value={f.key} />
                <input type="hidden" name="label" value={f.label} />
                <p className="mb-1">
                  <strong>{f.label}</strong>: {formatMoney(f.amount, f.currency)}
                  {perWords[f.per]}
                  {f.rupees !== null ? ` (about ${formatRupees(f.rupees)})` : " (no rupee rate)"}
                  {", "}
                  <a href={f.sourceUrl} rel="noopener noreferrer" target="_blank">
                    {f.source}
                  </a>
                  {f.sourceDate && `, dated ${formatLongDate(f.sourceDate)}`}, checked {formatLongDate(f.checkedOn)} ({f.ageDays}{" "}
                  day{f.ageDays === 1 ? "" : "s"} ago){" "}
                  {f.old && <span className="badge text-bg-warning">Checked over a year ago</span>}{" "}
                  {!f.confirmed && <span className="badge text-bg-danger">Not confirmed</span>}
                </p>
                <div className="row g-2 align-items-end">
                  <div className="col-6 col-sm-2">
                    <label htmlFor={`${key}-amount`} className="form-label small">
                      Amount
                    </label>
                    <input type="number" step="any" min="0" required {...field(key, "amount", String(f.amount))} />
                    {error(key, "amount")}
                  </div>
                  <div className="col-6 col-sm-1">
                    <label htmlFor={`${key}-currency`} className="form-label small">
                      Currency
                    </label>
                    <input required maxLength={3} {...field(key, "currency", f.currency)} />
                    {error(key, "currency")}
                  </div>
                  <div className="col-sm-2">
                    <label htmlFor={`${key}-source`} className="form-label small">
                      Source
                    </label>
                    <input required maxLength={200} {...field(key, "source", f.source)} />
                    {error(key, "source")}
                  </div>
                  <div className="col-sm-3">
                    <label htmlFor={`${key}-sourceUrl`} className="form-label small">
                      Official page
                    </label>
                    <input type="url" required {...field(key, "sourceUrl", f.sourceUrl)} />
                    {error(key, "sourceUrl")}
                  </div>
                  <div className="col-6 col-sm-2">
                    <label htmlFor={`${key}-sourceDate`} className="form-label small">
                      Page's own date
                    </label>
                    <input type="date" max={today} {...field(key, "sourceDate", f.sourceDate ?? "")} />
                    {error(key, "sourceDate")}
                  </div>
                  <div className="col-6 col-sm-2">
                    <label htmlFor={`${key}-checkedOn`} className="form-label small">
                      Checked on
                    </label>
                    <input type="date" max={today} required {...field(key, "checkedOn", f.checkedOn)} />
                    {error(key, "checkedOn")}
                  </div>
                  <div className="col-6 col-sm-2">
                    <div className="form-check">
                      <input
                        id={`${key}-confirmed`}
                        name="confirmed"
                        type="checkbox"
                        className="form-check-input"
                        defaultChecked={refusedKey === key ? refusal?.values.confirmed === "on" : f.confirmed}
                      />
                      <label htmlFor={`${key}-confirmed`} className="form-check-label small">
                        Confirmed
                      </label>
                    </div>
                  </div>
                  <div className="col-12">
                    <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
                      Save<span className="visually-hidden"> {f.label}</span>
                    </button>
                  </div>
                  {refusedKey === key && refusal && !Object.keys(refusal.fields).length && (
                    <p className="small text-danger mb-0 col-12" role="alert">
                      {refusal.message}
                    </p>
                  )}
                </div>
              </Form>
            );
          })}
          <h3 className="h6">Summary</h3>
          <Form method="post" aria-label={`Summary of the ${g.country} guide`} style={{ maxWidth: "48rem" }}>
            <input type="hidden" name="intent" value="words" />
            <input type="hidden" name="countryId" value={g.countryId} />
            <label htmlFor={`words-${g.countryId}-summaryEn`} className="form-label small">
              In English
            </label>
            <textarea rows={3} maxLength={1000} required {...field(`words-${g.countryId}`, "summaryEn", g.summary.en)} />
            {error(`words-${g.countryId}`, "summaryEn")}
            <label htmlFor={`words-${g.countryId}-summaryHi`} className="form-label small mt-2">
              In Hindi
            </label>
            <textarea
              rows={3}
              maxLength={1000}
              required
              lang="hi"
              {...field(`words-${g.countryId}`, "summaryHi", g.summary.hi)}
            />
            {error(`words-${g.countryId}`, "summaryHi")}
            <button type="submit" className="btn btn-sm btn-primary mt-2" disabled={busy}>
              Save the summary<span className="visually-hidden"> of {g.country}</span>
            </button>
          </Form>
        </section>
      ))}
    </>
  );
}
