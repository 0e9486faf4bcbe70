import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useT } from "~/lib/i18n";
import { notify } from "~/lib/toast";
import { useActionToast } from "~/lib/use-action-toast";
import {
  DEFAULT_PARENT_LINK_DAYS,
  PARENT_LINK_LABEL_MAX_LENGTH,
  parentLinkDays,
  parentMessages,
} from "../../vocabulary/parents.ts";

/** Dates as the server wrote them for India (IST). */
type When = { iso: string; text: string };

export interface ParentLinkRow {
  id: number;
  label: string | null;
  state: "active" | "expired" | "revoked";
  created: When;
  expires: When;
  revoked: When | null;
  /** `last.ago` says how long ago ("2 hours ago"), as of the page's rendering. */
  openings: { count: number; last: (When & { ago: string }) | null; recent: { when: When; device: string }[] };
}

type Answer = { ok: boolean; message: string; url?: string };

const stateBadge = {
  active: ["text-bg-success", parentMessages.active],
  expired: ["text-bg-secondary", parentMessages.expired],
  revoked: ["text-bg-danger", parentMessages.revokedState],
} as const;

/** One link: whom it is for, its state and dates, its openings, and its Revoke button while it works. */
function LinkItem({ link }: { link: ParentLinkRow }) {
  const { t } = useT();
  const revoker = useFetcher<Answer>();
  useActionToast(revoker.state === "idle" ? revoker.data : undefined);
  const [badge, stateText] = stateBadge[link.state];
  const name = link.label ?? t(parentMessages.noLabel);
  return (
    <li className="list-group-item" data-testid="parent-link">
      <div className="d-flex justify-content-between align-items-start flex-wrap gap-2">
        <div>
          <span className="fw-semibold">{name}</span> <span className={`badge ${badge} ms-1`}>{t(stateText)}</span>
          <div className="small text-body-secondary">
            {t("Created")} <time dateTime={link.created.iso}>{link.created.text}</time> ·{" "}
            {link.state === "revoked" && link.revoked ? (
              <>
                {t(parentMessages.revokedOn)} <time dateTime={link.revoked.iso}>{link.revoked.text}</time>
              </>
            ) : (
              <>
                {link.state === "expired" ? t(parentMessages.expiredOn) : t(parentMessages.expires)}{" "}
                <time dateTime={link.expires.iso}>{link.expires.text}</time>
              </>
            )}
          </div>
        </div>
        {link.state === "active" && (
          <revoker.Form method="post">
            <input type="hidden" name="intent" value="parent-link-revoke" />
            <input type="hidden" name="linkId" value={link.id} />
            <button
              type="submit"
              className="btn btn-outline-danger btn-sm"
              aria-label={`${t(parentMessages.revoke)}: ${name}`}
              disabled={revoker.state !== "idle"}
            >
              {t(parentMessages.revoke)}
            </button>
          </revoker.Form>
        )}
      </div>
      {link.openings.count === 0 ? (
        <p className="small mb-0 mt-1" data-testid="parent-link-openings">
          {t(parentMessages.neverOpened)}
        </p>
      ) : (
        <details className="small mt-1">
          <summary data-testid="parent-link-openings">
            {t(parentMessages.opened(link.openings.count))}
            {link.openings.last && (
              <>
                {t(", last {ago}", { ago: link.openings.last.ago })} (
                <time dateTime={link.openings.last.iso}>{link.openings.last.text}</time>)
              </>
            )}
          </summary>
          <ul className="mb-0 mt-1" aria-label={`${t(parentMessages.openingsList)}: ${name}`}>
            {link.openings.recent.map((o) => (
              <li key={o.when.iso + o.device}>
                <time dateTime={o.when.iso}>{o.when.text}</time>, {o.device}
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

/**
 * "Share with a parent" on the profile (decision 0028): create a read-only link (shown once), see each
 * link's openings, revoke any. Posts to the profile's action: a fetcher with scripts, a plain post
 * without (`created` is then the action's answer, shown here the same way).
 */
export function ParentLinksSection({ links, created }: { links: ParentLinkRow[]; created?: string }) {
  const { t } = useT();
  const creator = useFetcher<Answer>();
  const [copied, setCopied] = useState(false);
  // The Copy button needs scripts: without them the link is selected in its field instead.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  useActionToast(creator.state === "idle" ? creator.data : undefined);
  const url = creator.data?.url ?? created;
  useEffect(() => setCopied(false), [url]);
  const refused = creator.data && !creator.data.ok ? creator.data.message : undefined;

  return (
    <section aria-labelledby="parents-heading" className="mt-5">
      <h2 id="parents-heading" className="h4">
        {t(parentMessages.heading)}
      </h2>
      <p className="small text-body-secondary">{t(parentMessages.hint)}</p>
      <creator.Form method="post" className="row g-2 align-items-end mb-3" data-testid="parent-link-form">
        <input type="hidden" name="intent" value="parent-link-create" />
        <div className="col-sm-5">
          <label htmlFor="parent-label" className="form-label">
            {t(parentMessages.labelField)}
          </label>
          <input
            id="parent-label"
            name="label"
            className="form-control"
            maxLength={PARENT_LINK_LABEL_MAX_LENGTH}
            aria-describedby="parent-label-hint"
          />
          <div id="parent-label-hint" className="form-text">
            {t(parentMessages.labelHint)}
          </div>
        </div>
        <div className="col-sm-3 align-self-start">
          <label htmlFor="parent-days" className="form-label">
            {t(parentMessages.daysField)}
          </label>
          <select id="parent-days" name="days" className="form-select" defaultValue={String(DEFAULT_PARENT_LINK_DAYS)}>
            {parentLinkDays.map((days) => (
              <option key={days} value={days}>
                {t(parentMessages.days(days))}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-4 align-self-start pt-sm-4 mt-sm-2">
          <button type="submit" className="btn btn-primary" disabled={creator.state !== "idle"}>
            {t(parentMessages.create)}
          </button>
        </div>
      </creator.Form>
      <div aria-live="polite">
        {refused && <p className="text-danger">{refused}</p>}
        {url && (
          <div className="alert alert-success" data-testid="parent-link-created">
            <p className="mb-2">{t(parentMessages.created)}</p>
            <label htmlFor="parent-link-url" className="form-label fw-semibold">
              {t(parentMessages.createdLinkLabel)}
            </label>
            <div className="input-group">
              <input id="parent-link-url" className="form-control" value={url} readOnly onFocus={(e) => e.target.select()} />
              {scripted && (
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  onClick={() => {
                    void navigator.clipboard?.writeText(url).then(() => {
                      setCopied(true);
                      notify("success", parentMessages.copied);
                    });
                  }}
                >
                  {copied ? t(parentMessages.copied) : t(parentMessages.copy)}
                </button>
              )}
            </div>
          </div>
        )}
      </div>
      {links.length === 0 ? (
        <p data-testid="parent-links-empty">{t(parentMessages.none)}</p>
      ) : (
        <ul className="list-group">
          {links.map((link) => (
            <LinkItem key={link.id} link={link} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * What the parent links show of the offers (decision 0091): always each offer's state and the chosen
 * university; the scholarship and deposit amounts only when the student ticks the box (off by default).
 */
export function ParentSharingSection({ offerAmounts }: { offerAmounts: boolean }) {
  const { t } = useT();
  const saver = useFetcher<Answer>();
  useActionToast(saver.state === "idle" ? saver.data : undefined);
  return (
    <section aria-labelledby="parent-sharing-heading" className="mt-4" data-testid="parent-sharing">
      <h3 id="parent-sharing-heading" className="h5">
        {t(parentMessages.sharingHeading)}
      </h3>
      <p className="small text-body-secondary" id="parent-sharing-hint">
        {t(parentMessages.sharingHint)}
      </p>
      <saver.Form method="post" className="d-flex flex-wrap align-items-center gap-3">
        <input type="hidden" name="intent" value="parent-sharing" />
        <div className="form-check mb-0">
          <input
            className="form-check-input"
            type="checkbox"
            id="parent-offer-amounts"
            name="offerAmounts"
            defaultChecked={offerAmounts}
            key={String(offerAmounts)}
            aria-describedby="parent-sharing-hint"
          />
          <label className="form-check-label" htmlFor="parent-offer-amounts">
            {t(parentMessages.sharingField)}
          </label>
        </div>
        <button type="submit" className="btn btn-outline-primary btn-sm" disabled={saver.state !== "idle"}>
          {t("Save")}
        </button>
      </saver.Form>
    </section>
  );
}
