import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows } from "../../platform/db/client.ts";
import { type ApplicationStatus, applicationStatuses } from "../../vocabulary/applications.ts";
import {
  type FunnelGrouping,
  type FunnelStep,
  funnelGroupings,
  funnelSteps,
  NO_INTAKE_YET,
  offerStages,
  REPORT_MAX_DAYS,
  reportMessages,
} from "../../vocabulary/reports.ts";
import { readConsoleSettings } from "../console-settings.ts";
import { AppError } from "../errors.ts";
import { blankToUndefined } from "../fields.ts";
import { parseInput } from "../validation.ts";
import { notAllowed, type StaffDeps } from "./accounts.ts";
import { canSeeAllReports, canSeeReports, type StaffMember } from "./policies.ts";

/**
 * The reports dashboard (issue #10): the lead-to-enrolment funnel, time spent in each application
 * stage, missed first responses, offers and visas, over a range of IST days. Every figure is counted
 * in the database (GROUP BY, FILTER, percentile_cont); only the aggregated rows come to Node. Admins
 * and read-only staff see the whole business; a counsellor the leads assigned to them and the
 * students they look after.
 */

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;
const day = z.preprocess(
  blankToUndefined,
  z
    .string({ error: reportMessages.day })
    .regex(/^\d{4}-\d{2}-\d{2}$/, reportMessages.day)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      message: reportMessages.day,
    })
    .optional(),
);
const filtersSchema = z.object({ from: day, to: day });

/** The range asked for, in IST days (both included). */
export interface ReportRange {
  from: string;
  to: string;
}

const istDay = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
/** The instant an IST day begins. */
const startOfIstDay = (isoDay: string) => new Date(Date.parse(`${isoDay}T00:00:00Z`) - IST_OFFSET_MS);

/** A wrong range, refused as parseInput refuses a field. */
const refused = (field: string, message: string) => new AppError("invalid_input", message, { [field]: message });

/** The range from the address: by default the last twelve months, from the first day of the month eleven months back. */
export function reportRange(raw: unknown, now: Date): ReportRange {
  const given = parseInput(filtersSchema, raw);
  const today = istDay(now);
  const to = given.to ?? today;
  const [year, month] = to.split("-").map(Number) as [number, number];
  const back = new Date(Date.UTC(year, month - 1 - 11, 1));
  const from = given.from ?? back.toISOString().slice(0, 10);
  if (from > to) throw refused("from", reportMessages.fromBeforeTo);
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS > REPORT_MAX_DAYS) throw refused("from", reportMessages.tooLong);
  return { from, to };
}

export type FunnelCounts = Record<FunnelStep, number> & { firstResponseMissed: number };
/** Counts with the conversion at each step: percent of the step before (null for the first, or after nobody). */
export type FunnelFigures = FunnelCounts & { rates: Record<FunnelStep, number | null> };
export interface FunnelRow extends FunnelFigures {
  key: string;
  label: string;
}

export interface StageDuration {
  stage: ApplicationStatus;
  /** Stays in the stage that ended in the range. */
  stays: number;
  medianDays: number;
}

export interface OutcomeRow {
  month: string;
  offers: number;
  visasGranted: number;
  visasRefused: number;
}

export interface Report {
  range: ReportRange;
  /** Whole business (admins, read-only) or the member's own. */
  scope: "all" | "own";
  total: FunnelFigures;
  funnel: Partial<Record<FunnelGrouping, FunnelRow[]>>;
  stageDurations: StageDuration[];
  firstResponseHours: number;
  outcomes: { byMonth: OutcomeRow[]; offers: number; visasGranted: number; visasRefused: number };
}

const offerList = sql.join(
  offerStages.map((s) => sql`${s}`),
  sql`, `,
);

