import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Database, queryRows } from "../../platform/db/client.ts";
import { type ApplicationStatus, applicationStatuses } from "../../vocabulary/applications.ts";
import { indianDay, indianMidnight } from "../../vocabulary/india-time.ts";
import {
  type FunnelGrouping,
  type FunnelStep,
  funnelGroupings,
  funnelSteps,
  NO_INTAKE_YET,
  REPORT_MAX_DAYS,
  reportMessages,
} from "../../vocabulary/reports.ts";
import { type ConsoleSettings, readConsoleSettings, type WorkingHours } from "../console-settings.ts";
import { counsellingOutcomeCounts } from "../counselling/counselling.ts";
import type { StaffDeps } from "../deps.ts";
import { nowOf } from "../deps.ts";
import { AppError } from "../errors.ts";
import { blankToUndefined } from "../fields.ts";
import { canSeeAllReports, canSeeReports, notAllowed, type StaffMember } from "../policies.ts";
import { parseInput } from "../validation.ts";
import { surelyElapsedAfterMs } from "../working-time.ts";
import { exportList } from "./list-exports.ts";
import { ensureReportFacts, levelOf, outcomeOf, outcomeStageList } from "./report-facts.ts";

export { ensureReportFacts } from "./report-facts.ts";

/**
 * The reports dashboard (decision 0018): the lead-to-enrolment funnel, time spent in each application
 * stage, missed first responses, offers and visas, over a range of IST days. Every figure is counted
 * in the database (GROUP BY, FILTER, percentile_cont); only the aggregated rows come to Node. Admins
 * and read-only staff see the whole business; a counsellor the leads assigned to them and the
 * students they look after.
 */

const DAY_MS = 86_400_000;
/** India Standard Time as a fixed offset (no daylight saving): cheaper per row than the zone's name, and the same. */
const IST = sql.raw("interval '+05:30'");
const HOUR_MS = 3_600_000;
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
export const filtersSchema = z.object({ from: day, to: day });

/** The range asked for, in IST days (both included). */
export interface ReportRange {
  from: string;
  to: string;
}

const istDay = (at: Date) => indianDay(at);
/** The instant an IST day begins. */
const startOfIstDay = (isoDay: string) => new Date(indianMidnight(isoDay));

/**
 * The range as instants, and the whole IST months inside it (the monthly counts answer those; the
 * days at either end are counted one by one).
 */
export interface ReportSpan {
  start: string;
  end: string;
  wholeMonths?: { first: string; last: string; start: string; end: string };
}

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1)).toISOString().slice(0, 10);

