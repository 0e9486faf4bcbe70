import { useEffect } from "react";
import { Form, useFetcher, useRevalidator } from "react-router";
import { useT } from "~/lib/i18n";
import { useActionToast } from "~/lib/use-action-toast";
import { type ContactChannel, contactChannelLabels, privacyMessages } from "../../vocabulary/privacy.ts";
import { ContactChoices } from "./contact-choices";

/** Dates as the server wrote them for India (IST). */
type When = { iso: string; text: string };

export interface PrivacyData {
  contact: { preferredContact: ContactChannel; newsAndOffers: boolean; consentVersion: string | null; consented: When | null };
  access: { when: When; staffName: string; staffRole: string | null; text: string }[];
  dataExport: { status: "preparing" | "ready" | "failed"; url: string | null; expires: When } | null;
}

type Answer = { ok: boolean; message: string };

function useToastOf(fetcher: { state: string; data?: Answer }) {
  useActionToast(fetcher.state === "idle" ? fetcher.data : undefined);
}

/**
 * The student's control of their data on the profile (decision 0024): how to be contacted, who has
 * seen their data, the download of everything, and deleting the account. Each part posts to the
 * profile's action (a fetcher with scripts, a plain post without); deletion posts to /profile/delete.
 */
export function PrivacySection({ contact, access, dataExport }: PrivacyData) {
  const { t } = useT();
  const choices = useFetcher<Answer>();
  const exporter = useFetcher<Answer>();
  useToastOf(choices);
  useToastOf(exporter);
  // While the export is being prepared the page looks again every few seconds (with scripts).
  const revalidator = useRevalidator();
  const preparing = dataExport?.status === "preparing";
  useEffect(() => {
    if (!preparing) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => window.clearInterval(timer);
  }, [preparing, revalidator]);

  return (
    <section aria-labelledby="privacy-heading" className="mt-5">
      <h2 id="privacy-heading" className="h4">
        {t("Your data and privacy")}
      </h2>

      <section aria-labelledby="contact-heading" className="mt-3">
        <h3 id="contact-heading" className="h5">
          {t(privacyMessages.contactHeading)}
        </h3>
        <choices.Form method="post" className="row g-2" data-testid="contact-choices">
          <input type="hidden" name="intent" value="contact-choices" />
          <ContactChoices preferred={contact.preferredContact} news={contact.newsAndOffers} />
          <div className="col-12">
            <button type="submit" className="btn btn-outline-primary btn-sm" disabled={choices.state !== "idle"}>
              {t("Update contact choices")}
            </button>
          </div>
        </choices.Form>
        <p className="small text-body-secondary mt-2 mb-0">
          {contact.newsAndOffers
            ? t("Now: {channel}; news and offers on.", { channel: t(contactChannelLabels[contact.preferredContact]) })
            : t("Now: {channel}; news and offers off.", { channel: t(contactChannelLabels[contact.preferredContact]) })}{" "}
          {contact.consentVersion && contact.consented
            ? t(privacyMessages.consentGiven("{version}", "{at}"), {
                version: contact.consentVersion,
                at: contact.consented.text,
              })
            : null}
        </p>
      </section>

      <section aria-labelledby="access-heading" className="mt-4">
        <h3 id="access-heading" className="h5">
          {t(privacyMessages.accessHeading)}
        </h3>
        <p className="small text-body-secondary">{t(privacyMessages.accessHint)}</p>
        {access.length === 0 ? (
          <p data-testid="access-log-empty">{t(privacyMessages.accessNone)}</p>
        ) : (
          <ul className="list-group" data-testid="access-log">
            {access.map((entry) => (
              <li key={`${entry.when.iso}-${entry.text}-${entry.staffName}`} className="list-group-item">
                <span className="fw-semibold">{entry.staffName}</span>
                {entry.staffRole && <span className="text-body-secondary"> ({entry.staffRole})</span>}: {t(entry.text)}
                <div className="small text-body-secondary">
                  <time dateTime={entry.when.iso}>{entry.when.text}</time>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="export-heading" className="mt-4">
        <h3 id="export-heading" className="h5">
          {t(privacyMessages.exportHeading)}
        </h3>
        <p className="small text-body-secondary">{t(privacyMessages.exportHint)}</p>
        <div aria-live="polite">
          {dataExport?.status === "ready" && dataExport.url && (
            <p>
              {t(privacyMessages.exportReady)}{" "}
              <a href={dataExport.url} className="btn btn-success btn-sm" download>
                {t(privacyMessages.exportDownload)}
              </a>{" "}
              <span className="small text-body-secondary">
                {t(privacyMessages.exportExpires("{at}"), { at: dataExport.expires.text })}
              </span>
            </p>
          )}
          {preparing && (
            <p>
              {t(privacyMessages.exportPreparing)} <a href="/profile/privacy">{t("Refresh")}</a>
            </p>
          )}
          {dataExport?.status === "failed" && <p className="text-danger">{t(privacyMessages.exportFailed)}</p>}
        </div>
        {!preparing && (
          <exporter.Form method="post">
            <input type="hidden" name="intent" value="data-export" />
            <button type="submit" className="btn btn-outline-primary" disabled={exporter.state !== "idle"}>
              {t(privacyMessages.exportAsk)}
            </button>
          </exporter.Form>
        )}
      </section>

      <section aria-labelledby="delete-heading" className="mt-4">
        <h3 id="delete-heading" className="h5 text-danger">
          {t(privacyMessages.deleteHeading)}
        </h3>
        <p className="small text-body-secondary">{t(privacyMessages.deleteHint)}</p>
        <Form method="post" action="/profile/delete" className="row g-2 align-items-end">
          <div className="col-sm-6">
            <label htmlFor="delete-password" className="form-label">
              {t(privacyMessages.deletePassword)}
            </label>
            <input
              id="delete-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className="form-control"
            />
          </div>
          <div className="col-12">
            <div className="form-check">
              <input id="delete-confirm" name="confirm" value="yes" type="checkbox" required className="form-check-input" />
              <label htmlFor="delete-confirm" className="form-check-label">
                {t(privacyMessages.deleteUnderstood)}
              </label>
            </div>
          </div>
          <div className="col-sm-6">
            <button type="submit" className="btn btn-danger">
              {t(privacyMessages.deleteConfirm)}
            </button>
          </div>
        </Form>
      </section>
    </section>
  );
}
