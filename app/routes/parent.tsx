import { data } from "react-router";
import { ApplicationSummary } from "~/components/application-summary";
import { orRouteError } from "~/lib/errors.server";
import { metaT, useT } from "~/lib/i18n";
import { inIndianTime } from "~/lib/indian-time";
import { describeDevice } from "../../modules/identity/devices.ts";
import { parentPageOpenings } from "../../modules/parents/parents.ts";
import { languageOf } from "../../platform/cookies.ts";
import { LANGUAGES } from "../../vocabulary/languages.ts";
import { parentMessages } from "../../vocabulary/parents.ts";
import type { Route } from "./+types/parent";

/**
 * A parent's read-only view of a student's applications (decision 0028), opened without an
 * account through the link the student created: the first name and each application's stages, nothing
 * else. An unknown, expired or revoked link is one 404 page. The server adds the headers that keep the
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
        },
      };
    })(),
  );
}

export default function ParentView({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  const { t } = useT();
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
    </div>
  );
}
