import { Link } from "react-router";
import { type Translator, useT } from "~/lib/i18n";
import { type Eligibility, type EligibilityInBrief, eligibilityHeadline } from "../../modules/eligibility.ts";
import { sentenceShape } from "../../modules/text-patterns.ts";
import { eligibilityMessages, requirementSentences } from "../../vocabulary/eligibility.ts";

const shapes = requirementSentences.map((shape) => ({ shape, ...sentenceShape(shape) }));
/** The words inside the sentences that have their own translation: the qualifications. */
const words = new Set<string>(["12th", "Bachelors", "Masters"]);

/**
 * A requirement or verdict sentence of modules/eligibility.ts in the screen's language: found by its
 * shape (vocabulary/eligibility.ts), each of its values translated in turn ("Needs 75% in 12th; you have
 * 72%" is "Needs {needed}; you have {have}" with "{percentage} in 12th" inside). Lists join
 * with the language's "or" and "and"; numbers, test names and anything unknown stay as they are.
 */
export function requirementText(t: Translator["t"], text: string): string {
  for (const { shape, names, pattern } of shapes) {
    const found = pattern.exec(text);
    if (found) return t(shape, Object.fromEntries(names.map((name, at) => [name, requirementText(t, found[at + 1] ?? "")])));
  }
  if (words.has(text)) return t(text);
  const list = /^(.+) (or|and) (.+?)$/.exec(text);
  if (list) return `${requirementText(t, list[1] ?? "")} ${t(list[2] ?? "")} ${requirementText(t, list[3] ?? "")}`;
  return text;
}

/**
 * A logged-in student's verdict on one course (decision 0027): "You meet the entry requirements", or each
 * requirement short or unknown with its numbers. Rendered only for a logged-in student: visitors' pages
 * are shared by the public cache, so they show the requirements alone.
 */
export function EligibilityVerdict({ eligibility, compact = false }: { eligibility: Eligibility; compact?: boolean }) {
  const { t } = useT();
  if (eligibility.status === "no-requirements") return null;
  if (eligibility.status === "no-marks")
    return (
      <p className="small mb-0" data-testid="eligibility">
        <Link to="/profile?edit=1">{t(eligibilityMessages.addMarks)}</Link>
      </p>
    );
  const meets = eligibility.status === "meets";
  const tone = meets ? "success" : "warning";
  const shown = meets ? eligibility.checks : eligibility.checks.filter((c) => c.outcome !== "met");
  return (
    <div className={compact ? "small" : `alert alert-${tone} mb-0`} data-testid="eligibility">
      <p className={`fw-semibold mb-1${compact ? ` text-${tone}-emphasis` : ""}`}>{t(eligibilityHeadline(eligibility) ?? "")}</p>
      <ul className="mb-0 ps-3">
        {shown.map((check) => (
          <li key={check.kind}>{requirementText(t, check.text)}</li>
        ))}
      </ul>
    </div>
  );
}

/** A course's entry requirements in words, the same for everyone. */
export function RequirementList({ lines }: { lines: readonly string[] }) {
  const { t } = useT();
  if (lines.length === 0) return <p className="mb-0 text-body-secondary">{t("None recorded: ask the university.")}</p>;
  return (
    <ul className="mb-0 ps-3">
      {lines.map((line) => (
        <li key={line}>{requirementText(t, line)}</li>
      ))}
    </ul>
  );
}

/** A course's verdict in a list (saved courses, search results): a small badge, and the first thing missing. */
export function EligibilityBadge({ eligibility }: { eligibility: EligibilityInBrief | null | undefined }) {
  const { t } = useT();
  const status = eligibility?.status;
  if (!eligibility || (status !== "meets" && status !== "missing" && status !== "waiver")) return null;
  return (
    <p className="small mt-2 mb-0" data-testid="eligibility">
      {status === "meets" ? (
        <span className="badge text-bg-success">{t(eligibilityMessages.meets)}</span>
      ) : (
        <>
          <span className="badge text-bg-warning">
            {t(status === "waiver" ? eligibilityMessages.onlyWithWaiverBrief : "Not yet")}
          </span>{" "}
          {eligibility.missing && requirementText(t, eligibility.missing)}
        </>
      )}
    </p>
  );
}
