import type { InputHTMLAttributes } from "react";
import { Form, Link, useNavigation } from "react-router";
import { DepartureChecklist } from "~/components/departure-checklist";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { inIndianTime } from "~/lib/indian-time";
import { byIntent } from "~/lib/intents.server";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { staffFileUrl } from "../../../modules/documents/file-urls.ts";
import { parseId } from "../../../modules/ids.ts";
import { canReviewDocuments, canSeeStudents, canWorkStudents } from "../../../modules/policies.ts";
import {
  applicationMessages,
  applicationStatusTones,
  type StageField,
  stageOf,
  waitingOnLabels,
} from "../../../vocabulary/applications.ts";
import { formatLongDate } from "../../../vocabulary/costs.ts";
import { reviewMessages } from "../../../vocabulary/documents.ts";
import { offerKindLabels, offerMessages } from "../../../vocabulary/offers.ts";
import { dayLabel } from "../../../vocabulary/scholarships.ts";
import { planIsOpen } from "../../../vocabulary/visas.ts";
import type { Route } from "./+types/application";
import { ConsoleSection, LettersSection } from "./application/sections";

/** The stages an offer may be recorded in: once the application went to the university (decision 0078). */
const offerStages: readonly string[] = [
  "Submitted",
  "More information requested",
  "Conditional offer",
  "Unconditional offer",
  "Offer accepted",
  "Deposit paid",
];
const CONDITION_ROWS = 3;
/** The reply's state as the console reads it (the student reads vocabulary/offers.ts's words). */
const staffOfferStates = {
  open: "Waiting for the student's reply",
  accepted: "Accepted (firm choice)",
  held: "Held as the backup",
  declined: "Declined",
} as const;

/** The offer form's fields as the domain's input: blank condition rows and a blank scholarship or deposit are none. */
function offerOf(form: Record<string, string>) {
  const conditions = Array.from({ length: CONDITION_ROWS }, (_, i) => ({
    text: form[`condition-${i}`]?.trim() ?? "",
    state: form[`condition-${i}-state`] || "pending",
    dueOn: form[`condition-${i}-due`] ?? "",
  })).filter((c) => c.text);
  return {
    kind: form.kind,
    conditions,
    scholarship: form["scholarship-amount"]?.trim()
      ? {
          amount: form["scholarship-amount"],
          currency: form["scholarship-currency"],
          years: form["scholarship-years"],
          renewableOn: form["scholarship-renewable"],
        }
      : undefined,
    deposit: form["deposit-amount"]?.trim()
      ? { amount: form["deposit-amount"], currency: form["deposit-currency"], dueOn: form["deposit-due"] }
      : undefined,
    replyBy: form.replyBy,
  };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: `${data ? `${data.application.studentName}: ${data.application.course}` : "Application"} | Ignite` },
  { name: "robots", content: "noindex" },
];

