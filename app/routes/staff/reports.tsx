import { requireStaffWith } from "~/lib/staff.server";
import { AppError } from "../../../modules/errors.ts";
import { canSeeReports } from "../../../modules/policies.ts";
import { spanOf } from "../../../modules/reports/reports.ts";
import { type FunnelGrouping, funnelGroupings } from "../../../vocabulary/reports.ts";
import type { Route } from "./+types/reports";
import { FirstResponses } from "./reports/first-responses";
import { Funnel, FunnelByGrouping } from "./reports/funnel";
import { OffersAndVisas } from "./reports/outcomes";
import { RangeForm } from "./reports/range-form";
import { SearchMisses } from "./reports/search-misses";
import { SessionOutcomes } from "./reports/sessions";
import { StageDurations } from "./reports/stage-durations";
import { VisaOutcomes } from "./reports/visa-outcomes";

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

export default function StaffReports({ loaderData }: Route.ComponentProps) {
  const { report, error, searchMisses, visaOutcomes: visaOutcomeRows } = loaderData;
  const groupings = funnelGroupings.filter((g): g is FunnelGrouping => report.funnel[g] !== undefined);
  return (
    <>
      <h1 className="h3">Reports</h1>
      <p>
        {report.scope === "all"
          ? "Figures of the whole business."
          : "Figures of the leads assigned to you and the students you look after."}{" "}
        Leads count by the day they were booked (IST); stages, offers and visas by the day they happened.
      </p>
      <RangeForm range={report.range} />
      {error && (
        <p className="alert alert-warning" role="alert">
          {error}. Showing the last twelve months instead.
        </p>
      )}

      <Funnel total={report.total} />

      {groupings.map((grouping) => (
        <FunnelByGrouping key={grouping} grouping={grouping} rows={report.funnel[grouping] ?? []} />
      ))}

      <StageDurations stageDurations={report.stageDurations} />

      <FirstResponses report={report} />

      <SessionOutcomes sessions={report.sessions} />

      <OffersAndVisas outcomes={report.outcomes} />
      <VisaOutcomes rows={visaOutcomeRows} />
      <SearchMisses misses={searchMisses} />
    </>
  );
}
