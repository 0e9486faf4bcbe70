import { Link } from "react-router";
import { type Translator, useT } from "~/lib/i18n";
import type { Course } from "../../modules/catalogue/shown.ts";
import type { ExchangeRate } from "../../modules/costs/costs.ts";
import type { EligibilityInBrief } from "../../modules/eligibility.ts";
import { monthNames } from "../../vocabulary/applications.ts";
import { formatLongDate } from "../../vocabulary/costs.ts";
import { EligibilityBadge } from "./entry-requirements";
import { approxRupees } from "./rupees";
import { ageText } from "./visa-figures";

/**
 * A course in a list; with the page's rates, its fee also reads approximately in rupees (decision 0025),
 * and for a signed-in student with marks, whether they meet its entry requirements (decision 0027).
 */
export function CourseCard({
  course,
  rates = [],
  eligibility,
}: {
  course: Course;
  rates?: readonly ExchangeRate[];
  eligibility?: EligibilityInBrief | null;
}) {
  const { t, duration, fee } = useT();
  const rupees = approxRupees(course.fee.amount, course.fee.currency, rates);
  return (
    <li className="col">
      <Link to={`/courses/${course.id}`} className="card h-100 text-decoration-none text-reset">
        <div className="card-body">
          <span className="badge text-bg-secondary mb-2">{t(course.level)}</span>
          <h2 className="h6 card-title">{course.name}</h2>
          <p className="small mb-1">
            {course.university.name}, {course.university.city}, {course.university.country.name}
          </p>
          <p className="small text-body-secondary mb-0">
            {duration(course.durationMonths)} · {t(course.mode)} · {fee(course.fee)}*{rupees && ` (${rupees})`}
          </p>
          <EligibilityBadge eligibility={eligibility} />
        </div>
      </Link>
    </li>
  );
}

/**
 * An intake in the screen's language, as vocabulary/catalogue.ts's intakeLabel writes it in English:
 * "September 2027 (apply by 30 June 2027)".
 */
export function intakeText(
  { t, day }: Pick<Translator, "t" | "day">,
  intake: { month: number; year: number; deadline: string | null },
): string {
  const start = `${t(monthNames[intake.month - 1] ?? "")} ${intake.year}`;
  return intake.deadline ? t("{start} (apply by {deadline})", { start, deadline: day(intake.deadline, formatLongDate) }) : start;
}

/**
 * Where and when a figure was checked, in the screen's language (decisions 0017, 0105): "University website,
 * checked on 15 January 2026", with its age when the loader gives it ("(3 months ago)"); without a day it
 * is "not checked" ("University website, not checked"), never stated as fact. The tuition on the course
 * page, the application fee and the deadlines on the application page; in English, vocabulary's checkedText.
 */
export const figureSource = (
  { t, day }: Pick<Translator, "t" | "day">,
  figure: { source: string | null; checkedOn: string | null; ageDays?: number | null },
) =>
  [
    figure.source,
    figure.checkedOn
      ? `${t("checked on {day}", { day: day(figure.checkedOn, formatLongDate) })}${
          figure.ageDays === undefined || figure.ageDays === null ? "" : ` (${ageText(t, figure.ageDays)})`
        }`
      : t("not checked"),
  ]
    .filter(Boolean)
    .join(", ");
