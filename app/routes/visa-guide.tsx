import { data, Link } from "react-router";
import { Flag, useFlagSprite } from "~/components/flag";
import { VisaFigures } from "~/components/visa-figures";
import { metaT, useT } from "~/lib/i18n";
import { formatMoney } from "../../vocabulary/costs.ts";
import { visaMessages } from "../../vocabulary/visas.ts";
import type { Route } from "./+types/visa-guide";

export const meta: Route.MetaFunction = ({ loaderData: loaded, matches }) => {
  const t = metaT(matches);
  const country = loaded?.country.name ?? "";
  return [
    { title: `${t("Student visa for {country}", { country })} | Ignite` },
    {
      name: "description",
      content: t("Steps, official fees, funds to show and the interview for a student visa to {country}.", { country }),
    },
  ];
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await context.visas.guide(params.country ?? "");
  if (!found) throw data({ message: "No such country" }, { status: 404 });
  return found;
}

/** A destination's visa guide (decision 0040), in the visitor's language, every figure with its source and age. */
export default function VisaGuide({ loaderData }: Route.ComponentProps) {
  const { country, guide } = loaderData;
  const { t, language } = useT();
  const flags = useFlagSprite([country.code]);
  if (!guide) {
    return (
      <div className="container py-4">
        <h1 className="h2 mb-3">{t("Student visa for {country}", { country: country.name })}</h1>
        <p>{t(visaMessages.noGuide)}</p>
        <Link to="/services/free-consultation" className="btn btn-primary">
          {t("Book a free consultation")}
        </Link>
      </div>
    );
  }
  const funds = guide.funds;
  return (
    <div className="container py-4">
      <p className="mb-2">
        <Link to="/visa">← {t("Visa help")}</Link>
      </p>
      <h1 className="h2 mb-1 d-flex align-items-center gap-2">
        <Flag sprite={flags} code={country.code} width={40} height={30} className="rounded border" />
        {guide.visaName[language]}
      </h1>
      <p className="text-body-secondary">{t("Student visa for {country}", { country: country.name })}</p>
      <p className="lead">{guide.summary[language]}</p>
      {guide.hasOldFigures && (
        <p className="alert alert-warning">
          {t(
            "Some figures here could not be confirmed or were checked over a year ago: ask your counsellor before you rely on them.",
          )}
        </p>
      )}

      <div className="row g-4">
        <div className="col-lg-7">
          <section aria-labelledby="steps" className="mb-4">
            <h2 id="steps" className="h4">
              {t("Steps, in order")}
            </h2>
            <ol className="list-group list-group-numbered">
              {guide.steps.map((step) => (
                <li key={step.title.en} className="list-group-item">
                  <span className="fw-semibold">{step.title[language]}</span>
                  {step.weeksBeforeIntake !== null && (
                    <span className="badge text-bg-light border ms-2">
                      {t("Start {weeks} weeks before your course starts", { weeks: step.weeksBeforeIntake })}
                    </span>
                  )}
                  <p className="mb-0 small">{step.detail[language]}</p>
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="documents" className="mb-4">
            <h2 id="documents" className="h4">
              {t("Documents")}
            </h2>
            <ul>
              {guide.documents.map((d) => (
                <li key={d.label.en}>
                  {d.label[language]}
                  {d.note && <span className="small text-body-secondary"> — {d.note[language]}</span>}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="interview" className="mb-4">
            <h2 id="interview" className="h4">
              {t("The interview")}
            </h2>
            <p className="mb-1">
              {guide.interview.held === "always"
                ? t("Every applicant is interviewed.")
                : guide.interview.held === "sometimes"
                  ? t("Some applicants are interviewed.")
                  : t("An interview is rare.")}
            </p>
            <p>{guide.interview.covers[language]}</p>
            <Link to="/visa/practice" className="btn btn-outline-primary btn-sm">
              {t("Practise an interview")}
            </Link>
          </section>
        </div>
        <div className="col-lg-5">
          <section aria-labelledby="figures" className="mb-4">
            <h2 id="figures" className="h4">
              {t("Fees and funds")}
            </h2>
            <VisaFigures figures={guide.figures} />
          </section>
          {funds && (
            <section aria-labelledby="funds" className="mb-4">
              <h2 id="funds" className="h5">
                {t("The funds to show")}
              </h2>
              {!funds.confirmed && (
                <p className="small mb-1">
                  <span className="badge text-bg-warning text-wrap text-start">{t(visaMessages.unconfirmed)}</span>
                </p>
              )}
              <ul className="small">
                {funds.confirmed && funds.livingPerMonth !== null && funds.months !== null && (
                  <li>
                    {t("{amount} a month for up to {months} months", {
                      amount: formatMoney(funds.livingPerMonth, funds.currency),
                      months: funds.months,
                    })}
                    {funds.livingPerMonthInCapital !== null &&
                      ` (${t("in {cities}: {amount}", { amount: formatMoney(funds.livingPerMonthInCapital, funds.currency), cities: funds.capitalCities.join(", ") })})`}
                  </li>
                )}
                {funds.confirmed && funds.livingPerYear !== null && (
                  <li>{t("{amount} for a year's living costs", { amount: formatMoney(funds.livingPerYear, funds.currency) })}</li>
                )}
                {funds.plusFirstYearTuition && (
                  <li>
                    {funds.confirmed && (funds.livingPerYear !== null || funds.livingPerMonth !== null)
                      ? t("plus the first year's tuition")
                      : t("The first year's tuition")}
                  </li>
                )}
                {funds.heldForDays !== null && (
                  <li>
                    {t("held for {days} consecutive days, ending within {within} days of applying", {
                      days: funds.heldForDays,
                      within: funds.periodEndsWithinDaysOfApplying ?? 0,
                    })}
                  </li>
                )}
                <li>{funds.how[language]}</li>
              </ul>
            </section>
          )}
          <section aria-labelledby="links" className="mb-4">
            <h2 id="links" className="h5">
              {t("Official pages")}
            </h2>
            <ul className="small">
              {guide.officialLinks.map((l) => (
                <li key={l.url}>
                  <a href={l.url} rel="noopener noreferrer">
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}