/** One application: its stage and what it waits on, the moves it allows, its history and its document checklist. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canSeeStudents);
  const application = await orRouteError(context.staff.applications.view(member, parseId(params.applicationId, "Application")));
  // Read side by side once the application is known to this member: its recommendation letters (decision
  // 0075: staff open a submitted one, waived or not, with an audit entry); the student's departure checklist
  // once the visa is granted (decision 0083, each read audited); the offer recorded from the university's
  // letter (decision 0078, in the student's access log); and the offer letter the student uploaded
  // (decision 0092), confirmed by recording the offer from it.
  const [letters, departure, offer, offerLetter] = await Promise.all([
    context.letters.forStaff(member, application.id),
    context.departure.forStaff(member, application.id),
    orRouteError(context.staff.offers.get(member, application.id)),
    orRouteError(context.staff.offers.letter(member, application.id)),
  ]);
  const fields = new Map<string, StageField & { stages: string[] }>();
  for (const move of application.moves) {
    for (const field of stageOf(move).requires) {
      const known = fields.get(field.key);
      fields.set(field.key, { ...field, stages: [...(known?.stages ?? []), move] });
    }
  }
  return {
    application: {
      ...application,
      events: application.events.map((e) => ({ ...e, when: inIndianTime(e.at) })),
    },
    stage: stageOf(application.status),
    moveFields: [...fields.values()],
    may: { work: canWorkStudents(member), waive: canWorkStudents(member) && canReviewDocuments(member) },
    hasVisaPlan: planIsOpen(application.status),
    letters: letters.map((l) => ({
      id: l.id,
      recommender: l.recommender,
      status: l.status,
      waived: l.waived,
      mailWaiting: l.mailWaiting,
      declineReason: l.declineReason,
      letterReady: l.letterReady,
      reminders: l.reminders,
      invited: inIndianTime(l.invitedAt),
      expires: inIndianTime(l.expiresAt),
    })),
    departure,
    offer,
    mayRecordOffer: offerStages.includes(application.status),
    offerLetter: offerLetter
      ? {
          uploaded: inIndianTime(offerLetter.uploadedAt),
          confirmed: offerLetter.confirmedAt ? inIndianTime(offerLetter.confirmedAt) : null,
          letter: offerLetter.letter ? { name: offerLetter.letter.name, url: staffFileUrl(offerLetter.letter.publicId) } : null,
        }
      : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canSeeStudents);
  const id = parseId(params.applicationId, "Application");
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  return refusalOr(
    async () =>
      byIntent(
        form.intent,
        {
          waive: async () => {
            await context.staff.applications.waiveChecklistItem(member, id, { item: form.item, reason: form.reason });
            return { ok: true as const, message: reviewMessages.waived(form.item ?? "") };
          },
          offer: async () => {
            await context.staff.offers.record(member, id, offerOf(form));
            return { ok: true as const, message: offerMessages.recorded };
          },
          "reopen-offer": async () => {
            await context.staff.offers.reopen(member, id);
            return { ok: true as const, message: offerMessages.reopened };
          },
          move: async () => {
            const details = Object.fromEntries(
              Object.entries(form)
                .filter(([key]) => key.startsWith("details."))
                .map(([key, value]) => [key.slice("details.".length), value]),
            );
            const moved = await context.staff.applications.move(member, id, { status: form.status, note: form.note, details });
            return { ok: true as const, message: applicationMessages.moved(moved.status) };
          },
        },
        { otherwise: "move" },
      ),
    form,
  );
}

/** One small labelled input of the offer form, its id its name, filled with the refused post or the saved offer. */
function OfferField({
  col,
  name,
  label,
  value,
  ...input
}: { col: string; name: string; label: string; value: string } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "maxLength" | "inputMode"
>) {
  return (
    <div className={col}>
      <label className="form-label small" htmlFor={name}>
        {label}
      </label>
      <input id={name} name={name} className="form-control form-control-sm" defaultValue={value} {...input} />
    </div>
  );
}

