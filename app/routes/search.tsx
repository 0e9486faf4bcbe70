import { data, Link, redirect } from "react-router";
import { CourseCard } from "~/components/course-card";
import { CourseFiltersForm, filterCountsView, filteredHref } from "~/components/course-filters-form";
import { Pager } from "~/components/pager";
import { RateNote } from "~/components/rupees";
import { orRouteError } from "~/lib/errors.server";
import { metaT, useT } from "~/lib/i18n";
import { type CourseFilters, durationBands, narrows } from "../../modules/catalogue/course-filters.ts";
import { parseCourseFilters, parsePage } from "../../modules/catalogue/input.ts";
import type { NearSearch } from "../../modules/catalogue/search-near.ts";
import type { QueryPartKind, QueryReading } from "../../modules/catalogue/search-query.ts";
import { type EligibilityInBrief, eligibilityInBrief } from "../../modules/eligibility.ts";
import { monthNames } from "../../vocabulary/applications.ts";
import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) => {
  const t = metaT(matches);
  return [
    { title: data?.term ? `${t("Search: {term}", { term: data.term })} | Ignite` : `${t("Search")} | Ignite` },
    { name: "description", content: t("Search courses by name, university, country and level.") },
  ];
};

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The filters a term may name, with the reading's part for each (decision 0051). */
const termFilters = [
  ["level", "level"],
  ["country", "country"],
  ["intake", "intake"],
] as const satisfies ReadonlyArray<readonly [keyof CourseFilters, QueryPartKind]>;

/** The term without the words of one of its parts (the term itself when it names none). */
const termWithout = (reading: QueryReading | null, term: string, kind: QueryPartKind) => {
  const at = reading?.parts.findIndex((part) => part.kind === kind) ?? -1;
  return at >= 0 && reading ? (reading.without[at] ?? term) : term;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const term = (url.searchParams.get("q") ?? "").trim().toLowerCase();
  return orRouteError(
    (async () => {
      const filters = parseCourseFilters(url.searchParams);
      const page = parsePage(url.searchParams.get("page") ?? undefined);
      if (!term && !narrows(filters))
        return {
          term,
          urlFilters: filters,
          filters,
          termLeft: "",
          result: null,
          reading: null,
          rates: [],
          counts: null,
          destinations: [],
          eligibility: {},
          near: [],
        };
      await context.limit(context.rateLimits.search);
      const found = await context.catalogue.findCourses({
        term,
        page,
        filters,
        rupees: await context.costs.rupeesPerUnit(),
        counts: true,
      });
      // The filter form keeps the words as typed (the box still says "mba canada"); a filter the term
      // named that the form set to "any" comes back empty: its words leave the term, so the change holds.
      let kept = term;
      for (const [key, kind] of termFilters)
        if (url.searchParams.get(key) === "" && found.reading?.parts.some((part) => part.kind === kind))
          kept = termWithout(found.reading, kept, kind);
      if (kept !== term) throw redirect(filteredHref("/search", kept, filters));
      const result = found.result ?? { items: [], page, pageSize: 12, total: 0 };
      // A search that found little is counted for staff, each time: no cache may keep its answer (decision 0026).
      // One the visitor narrowed with filters says nothing about what the catalogue lacks: not counted.
      const recorded =
        Boolean(term) && page === 1 && !narrows(filters) && (await context.catalogue.recordSearch(term, result.total));
      // Each fee also in rupees, from the rates of the currencies on this page (decision 0025).
      const rates = await context.costs.ratesFor(result.items.map((c) => c.fee.currency));
      const destinations = (await context.catalogue.listCountries()).map(({ id, name, slug }) => ({ id, name, slug }));
      // Nothing found: under the spec's sentence, searches near it that do find courses (decision 0051).
      const near =
        result.total === 0 && term && !found.reading?.unserved
          ? await context.catalogue.nearSearches({ term, page: 1, filters }, found)
          : [];
      // A signed-in student sees which of the page's courses they meet (decision 0027); a visitor, none.
      const marks = context.student ? await context.students.getProfile(context.student.studentId) : null;
      const eligibility: Record<number, EligibilityInBrief> = {};
      if (marks) for (const course of result.items) eligibility[course.id] = eligibilityInBrief(course, marks);
      return data(
        {
          term,
          urlFilters: filters,
          filters: found.filters,
          termLeft: found.termLeft,
          result,
          reading: found.reading,
          rates,
          counts: found.counts ? filterCountsView(found.counts) : null,
          destinations,
          eligibility,
          near,
        },
        recorded ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
      );
    })(),
  );
}

