import { Pager } from "~/components/pager";
import { UniversityCard } from "~/components/university-card";
import { orRouteError } from "~/lib/errors.server";
import { metaT, useT } from "~/lib/i18n";
import { parsePage } from "../../modules/catalogue/input.ts";
import type { Route } from "./+types/universities";

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) => {
  const t = metaT(matches);
  return [
    {
      title: `${data?.country ? t("Universities in {country}", { country: data.country.name }) : t("All universities")} | Ignite`,
    },
    { name: "description", content: t("Universities you can apply to with Ignite's guidance.") },
  ];
};

export async function loader({ url, params, context }: Route.LoaderArgs) {
  return orRouteError(
    (async () => {
      const page = parsePage(url.searchParams.get("page") ?? undefined);
      const country = params.countryName ? await context.catalogue.findCountry(params.countryName) : undefined;
      const result = await context.catalogue.listUniversities({ page, countryId: country?.id });
      return { country, ...result, basePath: url.pathname };
    })(),
  );
}

export default function Universities({ loaderData }: Route.ComponentProps) {
  const { country, items, page, pageSize, total, basePath } = loaderData;
  const { t } = useT();
  return (
    <div className="container py-4">
      <h1 className="h2 mb-1">{country ? t("Universities in {country}", { country: country.name }) : t("All universities")}</h1>
      <p className="text-body-secondary">{t("{count, plural, one {# university} other {# universities}}", { count: total })}</p>
      {items.length === 0 ? (
        <p className="my-5">{t("No universities on this page.")}</p>
      ) : (
        <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-4">
          {items.map((university) => (
            <UniversityCard key={university.id} university={university} />
          ))}
        </div>
      )}
      <Pager page={page} pageSize={pageSize} total={total} href={(p) => `${basePath}?page=${p}`} />
    </div>
  );
}
