import { type ChangeEvent, useEffect, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { ConversationThread, type ThreadMessage } from "~/components/conversation-thread";
import { Progress } from "~/components/documents-section";
import { useT } from "~/lib/i18n";
import { useSectionForm } from "~/lib/section-form";
import { notify } from "~/lib/toast";
import { uploadWithProgress } from "~/lib/upload";
import type { FieldRules } from "../../../modules/validation.ts";
import { attachmentTypes, documentAccept, documentMessages } from "../../../vocabulary/documents.ts";
import { MESSAGE_MAX_LENGTH, messageMessages } from "../../../vocabulary/messages.ts";

/**
 * "My counsellor" on the profile (decision 0037): who looks after the student, their next
 * session, and the conversation with a form to write (intent `message`). An attachment is one of the
 * student's documents: one already uploaded, or (with scripts) a new file uploaded here as a document of
 * the type chosen, through the documents' own upload (the same types, limits and review).
 */
export function CounsellorSection({
  counsellor,
  nextSession,
  messages,
  documents,
  rules,
}: {
  counsellor: string | null;
  /** The next session booked with them (decision 0036's calendar), if any. */
  nextSession: { kindLabel: string; when: string } | null;
  messages: ThreadMessage[];
  documents: { publicId: string; attachmentType: string; name: string }[];
  rules: Record<string, FieldRules>;
}) {
  const { t } = useT();
  const { Form, busy, refusal } = useSectionForm("message");
  // A new file on its way up: the message waits for it (sent before, it would go without the file).
  const [uploading, setUploading] = useState(false);
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
          <Link to="/profile/sessions">{t("Sessions")}</Link>
        </p>
      ) : (
        counsellor && (
          <p>
            <Link to="/profile/sessions">{t("Book a session with your counsellor")}</Link>
          </p>
        )
      )}
      <h3 className="h5">{t("Conversation")}</h3>
      <ConversationThread messages={messages} reader="student" />
      <Form method="post" key={messages.length} data-testid="message-form">
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
        <AttachmentChoice
          documents={documents}
          chosen={typed?.attachment ?? ""}
          error={refusal?.fields.attachment}
          onUploading={setUploading}
        />
        <button type="submit" className="btn btn-primary mt-2" disabled={busy || uploading}>
          {t("Send message")}
        </button>
      </Form>
    </section>
  );
}

type Attachable = { publicId: string; attachmentType: string; name: string };

/**
 * The message's attachment: one of the student's documents, or a new file uploaded below and chosen the
 * moment its upload answers. The new file is listed from the upload's own answer until the page's list
 * holds it, so the choice never waits on the page reloading its data (decision 0051: a message sent
 * right after the upload's toast went without the file). It sits in the message form, which starts
 * afresh after each message sent.
 */
function AttachmentChoice({
  documents,
  chosen,
  error,
  onUploading,
}: {
  documents: Attachable[];
  chosen: string;
  error: string | undefined;
  onUploading: (uploading: boolean) => void;
}) {
  const { t } = useT();
  const [attachment, setAttachment] = useState(chosen);
  const [fresh, setFresh] = useState<Attachable | null>(null);
  const listed = fresh && !documents.some((d) => d.publicId === fresh.publicId) ? [...documents, fresh] : documents;
  return (
    <>
      <label htmlFor="message-attachment" className="form-label mt-2">
        {t("Attach one of your documents (optional)")}
      </label>
      <select
        id="message-attachment"
        name="attachment"
        className={`form-select${error ? " is-invalid" : ""}`}
        value={attachment}
        onChange={(event) => setAttachment(event.currentTarget.value)}
        aria-describedby="attachment-hint"
      >
        <option value="">{t("No attachment")}</option>
        {listed.map((d) => (
          <option key={d.publicId} value={d.publicId}>
            {t(d.attachmentType)}: {d.name}
          </option>
        ))}
      </select>
      <div id="attachment-hint" className="form-text">
        {t("A new file you attach becomes one of your documents, with the same types and limits as under Documents.")}
      </div>
      {error && <div className="invalid-feedback d-block">{t(error)}</div>}
      <NewAttachment
        documents={documents}
        onUploading={onUploading}
        onUploaded={(uploaded) => {
          setFresh(uploaded);
          setAttachment(uploaded.publicId);
        }}
      />
    </>
  );
}

/**
 * With scripts: a new file for the message, uploaded at once as the student's document of the chosen type
 * (the documents' own upload), then chosen as the attachment. Without scripts it is not offered: the
 * student uploads under Documents and picks the file above.
 */
function NewAttachment({
  documents,
  onUploading,
  onUploaded,
}: {
  documents: { attachmentType: string; name: string }[];
  onUploading: (uploading: boolean) => void;
  onUploaded: (uploaded: Attachable) => void;
}) {
  const { t } = useT();
  const revalidator = useRevalidator();
  const [scripted, setScripted] = useState(false);
  const [type, setType] = useState("");
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setScripted(true), []);
  if (!scripted) return null;
  const replaced = documents.find((d) => d.attachmentType === type);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    if (!type) {
      setError(t("Choose what the file is first."));
      input.value = "";
      return;
    }
    const form = new FormData();
    form.set("attachment_type", type);
    form.set("file", file);
    setPercent(0);
    onUploading(true);
    const result = await uploadWithProgress("/api/v1/students/me/files", form, setPercent, documentMessages.uploadFailed);
    setPercent(null);
    onUploading(false);
    input.value = "";
    if (!result.ok) {
      setError(t(result.message));
      return;
    }
    // Chosen at once from the upload's answer; the page's lists (Documents below) follow.
    const stored = result.data as { file?: string; name?: string } | undefined;
    const url = stored?.file ?? "";
    const name = stored?.name ?? file.name;
    onUploaded({ publicId: url.slice(url.lastIndexOf("/") + 1), attachmentType: type, name });
    notify("success", messageMessages.fileAttached(name));
    void revalidator.revalidate();
  }

  return (
    <fieldset className="border rounded p-2 mt-2">
      <legend className="fs-6 mb-1">{t("Or attach a new file")}</legend>
      <div className="row g-2 align-items-end">
        <div className="col-sm-5">
          <label htmlFor="new-attachment-type" className="form-label small">
            {t("What it is")}
          </label>
          <select
            id="new-attachment-type"
            className="form-select form-select-sm"
            value={type}
            onChange={(event) => setType(event.currentTarget.value)}
          >
            <option value="">{t("Select…")}</option>
            {attachmentTypes.map((kind) => (
              <option key={kind} value={kind}>
                {t(kind)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-7">
          <label htmlFor="new-attachment-file" className="form-label small">
            {t("File")}
          </label>
          <input
            id="new-attachment-file"
            type="file"
            accept={documentAccept}
            className={`form-control form-control-sm${error ? " is-invalid" : ""}`}
            aria-describedby={error ? "new-attachment-error" : undefined}
            disabled={percent !== null}
            onChange={onFile}
          />
        </div>
      </div>
      {replaced && (
        <p className="form-text mb-0" data-testid="attachment-replaces">
          {t("It replaces your current {type}, {name}; a message that attached the earlier one keeps it.", {
            type: t(type),
            name: replaced.name,
          })}
        </p>
      )}
      {percent !== null && <Progress percent={percent} label={t("{type} upload", { type: t(type) })} />}
      {error && (
        <div id="new-attachment-error" className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </fieldset>
  );
}
