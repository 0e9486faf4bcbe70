import type { InputHTMLAttributes } from "react";
import { useAutoFocusOnRefusal } from "~/lib/refusal-focus";
import { courseLevels, courseModes, feePeriods } from "../../vocabulary/catalogue.ts";

/**
 * A course's fields in the console (courseInput in modules/staff/catalogue.ts parses them): the one form
 * of both adding a course on its university's screen and editing it on its own.
 */
type Field = {
  name: string;
  label: string;
  type?: string;
  max?: number;
  required?: boolean;
  step?: number;
  top?: number;
  /** A scale's lowest score, from which its steps count (the GMAT's 205). */
  bottom?: number;
};
const textFields: Field[] = [
  { name: "name", label: "Course name", max: 200, required: true },
  { name: "durationMonths", label: "Duration (months)", type: "number", required: true },
  { name: "feeAmount", label: "Fee (whole units)", type: "number", required: true },
  { name: "feeCurrency", label: "Currency (e.g. EUR)", max: 3, required: true },
  { name: "mediumOfInstruction", label: "Medium of instruction", max: 60, required: true },
  { name: "feeSource", label: "Fee's source (a URL or “University website”)", max: 300 },
  { name: "feeCheckedOn", label: "Fee checked on", type: "date" },
  // One source for the course's intake deadlines, kept with the course (decision 0105).
  { name: "deadlineSource", label: "Deadlines' source (a URL or “University website”)", max: 300 },
  { name: "deadlineCheckedOn", label: "Deadlines checked on", type: "date" },
];
/** Entry requirements (decision 0027): each optional; blank means the course does not set it. */
const requirementFields: Field[] = [
  { name: "minPercentage", label: "Minimum percentage (12th, or the bachelor's for a master's)", step: 0.01, top: 100 },
  { name: "minCgpa", label: "Minimum CGPA (out of 10)", step: 0.01, top: 10 },
  { name: "minIelts", label: "Minimum IELTS", step: 0.5, top: 9 },
  { name: "minToefl", label: "Minimum TOEFL iBT", step: 1, top: 120 },
  { name: "minPte", label: "Minimum PTE Academic", step: 1, top: 90 },
  { name: "minDuolingo", label: "Minimum Duolingo English Test", step: 5, top: 160 },
  { name: "minGre", label: "Minimum GRE (General Test total)", step: 1, top: 340 },
  { name: "minGmat", label: "Minimum GMAT (Focus Edition total)", step: 10, top: 805, bottom: 205 },
];
/** What an application's package holds (decision 0057): counts and limits, then what is asked (checkboxes). */
const packageFields: Field[] = [
  { name: "lettersRequired", label: "Recommendation letters asked (0 to 3)", step: 1, top: 3 },
  { name: "sopWordLimit", label: "SOP word limit", step: 1, top: 5000 },
  { name: "applicationFeeAmount", label: "Application fee (whole units)", step: 1, top: 10_000_000 },
];
const packageAsks = [
  { name: "sopRequired", label: "SOP asked" },
  { name: "portfolioRequired", label: "Portfolio asked" },
  { name: "writingSampleRequired", label: "Writing sample asked" },
  { name: "englishTestAsked", label: "English test score report asked" },
  { name: "admissionsTestAsked", label: "GRE or GMAT score report asked" },
] as const;
const choices = [
  { name: "level", label: "Level", options: courseLevels },
  { name: "feePeriod", label: "Fee period", options: feePeriods },
  { name: "mode", label: "Mode", options: courseModes },
] as const;

/** One labelled input of the course form, with its error under it, announced with the field. */
function CourseInput({
  className,
  id,
  field,
  value,
  error,
  ...attributes
}: {
  className: string;
  id: string;
  field: Field;
  value: string;
  error: string | undefined;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "type" | "required" | "maxLength" | "min" | "max" | "step" | "inputMode">) {
  const autoFocus = useAutoFocusOnRefusal(field.name);
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label small">
        {field.label}
      </label>
      <input
        id={id}
        name={field.name}
        // biome-ignore lint/a11y/noAutofocus: asked for by submitting; the field a refusal names (refusal-focus.ts)
        autoFocus={autoFocus}
        {...attributes}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`form-control form-control-sm${error ? " is-invalid" : ""}`}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}

