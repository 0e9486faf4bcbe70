import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { QuotedParagraph } from "~/components/quoted-paragraph";
import { orRouteError } from "~/lib/errors.server";
import { type Refusal, refusalOr } from "~/lib/form-result.server";
import { inIndianTime } from "~/lib/indian-time";
import { requireStaffWith } from "~/lib/staff.server";
import { useActionToast } from "~/lib/use-action-toast";
import { parseId } from "../../../modules/ids.ts";
import { canSeeStudents } from "../../../modules/policies.ts";
import { statementKindOf, statementMessages, statementTitles } from "../../../vocabulary/statements.ts";
import type { Route } from "./+types/statement";

/**
 * A student's SOP or letter of explanation in the console (decisions 0072-0073): each version sent with
 * the same checks the student sees, a comment on any paragraph or on words of it (decision 0100), approval of
 * one version. Opening it is in the audit log (the student's "who has seen my data").
 */
export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${statementTitles[statementKindOf(location.pathname)]} | Ignite` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canSeeStudents);
  const kind = statementKindOf(new URL(request.url).pathname);
  const statement = await orRouteError(
    context.statements.console.get(member, parseId(params.applicationId, "Application"), kind),
  );
  const url = new URL(request.url);
  const chosen = Number(url.searchParams.get("version"));
  const shown = statement.versions.find((v) => v.number === chosen) ?? statement.versions.at(-1) ?? null;
  const previous = shown ? statement.versions.find((v) => v.number === shown.number - 1) : undefined;
  return {
    kind,
    mayReview: context.statements.console.mayReview(member),
    statement: { ...statement, versions: statement.versions.map((v) => ({ ...v, sent: inIndianTime(v.sentAt) })) },
    shownNumber: shown?.number ?? null,
    changes: shown && previous ? context.statements.compare(statement, previous.number, shown.number) : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const member = requireStaffWith(context.staffMember, canSeeStudents);
  const id = parseId(params.applicationId, "Application");
  const kind = statementKindOf(new URL(request.url).pathname);
  const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  const version = parseId(form.version, "Version");
  return refusalOr(async () => {
    if (form.intent === "approve") {
      await context.statements.console.approve(member, id, kind, version);
      return { ok: true as const, message: statementMessages.approved };
    }
    await context.statements.console.comment(member, id, kind, version, {
      paragraph: form.paragraph,
      body: form.body,
      quote: form.quote,
    });
    return { ok: true as const, message: statementMessages.commented };
  }, form);
}

export default function StaffStatement({ loaderData, actionData }: Route.ComponentProps) {
  const { statement: s, kind, shownNumber, changes, mayReview } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useActionToast(actionData);
  const refused = actionData && !actionData.ok ? (actionData as Refusal) : null;
  const shown = s.versions.find((v) => v.number === shownNumber);
  const selection = useParagraphSelection(mayReview);
  const setSelection = selection.set;
  // A comment added: the words it quoted are not offered again.
  useEffect(() => {
    if (actionData?.ok) setSelection(null);
  }, [actionData, setSelection]);
  return (
    <div>
      <p className="mb-2">
        <Link to={`/staff/applications/${s.applicationId}`}>Back to the application</Link>
      </p>
      <h1 className="h3">{statementTitles[kind]}</h1>
      <p>
        {s.course}, {s.university}
      </p>
      {s.approvedVersionId !== null && (
        <p>
          {/* The approved version as the student downloads it; the download is audited (decision 0096). */}
          <a
            className="btn btn-outline-primary btn-sm"
            href={`/api/v1/staff/applications/${s.applicationId}/statements/${kind}/pdf`}
            download
            data-testid="statement-pdf"
          >
            Download the approved version (PDF)
          </a>
        </p>
      )}
      {s.approvedVersionId !== null && s.pdfCannotPrint.length > 0 && (
        <p className="small alert alert-warning" data-testid="pdf-cannot-print">
          The PDF cannot print these characters: {s.pdfCannotPrint.join(" ")}. It leaves them out; the text here keeps them.
        </p>
      )}
      {s.versions.length === 0 ? (
        <p data-testid="no-versions">The student has not sent a version for review yet.</p>
      ) : (
        <>
          <nav aria-label="Versions" className="mb-3">
            <ul className="nav nav-pills flex-wrap">
              {s.versions.map((v) => (
                <li key={v.id} className="nav-item">
                  <Link
                    className={`nav-link${v.number === shownNumber ? " active" : ""}`}
                    aria-current={v.number === shownNumber ? "page" : undefined}
                    to={`?version=${v.number}`}
                  >
                    Version {v.number}
                    {v.id === s.approvedVersionId ? " (approved)" : ""}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {shown && (
            <div className="row g-4">
              <section className="col-lg-7" aria-labelledby="version-heading">
                <h2 id="version-heading" className="h5">
                  Version {shown.number}, sent <time dateTime={shown.sent.iso}>{shown.sent.text}</time>
                </h2>
                <ol className="list-unstyled" data-testid="version-paragraphs">
                  {shown.paragraphs.map((p, i) => {
                    const comments = s.comments.filter((c) => c.versionId === shown.id && c.paragraphIndex === i);
                    return (
                      <li key={i} className="border rounded p-2 mb-2" data-testid="paragraph">
                        <p className="small text-body-secondary mb-1">Paragraph {i + 1}</p>
                        <QuotedParagraph text={p} quotes={comments.map((c) => c.quote)} className="mb-2" data-paragraph={i} />
                        {mayReview && selection.current?.index === i && (
                          <button
                            type="button"
                            className="btn btn-sm btn-primary mb-2"
                            // Keeps the selection: a press on the button does not clear it before the click.
                            onMouseDown={(event) => event.preventDefault()}
                            onClick={() => setSelection((now) => now && { ...now, chosen: now.chosen + 1 })}
                          >
                            Comment on this selection
                          </button>
                        )}
                        {comments.map((c) => (
                          <div key={c.id} className="small border-start ps-2 mb-1" data-testid="comment">
                            {c.quote && <q className="d-block fst-italic">{c.quote}</q>}
                            <strong>{c.staffName}:</strong> {c.body}
                            {c.answer && <div>Student: {c.answer}</div>}
                            {c.doneAt && <span className="badge text-bg-success">Done</span>}
                          </div>
                        ))}
                        {mayReview && (
                          <CommentForm
                            key={`comment-${i}-${comments.length}`}
                            versionId={shown.id}
                            index={i}
                            busy={busy}
                            refusal={
                              refused?.values.version === String(shown.id) && refused.values.paragraph === String(i)
                                ? refused
                                : null
                            }
                            selection={selection.current?.index === i ? selection.current : null}
                          />
                        )}
                      </li>
                    );
                  })}
                </ol>
                {mayReview && shown.id !== s.approvedVersionId && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="approve" />
                    <input type="hidden" name="version" value={shown.id} />
                    <button type="submit" className="btn btn-success" disabled={busy}>
                      Approve version {shown.number}
                    </button>
                  </Form>
                )}
              </section>
              <section className="col-lg-5" aria-labelledby="checks-heading">
                <h2 id="checks-heading" className="h5">
                  Checks
                </h2>
                <p className="fw-semibold" data-testid="checks-summary">
                  {shown.checks.holding} of {shown.checks.total} checks hold
                </p>
                <ul className="list-unstyled small">
                  {shown.checks.checks.map((c) => (
                    <li key={c.key} className="mb-2">
                      <span className={`badge ${c.holds ? "text-bg-success" : "text-bg-warning"} me-1`}>
                        {c.holds ? "Holds" : "Look again"}
                      </span>
                      <strong>{c.label}</strong>
                      <ul>
                        {c.reasons.map((r) => (
                          <li key={r}>{r}</li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ul>
                {changes && (
                  <>
                    <h2 className="h5">Changed since version {changes.from}</h2>
                    <div className="border rounded p-2" data-testid="diff">
                      <p className="statement-diff-text mb-0 small">
                        {changes.parts.map((part, i) =>
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
                  </>
                )}
              </section>
            </div>
          )}
        </>
      )}
    </div>
  );
}

/** Words selected inside one paragraph of the version shown; `chosen` counts the presses of "Comment on this selection". */
type ParagraphSelection = { index: number; text: string; chosen: number };

/**
 * With scripts: the words the counsellor selects inside one paragraph (its `data-paragraph`), so the screen
 * offers "Comment on this selection". A selection that collapses (a press elsewhere) keeps the last one;
 * one across paragraphs, or outside them, forgets it.
 */
function useParagraphSelection(enabled: boolean) {
  const [current, set] = useState<ParagraphSelection | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const paragraphOf = (node: Node) => (node instanceof Element ? node : node.parentElement)?.closest("[data-paragraph]");
    const read = () => {
      const selected = document.getSelection();
      if (!selected || selected.isCollapsed || selected.rangeCount === 0) return;
      const range = selected.getRangeAt(0);
      const paragraph = paragraphOf(range.startContainer);
      const text = selected.toString().replace(/\s+/g, " ").trim();
      if (!paragraph || paragraph !== paragraphOf(range.endContainer) || !text) return set(null);
      set({ index: Number(paragraph.getAttribute("data-paragraph")), text, chosen: 0 });
    };
    document.addEventListener("selectionchange", read);
    return () => document.removeEventListener("selectionchange", read);
  }, [enabled]);
  return { current, set };
}

/**
 * The comment form of one paragraph: the comment and, optionally, the words of the paragraph it is about,
 * typed (without scripts) or filled in from a selection. A refused comment comes back in it with its message
 * and what was typed.
 */
function CommentForm({
  versionId,
  index,
  busy,
  refusal,
  selection,
}: {
  versionId: number;
  index: number;
  busy: boolean;
  refusal: Refusal | null;
  selection: ParagraphSelection | null;
}) {
  const [open, setOpen] = useState(refusal !== null);
  const [quote, setQuote] = useState(refusal?.values.quote ?? "");
  const comment = useRef<HTMLTextAreaElement>(null);
  const chosen = selection?.chosen ?? 0;
  const words = selection?.text ?? "";
  // Only a press made while this form is on screen fills it: a form made anew after a comment was added starts empty.
  const seen = useRef(chosen);
  useEffect(() => {
    if (!chosen || chosen === seen.current) return;
    seen.current = chosen;
    setQuote(words);
    setOpen(true);
    // After the details open: the comment field is then shown and may take the focus.
    requestAnimationFrame(() => comment.current?.focus());
  }, [chosen, words]);
  useEffect(() => {
    if (refusal) setOpen(true);
  }, [refusal]);
  const n = index + 1;
  const error = (name: string) => refusal?.fields[name];
  return (
    <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="small">Comment on paragraph {n}</summary>
      <Form method="post" className="mt-1">
        <input type="hidden" name="intent" value="comment" />
        <input type="hidden" name="version" value={versionId} />
        <input type="hidden" name="paragraph" value={index} />
        <label htmlFor={`comment-${index}`} className="form-label small mb-0">
          Comment
        </label>
        <textarea
          ref={comment}
          id={`comment-${index}`}
          name="body"
          rows={2}
          required
          maxLength={2000}
          defaultValue={refusal?.values.body ?? ""}
          aria-invalid={error("body") ? true : undefined}
          aria-describedby={error("body") ? `comment-${index}-error` : undefined}
          className={`form-control form-control-sm mb-1${error("body") ? " is-invalid" : ""}`}
        />
        {error("body") && (
          <div id={`comment-${index}-error`} className="invalid-feedback mb-1">
            {error("body")}
          </div>
        )}
        <label htmlFor={`quote-${index}`} className="form-label small mb-0">
          The words this is about (optional)
        </label>
        <input
          id={`quote-${index}`}
          name="quote"
          maxLength={500}
          value={quote}
          onChange={(event) => setQuote(event.target.value)}
          aria-invalid={error("quote") ? true : undefined}
          aria-describedby={error("quote") ? `quote-${index}-error` : `quote-${index}-hint`}
          className={`form-control form-control-sm mb-1${error("quote") ? " is-invalid" : ""}`}
        />
        {error("quote") ? (
          <div id={`quote-${index}-error`} className="invalid-feedback mb-1" data-testid="quote-error">
            {error("quote")}
          </div>
        ) : (
          <p id={`quote-${index}-hint`} className="form-text mt-0 mb-1">
            Copy them from the paragraph, or select them in it; the student sees them marked.
          </p>
        )}
        <button type="submit" className="btn btn-sm btn-outline-primary" disabled={busy}>
          Add comment
        </button>
      </Form>
    </details>
  );
}