export function spanOf(range: ReportRange): ReportSpan {
  const start = startOfIstDay(range.from).toISOString();
  const end = new Date(startOfIstDay(range.to).getTime() + DAY_MS).toISOString();
  const [fromYear, fromMonth, fromDay] = range.from.split("-").map(Number) as [number, number, number];
  const firstDay = fromDay === 1 ? range.from : monthStart(fromYear, fromMonth + 1);
  const dayAfter = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  const [toYear, toMonth] = dayAfter.split("-").map(Number) as [number, number];
  // The first day of the month after the last whole one: the day after `to` if that starts a month.
  const afterLast = dayAfter.endsWith("-01") ? dayAfter : monthStart(toYear, toMonth);
  if (firstDay >= afterLast) return { start, end };
  const lastMonth = new Date(Date.parse(`${afterLast}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 7);
  return {
    start,
    end,
    wholeMonths: {
      first: firstDay.slice(0, 7),
      last: lastMonth,
      start: startOfIstDay(firstDay).toISOString(),
      end: startOfIstDay(afterLast).toISOString(),
    },
  };
}

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
  /** The first-response target, in working hours of this calendar (the inbox's). */
  firstResponseHours: number;
  workingHours: WorkingHours;
  outcomes: { byMonth: OutcomeRow[]; offers: number; visasGranted: number; visasRefused: number };
  /** Counselling sessions held in the range (decision 0036): attended, no-shows, and those whose outcome is not recorded yet. */
  sessions: { attended: number; noShows: number; unrecorded: number };
}

/** Everything the dashboard shows, for this member and range. */
export async function reportFor(deps: StaffDeps, member: StaffMember, raw: unknown): Promise<Report> {
  if (!canSeeReports(member)) throw notAllowed();
  const now = nowOf(deps);
  const range = reportRange(raw, now);
  const span = spanOf(range);
  const all = canSeeAllReports(member);
  const settings = await readConsoleSettings(deps.db);
  const { firstResponseHours, workingHours } = settings;
  await ensureReportFacts(deps.db, settings);
  const [funnelRows, stageDurations, outcomeRows, sessions] = await Promise.all([
    funnel(deps, member, all, span, now, settings),
    durations(deps, member, all, span),
    outcomes(deps, member, all, span),
    // Sessions that have started by now (a coming one has no outcome to count yet).
    counsellingOutcomeCounts(
      deps.db,
      new Date(span.start),
      new Date(Math.min(Date.parse(span.end), now.getTime())),
      all ? undefined : [member.staffId],
    ),
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
    workingHours,
    outcomes: {
      byMonth: outcomeRows,
      offers: sum("offers"),
      visasGranted: sum("visasGranted"),
      visasRefused: sum("visasRefused"),
    },
    sessions,
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
 * The funnel, once per grouping, from the kept-up-to-date facts (decision 0023): each lead booked in
 * the range (merged-away duplicates left out) has the step it reached (each step counts only leads
 * that passed the steps before it) and whether its first response was missed. The whole business's
 * whole months come from the monthly counts; the days at either end of the range, and a counsellor's
 * own leads, from the leads' rows. Only counts come back (a few hundred rows); the steps are summed
 * from them here. "Offered", "visa granted" and "enrolled" look at the events of the converted
 * student's applications, so a stage once reached still counts.
 *
 * Missed is what the inbox shows as missed or overdue: first contacted after the due time, or still
 * New with no first contact when the due time has passed. The facts hold the first kind; the second
 * changes with the clock and is decided here, for the leads still New.
 */
async function funnel(
  deps: StaffDeps,
  member: StaffMember,
  all: boolean,
  span: ReportSpan,
  now: Date,
  settings: ConsoleSettings,
): Promise<RawFunnelRow[]> {
  const targetMs = settings.firstResponseHours * HOUR_MS;
  // A lead still New is late once its due time has passed: not yet when booked less than the target
  // (less 1 ms) ago; surely when booked longer ago than the target can stretch over weekends and
  // evenings; in between, its due time is worked out (the costly part, for the few leads of this week).
  const cannotBeDue = new Date(now.getTime() - targetMs + 1).toISOString();
  const surelyDue = new Date(now.getTime() - surelyElapsedAfterMs(targetMs, settings.workingHours)).toISOString();
  const missed = sql`case
    when r.missed is not null then r.missed
    when r.booked_at >= ${cannotBeDue}::timestamptz then false
    when r.booked_at < ${surelyDue}::timestamptz then true
    else ${now.toISOString()}::timestamptz >= report_first_response_due(r.booked_at)
  end`;
  const booked = (from: string, to: string) => sql`(r.booked_at >= ${from}::timestamptz and r.booked_at < ${to}::timestamptz)`;
  const whole = all ? span.wholeMonths : undefined;
  const leadRows = whole
    ? sql`(${booked(span.start, whole.start)} or ${booked(whole.end, span.end)} or (r.missed is null and ${booked(whole.start, whole.end)}))`
    : sql`${booked(span.start, span.end)} and ${all ? sql`true` : sql`r.staff_id = ${member.staffId}`}`;
  const rows = await reportRows<{
    grouping: FunnelGrouping;
    key: string;
    label: string;
    level: number;
    missed: boolean;
    leads: number;
  }>(
    deps.db,
    sql`
    with leads as (
      -- The leads counted one by one, first by all their keys at once (far fewer rows than leads).
      select r.month, r.intake_key, r.destination, r.source, r.staff_id, r.level, ${missed} as missed, count(*)::int as leads
      from report_leads r
      where ${leadRows}
      group by 1, 2, 3, 4, 5, 6, 7
    ),
    counted as (
      ${
        whole
          ? sql`select m.grouping, m.key, m.level, m.missed, m.leads from report_funnel_months m
              where m.month between ${whole.first} and ${whole.last}
            union all`
          : sql``
      }
      select k.grouping, k.key, l.level, l.missed, l.leads
      from leads l
      cross join lateral report_lead_keys(l.month, l.intake_key, l.destination, l.source, l.staff_id) k
    ),
    summed as (
      select grouping, key, level, missed, sum(leads)::int as leads from counted group by 1, 2, 3, 4 having sum(leads) > 0
    )
    select g.grouping, g.key,
      case g.grouping
        when 'intake' then coalesce(to_char(make_date(nullif(g.key, '')::int / 100, nullif(g.key, '')::int % 100, 1), 'FMMonth YYYY'), ${NO_INTAKE_YET})
        when 'counsellor' then coalesce(s.full_name, ${reportMessages.unassigned})
        else g.key
      end as label,
      g.level, g.missed, g.leads
    from summed g
    left join staff s on g.grouping = 'counsellor' and s.id::text = g.key`,
  );
  const groupings = new Set<string>(all ? funnelGroupings : funnelGroupings.filter((g) => g !== "counsellor"));
  const byKey = new Map<string, RawFunnelRow>();
  for (const row of rows) {
    if (!groupings.has(row.grouping)) continue;
    const id = `${row.grouping}\u0000${row.key}`;
    let counts = byKey.get(id);
    if (!counts) {
      counts = { grouping: row.grouping, key: String(row.key), label: String(row.label), firstResponseMissed: 0 } as RawFunnelRow;
      for (const step of funnelSteps) counts[step] = 0;
      byKey.set(id, counts);
    }
    const leads = Number(row.leads);
    for (const step of funnelSteps) if (Number(row.level) >= levelOf[step]) counts[step] += leads;
    if (row.missed) counts.firstResponseMissed += leads;
  }
  // Months and intakes in time order (no intake first); the others biggest first.
  const inOrder = (a: RawFunnelRow, b: RawFunnelRow) =>
    a.grouping === "month" || a.grouping === "intake" ? compare(a.key, b.key) : b.booked - a.booked || compare(a.key, b.key);
  return [...byKey.values()].sort((a, b) => compare(a.grouping, b.grouping) || inOrder(a, b));
}

/**
 * Runs one report query with PostgreSQL's JIT compiler off for it: the planner prices these queries
 * high enough to compile them, and compiling their long expressions took about 1.5 s where running
 * them takes about 0.2 s (bench:reports on PostgreSQL 15). PGlite has no JIT; the setting is harmless.
 */
function reportRows<T>(db: Database, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return queryRows<T>(tx, query);
  });
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A counsellor's applications (those of the students they look after), as a FROM item named `ap`:
 * found from their students, so their report reads only their own stays and events.
 */
const theirApplications = (member: StaffMember): SQL =>
  sql`(select a.id from students st join applications a on a.student_id = st.id
    where st.counsellor_staff_id = ${member.staffId}) ap`;

/**
 * The median days an application stays in each stage: from the event that entered the stage to the
 * application's next event, for stays that ended in the range (a stay still running is not counted),
 * each counted in tenths of a day as shown. The stays come as counts per length, from the monthly
 * counts for the whole business's whole months and from the stays' rows for the rest; the median is
 * read off the running totals (as percentile_cont: the mean of the two middle stays when their number
 * is even), so no stay is sorted.
 */
async function durations(deps: StaffDeps, member: StaffMember, all: boolean, span: ReportSpan) {
  const left = (from: string, to: string) => sql`(s.left_at >= ${from}::timestamptz and s.left_at < ${to}::timestamptz)`;
  const whole = all ? span.wholeMonths : undefined;
  const rows = await reportRows<{ stage: ApplicationStatus; stays: number; median: number }>(
    deps.db,
    sql`
    with lengths as (
      ${
        whole
          ? sql`select m.stage, m.tenths, m.stays from report_stay_months m where m.month between ${whole.first} and ${whole.last}
            union all
            select s.stage, s.tenths, 1 from report_stays s where ${left(span.start, whole.start)} or ${left(whole.end, span.end)}`
          : sql`select s.stage, s.tenths, 1 as stays from report_stays s
              where ${left(span.start, span.end)} and ${all ? sql`true` : sql`s.staff_id = ${member.staffId}`}`
      }
    ),
    counted as (
      select stage, tenths, sum(stays) as stays from lengths group by 1, 2 having sum(stays) > 0
    ),
    running as (
      select stage, tenths, sum(stays) over (partition by stage order by tenths) as upto, sum(stays) over (partition by stage) as total
      from counted
    )
    select stage, max(total)::int as stays,
      ((min(tenths) filter (where upto > floor((total - 1) / 2)) + min(tenths) filter (where upto > floor(total / 2))) / 20.0)::float8 as median
    from running
    group by stage`,
  );
  const order = (s: ApplicationStatus) => applicationStatuses.indexOf(s);
  return rows
    .map((r) => ({ stage: r.stage, stays: Number(r.stays), medianDays: Math.round(Number(r.median) * 10) / 10 }))
    .sort((a, b) => order(a.stage) - order(b.stage));
}

/**
 * Applications that got an offer, a visa granted or refused in the range, by IST month of the event
 * (each application once per month and outcome: two offers in a month are one application with an
 * offer). Whole months come from the kept outcomes (decision 0023: the business's monthly counts, or a
 * counsellor's own rows); the days at either end from the events.
 */
async function outcomes(deps: StaffDeps, member: StaffMember, all: boolean, span: ReportSpan) {
  const at = (from: string, to: string) => sql`(e.at >= ${from}::timestamptz and e.at < ${to}::timestamptz)`;
  const whole = span.wholeMonths;
  const rows = await reportRows<Record<string, string | number>>(
    deps.db,
    sql`
    with counted as (
      ${
        whole
          ? all
            ? sql`select m.month, m.outcome, m.applications from report_outcome_months m
                where m.month between ${whole.first} and ${whole.last}
              union all`
            : sql`select o.month, o.outcome, count(*)::int as applications from report_outcomes o
                where o.staff_id = ${member.staffId} and o.month between ${whole.first} and ${whole.last}
                group by 1, 2
              union all`
          : sql``
      }
      select month, outcome, count(*)::int as applications from (
        select distinct to_char(e.at at time zone ${IST}, 'YYYY-MM') as month, e.application_id, ${sql.raw(outcomeOf("e.to_status"))} as outcome
        from ${all ? sql`application_events e` : sql`${theirApplications(member)} join application_events e on e.application_id = ap.id`}
        where e.to_status in (${sql.raw(outcomeStageList)})
          and ${whole ? sql`(${at(span.start, whole.start)} or ${at(whole.end, span.end)})` : at(span.start, span.end)}
      ) one_each
      group by 1, 2
    )
    select month,
      (sum(applications) filter (where outcome = 'offer'))::int as offers,
      (sum(applications) filter (where outcome = 'granted'))::int as "visasGranted",
      (sum(applications) filter (where outcome = 'refused'))::int as "visasRefused"
    from counted
    group by 1
    having sum(applications) > 0
    order by 1`,
  );
  return rows.map(
    (r): OutcomeRow => ({
      month: String(r.month),
      offers: Number(r.offers ?? 0),
      visasGranted: Number(r.visasGranted ?? 0),
      visasRefused: Number(r.visasRefused ?? 0),
    }),
  );
}

/** The reports dashboard and the console's lists as CSV (decision 0031). */
export const reportsConsole = (deps: StaffDeps) => ({
  /** The reports dashboard's figures for this member (all, or their own) and a range of IST days. */
  get: (actor: StaffMember, filters: unknown) => reportFor(deps, actor, filters),
  /** A console list as CSV (leads, students, applications), with the screen's filters; audited. */
  exportList: (actor: StaffMember, list: string, filters: Record<string, string>) => exportList(deps, actor, list, filters),
});
