import { Link } from "react-router";
import { orRouteError } from "~/lib/errors.server";
import { requireStudent } from "~/lib/login-required.server";
import { formatDuration } from "../../modules/catalogue/format.ts";
import { parseId } from "../../modules/catalogue/inputs.ts";
import { notFound } from "../../modules/errors.ts";
import type { Route } from "./+types/university";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.university.name ?? "University"} | Ignite` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (context.requireLoginForDetails) requireStudent(request, context.student);
  return orRouteError(
    (async () => {
      const university = await context.catalogue.getUniversity(parseId(params.universityID, "University"));
      const country = await context.catalogue.findCountry(params.countryName);
      if (country.name !== university.country.name) throw notFound("University");
      return { university, courses: await context.catalogue.listUniversityCourses(university.id) };
    })(),
  );
}

export default function University({ loaderData }: Route.ComponentProps) {
  const { university, courses } = loaderData;
  return (
    <div className="container py-4">
      <div className="row g-4 align-items-center mb-4">
        <div className="col-md-5">
          <img className="img-fluid rounded" src={university.image} alt="" width={400} height={240} />
        </div>
        <div className="col-md-7">
          <h1 className="h2">{university.name}</h1>
          <p className="mb-1">
            {university.city}, <Link to={`/${university.country.slug}/universities`}>{university.country.name}</Link>
          </p>
          <p className="text-body-secondary">{university.type} university</p>
        </div>
      </div>
      <h2 className="h4">Courses</h2>
      <ul className="list-group list-unstyled">
        {courses.map((course) => (
          <li key={course.id} className="border-bottom py-2">
            <Link to={`/${university.country.slug}/universities/${university.id}/${course.id}`}>{course.name}</Link>
            <span className="small text-body-secondary ms-2">
              {course.level} · {formatDuration(course.durationMonths)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
