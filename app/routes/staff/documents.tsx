import { Form, useNavigation } from "react-router";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { inIndianTime } from "~/lib/indian-time";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { staffFileUrl } from "../../../modules/documents/file-urls.ts";
import { reviewSchema } from "../../../modules/documents/review.ts";
import { canReviewDocuments } from "../../../modules/policies.ts";
import { fieldRules } from "../../../modules/validation.ts";
import { correctionReasons, documentMessages, nameOpensInBrowser, reviewMessages } from "../../../vocabulary/documents.ts";
import type { Route } from "./+types/documents";

export const meta: Route.MetaFunction = () => [{ title: "Documents to review | Ignite" }, { name: "robots", content: "noindex" }];

/** The review queue, oldest first: open each document (the view is audited), approve it or ask for a correction. */
export async function loader({ context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canReviewDocuments);
  const queue = await orRouteError(context.staff.documents.reviewQueue(member));
  return { queue: queue.map((f) => ({ ...f, uploaded: inIndianTime(f.uploadedAt) })), rules: fieldRules(reviewSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canReviewDocuments);
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  return refusalOr(async () => {
    const reviewed = await context.staff.documents.review(member, form.publicId ?? "", form);
    const message =
      reviewed.reviewState === "Approved"
        ? reviewMessages.approved(reviewed.attachmentType)
        : reviewMessages.correctionAsked(reviewed.attachmentType);
    return { ok: true as const, message };
  }, form);
}

export default function DocumentsQueue({ loaderData, actionData }: Route.ComponentProps) {
  const { queue, rules } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  useActionToast(actionData);
  return (
    <>
      <h1 className="h3 mb-3">Documents to review</h1>
      {queue.length === 0 ? (
        <p>Nothing waits for review.</p>
      ) : (
        <ul className="list-unstyled">
          {queue.map((f, i) => {
            const mine = refusal?.values.publicId === f.publicId ? refusal : undefined;
            return (
              <li key={f.publicId} className="card card-body mb-3" data-testid="review-item">
                <h2 className="h6 mb-1">
                  {f.studentName}: {f.attachmentType}
                </h2>
                <p className="small mb-2">
                  {nameOpensInBrowser(f.name) ? (
                    <a href={staffFileUrl(f.publicId, { inline: true })} target="_blank" rel="noopener">
                      Open {f.name}
                    </a>
                  ) : (
                    <>
                      <a href={staffFileUrl(f.publicId)} download>
                        Download {f.name}
                      </a>{" "}
                      <span className="text-body-secondary">({documentMessages.wordFileDownloads})</span>
                    </>
                  )}{" "}
                  · uploaded <time dateTime={f.uploaded.iso}>{f.uploaded.text}</time>
                </p>
                <div className="d-flex flex-wrap gap-3 align-items-start">
                  <Form method="post">
                    <input type="hidden" name="publicId" value={f.publicId} />
                    <input type="hidden" name="decision" value="approve" />
                    <button type="submit" className="btn btn-sm btn-success" disabled={busy}>
                      Approve {f.attachmentType}
                    </button>
                  </Form>
                  <Form method="post" className="row g-2 flex-grow-1" style={{ maxWidth: "36rem" }}>
                    <input type="hidden" name="publicId" value={f.publicId} />
                    <input type="hidden" name="decision" value="correction" />
                    <div className="col-sm-5">
                      <label htmlFor={`reason-${i}`} className="form-label small">
                        Reason
                      </label>
                      <select
                        id={`reason-${i}`}
                        name="reason"
                        required
                        className={`form-select form-select-sm${mine?.fields.reason ? " is-invalid" : ""}`}
                        defaultValue={mine?.values.reason ?? ""}
                      >
                        <option value="">Choose…</option>
                        {correctionReasons.map((r) => (
                          <option key={r}>{r}</option>
                        ))}
                      </select>
                    </div>
                    <div className="col-sm-7">
                      <label htmlFor={`message-${i}`} className="form-label small">
                        Message to the student
                      </label>
                      <input
                        id={`message-${i}`}
                        name="message"
                        required
                        maxLength={rules.message?.maxLength}
                        className={`form-control form-control-sm${mine?.fields.message ? " is-invalid" : ""}`}
                        defaultValue={mine?.values.message ?? ""}
                      />
                    </div>
                    {mine && <p className="text-danger small mb-0">{mine.message}</p>}
                    <div className="col-12">
                      <button type="submit" className="btn btn-sm btn-outline-danger" disabled={busy}>
                        Ask for a correction
                      </button>
                    </div>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
