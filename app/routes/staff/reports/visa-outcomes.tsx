import { type VisaOutcome, visaOutcomeLabels, visaOutcomes } from "../../../../vocabulary/visas.ts";

type VisaOutcomeRow = { country: string; counsellor: string | null; outcome: VisaOutcome; section: string | null; n: number };

/** Visa outcomes as counsellors recorded them on the plans (decision 0040): counted, never claimed. */
export function VisaOutcomes({ rows }: { rows: VisaOutcomeRow[] }) {
  const tally = (keyOf: (r: VisaOutcomeRow) => string) => {
    const groups = new Map<string, Record<VisaOutcome, number>>();
    for (const r of rows) {
      const key = keyOf(r);
      const counts = groups.get(key) ?? { issued: 0, "administrative-processing": 0, refused: 0 };
      counts[r.outcome] += r.n;
      groups.set(key, counts);
    }
    return [...groups.entries()];
  };
  const refusals = new Map<string, number>();
  for (const r of rows.filter((r) => r.outcome === "refused")) {
    const key = `${r.section ?? "No section"}\u0000${r.country}`;
    refusals.set(key, (refusals.get(key) ?? 0) + r.n);
  }
  const table = (caption: string, header: string, groups: [string, Record<VisaOutcome, number>][], testId: string) => (
    <div className="table-responsive">
      <table className="table table-sm w-auto" data-testid={testId}>
        <caption className="caption-top">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{header}</th>
            {visaOutcomes.map((o) => (
              <th key={o} scope="col" className="text-end">
                {visaOutcomeLabels[o]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map(([key, counts]) => (
            <tr key={key}>
              <th scope="row">{key}</th>
              {visaOutcomes.map((o) => (
                <td key={o} className="text-end">
                  {counts[o]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  return (
    <section className="mb-5" aria-labelledby="visa-outcomes-heading">
      <h2 className="h4" id="visa-outcomes-heading">
        Visa outcomes
      </h2>
      <p className="small text-body-secondary">
        Every outcome recorded on a visa plan so far (not limited to the range above), counted from what counsellors recorded.
      </p>
      {rows.length === 0 ? (
        <p>No visa outcome recorded yet.</p>
      ) : (
        <>
          {table(
            "Outcomes by destination",
            "Destination",
            tally((r) => r.country),
            "visa-outcomes-destination",
          )}
          {table(
            "Outcomes by counsellor",
            "Counsellor",
            tally((r) => r.counsellor ?? "No counsellor"),
            "visa-outcomes-counsellor",
          )}
          {refusals.size > 0 && (
            <table className="table table-sm w-auto" data-testid="visa-refusals">
              <caption className="caption-top">Refusals by section</caption>
              <thead>
                <tr>
                  <th scope="col">Section</th>
                  <th scope="col">Destination</th>
                  <th scope="col" className="text-end">
                    Refusals
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...refusals.entries()].map(([key, n]) => {
                  const [section, country] = key.split("\u0000");
                  return (
                    <tr key={key}>
                      <th scope="row">{section}</th>
                      <td>{country}</td>
                      <td className="text-end">{n}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
