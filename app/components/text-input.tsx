/** A labelled input for the account forms, with its error under it. */
export function TextInput({
  name,
  label,
  type = "text",
  error,
  autoComplete,
  inputMode,
  maxLength = 200,
  pattern,
  defaultValue,
}: {
  name: string;
  label: string;
  type?: string;
  error?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
  maxLength?: number;
  pattern?: string;
  defaultValue?: string;
}) {
  return (
    <div className="mb-3">
      <label htmlFor={name} className="form-label">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type={type}
        className={`form-control${error ? " is-invalid" : ""}`}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        pattern={pattern}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
      />
      {error && (
        <div id={`${name}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}
