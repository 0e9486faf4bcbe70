import { Link } from "react-router";
import { CourseFiltersForm, filterCountsView, filteredHref } from "~/components/course-filters-form";
import { orRouteError } from "~/lib/errors.server";
import { metaT, useT } from "~/lib/i18n";
import { requireStudent } from "~/lib/login-required.server";
import { parseCourseFilters } from "../../modules/catalogue/input.ts";
import { notFound } from "../../modules/errors.ts";
import { parseId } from "../../modules/ids.ts";
import type { Route } from "./+types/university";

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) => [
  { title: `${data?.university.name ?? metaT(matches)("University")} | Ignite` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (context.requireLoginForDetails) requireStudent(request, context.student);
  return orRouteError(
    (async () => {
      const university = await context.catalogue.getUniversity(parseId(params.universityID, "University"));
      const country = await context.catalogue.findCountry(params.countryName);
      if (country.name !== university.country.name) throw notFound("University");
      const filters = parseCourseFilters(new URL(request.url).searchParams);
      // Its courses, narrowed and ordered by the filters in the address (decision 0030).
      const found = await context.catalogue.findCourses({
        term: "",
        page: 1,
        filters,
        universityId: university.id,
        rupees: await context.costs.rupeesPerUnit(),
        counts: true,
      });
      return {
        university,
        filters,
        courses: found.result?.items ?? [],
        counts: found.counts ? filterCountsView(found.counts) : null,
      };
    })(),
  );
}

export default function University({ loaderData }: Route.ComponentProps) {
  const { university, filters, courses, counts } = loaderData;
  const path = `/${university.country.slug}/universities/${university.id}`;
  const { t, duration } = useT();
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
          <p className="text-body-secondary">{university.type === "Public" ? t("Public university") : t("Private university")}</p>
        </div>
      </div>
      <h2 className="h4">{t("Courses")}</h2>
      {counts && (
        <CourseFiltersForm key={filteredHref(path, "", filters)} path={path} term="" filters={filters} counts={counts} />
      )}
      {courses.length === 0 && <p className="my-4">{t("No course here matches these filters.")}</p>}
      <ul className="list-group list-unstyled">
        {courses.map((course) => (
          <li key={course.id} className="border-bottom py-2">
            <Link to={`/${university.country.slug}/universities/${university.id}/${course.id}`}>{course.name}</Link>
            <span className="small text-body-secondary ms-2">
              {t(course.level)} · {duration(course.durationMonths)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
