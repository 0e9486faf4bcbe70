import { Form } from "react-router";
import type { FieldRules } from "../../modules/validation.ts";
import { privacyMessages } from "../../vocabulary/privacy.ts";

/**
 * An admin's erasure on a request that came by mail or phone (decision 0024): how the request came, and
 * the e-mail typed again to confirm whose data goes. Posts intent "erase" to the screen's action.
 */
export function EraseForm({
  heading,
  hint,
  busy,
  refusal,
  rules,
}: {
  heading: string;
  hint: string;
  busy: boolean;
  /** The browser's hints from the erasure request's schema (erasureRequestSchema). */
  rules: Record<string, FieldRules>;
  refusal?: { values: Record<string, string>; fields: Record<string, string>; message: string };
}) {
  return (
    <section aria-labelledby="erase-heading" className="mt-4 border border-danger rounded p-3" style={{ maxWidth: "40rem" }}>
      <h2 id="erase-heading" className="h5 text-danger">
        {heading}
      </h2>
      <p className="small">{hint}</p>
      {refusal && !refusal.fields.reason && !refusal.fields.confirmEmail && (
        <p className="text-danger small">{refusal.message}</p>
      )}
      <Form method="post" className="row g-2">
        <input type="hidden" name="intent" value="erase" />
        <div className="col-12">
          <label htmlFor="erase-reason" className="form-label small">
            {privacyMessages.eraseReason}
          </label>
          <input
            id="erase-reason"
            name="reason"
            {...rules.reason}
            className="form-control form-control-sm"
            defaultValue={refusal?.values.reason}
          />
          {refusal?.fields.reason && <div className="invalid-feedback d-block">{refusal.fields.reason}</div>}
        </div>
        <div className="col-12">
          <label htmlFor="erase-confirm" className="form-label small">
            {privacyMessages.eraseConfirmEmail}
          </label>
          <input id="erase-confirm" name="confirmEmail" type="email" required className="form-control form-control-sm" />
          {refusal?.fields.confirmEmail && <div className="invalid-feedback d-block">{refusal.fields.confirmEmail}</div>}
        </div>
        <div className="col-12">
          <button type="submit" className="btn btn-sm btn-danger" disabled={busy}>
            Erase for good
          </button>
        </div>
      </Form>
    </section>
  );
}