export function CourseFields({
  idPrefix,
  shown,
  waiver,
  errors = {},
}: {
  /** Keeps ids unique when the page holds other forms. */
  idPrefix: string;
  /** The value a field shows: what was typed (after a refusal), the course's, or a default. */
  shown: (name: string) => string;
  waiver: boolean;
  errors?: Record<string, string>;
}) {
  return (
    <>
      {textFields.map((f) => (
        <CourseInput
          key={f.name}
          className="col-sm-6"
          id={`${idPrefix}-${f.name}`}
          field={f}
          value={shown(f.name)}
          error={errors[f.name]}
          type={f.type ?? "text"}
          required={f.required}
          maxLength={f.max}
          min={f.type === "number" ? 0 : undefined}
        />
      ))}
      {choices.map((f) => (
        <div className="col-sm-4" key={f.name}>
          <label htmlFor={`${idPrefix}-${f.name}`} className="form-label small">
            {f.label}
          </label>
          <select
            id={`${idPrefix}-${f.name}`}
            name={f.name}
            defaultValue={shown(f.name) || f.options[0]}
            className="form-select form-select-sm"
          >
            {f.options.map((o) => (
              <option key={o}>{o}</option>
            ))}
          </select>
        </div>
      ))}
      <fieldset className="col-12">
        <legend className="h6 mb-1">Entry requirements (optional)</legend>
        <div className="row g-2">
          {requirementFields.map((f) => (
            <CourseInput
              key={f.name}
              className="col-sm-6 col-lg-4"
              id={`${idPrefix}-${f.name}`}
              field={f}
              value={shown(f.name)}
              error={errors[f.name]}
              type="number"
              inputMode="decimal"
              min={f.bottom ?? 0}
              max={f.top}
              step={f.step}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="col-12">
        <legend className="h6 mb-1">Application package</legend>
        <div className="row g-2">
          {packageFields.map((f) => (
            <CourseInput
              key={f.name}
              className="col-sm-6 col-lg-3"
              id={`${idPrefix}-${f.name}`}
              field={f}
              value={shown(f.name)}
              error={errors[f.name]}
              type="number"
              inputMode="numeric"
              min={0}
              max={f.top}
              step={f.step}
            />
          ))}
          <CourseInput
            className="col-sm-6 col-lg-3"
            id={`${idPrefix}-applicationFeeCurrency`}
            field={{ name: "applicationFeeCurrency", label: "Application fee currency (e.g. USD)" }}
            value={shown("applicationFeeCurrency")}
            error={errors.applicationFeeCurrency}
            type="text"
            maxLength={3}
          />
          {/* Where and when the application fee was read: a student reads it "not checked" without the day (decision 0105). */}
          <CourseInput
            className="col-sm-6"
            id={`${idPrefix}-applicationFeeSource`}
            field={{ name: "applicationFeeSource", label: "Application fee's source (a URL or “University website”)" }}
            value={shown("applicationFeeSource")}
            error={errors.applicationFeeSource}
            type="text"
            maxLength={300}
          />
          <CourseInput
            className="col-sm-6"
            id={`${idPrefix}-applicationFeeCheckedOn`}
            field={{ name: "applicationFeeCheckedOn", label: "Application fee checked on" }}
            value={shown("applicationFeeCheckedOn")}
            error={errors.applicationFeeCheckedOn}
            type="date"
          />
          {packageAsks.map((f) => (
            <div className="col-sm-6 col-lg-4 form-check ms-2" key={f.name}>
              <input
                id={`${idPrefix}-${f.name}`}
                name={f.name}
                type="checkbox"
                defaultChecked={["true", "on"].includes(shown(f.name))}
                className="form-check-input"
              />
              <label htmlFor={`${idPrefix}-${f.name}`} className="form-check-label small">
                {f.label}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <div className="col-12 form-check ms-2">
        <input
          id={`${idPrefix}-waiver`}
          name="englishExamWaiver"
          type="checkbox"
          defaultChecked={waiver}
          className="form-check-input"
        />
        <label htmlFor={`${idPrefix}-waiver`} className="form-check-label small">
          English exam waiver
        </label>
      </div>
    </>
  );
}
