import { BarChart } from "~/components/bar-chart";
import type { StageDuration } from "../../../../modules/reports/reports.ts";

/** The median days an application stayed in each stage, of the stays that ended in the range. */
export function StageDurations({ stageDurations }: { stageDurations: StageDuration[] }) {
  return (
    <section className="mb-5" aria-labelledby="stages-heading">
      <h2 className="h4" id="stages-heading">
        Median days in each application stage
      </h2>
      {stageDurations.length === 0 ? (
        <p>No application left a stage in the range.</p>
      ) : (
        <>
          <BarChart bars={stageDurations.map((s) => ({ label: s.stage, value: s.medianDays }))} unit=" d" />
          <table className="table table-sm w-auto">
            <caption className="caption-top">Stays that ended in the range, from entering the stage to the next move</caption>
            <thead>
              <tr>
                <th scope="col">Stage</th>
                <th scope="col" className="text-end">
                  Median days
                </th>
                <th scope="col" className="text-end">
                  Stays counted
                </th>
              </tr>
            </thead>
            <tbody>
              {stageDurations.map((s) => (
                <tr key={s.stage}>
                  <th scope="row">{s.stage}</th>
                  <td className="text-end">{s.medianDays}</td>
                  <td className="text-end">{s.stays}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
