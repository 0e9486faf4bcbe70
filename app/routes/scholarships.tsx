import { Form, Link } from "react-router";
import { metaT, useT } from "~/lib/i18n";
import type { Scholarship } from "../../modules/scholarships/scholarships.ts";
import { parseScholarshipFilters } from "../../modules/scholarships/scholarships.ts";
import { courseLevels } from "../../vocabulary/catalogue.ts";
import { dayLabel, deadlineLabel, scholarshipMessages as m } from "../../vocabulary/scholarships.ts";
import type { Route } from "./+types/scholarships";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: `${t("Scholarships")} | Ignite` },
    {
      name: "description",
      content: t(
        "Scholarships open to students from India: provider, destinations, levels, amount, deadline, eligibility and the official link.",
      ),
    },
  ];
};

/**
 * Scholarships (decision 0025): everyone sees the list with its filters (in the URL, so a link shares
 * them and the back button works); a logged-in student sees those matching their level, destinations
 * of interest and marks first, with what matched.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = parseScholarshipFilters({
    destination: url.searchParams.get("destination"),
    level: url.searchParams.get("level"),
  });
  const countries = (await context.catalogue.listCountries()).map((c) => c.name);
  if (!context.student) {
    return { filters, countries, student: null, matching: [], others: await context.scholarships.list(filters) };
  }
  const { profile, matching, others } = await context.scholarships.forStudent(context.student.studentId, filters);
  return { filters, countries, student: { profile }, matching, others };
}

function ScholarshipCard({ scholarship, reasons }: { scholarship: Scholarship; reasons?: string[] }) {
  const { t, day, dayOfYear } = useT();
  const english = deadlineLabel({ month: scholarship.deadlineMonth, day: scholarship.deadlineDay });
  const yearly =
    english && scholarship.deadlineMonth && scholarship.deadlineDay
      ? dayOfYear(scholarship.deadlineMonth, scholarship.deadlineDay, english)
      : null;
  const headingId = `scholarship-${scholarship.id}`;
  return (
    <li className="col">
      <article className="card h-100" aria-labelledby={headingId}>
        <div className="card-body">
          <h3 id={headingId} className="h5 card-title">
            {scholarship.name}
          </h3>
          <p className="small text-body-secondary mb-2">{scholarship.provider}</p>
          {reasons && (
            <p className="small mb-2">
              <span className="badge text-bg-success me-1">{t("Matches you")}</span>
              {reasons.map((reason) => t(reason)).join(" · ")}
            </p>
          )}
          <dl className="small mb-0">
            <dt>{t("Destinations")}</dt>
            <dd>{scholarship.destinations.length === 0 ? t("Any country") : scholarship.destinations.join(", ")}</dd>
            <dt>{t("Levels")}</dt>
            <dd>{scholarship.levels.map((level) => t(level)).join(", ")}</dd>
            <dt>{t("Amount")}</dt>
            <dd>{scholarship.amount}</dd>
            <dt>{t("Deadline")}</dt>
            <dd>
              {yearly && scholarship.nextDeadline
                ? t("{day} each year (next: {next})", { day: yearly, next: day(scholarship.nextDeadline, dayLabel) })
                : t(m.varies)}
              {scholarship.deadlineNote && <span className="d-block text-body-secondary">{scholarship.deadlineNote}</span>}
            </dd>
            <dt>{t("Eligibility")}</dt>
            <dd>
              {scholarship.eligibility}
              {scholarship.minimumPercentage !== null && (
                <span className="d-block">
                  {t("At least {percentage}% in the qualification before.", { percentage: scholarship.minimumPercentage })}
                </span>
              )}
            </dd>
          </dl>
        </div>
        <div className="card-footer bg-transparent small">
          <a href={scholarship.officialUrl} rel="noopener noreferrer external">
            {t("Official page")}
            <span className="visually-hidden"> {t("of {name}", { name: scholarship.name })}</span>
          </a>
          <span className="text-body-secondary ms-2">
            {t("Facts checked on {day}", { day: day(scholarship.checkedOn, dayLabel) })}
          </span>
        </div>
      </article>
    </li>
  );
}

export default function Scholarships({ loaderData }: Route.ComponentProps) {
  const { filters, countries, student, matching, others } = loaderData;
  const { t } = useT();
  const list = (items: Scholarship[], reasonsOf?: (s: Scholarship) => string[]) => (
    <ul className="list-unstyled row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 mb-4">
      {items.map((s) => (
        <ScholarshipCard key={s.id} scholarship={s} reasons={reasonsOf?.(s)} />
      ))}
    </ul>
  );
  const profile = student?.profile;
  return (
    <div className="container py-4">
      <h1 className="h2">{t("Scholarships")}</h1>
      <p className="text-body-secondary">
        {t(
          "Scholarships open to students from India. Amounts and deadlines change every year: check the official page before you apply.",
        )}
      </p>
      <Form method="get" className="row g-2 align-items-end mb-4" aria-label={t("Filter scholarships")}>
        <div className="col-sm-5 col-lg-3">
          <label htmlFor="sch-destination" className="form-label">
            {t("Destination")}
          </label>
          <select id="sch-destination" name="destination" defaultValue={filters.destination ?? ""} className="form-select">
            <option value="">{t("Any destination")}</option>
            {countries.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        <div className="col-sm-4 col-lg-2">
          <label htmlFor="sch-level" className="form-label">
            {t("Level")}
          </label>
          <select id="sch-level" name="level" defaultValue={filters.level ?? ""} className="form-select">
            <option value="">{t("Any level")}</option>
            {courseLevels.map((l) => (
              <option key={l} value={l}>
                {t(l)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-auto">
          <button type="submit" className="btn btn-primary">
            {t("Show")}
          </button>
          {(filters.destination || filters.level) && (
            <Link to="/scholarships" className="btn btn-link">
              {t("Clear")}
            </Link>
          )}
        </div>
      </Form>
      {student && (
        <section aria-labelledby="for-you">
          <h2 id="for-you" className="h4">
            {t(m.forYou)}
          </h2>
          {profile && (profile.levels.length > 0 || profile.destinations.length > 0) && (
            <p className="small text-body-secondary">
              {t("From your profile:")}{" "}
              {profile.levels.length > 0 ? profile.levels.map((level) => t(level)).join(", ") : t("no level yet")};{" "}
              {profile.destinations.length > 0 ? profile.destinations.join(", ") : t("any destination")}.{" "}
              <Link to="/profile">{t("Your profile")}</Link>
            </p>
          )}
          {matching.length === 0 ? (
            <p>{t(m.noneMatch)}</p>
          ) : (
            list(matching, (s) => (s as Scholarship & { reasons: string[] }).reasons)
          )}
        </section>
      )}
      <section aria-labelledby="all-scholarships">
        <h2 id="all-scholarships" className={student ? "h4" : "visually-hidden"}>
          {student ? t(m.others) : t("All scholarships")}
        </h2>
        {others.length === 0 && matching.length === 0 ? <p>{t(m.noneFound)}</p> : list(others)}
      </section>
    </div>
  );
}
