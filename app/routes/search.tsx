import { data, Link } from "react-router";
import { CourseCard } from "~/components/course-card";
import { Pager } from "~/components/pager";
import { RateNote } from "~/components/rupees";
import { orRouteError } from "~/lib/errors.server";
import { parsePage } from "../../modules/catalogue/inputs.ts";
import type { QueryReading } from "../../modules/catalogue/search-query.ts";
import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.term ? `Search: ${data.term} | Ignite` : "Search | Ignite" },
  { name: "description", content: "Search courses by name, university, country and level." },
];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const term = (url.searchParams.get("q") ?? "").trim().toLowerCase();
  if (!term) return { term, result: null, reading: null, rates: [] };
  return orRouteError(
    (async () => {
      const page = parsePage(url.searchParams.get("page") ?? undefined);
      await context.limit(context.rateLimits.search);
      const { reading, result } = await context.catalogue.readAndSearch(term, page);
      // A search that found little is counted for staff, each time: no cache may keep its answer (decision 0026).
      const recorded = page === 1 && (await context.catalogue.recordSearch(term, result.total));
      // Each fee also in rupees, from the rates of the currencies on this page (decision 0025).
      const rates = await context.costs.ratesFor(result.items.map((c) => c.fee.currency));
      return data({ term, result, reading, rates }, recorded ? { headers: { "Cache-Control": "private, no-store" } } : undefined);
    })(),
  );
}

const searchHref = (term: string) => (term ? `/search?q=${encodeURIComponent(term)}` : "/search");

/**
 * How the term was read ("Masters · Computer Science · United States"), each part with a link to the
 * same search without it (decision 0026); and, for a destination we do not serve, the closest we do.
 */
function Understood({ reading }: { reading: QueryReading }) {
  const shown = reading.parts.filter((part) => part.kind !== "text");
  return (
    <>
      {reading.unserved && (
        <div className="alert alert-info" role="status">
          <p className="mb-1">
            We do not offer courses in {reading.unserved.name} yet.
            {reading.unserved.closest.length > 0 && " The closest destinations we serve:"}
          </p>
          {reading.unserved.closest.length > 0 && (
            <ul className="list-inline mb-0">
              {reading.unserved.closest.map((destination) => (
                <li key={destination} className="list-inline-item">
                  <Link to={searchHref(`${reading.withoutUnserved} ${destination.toLowerCase()}`.trim())}>{destination}</Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {shown.length > 0 && (
        <div className="mb-3">
          <p className="mb-1">
            Showing <span className="fw-semibold">{shown.map((part) => part.label).join(" · ")}</span>
            {reading.text.length > 0 && <> matching “{reading.text.join(" ")}”</>}
          </p>
          <ul className="list-inline mb-0" aria-label="Parts of your search">
            {reading.parts.map((part, at) =>
              part.kind === "text" ? null : (
                <li key={`${part.kind}:${part.label}`} className="list-inline-item">
                  <Link
                    className="badge rounded-pill text-bg-light border text-decoration-none"
                    to={searchHref(reading.without[at] ?? "")}
                    aria-label={`Search without ${part.label}`}
                  >
                    {part.label} <span aria-hidden="true">×</span>
                  </Link>
                </li>
              ),
            )}
          </ul>
        </div>
      )}
    </>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { term, result, reading, rates } = loaderData;
  return (
    <div className="container py-4">
      <h1 className="h2">{term ? `Results for “${term}”` : "Search"}</h1>
      {reading && <Understood reading={reading} />}
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
