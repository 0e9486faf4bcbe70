import { Form, useFetcher } from "react-router";
import { useT } from "~/lib/i18n";
import { useActionToast } from "~/lib/use-action-toast";
import { sessionMessages } from "../../vocabulary/counselling.ts";

/** Dates as the server wrote them for India (IST). */
type When = { iso: string; text: string };

/** Free times grouped by IST day, as a select's option groups. */
export interface SlotDay {
  day: string;
  label: string;
  times: { value: string; text: string }[];
}

export interface SessionRow {
  id: number;
  kind: string;
  kindLabel: string;
  when: When;
  counsellor: string;
  meetingLink: string | null;
  state: "coming" | "past" | "cancelled";
  outcome: string | null;
  changeable: boolean;
  /** The invitation's mail could not be sent: said so, with the file to download. */
  invitationUnsent: boolean;
  /** Free times to move it to (its own kind and length). */
  moveTo: SlotDay[];
}

export interface SessionsSectionProps {
  counsellor: { fullName: string; bookable: boolean } | null;
  sessions: SessionRow[];
  kinds: { key: string; label: string; minutes: number }[];
  kind: string;
  slots: SlotDay[];
}

type Answer = { ok: boolean; message: string };

/** A select of free times, one option group a day. */
function SlotSelect({ id, slots, label }: { id: string; slots: SlotDay[]; label: string }) {
  const { t } = useT();
  return (
    <>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select id={id} name="slot" className="form-select" required>
        {slots.map((day) => (
          <optgroup key={day.day} label={day.label}>
            {day.times.map((time) => (
              <option key={time.value} value={time.value}>
                {time.text} ({t("IST")})
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </>
  );
}

/** One session: what, when, with whom, its link; while far enough ahead, a move and a cancel. */
function SessionItem({ session }: { session: SessionRow }) {
  const { t } = useT();
  const mover = useFetcher<Answer>();
  const canceller = useFetcher<Answer>();
  useActionToast(mover.state === "idle" ? mover.data : undefined);
  useActionToast(canceller.state === "idle" ? canceller.data : undefined);
  const busy = mover.state !== "idle" || canceller.state !== "idle";
  return (
    <li className="list-group-item" data-testid="student-session">
      <div className="d-flex justify-content-between align-items-start flex-wrap gap-2">
        <div>
          <span className="fw-semibold">{t(session.kindLabel)}</span>{" "}
          {session.state === "cancelled" && <span className="badge text-bg-secondary ms-1">{t("Cancelled")}</span>}
          {session.outcome && <span className="badge text-bg-light ms-1">{t(session.outcome)}</span>}
          <div className="small">
            <time dateTime={session.when.iso}>{session.when.text}</time> ({t("IST")}) ·{" "}
            {t("with {name}", { name: session.counsellor })}
          </div>
          {session.state === "coming" && session.meetingLink && (
            <div className="small">
              <a href={session.meetingLink} rel="noopener noreferrer" target="_blank">
                {t("Join the call")}
              </a>
            </div>
          )}
          {session.invitationUnsent && (
            <p className="small text-danger-emphasis mb-0" data-testid="invitation-unsent">
              {t(sessionMessages.invitationUnsent)}
            </p>
          )}
          {session.state === "coming" && (
            <div className="small">
              <a href={`/profile/sessions/${session.id}/invitation.ics`} download>
                {t(sessionMessages.downloadInvitation)}
              </a>
            </div>
          )}
        </div>
        {session.changeable && (
          // Two steps, without scripts too (decision 0051): the button opens the question, the answer cancels.
          <details className="text-end">
            <summary className="btn btn-outline-danger btn-sm">
              {t("Cancel session")}
              <span className="visually-hidden">
                : {t(session.kindLabel)}, {session.when.text}
              </span>
            </summary>
            <canceller.Form method="post" className="mt-2 text-start">
              <input type="hidden" name="intent" value="session-cancel" />
              <input type="hidden" name="sessionId" value={session.id} />
              <input type="hidden" name="confirm" value="yes" />
              <p className="small mb-1">{t(sessionMessages.cancelAsk)}</p>
              <button type="submit" className="btn btn-danger btn-sm" disabled={busy}>
                {t(sessionMessages.cancelYes)}
              </button>
            </canceller.Form>
          </details>
        )}
      </div>
      {session.changeable && session.moveTo.length > 0 && (
        <details className="mt-2">
          <summary className="small">{t("Move to another time")}</summary>
          <mover.Form method="post" className="row g-2 align-items-end mt-1">
            <input type="hidden" name="intent" value="session-move" />
            <input type="hidden" name="sessionId" value={session.id} />
            <div className="col-sm-8">
              <SlotSelect id={`move-slot-${session.id}`} slots={session.moveTo} label={t("New time")} />
            </div>
            <div className="col-sm-4">
              <button type="submit" className="btn btn-outline-primary" disabled={busy}>
                {t("Move session")}
              </button>
            </div>
          </mover.Form>
        </details>
      )}
    </li>
  );
}

/** The student's sessions with their counsellor: the coming and past ones, and booking a new one (decision 0036). */
export function SessionsSection({ counsellor, sessions, kinds, kind, slots }: SessionsSectionProps) {
  const { t } = useT();
  const booker = useFetcher<Answer>();
  useActionToast(booker.state === "idle" ? booker.data : undefined);
  const chosen = kinds.find((k) => k.key === kind);
  return (
    <section aria-labelledby="sessions-heading" className="mt-5" id="sessions">
      <h2 id="sessions-heading" className="h4">
        {t(sessionMessages.heading)}
      </h2>
      <p className="small text-body-secondary">{t(sessionMessages.hint)}</p>
      {sessions.length > 0 && (
        <ul className="list-group mb-3" aria-label={t("Your sessions")}>
          {sessions.map((s) => (
            <SessionItem key={s.id} session={s} />
          ))}
        </ul>
      )}
      {!counsellor ? (
        <p className="alert alert-info">{t(sessionMessages.noCounsellor)}</p>
      ) : !counsellor.bookable ? (
        <p className="alert alert-warning">{t(sessionMessages.counsellorGone)}</p>
      ) : (
        <div className="card card-body">
          <h3 className="h6">{t("Book a session with {name}", { name: counsellor.fullName })}</h3>
          <Form method="get" action="/profile/sessions" className="row g-2 align-items-end mb-3" preventScrollReset>
            <div className="col-sm-8">
              <label htmlFor="session-kind" className="form-label">
                {t("Kind of session")}
              </label>
              <select id="session-kind" name="sessionKind" className="form-select" defaultValue={kind}>
                {kinds.map((k) => (
                  <option key={k.key} value={k.key}>
                    {t(k.label)} ({t("{minutes} minutes", { minutes: k.minutes })})
                  </option>
                ))}
              </select>
            </div>
            <div className="col-sm-4">
              <button type="submit" className="btn btn-outline-secondary">
                {t("Show free times")}
              </button>
            </div>
          </Form>
          {slots.length === 0 ? (
            <p className="mb-0">{t(sessionMessages.noSlots)}</p>
          ) : (
            <booker.Form method="post" className="row g-2 align-items-end">
              <input type="hidden" name="intent" value="session-book" />
              <input type="hidden" name="kind" value={kind} />
              <div className="col-sm-8">
                <SlotSelect id="session-slot" slots={slots} label={t("Time for {kind}", { kind: t(chosen?.label ?? "") })} />
              </div>
              <div className="col-sm-4">
                <button type="submit" className="btn btn-primary" disabled={booker.state !== "idle"}>
                  {t("Book session")}
                </button>
              </div>
            </booker.Form>
          )}
        </div>
      )}
    </section>
  );
}
