import { Form, Link, useNavigation } from "react-router";
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
import { reviewMessages } from "../../../vocabulary/documents.ts";
import { planIsOpen } from "../../../vocabulary/visas.ts";
import type { Route } from "./+types/application";

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: `${data ? `${data.application.studentName}: ${data.application.course}` : "Application"} | Ignite` },
  { name: "robots", content: "noindex" },
];

/** One application: its stage and what it waits on, the moves it allows, its history and its document checklist. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canSeeStudents);
  const application = await orRouteError(context.staff.applications.get(member, parseId(params.applicationId, "Application")));
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

export default function ApplicationScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { application, stage, moveFields, may, hasVisaPlan } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  const moveRefusal = refusal && refusal.values.intent !== "waive" ? refusal : undefined;
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
      </p>
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
        <section className="col-lg-6" aria-labelledby="checklist-heading">
          <h2 id="checklist-heading" className="h5">
            Documents checklist
          </h2>
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
        </section>
        <section className="col-lg-6" aria-labelledby="history-heading">
          <h2 id="history-heading" className="h5">
            History
          </h2>
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
        </section>
      </div>
    </>
  );
}