export default function ApplicationScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { application, stage, moveFields, may, hasVisaPlan, letters, offer, mayRecordOffer, offerLetter } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  const moveRefusal = refusal && refusal.values.intent !== "waive" && refusal.values.intent !== "offer" ? refusal : undefined;
  const offerRefusal = refusal && refusal.values.intent === "offer" ? refusal : undefined;
  const offerValue = (name: string, saved: string | number | null | undefined) =>
    offerRefusal ? (offerRefusal.values[name] ?? "") : saved === null || saved === undefined ? "" : String(saved);
  useActionToast(actionData);
  return (
    <>
      <p>
        <Link to={`/staff/students/${application.studentId}`}>← {application.studentName}</Link>
      </p>
      <h1 className="h3">
        {application.course}, {application.university}
      </h1>
      <p>
        {application.country}
        {application.intake ? ` · intake ${application.intake}` : ""}
        {application.deadline ? ` · apply by ${dayLabel(application.deadline)}` : ""}
      </p>
      {/* What was applied for stays with the application when staff change the intake (decision 0085). */}
      {!application.intakeListed && application.intake && (
        <p className="alert alert-warning" data-testid="intake-changed">
          The course no longer lists the {application.intake} intake; the application keeps it
          {application.appliedDeadline ? `, applied with the deadline ${dayLabel(application.appliedDeadline)}` : ""}.
        </p>
      )}
      {/* A deadline set after the student applied with none counts as changed too (decision 0085). */}
      {application.intakeListed && application.appliedDeadline !== application.deadline && (
        <p className="alert alert-warning" data-testid="intake-changed">
          {application.appliedDeadline
            ? `Applied with the deadline ${dayLabel(application.appliedDeadline)}`
            : "Applied when the intake had no deadline"}
          ; the course's deadline is now {application.deadline ? dayLabel(application.deadline) : "not given"}.
        </p>
      )}
      <p>
        <span className={`badge text-bg-${applicationStatusTones[application.status]} me-2`} data-testid="application-stage">
          {application.status}
        </span>
        {waitingOnLabels.staff[stage.waitingOn]}. The student reads: “{stage.studentLabel} {stage.nextAction}”
      </p>
      {hasVisaPlan && (
        <p>
          <Link to={`/staff/visas/plans/${application.id}`} className="btn btn-sm btn-outline-primary">
            Visa plan
          </Link>
        </p>
      )}
      {Object.keys(application.details).length > 0 && (
        <dl className="row small">
          {Object.entries(application.details).map(([key, value]) => (
            <div key={key} className="col-sm-4">
              <dt>{key.replace(/([A-Z])/g, " $1").toLowerCase()}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}

      {(offer || offerLetter || (may.work && mayRecordOffer)) && (
        <section className="card mb-3" style={{ maxWidth: "48rem" }} aria-labelledby="offer-heading" data-testid="offer-section">
          <div className="card-body">
            <h2 id="offer-heading" className="h5">
              Offer
            </h2>
            {offerLetter && (
              <p data-testid="offer-letter" className={offerLetter.confirmed ? "small" : "alert alert-info small"}>
                {offerLetter.confirmed
                  ? "The student's offer letter, confirmed "
                  : "Awaiting your confirmation: the student uploaded the offer letter "}
                <time dateTime={(offerLetter.confirmed ?? offerLetter.uploaded).iso}>
                  {(offerLetter.confirmed ?? offerLetter.uploaded).text}
                </time>
                {offerLetter.letter && (
                  <>
                    {" "}
                    ·{" "}
                    <a href={offerLetter.letter.url} target="_blank" rel="noopener">
                      Open {offerLetter.letter.name}
                    </a>
                  </>
                )}
                {!offerLetter.confirmed && ". Record the offer from it below to confirm it."}
              </p>
            )}
            {offer && (
              <p data-testid="offer-summary">
                {offerKindLabels[offer.kind]} · reply by {formatLongDate(offer.replyBy)} ·{" "}
                <strong>{staffOfferStates[offer.state]}</strong>
                {offer.declineReason ? ` (“${offer.declineReason}”)` : ""}
                {offer.replyClosed ? " · the reply date has passed" : ""}
              </p>
            )}
            {offer && may.work && (offer.replyClosed || offer.state === "declined") && (
              <Form method="post" className="mb-3">
                <input type="hidden" name="intent" value="reopen-offer" />
                <button type="submit" className="btn btn-sm btn-outline-warning" disabled={busy}>
                  Let the student reply again
                </button>
              </Form>
            )}
            {may.work && mayRecordOffer && (
              <Form method="post" aria-label="Record the offer" noValidate>
                <input type="hidden" name="intent" value="offer" />
                {offerRefusal && (
                  <p className="alert alert-danger py-1 small" role="alert">
                    {offerRefusal.message}
                  </p>
                )}
                <div className="row g-2 mb-2">
                  <div className="col-sm-6">
                    <label className="form-label" htmlFor="offer-kind">
                      Kind of offer
                    </label>
                    <select
                      id="offer-kind"
                      name="kind"
                      className="form-select"
                      defaultValue={offerValue("kind", offer?.kind ?? "conditional")}
                    >
                      <option value="conditional">Conditional</option>
                      <option value="unconditional">Unconditional</option>
                    </select>
                  </div>
                  <div className="col-sm-6">
                    <label className="form-label" htmlFor="offer-reply-by">
                      Reply by
                    </label>
                    <input
                      id="offer-reply-by"
                      name="replyBy"
                      type="date"
                      className={`form-control${offerRefusal?.fields.replyBy ? " is-invalid" : ""}`}
                      defaultValue={offerValue("replyBy", offer?.replyBy)}
                    />
                  </div>
                </div>
                <fieldset className="mb-2">
                  <legend className="h6">Conditions</legend>
                  {Array.from({ length: CONDITION_ROWS }, (_, i) => {
                    const saved = offer?.conditions[i];
                    return (
                      <div key={`condition-${i}`} className="row g-2 mb-1">
                        <div className="col-sm-6">
                          <label className="form-label small" htmlFor={`condition-${i}`}>
                            Condition {i + 1}
                          </label>
                          <input
                            id={`condition-${i}`}
                            name={`condition-${i}`}
                            className="form-control form-control-sm"
                            maxLength={300}
                            defaultValue={offerValue(`condition-${i}`, saved?.text)}
                          />
                        </div>
                        <div className="col-6 col-sm-3">
                          <label className="form-label small" htmlFor={`condition-${i}-state`}>
                            State
                          </label>
                          <select
                            id={`condition-${i}-state`}
                            name={`condition-${i}-state`}
                            className="form-select form-select-sm"
                            defaultValue={offerValue(`condition-${i}-state`, saved?.state ?? "pending")}
                          >
                            <option value="pending">Pending</option>
                            <option value="met">Met</option>
                          </select>
                        </div>
                        <div className="col-6 col-sm-3">
                          <label className="form-label small" htmlFor={`condition-${i}-due`}>
                            Due
                          </label>
                          <input
                            id={`condition-${i}-due`}
                            name={`condition-${i}-due`}
                            type="date"
                            className="form-control form-control-sm"
                            defaultValue={offerValue(`condition-${i}-due`, saved?.dueOn)}
                          />
                        </div>
                      </div>
                    );
                  })}
                </fieldset>
                <fieldset className="mb-2">
                  <legend className="h6">Scholarship or fee waiver (a year)</legend>
                  <div className="row g-2">
                    <OfferField
                      col="col-6 col-sm-3"
                      name="scholarship-amount"
                      label="Amount"
                      value={offerValue("scholarship-amount", offer?.scholarship?.amount)}
                    />
                    <OfferField
                      col="col-6 col-sm-2"
                      name="scholarship-currency"
                      label="Currency"
                      maxLength={3}
                      value={offerValue("scholarship-currency", offer?.scholarship?.currency)}
                    />
                    <OfferField
                      col="col-6 col-sm-2"
                      name="scholarship-years"
                      label="Years"
                      inputMode="numeric"
                      value={offerValue("scholarship-years", offer?.scholarship?.years ?? 1)}
                    />
                    <OfferField
                      col="col-12 col-sm-5"
                      name="scholarship-renewable"
                      label="Renewable on"
                      value={offerValue("scholarship-renewable", offer?.scholarship?.renewableOn)}
                    />
                  </div>
                </fieldset>
                <fieldset className="mb-2">
                  <legend className="h6">Deposit</legend>
                  <div className="row g-2">
                    <OfferField
                      col="col-6 col-sm-4"
                      name="deposit-amount"
                      label="Amount"
                      value={offerValue("deposit-amount", offer?.deposit?.amount)}
                    />
                    <OfferField
                      col="col-6 col-sm-3"
                      name="deposit-currency"
                      label="Currency"
                      maxLength={3}
                      value={offerValue("deposit-currency", offer?.deposit?.currency)}
                    />
                    <OfferField
                      col="col-12 col-sm-5"
                      name="deposit-due"
                      label="Due"
                      type="date"
                      value={offerValue("deposit-due", offer?.deposit?.dueOn)}
                    />
                  </div>
                </fieldset>
                <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
                  {offer ? "Save the offer" : "Record the offer"}
                </button>
              </Form>
            )}
          </div>
        </section>
      )}

      {may.work && application.held.length > 0 && (
        <div className="alert alert-warning small" style={{ maxWidth: "40rem" }} data-testid="held-moves">
          <p className="fw-semibold mb-1">Not offered yet</p>
          <ul className="mb-0 ps-3">
            {application.held.map((h) => (
              <li key={h.status}>{h.reason}</li>
            ))}
          </ul>
        </div>
      )}
      {may.work && application.moves.length > 0 && (
        <Form method="post" className="card card-body mb-4" style={{ maxWidth: "40rem" }}>
          <h2 className="h6">Move to another stage</h2>
          <input type="hidden" name="intent" value="move" />
          <label htmlFor="move-status" className="form-label small">
            New stage
          </label>
          <select
            id="move-status"
            name="status"
            className={`form-select form-select-sm mb-2${moveRefusal?.fields.status ? " is-invalid" : ""}`}
            aria-invalid={moveRefusal?.fields.status ? true : undefined}
            aria-describedby={moveRefusal?.fields.status ? "move-status-error" : undefined}
            defaultValue={moveRefusal?.values.status ?? application.moves[0]}
          >
            {application.moves.map((move) => (
              <option key={move}>{move}</option>
            ))}
          </select>
          {moveRefusal?.fields.status && (
            <div id="move-status-error" className="invalid-feedback d-block mb-2">
              {moveRefusal.fields.status}
            </div>
          )}
          {moveFields.map((field) => {
            const id = `move-${field.key}`;
            const error = moveRefusal?.fields[field.key];
            const label = `${field.label} (for ${field.stages.join(", ")})`;
            const common = {
              id,
              name: `details.${field.key}`,
              defaultValue: moveRefusal?.values[`details.${field.key}`] ?? "",
              "aria-invalid": error ? true : undefined,
              "aria-describedby": error ? `${id}-error` : undefined,
            };
            return (
              <div key={field.key} className="mb-2">
                <label htmlFor={id} className="form-label small">
                  {label}
                </label>
                {field.kind === "choice" ? (
                  <select {...common} className={`form-select form-select-sm${error ? " is-invalid" : ""}`}>
                    <option value="">Choose…</option>
                    {field.options?.map((option) => (
                      <option key={option}>{option}</option>
                    ))}
                  </select>
                ) : (
                  <input
                    {...common}
                    type={field.kind === "date" ? "date" : "text"}
                    maxLength={field.kind === "date" ? undefined : 500}
                    className={`form-control form-control-sm${error ? " is-invalid" : ""}`}
                  />
                )}
                {error && (
                  <div id={`${id}-error`} className="invalid-feedback d-block">
                    {error}
                  </div>
                )}
              </div>
            );
          })}
          <label htmlFor="move-note" className="form-label small">
            Note (staff only)
          </label>
          <textarea id="move-note" name="note" rows={2} maxLength={2000} className="form-control form-control-sm mb-2" />
          {moveRefusal && !Object.keys(moveRefusal.fields).length && (
            <p className="text-danger small" role="alert">
              {moveRefusal.message}
            </p>
          )}
          <div>
            <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
              Move
            </button>
          </div>
        </Form>
      )}

      <div className="row g-4">
        <ConsoleSection name="checklist" title="Documents checklist" className="col-lg-6">
          <ul className="list-unstyled">
            {application.checklist.map((item, i) => (
              <li key={item.item} className="mb-2" data-testid="checklist-item">
                <strong>{item.item}</strong>
                {item.item !== item.attachmentType && <span className="small"> (uploaded as {item.attachmentType})</span>}{" "}
                <span className="badge text-bg-light">{item.state}</span>
                {item.filePublicId && (
                  <>
                    {" "}
                    <a href={staffFileUrl(item.filePublicId, { inline: true })} target="_blank" rel="noopener">
                      Open
                    </a>
                  </>
                )}
                {item.reviewReason && (
                  <div className="small">
                    {item.reviewReason}: {item.reviewMessage}
                  </div>
                )}
                {item.waiverReason && <div className="small">Waived: {item.waiverReason}</div>}
                {item.item === "SOP" && (
                  <div className="small">
                    <Link to={`/staff/applications/${application.id}/sop`}>The SOP written in the portal</Link>
                    {application.country === "Canada" && (
                      // A Canadian study permit's letter of explanation: the same review as the SOP (decision 0072).
                      <Link className="d-block" to={`/staff/applications/${application.id}/letter-of-explanation`}>
                        The letter of explanation written in the portal
                      </Link>
                    )}
                  </div>
                )}
                {may.waive && item.state !== "Waived" && item.state !== "Approved" && (
                  <details className="small">
                    <summary>Waive</summary>
                    <Form method="post" className="d-flex gap-2 mt-1">
                      <input type="hidden" name="intent" value="waive" />
                      <input type="hidden" name="item" value={item.item} />
                      <label htmlFor={`waive-${i}`} className="visually-hidden">
                        Why {item.item} is not needed
                      </label>
                      <input
                        id={`waive-${i}`}
                        name="reason"
                        required
                        maxLength={500}
                        placeholder="Why it is not needed"
                        className="form-control form-control-sm"
                      />
                      <button type="submit" className="btn btn-sm btn-outline-secondary" disabled={busy}>
                        Waive
                      </button>
                    </Form>
                  </details>
                )}
              </li>
            ))}
          </ul>
        </ConsoleSection>
        <LettersSection applicationId={application.id} letters={letters} />
        <ConsoleSection name="history" title="History" className="col-lg-6">
          <ol className="list-unstyled border-start ps-3">
            {[...application.events].reverse().map((e) => (
              <li key={e.id} className="mb-2">
                <time dateTime={e.when.iso} className="small text-body-secondary">
                  {e.when.text}
                </time>{" "}
                <strong>{e.to}</strong>
                <span className="small">
                  {" "}
                  by {e.actor}, {e.daysInStage} day{e.daysInStage === 1 ? "" : "s"} in stage
                </span>
                {e.note && <div className="small">{e.note}</div>}
                {Object.entries(e.details).map(([key, value]) => (
                  <div key={key} className="small text-body-secondary">
                    {key.replace(/([A-Z])/g, " $1").toLowerCase()}: {value}
                  </div>
                ))}
              </li>
            ))}
          </ol>
        </ConsoleSection>
      </div>
      {loaderData.departure && (
        <ConsoleSection name="departure" title="Departure checklist" className="mt-4" testId="staff-departure">
          <DepartureChecklist checklist={loaderData.departure} editable={false} />
        </ConsoleSection>
      )}
    </>
  );
}
