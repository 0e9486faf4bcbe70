import { CourseCard } from "~/components/course-card";
import { Pager } from "~/components/pager";
import { RateNote } from "~/components/rupees";
import { orRouteError } from "~/lib/errors.server";
import { parsePage } from "../../modules/catalogue/inputs.ts";
import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.term ? `Search: ${data.term} | Ignite` : "Search | Ignite" },
  { name: "description", content: "Search courses by name, university, country and level." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const term = (url.searchParams.get("q") ?? "").trim().toLowerCase();
  if (!term) return { term, result: null, rates: [] };
  return orRouteError(
    (async () => {
      const page = parsePage(url.searchParams.get("page") ?? undefined);
      await context.limit(context.rateLimits.search);
      const result = await context.catalogue.searchCourses(term, page);
      // Each fee also in rupees, from the rates of the currencies on this page (decision 0025).
      return { term, result, rates: await context.costs.ratesFor(result.items.map((c) => c.fee.currency)) };
    })(),
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { term, result, rates } = loaderData;
  return (
    <div className="container py-4">
      <h1 className="h2">{term ? `Results for “${term}”` : "Search"}</h1>
      {!result ? (
        <p>Type a course, university or country in the search box above.</p>
      ) : result.items.length === 0 ? (
        <p className="my-5 fs-5">Sorry, no items were found for your search</p>
      ) : (
        <>
          <p className="text-body-secondary">
            {result.total.toLocaleString("en-IN")} courses. *Fees are illustrative; confirm with the university.
          </p>
          <ul className="list-unstyled row row-cols-1 row-cols-md-2 row-cols-lg-3 g-3">
            {result.items.map((course) => (
              <CourseCard key={course.id} course={course} rates={rates} />
            ))}
          </ul>
          <RateNote rates={rates} />
          <Pager
            page={result.page}
            pageSize={result.pageSize}
            total={result.total}
            href={(p) => `/search?q=${encodeURIComponent(term)}&page=${p}`}
          />
        </>
      )}
    </div>
  );
}
