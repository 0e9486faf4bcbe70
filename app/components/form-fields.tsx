import type { ReactNode } from "react";

interface FieldProps {
  name: string;
  label: string;
  required?: boolean;
  error?: string;
  defaultValue?: string;
  className?: string;
}

function Label({ name, label, required }: Pick<FieldProps, "name" | "label" | "required">) {
  return (
    <label htmlFor={name} className="form-label">
      {label}
      {required && (
        <span className="text-danger" aria-hidden="true">
          {" "}
          *
        </span>
      )}
    </label>
  );
}

function Feedback({ name, error }: { name: string; error?: string }) {
  return error ? (
    <div id={`${name}-error`} className="invalid-feedback d-block">
      {error}
    </div>
  ) : null;
}

/** A labelled input with its error under it, announced with the field. The one text field of every form. */
export function TextField({
  type = "text",
  autoComplete,
  inputMode,
  maxLength = 100,
  pattern,
  ...props
}: FieldProps & {
  type?: string;
  autoComplete?: string;
  inputMode?: "tel" | "email" | "text" | "numeric" | "decimal";
  maxLength?: number;
  pattern?: string;
}) {
  return (
    <div className={props.className ?? "col-md-6"}>
      <Label {...props} />
      <input
        id={props.name}
        name={props.name}
        type={type}
        className={`form-control${props.error ? " is-invalid" : ""}`}
        required={props.required}
        defaultValue={props.defaultValue}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        pattern={pattern}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.name}-error` : undefined}
      />
      <Feedback name={props.name} error={props.error} />
    </div>
  );
}

export function SelectField({ options, ...props }: FieldProps & { options: readonly string[] }): ReactNode {
  return (
    <div className={props.className ?? "col-md-6"}>
      <Label {...props} />
      <select
        id={props.name}
        name={props.name}
        className={`form-select${props.error ? " is-invalid" : ""}`}
        required={props.required}
        defaultValue={props.defaultValue ?? ""}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.name}-error` : undefined}
      >
        <option value="">Select…</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <Feedback name={props.name} error={props.error} />
    </div>
  );
}
