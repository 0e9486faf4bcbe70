import { Form, useNavigation } from "react-router";
import { refusalOr } from "~/lib/form-result.server";
import { byIntent } from "~/lib/intents.server";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { countryRuleSchema } from "../../../modules/applications/applications.ts";
import { parseId } from "../../../modules/ids.ts";
import { canManageStaff } from "../../../modules/policies.ts";
import { fieldRules } from "../../../modules/validation.ts";
import { attachmentTypes, requiredAttachmentTypes } from "../../../vocabulary/documents.ts";
import type { Route } from "./+types/document-rules";

export const meta: Route.MetaFunction = () => [{ title: "Document rules | Ignite" }, { name: "robots", content: "noindex" }];

/** Admins: the documents every application to a country needs beyond the spec's required ones. */
export async function loader({ context }: Route.LoaderArgs) {
  requireStaffWith(context.staffMember, canManageStaff);
  const [rules, countries] = await Promise.all([
    context.staff.applications.countryDocumentRules(),
    context.catalogue.listCountries(),
  ]);
  return { rules, countries: countries.map((c) => ({ id: c.id, name: c.name })), ruleFields: fieldRules(countryRuleSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canManageStaff);
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  return refusalOr(
    async () =>
      byIntent(
        form.intent,
        {
          remove: async () => {
            await context.staff.applications.removeCountryDocumentRule(member, parseId(form.ruleId ?? "", "Document rule"));
            return { ok: true as const, message: "Document rule removed." };
          },
          add: async () => {
            await context.staff.applications.addCountryDocumentRule(member, form);
            return { ok: true as const, message: `${form.label} added.` };
          },
        },
        { otherwise: "add" },
      ),
    form,
  );
}

export default function DocumentRules({ loaderData, actionData }: Route.ComponentProps) {
  const { rules, countries } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  useActionToast(actionData);
  return (
    <>
      <h1 className="h3 mb-3">Document rules</h1>
      <p>
        Every application's checklist holds the required documents ({requiredAttachmentTypes.join(", ")}) and the documents its
        country asks for below. The student uploads each under the attachment type named here. A rule for the visa goes on the
        checklist of the student's visa plan instead, once the university's papers arrive.
      </p>
      {rules.length === 0 ? (
        <p>No country asks for more yet.</p>
      ) : (
        <table className="table table-sm align-middle" style={{ maxWidth: "56rem" }}>
          <thead>
            <tr>
              <th scope="col">Country</th>
              <th scope="col">Document</th>
              <th scope="col">Uploaded as</th>
              <th scope="col">Asked for</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rules.map((rule) => (
              <tr key={rule.id}>
                <td>{rule.country}</td>
                <td>{rule.label}</td>
                <td>{rule.attachmentType}</td>
                <td>
                  {rule.forVisa ? (
                    <span className="badge text-bg-info" data-testid="rule-for-visa">
                      The visa
                    </span>
                  ) : (
                    "The application"
                  )}
                </td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="ruleId" value={rule.id} />
                    <button type="submit" className="btn btn-sm btn-outline-danger" disabled={busy}>
                      Remove
                      <span className="visually-hidden">
                        {" "}
                        {rule.label} for {rule.country}
                      </span>
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Form method="post" className="row g-2 align-items-end" style={{ maxWidth: "48rem" }}>
        <input type="hidden" name="intent" value="add" />
        <div className="col-sm-4">
          <label htmlFor="rule-country" className="form-label small">
            Country
          </label>
          <select id="rule-country" name="countryId" required className="form-select form-select-sm" defaultValue="">
            <option value="">Choose…</option>
            {countries.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-4">
          <label htmlFor="rule-label" className="form-label small">
            Document (e.g. APS certificate)
          </label>
          <input
            id="rule-label"
            name="label"
            {...loaderData.ruleFields.label}
            className={`form-control form-control-sm${refusal?.fields.label ? " is-invalid" : ""}`}
            defaultValue={refusal?.values.label ?? ""}
          />
        </div>
        <div className="col-sm-3">
          <label htmlFor="rule-type" className="form-label small">
            Uploaded as
          </label>
          <select id="rule-type" name="attachmentType" className="form-select form-select-sm" defaultValue="Documents 1">
            {attachmentTypes.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
        <div className="col-sm-8 form-check ms-2">
          <input
            id="rule-for-visa"
            name="forVisa"
            type="checkbox"
            className="form-check-input"
            defaultChecked={refusal?.values.forVisa === "on"}
          />
          <label htmlFor="rule-for-visa" className="form-check-label small">
            For the visa (on the visa plan's checklist rather than the application's)
          </label>
        </div>
        <div className="col-sm-3">
          <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
            Add
          </button>
        </div>
        {refusal && <p className="text-danger small">{refusal.message}</p>}
      </Form>
    </>
  );
}
