import { Form as GetForm } from "react-router";
import { useSectionForm } from "~/lib/section-form";
import type { FieldRules } from "../../../../modules/validation.ts";
import { type ContactChannel, contactChannelLabels, privacyMessages } from "../../../../vocabulary/privacy.ts";
import { emailTemplateNames } from "../../../../vocabulary/records.ts";

/** "E-mail the student" (intent `email`): a template chosen by GET, then its subject and message posted. */
export function EmailSection({
  template,
  draft,
  preferredContact,
  rules,
}: {
  template: string;
  draft: { subject: string; body: string };
  preferredContact: ContactChannel;
  rules: Record<string, FieldRules>;
}) {
  const { Form, busy, refusal } = useSectionForm("email");
  const preferred = contactChannelLabels[preferredContact];
  return (
    <section className="col-lg-6" aria-labelledby="email-heading">
      <h2 id="email-heading" className="h5">
        E-mail the student
      </h2>
      <GetForm method="get" className="row g-2 align-items-end mb-2">
        <div className="col">
          <label htmlFor="email-template-choice" className="form-label small">
            Template
          </label>
          <select id="email-template-choice" name="template" className="form-select form-select-sm" defaultValue={template}>
            {emailTemplateNames.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </div>
        <div className="col-auto">
          <button type="submit" className="btn btn-sm btn-outline-secondary">
            Use template
          </button>
        </div>
      </GetForm>
      <Form method="post" key={template}>
        <input type="hidden" name="intent" value="email" />
        <input type="hidden" name="template" value={template} />
        <label htmlFor="email-subject" className="form-label small">
          Subject
        </label>
        <input
          id="email-subject"
          name="subject"
          className="form-control form-control-sm mb-2"
          required={rules.subject?.required}
          maxLength={rules.subject?.maxLength}
          defaultValue={refusal?.values.subject ?? draft.subject}
        />
        <label htmlFor="email-body" className="form-label small">
          Message
        </label>
        <textarea
          id="email-body"
          name="body"
          rows={6}
          required={rules.body?.required}
          maxLength={rules.body?.maxLength}
          className="form-control form-control-sm"
          defaultValue={refusal?.values.body ?? draft.body}
        />
        {preferredContact !== "email" && (
          <div className="form-check mt-2">
            <input className="form-check-input" type="checkbox" id="acknowledgeChannel" name="acknowledgeChannel" />
            <label className="form-check-label small" htmlFor="acknowledgeChannel">
              {privacyMessages.acknowledgeLabel(preferred)}
            </label>
          </div>
        )}
        {refusal && <p className="text-danger small mb-0">{refusal.message}</p>}
        <button type="submit" className="btn btn-sm btn-primary mt-2" disabled={busy}>
          Send e-mail
        </button>
      </Form>
    </section>
  );
}