/** The filters the address carries, each with a link to the same search without it. */
function AddressFilters({
  term,
  reading,
  filters,
  destinations,
}: {
  term: string;
  reading: QueryReading | null;
  filters: CourseFilters;
  destinations: ReadonlyArray<{ name: string; slug: string }>;
}) {
  const { t, number } = useT();
  const chips: Array<{ label: string; without: CourseFilters; term?: string }> = [];
  const drop = (key: keyof CourseFilters) => ({ ...filters, [key]: undefined }) as CourseFilters;
  if (filters.level) chips.push({ label: t(filters.level), without: drop("level"), term: termWithout(reading, term, "level") });
  if (filters.country)
    chips.push({
      label: destinations.find((d) => d.slug === filters.country)?.name ?? filters.country,
      without: drop("country"),
      // The term's own destination goes with the filter, else it would be read again.
      term: termWithout(reading, term, "country"),
    });
  if (filters.mode) chips.push({ label: t(filters.mode), without: drop("mode") });
  const band = durationBands.find((b) => b.key === filters.duration);
  if (band) chips.push({ label: t(band.label), without: drop("duration") });
  if (filters.intake)
    chips.push({
      label: t("{month} intake", { month: t(monthNames[filters.intake - 1] ?? "") }),
      without: drop("intake"),
      term: termWithout(reading, term, "intake"),
    });
  if (filters.feeMin !== undefined)
    chips.push({ label: t("From ₹{amount} a year", { amount: number(filters.feeMin) }), without: drop("feeMin") });
  if (filters.feeMax !== undefined)
    chips.push({ label: t("Up to ₹{amount} a year", { amount: number(filters.feeMax) }), without: drop("feeMax") });
  if (chips.length === 0) return null;
  return (
    <ul className="list-inline mb-3" aria-label={t("Filters applied")}>
      {chips.map((chip) => (
        <li key={chip.label} className="list-inline-item">
          <Link
            className="badge rounded-pill text-bg-light border text-decoration-none"
            to={filteredHref("/search", chip.term ?? term, chip.without)}
            aria-label={t("Remove filter {filter}", { filter: chip.label })}
          >
            {chip.label} <span aria-hidden="true">×</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * How the term was read ("Masters · Computer Science · United States"), each part with a link to the
 * same search without it (decision 0026); and, for a destination we do not serve, the closest we do.
 * A part the address also holds as a filter is shown once, among the filters (decision 0051).
 */
function Understood({
  reading,
  filters,
  hrefFor,
}: {
  reading: QueryReading;
  filters: CourseFilters;
  hrefFor: (term: string) => string;
}) {
  const { t } = useT();
  const inAddress = (kind: QueryPartKind) => termFilters.some(([key, part]) => part === kind && filters[key] !== undefined);
  const chip = (part: { kind: QueryPartKind }) => part.kind !== "text" && !inAddress(part.kind);
  const shown = reading.parts.filter(chip);
  const label = (part: { kind: string; label: string }) =>
    part.kind === "level" ? t(part.label) : part.kind === "intake" ? t("{month} intake", { month: t(part.label) }) : part.label;
  return (
    <>
      {reading.unserved && (
        <div className="alert alert-info" role="status">
          <p className="mb-1">
            {t("We do not offer courses in {country} yet.", { country: reading.unserved.name })}
            {reading.unserved.closest.length > 0 && ` ${t("The closest destinations we serve:")}`}
          </p>
          {reading.unserved.closest.length > 0 && (
            <ul className="list-inline mb-0">
              {reading.unserved.closest.map((destination) => (
                <li key={destination} className="list-inline-item">
                  <Link to={hrefFor(`${reading.withoutUnserved} ${destination.toLowerCase()}`.trim())}>{destination}</Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {shown.length > 0 && (
        <div className="mb-3">
          <p className="mb-1">
            {t("Showing")} <span className="fw-semibold">{shown.map(label).join(" · ")}</span>
            {reading.text.length > 0 && <> {t("matching “{text}”", { text: reading.text.join(" ") })}</>}
          </p>
          <ul className="list-inline mb-0" aria-label={t("Parts of your search")}>
            {reading.parts.map((part, at) =>
              !chip(part) ? null : (
                <li key={`${part.kind}:${part.label}`} className="list-inline-item">
                  <Link
                    className="badge rounded-pill text-bg-light border text-decoration-none"
                    to={hrefFor(reading.without[at] ?? "")}
                    aria-label={t("Search without {part}", { part: label(part) })}
                  >
                    {label(part)} <span aria-hidden="true">×</span>
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

/** Under "Sorry, no items were found": searches near this one that do find courses (decision 0051). */
function NearSearches({ near }: { near: NearSearch[] }) {
  const { t } = useT();
  if (near.length === 0) return null;
  return (
    <section className="mb-5" aria-labelledby="near-heading" data-testid="near-searches">
      <h2 id="near-heading" className="h5">
        {t("Searches that find courses")}
      </h2>
      <ul className="mb-0">
        {near.map((n) =>
          n.kind === "elsewhere" ? (
            <li key={n.kind}>
              {t("The same in another destination:")}{" "}
              {n.destinations.map((d, at) => (
                <span key={d.slug}>
                  {at > 0 && ", "}
                  <Link to={filteredHref("/search", n.term, { ...n.filters, country: d.slug })}>
                    {t("{destination} ({count, plural, one {# course} other {# courses}})", {
                      destination: d.name,
                      count: d.count,
                    })}
                  </Link>
                </span>
              ))}
            </li>
          ) : n.kind === "shorter" ? (
            <li key={n.kind}>
              <Link to={filteredHref("/search", n.term, n.filters)}>
                {t("“{term}” ({count, plural, one {# course} other {# courses}})", { term: n.term, count: n.total })}
              </Link>
            </li>
          ) : (
            <li key={n.kind}>
              <Link to={filteredHref("/search", n.term, n.filters)}>
                {t("Any intake ({count, plural, one {# course} other {# courses}})", { count: n.total })}
              </Link>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { term, urlFilters, filters, termLeft, result, reading, rates, counts, destinations, near } = loaderData;
  const { t } = useT();
  const pageHref = (p: number) => {
    const href = filteredHref("/search", term, urlFilters);
    return `${href}${href.includes("?") ? "&" : "?"}page=${p}`;
  };
  return (
    <div className="container py-4">
      <h1 className="h2">{term ? t("Results for “{term}”", { term }) : result ? t("Courses") : t("Search")}</h1>
      {reading && <Understood reading={reading} filters={urlFilters} hrefFor={(t) => filteredHref("/search", t, urlFilters)} />}
      <AddressFilters term={term} reading={reading} filters={urlFilters} destinations={destinations} />
      {counts && (
        <CourseFiltersForm
          key={filteredHref("/search", termLeft, filters)}
          path="/search"
          term={term}
          clearTerm={termLeft}
          termNames={termFilters.filter(([, kind]) => reading?.parts.some((part) => part.kind === kind)).map(([key]) => key)}
          filters={filters}
          counts={counts}
          destinations={destinations}
        />
      )}
      {!result ? (
        <p>{t("Type a course, university or country in the search box above.")}</p>
      ) : result.items.length === 0 ? (
        <>
          <p className={`${near.length ? "mt-5 mb-3" : "my-5"} fs-5`}>{t("Sorry, no items were found for your search")}</p>
          <NearSearches near={near} />
        </>
      ) : (
        <>
          <p className="text-body-secondary">
            {t("{count, plural, one {# course.} other {# courses.}}", { count: result.total })}{" "}
            {t("*Fees are illustrative; confirm with the university.")}
          </p>
          <ul className="list-unstyled row row-cols-1 row-cols-md-2 row-cols-lg-3 g-3">
            {result.items.map((course) => (
              <CourseCard key={course.id} course={course} rates={rates} eligibility={loaderData.eligibility[course.id]} />
            ))}
          </ul>
          <RateNote rates={rates} />
          <Pager page={result.page} pageSize={result.pageSize} total={result.total} href={pageHref} />
        </>
      )}
    </div>
  );
}