/** Everything the dashboard shows, for this member and range. */
export async function reportFor(deps: StaffDeps, member: StaffMember, raw: unknown): Promise<Report> {
  if (!canSeeReports(member)) throw notAllowed();
  const now = deps.now?.() ?? new Date();
  const range = reportRange(raw, now);
  const start = startOfIstDay(range.from).toISOString();
  const end = new Date(startOfIstDay(range.to).getTime() + DAY_MS).toISOString();
  const all = canSeeAllReports(member);
  const { firstResponseHours } = await readConsoleSettings(deps.db);
  const [funnelRows, stageDurations, outcomeRows] = await Promise.all([
    funnel(deps, member, all, start, end, now, firstResponseHours),
    durations(deps, member, all, start, end),
    outcomes(deps, member, all, start, end),
  ]);
  const groups = all ? funnelGroupings : funnelGroupings.filter((g) => g !== "counsellor");
  const funnelByGroup: Report["funnel"] = {};
  for (const grouping of groups) funnelByGroup[grouping] = funnelRows.filter((r) => r.grouping === grouping).map(withoutGrouping);
  const monthly = funnelByGroup.month ?? [];
  const totalCounts = sumCounts(monthly);
  const total = { ...totalCounts, rates: conversions(totalCounts) };
  const sum = (key: keyof Omit<OutcomeRow, "month">) => outcomeRows.reduce((n, r) => n + r[key], 0);
  return {
    range,
    scope: all ? "all" : "own",
    total,
    funnel: funnelByGroup,
    stageDurations,
    firstResponseHours,
    outcomes: {
      byMonth: outcomeRows,
      offers: sum("offers"),
      visasGranted: sum("visasGranted"),
      visasRefused: sum("visasRefused"),
    },
  };
}

/** Conversion at each step: percent of the step before (null where the step before counted nobody). */
export function conversions(counts: FunnelCounts): Record<FunnelStep, number | null> {
  const result = {} as Record<FunnelStep, number | null>;
  funnelSteps.forEach((step, i) => {
    const before = i === 0 ? null : counts[funnelSteps[i - 1] as FunnelStep];
    result[step] = before ? Math.round((counts[step] / before) * 1000) / 10 : null;
  });
  return result;
}

type RawFunnelRow = Omit<FunnelRow, "rates"> & { grouping: FunnelGrouping };
const withoutGrouping = ({ grouping: _, ...row }: RawFunnelRow): FunnelRow => ({ ...row, rates: conversions(row) });

function sumCounts(rows: readonly FunnelCounts[]): FunnelCounts {
  const total = { firstResponseMissed: 0 } as FunnelCounts;
  for (const step of funnelSteps) total[step] = 0;
  for (const row of rows) {
    for (const step of funnelSteps) total[step] += row[step];
    total.firstResponseMissed += row.firstResponseMissed;
  }
  return total;
}

/**
 * The funnel, once per grouping, in one query: each lead booked in the range (merged-away duplicates
 * left out) with what became of it, then counted per month, destination, source and counsellor. Each
 * step counts leads that also passed the steps before it; "offered", "visa granted" and "enrolled"
 * look at the events of the converted student's applications, so a stage once reached still counts.
 */
async function funnel(
  deps: StaffDeps,
  member: StaffMember,
  all: boolean,
  start: string,
  end: string,
  now: Date,
  hours: number,
): Promise<RawFunnelRow[]> {
  const mine: SQL = all ? sql`true` : sql`c.assigned_staff_id = ${member.staffId}`;
  const rows = await queryRows<Record<string, string | number>>(
    deps.db,
    sql`
    with lead as (
      select
        c.id,
        to_char(c.created_at at time zone 'Asia/Kolkata', 'YYYY-MM') as month,
        c.study_destination as destination,
        c.source,
        c.assigned_staff_id,
        coalesce(s.full_name, ${reportMessages.unassigned}) as counsellor,
        (c.status <> 'New' or c.first_contacted_at is not null) as contacted,
        c.status = 'Converted' as converted,
        coalesce(a.applied, false) as applied,
        coalesce(a.offered, false) as offered,
        coalesce(a.visa_granted, false) as visa_granted,
        coalesce(a.enrolled, false) as enrolled,
        a.intake_key,
        (c.first_contacted_at > c.created_at + make_interval(hours => ${hours})
          or (c.first_contacted_at is null and c.status = 'New'
              and ${now.toISOString()}::timestamptz > c.created_at + make_interval(hours => ${hours}))) as missed
      from consultations c
      left join staff s on s.id = c.assigned_staff_id
      left join lateral (
        select
          true as applied,
          coalesce(bool_or(e.to_status in (${offerList})), false) as offered,
          coalesce(bool_or(e.to_status = 'Visa granted'), false) as visa_granted,
          coalesce(bool_or(e.to_status = 'Enrolled'), false) as enrolled,
          min(ap.intake_year * 100 + ap.intake_month) as intake_key
        from applications ap
        left join application_events e on e.application_id = ap.id
        where ap.student_id = c.student_id
        having count(ap.id) > 0
      ) a on true
      where c.merged_into_id is null
        and c.created_at >= ${start}::timestamptz and c.created_at < ${end}::timestamptz
        and ${mine}
    ),
    stepped as (
      select *,
        contacted and converted as s_converted,
        contacted and converted and applied as s_applied,
        contacted and converted and applied and offered as s_offered,
        contacted and converted and applied and offered and visa_granted as s_visa,
        contacted and converted and applied and offered and visa_granted and enrolled as s_enrolled
      from lead
    )
    select g.grouping, g.key, min(g.label) as label,
      count(*)::int as booked,
      (count(*) filter (where contacted))::int as contacted,
      (count(*) filter (where s_converted))::int as converted,
      (count(*) filter (where s_applied))::int as applied,
      (count(*) filter (where s_offered))::int as offered,
      (count(*) filter (where s_visa))::int as "visaGranted",
      (count(*) filter (where s_enrolled))::int as enrolled,
      (count(*) filter (where missed))::int as "firstResponseMissed"
    from stepped
    cross join lateral (values
      ('month', month, month),
      ('intake', coalesce(intake_key::text, ''),
        coalesce(to_char(make_date(intake_key / 100, intake_key % 100, 1), 'FMMonth YYYY'), ${NO_INTAKE_YET})),
      ('destination', destination, destination),
      ('source', source, source),
      ('counsellor', coalesce(assigned_staff_id::text, ''), counsellor)
    ) as g(grouping, key, label)
    group by g.grouping, g.key
    order by g.grouping, case when g.grouping in ('month', 'intake') then g.key end, count(*) desc, g.key`,
  );
  return rows.map((r) => ({
    grouping: r.grouping as FunnelGrouping,
    key: String(r.key),
    label: String(r.label),
    booked: Number(r.booked),
    contacted: Number(r.contacted),
    converted: Number(r.converted),
    applied: Number(r.applied),
    offered: Number(r.offered),
    visaGranted: Number(r.visaGranted),
    enrolled: Number(r.enrolled),
    firstResponseMissed: Number(r.firstResponseMissed),
  }));
}

