import { BarChart } from "~/components/bar-chart";
import type { Report } from "../../../../modules/reports/reports.ts";

/** Applications with an offer, a visa granted or a visa refused in the range, by month. */
export function OffersAndVisas({ outcomes }: { outcomes: Report["outcomes"] }) {
  return (
    <section className="mb-5" aria-labelledby="outcomes-heading">
      <h2 className="h4" id="outcomes-heading">
        Offers and visas
      </h2>
      <BarChart
        bars={[
          { label: "Offers", value: outcomes.offers },
          { label: "Visas granted", value: outcomes.visasGranted },
          { label: "Visas refused", value: outcomes.visasRefused },
        ]}
      />
      <table className="table table-sm w-auto">
        <caption className="caption-top">Applications with an offer, a visa granted or a visa refused in the range</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col" className="text-end">
              Offers
            </th>
            <th scope="col" className="text-end">
              Visas granted
            </th>
            <th scope="col" className="text-end">
              Visas refused
            </th>
          </tr>
        </thead>
        <tbody>
          {outcomes.byMonth.map((r) => (
            <tr key={r.month}>
              <th scope="row">{r.month}</th>
              <td className="text-end">{r.offers}</td>
              <td className="text-end">{r.visasGranted}</td>
              <td className="text-end">{r.visasRefused}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="text-end">{outcomes.offers}</td>
            <td className="text-end">{outcomes.visasGranted}</td>
            <td className="text-end">{outcomes.visasRefused}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
