import { ConversationThread, type ThreadMessage } from "~/components/conversation-thread";
import { useT } from "~/lib/i18n";
import { useSectionForm } from "~/lib/section-form";
import type { FieldRules } from "../../../modules/validation.ts";
import { MESSAGE_MAX_LENGTH, messageMessages } from "../../../vocabulary/messages.ts";

/**
 * "My counsellor" on the profile (issue 29, decision 0037): who looks after the student, their next
 * session, and the conversation with a form to write (intent `message`). An attachment is one of the
 * student's documents, uploaded under Documents (the same types, limits and review).
 */
export function CounsellorSection({
  counsellor,
  nextSession,
  messages,
  documents,
  rules,
}: {
  counsellor: string | null;
  /** The next session booked with them (issue 29's calendar), if any. */
  nextSession: { kindLabel: string; when: string } | null;
  messages: ThreadMessage[];
  documents: { publicId: string; attachmentType: string; name: string }[];
  rules: Record<string, FieldRules>;
}) {
  const { t } = useT();
  const { Form, busy, refusal } = useSectionForm("message");
  const typed = refusal?.values;
  const bodyError = refusal ? (refusal.fields.body ?? (refusal.fields.attachment ? undefined : refusal.message)) : undefined;
  return (
    <section id="my-counsellor" aria-labelledby="counsellor-heading" className="mb-5">
      <h2 id="counsellor-heading" className="h4">
        {t("My counsellor")}
      </h2>
      {counsellor ? (
        <p data-testid="my-counsellor">{t("{name} looks after you.", { name: counsellor })}</p>
      ) : (
        <p data-testid="my-counsellor">{t(messageMessages.noCounsellorYet)}</p>
      )}
      {nextSession ? (
        <p data-testid="next-session">
          {t("Next session: {kind}, {when}.", { kind: t(nextSession.kindLabel), when: nextSession.when })}{" "}
          <a href="#sessions">{t("Sessions")}</a>
        </p>
      ) : (
        counsellor && (
          <p>
            <a href="#sessions">{t("Book a session with your counsellor")}</a>
          </p>
        )
      )}
      <h3 className="h5">{t("Conversation")}</h3>
      <ConversationThread messages={messages} reader="student" />
      <Form method="post" action="/profile" key={messages.length} data-testid="message-form">
        <input type="hidden" name="intent" value="message" />
        <label htmlFor="message-body" className="form-label">
          {t("Message")}
        </label>
        <textarea
          id="message-body"
          name="body"
          rows={4}
          {...rules.body}
          maxLength={MESSAGE_MAX_LENGTH}
          aria-describedby={`message-hint${bodyError ? " message-error" : ""}`}
          aria-invalid={bodyError ? true : undefined}
          className={`form-control${bodyError ? " is-invalid" : ""}`}
          defaultValue={typed?.body ?? ""}
        />
        <div id="message-hint" className="form-text">
          {t("Plain text, up to {max} characters. Links become clickable.", { max: MESSAGE_MAX_LENGTH.toLocaleString("en-IN") })}
        </div>
        {bodyError && (
          <div id="message-error" className="invalid-feedback d-block">
            {t(bodyError)}
          </div>
        )}
        <label htmlFor="message-attachment" className="form-label mt-2">
          {t("Attach one of your documents (optional)")}
        </label>
        <select
          id="message-attachment"
          name="attachment"
          className={`form-select${refusal?.fields.attachment ? " is-invalid" : ""}`}
          defaultValue={typed?.attachment ?? ""}
          aria-describedby="attachment-hint"
        >
          <option value="">{t("No attachment")}</option>
          {documents.map((d) => (
            <option key={d.publicId} value={d.publicId}>
              {t(d.attachmentType)}: {d.name}
            </option>
          ))}
        </select>
        <div id="attachment-hint" className="form-text">
          {t("To send a new file, upload it under Documents first: it becomes one of your documents.")}
        </div>
        {refusal?.fields.attachment && <div className="invalid-feedback d-block">{t(refusal.fields.attachment)}</div>}
        <button type="submit" className="btn btn-primary mt-2" disabled={busy}>
          {t("Send message")}
        </button>
      </Form>
    </section>
  );
}
