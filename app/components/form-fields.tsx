import type { ReactNode } from "react";
import { useT } from "~/lib/i18n";
import { useAutoFocusOnRefusal } from "~/lib/refusal-focus";
import type { FieldRules } from "../../modules/validation.ts";

interface FieldProps {
  name: string;
  label: string;
  /** The browser's checks for this field, read from the schema the server parses with (`fieldRules`). */
  rules?: FieldRules;
  /** Show a required field's asterisk (forms that say "Fields marked * are required"). */
  markRequired?: boolean;
  error?: string;
  defaultValue?: string;
  className?: string;
}

/** Labels and errors are given in English (the spec's words, the server's messages) and shown in the visitor's language. */
function Label({ name, label, required }: Pick<FieldProps, "name" | "label"> & { required?: boolean }) {
  const { t } = useT();
  return (
    <label htmlFor={name} className="form-label">
      {t(label)}
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
  const { t } = useT();
  return error ? (
    <div id={`${name}-error`} className="invalid-feedback d-block">
      {t(error)}
    </div>
  ) : null;
}

/**
 * A field's name, browser rules, error and the value posted, for the forms whose refusal sends back what was
 * typed: `<TextField {...field("email")} label="E-mail" />`.
 */
export function refusedFields(
  rules: Record<string, FieldRules>,
  refusal: { fields: Record<string, string>; values: Record<string, string> } | undefined,
) {
  return (name: string) => ({
    name,
    rules: rules[name],
    error: refusal?.fields[name],
    defaultValue: refusal?.values[name],
  });
}

const textTypes = new Set(["text", "email", "tel", "password", "search", "url"]);

/** The rule attributes HTML allows on an input of `type` (a length on a date input is invalid HTML). */
export function ruleAttributes(type: string, rules: FieldRules = {}) {
  const text = textTypes.has(type);
  return {
    required: rules.required,
    minLength: text ? rules.minLength : undefined,
    maxLength: text ? rules.maxLength : undefined,
    pattern: text ? rules.pattern : undefined,
    min: type === "number" ? rules.min : undefined,
    max: type === "number" ? rules.max : undefined,
  };
}

/** A labelled input with its error under it, announced with the field. The one text field of every form. */
export function TextField({
  type = "text",
  autoComplete,
  inputMode,
  ...props
}: FieldProps & {
  type?: string;
  autoComplete?: string;
  inputMode?: "tel" | "email" | "text" | "numeric" | "decimal";
}) {
  const autoFocus = useAutoFocusOnRefusal(props.name);
  return (
    <div className={props.className ?? "col-md-6"}>
      <Label {...props} required={props.markRequired && props.rules?.required} />
      <input
        id={props.name}
        // biome-ignore lint/a11y/noAutofocus: asked for by submitting; the field a refusal names (refusal-focus.ts)
        autoFocus={autoFocus}
        name={props.name}
        type={type}
        className={`form-control${props.error ? " is-invalid" : ""}`}
        {...ruleAttributes(type, props.rules)}
        defaultValue={props.defaultValue}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.name}-error` : undefined}
      />
      <Feedback name={props.name} error={props.error} />
    </div>
  );
}

export function SelectField({
  options,
  optionLabels,
  ...props
}: FieldProps & { options: readonly string[]; optionLabels?: Readonly<Record<string, string>> }): ReactNode {
  const { t } = useT();
  const required = props.rules?.required;
  const autoFocus = useAutoFocusOnRefusal(props.name);
  return (
    <div className={props.className ?? "col-md-6"}>
      <Label {...props} required={props.markRequired && required} />
      <select
        id={props.name}
        // biome-ignore lint/a11y/noAutofocus: asked for by submitting; the field a refusal names (refusal-focus.ts)
        autoFocus={autoFocus}
        name={props.name}
        className={`form-select${props.error ? " is-invalid" : ""}`}
        required={required}
        defaultValue={props.defaultValue ?? ""}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.name}-error` : undefined}
      >
        <option value="">{t("Select…")}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {t(optionLabels?.[option] ?? option)}
          </option>
        ))}
      </select>
      <Feedback name={props.name} error={props.error} />
    </div>
  );
}
