import { Form, useLocation } from "react-router";
import type { ReportRange } from "../../../../modules/reports/reports.ts";

/** The range of IST days the figures cover, in the address. */
export function RangeForm({ range }: { range: ReportRange }) {
  const location = useLocation();
  // Keyed by the address: going back shows the range of that address, not the last one typed.
  return (
    <Form method="get" key={location.search} className="row g-2 align-items-end mb-3">
      <div className="col-auto">
        <label htmlFor="report-from" className="form-label small">
          From
        </label>
        <input id="report-from" name="from" type="date" className="form-control form-control-sm" defaultValue={range.from} />
      </div>
      <div className="col-auto">
        <label htmlFor="report-to" className="form-label small">
          To
        </label>
        <input id="report-to" name="to" type="date" className="form-control form-control-sm" defaultValue={range.to} />
      </div>
      <div className="col-auto">
        <button type="submit" className="btn btn-sm btn-primary">
          Show
        </button>
      </div>
    </Form>
  );
}
