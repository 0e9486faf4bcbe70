import { Form, Link, useNavigation } from "react-router";
import { Flag, useFlagSprite } from "~/components/flag";
import { refusalOr } from "~/lib/form-result.server";
import { byIntent } from "~/lib/intents.server";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { parseId } from "../../../modules/ids.ts";
import { canManageCatalogue } from "../../../modules/policies.ts";
import { featuredPlaceLabel } from "../../../vocabulary/catalogue.ts";
import type { Route } from "./+types/catalogue";

export const meta: Route.MetaFunction = () => [{ title: "Catalogue | Ignite" }, { name: "robots", content: "noindex" }];

/**
 * Admins: find a university to edit or retire, add universities and countries, see which universities the
 * home page features, and hide or show countries on the site (decisions 0017, 0019).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  const [universities, countries, featured] = await Promise.all([
    q ? context.staff.catalogue.universities(member, { q }) : Promise.resolve([]),
    context.staff.catalogue.countries(member),
    context.staff.catalogue.featuredUniversities(member),
  ]);
  return { q, universities, countries, featured };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  return refusalOr(async () => {
    const id = parseId(form.countryId ?? "", "Country");
    const setVisible = (visible: boolean) => context.staff.catalogue.setCountryVisible(member, id, visible);
    const message = await byIntent(
      form.intent,
      { show: () => setVisible(true), hide: () => setVisible(false) },
      { otherwise: "hide" },
    );
    return { ok: true as const, message };
  }, form);
}

export default function Catalogue({ loaderData, actionData }: Route.ComponentProps) {
  const { q, universities, countries, featured } = loaderData;
  const busy = useNavigation().state === "submitting";
  const flags = useFlagSprite(countries.map((c) => c.code));
  useActionToast(actionData);
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">Catalogue</h1>
        <Link to="/staff/catalogue/universities/new" className="btn btn-sm btn-primary">
          Add a university
        </Link>
        <Link to="/staff/catalogue/countries/new" className="btn btn-sm btn-outline-primary">
          Add a country
        </Link>
      </div>
      <p className="d-flex flex-wrap gap-3">
        <Link to="/staff/catalogue/import">Import from CSV</Link>
        <a href="/api/v1/staff/catalogue/export/universities" download>
          Export universities as CSV
        </a>
        <a href="/api/v1/staff/catalogue/export/courses" download>
          Export courses as CSV
        </a>
      </p>
      <section aria-labelledby="find-university" className="mb-4">
        <h2 id="find-university" className="h5">
          Universities
        </h2>
        <Form method="get" className="d-flex gap-2 mb-3" style={{ maxWidth: "32rem" }}>
          <label htmlFor="catalogue-q" className="visually-hidden">
            University name
          </label>
          <input
            id="catalogue-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            className="form-control form-control-sm"
            placeholder="University name"
          />
          <button type="submit" className="btn btn-sm btn-primary">
            Search
          </button>
        </Form>
        {q && universities.length === 0 && <p>No university's name holds “{q}”.</p>}
        {universities.length > 0 && (
          <ul className="list-unstyled">
            {universities.map((u) => (
              <li key={u.id}>
                <Link to={`/staff/catalogue/universities/${u.id}`}>{u.name}</Link> · {u.city}, {u.country}
                {u.retired && <span className="badge text-bg-secondary ms-2">Retired</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="home-page" className="mb-4">
        <h2 id="home-page" className="h5">
          On the home page
        </h2>
        {featured.length === 0 ? (
          <p>No university is featured: the home page shows its static cards. Choose a place on a university's screen.</p>
        ) : (
          <ol className="list-unstyled">
            {featured.map((u) => (
              <li key={u.id}>
                {featuredPlaceLabel(u.featuredPlace ?? 0)}: <Link to={`/staff/catalogue/universities/${u.id}`}>{u.name}</Link>
                {(u.retired || !u.countryVisible) && (
                  <span className="badge text-bg-secondary ms-2">Not shown: {u.retired ? "retired" : "country hidden"}</span>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="countries">
        <h2 id="countries" className="h5">
          Countries
        </h2>
        <table className="table table-sm align-middle" style={{ maxWidth: "44rem" }}>
          <thead>
            <tr>
              <th scope="col">Flag</th>
              <th scope="col">Country</th>
              <th scope="col">Universities</th>
              <th scope="col">On the site</th>
              <th scope="col">
                <span className="visually-hidden">Change</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {countries.map((c) => (
              <tr key={c.id}>
                <td>
                  <Flag sprite={flags} code={c.code} label={`Flag of ${c.name}`} width={32} height={24} className="border" />
                </td>
                <td>
                  <Link to={`/staff/catalogue/countries/${c.id}`}>{c.name}</Link>
                </td>
                <td>{c.universities}</td>
                <td>{c.visible ? "Shown" : "Hidden"}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="countryId" value={c.id} />
                    <input type="hidden" name="intent" value={c.visible ? "hide" : "show"} />
                    <button type="submit" className="btn btn-sm btn-outline-secondary" disabled={busy}>
                      {c.visible ? "Hide" : "Show"}
                      <span className="visually-hidden"> {c.name}</span>
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
