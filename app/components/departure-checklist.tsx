import { Form } from "react-router";
import { useT } from "~/lib/i18n";
import type { DepartureChecklist as Checklist } from "../../modules/departure/departure.ts";
import { formatLongDate } from "../../vocabulary/costs.ts";
import { departureKindLabels, departureMessages } from "../../vocabulary/departure.ts";

/**
 * An application's departure checklist (decision 0083): each step with its day from the course's start,
 * what to do, and the page it rests on with the day it was checked; a step read only in secondary reports
 * says it is to be confirmed. The student ticks steps (`editable`); the console shows the same state.
 */
export function DepartureChecklist({ checklist, editable, busy }: { checklist: Checklist; editable: boolean; busy?: boolean }) {
  const { t, language, day } = useT();
  if (!checklist.hasData)
    return (
      <p className="alert alert-info" data-testid="departure-no-data">
        {t(departureMessages.noData, { country: checklist.application.country })}
      </p>
    );
  const done = checklist.items.filter((item) => item.done).length;
  return (
    <>
      <p className="small text-body-secondary">
        {checklist.courseStart
          ? t("Dated from the course's start on {day}. {done} of {total} done.", {
              day: day(checklist.courseStart, formatLongDate),
              done,
              total: checklist.items.length,
            })
          : t(departureMessages.needsIntake)}
      </p>
      <ul className="list-group" data-testid="departure-checklist">
        {checklist.items.map((item) => (
          <li key={item.key} className="list-group-item" data-testid={`departure-${item.key}`}>
            <div className="d-flex flex-wrap gap-2 justify-content-between align-items-start">
              <div>
                <span className="badge text-bg-light me-2">{t(departureKindLabels[item.kind])}</span>
                <span className="fw-semibold">{item.title[language]}</span>{" "}
                {item.done && <span className="badge text-bg-success">{t("Done")}</span>}
                {item.day && <span className="d-block small">{t("By {day}", { day: day(item.day, formatLongDate) })}</span>}
              </div>
              {editable && (
                <Form method="post">
                  <input type="hidden" name="intent" value="departure" />
                  <input type="hidden" name="item" value={item.key} />
                  <input type="hidden" name="done" value={item.done ? "false" : "true"} />
                  <button
                    type="submit"
                    className={`btn btn-sm ${item.done ? "btn-outline-secondary" : "btn-outline-success"}`}
                    disabled={busy}
                    aria-label={`${item.done ? t("Undo") : t("Mark as done")}: ${item.title[language]}`}
                  >
                    {item.done ? t("Undo") : t("Mark as done")}
                  </button>
                </Form>
              )}
            </div>
            <p className="small mb-1 mt-1">{item.detail[language]}</p>
            <p className="small text-body-secondary mb-0">
              {item.source.official ? (
                <>
                  {t("Source:")}{" "}
                  {item.source.address ? (
                    <a href={item.source.address} rel="noopener noreferrer" target="_blank">
                      {item.source.name}
                    </a>
                  ) : (
                    item.source.name
                  )}
                  {", "}
                  {t("checked {day}", { day: day(item.source.checked, formatLongDate) })}
                </>
              ) : (
                <>
                  {t(departureMessages.toConfirm)}: {item.source.name}
                  {", "}
                  {t("checked {day}", { day: day(item.source.checked, formatLongDate) })}
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
