import { Link } from "react-router";
import { ApplicationSummary } from "~/components/application-summary";
import { metaT, useT } from "~/lib/i18n";
import { inIndianTime } from "~/lib/indian-time";
import { requireStudent } from "~/lib/login-required.server";
import { languageOf } from "../../platform/cookies.ts";
import { stageFields, waitingOnLabels } from "../../vocabulary/applications.ts";
import { LANGUAGES } from "../../vocabulary/languages.ts";
import { studentMessages } from "../../vocabulary/students.ts";
import { visaPlanStages } from "../../vocabulary/visas.ts";
import type { Route } from "./+types/applications";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaT(matches)("Applications")} | Ignite` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  const applications = await context.students.listApplications(student.studentId);
  const labelOf = (key: string) => stageFields.find((f) => f.key === key)?.label ?? key;
  const { locale } = LANGUAGES[languageOf(request.headers.get("Cookie"))];
  return {
    applications: applications.map((a) => ({
      ...a,
      details: Object.entries(a.details).map(([key, value]) => ({ label: labelOf(key), value })),
      history: a.history.map((h) => ({ status: h.status, when: inIndianTime(h.at, "minutes", locale) })),
    })),
  };
}

export default function Applications({ loaderData }: Route.ComponentProps) {
  const { applications } = loaderData;
  const { t } = useT();
  return (
    <div className="container py-4">
      <h1 className="h2 mb-4">{t("Applications")}</h1>
      {applications.length === 0 ? (
        <div className="text-center my-5">
          <img src="/images/no-applications.svg" alt="" width={160} height={120} />
          <p className="fs-5 mt-3">{t(studentMessages.noApplications)}</p>
        </div>
      ) : (
        <ul className="list-unstyled row row-cols-1 row-cols-md-2 g-3">
          {applications.map((application) => (
            <li className="col" key={application.id}>
              <div className="card h-100">
                <div className="card-body">
                  <ApplicationSummary application={application} />
                  <p className="mb-1">
                    <Link to={`/user/applications/${application.id}`}>{t("The package and deadline")}</Link>
                  </p>
                  <p className="mb-1">{t(application.stageLabel)}</p>
                  <p className="mb-1">
                    <strong>{t("Next:")}</strong> {t(application.nextAction)}
                  </p>
                  {application.missingDocuments.length > 0 && (
                    <p className="mb-1" data-testid="missing-documents">
                      {t("Still needed:")} {application.missingDocuments.map((item) => t(item)).join(", ")}.{" "}
                      <Link to={`/user/applications/${application.id}`}>{t("Upload them on the application's page")}</Link>
                    </p>
                  )}
                  <p className="small text-body-secondary mb-2">{t(waitingOnLabels.student[application.waitingOn])}</p>
                  {visaPlanStages.includes(application.status) && (
                    <p className="mb-2">
                      <Link to={`/user/applications/${application.id}/visa`} className="btn btn-sm btn-primary">
                        {t("Your visa plan")}
                      </Link>
                    </p>
                  )}
                  {application.details.length > 0 && (
                    <dl className="small mb-2">
                      {application.details.map((d) => (
                        <div key={d.label}>
                          <dt className="d-inline">{t(d.label)}:</dt> <dd className="d-inline">{d.value}</dd>
                        </div>
                      ))}
                    </dl>
                  )}
                  {application.history.length > 1 && (
                    <details className="small">
                      <summary>{t("History")}</summary>
                      <ol className="mb-0 mt-1">
                        {application.history.map((h) => (
                          <li key={`${h.status}-${h.when.iso}`}>
                            {t(h.status)}, <time dateTime={h.when.iso}>{h.when.text}</time>
                          </li>
                        ))}
                      </ol>
                    </details>
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