const studentsOf = (member: StaffMember, all: boolean): SQL =>
  all
    ? sql`true`
    : sql`exists (select 1 from students st where st.id = ap.student_id and st.counsellor_staff_id = ${member.staffId})`;

/**
 * The median days an application stays in each stage: from the event that entered the stage to the
 * application's next event, for stays that ended in the range (a stay still running is not counted).
 */
async function durations(deps: StaffDeps, member: StaffMember, all: boolean, start: string, end: string) {
  const rows = await queryRows<{ stage: ApplicationStatus; stays: number; median: number }>(
    deps.db,
    sql`
    with stay as (
      select e.to_status as stage, e.at as entered,
        lead(e.at) over (partition by e.application_id order by e.at, e.id) as left_at
      from application_events e
      join applications ap on ap.id = e.application_id
      where ${studentsOf(member, all)}
    )
    select stage, count(*)::int as stays,
      (percentile_cont(0.5) within group (order by extract(epoch from left_at - entered) / 86400))::float8 as median
    from stay
    where left_at >= ${start}::timestamptz and left_at < ${end}::timestamptz
    group by stage`,
  );
  const order = (s: ApplicationStatus) => applicationStatuses.indexOf(s);
  return rows
    .map((r) => ({ stage: r.stage, stays: Number(r.stays), medianDays: Math.round(Number(r.median) * 10) / 10 }))
    .sort((a, b) => order(a.stage) - order(b.stage));
}

/** Applications that got an offer, a visa granted or refused in the range, by IST month of the event. */
async function outcomes(deps: StaffDeps, member: StaffMember, all: boolean, start: string, end: string) {
  const rows = await queryRows<Record<string, string | number>>(
    deps.db,
    sql`
    select to_char(e.at at time zone 'Asia/Kolkata', 'YYYY-MM') as month,
      (count(distinct e.application_id) filter (where e.to_status in ('Conditional offer', 'Unconditional offer')))::int as offers,
      (count(distinct e.application_id) filter (where e.to_status = 'Visa granted'))::int as "visasGranted",
      (count(distinct e.application_id) filter (where e.to_status = 'Visa refused'))::int as "visasRefused"
    from application_events e
    join applications ap on ap.id = e.application_id
    where e.at >= ${start}::timestamptz and e.at < ${end}::timestamptz
      and e.to_status in ('Conditional offer', 'Unconditional offer', 'Visa granted', 'Visa refused')
      and ${studentsOf(member, all)}
    group by 1
    order by 1`,
  );
  return rows.map(
    (r): OutcomeRow => ({
      month: String(r.month),
      offers: Number(r.offers),
      visasGranted: Number(r.visasGranted),
      visasRefused: Number(r.visasRefused),
    }),
  );
}
