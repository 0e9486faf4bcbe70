import { useT } from "~/lib/i18n";
import { useAutoFocusOnRefusal } from "~/lib/refusal-focus";
import {
  type ContactChannel,
  contactChannelLabels,
  contactChannels,
  DEFAULT_CONTACT_CHANNEL,
  privacyMessages,
} from "../../vocabulary/privacy.ts";

/**
 * How the person wants to be contacted and whether they want news and offers (decision 0024): the
 * booking form, sign-up and the profile ask it the same way. News is off unless ticked.
 */
export function ContactChoices({
  preferred,
  news,
  notice,
  error,
}: {
  preferred?: string | null;
  news?: boolean;
  /** The sentence on what the data is used for, shown where it is collected. */
  notice?: string;
  error?: string;
}) {
  const { t } = useT();
  const autoFocus = useAutoFocusOnRefusal("preferredContact");
  const chosen = contactChannels.includes(preferred as ContactChannel) ? preferred : DEFAULT_CONTACT_CHANNEL;
  return (
    <fieldset className="col-12" aria-describedby={error ? "preferredContact-error" : undefined}>
      <legend className="form-label fs-6 mb-1">{t(privacyMessages.contactLegend)}</legend>
      <div className="d-flex flex-wrap gap-3">
        {contactChannels.map((channel) => (
          <div key={channel} className="form-check">
            <input
              className="form-check-input"
              type="radio"
              name="preferredContact"
              id={`preferredContact-${channel}`}
              value={channel}
              defaultChecked={chosen === channel}
              aria-invalid={error ? true : undefined}
              // biome-ignore lint/a11y/noAutofocus: asked for by submitting; the field a refusal names (refusal-focus.ts)
              autoFocus={autoFocus && chosen === channel}
            />
            <label className="form-check-label" htmlFor={`preferredContact-${channel}`}>
              {t(contactChannelLabels[channel])}
            </label>
          </div>
        ))}
      </div>
      {error && (
        <div id="preferredContact-error" className="invalid-feedback d-block">
          {t(error)}
        </div>
      )}
      <div className="form-check mt-2">
        <input className="form-check-input" type="checkbox" name="newsAndOffers" id="newsAndOffers" defaultChecked={news} />
        <label className="form-check-label" htmlFor="newsAndOffers">
          {t(privacyMessages.newsAndOffers)}
        </label>
      </div>
      {notice && (
        <p className="small text-body-secondary mt-2 mb-0" data-testid="consent-notice">
          {t(notice)}
        </p>
      )}
    </fieldset>
  );
}
