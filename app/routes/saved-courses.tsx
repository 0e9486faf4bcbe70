import { Form, Link } from "react-router";
import { EligibilityBadge } from "~/components/entry-requirements";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { requireStudent } from "~/lib/login-required.server";
import { useActionToast } from "~/lib/use-action-toast";
import { eligibilityInBrief } from "../../modules/eligibility.ts";
import { parseId } from "../../modules/ids.ts";
import { studentMessages } from "../../vocabulary/students.ts";
import type { Route } from "./+types/saved-courses";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaT(matches)("Saved Courses")} | Ignite` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  const [courses, profile] = await Promise.all([
    context.students.listSavedCourses(student.studentId),
    context.students.getProfile(student.studentId),
  ]);
  // Each saved course still shown, judged against the student's marks (decision 0027): a small badge.
  const shown = await context.catalogue.coursesToCompare(courses.map((c) => c.courseId));
  const verdicts = new Map(shown.map((course) => [course.id, eligibilityInBrief(course, profile)] as const));
  return { courses: courses.map((c) => ({ ...c, eligibility: verdicts.get(c.courseId) ?? null })) };
}

/** Remove: the spec shows none, every student wants one (DESIGN.md 6.11). */
export async function action({ request, context }: Route.ActionArgs) {
  const student = requireStudent(request, context.student);
  const form = await request.formData();
  return refusalOr(async () => {
    await context.students.removeInterest(student.studentId, parseId(form.get("courseId"), "Course"));
    const name = String(form.get("courseName") ?? "the course").slice(0, 200);
    return { ok: true as const, message: studentMessages.removedCourse(name) };
  });
}

export default function SavedCourses({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  useActionToast(actionData, (answer) => ({ kind: answer.ok ? "info" : "error", text: answer.message }));
  return (
    <div className="container py-4">
      <h1 className="h2 mb-4">{t("Saved Courses")}</h1>
      {actionData && (
        <noscript>
          <p className={`alert ${actionData.ok ? "alert-info" : "alert-danger"}`}>{t(actionData.message)}</p>
        </noscript>
      )}
      {loaderData.courses.length === 0 ? (
        <p className="fs-5 my-5">{t(studentMessages.noSavedCourses)}</p>
      ) : (
        <ul className="list-unstyled row row-cols-1 row-cols-md-2 row-cols-lg-3 g-3">
          {loaderData.courses.map((course) => (
            <li className="col" key={course.courseId}>
              <div className="card h-100">
                <div className="card-body">
                  <h2 className="h6 card-title">
                    <Link to={`/courses/${course.courseId}`}>{course.courseName}</Link>
                  </h2>
                  <p className="small mb-0">{t("from {university}", { university: course.universityName })}</p>
                  <p className="small text-body-secondary mb-0">
                    {course.location}, {course.country}
                  </p>
                  <EligibilityBadge eligibility={course.eligibility} />
                </div>
                <div className="card-footer bg-transparent border-0 pt-0 d-flex flex-wrap gap-2">
                  {/* Applying happens in the course page's Apply section, with its intakes and deadlines (decision 0055). */}
                  <Link className="btn btn-sm btn-primary" to={`/courses/${course.courseId}#apply`}>
                    {t("Apply")}
                    <span className="visually-hidden"> {course.courseName}</span>
                  </Link>
                  <Form method="post" action="/compare">
                    <input type="hidden" name="intent" value="add" />
                    <input type="hidden" name="courseId" value={course.courseId} />
                    <button type="submit" className="btn btn-sm btn-outline-primary">
                      {t("Add to compare")}
                      <span className="visually-hidden"> {course.courseName}</span>
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="courseId" value={course.courseId} />
                    <input type="hidden" name="courseName" value={course.courseName} />
                    <button type="submit" className="btn btn-sm btn-outline-danger">
                      {t("Remove")}
                      <span className="visually-hidden"> {course.courseName}</span>
                    </button>
                  </Form>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
