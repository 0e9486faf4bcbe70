import { Form, Link, useNavigation } from "react-router";
import { QuotedParagraph } from "~/components/quoted-paragraph";
import { orRouteError } from "~/lib/errors.server";
import { refusalOr } from "~/lib/form-result.server";
import { metaT, useT } from "~/lib/i18n";
import { inIndianTime } from "~/lib/indian-time";
import { requireStudent } from "~/lib/login-required.server";
import { useActionToast } from "~/lib/use-action-toast";
import { parseId } from "../../modules/ids.ts";
import { languageOf } from "../../platform/cookies.ts";
import { LANGUAGES } from "../../vocabulary/languages.ts";
import { statementKindOf, statementMessages, statementTitles } from "../../vocabulary/statements.ts";
import type { Route } from "./+types/statement";

/**
 * The student's SOP on one application, or a Canadian study permit's letter of explanation (decisions
 * 0072-0074): the draft in plain-text paragraphs, its checks, the counsellor's comments on each version
 * with the paragraph they are about, sending for review, and what changed between two versions.
 */
export const meta: Route.MetaFunction = ({ matches, location }) => [
  { title: `${metaT(matches)(statementTitles[statementKindOf(location.pathname)])} | Ignite` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const student = requireStudent(request, context.student);
  const kind = statementKindOf(new URL(request.url).pathname);
  const { locale } = LANGUAGES[languageOf(request.headers.get("Cookie"))];
  return orRouteError(
    (async () => {
      const statement = await context.statements.get(student.studentId, parseId(params.applicationId, "Application"), kind);
      const url = new URL(request.url);
      const from = Number(url.searchParams.get("from"));
      const to = Number(url.searchParams.get("to"));
      const compared =
        url.searchParams.has("from") && Number.isInteger(from) && Number.isInteger(to)
          ? (() => {
              try {
                return context.statements.compare(statement, from, to);
              } catch {
                return null;
              }
            })()
          : null;
      return {
        kind,
        compared,
        statement: {
          ...statement,
          versions: statement.versions.map((v) => ({ ...v, sent: inIndianTime(v.sentAt, "minutes", locale) })),
        },
      };
    })(),
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const student = requireStudent(request, context.student);
  const id = parseId(params.applicationId, "Application");
  const kind = statementKindOf(new URL(request.url).pathname);
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  const s = context.statements;
  return refusalOr(async () => {
    switch (form.intent) {
      case "save":
        await s.save(student.studentId, id, kind, { text: form.text, revision: form.revision });
        return { ok: true as const, message: statementMessages.saved };
      case "send":
        // The text on screen is what is sent: saved first, then frozen as the next version.
        await s.send(student.studentId, id, kind, { text: form.text, revision: form.revision });
        return { ok: true as const, message: statementMessages.sent };
      case "copy":
        await s.copy(student.studentId, id, kind, { fromApplicationId: form.from, revision: form.revision });
        return { ok: true as const, message: statementMessages.copied };
      case "answer":
        await s.answer(student.studentId, id, kind, parseId(form.comment, "Comment"), { answer: form.answer });
        return { ok: true as const, message: statementMessages.answered };
      case "done":
        await s.markDone(student.studentId, id, kind, parseId(form.comment, "Comment"));
        return { ok: true as const, message: statementMessages.marked };
      default:
        return { ok: true as const, message: "" };
    }
  }, form);
}

export default function Statement({ loaderData, actionData }: Route.ComponentProps) {
  const { statement: s, kind, compared } = loaderData;
  const { t } = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useActionToast(actionData && "message" in actionData && actionData.message ? actionData : null);
  const refused = actionData && !actionData.ok ? actionData : null;
  // A refused save keeps what was typed (a stale tab, the word limit): nothing the student wrote is lost.
  const text = refused?.values?.text ?? s.paragraphs.join("\n\n");
  const latest = s.versions.at(-1);
  const approved = s.versions.find((v) => v.id === s.approvedVersionId);
  const openComments = s.comments.filter((c) => !c.doneAt);
  return (
    <div className="container py-4">
      <p className="mb-2">
        <Link to={`/user/applications/${s.applicationId}`}>{t("Back to the application")}</Link>
      </p>
      <h1 className="h2">{t(statementTitles[kind])}</h1>
      <p className="mb-2">
        {s.course}, {s.university}
      </p>
      <p className="small text-body-secondary" data-testid="statement-state">
        {approved
          ? t("Version {number} is approved: your package uses it.", { number: approved.number })
          : latest
            ? t("Version {number} is with your counsellor for review.", { number: latest.number })
            : t("A draft: only you see it until you send it for review.")}
      </p>
      {approved && (
        <p>
          {/* The approved version as an A4 PDF, for a university that wants a file (decision 0096). */}
          <a
            className="btn btn-outline-primary btn-sm"
            href={`/api/v1/students/me/applications/${s.applicationId}/statements/${kind}/pdf`}
            download
            data-testid="statement-pdf"
          >
            {t("Download the approved version (PDF)")}
          </a>
        </p>
      )}
      {approved && s.pdfCannotPrint.length > 0 && (
        <p className="small alert alert-warning" data-testid="pdf-cannot-print">
          {t("The PDF cannot print these characters: {characters}. It leaves them out; your text in the portal keeps them.", {
            characters: s.pdfCannotPrint.join(" "),
          })}
        </p>
      )}
      {s.frozen && <p className="alert alert-info">{t(statementMessages.frozenPackage)}</p>}

      <section aria-labelledby="checks-heading" className="mb-4">
        <h2 id="checks-heading" className="h4">
          {t("Checks")}
        </h2>
        <p data-testid="checks-summary" className="fw-semibold">
          {t("{holding} of {total} checks hold", { holding: s.checks.holding, total: s.checks.total })}
        </p>
        <p className="small text-body-secondary">
          {t("Read from your text and your file in the portal; they do not grade your chances of admission.")}
        </p>
        <ul className="list-group" data-testid="checks">
          {s.checks.checks.map((c) => (
            <li key={c.key} className="list-group-item" data-testid={`check-${c.key}`}>
              <span className={`badge ${c.holds ? "text-bg-success" : "text-bg-warning"} me-2`}>
                {c.holds ? t("Holds") : t("Look again")}
              </span>
              <span className="fw-semibold">{t(c.label)}</span>
              <ul className="small mb-0 mt-1">
                {c.reasons.map((r) => (
                  <li key={r}>{t(r)}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      {!s.frozen && (
        <section aria-labelledby="draft-heading" className="mb-4">
          <h2 id="draft-heading" className="h4">
            {t("Your draft")}
          </h2>
          {refused && (
            <p className="alert alert-danger" role="alert" data-testid="statement-refused">
              {t(refused.message)}
            </p>
          )}
          <Form method="post" key={`${s.revision}-${refused ? "kept" : "saved"}`}>
            <input type="hidden" name="revision" value={s.revision} />
            <label htmlFor="statement-text" className="form-label">
              {t("Text (leave a blank line between paragraphs)")}
            </label>
            <textarea
              id="statement-text"
              name="text"
              className="form-control mb-2"
              rows={16}
              defaultValue={text}
              aria-describedby="statement-limit"
              maxLength={30000}
            />
            <p id="statement-limit" className="small text-body-secondary">
              {s.wordLimit
                ? t("{words} words; the course allows at most {limit}.", { words: s.checks.words, limit: s.wordLimit })
                : t("{words} words; the course gives no word limit.", { words: s.checks.words })}
            </p>
            <div className="d-flex flex-wrap gap-2">
              <button type="submit" name="intent" value="save" className="btn btn-primary" disabled={busy}>
                {t("Save draft")}
              </button>
              {s.changedSinceSent && (
                <button type="submit" name="intent" value="send" className="btn btn-outline-primary" disabled={busy}>
                  {t("Send for review")}
                </button>
              )}
            </div>
          </Form>
          {s.sources.length > 0 && (
            <Form method="post" className="mt-3" data-testid="start-from">
              <input type="hidden" name="intent" value="copy" />
              <input type="hidden" name="revision" value={s.revision} />
              <label htmlFor="copy-from" className="form-label">
                {t("Start from the SOP of another application (replaces this draft)")}
              </label>
              <div className="d-flex flex-wrap gap-2">
                <select id="copy-from" name="from" className="form-select w-auto mw-100">
                  {s.sources.map((o) => (
                    <option key={o.applicationId} value={o.applicationId}>
                      {o.label}
                    </option>
                  ))}
                </select>
                <button type="submit" className="btn btn-outline-secondary" disabled={busy}>
                  {t("Start from it")}
                </button>
              </div>
            </Form>
          )}
        </section>
      )}

      <section aria-labelledby="comments-heading" className="mb-4">
        <h2 id="comments-heading" className="h4">
          {t("Your counsellor's comments")}
        </h2>
        {s.comments.length === 0 ? (
          <p>{t("No comments yet.")}</p>
        ) : (
          <>
            <p className="small">{t("{count} open", { count: openComments.length })}</p>
            <ul className="list-unstyled" data-testid="comments">
              {s.comments.map((c) => (
                <li key={c.id} className="border rounded p-2 mb-2" data-testid="comment">
                  <p className="small text-body-secondary mb-1">
                    {t("Version {number}, paragraph {paragraph}", { number: c.versionNumber, paragraph: c.paragraphIndex + 1 })}
                    {" · "}
                    {c.inDraft
                      ? t("now paragraph {paragraph} of your draft", { paragraph: c.inDraft.index + 1 })
                      : t("that paragraph is no longer in your draft")}
                  </p>
                  <div className="row g-2">
                    {/* The paragraph as the counsellor read it, the words they quote marked, the comment beside it (decision 0100). */}
                    <blockquote className="col-md-7 small border-start ps-2 mb-1">
                      <QuotedParagraph text={c.paragraphText} quotes={[c.quote]} className="mb-0" />
                    </blockquote>
                    <div className="col-md-5">
                      <p className="mb-1">
                        <span className="fw-semibold">{c.staffName}:</span> {c.body}
                      </p>
                      {c.answer && (
                        <p className="mb-1">
                          <span className="fw-semibold">{t("Your answer")}:</span> {c.answer}
                        </p>
                      )}
                      {c.doneAt ? (
                        <span className="badge text-bg-success">{t("Done")}</span>
                      ) : (
                        <div className="d-flex flex-wrap gap-2 align-items-end">
                          <Form method="post" className="flex-grow-1" key={`answer-${c.id}-${c.answer ?? ""}`}>
                            <input type="hidden" name="intent" value="answer" />
                            <input type="hidden" name="comment" value={c.id} />
                            <label htmlFor={`answer-${c.id}`} className="form-label small mb-0">
                              {t("Answer")}
                            </label>
                            <div className="d-flex gap-2">
                              <input
                                id={`answer-${c.id}`}
                                name="answer"
                                className="form-control form-control-sm"
                                maxLength={2000}
                              />
                              <button type="submit" className="btn btn-sm btn-outline-primary" disabled={busy}>
                                {t("Send answer")}
                              </button>
                            </div>
                          </Form>
                          <Form method="post">
                            <input type="hidden" name="intent" value="done" />
                            <input type="hidden" name="comment" value={c.id} />
                            <button type="submit" className="btn btn-sm btn-outline-success" disabled={busy}>
                              {t("Mark done")}
                            </button>
                          </Form>
                        </div>
                      )}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="versions-heading" className="mb-4">
        <h2 id="versions-heading" className="h4">
          {t("Versions sent")}
        </h2>
        {s.versions.length === 0 ? (
          <p>{t("None yet.")}</p>
        ) : (
          <ul className="list-group mb-2" data-testid="versions">
            {s.versions.map((v) => (
              <li key={v.id} className="list-group-item">
                {t("Version {number}", { number: v.number })} · <time dateTime={v.sent.iso}>{v.sent.text}</time>
                {v.id === s.approvedVersionId && <span className="badge text-bg-success ms-2">{t("Approved")}</span>}
              </li>
            ))}
          </ul>
        )}
        {s.versions.length > 0 && (
          <Form method="get" className="d-flex flex-wrap gap-2 align-items-end">
            <div>
              <label htmlFor="compare-from" className="form-label small mb-0">
                {t("Compare")}
              </label>
              <select id="compare-from" name="from" className="form-select form-select-sm" defaultValue={compared?.from ?? 1}>
                {s.versions.map((v) => (
                  <option key={v.id} value={v.number}>
                    {t("Version {number}", { number: v.number })}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="compare-to" className="form-label small mb-0">
                {t("with")}
              </label>
              <select id="compare-to" name="to" className="form-select form-select-sm" defaultValue={compared?.to ?? 0}>
                <option value={0}>{t("Your draft")}</option>
                {s.versions.map((v) => (
                  <option key={v.id} value={v.number}>
                    {t("Version {number}", { number: v.number })}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn btn-sm btn-outline-secondary">
              {t("Show what changed")}
            </button>
          </Form>
        )}
        {compared && (
          <div className="border rounded p-2 mt-2 statement-diff" data-testid="diff">
            <p className="small text-body-secondary">{t("Added text is underlined, removed text struck through.")}</p>
            <p className="statement-diff-text mb-0">
              {compared.parts.map((part, i) =>
                part.change === "added" ? (
                  <ins key={i}>{part.text}</ins>
                ) : part.change === "removed" ? (
                  <del key={i}>{part.text}</del>
                ) : (
                  <span key={i}>{part.text}</span>
                ),
              )}
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
