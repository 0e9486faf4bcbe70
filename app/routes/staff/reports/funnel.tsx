import { BarChart } from "~/components/bar-chart";
import type { FunnelFigures, FunnelRow } from "../../../../modules/reports/reports.ts";
import { type FunnelGrouping, funnelGroupingLabels, funnelStepLabels, funnelSteps } from "../../../../vocabulary/reports.ts";

const percent = (value: number | null) => (value === null ? "–" : `${value}%`);

function FunnelTable({ caption, rows, header }: { caption: string; rows: FunnelRow[]; header: string }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle">
        <caption className="caption-top">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{header}</th>
            {funnelSteps.map((step) => (
              <th scope="col" key={step} className="text-end">
                {funnelStepLabels[step]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            return (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                {funnelSteps.map((step, i) => (
                  <td key={step} className="text-end">
                    {row[step]}
                    {i > 0 && <span className="small text-body-secondary"> ({percent(row.rates[step])})</span>}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function TotalFunnel({ total }: { total: FunnelFigures }) {
  return (
    <>
      <BarChart bars={funnelSteps.map((step) => ({ label: funnelStepLabels[step], value: total[step] }))} />
      <table className="table table-sm w-auto">
        <caption className="caption-top">The funnel: leads booked in the range and how far they went</caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col" className="text-end">
              Leads
            </th>
            <th scope="col" className="text-end">
              Of the step before
            </th>
          </tr>
        </thead>
        <tbody>
          {funnelSteps.map((step) => (
            <tr key={step}>
              <th scope="row">{funnelStepLabels[step]}</th>
              <td className="text-end">{total[step]}</td>
              <td className="text-end">{percent(total.rates[step])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The funnel of every lead booked in the range. */
export function Funnel({ total }: { total: FunnelFigures }) {
  return (
    <section className="mb-5" aria-labelledby="funnel-heading">
      <h2 className="h4" id="funnel-heading">
        Funnel
      </h2>
      <TotalFunnel total={total} />
    </section>
  );
}

/** The funnel by one grouping (booking month, intake, destination, source or counsellor). */
export function FunnelByGrouping({ grouping, rows }: { grouping: FunnelGrouping; rows: FunnelRow[] }) {
  const title = `Funnel by ${funnelGroupingLabels[grouping].toLowerCase()}`;
  return (
    <section className="mb-5" aria-labelledby={`funnel-${grouping}`}>
      <h2 className="h4" id={`funnel-${grouping}`}>
        {title}
      </h2>
      {rows.length === 0 ? (
        <p>No leads booked in the range.</p>
      ) : (
        <>
          <BarChart bars={rows.map((r) => ({ label: r.label, value: r.booked }))} />
          <FunnelTable
            caption={`${title}: leads at each step, with the percent of the step before`}
            header={funnelGroupingLabels[grouping]}
            rows={rows}
          />
        </>
      )}
    </section>
  );
}
