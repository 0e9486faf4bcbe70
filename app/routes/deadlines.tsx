import { Form, Link, useNavigation } from "react-router";
import { figureSource } from "~/components/course-card";
import { DaysLeft } from "~/components/days-left";
import { metaT, useT } from "~/lib/i18n";
import { inIndianTime } from "~/lib/indian-time";
import { byIntent } from "~/lib/intents.server";
import { requireStudent } from "~/lib/login-required.server";
import { useActionToast } from "~/lib/use-action-toast";
import { languageOf } from "../../platform/cookies.ts";
import { deadlineKinds, deadlineMessages } from "../../vocabulary/deadlines.ts";
import { LANGUAGES } from "../../vocabulary/languages.ts";
import { dayLabel } from "../../vocabulary/scholarships.ts";
import type { Route } from "./+types/deadlines";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaT(matches)("Deadlines")} | Ignite` }];

/**
 * Every dated thing ahead of the signed-in student, soonest first with its days left in India time
 * (decision 0059): their applications' deadlines with what each package still misses, matching
 * scholarships' deadlines, visa-plan dates and sessions; the reminders' switch and the calendar feed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  const { locale } = LANGUAGES[languageOf(request.headers.get("Cookie"))];
  const [items, reminders, feed] = await Promise.all([
    context.deadlines.list(student.studentId),
    context.deadlines.reminderSettings(student.studentId),
    context.deadlines.feedStatus(student.studentId),
  ]);
  return {
    items: items.map((item) => ({
      uid: item.uid,
      kind: item.kind,
      day: item.day,
      daysLeft: item.daysLeft,
      time: item.startsAt ? inIndianTime(item.startsAt, "minutes", locale) : null,
      title: item.title,
      titleHi: item.titleHi,
      detail: item.detail,
      href: item.href,
      missing: item.missing,
      checked: item.checked,
    })),
    remindersOn: reminders.remindersOn,
    feedMadeOn: feed ? inIndianTime(feed.createdAt, "minutes", locale) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const student = requireStudent(request, context.student);
  const form = await request.formData();
  return byIntent(form.get("intent"), {
    reminders: async () => {
      const on = form.get("remindersOn") === "on";
      await context.deadlines.setReminders(student.studentId, { on });
      return { ok: true as const, message: on ? deadlineMessages.remindersOn : deadlineMessages.remindersOff, address: null };
    },
    feed: async () => {
      const { renewed, address } = await context.deadlines.renewFeed(student.studentId);
      return { ok: true as const, message: renewed ? deadlineMessages.feedRenewed : deadlineMessages.feedCreated, address };
    },
    "end-feed": async () => {
      await context.deadlines.endFeed(student.studentId);
      return { ok: true as const, message: deadlineMessages.feedEnded, address: null };
    },
  });
}

export default function Deadlines({ loaderData, actionData }: Route.ComponentProps) {
  const { items, remindersOn, feedMadeOn } = loaderData;
  const translator = useT();
  const { t, day, language } = translator;
  const busy = useNavigation().state !== "idle";
  useActionToast(actionData);
  const address = actionData?.address ?? null;
  return (
    <div className="container py-4">
      <h1 className="h2 mb-3">{t("Deadlines")}</h1>
      <p className="text-body-secondary">{t("Everything dated ahead of you, soonest first, in India time.")}</p>
      {items.length === 0 ? (
        <p data-testid="no-deadlines">{t(deadlineMessages.nothingAhead)}</p>
      ) : (
        <ol className="list-unstyled mb-5" aria-label={t("Deadlines")}>
          {items.map((item) => (
            <li key={item.uid} className="border-bottom py-3" data-testid="deadline">
              <div className="d-flex flex-wrap align-items-baseline gap-2">
                <strong>
                  <time dateTime={item.time?.iso ?? item.day}>
                    {day(item.day, dayLabel)}
                    {item.time ? `, ${item.time.text.split(", ").at(-1)}` : ""}
                  </time>
                </strong>
                <DaysLeft days={item.daysLeft} />
                <span className="small text-body-secondary">{t(deadlineKinds[item.kind])}</span>
              </div>
              <p className="mb-1 mt-1">
                {item.href ? (
                  item.href.startsWith("/") ? (
                    <Link to={item.href}>{language === "hi" && item.titleHi ? item.titleHi : t(item.title)}</Link>
                  ) : (
                    <a href={item.href} rel="noopener noreferrer external">
                      {item.title}
                    </a>
                  )
                ) : (
                  t(item.title)
                )}
                {item.detail && <span className="text-body-secondary"> · {item.detail}</span>}
              </p>
              {item.checked && (
                // Where the university's deadline was read and when, with its age, or "not checked" (decision 0105).
                <p className="mb-1 small text-body-secondary text-break" data-testid="deadline-source">
                  {t("Source: {source}", { source: figureSource(translator, item.checked) })}
                </p>
              )}
              {item.missing.length > 0 && (
                <p className="mb-0 small" data-testid="deadline-missing">
                  {t("Still needed:")} {item.missing.map((entry) => t(entry)).join(", ")}.{" "}
                  {item.href && <Link to={item.href}>{t("Upload them on the application's page")}</Link>}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}

      <section aria-labelledby="reminders" className="mb-5">
        <h2 id="reminders" className="h4">
          {t("Reminders by e-mail")}
        </h2>
        <Form method="post" className="d-flex flex-wrap align-items-center gap-3">
          <input type="hidden" name="intent" value="reminders" />
          <div className="form-check mb-0">
            <input
              className="form-check-input"
              type="checkbox"
              id="reminders-on"
              name="remindersOn"
              defaultChecked={remindersOn}
              key={String(remindersOn)}
            />
            <label className="form-check-label" htmlFor="reminders-on">
              {t("E-mail me 30, 14, 7 and 2 days before an application deadline while its package is incomplete")}
            </label>
          </div>
          <button type="submit" className="btn btn-outline-primary btn-sm" disabled={busy}>
            {t("Save")}
          </button>
        </Form>
        <p className="small text-body-secondary mt-2 mb-0">
          {t("The same reminders come before an offer's reply date, its deposit's due date and its conditions' dates.")}
        </p>
      </section>

      <section aria-labelledby="calendar-feed" className="mb-4">
        <h2 id="calendar-feed" className="h4">
          {t("Your calendar")}
        </h2>
        <p>
          {t(
            "Subscribe to these dates in Google Calendar, Outlook or Apple Calendar with a private address. Anyone with the address can read your dates: keep it to yourself.",
          )}
        </p>
        {address && (
          <div className="mb-3" data-testid="feed-address">
            <label htmlFor="feed-address" className="form-label">
              {t("Your calendar address")}
            </label>
            <input id="feed-address" className="form-control" readOnly value={address} />
            <p className="small mt-1 mb-0">
              {t("Copy it now: we keep only a fingerprint of it and cannot show it again.")}{" "}
              <a href={address.replace(/^https?:/, "webcal:")}>{t("Open in your calendar app")}</a>
            </p>
          </div>
        )}
        {!address && (
          <p className="small text-body-secondary">
            {feedMadeOn ? (
              <>
                {t("Your address was made on")} <time dateTime={feedMadeOn.iso}>{feedMadeOn.text}</time>.
              </>
            ) : (
              t(deadlineMessages.noFeed)
            )}
          </p>
        )}
        <div className="d-flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="feed" />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {feedMadeOn ? t("Renew the address (the old one stops working)") : t("Make my calendar address")}
            </button>
          </Form>
          {feedMadeOn && (
            <Form method="post">
              <input type="hidden" name="intent" value="end-feed" />
              <button type="submit" className="btn btn-outline-danger" disabled={busy}>
                {t("Stop the address")}
              </button>
            </Form>
          )}
        </div>
      </section>
    </div>
  );
}
