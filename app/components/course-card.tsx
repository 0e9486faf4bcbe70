import { Link } from "react-router";
import type { Course } from "../../modules/catalogue/catalogue.ts";
import { formatDuration, formatFee } from "../../modules/catalogue/format.ts";
import type { ExchangeRate } from "../../modules/costs/costs.ts";
import { approxRupees } from "./rupees";

/** A course in a list; with the page's rates, its fee also reads approximately in rupees (decision 0025). */
export function CourseCard({ course, rates = [] }: { course: Course; rates?: readonly ExchangeRate[] }) {
  const rupees = approxRupees(course.fee.amount, course.fee.currency, rates);
  return (
    <li className="col">
      <Link to={`/courses/${course.id}`} className="card h-100 text-decoration-none text-reset">
        <div className="card-body">
          <span className="badge text-bg-secondary mb-2">{course.level}</span>
          <h2 className="h6 card-title">{course.name}</h2>
          <p className="small mb-1">
            {course.university.name}, {course.university.city}, {course.university.country.name}
          </p>
          <p className="small text-body-secondary mb-0">
            {formatDuration(course.durationMonths)} · {course.mode} · {formatFee(course.fee)}*{rupees && ` (${rupees})`}
          </p>
        </div>
      </Link>
    </li>
  );
}
