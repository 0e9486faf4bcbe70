import { type ChangeEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { Progress } from "~/components/documents-section";
import { useT } from "~/lib/i18n";
import { notify } from "~/lib/toast";
import { uploadWithProgress } from "~/lib/upload";
import { documentKinds, documentMessages } from "../../vocabulary/documents.ts";
import { offerMessages } from "../../vocabulary/offers.ts";

/** A PDF or a photo: what an offer letter may be (decision 0092), the file chooser's hint to a phone's camera. */
const letterKinds = documentKinds.filter((k) => k.contentType === "application/pdf" || k.contentType.startsWith("image/"));
const letterAccept = [
  ...letterKinds.flatMap((k) => k.extensions.map((ext) => `.${ext}`)),
  ...letterKinds.map((k) => k.contentType),
].join(",");

/**
 * The student's offer letter on an application (decision 0092): a file choice uploads it at once through
 * the JSON API (its progress shown), the same checks as the documents; the counsellor then confirms it.
 */
export function OfferLetterUpload({ applicationId, uploaded }: { applicationId: number; uploaded: boolean }) {
  const { t } = useT();
  const revalidator = useRevalidator();
  const [percent, setPercent] = useState<number | undefined>(undefined);
  const [refused, setRefused] = useState<string | undefined>(undefined);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const form = new FormData();
    form.set("file", file);
    setPercent(0);
    setRefused(undefined);
    try {
      const result = await uploadWithProgress(
        `/api/v1/students/me/applications/${applicationId}/offer-letter`,
        form,
        setPercent,
        documentMessages.uploadFailed,
      );
      if (result.ok) {
        notify("success", t(offerMessages.letterUploaded));
        await revalidator.revalidate();
      } else {
        setRefused(result.message);
        notify("error", t(result.message));
      }
    } finally {
      input.value = "";
      setPercent(undefined);
    }
  }

  return (
    <div>
      <label className="btn btn-sm btn-primary mb-0" htmlFor="offer-letter-file">
        {uploaded ? t("Replace the offer letter") : t("Upload the offer letter")}
      </label>
      <input
        id="offer-letter-file"
        type="file"
        accept={letterAccept}
        className="visually-hidden"
        onChange={onChange}
        aria-describedby="offer-letter-hint"
      />
      <p id="offer-letter-hint" className="form-text mb-0">
        {t("A PDF or a photo of the letter, up to 10 MB.")}
      </p>
      {percent !== undefined && <Progress percent={percent} label={t("Offer letter upload")} />}
      <div aria-live="polite">{refused && <p className="text-danger small mb-0">{t(refused)}</p>}</div>
    </div>
  );
}
