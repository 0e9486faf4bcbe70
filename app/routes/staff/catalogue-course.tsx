import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { refusalOr } from "~/lib/form-result.server";
import { requireStaffWith } from "~/lib/staff.server";
import { notify } from "~/lib/toast";
import { parseId } from "../../../modules/catalogue/inputs.ts";
import { canManageCatalogue } from "../../../modules/staff/policies.ts";
import { catalogueAdminMessages, courseLevels, courseModes, feePeriods } from "../../../vocabulary/catalogue.ts";
import type { Route } from "./+types/catalogue-course";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.course.name ?? "Course"} | Catalogue | Ignite` },
  { name: "robots", content: "noindex" },
];

/** Admins: one course's facts, where its fee was read and when, and its retirement (decision 0017). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  return { course: await context.staff.catalogue.course(member, parseId(params.courseId, "Course")) };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canManageCatalogue);
  const id = parseId(params.courseId, "Course");
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  return refusalOr(async () => {
    if (form.intent === "retire" || form.intent === "restore") {
      const message = await context.staff.catalogue.retireCourse(member, id, form.intent === "retire");
      return { ok: true as const, message };
    }
    const saved = await context.staff.catalogue.editCourse(member, id, form);
    return { ok: true as const, message: catalogueAdminMessages.courseSaved(saved.name) };
  }, form);
}

type Field = { name: string; label: string; type?: string; max?: number; required?: boolean };
const textFields: Field[] = [
  { name: "name", label: "Name", max: 200, required: true },
  { name: "durationMonths", label: "Duration (months)", type: "number", required: true },
  { name: "feeAmount", label: "Fee (whole units)", type: "number", required: true },
  { name: "feeCurrency", label: "Currency (e.g. EUR)", max: 3, required: true },
  { name: "mediumOfInstruction", label: "Medium of instruction", max: 60, required: true },
  { name: "feeSource", label: "Fee's source (a URL or “University website”)", max: 300 },
  { name: "feeCheckedOn", label: "Fee checked on", type: "date" },
];
const choices = [
  { name: "level", label: "Level", options: courseLevels },
  { name: "feePeriod", label: "Fee period", options: feePeriods },
  { name: "mode", label: "Mode", options: courseModes },
] as const;

export default function CatalogueCourse({ loaderData, actionData }: Route.ComponentProps) {
  const { course } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  useEffect(() => {
    if (actionData) notify(actionData.ok ? "success" : "error", actionData.message);
  }, [actionData]);
  const current = course as unknown as Record<string, string | number | boolean | null>;
  const shown = (name: string) => refusal?.values[name] ?? String(current[name] ?? "");
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
      <Form method="post" className="row g-2 mb-3" style={{ maxWidth: "48rem" }}>
        <input type="hidden" name="intent" value="edit" />
        {textFields.map((f) => (
          <div className="col-sm-6" key={f.name}>
            <label htmlFor={`c-${f.name}`} className="form-label small">
              {f.label}
            </label>
            <input
              id={`c-${f.name}`}
              name={f.name}
              type={f.type ?? "text"}
              required={f.required}
              maxLength={f.max}
              defaultValue={shown(f.name)}
              aria-describedby={refusal?.fields[f.name] ? `c-${f.name}-error` : undefined}
              className={`form-control form-control-sm${refusal?.fields[f.name] ? " is-invalid" : ""}`}
            />
            {refusal?.fields[f.name] && (
              <div id={`c-${f.name}-error`} className="invalid-feedback">
                {refusal.fields[f.name]}
              </div>
            )}
          </div>
        ))}
        {choices.map((f) => (
          <div className="col-sm-4" key={f.name}>
            <label htmlFor={`c-${f.name}`} className="form-label small">
              {f.label}
            </label>
            <select id={`c-${f.name}`} name={f.name} defaultValue={shown(f.name)} className="form-select form-select-sm">
              {f.options.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </select>
          </div>
        ))}
        <div className="col-12 form-check ms-2">
          <input
            id="c-waiver"
            name="englishExamWaiver"
            type="checkbox"
            defaultChecked={course.englishExamWaiver}
            className="form-check-input"
          />
          <label htmlFor="c-waiver" className="form-check-label small">
            English exam waiver
          </label>
        </div>
        <div className="col-12">
          <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
            Save
          </button>
        </div>
        {refusal && <p className="text-danger small">{refusal.message}</p>}
      </Form>
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
