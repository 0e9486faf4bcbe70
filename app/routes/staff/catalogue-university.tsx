import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { refusalOr } from "~/lib/form-result.server";
import { requireStaffWith } from "~/lib/staff.server";
import { notify } from "~/lib/toast";
import { parseId } from "../../../modules/catalogue/inputs.ts";
import { canManageCatalogue } from "../../../modules/staff/policies.ts";
import { catalogueAdminMessages, universityTypes } from "../../../vocabulary/catalogue.ts";
import type { Route } from "./+types/catalogue-university";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.university.name ?? "University"} | Catalogue | Ignite` },
  { name: "robots", content: "noindex" },
];

/** Admins: one university's facts, its retirement, and its courses (decision 0017). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  return context.staff.catalogue.university(member, parseId(params.universityId, "University"));
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  const id = parseId(params.universityId, "University");
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  return refusalOr(async () => {
    if (form.intent === "retire" || form.intent === "restore") {
      const message = await context.staff.catalogue.retireUniversity(member, id, form.intent === "retire");
      return { ok: true as const, message };
    }
    const saved = await context.staff.catalogue.editUniversity(member, id, form);
    return { ok: true as const, message: catalogueAdminMessages.universitySaved(saved.name) };
  }, form);
}

export default function CatalogueUniversity({ loaderData, actionData }: Route.ComponentProps) {
  const { university, courses } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  useEffect(() => {
    if (actionData) notify(actionData.ok ? "success" : "error", actionData.message);
  }, [actionData]);
  const invalid = (field: string) => (refusal?.fields[field] ? " is-invalid" : "");
  return (
    <>
      <p className="small">
        <Link to="/staff/catalogue">Catalogue</Link>
      </p>
      <h1 className="h3 mb-3">
        {university.name}
        {university.retired && <span className="badge text-bg-secondary ms-2">Retired</span>}
      </h1>
      <p>
        {university.city}, {university.country}
        {!university.countryVisible && " (the country is hidden from the site)"}
      </p>
      <Form method="post" className="row g-2 align-items-end mb-3" style={{ maxWidth: "48rem" }}>
        <input type="hidden" name="intent" value="edit" />
        <div className="col-sm-5">
          <label htmlFor="u-name" className="form-label small">
            Name
          </label>
          <input
            id="u-name"
            name="name"
            required
            maxLength={200}
            defaultValue={refusal?.values.name ?? university.name}
            className={`form-control form-control-sm${invalid("name")}`}
          />
        </div>
        <div className="col-sm-3">
          <label htmlFor="u-city" className="form-label small">
            City
          </label>
          <input
            id="u-city"
            name="city"
            required
            maxLength={100}
            defaultValue={refusal?.values.city ?? university.city}
            className={`form-control form-control-sm${invalid("city")}`}
          />
        </div>
        <div className="col-sm-2">
          <label htmlFor="u-type" className="form-label small">
            Type
          </label>
          <select id="u-type" name="type" defaultValue={university.type} className="form-select form-select-sm">
            {universityTypes.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
        <div className="col-sm-2">
          <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
            Save
          </button>
        </div>
        {refusal && <p className="text-danger small">{refusal.message}</p>}
      </Form>
      <Form method="post" className="mb-4">
        <input type="hidden" name="intent" value={university.retired ? "restore" : "retire"} />
        <button
          type="submit"
          className={`btn btn-sm ${university.retired ? "btn-outline-primary" : "btn-outline-danger"}`}
          disabled={busy}
        >
          {university.retired ? "Restore to the site" : "Retire (hide from the site, keep applications)"}
        </button>
      </Form>
      <h2 className="h5">Courses</h2>
      {courses.length === 0 ? (
        <p>No courses.</p>
      ) : (
        <ul className="list-unstyled">
          {courses.map((c) => (
            <li key={c.id}>
              <Link to={`/staff/catalogue/courses/${c.id}`}>{c.name}</Link> · {c.level}
              {c.retired && <span className="badge text-bg-secondary ms-2">Retired</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
