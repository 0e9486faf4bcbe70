import { Link } from "react-router";
import { useT } from "~/lib/i18n";
import type { UpcomingDeadline } from "../../modules/scholarships/scholarships.ts";
import { dayLabel, scholarshipMessages } from "../../vocabulary/scholarships.ts";

/**
 * The profile's upcoming scholarship deadlines (decision 0025): the student's matching scholarships that
 * close soon, soonest first, each with its official page; a link to all of them.
 */
export function ScholarshipDeadlines({ deadlines }: { deadlines: readonly UpcomingDeadline[] }) {
  const { t, day } = useT();
  return (
    <section aria-labelledby="scholarship-deadlines" className="mb-5">
      <h2 id="scholarship-deadlines" className="h4">
        {t("Upcoming scholarship deadlines")}
      </h2>
      {deadlines.length === 0 ? (
        <p>{t(scholarshipMessages.noUpcoming)}</p>
      ) : (
        <ul className="list-unstyled mb-2">
          {deadlines.map((d) => (
            <li key={d.id} className="border-bottom py-2">
              <strong>{day(d.deadline, dayLabel)}</strong>{" "}
              <span className="text-body-secondary">
                ({d.daysLeft === 0 ? t("today") : d.daysLeft === 1 ? t("tomorrow") : t("in {days} days", { days: d.daysLeft })})
              </span>
              :{" "}
              <a href={d.officialUrl} rel="noopener noreferrer external">
                {d.name}
              </a>
              <span className="small text-body-secondary"> · {d.provider}</span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/scholarships">{t("All scholarships, yours first")}</Link>
    </section>
  );
}
