import { Link } from "react-router";
import { orRouteError } from "~/lib/errors.server";
import { requireStudent } from "~/lib/login-required.server";
import { formatDuration, formatFee } from "../../modules/catalogue/format.ts";
import { parseId } from "../../modules/catalogue/inputs.ts";
import type { Route } from "./+types/course";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.course.name ?? "Course"} | Ignite` }];

/** Both course routes of the spec: /courses/{courseID} and /{country}/universities/{universityID}/{courseID}. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (context.requireLoginForDetails) requireStudent(request, context.student);
  return orRouteError(
    (async () => {
      const universityId = "universityID" in params ? parseId(params.universityID, "Course") : undefined;
      return { course: await context.catalogue.getCourse(parseId(params.courseID, "Course"), universityId) };
    })(),
  );
}

export default function Course({ loaderData }: Route.ComponentProps) {
  const { course } = loaderData;
  const facts: [string, string][] = [
    ["Level", course.level],
    ["Duration", formatDuration(course.durationMonths)],
    ["Tuition fees (illustrative)", formatFee(course.fee)],
    ["Mode", course.mode],
    ["English exam waiver", course.englishExamWaiver ? "Yes" : "No"],
    ["Medium Of Instruction", course.mediumOfInstruction],
  ];
  return (
    <div className="container py-4">
      <h1 className="h2">{course.name}</h1>
      <p>
        <Link to={`/${course.university.country.slug}/universities/${course.university.id}`}>{course.university.name}</Link>,{" "}
        {course.university.city}, {course.university.country.name}
      </p>
      <dl className="row">
        {facts.map(([label, value]) => (
          <div key={label} className="col-sm-6 col-lg-4 mb-3">
            <dt>{label}</dt>
            <dd className="mb-0">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
