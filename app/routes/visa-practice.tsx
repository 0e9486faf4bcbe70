import { useEffect, useState } from "react";
import { Form, Link, redirect, useNavigation, useRevalidator } from "react-router";
import { AnswerRecorder } from "~/components/answer-recorder";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { byIntent } from "~/lib/intents.server";
import { requireStudent } from "~/lib/login-required.server";
import { useActionToast } from "~/lib/use-action-toast";
import { parseId } from "../../modules/ids.ts";
import type { AnswerFeedback, PracticeOverview } from "../../modules/visas/visas.ts";
import { MAX_ANSWER_CHARACTERS, rubricCriteria, rubricLabels, themeLabels, visaMessages } from "../../vocabulary/visas.ts";
import type { Route } from "./+types/visa-practice";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${metaT(matches)("Mock visa interview")} | Ignite` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  return {
    practice: await orRouteError(
      (async () => context.visas.openPractice(student.studentId, parseId(params.practiceId, "Practice")))(),
    ),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const student = requireStudent(request, context.student);
  const practiceId = () => parseId(params.practiceId, "Practice");
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  return refusalOr(
    async () =>
      byIntent(form.intent, {
        answer: async () => {
          await context.visas.answer(student.studentId, practiceId(), { ...form, mode: "typed" }, undefined);
          return redirect(`/visa/practice/${practiceId()}`);
        },
        share: async () => {
          await context.visas.share(student.studentId, practiceId());
          return { ok: true as const, message: visaMessages.shared };
        },
      }),
    form,
  );
}

/**
 * The seconds left on the question's timer: the server's count when the page was served (the clock started
 * when the question was first put, so a reload resumes it, decision 0049), then counting down in the page.
 */
function useCountdown(key: number | null, secondsLeft: number | null) {
  const [left, setLeft] = useState<number | null>(secondsLeft);
  useEffect(() => {
    if (key === null || secondsLeft === null) return;
    const shown = performance.now();
    setLeft(secondsLeft);
    const timer = window.setInterval(
      () => setLeft(Math.max(0, secondsLeft - Math.floor((performance.now() - shown) / 1000))),
      500,
    );
    return () => window.clearInterval(timer);
  }, [key, secondsLeft]);
  return left;
}

function Feedback({ feedback }: { feedback: AnswerFeedback }) {
  const { t } = useT();
  const { length } = feedback;
  return (
    <div className="small">
      <p className="mb-1">
        {length.unit === "seconds"
          ? t("Length: {measured, plural, one {# second} other {# seconds}} (usual: {min} to {max}).", {
              measured: length.measured,
              min: length.min,
              max: length.max,
            })
          : t("Length: {measured, plural, one {# word} other {# words}} (usual: {min} to {max}).", {
              measured: length.measured,
              min: length.min,
              max: length.max,
            })}{" "}
        {feedback.onTopic === false
          ? null
          : length.verdict === "short"
            ? t("Too short: say more.")
            : length.verdict === "long"
              ? t("Too long: officers move on quickly.")
              : t("A good length.")}
      </p>
      {feedback.onTopic === false && (
        <p className="mb-1 text-danger fw-semibold" data-testid="off-topic">
          {t("This does not answer the question asked. Listen to the question and answer it directly.")}
        </p>
      )}
      {feedback.covered === null ? (
        <p className="mb-1 text-body-secondary">
          {t("Your browser gave no transcript, so only the length is checked. Your counsellor can listen to it.")}
        </p>
      ) : (
        <>
          {feedback.covered.length > 0 && (
            <p className="mb-1 text-success">
              {t("Covered")}: {feedback.covered.join("; ")}
            </p>
          )}
          {feedback.missed && feedback.missed.length > 0 && (
            <p className="mb-1">
              {t("Not covered")}: {feedback.missed.join("; ")}
            </p>
          )}
          {feedback.redFlags && feedback.redFlags.length > 0 && (
            <p className="mb-1 text-danger fw-semibold">
              {t("Red flags")}: {feedback.redFlags.join("; ")}
            </p>
          )}
        </>
      )}
      {feedback.consistency.map((note) => (
        <p key={note} className="mb-1 text-danger" data-testid="consistency-note">
          {t("Does not match your file")}: {t(note)}
        </p>
      ))}
    </div>
  );
}

/** A finished practice at a glance (decision 0049): what went well, what to work on, what to practise next. */
function Summary({ summary }: { summary: PracticeOverview }) {
  const { t } = useT();
  const theme = (name: string) => t(themeLabels[name] ?? name);
  return (
    <section aria-labelledby="summary" className="card mb-4" data-testid="practice-summary">
      <div className="card-body">
        <h3 id="summary" className="h5">
          {t("Summary of this practice")}
        </h3>
        <p className="mb-2">
          <span className="fw-semibold">{t("Strong")}:</span>{" "}
          {summary.strong.length ? summary.strong.map((s) => theme(s.theme)).join(", ") : t("no theme yet")}
        </p>
        {summary.weak.length > 0 && (
          <>
            <p className="fw-semibold mb-1">{t("To work on")}:</p>
            <ul className="small">
              {summary.weak.map((w) => (
                <li key={w.theme}>
                  <span className="fw-semibold">{theme(w.theme)}</span>
                  {w.missed.length > 0 && ` · ${t("Not covered")}: ${w.missed.join("; ")}`}
                  {w.redFlags.length > 0 && ` · ${t("Red flags")}: ${w.redFlags.join("; ")}`}
                  {w.contradictions > 0 && ` · ${t("notes against your file: {count}", { count: w.contradictions })}`}
                  {w.offTopic > 0 && ` · ${t("answers off the question: {count}", { count: w.offTopic })}`}
                </li>
              ))}
            </ul>
          </>
        )}
        {summary.next.length > 0 && (
          <>
            <p className="fw-semibold mb-1">{t("Practise next")}:</p>
            <ol className="small mb-2">
              {summary.next.map((n) => (
                <li key={n.theme}>
                  {n.redFlags.length > 0
                    ? t("{theme}: answer again without what raised a red flag ({flags}).", {
                        theme: theme(n.theme),
                        flags: n.redFlags.join("; "),
                      })
                    : n.contradictions > 0
                      ? t("{theme}: check your answer against your papers before the interview.", { theme: theme(n.theme) })
                      : n.offTopic > 0
                        ? t("{theme}: answer the question that is asked, in its first sentence.", { theme: theme(n.theme) })
                        : t("{theme}: answer again and cover {points}.", { theme: theme(n.theme), points: n.missed.join("; ") })}
                </li>
              ))}
            </ol>
          </>
        )}
        {summary.unread > 0 && (
          <p className="small text-body-secondary mb-0">
            {t("Spoken answers without a transcript: {count}. Your counsellor's review covers them.", { count: summary.unread })}
          </p>
        )}
      </div>
    </section>
  );
}

export default function VisaPractice({ loaderData, actionData }: Route.ComponentProps) {
  const { practice } = loaderData;
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const revalidator = useRevalidator();
  useActionToast(actionData ? { ok: actionData.ok, message: t(actionData.message) } : undefined);
  const current = practice.answers.find((a) => a.position === practice.current) ?? null;
  const left = useCountdown(current?.position ?? null, practice.secondsLeft);
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  return (
    <div className="container py-4">
      <p className="mb-2">
        <Link to="/visa/practice">← {t("Mock visa interviews")}</Link>
      </p>
      <h1 className="h3 mb-1">
        {t("Mock visa interview")}: {practice.country}
      </h1>
      <p className="text-body-secondary">{practice.bankName}</p>

      {current ? (
        <section aria-labelledby="question" className="card mb-4">
          <div className="card-body">
            <p className="small text-body-secondary mb-1">
              {t("Question {position} of {total}", { position: current.position, total: practice.answers.length })} ·{" "}
              {t(themeLabels[current.theme] ?? current.theme)}
            </p>
            <h2 id="question" className="h4">
              {current.question}
            </h2>
            <p className="small" aria-live="polite">
              {left === null
                ? t("Answer within {seconds} seconds, as at the embassy.", { seconds: practice.secondsPerAnswer })
                : left > 0
                  ? t("{seconds} seconds left", { seconds: left })
                  : t("Time is up: an officer would have moved on. Finish your answer now.")}
            </p>
            <AnswerRecorder
              key={current.position}
              practiceId={practice.id}
              position={current.position}
              secondsPerAnswer={practice.secondsPerAnswer}
              onSaved={() => revalidator.revalidate()}
            />
            <Form method="post" key={`typed-${current.position}`}>
              <input type="hidden" name="intent" value="answer" />
              <input type="hidden" name="position" value={current.position} />
              <label htmlFor="answer-text" className="form-label">
                {t("Your answer")}
              </label>
              <textarea
                id="answer-text"
                name="text"
                className={`form-control mb-2${refusal ? " is-invalid" : ""}`}
                rows={4}
                maxLength={MAX_ANSWER_CHARACTERS}
                defaultValue={refusal?.values.text ?? ""}
                aria-invalid={refusal ? true : undefined}
                aria-describedby={refusal ? "answer-error" : undefined}
              />
              {refusal && (
                <div id="answer-error" className="invalid-feedback d-block mb-2">
                  {t(refusal.message)}
                </div>
              )}
              <button type="submit" className="btn btn-outline-primary" disabled={busy}>
                {t("Save my typed answer")}
              </button>
            </Form>
          </div>
        </section>
      ) : (
        <section aria-labelledby="done" className="mb-4">
          <h2 id="done" className="h4">
            {t("Your feedback")}
          </h2>
          <p className="small text-body-secondary">{t(visaMessages.neverPredicts)}</p>
          {practice.summary && <Summary summary={practice.summary} />}
          {practice.reviewedAt ? (
            <p className="alert alert-success">{t("Reviewed by {name}.", { name: practice.reviewer ?? t("your counsellor") })}</p>
          ) : practice.sharedAt ? (
            <p className="alert alert-info">{t("Shared with your counsellor: their scores will appear here.")}</p>
          ) : (
            <Form method="post" className="mb-3">
              <input type="hidden" name="intent" value="share" />
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {t("Share with my counsellor")}
              </button>
            </Form>
          )}
        </section>
      )}

      <ol className="list-unstyled">
        {practice.answers
          .filter((a) => a.answeredAt)
          .map((a) => (
            <li key={a.position} className="card mb-3" data-testid={`answer-${a.position}`}>
              <div className="card-body">
                <p className="small text-body-secondary mb-1">
                  {t("Question {position}", { position: a.position })} · {t(themeLabels[a.theme] ?? a.theme)}
                </p>
                <h3 className="h6">{a.question}</h3>
                {a.wants && (
                  <p className="small mb-1">
                    <span className="fw-semibold">{t("What the officer wants to learn")}:</span> {a.wants}
                  </p>
                )}
                {a.recordingUrl && (
                  <audio controls preload="none" src={a.recordingUrl} className="w-100 mb-1">
                    <track kind="captions" />
                  </audio>
                )}
                {a.text && <blockquote className="border-start ps-2 small mb-2">{a.text}</blockquote>}
                {a.feedback && <Feedback feedback={a.feedback} />}
                {a.scores && (
                  <div className="mt-2" data-testid={`scores-${a.position}`}>
                    <p className="fw-semibold small mb-1">{t("Your counsellor's scores")}</p>
                    <ul className="list-inline small mb-1">
                      {rubricCriteria.map((c) => (
                        <li key={c} className="list-inline-item">
                          {t(rubricLabels[c])}: {a.scores?.[c]}/5
                        </li>
                      ))}
                    </ul>
                    {a.comment && <p className="small mb-0">{a.comment}</p>}
                  </div>
                )}
              </div>
            </li>
          ))}
      </ol>
    </div>
  );
}
