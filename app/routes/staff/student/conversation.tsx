import { ConversationThread, type ThreadMessage } from "~/components/conversation-thread";
import { useSectionForm } from "~/lib/section-form";
import type { FieldRules } from "../../../../modules/validation.ts";
import { MESSAGE_MAX_LENGTH } from "../../../../vocabulary/messages.ts";

/**
 * "Conversation" (intent `message`, decision 0037): the student's one conversation, which follows them from
 * counsellor to counsellor; the student reads what is written here. Opening the record is a reading of
 * it, audited and listed in the student's access log.
 */
export function ConversationSection({
  messages,
  mayWrite,
  prefersOther,
  rules,
}: {
  messages: ThreadMessage[];
  mayWrite: boolean;
  /** The student's preferred way to be contacted, when it is not e-mail: they are not mailed about answers. */
  prefersOther: string | null;
  rules: Record<string, FieldRules>;
}) {
  const { Form, busy, refusal } = useSectionForm("message");
  return (
    <section id="conversation" className="mt-4" aria-labelledby="conversation-heading">
      <h2 id="conversation-heading" className="h5">
        Conversation with the student
      </h2>
      <p className="small text-body-secondary">
        The student reads these on their profile. Every opening of this record is a reading of the conversation, listed in the
        audit log and in the student&apos;s &ldquo;who has seen my data&rdquo;.
      </p>
      <ConversationThread messages={messages} reader="staff" />
      {mayWrite && (
        <Form method="post" key={messages.length} data-testid="staff-message-form">
          <input type="hidden" name="intent" value="message" />
          <label htmlFor="staff-message-body" className="form-label">
            Answer
          </label>
          <textarea
            id="staff-message-body"
            name="body"
            rows={3}
            {...rules.body}
            maxLength={MESSAGE_MAX_LENGTH}
            aria-describedby="staff-message-hint"
            className={`form-control${refusal ? " is-invalid" : ""}`}
            defaultValue={refusal?.values.body ?? ""}
          />
          <div id="staff-message-hint" className="form-text">
            Plain text, up to {MESSAGE_MAX_LENGTH.toLocaleString("en-IN")} characters; links become clickable.{" "}
            {prefersOther
              ? `The student prefers ${prefersOther}: they are not e-mailed about it and see it when they sign in.`
              : "The student is e-mailed about new messages at most once every 10 minutes."}
          </div>
          {refusal && <div className="invalid-feedback d-block">{refusal.fields.body ?? refusal.message}</div>}
          <button type="submit" className="btn btn-sm btn-primary mt-2" disabled={busy}>
            Send to the student
          </button>
        </Form>
      )}
    </section>
  );
}
