import { useState } from "react";
import { Form as GetForm } from "react-router";
import { IntakeMonthYear } from "~/components/intake-month-year";
import { useSectionForm } from "~/lib/section-form";
import { applicationMessages } from "../../../../vocabulary/applications.ts";

export type CourseChoice = { id: number; text: string; intakes: { value: string; label: string }[] };

/**
 * "New application" (intent `application`): find a course by GET, then post it with its intake. With
 * scripts, the intake fields follow the chosen course; without, both kinds show (the server checks).
 */
export function NewApplicationSection({
  template,
  courseTerm,
  courseChoices,
  years,
}: {
  template: string;
  courseTerm: string;
  courseChoices: CourseChoice[];
  years: number[];
}) {
  const { Form, busy, refusal } = useSectionForm("application");
  const [chosenCourse, setChosenCourse] = useState("");
  const chosen = courseChoices.find((c) => String(c.id) === chosenCourse);
  const withIntakes = courseChoices.filter((c) => c.intakes.length > 0);
  const showIntakeList = chosen ? chosen.intakes.length > 0 : withIntakes.length > 0;
  const showMonthYear = chosen ? chosen.intakes.length === 0 : true;
  return (
    <div className="card card-body mt-3">
      <h3 className="h6">New application</h3>
      <GetForm method="get" className="row g-2 align-items-end mb-3">
        <input type="hidden" name="template" value={template} />
        <div className="col-sm-8">
          <label htmlFor="course-term" className="form-label small">
            Find a course (name, university or country)
          </label>
          <input
            id="course-term"
            name="course"
            type="search"
            className="form-control form-control-sm"
            defaultValue={courseTerm}
            maxLength={100}
          />
        </div>
        <div className="col-sm-4">
          <button type="submit" className="btn btn-sm btn-outline-secondary">
            Find
          </button>
        </div>
      </GetForm>
      <Form method="post" className="row g-2 align-items-end">
        <input type="hidden" name="intent" value="application" />
        <div className="col-12">
          <label htmlFor="application-course" className="form-label small">
            Course
          </label>
          <select
            id="application-course"
            name="courseId"
            className={`form-select form-select-sm${refusal?.fields.courseId ? " is-invalid" : ""}`}
            required
            defaultValue=""
            onChange={(event) => setChosenCourse(event.currentTarget.value)}
            aria-describedby={refusal?.fields.courseId ? "application-course-error" : undefined}
          >
            <option value="" disabled>
              {courseChoices.length ? "Choose a course…" : "Find a course first, or save one on the site"}
            </option>
            {courseChoices.map((c) => (
              <option key={`${c.id}-${c.text}`} value={c.id}>
                {c.text}
              </option>
            ))}
          </select>
          {refusal?.fields.courseId && (
            <div id="application-course-error" className="invalid-feedback d-block">
              {refusal.fields.courseId}
            </div>
          )}
        </div>
        {showIntakeList && (
          <div className="col-12">
            <label htmlFor="application-intake" className="form-label small">
              {applicationMessages.courseIntake}
            </label>
            <select
              id="application-intake"
              name="intake"
              key={chosen ? chosen.id : "all"}
              required={Boolean(chosen)}
              defaultValue=""
              aria-invalid={refusal?.fields.intake ? true : undefined}
              aria-describedby={refusal?.fields.intake ? "application-intake-error" : undefined}
              className={`form-select form-select-sm${refusal?.fields.intake ? " is-invalid" : ""}`}
            >
              {chosen ? (
                <>
                  <option value="" disabled>
                    Choose an intake…
                  </option>
                  {chosen.intakes.map((i) => (
                    <option key={i.value} value={i.value}>
                      {i.label}
                    </option>
                  ))}
                </>
              ) : (
                <>
                  <option value="">{applicationMessages.freeIntake}</option>
                  {withIntakes.map((c) => (
                    <optgroup key={`${c.id}-${c.text}`} label={c.text}>
                      {c.intakes.map((i) => (
                        <option key={i.value} value={i.value}>
                          {i.label}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </>
              )}
            </select>
            {refusal?.fields.intake && (
              <div id="application-intake-error" className="invalid-feedback d-block">
                {refusal.fields.intake}
              </div>
            )}
          </div>
        )}
        {showMonthYear && (
          <IntakeMonthYear
            idPrefix="application"
            monthName="intakeMonth"
            yearName="intakeYear"
            years={years}
            columnClass="col-sm-4"
          />
        )}
        <div className="col-sm-4">
          <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
            Create application
          </button>
        </div>
        {refusal && !refusal.fields.courseId && !refusal.fields.intake && (
          <p className="text-danger small mb-0" role="alert">
            {refusal.message}
          </p>
        )}
      </Form>
    </div>
  );
}
