import { type ChangeEvent, useState } from "react";
import { data, Form, useNavigation, useParams, useRevalidator } from "react-router";
import { Progress } from "~/components/documents-section";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { inIndianTime } from "~/lib/indian-time";
import { notify } from "~/lib/toast";
import { uploadWithProgress } from "~/lib/upload";
import { useActionToast } from "~/lib/use-action-toast";
import { letterPageOpenings } from "../../modules/letters/letters.ts";
import { languageOf } from "../../platform/cookies.ts";
import { deadlineText } from "../../vocabulary/deadlines.ts";
import { LANGUAGES } from "../../vocabulary/languages.ts";
import { letterMessages } from "../../vocabulary/letters.ts";
import type { Route } from "./+types/recommender-letter";

/**
 * A recommender's page through their own link (decision 0075), without an account: whom and which
 * applications and deadlines the letter is for, the PDF upload (the documents' limits and content check),
 * submission, or a refusal with a reason. A link that no longer works is one page that names nobody.
 * The server keeps the page out of caches and search engines and the link out of any referrer.
 */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches);
  const title = loaderData?.view ? t("A recommendation letter") : t(letterMessages.linkGoneTitle);
  return [{ title: `${title} | Ignite` }, { name: "robots", content: "noindex, nofollow" }];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return orRouteError(
    (async () => {
      await context.limit(letterPageOpenings);
      const view = await context.letters.openLink(params.token);
      if (!view) return data({ view: null }, { status: 404 });
      const { locale } = LANGUAGES[languageOf(request.headers.get("Cookie"))];
      return {
        view: {
          recommenderName: view.recommenderName,
          studentName: view.studentName,
          waived: view.waived,
          expires: inIndianTime(view.expiresAt, "minutes", locale),
          applications: view.applications,
          uploaded: view.uploaded
            ? {
                name: view.uploaded.name,
                kb: Math.max(1, Math.round(view.uploaded.size / 1024)),
                at: inIndianTime(view.uploaded.at, "minutes", locale),
              }
            : null,
        },
      };
    })(),
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await context.limit(letterPageOpenings);
  // A letter over the size limit was not read: the page says so under the field, with its 413 (decision 0095).
  const refused = context.bodyRefused;
  if (refused) return refusalOr(() => Promise.reject(refused));
  const form = await request.formData();
  const reason = String(form.get("reason") ?? "");
  return refusalOr(
    async () => {
      if (form.get("intent") === "upload") {
        // The plain form post of a page without scripts (decision 0095): the same upload, checks and messages as the API's.
        const file = form.get("file");
        const incoming =
          file !== null && typeof file !== "string" && file.size > 0
            ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
            : undefined;
        const { replaced } = await context.letters.upload(params.token, incoming);
        return {
          ok: true as const,
          done: "uploaded" as const,
          message: replaced ? letterMessages.replaced : letterMessages.uploaded,
        };
      }
      if (form.get("intent") === "decline") {
        await context.letters.decline(params.token, { reason });
        return { ok: true as const, done: "declined" as const, message: letterMessages.declined };
      }
      await context.letters.submit(params.token);
      return { ok: true as const, done: "submitted" as const, message: letterMessages.submitted };
    },
    { reason },
  );
}

