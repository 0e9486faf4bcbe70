import { Form, Link, useNavigation } from "react-router";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { inIndianTime } from "~/lib/indian-time";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { parseId } from "../../../modules/ids.ts";
import { canCoachVisas } from "../../../modules/policies.ts";
import { rubricCriteria, rubricLabels, themeLabels, visaMessages } from "../../../vocabulary/visas.ts";
import type { Route } from "./+types/visa-practice";

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: `${data ? `Practice of ${data.practice.studentName}` : "Practice"} | Console | Ignite` },
  { name: "robots", content: "noindex" },
];

const lengthWords = { short: "Short", within: "Within the norm", long: "Long" } as const;
/** The rubric's field for one answer and one line: `a-2-clarity`. */
const scoreName = (position: number, criterion: string) => `a-${position}-${criterion}`;

/** A practice a student shared: each answer with its recording, its automatic feedback and the rubric to score it on. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canCoachVisas);
  const practice = await orRouteError(
    (async () => context.staff.visas.practiceForReview(member, parseId(params.practiceId, "Practice")))(),
  );
  return {
    practice: {
      ...practice,
      shared: practice.sharedAt ? inIndianTime(practice.sharedAt) : null,
      reviewed: practice.reviewedAt ? inIndianTime(practice.reviewedAt) : null,
    },
  };
}

/** The form's fields (`a-{position}-{criterion}`, `a-{position}-comment`) as the review's input. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canCoachVisas);
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  const positions = (form.positions ?? "")
    .split(",")
    .map(Number)
    .filter((p) => Number.isSafeInteger(p) && p > 0);
  const review = {
    answers: positions.map((position) => ({
      position,
      scores: Object.fromEntries(rubricCriteria.map((c) => [c, form[scoreName(position, c)]])),
      comment: form[`a-${position}-comment`] ?? "",
    })),
  };
  return refusalOr(async () => {
    await context.staff.visas.reviewPractice(member, parseId(params.practiceId, "Practice"), review);
    return { ok: true as const, message: visaMessages.reviewSaved };
  }, form);
}

export default function PracticeReview({ loaderData, actionData }: Route.ComponentProps) {
  const { practice } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  useActionToast(actionData);
  /** A score the refused form lacked: its group shows the message; what was chosen stays chosen. */
  const unscored = (position: number, criterion: string) =>
    refusal !== undefined && !refusal.values[scoreName(position, criterion)];
  const chosen = (position: number, criterion: string) =>
    refusal
      ? refusal.values[scoreName(position, criterion)]
      : String(practice.answers.find((a) => a.position === position)?.scores?.[criterion as keyof typeof rubricLabels] ?? "");
  return (
    <>
      <p>
        <Link to="/staff/visas">← Visas</Link> · <Link to={`/staff/students/${practice.studentId}`}>{practice.studentName}</Link>
      </p>
      <h1 className="h3">Practice of {practice.studentName}</h1>
      <p>
        {practice.bankName} for {practice.country}
        {practice.shared && (
          <>
            , shared <time dateTime={practice.shared.iso}>{practice.shared.text}</time>
          </>
        )}
        .{" "}
        {practice.reviewed ? (
          <span className="badge text-bg-success" data-testid="review-state">
            Reviewed by {practice.reviewer ?? "staff"}, <time dateTime={practice.reviewed.iso}>{practice.reviewed.text}</time>
          </span>
        ) : (
          <span className="badge text-bg-warning" data-testid="review-state">
            Not reviewed yet
          </span>
        )}
      </p>
      <p className="small text-body-secondary">
        Score every answer from 1 (weak) to 5 (strong) on each line; the student reads the scores and your comments. The automatic
        feedback below is what the student saw: it checks words and the file, and never predicts a decision.
      </p>
      <Form method="post" noValidate aria-label="Review">
        <input type="hidden" name="positions" value={practice.answers.map((a) => a.position).join(",")} />
        {practice.answers.map((answer) => {
          const f = answer.feedback;
          return (
            <section
              key={answer.position}
              className="card card-body mb-3"
              aria-labelledby={`answer-${answer.position}-heading`}
              data-testid="practice-answer"
            >
              <h2 id={`answer-${answer.position}-heading`} className="h5">
                {answer.position}. {answer.question}
              </h2>
              <p className="small mb-1">
                <span className="badge text-bg-light me-1">{themeLabels[answer.theme] ?? answer.theme}</span>
                {answer.wants && <>The officer wants to learn: {answer.wants}</>}
              </p>
              {answer.answeredAt === null ? (
                <p className="text-body-secondary">Not answered.</p>
              ) : (
                <>
                  <p className="mb-1 small fw-semibold">
                    {answer.mode === "spoken" ? "Spoken" : "Typed"}
                    {answer.durationSeconds !== null && `, ${Math.round(answer.durationSeconds)} seconds`}
                    {answer.mode === "spoken" && answer.text ? " (the browser's transcript)" : ""}
                  </p>
                  <blockquote className="border-start ps-2 mb-2">{answer.text ?? <em>No transcript.</em>}</blockquote>
                  {answer.recordingUrl && (
                    <div className="mb-2">
                      {/* biome-ignore lint/a11y/useMediaCaption: the answer's text (typed, or the browser's transcript) is printed just above. */}
                      <audio controls preload="none" aria-label={`Recording of answer ${answer.position}`}>
                        <source src={answer.recordingUrl} />
                        <a href={answer.recordingUrl}>Download the recording</a>
                      </audio>
                    </div>
                  )}
                  {f && (
                    <ul className="small mb-2" data-testid="answer-feedback">
                      <li>
                        Length: {lengthWords[f.length.verdict]} ({f.length.measured} {f.length.unit}; the norm is {f.length.min}–
                        {f.length.max})
                      </li>
                      {f.covered && <li>Points covered: {f.covered.length ? f.covered.join("; ") : "none"}</li>}
                      {f.missed && <li>Points missed: {f.missed.length ? f.missed.join("; ") : "none"}</li>}
                      {f.redFlags && <li>Red flags: {f.redFlags.length ? f.redFlags.join("; ") : "none"}</li>}
                      {f.consistency.length > 0 && <li>Against the file: {f.consistency.join(" ")}</li>}
                    </ul>
                  )}
                </>
              )}
              <div className="row g-2">
                {rubricCriteria.map((criterion) => {
                  const missing = unscored(answer.position, criterion);
                  const name = scoreName(answer.position, criterion);
                  return (
                    <fieldset
                      key={criterion}
                      className="col-sm-6 col-lg-4"
                      aria-describedby={missing ? `${name}-error` : undefined}
                    >
                      <legend className="form-label small mb-0">{rubricLabels[criterion]}</legend>
                      <div className="d-flex gap-2 flex-wrap">
                        {[1, 2, 3, 4, 5].map((n) => (
                          <div key={n} className="form-check form-check-inline me-1">
                            <input
                              id={`${name}-${n}`}
                              type="radio"
                              name={name}
                              value={n}
                              aria-invalid={missing ? true : undefined}
                              className={`form-check-input${missing ? " is-invalid" : ""}`}
                              defaultChecked={chosen(answer.position, criterion) === String(n)}
                            />
                            <label htmlFor={`${name}-${n}`} className="form-check-label">
                              {n}
                            </label>
                          </div>
                        ))}
                      </div>
                      {missing && (
                        <div id={`${name}-error`} className="invalid-feedback d-block">
                          Choose a score from 1 to 5.
                        </div>
                      )}
                    </fieldset>
                  );
                })}
              </div>
              <label htmlFor={`a-${answer.position}-comment`} className="form-label small mt-2">
                Comment on answer {answer.position}
              </label>
              <textarea
                id={`a-${answer.position}-comment`}
                name={`a-${answer.position}-comment`}
                rows={2}
                maxLength={2000}
                className="form-control form-control-sm"
                defaultValue={refusal ? (refusal.values[`a-${answer.position}-comment`] ?? "") : (answer.comment ?? "")}
              />
            </section>
          );
        })}
        {refusal && (
          <p className="text-danger" role="alert">
            {refusal.message}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {practice.reviewed ? "Save the review again" : "Save the review"}
        </button>
      </Form>
    </>
  );
}
