import { Form, Link, redirect, useNavigation } from "react-router";
import { figureSource, intakeText } from "~/components/course-card";
import { DepartureChecklist } from "~/components/departure-checklist";
import { UploadDocument } from "~/components/documents-section";
import { OfferLetterUpload } from "~/components/offer-letter-upload";
import { approxRupees, RateNote } from "~/components/rupees";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { requireStudent } from "~/lib/login-required.server";
import { useActionToast } from "~/lib/use-action-toast";
import { parseId } from "../../modules/ids.ts";
import { applicationMessages, closedStages, waitingOnLabels } from "../../vocabulary/applications.ts";
import { formatLongDate, formatMoney } from "../../vocabulary/costs.ts";
import { departureMessages, departureOpen } from "../../vocabulary/departure.ts";
import { lettersInPackage } from "../../vocabulary/letters.ts";
import type { Route } from "./+types/application";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaT(matches)("Your application")} | Ignite` }];

/** The stages in which the application has an offer the student compares and replies to (decision 0078). */
const offerStatuses: readonly string[] = ["Conditional offer", "Unconditional offer", "Offer accepted", "Deposit paid"];
/** The stages in which the student may upload the university's offer letter, until an offer is recorded (decision 0092). */
const letterStatuses: readonly string[] = ["Submitted", "More information requested", "Conditional offer", "Unconditional offer"];

/** One application as its student reads it: the intake and its deadline, the package, the submission (decisions 0055-0058). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  return orRouteError(
    (async () => {
      const application = await context.applying.get(student.studentId, parseId(params.applicationId, "Application"));
      // The application fee in rupees as every fee is (decision 0025), at the rate the page names.
      const rates = application.applicationFeeCurrency ? await context.costs.ratesFor([application.applicationFeeCurrency]) : [];
      // Once the visa is granted, the destination's departure checklist (decision 0083).
      const departure = departureOpen(application.status) ? await context.departure.get(student.studentId, application.id) : null;
      // The offer letter the student may upload for the counsellor to confirm (decision 0092).
      const letter = letterStatuses.includes(application.status)
        ? await context.offers.letterState(student.studentId, application.id)
        : null;
      return {
        rates,
        departure,
        offerLetter:
          letter && !letter.recorded
            ? {
                awaiting: letter.awaiting
                  ? { name: letter.awaiting.letter?.name ?? "", url: letter.awaiting.letter?.url ?? null }
                  : null,
              }
            : null,
        application: { ...application, letters: lettersInPackage(application.checklist) },
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
  if (form.get("intent") === "departure")
    return refusalOr(async () => {
      const done = form.get("done") === "true";
      await context.departure.tick(student.studentId, id, String(form.get("item") ?? ""), done);
      return { ok: true as const, message: done ? departureMessages.ticked : departureMessages.unticked };
    });
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
  "Letter submitted": "text-bg-success",
};

export default function Application({ loaderData, actionData }: Route.ComponentProps) {
  const { application: a, started, rates, departure, offerLetter } = loaderData;
  const feeRupees =
    a.applicationFeeAmount !== null && a.applicationFeeCurrency
      ? approxRupees(a.applicationFeeAmount, a.applicationFeeCurrency, rates)
      : null;
  const translator = useT();
  const { t, day } = translator;
  // Every day and the intake's month in the page's language, the one way the screens write them ("31 जुलाई 2027").
  const deadline = a.deadline ? day(a.deadline, formatLongDate) : null;
  // The deadline when the student applied, beside the current one once staff moved it (decision 0085).
  const applied = a.appliedDeadlineDiffers && a.appliedDeadline ? day(a.appliedDeadline, formatLongDate) : null;
  const submitted = a.submittedOn ? day(a.submittedOn, formatLongDate) : null;
  const intake =
    a.intakeMonth && a.intakeYear ? intakeText(translator, { month: a.intakeMonth, year: a.intakeYear, deadline: null }) : null;
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
            intake: intake ?? "",
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
          <dd data-testid="application-intake">{intake ?? "-"}</dd>
        </div>
        <div className="col-sm-6 col-lg-3">
          <dt>{t("Apply by")}</dt>
          <dd data-testid="application-deadline">
            {deadline ? `${deadline} (${t("India time")})` : a.intakeGone && applied ? applied : t("No deadline given")}
          </dd>
          {applied && !a.intakeGone && (
            <dd className="small text-body-secondary" data-testid="applied-deadline">
              {t("When you applied: {date}. The university has changed it since.", { date: applied })}
            </dd>
          )}
          {a.appliedDeadlineDiffers && !a.appliedDeadline && deadline && (
            <dd className="small text-body-secondary" data-testid="applied-deadline">
              {t("When you applied, no deadline was given. The university has set one since.")}
            </dd>
          )}
          {deadline && (
            // Where and when the deadline was read, or "not checked" (decision 0105).
            <dd className="small text-body-secondary" data-testid="deadline-source">
              {t("Source: {source}", { source: figureSource(translator, a.deadlineChecked) })}
            </dd>
          )}
        </div>
        <div className="col-sm-6 col-lg-3">
          <dt>{t("Waiting on")}</dt>
          <dd>{t(waitingOnLabels.student[a.waitingOn])}</dd>
        </div>
      </dl>
      <p>{t(a.stageLabel)}</p>
      {offerStatuses.includes(a.status) && (
        <p>
          <Link to="/user/offers" className="btn btn-sm btn-outline-primary">
            {t("Your offers: compare and reply")}
          </Link>
        </p>
      )}
      {offerLetter && (
        <section aria-labelledby="offer-letter-heading" className="mb-4" data-testid="offer-letter">
          <h2 id="offer-letter-heading" className="h5">
            {t("The university's offer letter")}
          </h2>
          {offerLetter.awaiting ? (
            <p data-testid="offer-letter-awaiting">
              {t("Uploaded:")}{" "}
              {offerLetter.awaiting.url ? (
                <a href={offerLetter.awaiting.url} target="_blank" rel="noopener">
                  {offerLetter.awaiting.name}
                </a>
              ) : (
                offerLetter.awaiting.name
              )}
              . {t("Waiting for your counsellor to confirm the offer from it.")}
            </p>
          ) : (
            <p className="small">
              {t("Has the university sent you an offer? Upload its letter and your counsellor will record the offer from it.")}
            </p>
          )}
          <OfferLetterUpload applicationId={a.id} uploaded={Boolean(offerLetter.awaiting)} />
        </section>
      )}
      {submitted && (
        <p className="alert alert-info" data-testid="submission">
          {t("Submitted on {day}, reference {reference}", { day: submitted, reference: a.universityReference ?? "" })}
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
                {entry.note && entry.item === "Application fee" && a.applicationFeeAmount !== null && a.applicationFeeCurrency ? (
                  // The fee in its currency and in rupees, with where and when it was read, or "not checked" (decision 0105).
                  <span className="small text-body-secondary ms-2" data-testid="application-fee">
                    {formatMoney(a.applicationFeeAmount, a.applicationFeeCurrency)}
                    {feeRupees ? ` (${feeRupees})` : ""}.{" "}
                    {t("Source: {source}", { source: figureSource(translator, a.applicationFeeChecked) })}
                  </span>
                ) : (
                  entry.note && <span className="small text-body-secondary ms-2">{t(entry.note)}</span>
                )}
                {entry.waiverReason && <span className="small text-body-secondary ms-2">{entry.waiverReason}</span>}
                {entry.reviewMessage && <span className="small text-danger ms-2">{entry.reviewMessage}</span>}
                {entry.item === "SOP" && (
                  // The SOP written and reviewed in the portal (decision 0072); a PDF may still be uploaded.
                  <Link className="d-block small" to={`/user/applications/${a.id}/sop`} data-testid="write-sop">
                    {entry.state === "Approved" || a.frozen
                      ? t("Read your SOP in the portal")
                      : t("Write your SOP in the portal")}
                  </Link>
                )}
                {entry.item === "SOP" && a.country === "Canada" && (
                  // A Canadian study permit's letter of explanation: the same writing, review and checks (decision 0072).
                  <Link className="d-block small" to={`/user/applications/${a.id}/letter-of-explanation`} data-testid="write-loe">
                    {t("Write your letter of explanation for the study permit")}
                  </Link>
                )}
              </div>
              {entry.item === "LOR" && (
                // The letters collected in the portal (decision 0076): how many of the course's letters are in.
                <Link
                  to={`/user/applications/${a.id}/letters`}
                  className="btn btn-sm btn-outline-primary"
                  data-testid="letters-link"
                >
                  {t("{submitted} of {required} letters submitted", {
                    submitted: a.letters.submitted,
                    required: a.letters.required,
                  })}
                </Link>
              )}
              {!a.frozen && entry.waitsOn === "student" && (
                // The student uploads what is missing right here, through the documents' own upload (decision 0057).
                <UploadDocument type={entry.attachmentType} label={entry.item} replace={entry.state !== "Missing"} />
              )}
            </li>
          ))}
        </ul>
        {!a.frozen && fee && fee.state === "Missing" && !(closedStages as readonly string[]).includes(a.status) && (
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
      {departure && (
        <section aria-labelledby="departure-heading" className="mb-4" id="departure">
          <h2 id="departure-heading" className="h4">
            {t("Your departure checklist")}
          </h2>
          <DepartureChecklist checklist={departure} editable busy={navigation.state === "submitting"} />
        </section>
      )}
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
