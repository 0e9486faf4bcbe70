import { type ChangeEvent, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { useT } from "~/lib/i18n";
import { notify } from "~/lib/toast";
import { uploadWithProgress } from "~/lib/upload";
import { useActionToast } from "~/lib/use-action-toast";
import {
  attachmentTypeRules,
  documentAccept,
  documentMessages,
  opensInBrowser,
  photoAccept,
} from "../../vocabulary/documents.ts";

export interface DocumentRow {
  attachmentType: string;
  url: string;
  name: string;
  size: number;
  /** Its kind by its bytes: a PDF or an image opens in the browser, a Word file downloads. */
  contentType: string;
  /** Staff's review; with a requested correction, the reason and what to correct. */
  reviewState: string;
  reviewReason: string | null;
  reviewMessage: string | null;
}

const reviewTones: Record<string, string> = {
  "Waiting for review": "text-bg-light",
  Approved: "text-bg-success",
  "Correction requested": "text-bg-warning",
};

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** An upload's progress bar, named for what is uploading. */
export function Progress({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      className="progress mt-2"
      role="progressbar"
      aria-label={label}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className="progress-bar" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** Delete posts to the profile screen's action (a fetcher with JavaScript, a plain form post without). */
function DeleteDocument({ type }: { type: string }) {
  const { t } = useT();
  // The profile screen's action answers `{ ok, message }` (a refusal carries more, unused here).
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  useActionToast(fetcher.state === "idle" ? fetcher.data : undefined, (answer) => ({
    kind: answer.ok ? "info" : "error",
    text: answer.message,
  }));
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="delete-document" />
      <input type="hidden" name="attachment_type" value={type} />
      <button type="submit" className="btn btn-sm btn-outline-danger" disabled={fetcher.state !== "idle"}>
        {t("Delete")}
        <span className="visually-hidden"> {t(type)}</span>
      </button>
    </fetcher.Form>
  );
}

/**
 * One document's upload button, where the student acts on something that asks for it (an application's
 * package, decision 0057): the same upload path and checks as the profile's list, then the page reloads.
 */
export function UploadDocument({ type, label, replace = false }: { type: string; label: string; replace?: boolean }) {
  const { t } = useT();
  const revalidator = useRevalidator();
  const [percent, setPercent] = useState<number | undefined>(undefined);
  const inputId = `upload-${type.replace(/[^a-z0-9]+/gi, "-")}`;

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const form = new FormData();
    form.set("attachment_type", type);
    form.set("file", file);
    setPercent(0);
    try {
      const result = await uploadWithProgress("/api/v1/students/me/files", form, setPercent, documentMessages.uploadFailed);
      if (result.ok) {
        notify("success", documentMessages.uploaded(t(type)));
        await revalidator.revalidate();
      } else notify("error", result.message);
    } finally {
      input.value = "";
      setPercent(undefined);
    }
  }

  return (
    <div>
      <label className="btn btn-sm btn-primary mb-0" htmlFor={inputId}>
        {replace ? t("Replace") : t("Upload")}
        <span className="visually-hidden"> {t(label)}</span>
      </label>
      <input id={inputId} type="file" accept={documentAccept} className="visually-hidden" onChange={onChange} />
      {percent !== undefined && <Progress percent={percent} label={t("{type} upload", { type: t(type) })} />}
    </div>
  );
}

/** Documents and the profile photo: a file choice starts its upload at once (spec section 4). */
export function DocumentsSection({ documents, photoUrl }: { documents: DocumentRow[]; photoUrl: string | null }) {
  const { t } = useT();
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<Record<string, number>>({});

  async function send(key: string, url: string, form: FormData, success: string, input: HTMLInputElement) {
    setProgress((p) => ({ ...p, [key]: 0 }));
    try {
      const onProgress = (percent: number) => setProgress((p) => ({ ...p, [key]: percent }));
      const result = await uploadWithProgress(url, form, onProgress, documentMessages.uploadFailed);
      if (result.ok) {
        notify("success", success);
        await revalidator.revalidate();
      } else notify("error", result.message);
    } finally {
      input.value = "";
      setProgress((p) => {
        const { [key]: _done, ...rest } = p;
        return rest;
      });
    }
  }

  function onDocument(type: string) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.currentTarget.files?.[0];
      if (!file) return;
      const form = new FormData();
      form.set("attachment_type", type);
      form.set("file", file);
      void send(type, "/api/v1/students/me/files", form, documentMessages.uploaded(t(type)), event.currentTarget);
    };
  }

  function onPhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    const form = new FormData();
    form.set("file", file);
    void send("photo", "/api/v1/students/me/photo", form, documentMessages.photoUpdated, event.currentTarget);
  }

  return (
    <>
      <section aria-labelledby="photo-heading" className="mb-5">
        <h2 id="photo-heading" className="h4">
          {t("Profile photo")}
        </h2>
        <div className="d-flex align-items-center gap-3">
          <img
            src={photoUrl ?? "/images/default-avatar.svg"}
            alt={t("Your profile")}
            width={96}
            height={96}
            className="rounded-circle border"
          />
          <div>
            <label htmlFor="photo-file" className="form-label">
              {t(documentMessages.photoHint)}
            </label>
            <input id="photo-file" type="file" accept={photoAccept} className="form-control" onChange={onPhoto} />
            {progress.photo !== undefined && <Progress percent={progress.photo} label={t("Photo upload")} />}
          </div>
        </div>
      </section>

      <section aria-labelledby="documents-heading">
        <h2 id="documents-heading" className="h4">
          {t("Documents")}
        </h2>
        <p className="small text-body-secondary">{t(documentMessages.documentsHint)}</p>
        {documents.length === 0 && <p className="text-danger">{t(documentMessages.noDocuments)}</p>}
        <ul className="list-group mb-4">
          {attachmentTypeRules.map((rule) => {
            const { type, required } = rule;
            const doc = documents.find((d) => d.attachmentType === type);
            // What only a course's package asks (decision 0057) is uploaded on the application's page; listed here once there is one.
            if ("packageOnly" in rule && rule.packageOnly && !doc) return null;
            const inputId = `file-${type.replace(/[^a-z0-9]+/gi, "-")}`;
            return (
              <li key={type} className="list-group-item" data-testid={`document-${type}`}>
                <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
                  <div>
                    <span className="fw-semibold">
                      {t(type)}
                      {required && " *"}
                    </span>
                    {doc ? (
                      <>
                        <span className="small text-body-secondary ms-2">
                          {doc.name} ({sizeText(doc.size)})
                        </span>
                        <span className={`badge ${reviewTones[doc.reviewState] ?? "text-bg-light"} ms-2`}>
                          {t(doc.reviewState)}
                        </span>
                      </>
                    ) : (
                      <span className="small text-body-secondary ms-2">{t("Not uploaded")}</span>
                    )}
                  </div>
                  <div className="d-flex flex-wrap gap-2 align-items-center">
                    {doc && (
                      <>
                        {opensInBrowser(doc.contentType) ? (
                          <a
                            className="btn btn-sm btn-outline-primary"
                            href={`${doc.url}?inline=1`}
                            target="_blank"
                            rel="noopener"
                          >
                            {t("View")}
                            <span className="visually-hidden"> {t(type)}</span>
                          </a>
                        ) : (
                          // No View for a Word file: no browser shows one, so pressing it would only download.
                          <span className="small text-body-secondary" data-testid="word-file-note">
                            {t(documentMessages.wordFileDownloads)}
                          </span>
                        )}
                        <a className="btn btn-sm btn-outline-primary" href={doc.url} download>
                          {t("Download")}
                          <span className="visually-hidden"> {t(type)}</span>
                        </a>
                        <DeleteDocument type={type} />
                      </>
                    )}
                    <label className="btn btn-sm btn-primary mb-0" htmlFor={inputId}>
                      {doc ? t("Replace") : t("Upload")}
                      <span className="visually-hidden"> {t(type)}</span>
                    </label>
                    <input
                      id={inputId}
                      type="file"
                      accept={documentAccept}
                      className="visually-hidden"
                      onChange={onDocument(type)}
                    />
                  </div>
                </div>
                {doc?.reviewState === "Correction requested" && (
                  <p className="small text-danger mb-0 mt-2" data-testid={`correction-${type}`}>
                    {doc.reviewReason && t(doc.reviewReason)}: {doc.reviewMessage}{" "}
                    {t("Please upload a corrected {type}.", { type: t(type) })}
                  </p>
                )}
                {progress[type] !== undefined && (
                  <Progress percent={progress[type] ?? 0} label={t("{type} upload", { type: t(type) })} />
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
