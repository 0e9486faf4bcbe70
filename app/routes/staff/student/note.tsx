import { useSectionForm } from "~/lib/section-form";
import type { FieldRules } from "../../../../modules/validation.ts";

/** "Internal note" (intent `note`): staff only; the form starts empty again once a note is added. */
export function NoteSection({ notes, rules }: { notes: number; rules: Record<string, FieldRules> }) {
  const { Form, busy, refusal } = useSectionForm("note");
  return (
    <section className="col-lg-6" aria-labelledby="note-heading">
      <h2 id="note-heading" className="h5">
        Internal note
      </h2>
      <p className="small text-body-secondary">Notes are for staff only; the student never sees them.</p>
      <Form method="post" key={notes}>
        <input type="hidden" name="intent" value="note" />
        <label htmlFor="note-body" className="visually-hidden">
          Note
        </label>
        <textarea
          id="note-body"
          name="body"
          rows={3}
          {...rules.body}
          className={`form-control${refusal ? " is-invalid" : ""}`}
          defaultValue={refusal?.values.body ?? ""}
        />
        {refusal && <div className="invalid-feedback d-block">{refusal.fields.body ?? refusal.message}</div>}
        <button type="submit" className="btn btn-sm btn-primary mt-2" disabled={busy}>
          Add note
        </button>
      </Form>
    </section>
  );
}
