import { Form, Link, useNavigation } from "react-router";
import { CourseFields } from "~/components/course-fields";
import { refusalOr } from "~/lib/form-result.server";
import { byIntent } from "~/lib/intents.server";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { parseId } from "../../../modules/ids.ts";
import { canManageCatalogue } from "../../../modules/policies.ts";
import { intakeYearsFrom } from "../../../vocabulary/applications.ts";
import { catalogueAdminMessages, intakeLabel } from "../../../vocabulary/catalogue.ts";
import { IntakeMonthYear } from "../../components/intake-month-year.tsx";
import type { Route } from "./+types/catalogue-course";

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: `${data?.course.name ?? "Course"} | Catalogue | Ignite` },
  { name: "robots", content: "noindex" },
];

/** Admins: one course's facts, where its fee was read and when, its intakes and its retirement (decisions 0017, 0019). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  const id = parseId(params.courseId, "Course");
  const [course, intakes] = await Promise.all([
    context.staff.catalogue.course(member, id),
    context.staff.catalogue.courseIntakes(member, id),
  ]);
  const year = new Date().getUTCFullYear();
  return {
    course,
    intakes,
    added: new URL(request.url).searchParams.has("added"),
    years: intakeYearsFrom(year),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  const id = parseId(params.courseId, "Course");
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  const catalogue = context.staff.catalogue;
  return refusalOr(
    async () =>
      byIntent(form.intent, {
        retire: async () => ({ ok: true as const, message: await catalogue.retireCourse(member, id, true) }),
        restore: async () => ({ ok: true as const, message: await catalogue.retireCourse(member, id, false) }),
        "add-intake": async () => {
          const added = await catalogue.addIntake(member, id, form);
          return {
            ok: true as const,
            message: catalogueAdminMessages.intakeAdded(intakeLabel({ month: added.month, year: added.year })),
          };
        },
        // The deadline moved in place: applications keep what they were applied with (decisions 0085, 0088).
        "move-deadline": async () => {
          const { message } = await catalogue.moveIntakeDeadline(member, id, parseId(form.intakeId, "Intake"), form);
          return { ok: true as const, message };
        },
        "remove-intake": async () => ({
          ok: true as const,
          message: await catalogue.removeIntake(member, id, parseId(form.intakeId, "Intake")),
        }),
        edit: async () => {
          const saved = await catalogue.editCourse(member, id, form);
          return { ok: true as const, message: catalogueAdminMessages.courseSaved(saved.name) };
        },
      }),
    form,
  );
}

export default function CatalogueCourse({ loaderData, actionData }: Route.ComponentProps) {
  const { course, intakes, added, years } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  const refusedFor = (intent: string) => (refusal?.values.intent === intent ? refusal : undefined);
  useActionToast(actionData);
  const editRefusal = refusedFor("edit");
  const intakeRefusal = refusedFor("add-intake");
  const moveRefusal = refusedFor("move-deadline");
  const current = course as unknown as Record<string, string | number | boolean | null>;
  const shown = (name: string) => editRefusal?.values[name] ?? String(current[name] ?? "");
  return (
    <>
      <p className="small">
        <Link to="/staff/catalogue">Catalogue</Link> ›{" "}
        <Link to={`/staff/catalogue/universities/${course.universityId}`}>{course.university}</Link>
      </p>
      <h1 className="h3 mb-3">
        {course.name}
        {course.retired && <span className="badge text-bg-secondary ms-2">Retired</span>}
      </h1>
      {added && (
        <p className="alert alert-success py-2" role="status">
          {catalogueAdminMessages.courseCreated(course.name)} Add its intakes below.
        </p>
      )}
      <Form method="post" className="row g-2 mb-3" style={{ maxWidth: "48rem" }}>
        <input type="hidden" name="intent" value="edit" />
        <CourseFields idPrefix="c" shown={shown} waiver={course.englishExamWaiver} errors={editRefusal?.fields} />
        <div className="col-12">
          <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
            Save
          </button>
        </div>
        {editRefusal && <p className="text-danger small">{editRefusal.message}</p>}
      </Form>

      <section aria-labelledby="intakes-heading" className="mb-4" style={{ maxWidth: "48rem" }}>
        <h2 id="intakes-heading" className="h5">
          Intakes
        </h2>
        <p className="small text-body-secondary">
          Visitors see the intakes that have not yet begun on the course's page; counsellors choose among them when they create an
          application. Moving a deadline keeps the intake: students who applied keep the deadline they applied with, and their
          counsellors are told.
        </p>
        {intakes.length === 0 ? (
          <p>No intakes: counsellors choose any month and year.</p>
        ) : (
          <ul className="list-unstyled">
            {intakes.map((intake) => (
              <li key={intake.id} className="border-bottom py-2" data-testid="intake">
                <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
                  <span>{intake.label}</span>
                  {intake.past && <span className="badge text-bg-secondary">Past</span>}
                  <Form method="post" className="d-inline">
                    <input type="hidden" name="intent" value="remove-intake" />
                    <input type="hidden" name="intakeId" value={intake.id} />
                    <button type="submit" className="btn btn-sm btn-outline-danger" disabled={busy}>
                      Remove<span className="visually-hidden"> the {intake.label} intake</span>
                    </button>
                  </Form>
                </div>
                {/* The deadline moved in place: the applications made for the intake keep it (decision 0088). */}
                <Form method="post" className="d-flex flex-wrap align-items-end gap-2">
                  <input type="hidden" name="intent" value="move-deadline" />
                  <input type="hidden" name="intakeId" value={intake.id} />
                  <div>
                    <label htmlFor={`deadline-${intake.id}`} className="form-label small mb-0">
                      Apply by
                      <span className="visually-hidden">
                        {" "}
                        for the {intakeLabel({ month: intake.month, year: intake.year })} intake
                      </span>
                    </label>
                    <input
                      id={`deadline-${intake.id}`}
                      name="deadline"
                      type="date"
                      defaultValue={
                        moveRefusal?.values.intakeId === String(intake.id) ? moveRefusal.values.deadline : (intake.deadline ?? "")
                      }
                      aria-invalid={moveRefusal?.values.intakeId === String(intake.id) ? true : undefined}
                      aria-describedby={
                        moveRefusal?.values.intakeId === String(intake.id) ? `deadline-${intake.id}-error` : undefined
                      }
                      className={`form-control form-control-sm${moveRefusal?.values.intakeId === String(intake.id) ? " is-invalid" : ""}`}
                    />
                  </div>
                  <button type="submit" className="btn btn-sm btn-outline-primary" disabled={busy}>
                    Move the deadline
                    <span className="visually-hidden">
                      {" "}
                      of the {intakeLabel({ month: intake.month, year: intake.year })} intake
                    </span>
                  </button>
                  {moveRefusal?.values.intakeId === String(intake.id) && (
                    <p id={`deadline-${intake.id}-error`} className="text-danger small mb-0 w-100" role="alert">
                      {moveRefusal.message}
                    </p>
                  )}
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="row g-2 align-items-end">
          <input type="hidden" name="intent" value="add-intake" />
          <IntakeMonthYear
            idPrefix="intake"
            monthName="month"
            yearName="year"
            years={years}
            defaultMonth={intakeRefusal?.values.month}
            defaultYear={intakeRefusal?.values.year}
            columnClass="col-sm-3"
          />
          <div className="col-sm-3">
            <label htmlFor="intake-deadline" className="form-label small">
              Apply by (optional)
            </label>
            <input
              id="intake-deadline"
              name="deadline"
              type="date"
              defaultValue={intakeRefusal?.values.deadline}
              aria-invalid={intakeRefusal?.fields.deadline ? true : undefined}
              className={`form-control form-control-sm${intakeRefusal?.fields.deadline ? " is-invalid" : ""}`}
            />
          </div>
          <div className="col-sm-3">
            <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
              Add the intake
            </button>
          </div>
          {intakeRefusal && (
            <p className="text-danger small mb-0" role="alert">
              {intakeRefusal.message}
            </p>
          )}
        </Form>
      </section>

      <Form method="post">
        <input type="hidden" name="intent" value={course.retired ? "restore" : "retire"} />
        <button
          type="submit"
          className={`btn btn-sm ${course.retired ? "btn-outline-primary" : "btn-outline-danger"}`}
          disabled={busy}
        >
          {course.retired ? "Restore to the site" : "Retire (hide from the site, keep applications)"}
        </button>
      </Form>
    </>
  );
}
