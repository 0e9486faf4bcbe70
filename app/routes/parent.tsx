import { data } from "react-router";
import { ApplicationSummary } from "~/components/application-summary";
import { orRouteError } from "~/lib/errors.server";
import { metaT, useT } from "~/lib/i18n";
import { inIndianTime } from "~/lib/indian-time";
import { describeDevice } from "../../modules/identity/devices.ts";
import { parentPageOpenings } from "../../modules/parents/parents.ts";
import { languageOf } from "../../platform/cookies.ts";
import { formatMoney } from "../../vocabulary/costs.ts";
import { LANGUAGES } from "../../vocabulary/languages.ts";
import { parentMessages } from "../../vocabulary/parents.ts";
import { dayLabel } from "../../vocabulary/scholarships.ts";
import type { Route } from "./+types/parent";

/**
 * A parent's read-only view of a student's applications (decision 0028), opened without an
 * account through the link the student created: the first name and each application's stages, and the
 * offers' state with the chosen university (their amounts only when the student shares them, decision
 * 0091), nothing else. An unknown, expired or revoked link is one 404 page. The server adds the headers that keep the
 * page out of every cache and search engine and the link out of any referrer (server/pages.ts).
 */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches);
  const title = loaderData?.view ? t(parentMessages.pageTitle(loaderData.view.firstName)) : t(parentMessages.goneTitle);
  return [{ title: `${title} | Ignite` }, { name: "robots", content: "noindex, nofollow" }];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return orRouteError(
    (async () => {
      await context.limit(parentPageOpenings);
      const view = await context.parents.open(params.token, describeDevice(request.headers.get("User-Agent")));
      if (!view) return data({ view: null }, { status: 404 });
      const { locale } = LANGUAGES[languageOf(request.headers.get("Cookie"))];
      return {
        view: {
          firstName: view.firstName,
          expires: inIndianTime(view.expiresAt, "minutes", locale),
          applications: view.applications.map((a) => ({
            course: a.course,
            university: a.university,
            country: a.country,
            intakeMonth: a.intakeMonth,
            intakeYear: a.intakeYear,
            status: a.status,
            history: a.history.map((h) => ({ status: h.status, when: inIndianTime(h.at, "minutes", locale) })),
          })),
          // The offers' state and the chosen university; amounts only when the student shares them (decision 0091).
          offers: view.offers.map((o) => ({
            university: o.university,
            course: o.course,
            country: o.country,
            kind: o.kind,
            state: o.state,
            replyBy: o.replyBy,
            scholarship:
              view.offerAmountsShared && o.scholarship
                ? { money: formatMoney(o.scholarship.amount, o.scholarship.currency), years: o.scholarship.years }
                : null,
            deposit: view.offerAmountsShared && o.deposit ? formatMoney(o.deposit.amount, o.deposit.currency) : null,
          })),
          offerAmountsShared: view.offerAmountsShared,
        },
      };
    })(),
  );
}

const offerStateWords = {
  open: parentMessages.pageOfferOpen,
  accepted: parentMessages.pageOfferAccepted,
  held: parentMessages.pageOfferHeld,
  declined: parentMessages.pageOfferDeclined,
} as const;

export default function ParentView({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  const { t, day } = useT();
  if (!view) {
    return (
      <div className="container py-5 text-center" style={{ maxWidth: "40rem" }}>
        <h1 className="h3">{t(parentMessages.goneTitle)}</h1>
        <p className="lead">{t(parentMessages.goneText)}</p>
      </div>
    );
  }
  return (
    <div className="container py-4" style={{ maxWidth: "56rem" }}>
      <h1 className="h2">{t(parentMessages.pageTitle(view.firstName))}</h1>
      <p>{t(parentMessages.pageIntro(view.firstName))}</p>
      <p className="small text-body-secondary">
        {t(parentMessages.pageExpiresOn)} <time dateTime={view.expires.iso}>{view.expires.text}</time>.
      </p>
      {view.applications.length === 0 ? (
        <p className="fs-5 my-5 text-center">{t(parentMessages.pageNone(view.firstName))}</p>
      ) : (
        <ul className="list-unstyled row row-cols-1 row-cols-md-2 g-3" data-testid="parent-applications">
          {view.applications.map((application, index) => (
            // Applications carry no id here: the parent's page names nothing it does not show.
            <li className="col" key={index}>
              <div className="card h-100">
                <div className="card-body">
                  <ApplicationSummary application={application} />
                  {application.history.length > 0 && (
                    <>
                      <h3 className="h6 small fw-semibold mb-1">{t(parentMessages.pageHistory)}</h3>
                      <ol className="small mb-0">
                        {application.history.map((h) => (
                          <li key={`${h.status}-${h.when.iso}`}>
                            {t(h.status)}, <time dateTime={h.when.iso}>{h.when.text}</time>
                          </li>
                        ))}
                      </ol>
                    </>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {view.offers.length > 0 && (
        <section aria-labelledby="parent-offers" className="mt-4">
          <h2 id="parent-offers" className="h4">
            {t(parentMessages.pageOffers)}
          </h2>
          {view.offers
            .filter((o) => o.state === "accepted")
            .map((o) => (
              <p key={`chosen-${o.university}-${o.course}`} className="lead" data-testid="parent-chosen">
                {t(parentMessages.pageChosen)}: <strong>{o.university}</strong>, {o.course}
              </p>
            ))}
          <ul className="list-group mb-2" data-testid="parent-offers">
            {view.offers.map((o, index) => (
              // Offers carry no id here either.
              <li key={index} className="list-group-item" data-testid="parent-offer">
                <div className="fw-semibold">{o.university}</div>
                <div className="small">
                  {o.course}, {t(o.country)}
                </div>
                <div className="small">
                  {t(o.kind === "conditional" ? parentMessages.pageConditional : parentMessages.pageUnconditional)} ·{" "}
                  <span className={o.state === "accepted" ? "fw-semibold text-success-emphasis" : undefined}>
                    {t(offerStateWords[o.state])}
                  </span>
                  {o.state === "open" && (
                    <>
                      {" "}
                      · {t(parentMessages.pageReplyBy)} <time dateTime={o.replyBy}>{day(o.replyBy, dayLabel)}</time>
                    </>
                  )}
                </div>
                {o.scholarship && (
                  <div className="small" data-testid="parent-offer-scholarship">
                    {t(parentMessages.pageScholarship)}:{" "}
                    {t("{amount} a year for {years, plural, one {# year} other {# years}}", {
                      amount: o.scholarship.money,
                      years: o.scholarship.years,
                    })}
                  </div>
                )}
                {o.deposit && (
                  <div className="small" data-testid="parent-offer-deposit">
                    {t(parentMessages.pageDeposit)}: {o.deposit}
                  </div>
                )}
              </li>
            ))}
          </ul>
          {!view.offerAmountsShared && <p className="small text-body-secondary">{t(parentMessages.pageAmountsPrivate)}</p>}
        </section>
      )}
    </div>
  );
}
