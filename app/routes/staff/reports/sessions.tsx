import type { Report } from "../../../../modules/reports/reports.ts";

/** Counselling sessions held in the range (decision 0036): attended, no-shows and not recorded yet. */
export function SessionOutcomes({ sessions }: { sessions: Report["sessions"] }) {
  return (
    <section className="mb-5" aria-labelledby="sessions-heading">
      <h2 className="h4" id="sessions-heading">
        Counselling sessions
      </h2>
      <dl className="row mb-0" data-testid="session-outcomes">
        <dt className="col-sm-3">Attended</dt>
        <dd className="col-sm-9">{sessions.attended}</dd>
        <dt className="col-sm-3">No-shows</dt>
        <dd className="col-sm-9">{sessions.noShows}</dd>
        <dt className="col-sm-3">Not recorded yet</dt>
        <dd className="col-sm-9">{sessions.unrecorded}</dd>
      </dl>
    </section>
  );
}
