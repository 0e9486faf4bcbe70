import { Form, Link, useNavigation } from "react-router";
import { refusedFields, SelectField, TextField } from "~/components/form-fields";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { inIndianTime } from "~/lib/indian-time";
import { applicationTicked, invitationFormValues } from "~/lib/letter-invitation";
import { requireStudent } from "~/lib/login-required.server";
import { useActionToast } from "~/lib/use-action-toast";
import { parseId } from "../../modules/ids.ts";
import { invitationSchema } from "../../modules/letters/letters.ts";
import { fieldRules } from "../../modules/validation.ts";
import { languageOf } from "../../platform/cookies.ts";
import { LANGUAGES } from "../../vocabulary/languages.ts";
import { letterMessages, letterStatusLabels, lettersInPackage, recommenderRelations } from "../../vocabulary/letters.ts";
import type { Route } from "./+types/letters";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaT(matches)("Recommendation letters")} | Ignite` }];

const rules = fieldRules(invitationSchema);

/**
 * An application's recommendation letters (decisions 0075-0077): the invitations with their status, a
 * reminder at most once in three days, revocation, and a new invitation with the waiver chosen first.
 * A waived letter is never offered here.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  return orRouteError(
    (async () => {
      const applicationId = parseId(params.applicationId, "Application");
      const application = await context.applying.get(student.studentId, applicationId);
      const [letters, applications] = await Promise.all([
        context.letters.list(student.studentId, applicationId),
        context.students.listApplications(student.studentId),
      ]);
      const { locale } = LANGUAGES[languageOf(request.headers.get("Cookie"))];
      const when = (date: Date) => inIndianTime(date, "minutes", locale);
      const { required, submitted } = lettersInPackage(application.checklist);
      return {
        application: { id: application.id, course: application.course, university: application.university },
        required,
        submitted,
        applications: applications
          .filter((a) => !["Withdrawn", "Rejected", "Enrolled"].includes(a.status))
          .map((a) => ({ id: a.id, course: a.course, university: a.university })),
        letters: letters.map((l) => ({
          id: l.id,
          recommender: l.recommender,
          applications: l.applications,
          status: l.status,
          waived: l.waived,
          invited: when(l.invitedAt),
          expires: when(l.expiresAt),
          remindFrom: l.remindFrom ? when(l.remindFrom) : null,
          mayRemind: l.mayRemind,
          mayRevoke: l.mayRevoke,
          declineReason: l.declineReason,
          mailWaiting: l.mailWaiting,
          readable: l.readable,
        })),
      };
    })(),
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const student = requireStudent(request, context.student);
  parseId(params.applicationId, "Application");
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "remind" || intent === "revoke") {
    const id = parseId(String(form.get("letter") ?? ""), "Invitation");
    return refusalOr(async () => {
      if (intent === "revoke") {
        await context.letters.revoke(student.studentId, id);
        return { ok: true as const, intent, message: letterMessages.revoked };
      }
      const { mailWaiting } = await context.letters.remind(student.studentId, id);
      return { ok: true as const, intent, message: mailWaiting ? letterMessages.invitedWaiting : letterMessages.reminded };
    });
  }
  const values = invitationFormValues(form);
  return refusalOr(async () => {
    const { mailWaiting } = await context.letters.invite(student.studentId, {
      fullName: values.fullName,
      email: values.email,
      role: values.role,
      institution: values.institution,
      relation: values.relation,
      applicationIds: form.getAll("applicationIds").map(String),
      waiver: values.waiver,
    });
    return {
      ok: true as const,
      intent: "invite",
      message: mailWaiting ? letterMessages.invitedWaiting : letterMessages.invited,
    };
  }, values);
}

const statusTones: Record<string, string> = {
  invited: "text-bg-info",
  opened: "text-bg-primary",
  submitted: "text-bg-success",
  declined: "text-bg-warning",
  expired: "text-bg-secondary",
  revoked: "text-bg-secondary",
};

/** The two answers to the waiver, in the order the form asks them. */
const waiverChoices = [
  ["waive", "I waive my right to read this letter"],
  ["keep", "I keep my right to read this letter"],
] as const;

export default function Letters({ loaderData, actionData }: Route.ComponentProps) {
  const { application, letters, applications, required, submitted } = loaderData;
  const { t } = useT();
  const navigation = useNavigation();
  useActionToast(actionData);
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  const field = refusedFields(rules, refusal);
  const invited = actionData?.ok && actionData.intent === "invite";
  const busy = navigation.state === "submitting";
  return (
    <div className="container py-4" style={{ maxWidth: "56rem" }}>
      <p className="mb-2">
        <Link to={`/user/applications/${application.id}`}>{t("Back to the application")}</Link>
      </p>
      <h1 className="h2">{t("Recommendation letters")}</h1>
      <p className="mb-1">
        {application.course}, {application.university}
      </p>
      <p className="fw-semibold" data-testid="letters-count">
        {t("{submitted} of {required} letters submitted", { submitted, required })}
      </p>

      <section aria-labelledby="invitations-heading" className="mb-4">
        <h2 id="invitations-heading" className="h4">
          {t("Your recommenders")}
        </h2>
        {letters.length === 0 ? (
          <p>{t("No recommender invited for this application yet.")}</p>
        ) : (
          <ul className="list-group" data-testid="letters">
            {letters.map((l) => (
              <li key={l.id} className="list-group-item">
                <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between">
                  <div>
                    <span className="fw-semibold">{l.recommender.name}</span>{" "}
                    <span className={`badge ${statusTones[l.status] ?? "text-bg-light"}`} data-testid="letter-status">
                      {t(letterStatusLabels[l.status])}
                    </span>
                    <div className="small text-body-secondary text-break">
                      {l.recommender.role}, {l.recommender.institution} · {t(l.recommender.relation)} · {l.recommender.email}
                    </div>
                  </div>
                </div>
                <p className="small mb-1">
                  {t("Invited on {when}", { when: l.invited.text })}
                  {l.status === "invited" || l.status === "opened"
                    ? ` · ${t("The link works until {when}", { when: l.expires.text })}`
                    : ""}
                </p>
                {l.applications.length > 1 && (
                  <p className="small mb-1">
                    {t("For: {list}", { list: l.applications.map((a) => `${a.course} (${a.university})`).join("; ") })}
                  </p>
                )}
                {l.mailWaiting && (
                  <p className="alert alert-warning small py-2 mb-2" data-testid="mail-waiting">
                    {t(letterMessages.invitedWaiting)}
                  </p>
                )}
                {l.declineReason && (
                  <p className="small mb-1">
                    {t("Reason given:")} {l.declineReason}
                  </p>
                )}
                {l.waived ? (
                  <p className="small text-body-secondary mb-1" data-testid="letter-waived">
                    {t(letterMessages.waivedHidden)}
                  </p>
                ) : (
                  l.readable && (
                    <p className="mb-1">
                      <a href={`/api/v1/students/me/letters/${l.id}/letter`}>{t("Read the letter")}</a>
                    </p>
                  )
                )}
                {(l.mayRevoke || l.remindFrom) && (
                  <div className="d-flex flex-wrap gap-2 mt-2">
                    {l.remindFrom && (
                      <Form method="post">
                        <input type="hidden" name="intent" value="remind" />
                        <input type="hidden" name="letter" value={l.id} />
                        <button type="submit" className="btn btn-sm btn-outline-primary" disabled={busy || !l.mayRemind}>
                          {t("Send a reminder")}
                        </button>
                        {!l.mayRemind && (
                          <span className="small text-body-secondary ms-2">
                            {t("Next reminder from {when}", { when: l.remindFrom.text })}
                          </span>
                        )}
                      </Form>
                    )}
                    {l.mayRevoke && (
                      <Form method="post">
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="letter" value={l.id} />
                        <button type="submit" className="btn btn-sm btn-outline-danger" disabled={busy}>
                          {t("Revoke the invitation")}
                        </button>
                      </Form>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="invite-heading">
        <h2 id="invite-heading" className="h4">
          {t("Invite a recommender")}
        </h2>
        <Form method="post" className="row g-3" key={invited ? "sent" : "form"} noValidate>
          <input type="hidden" name="intent" value="invite" />
          <TextField {...field("fullName")} label="Recommender's name" />
          <TextField {...field("email")} type="email" label="Recommender's e-mail" inputMode="email" />
          <TextField {...field("role")} label="Role" />
          <TextField {...field("institution")} label="Institution" />
          <SelectField {...field("relation")} label="How they know you" options={recommenderRelations} />
          <fieldset className="col-12" aria-describedby={refusal?.fields.applicationIds ? "applicationIds-error" : undefined}>
            <legend className="form-label fs-6">{t("The letter is for")}</legend>
            {applications.map((a) => (
              <div className="form-check" key={a.id}>
                <input
                  className="form-check-input"
                  type="checkbox"
                  name="applicationIds"
                  value={a.id}
                  id={`application-${a.id}`}
                  defaultChecked={applicationTicked(refusal?.values, a.id, application.id)}
                />
                <label className="form-check-label" htmlFor={`application-${a.id}`}>
                  {a.course}, {a.university}
                </label>
              </div>
            ))}
            {refusal?.fields.applicationIds && (
              <div id="applicationIds-error" className="invalid-feedback d-block">
                {t(refusal.fields.applicationIds)}
              </div>
            )}
          </fieldset>
          <fieldset className="col-12" aria-describedby="waiver-explained">
            <legend className="form-label fs-6">{t("Your right to read the letter")}</legend>
            <p id="waiver-explained" className="small">
              {t(letterMessages.waiverExplained)}
            </p>
            {waiverChoices.map(([value, label]) => (
              <div className="form-check" key={value}>
                <input
                  className="form-check-input"
                  type="radio"
                  name="waiver"
                  value={value}
                  id={`waiver-${value}`}
                  required
                  defaultChecked={refusal?.values.waiver === value}
                />
                <label className="form-check-label" htmlFor={`waiver-${value}`}>
                  {t(label)}
                </label>
              </div>
            ))}
            {refusal?.fields.waiver && (
              <div id="waiver-error" className="invalid-feedback d-block">
                {t(refusal.fields.waiver)}
              </div>
            )}
          </fieldset>
          <div className="col-12">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t("Send the invitation")}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
