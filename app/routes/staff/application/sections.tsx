import type { ReactNode } from "react";

/**
 * A section of the console's application screen: its heading names it for assistive technology, the same
 * frame for the checklist, the letters, the history and the departure checklist.
 */
export function ConsoleSection({
  name,
  title,
  className,
  testId,
  children,
}: {
  /** The heading's id is `${name}-heading`. */
  name: string;
  title: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={`${name}-heading`} data-testid={testId}>
      <h2 id={`${name}-heading`} className="h5">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An invitation as the console's screen lists it (decision 0077). */
export interface ConsoleLetter {
  id: number;
  recommender: { name: string; email: string; role: string; institution: string; relation: string };
  status: string;
  waived: boolean;
  mailWaiting: boolean;
  declineReason: string | null;
  letterReady: boolean;
  reminders: number;
  invited: { text: string };
  expires: { text: string };
}

/** The application's recommendation letters (decisions 0075, 0077): a submitted one opens with an audit entry. */
export function LettersSection({ applicationId, letters }: { applicationId: number; letters: readonly ConsoleLetter[] }) {
  return (
    <ConsoleSection name="letters" title="Recommendation letters" className="col-lg-6" testId="staff-letters">
      {letters.length === 0 ? (
        <p className="small">The student has invited no recommender for this application.</p>
      ) : (
        <ul className="list-unstyled">
          {letters.map((l) => (
            <li key={l.id} className="mb-2">
              <strong>{l.recommender.name}</strong> <span className="badge text-bg-light">{l.status}</span>
              {l.waived && <span className="badge text-bg-warning ms-1">Waived by the student</span>}
              <div className="small">
                {l.recommender.role}, {l.recommender.institution} ({l.recommender.relation}), {l.recommender.email}
              </div>
              <div className="small text-body-secondary">
                Invited {l.invited.text}; link until {l.expires.text}; {l.reminders} reminder{l.reminders === 1 ? "" : "s"}
              </div>
              {l.mailWaiting && (
                <div className="small text-danger">The invitation waits in the outbox: the mail server refused it.</div>
              )}
              {l.declineReason && <div className="small">Declined: {l.declineReason}</div>}
              {l.letterReady && (
                <a
                  href={`/api/v1/staff/applications/${applicationId}/letters/${l.id}`}
                  target="_blank"
                  rel="noopener"
                  className="small"
                >
                  Open the letter (your view is recorded)
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </ConsoleSection>
  );
}
