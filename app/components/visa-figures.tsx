import { type Translator, useT } from "~/lib/i18n";
import type { ShownFigure } from "../../modules/visas/visas.ts";
import { checkedAge } from "../../vocabulary/catalogue.ts";
import { formatLongDate, formatMoney, formatRupees } from "../../vocabulary/costs.ts";
import { visaMessages } from "../../vocabulary/visas.ts";

/** How long ago a figure was checked, in words the student reads at a glance (the bands of vocabulary's checkedAge). */
export function ageText(t: Translator["t"], days: number): string {
  const age = checkedAge(days);
  if (age.in === "today") return t("today");
  if (age.in === "days") return t("{days} days ago", { days: age.days });
  if (age.in === "months") return t("{months} months ago", { months: age.months });
  return t("over a year ago");
}

const perText = (t: Translator["t"], per: ShownFigure["per"]) =>
  per === "year" ? t("a year") : per === "month" ? t("a month") : t("once");

/**
 * A guide's figures (decision 0040): each amount in its currency and in rupees, with where it was read and when,
 * its age in words; one that could not be confirmed shows no amount as fact, and an old one is marked.
 */
export function VisaFigures({ figures }: { figures: ShownFigure[] }) {
  const { t, language, day } = useT();
  if (figures.length === 0) return <p>{t(visaMessages.unconfirmed)}</p>;
  return (
    <ul className="list-unstyled mb-0">
      {figures.map((f) => (
        <li key={f.key} className="border-bottom py-2" data-testid={`figure-${f.key}`}>
          <div className="d-flex flex-wrap justify-content-between gap-2">
            <span className="fw-semibold">{f.label[language]}</span>
            {f.confirmed ? (
              <span>
                {formatMoney(f.amount, f.currency)} {perText(t, f.per)}
                {f.rupees !== null && f.currency !== "INR" && (
                  <span className="text-body-secondary">
                    {" "}
                    (≈ {formatRupees(f.rupees)}
                    {f.rateDate
                      ? `, ${t("approximately, at the rate of {date}", { date: day(f.rateDate, formatLongDate) })}`
                      : ""}
                    )
                  </span>
                )}
              </span>
            ) : (
              <span className="badge text-bg-warning text-wrap text-start">{t(visaMessages.unconfirmed)}</span>
            )}
          </div>
          {f.note && <p className="small mb-1">{f.note[language]}</p>}
          <p className="small text-body-secondary mb-0">
            {f.confirmed ? t("Source") : t("To be confirmed on")}:{" "}
            <a href={f.sourceUrl} rel="noopener noreferrer">
              {f.source}
            </a>
            {f.sourceDate && ` (${t("page dated {date}", { date: day(f.sourceDate, formatLongDate) })})`}.{" "}
            {t("Checked on {date}", { date: day(f.checkedOn, formatLongDate) })} ({ageText(t, f.ageDays)})
            {f.old && <span className="badge text-bg-warning text-wrap text-start ms-2">{t(visaMessages.oldFigure)}</span>}
          </p>
        </li>
      ))}
    </ul>
  );
}
