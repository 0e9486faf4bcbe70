import { Link } from "react-router";
import { Flag, useFlagSprite } from "~/components/flag";
import { metaT, useT } from "~/lib/i18n";
import type { Route } from "./+types/countries";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = metaT(matches);
  return [
    { title: `${t("Countries")} | Ignite` },
    {
      name: "description",
      content: t("The {count, plural, one {# study destination} other {# study destinations}} Ignite guides students to.", {
        count: loaderData?.countries.length ?? 0,
      }),
    },
  ];
};

export async function loader({ context }: Route.LoaderArgs) {
  return { countries: await context.catalogue.listCountries() };
}

export default function Countries({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const flags = useFlagSprite(loaderData.countries.map((c) => c.code));
  return (
    <div className="container py-4">
      <h1 className="h2 mb-4">{t("Countries")}</h1>
      <ul className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-md-3 row-cols-lg-4 g-4">
        {loaderData.countries.map((country) => (
          <li className="col text-center" key={country.slug}>
            <Link to={`/${country.slug}/universities`} className="d-inline-block text-decoration-none">
              <Flag
                sprite={flags}
                code={country.code}
                width={250}
                height={150}
                fit="slice"
                className="country-image rounded shadow-sm"
              />
              <span className="d-block mt-2 fw-semibold">{country.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
