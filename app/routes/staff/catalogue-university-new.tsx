import { Form, Link, redirect, useNavigation } from "react-router";
import { refusalOr } from "~/lib/form-result.server";
import { pictureOf } from "~/lib/picture-form.server";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { canManageCatalogue } from "../../../modules/policies.ts";
import { catalogueAdminMessages, universityTypes } from "../../../vocabulary/catalogue.ts";
import { photoAccept } from "../../../vocabulary/documents.ts";
import type { Route } from "./+types/catalogue-university-new";

export const meta: Route.MetaFunction = () => [
  { title: "New university | Catalogue | Ignite" },
  { name: "robots", content: "noindex" },
];

/** Admins add a university, with a picture if they have one (decision 0019); its screen opens next, to add courses. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  const countries = await context.staff.catalogue.countries(member);
  return { countries, countryId: new URL(request.url).searchParams.get("country") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  const formData = await request.formData();
  const form = Object.fromEntries([...formData].filter(([, v]) => typeof v === "string").map(([k, v]) => [k, String(v)]));
  return refusalOr(async () => {
    const created = await context.staff.catalogue.createUniversity(member, form, await pictureOf(formData));
    throw redirect(`/staff/catalogue/universities/${created.id}?added`);
  }, form);
}

const fields = [
  { name: "name", label: "Name", max: 200 },
  { name: "city", label: "City", max: 100 },
] as const;

export default function NewUniversity({ loaderData, actionData }: Route.ComponentProps) {
  const { countries, countryId } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  useActionToast(actionData, (answer) => (answer.ok ? null : { kind: "error", text: answer.message }));
  const error = (name: string) => refusal?.fields[name];
  const described = (name: string) => (error(name) ? { "aria-invalid": true, "aria-describedby": `nu-${name}-error` } : {});
  const feedback = (name: string) =>
    error(name) && (
      <div id={`nu-${name}-error`} className="invalid-feedback d-block">
        {error(name)}
      </div>
    );
  return (
    <>
      <p className="small">
        <Link to="/staff/catalogue">Catalogue</Link>
      </p>
      <h1 className="h3 mb-3">New university</h1>
      <Form method="post" encType="multipart/form-data" className="row g-3" style={{ maxWidth: "48rem" }}>
        {fields.map((f) => (
          <div className="col-sm-6" key={f.name}>
            <label htmlFor={`nu-${f.name}`} className="form-label">
              {f.label}
            </label>
            <input
              id={`nu-${f.name}`}
              name={f.name}
              required
              maxLength={f.max}
              defaultValue={refusal?.values[f.name]}
              className={`form-control${error(f.name) ? " is-invalid" : ""}`}
              {...described(f.name)}
            />
            {feedback(f.name)}
          </div>
        ))}
        <div className="col-sm-6">
          <label htmlFor="nu-country" className="form-label">
            Country
          </label>
          <select
            id="nu-country"
            name="countryId"
            required
            defaultValue={refusal?.values.countryId ?? countryId}
            className={`form-select${error("countryId") ? " is-invalid" : ""}`}
            {...described("countryId")}
          >
            <option value="">Select…</option>
            {countries.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
                {c.visible ? "" : " (hidden from the site)"}
              </option>
            ))}
          </select>
          {feedback("countryId")}
        </div>
        <div className="col-sm-6">
          <label htmlFor="nu-type" className="form-label">
            Type
          </label>
          <select id="nu-type" name="type" defaultValue={refusal?.values.type ?? universityTypes[0]} className="form-select">
            {universityTypes.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
        <div className="col-12">
          <label htmlFor="nu-picture" className="form-label">
            Picture (optional: {catalogueAdminMessages.pictureHint})
          </label>
          <input
            id="nu-picture"
            name="file"
            type="file"
            accept={photoAccept}
            className={`form-control${error("file") ? " is-invalid" : ""}`}
            {...described("file")}
          />
          {feedback("file")}
        </div>
        <div className="col-12">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Add the university
          </button>
        </div>
        {refusal && (
          <p className="text-danger small mb-0" role="alert">
            {refusal.message}
          </p>
        )}
      </Form>
    </>
  );
}
