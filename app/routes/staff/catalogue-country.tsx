import { Form, Link, redirect, useNavigation } from "react-router";
import { refusalOr } from "~/lib/form-result.server";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { countryInput } from "../../../modules/catalogue/countries-editing.ts";
import { parseId } from "../../../modules/ids.ts";
import { canManageCatalogue } from "../../../modules/policies.ts";
import { fieldRules } from "../../../modules/validation.ts";
import { COUNTRY_ALIASES_MAX, catalogueAdminMessages } from "../../../vocabulary/catalogue.ts";
import { countryCodes } from "../../../vocabulary/country-codes.ts";
import type { Route } from "./+types/catalogue-country";

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: `${data?.country?.name ?? "New country"} | Catalogue | Ignite` },
  { name: "robots", content: "noindex" },
];

/** Admins add a country (/staff/catalogue/countries/new) or change one (decision 0019). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  const country = params.countryId ? await context.staff.catalogue.country(member, parseId(params.countryId, "Country")) : null;
  return { country, added: new URL(request.url).searchParams.has("added"), rules: fieldRules(countryInput) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  return refusalOr(async () => {
    if (!params.countryId) {
      const created = await context.staff.catalogue.createCountry(member, form);
      throw redirect(`/staff/catalogue/countries/${created.id}?added`);
    }
    const saved = await context.staff.catalogue.editCountry(member, parseId(params.countryId, "Country"), form);
    return { ok: true as const, message: catalogueAdminMessages.countrySaved(saved.name) };
  }, form);
}

export default function CatalogueCountry({ loaderData, actionData }: Route.ComponentProps) {
  const { country, added, rules } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  useActionToast(actionData);
  const value = (name: string, current: string | undefined) => refusal?.values[name] ?? current ?? "";
  const error = (name: string) => refusal?.fields[name];
  const described = (name: string) => (error(name) ? { "aria-invalid": true, "aria-describedby": `co-${name}-error` } : {});
  const feedback = (name: string) =>
    error(name) && (
      <div id={`co-${name}-error`} className="invalid-feedback d-block">
        {error(name)}
      </div>
    );
  const code = value("code", country?.code);
  // Keyed by the saved country, so a save shows what was stored (aliases lower-cased, the old name kept).
  const formKey = country ? `${country.name}|${country.aliases.join(",")}|${country.code}|${country.visible}` : "new";
  return (
    <>
      <p className="small">
        <Link to="/staff/catalogue">Catalogue</Link>
      </p>
      <h1 className="h3 mb-3">{country ? country.name : "New country"}</h1>
      {added && country && (
        <p className="alert alert-success py-2" role="status">
          {catalogueAdminMessages.countryCreated(country.name)}{" "}
          <Link to={`/staff/catalogue/universities/new?country=${country.id}`}>Add a university in {country.name}</Link>
        </p>
      )}
      {country && (
        <p>
          On the site at <code>/{country.slug}/universities</code> · {country.universities} universities ·{" "}
          {country.visible ? "shown" : "hidden"} ·{" "}
          <Link to={`/staff/catalogue/universities/new?country=${country.id}`}>Add a university</Link>
        </p>
      )}
      <Form method="post" className="row g-3" style={{ maxWidth: "48rem" }} key={formKey}>
        <div className="col-sm-6">
          <label htmlFor="co-name" className="form-label">
            Name
          </label>
          <input
            id="co-name"
            name="name"
            required={rules.name?.required}
            maxLength={rules.name?.maxLength}
            defaultValue={value("name", country?.name)}
            className={`form-control${error("name") ? " is-invalid" : ""}`}
            {...described("name")}
          />
          {feedback("name")}
        </div>
        <div className="col-sm-6">
          <label htmlFor="co-code" className="form-label">
            Flag (ISO 3166-1 code)
          </label>
          <div className="d-flex align-items-center gap-2">
            {code && <img src={`/flags/${code}.svg`} alt="" width={32} height={24} className="border" />}
            <select
              id="co-code"
              name="code"
              required
              defaultValue={code}
              className={`form-select${error("code") ? " is-invalid" : ""}`}
              {...described("code")}
            >
              <option value="">Select…</option>
              {countryCodes.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name} ({c.code.toUpperCase()})
                </option>
              ))}
            </select>
          </div>
          {feedback("code")}
        </div>
        <div className="col-sm-8">
          <label htmlFor="co-aliases" className="form-label">
            Other names (separated by commas)
          </label>
          <input
            id="co-aliases"
            name="aliases"
            defaultValue={value("aliases", country?.aliases.join(", "))}
            aria-describedby={error("aliases") ? "co-aliases-error" : "co-aliases-hint"}
            aria-invalid={error("aliases") ? true : undefined}
            className={`form-control${error("aliases") ? " is-invalid" : ""}`}
          />
          <div id="co-aliases-hint" className="form-text">
            Names a visitor may type in an address or a search, e.g. UK, Great Britain; at most {COUNTRY_ALIASES_MAX}.
          </div>
          {feedback("aliases")}
        </div>
        <div className="col-sm-4">
          <label htmlFor="co-currency" className="form-label">
            Fees' currency (ISO 4217)
          </label>
          <input
            id="co-currency"
            name="currency"
            required
            maxLength={3}
            defaultValue={value("currency", country?.currency)}
            className={`form-control${error("currency") ? " is-invalid" : ""}`}
            {...described("currency")}
          />
          {feedback("currency")}
        </div>
        <div className="col-12 form-check ms-2">
          <input
            id="co-visible"
            name="visible"
            type="checkbox"
            defaultChecked={refusal ? refusal.values.visible === "on" : (country?.visible ?? true)}
            className="form-check-input"
          />
          <label htmlFor="co-visible" className="form-check-label">
            Shown on the site
          </label>
        </div>
        <div className="col-12">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {country ? "Save" : "Add the country"}
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
