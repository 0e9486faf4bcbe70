import type { Report } from "../../../../modules/reports/reports.ts";
import { reportMessages, workingDaysInWords } from "../../../../vocabulary/reports.ts";

/** Leads not answered within the first-response target, in all and by booking month. */
export function FirstResponses({ report }: { report: Pick<Report, "total" | "firstResponseHours" | "workingHours" | "funnel"> }) {
  return (
    <section className="mb-5" aria-labelledby="first-response-heading">
      <h2 className="h4" id="first-response-heading">
        First responses missed
      </h2>
      <p>
        <strong>{report.total.firstResponseMissed}</strong> of {report.total.booked} leads booked in the range (target:{" "}
        {report.firstResponseHours} working hours).
      </p>
      <p className="small text-body-secondary">
        {reportMessages.firstResponseNote(
          report.firstResponseHours,
          workingDaysInWords(report.workingHours.days),
          report.workingHours.start,
          report.workingHours.end,
        )}
      </p>
      {(report.funnel.month ?? []).length > 0 && (
        <table className="table table-sm w-auto">
          <caption className="caption-top">First responses missed by booking month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col" className="text-end">
                Leads booked
              </th>
              <th scope="col" className="text-end">
                Missed
              </th>
            </tr>
          </thead>
          <tbody>
            {(report.funnel.month ?? []).map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.label}</th>
                <td className="text-end">{r.booked}</td>
                <td className="text-end">{r.firstResponseMissed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
