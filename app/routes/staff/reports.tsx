import { Form, useLocation } from "react-router";
import { BarChart } from "~/components/bar-chart";
import { requireStaffWith } from "~/lib/staff.server";
import { AppError } from "../../../modules/errors.ts";
import { canSeeReports } from "../../../modules/policies.ts";
import type { FunnelFigures, FunnelRow } from "../../../modules/reports/reports.ts";
import { spanOf } from "../../../modules/reports/reports.ts";
import {
  type FunnelGrouping,
  funnelGroupingLabels,
  funnelGroupings,
  funnelStepLabels,
  funnelSteps,
  reportMessages,
  workingDaysInWords,
} from "../../../vocabulary/reports.ts";
import { type VisaOutcome, visaOutcomeLabels, visaOutcomes } from "../../../vocabulary/visas.ts";
import type { Route } from "./+types/reports";

export const meta: Route.MetaFunction = () => [{ title: "Reports | Ignite" }, { name: "robots", content: "noindex" }];

/** The dashboard: figures over a range of IST days in the address; a wrong range shows the default one and says why. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = requireStaffWith(context.staffMember, canSeeReports);
  const params = new URL(request.url).searchParams;
  const asked = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
  const withSearches = async (report: Awaited<ReturnType<typeof context.staff.reports.get>>, error: string | null) => {
    const span = spanOf(report.range);
    const [searchMisses, visaOutcomes] = await Promise.all([
      context.catalogue.searchMisses(new Date(span.start), new Date(span.end)),
      context.staff.visas.outcomes(member),
    ]);
    return { report, error, searchMisses, visaOutcomes };
  };
  try {
    return await withSearches(await context.staff.reports.get(member, asked), null);
  } catch (error) {
    if (!AppError.is(error) || error.kind !== "invalid_input") throw error;
    return withSearches(await context.staff.reports.get(member, {}), error.message);
  }
}

const indianDate = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });

/** What students searched for and found little (decision 0026): what the catalogue could add. */
function SearchMisses({
  misses,
}: {
  misses: Array<{ term: string; searches: number; fewestResults: number; lastSearchedAt: Date }>;
}) {
  return (
    <section aria-labelledby="search-misses" className="mt-4">
      <h2 id="search-misses" className="h5">
        Searches with few results
      </h2>
      {misses.length === 0 ? (
        <p>No search in the range found fewer than three courses.</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle w-auto">
            <caption className="caption-top">
              Terms visitors searched that found fewer than three courses, most searched first
            </caption>
            <thead>
              <tr>
                <th scope="col">Search</th>
                <th scope="col" className="text-end">
                  Times
                </th>
                <th scope="col" className="text-end">
                  Courses found
                </th>
                <th scope="col">Last searched</th>
              </tr>
            </thead>
            <tbody>
              {misses.map((miss) => (
                <tr key={miss.term}>
                  <th scope="row">{miss.term}</th>
                  <td className="text-end">{miss.searches}</td>
                  <td className="text-end">{miss.fewestResults === 0 ? "none" : `${miss.fewestResults}`}</td>
                  <td>{indianDate.format(new Date(miss.lastSearchedAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

type VisaOutcomeRow = { country: string; counsellor: string | null; outcome: VisaOutcome; section: string | null; n: number };

/** Visa outcomes as counsellors recorded them on the plans (decision 0040): counted, never claimed. */
function VisaOutcomes({ rows }: { rows: VisaOutcomeRow[] }) {
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

export default function StaffReports({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const { report, error, searchMisses, visaOutcomes: visaOutcomeRows } = loaderData;
  const groupings = funnelGroupings.filter((g): g is FunnelGrouping => report.funnel[g] !== undefined);
  const { outcomes } = report;
  return (
    <>
      <h1 className="h3">Reports</h1>
      <p>
        {report.scope === "all"
          ? "Figures of the whole business."
          : "Figures of the leads assigned to you and the students you look after."}{" "}
        Leads count by the day they were booked (IST); stages, offers and visas by the day they happened.
      </p>
      {/* Keyed by the address: going back shows the range of that address, not the last one typed. */}
      <Form method="get" key={location.search} className="row g-2 align-items-end mb-3">
        <div className="col-auto">
          <label htmlFor="report-from" className="form-label small">
            From
          </label>
          <input
            id="report-from"
            name="from"
            type="date"
            className="form-control form-control-sm"
            defaultValue={report.range.from}
          />
        </div>
        <div className="col-auto">
          <label htmlFor="report-to" className="form-label small">
            To
          </label>
          <input id="report-to" name="to" type="date" className="form-control form-control-sm" defaultValue={report.range.to} />
        </div>
        <div className="col-auto">
          <button type="submit" className="btn btn-sm btn-primary">
            Show
          </button>
        </div>
      </Form>
      {error && (
        <p className="alert alert-warning" role="alert">
          {error}. Showing the last twelve months instead.
        </p>
      )}

      <section className="mb-5" aria-labelledby="funnel-heading">
        <h2 className="h4" id="funnel-heading">
          Funnel
        </h2>
        <TotalFunnel total={report.total} />
      </section>

      {groupings.map((grouping) => {
        const rows = report.funnel[grouping] ?? [];
        const title = `Funnel by ${funnelGroupingLabels[grouping].toLowerCase()}`;
        return (
          <section key={grouping} className="mb-5" aria-labelledby={`funnel-${grouping}`}>
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
      })}

      <section className="mb-5" aria-labelledby="stages-heading">
        <h2 className="h4" id="stages-heading">
          Median days in each application stage
        </h2>
        {report.stageDurations.length === 0 ? (
          <p>No application left a stage in the range.</p>
        ) : (
          <>
            <BarChart bars={report.stageDurations.map((s) => ({ label: s.stage, value: s.medianDays }))} unit=" d" />
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
                {report.stageDurations.map((s) => (
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

      <section className="mb-5" aria-labelledby="sessions-heading">
        <h2 className="h4" id="sessions-heading">
          Counselling sessions
        </h2>
        <dl className="row mb-0" data-testid="session-outcomes">
          <dt className="col-sm-3">Attended</dt>
          <dd className="col-sm-9">{report.sessions.attended}</dd>
          <dt className="col-sm-3">No-shows</dt>
          <dd className="col-sm-9">{report.sessions.noShows}</dd>
          <dt className="col-sm-3">Not recorded yet</dt>
          <dd className="col-sm-9">{report.sessions.unrecorded}</dd>
        </dl>
      </section>

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
      <VisaOutcomes rows={visaOutcomeRows} />
      <SearchMisses misses={searchMisses} />
    </>
  );
}
