import { Form, Link, redirect, useNavigation } from "react-router";
import { ReadinessChart } from "~/components/readiness-chart";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { inIndianTime } from "~/lib/indian-time";
import { requireStudent } from "~/lib/login-required.server";
import { useActionToast } from "~/lib/use-action-toast";
import { languageOf } from "../../platform/cookies.ts";
import { LANGUAGES } from "../../vocabulary/languages.ts";
import { planIsOpen, visaMessages } from "../../vocabulary/visas.ts";
import type { Route } from "./+types/visa-practices";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaT(matches)("Mock visa interviews")} | Ignite` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  const { locale } = LANGUAGES[languageOf(request.headers.get("Cookie"))];
  const [destinations, practices, readiness, applications] = await Promise.all([
    context.visas.practiceDestinations(),
    context.visas.practices(student.studentId),
    context.visas.readiness(student.studentId),
    context.students.listApplications(student.studentId),
  ]);
  // Opened from a visa plan (`?application=`): that application's destination and file (decision 0049);
  // else the destination of the student's newest application, the one at the visa stage first.
  const named = Number(new URL(request.url).searchParams.get("application"));
  const practisable = applications.filter((a) => destinations.some((d) => d.country === a.country));
  const chosen =
    practisable.find((a) => a.id === named) ?? practisable.find((a) => planIsOpen(a.status)) ?? practisable[0] ?? null;
  const preferred = destinations.find((d) => d.country === chosen?.country)?.slug ?? destinations[0]?.slug ?? "";
  return {
    destinations,
    preferred,
    application:
      chosen && chosen.id === named
        ? { id: chosen.id, course: chosen.course, university: chosen.university, slug: preferred }
        : null,
    practices: practices.map((p) => ({ ...p, when: inIndianTime(p.startedAt, "minutes", locale).text })),
    readiness: readiness.map((r) => ({ ...r, when: inIndianTime(r.startedAt, "minutes", locale).text })),
  };
}

/**
 * The interview's page is loaded as a document of its own (`reloadDocument`): only its answer may let the
 * microphone be used (server/security.ts), and a page changed in place keeps the first document's policy.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const student = requireStudent(request, context.student);
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  return refusalOr(async () => {
    const practiceId = await context.visas.startPractice(student.studentId, form);
    return redirect(`/visa/practice/${practiceId}`);
  }, form);
}

/** Mock visa interviews (decision 0040): start one, resume or read the ones done, and readiness across them. */
export default function VisaPractices({ loaderData, actionData }: Route.ComponentProps) {
  const { destinations, preferred, application, practices, readiness } = loaderData;
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  useActionToast(actionData ? { ok: false, message: t(actionData.message) } : undefined);
  return (
    <div className="container py-4">
      <h1 className="h2 mb-3">{t("Mock visa interviews")}</h1>
      <p>
        {t(
          "A short, timed interview with questions chosen from your own file. Speak or type each answer; you see at once what you covered, what officers worry about, and where your answer does not match your papers.",
        )}
      </p>
      <p className="small text-body-secondary">{t(visaMessages.neverPredicts)}</p>
      <p>
        <Link to="/profile/sessions?sessionKind=mock-visa-interview">{t("Book a live mock interview with your counsellor")}</Link>
      </p>
      <section aria-labelledby="start" className="card mb-4">
        <div className="card-body">
          <h2 id="start" className="h5">
            {t("Start a practice")}
          </h2>
          {destinations.length === 0 ? (
            <p>{t(visaMessages.noBank)}</p>
          ) : (
            <Form method="post" className="row g-2 align-items-end" reloadDocument>
              {application && (
                <>
                  <input type="hidden" name="application" value={application.id} />
                  <p className="col-12 mb-1" data-testid="practice-application">
                    {t("Questions from your application: {course}, {university}.", {
                      course: application.course,
                      university: application.university,
                    })}
                  </p>
                </>
              )}
              <div className="col-sm-5">
                <label htmlFor="country" className="form-label">
                  {t("Destination")}
                </label>
                <select
                  id="country"
                  name="country"
                  className="form-select"
                  defaultValue={actionData?.values.country ?? preferred}
                >
                  {destinations.map((d) => (
                    <option key={d.slug} value={d.slug}>
                      {d.country} ({d.name})
                    </option>
                  ))}
                </select>
              </div>
              <div className="col-sm-7">
                <div className="form-check">
                  <input className="form-check-input" type="checkbox" id="gap" name="gap" />
                  <label className="form-check-label" htmlFor="gap">
                    {t("I have a gap of a year or more in my studies")}
                  </label>
                </div>
                <div className="form-check">
                  <input className="form-check-input" type="checkbox" id="refusal" name="refusal" />
                  <label className="form-check-label" htmlFor="refusal">
                    {t("I have been refused a visa before")}
                  </label>
                </div>
              </div>
              <div className="col-12">
                {actionData && (
                  <p className="text-danger" role="alert">
                    {t(actionData.message)}
                  </p>
                )}
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  {t("Start the interview")}
                </button>
              </div>
            </Form>
          )}
        </div>
      </section>
      {readiness.length > 0 && (
        <section aria-labelledby="readiness" className="mb-4">
          <h2 id="readiness" className="h5">
            {t("Readiness by theme")}
          </h2>
          <ReadinessChart points={readiness} dateOf={(p) => readiness.find((r) => r.practiceId === p.practiceId)?.when ?? ""} />
        </section>
      )}
      <section aria-labelledby="yours" className="mb-4">
        <h2 id="yours" className="h5">
          {t("Your practices")}
        </h2>
        {practices.length === 0 ? (
          <p>{t("No practice yet.")}</p>
        ) : (
          <ul className="list-group">
            {practices.map((p) => (
              <li key={p.id} className="list-group-item d-flex flex-wrap justify-content-between gap-2 align-items-center">
                <span>
                  <span className="fw-semibold">{p.country}</span> · {p.when}
                  <span className="d-block small text-body-secondary">
                    {t("{answered} of {questions} answered", { answered: p.answered, questions: p.questions })}
                    {p.reviewedAt
                      ? ` · ${t("Reviewed by your counsellor")}`
                      : p.sharedAt
                        ? ` · ${t("Shared with your counsellor")}`
                        : ""}
                  </span>
                </span>
                <Link to={`/visa/practice/${p.id}`} className="btn btn-sm btn-outline-primary" reloadDocument>
                  {p.finishedAt ? t("See the feedback") : t("Resume")}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
