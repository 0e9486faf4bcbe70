import type { FormEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { useT } from "~/lib/i18n";
import {
  type CourseFilters,
  durationBands,
  type FilterCounts,
  feeStepsWith,
  filtersQuery,
  sortLabels,
} from "../../modules/catalogue/course-filters.ts";
import { monthNames } from "../../vocabulary/applications.ts";
import { courseLevels, courseModes } from "../../vocabulary/catalogue.ts";

/** What each filter's choices would leave, as the loader sends them (plain objects, keyed by the choice). */
export type FilterCountsView = { [Facet in keyof FilterCounts]: Record<string, number> };

/** The filters' counts as plain objects, for a loader to send. */
export const filterCountsView = (counts: FilterCounts): FilterCountsView =>
  Object.fromEntries(Object.entries(counts).map(([facet, map]) => [facet, Object.fromEntries(map)])) as FilterCountsView;

const LAKH = 100_000;

/** An address with these filters (and term), for links that add or drop one. */
export function filteredHref(path: string, term: string, filters: CourseFilters): string {
  return withQuery(path, [...(term ? [["q", term] as [string, string]] : []), ...filtersQuery(filters)]);
}

/** An address with these parameters, spaces as %20 as the navbar's search writes them. */
const withQuery = (path: string, pairs: ReadonlyArray<[string, string]>) =>
  pairs.length ? `${path}?${pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&")}` : path;

/** One filter: a labelled select of its choices (value, text), "any" first when the filter may be left out. */
function FilterSelect({
  name,
  label,
  any,
  value,
  choices,
}: {
  name: string;
  label: string;
  any?: string;
  value: string | number | undefined;
  choices: ReadonlyArray<readonly [string | number, string]>;
}) {
  const id = `filter-${name.replace("_", "-")}`;
  return (
    <div className="col">
      <label className="form-label small mb-1" htmlFor={id}>
        {label}
      </label>
      {/* Choices about courses, never the visitor's own details: the browser must not fill them in ("country"). */}
      <select id={id} name={name} className="form-select form-select-sm" defaultValue={value ?? ""} autoComplete="off">
        {any !== undefined && <option value="">{any}</option>}
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The filters and order of a search or a university's courses (decision 0030): one GET form, so it works
 * without JavaScript and its address can be shared; with JavaScript a change applies at once and the
 * address keeps only the filters that narrow. Each choice says how many courses it would leave.
 */
export function CourseFiltersForm({
  path,
  term,
  clearTerm = term,
  termNames = [],
  filters,
  counts,
  destinations,
}: {
  path: string;
  /** The term the form carries, as typed (decision 0051: the box keeps the student's words). */
  term: string;
  /** The term "Clear filters" leads to: without the words that named a filter. */
  clearTerm?: string;
  /**
   * Filters the term names ("canada" in "mba canada"): set to "any", they are sent empty, and the page
   * takes their words out of the term (else the term would name them again).
   */
  termNames?: ReadonlyArray<keyof CourseFilters>;
  filters: CourseFilters;
  counts: FilterCountsView;
  /** The destinations to offer (a search); none on a university's page. */
  destinations?: ReadonlyArray<{ id: number; name: string; slug: string }>;
}) {
  const navigate = useNavigate();
  const { t, number } = useT();
  /** A choice with the courses it would leave: "Masters (38)". */
  const counted = (label: string, n: number | undefined) => `${label} (${number(n ?? 0)})`;
  /** "₹10 lakh" for round amounts, else the amount in the Indian style. */
  const rupeeStep = (amount: number) =>
    amount % LAKH === 0 ? t("₹{lakh} lakh", { lakh: number(amount / LAKH) }) : `₹${number(amount)}`;
  const steps = feeStepsWith(filters.feeMin, filters.feeMax);
  const apply = (form: HTMLFormElement) => {
    const pairs: [string, string][] = [];
    for (const [key, value] of new FormData(form)) {
      const text = String(value).trim();
      const named = (termNames as readonly string[]).includes(key);
      if ((text || named) && !(key === "sort" && text === "relevance")) pairs.push([key, text]);
    }
    navigate(withQuery(path, pairs));
  };
  const submitted = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  const shownDestinations = (destinations ?? [])
    .filter((d) => (counts.country[d.id] ?? 0) > 0 || d.slug === filters.country)
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Form
      method="get"
      action={path}
      className="card card-body bg-body-tertiary mb-3"
      aria-label={t("Filter courses")}
      onSubmit={submitted}
      onChange={(event) => apply(event.currentTarget)}
    >
      {term && <input type="hidden" name="q" value={term} />}
      <div className="row row-cols-2 row-cols-md-4 g-2">
        {destinations && (
          <FilterSelect
            name="country"
            label={t("Destination")}
            any={t("Any destination")}
            value={filters.country}
            choices={shownDestinations.map((d) => [d.slug, counted(d.name, counts.country[d.id])])}
          />
        )}
        <FilterSelect
          name="level"
          label={t("Level")}
          any={t("Any level")}
          value={filters.level?.toLowerCase()}
          choices={courseLevels.map((level) => [level.toLowerCase(), counted(t(level), counts.level[level])])}
        />
        <FilterSelect
          name="mode"
          label={t("Mode")}
          any={t("Any mode")}
          value={filters.mode?.toLowerCase()}
          choices={courseModes.map((mode) => [mode.toLowerCase(), counted(t(mode), counts.mode[mode])])}
        />
        <FilterSelect
          name="duration"
          label={t("Duration")}
          any={t("Any duration")}
          value={filters.duration}
          choices={durationBands.map((band) => [band.key, counted(t(band.label), counts.duration[band.key])])}
        />
        <FilterSelect
          name="intake"
          label={t("Intake")}
          any={t("Any month")}
          value={filters.intake}
          choices={monthNames.map((month, at) => [at + 1, counted(t(month), counts.intake[at + 1])])}
        />
        <FilterSelect
          name="fee_min"
          label={t("Tuition a year from")}
          any={t("Any amount")}
          value={filters.feeMin}
          choices={steps.map((step) => [step, counted(rupeeStep(step), counts.feeFrom[step])])}
        />
        <FilterSelect
          name="fee_max"
          label={t("Tuition a year up to")}
          any={t("Any amount")}
          value={filters.feeMax}
          choices={steps.map((step) => [step, counted(rupeeStep(step), counts.feeUpTo[step])])}
        />
        <FilterSelect
          name="sort"
          label={t("Order")}
          value={filters.sort}
          choices={Object.entries(sortLabels).map(([value, label]) => [value, t(label)])}
        />
      </div>
      <div className="d-flex gap-3 align-items-center mt-2">
        <button type="submit" className="btn btn-sm btn-primary">
          {t("Apply filters")}
        </button>
        <Link className="small" to={filteredHref(path, clearTerm, { sort: "relevance" })}>
          {t("Clear filters")}
        </Link>
      </div>
    </Form>
  );
}
