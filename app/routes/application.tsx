import { Form, Link, redirect, useNavigation } from "react-router";
import { UploadDocument } from "~/components/documents-section";
import { approxRupees, RateNote } from "~/components/rupees";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { requireStudent } from "~/lib/login-required.server";
import { useActionToast } from "~/lib/use-action-toast";
import { parseId } from "../../modules/ids.ts";
import { applicationMessages, monthNames, waitingOnLabels } from "../../vocabulary/applications.ts";
import type { Route } from "./+types/application";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaT(matches)("Your application")} | Ignite` }];

const longDate = (day: string) => {
  const [y, m, d] = day.split("-").map(Number);
  return `${d} ${monthNames[(m ?? 1) - 1]} ${y}`;
};

/** One application as its student reads it: the intake and its deadline, the package, the submission (decisions 0055-0058). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  return orRouteError(
    (async () => {
      const application = await context.applying.get(student.studentId, parseId(params.applicationId, "Application"));
      // The application fee in rupees as every fee is (decision 0025), at the rate the page names.
      const rates = application.applicationFeeCurrency ? await context.costs.ratesFor([application.applicationFeeCurrency]) : [];
      return {
        rates,
        application: {
          ...application,
          deadlineText: application.deadline ? longDate(application.deadline) : null,
          submittedText: application.submittedOn ? longDate(application.submittedOn) : null,
        },
        started: new URL(request.url).searchParams.has("started"),
      };
    })(),
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const student = requireStudent(request, context.student);
  const id = parseId(params.applicationId, "Application");
  const form = await request.formData();
  if (form.get("intent") === "withdraw") {
    const refused = await refusalOr(async () => {
      await context.applying.withdraw(student.studentId, id);
      return { ok: true as const, message: applicationMessages.withdrawn };
    });
    return refused;
  }
  if (form.get("intent") === "fee-paid")
    return refusalOr(async () => {
      await context.applying.recordFeePaid(student.studentId, id);
      return { ok: true as const, message: applicationMessages.feeRecorded };
    });
  throw redirect(`/user/applications/${id}`);
}

const stateTones: Record<string, string> = {
  Missing: "text-bg-danger",
  "Correction requested": "text-bg-warning",
  "Waiting for review": "text-bg-info",
  Approved: "text-bg-success",
  Waived: "text-bg-secondary",
};

export default function Application({ loaderData, actionData }: Route.ComponentProps) {
  const { application: a, started, rates } = loaderData;
  const feeRupees =
    a.applicationFeeAmount !== null && a.applicationFeeCurrency
      ? approxRupees(a.applicationFeeAmount, a.applicationFeeCurrency, rates)
      : null;
  const { t } = useT();
  const navigation = useNavigation();
  useActionToast(actionData);
  const items = a.frozen ? a.sent : a.checklist;
  const fee = a.checklist.find((c) => c.item === "Application fee");
  return (
    <div className="container py-4">
      <p className="mb-2">
        <Link to="/user/applications">{t("Applications")}</Link>
      </p>
      <h1 className="h2">{a.course}</h1>
      <p className="mb-1">
        {a.university}, {a.country}
      </p>
      {started && <p className="alert alert-success">{t(applicationMessages.started)}</p>}
      {a.retired && (
        <p className="alert alert-warning" data-testid="course-retired">
          {t("This course is no longer offered; your application stays as it is.")}
        </p>
      )}
      {a.intakeGone && (
        <p className="alert alert-warning" data-testid="intake-gone">
          {t("The course no longer lists the {intake} intake. Your application keeps it; your counsellor has been told.", {
            intake: a.intake ?? "",
          })}
        </p>
      )}
      <dl className="row">
        <div className="col-sm-6 col-lg-3">
          <dt>{t("Stage")}</dt>
          <dd data-testid="application-stage">{t(a.status)}</dd>
        </div>
        <div className="col-sm-6 col-lg-3">
          <dt>{t("Intake")}</dt>
          <dd>{a.intake ?? "-"}</dd>
        </div>
        <div className="col-sm-6 col-lg-3">
          <dt>{t("Apply by")}</dt>
          <dd data-testid="application-deadline">
            {a.deadlineText ? `${a.deadlineText} (${t("India time")})` : t("No deadline given")}
          </dd>
        </div>
        <div className="col-sm-6 col-lg-3">
          <dt>{t("Waiting on")}</dt>
          <dd>{t(waitingOnLabels.student[a.waitingOn])}</dd>
        </div>
      </dl>
      <p>{t(a.stageLabel)}</p>
      {a.submittedText && (
        <p className="alert alert-info" data-testid="submission">
          {t("Submitted on {day}, reference {reference}", { day: a.submittedText, reference: a.universityReference ?? "" })}
        </p>
      )}
      <section aria-labelledby="package-heading" className="mb-4">
        <h2 id="package-heading" className="h4">
          {a.frozen ? t("The package as it was sent") : t("Your package")}
        </h2>
        <ul className="list-group" data-testid="package">
          {items.map((entry) => (
            <li key={entry.item} className="list-group-item d-flex flex-wrap gap-2 align-items-center justify-content-between">
              <div>
                <span className="fw-semibold">{t(entry.item)}</span>{" "}
                <span className={`badge ${stateTones[entry.state] ?? "text-bg-light"}`}>{t(entry.state)}</span>
                {entry.note && (
                  <span className="small text-body-secondary ms-2">
                    {entry.note}
                    {entry.item === "Application fee" && feeRupees ? ` (${feeRupees})` : ""}
                  </span>
                )}
                {entry.waiverReason && <span className="small text-body-secondary ms-2">{entry.waiverReason}</span>}
                {entry.reviewMessage && <span className="small text-danger ms-2">{entry.reviewMessage}</span>}
              </div>
              {!a.frozen && entry.waitsOn === "student" && (
                // The student uploads what is missing right here, through the documents' own upload (decision 0057).
                <UploadDocument type={entry.attachmentType} label={entry.item} replace={entry.state !== "Missing"} />
              )}
            </li>
          ))}
        </ul>
        {!a.frozen && fee && fee.state === "Missing" && (
          <Form method="post" className="mt-3" data-testid="fee-paid">
            <input type="hidden" name="intent" value="fee-paid" />
            <p className="small mb-2">
              {a.receiptUploaded
                ? t("Your receipt is uploaded. Record the fee as paid for this application:")
                : t(
                    "Paid the application fee on the university's site? Upload its receipt at “Application fee” above, then record it here.",
                  )}
            </p>
            <button
              type="submit"
              className="btn btn-outline-primary btn-sm"
              disabled={navigation.state === "submitting" || !a.receiptUploaded}
            >
              {t("Record the fee as paid")}
            </button>
          </Form>
        )}
      </section>
      {feeRupees && <RateNote rates={rates} />}
      {a.mayWithdraw && (
        <Form method="post">
          <input type="hidden" name="intent" value="withdraw" />
          <button type="submit" className="btn btn-outline-danger" disabled={navigation.state === "submitting"}>
            {t("Withdraw this application")}
          </button>
        </Form>
      )}
    </div>
  );
}