export default function RecommenderLetter({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  const { t, day } = useT();
  const { token = "" } = useParams();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [percent, setPercent] = useState<number | undefined>(undefined);
  useActionToast(actionData);
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  const done = actionData?.ok ? actionData.done : undefined;
  const fileRefusal = refusal?.fields.file ? refusal : undefined;

  if (done === "submitted" || done === "declined") {
    return (
      <div className="container py-5 text-center" style={{ maxWidth: "40rem" }}>
        <h1 className="h3" data-testid="letter-done">
          {t(done === "submitted" ? letterMessages.submitted : letterMessages.declined)}
        </h1>
      </div>
    );
  }
  if (!view) {
    return (
      <div className="container py-5 text-center" style={{ maxWidth: "40rem" }}>
        <h1 className="h3">{t(letterMessages.linkGoneTitle)}</h1>
        <p className="lead">{t(letterMessages.linkGoneText)}</p>
      </div>
    );
  }

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const form = new FormData();
    form.set("file", file);
    setPercent(0);
    try {
      const result = await uploadWithProgress(`/api/v1/letters/${token}/letter`, form, setPercent, t("The upload failed."));
      if (result.ok) {
        notify("success", t(result.message));
        await revalidator.revalidate();
      } else notify("error", t(result.message));
    } finally {
      input.value = "";
      setPercent(undefined);
    }
  }

  const dateText = (iso: string) => day(iso, deadlineText);
  return (
    <div className="container py-4" style={{ maxWidth: "48rem" }}>
      <h1 className="h2">{t("A recommendation letter for {name}", { name: view.studentName })}</h1>
      <p>
        {t("Dear {name}, {student} asks you for a recommendation letter for:", {
          name: view.recommenderName,
          student: view.studentName,
        })}
      </p>
      <ul className="list-group mb-3" data-testid="letter-applications">
        {view.applications.map((a) => (
          <li key={`${a.course}-${a.university}`} className="list-group-item">
            <span className="fw-semibold">{a.course}</span>, {a.university} ({a.country})
            <div className="small">
              {a.deadline ? t("Apply by {day}", { day: dateText(a.deadline) }) : t("No deadline given")}
            </div>
          </li>
        ))}
      </ul>
      <p className="small">
        {view.waived
          ? t("{student} has waived the right to read your letter: it will not be shown to them.", { student: view.studentName })
          : t("{student} has not waived the right to read your letter: they may read it once you submit it.", {
              student: view.studentName,
            })}
      </p>
      <p className="small text-body-secondary">
        {t("This link works until {when}, and only for this letter.", { when: view.expires.text })}
      </p>

      <section aria-labelledby="upload-heading" className="mb-4">
        <h2 id="upload-heading" className="h4">
          {t("Your letter")}
        </h2>
        {view.uploaded ? (
          <p data-testid="letter-uploaded">
            {t("Uploaded: {name} ({kb} KB) on {when}", {
              name: view.uploaded.name,
              kb: view.uploaded.kb,
              when: view.uploaded.at.text,
            })}
          </p>
        ) : (
          <p>{t("Upload your letter as a PDF (at most 10 MB).")}</p>
        )}
        {done === "uploaded" && actionData?.ok && (
          <p className="alert alert-success" role="status" data-testid="letter-upload-answer">
            {t(actionData.message)}
          </p>
        )}
        {/* With scripts the file goes as soon as it is chosen, with its progress; without, the form's button posts it (decision 0095). */}
        <Form method="post" encType="multipart/form-data" className="mb-2" data-testid="letter-upload-form">
          <input type="hidden" name="intent" value="upload" />
          <label className="form-label" htmlFor="letter-file">
            {view.uploaded ? t("Replace the PDF") : t("Upload the PDF")}
          </label>
          <input
            id="letter-file"
            name="file"
            type="file"
            accept="application/pdf,.pdf"
            className={`form-control${fileRefusal ? " is-invalid" : ""}`}
            onChange={onChange}
            aria-invalid={fileRefusal ? true : undefined}
            aria-describedby={fileRefusal ? "letter-file-error" : undefined}
          />
          {fileRefusal && (
            <div id="letter-file-error" className="invalid-feedback d-block">
              {t(fileRefusal.message)}
            </div>
          )}
          <noscript>
            <button type="submit" className="btn btn-outline-primary mt-2">
              {t("Send the PDF")}
            </button>
          </noscript>
        </Form>
        {percent !== undefined && <Progress percent={percent} label={t("Letter upload")} />}
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="submit" />
          <button type="submit" className="btn btn-primary" disabled={!view.uploaded || navigation.state === "submitting"}>
            {t("Submit the letter")}
          </button>
        </Form>
      </section>

      <section aria-labelledby="decline-heading">
        <h2 id="decline-heading" className="h5">
          {t("Cannot write it?")}
        </h2>
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="decline" />
          <label htmlFor="reason" className="form-label">
            {t("Why you decline (the student reads this)")}
          </label>
          <textarea
            id="reason"
            name="reason"
            rows={3}
            maxLength={1000}
            className={`form-control${refusal?.fields.reason ? " is-invalid" : ""}`}
            defaultValue={refusal?.values.reason}
            aria-invalid={refusal?.fields.reason ? true : undefined}
            aria-describedby={refusal?.fields.reason ? "reason-error" : undefined}
          />
          {refusal?.fields.reason && (
            <div id="reason-error" className="invalid-feedback d-block">
              {t(refusal.fields.reason)}
            </div>
          )}
          <button type="submit" className="btn btn-outline-danger mt-2" disabled={navigation.state === "submitting"}>
            {t("Decline")}
          </button>
        </Form>
      </section>
    </div>
  );
}
