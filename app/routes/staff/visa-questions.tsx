import { useEffect, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { byIntent } from "~/lib/intents.server";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { parseId } from "../../../modules/ids.ts";
import { canCoachVisas } from "../../../modules/policies.ts";
import { themeLabels } from "../../../vocabulary/visas.ts";
import type { Route } from "./+types/visa-questions";

export const meta: Route.MetaFunction = () => [
  { title: "Visa questions | Console | Ignite" },
  { name: "robots", content: "noindex" },
];

const fileFactWords = "university, course, intake, city, funding, loan, scholarship, sponsor, gap, refusal";

/** A question's points or red flags as the form writes them: one "label: keyword, keyword" line each. */
const asLines = (signals: { label: string; keywords: string[] }[]) =>
  signals.map((s) => `${s.label}: ${s.keywords.join(", ")}`).join("\n");

/** The mock interview question bank of one destination (`?country=` its id), by theme, for staff to add to and correct. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canCoachVisas);
  const [countries, banks] = await Promise.all([context.catalogue.listCountries(), context.visas.practiceDestinations()]);
  const withBank = new Set(banks.map((b) => b.country));
  const destinations = countries.map((c) => ({ id: c.id, name: c.name, hasBank: withBank.has(c.name) }));
  const asked = new URL(request.url).searchParams.get("country");
  const chosen = asked ? destinations.find((d) => String(d.id) === asked) : undefined;
  if (asked && !chosen) throw data(null, { status: 404 });
  const bank = chosen?.hasBank ? await orRouteError(context.staff.visas.questions(member, chosen.id)) : null;
  return {
    destinations,
    chosen: chosen ?? null,
    bank: bank
      ? {
          ...bank.bank,
          questions: bank.questions.map((q) => ({ ...q, pointLines: asLines(q.points), flagLines: asLines(q.redFlags) })),
        }
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canCoachVisas);
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  const countryId = () => parseId(form.countryId ?? "", "Country");
  return refusalOr(
    async () =>
      byIntent(form.intent, {
        bank: async () => {
          await context.staff.visas.saveBank(member, countryId(), form);
          return { ok: true as const, message: "The interview is saved." };
        },
        question: async () => {
          const questionId = form.questionId ? parseId(form.questionId, "Question") : null;
          await context.staff.visas.saveQuestion(member, countryId(), questionId, form);
          return {
            ok: true as const,
            message: questionId ? "The question is saved." : "The question is added.",
            added: !questionId,
          };
        },
      }),
    form,
  );
}

type Question = NonNullable<Route.ComponentProps["loaderData"]["bank"]>["questions"][number];

function QuestionForm({
  countryId,
  question,
  refusal,
  busy,
}: {
  countryId: number;
  question: Question | null;
  refusal: { message: string; fields: Record<string, string>; values: Record<string, string> } | undefined;
  busy: boolean;
}) {
  const key = `q-${question?.id ?? "new"}`;
  const field = (name: string, current: string) => ({
    id: `${key}-${name}`,
    name,
    defaultValue: refusal ? (refusal.values[name] ?? "") : current,
    "aria-invalid": refusal?.fields[name] ? true : undefined,
    "aria-describedby": refusal?.fields[name] ? `${key}-${name}-error` : undefined,
  });
  const invalid = (name: string) => (refusal?.fields[name] ? " is-invalid" : "");
  const error = (name: string) =>
    refusal?.fields[name] ? (
      <div id={`${key}-${name}-error`} className="invalid-feedback d-block">
        {refusal.fields[name]}
      </div>
    ) : null;
  const checked = (name: string, current: boolean) => (refusal ? refusal.values[name] === "on" : current);
  return (
    <Form method="post" className="row g-2" aria-label={question ? `Edit question ${question.id}` : "Add a question"} noValidate>
      <input type="hidden" name="intent" value="question" />
      <input type="hidden" name="countryId" value={countryId} />
      <input type="hidden" name="questionId" value={question?.id ?? ""} />
      <div className="col-sm-4">
        <label htmlFor={`${key}-theme`} className="form-label small">
          Theme
        </label>
        <select {...field("theme", question?.theme ?? "study-plans")} className={`form-select form-select-sm${invalid("theme")}`}>
          {Object.entries(themeLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        {error("theme")}
      </div>
      <div className="col-sm-8">
        <label htmlFor={`${key}-text`} className="form-label small">
          Question (may name {"{university}"}, {"{course}"}, {"{intake}"}, {"{city}"}, {"{country}"})
        </label>
        <input
          {...field("text", question?.text ?? "")}
          maxLength={400}
          className={`form-control form-control-sm${invalid("text")}`}
        />
        {error("text")}
      </div>
      <div className="col-12">
        <label htmlFor={`${key}-wants`} className="form-label small">
          What the officer wants to learn
        </label>
        <input
          {...field("wants", question?.wants ?? "")}
          maxLength={400}
          className={`form-control form-control-sm${invalid("wants")}`}
        />
        {error("wants")}
      </div>
      <div className="col-sm-6">
        <label htmlFor={`${key}-points`} className="form-label small">
          Points a strong answer covers (one a line: label: keyword, keyword)
        </label>
        <textarea
          {...field("points", question?.pointLines ?? "")}
          rows={3}
          maxLength={4000}
          className={`form-control form-control-sm${invalid("points")}`}
        />
        {error("points")}
      </div>
      <div className="col-sm-6">
        <label htmlFor={`${key}-redFlags`} className="form-label small">
          Red flags (one a line: label: keyword, keyword)
        </label>
        <textarea
          {...field("redFlags", question?.flagLines ?? "")}
          rows={3}
          maxLength={4000}
          className={`form-control form-control-sm${invalid("redFlags")}`}
        />
        {error("redFlags")}
      </div>
      <div className="col-sm-6">
        <label htmlFor={`${key}-needs`} className="form-label small">
          Asked only when the file has (comma-separated: {fileFactWords})
        </label>
        <input
          {...field("needs", question?.needs.join(", ") ?? "")}
          maxLength={200}
          className={`form-control form-control-sm${invalid("needs")}`}
        />
        {error("needs")}
      </div>
      <div className="col-sm-6 d-flex gap-3 align-items-end">
        <div className="form-check">
          <input
            id={`${key}-core`}
            name="core"
            type="checkbox"
            className="form-check-input"
            defaultChecked={checked("core", question?.core ?? false)}
          />
          <label htmlFor={`${key}-core`} className="form-check-label small">
            Asked in nearly every interview
          </label>
        </div>
        {question && (
          <div className="form-check">
            <input
              id={`${key}-retired`}
              name="retired"
              type="checkbox"
              className="form-check-input"
              defaultChecked={checked("retired", question.retired)}
            />
            <label htmlFor={`${key}-retired`} className="form-check-label small">
              Retired (no longer asked)
            </label>
          </div>
        )}
      </div>
      {refusal && (
        <p className="text-danger small col-12 mb-0" role="alert">
          {refusal.message}
        </p>
      )}
      <div className="col-12">
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          {question ? "Save the question" : "Add the question"}
        </button>
      </div>
    </Form>
  );
}

export default function VisaQuestions({ loaderData, actionData }: Route.ComponentProps) {
  const { destinations, chosen, bank } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  useActionToast(actionData);
  /** A question added: the add form starts again empty and closed. */
  const [added, setAdded] = useState(0);
  useEffect(() => {
    if (actionData?.ok && "added" in actionData && actionData.added) setAdded((n) => n + 1);
  }, [actionData]);
  const refusalFor = (intent: string, id = "") =>
    refusal && refusal.values.intent === intent && (refusal.values.questionId ?? "") === id ? refusal : undefined;
  const themes = bank ? [...new Set(bank.questions.map((q) => q.theme))] : [];
  const bankRefusal = refusalFor("bank");
  return (
    <>
      <h1 className="h3 mb-3">Visa interview questions</h1>
      <p>
        The questions of each destination's mock interview, with what the officer wants to learn, the points a strong answer
        covers and the red flags the feedback looks for.{" "}
        <Link to="/staff/audit?subjectType=visa_question">Changes in the audit log</Link>
      </p>
      <Form method="get" className="row g-2 align-items-end mb-4" style={{ maxWidth: "32rem" }}>
        <div className="col-8">
          <label htmlFor="question-country" className="form-label small">
            Destination
          </label>
          <select id="question-country" name="country" className="form-select form-select-sm" defaultValue={chosen?.id ?? ""}>
            <option value="">Choose…</option>
            {destinations.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
                {d.hasBank ? "" : " (no interview yet)"}
              </option>
            ))}
          </select>
        </div>
        <div className="col-4">
          <button type="submit" className="btn btn-sm btn-primary">
            Show
          </button>
        </div>
      </Form>

      {chosen && (
        <section aria-labelledby="bank-heading" className="mb-4">
          <h2 id="bank-heading" className="h4">
            {chosen.name}
            {bank ? `: ${bank.name}` : ""}
          </h2>
          {bank ? (
            <p className="small">
              {bank.questionsPerPractice} questions a practice, {bank.secondsPerAnswer} seconds an answer;{" "}
              {bank.questions.filter((q) => !q.retired).length} questions asked, {bank.questions.filter((q) => q.retired).length}{" "}
              retired.
            </p>
          ) : (
            <p>{chosen.name} has no mock interview yet: start one, then add its questions.</p>
          )}
          <details className="mb-3" open={!bank || bankRefusal !== undefined}>
            <summary>{bank ? "Change the interview's name and timer" : "Start the interview"}</summary>
            <Form method="post" className="row g-2 align-items-end mt-1" style={{ maxWidth: "48rem" }} noValidate>
              <input type="hidden" name="intent" value="bank" />
              <input type="hidden" name="countryId" value={chosen.id} />
              {(
                [
                  ["name", "Name (e.g. F-1 visa interview)", bank?.name ?? "", "text", "col-sm-6"],
                  [
                    "questionsPerPractice",
                    "Questions a practice",
                    String(bank?.questionsPerPractice ?? 8),
                    "number",
                    "col-6 col-sm-2",
                  ],
                  ["secondsPerAnswer", "Seconds an answer", String(bank?.secondsPerAnswer ?? 60), "number", "col-6 col-sm-2"],
                ] as const
              ).map(([name, label, current, type, width]) => (
                <div key={name} className={width}>
                  <label htmlFor={`bank-${name}`} className="form-label small">
                    {label}
                  </label>
                  <input
                    id={`bank-${name}`}
                    name={name}
                    type={type}
                    defaultValue={bankRefusal?.values[name] ?? current}
                    aria-invalid={bankRefusal?.fields[name] ? true : undefined}
                    aria-describedby={bankRefusal?.fields[name] ? `bank-${name}-error` : undefined}
                    className={`form-control form-control-sm${bankRefusal?.fields[name] ? " is-invalid" : ""}`}
                  />
                  {bankRefusal?.fields[name] && (
                    <div id={`bank-${name}-error`} className="invalid-feedback d-block">
                      {bankRefusal.fields[name]}
                    </div>
                  )}
                </div>
              ))}
              <div className="col-sm-2">
                <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
                  {bank ? "Save" : "Start"}
                </button>
              </div>
            </Form>
          </details>
          {bank && (
            <>
              <details key={added} className="card card-body mb-4" open={refusalFor("question") !== undefined}>
                <summary className="fw-semibold">Add a question</summary>
                <QuestionForm countryId={chosen.id} question={null} refusal={refusalFor("question")} busy={busy} />
              </details>
              {bank.questions.length === 0 && <p>No question yet.</p>}
              {themes.map((theme) => (
                <section key={theme} aria-labelledby={`theme-${theme}`} className="mb-4">
                  <h3 id={`theme-${theme}`} className="h5">
                    {themeLabels[theme] ?? theme}
                  </h3>
                  <ul className="list-unstyled">
                    {bank.questions
                      .filter((q) => q.theme === theme)
                      .map((q) => {
                        const refused = refusalFor("question", String(q.id));
                        return (
                          <li key={q.id} className="border-bottom py-2" data-testid="visa-question">
                            <p className="mb-1">
                              <strong>{q.text}</strong> {q.core && <span className="badge text-bg-info">Core</span>}{" "}
                              {q.retired && <span className="badge text-bg-secondary">Retired</span>}
                            </p>
                            <p className="small mb-1">Wants to learn: {q.wants}</p>
                            <p className="small mb-1">
                              Points: {q.points.map((p) => p.label).join("; ")}. Red flags:{" "}
                              {q.redFlags.map((p) => p.label).join("; ")}.
                              {q.needs.length > 0 && ` Asked when the file has: ${q.needs.join(", ")}.`}
                            </p>
                            <details open={refused !== undefined}>
                              <summary className="small">
                                Edit<span className="visually-hidden"> “{q.text}”</span>
                              </summary>
                              <QuestionForm countryId={chosen.id} question={q} refusal={refused} busy={busy} />
                            </details>
                          </li>
                        );
                      })}
                  </ul>
                </section>
              ))}
            </>
          )}
        </section>
      )}
    </>
  );
}
