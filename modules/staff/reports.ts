import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Database, queryRows } from "../../platform/db/client.ts";
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
import { type ConsoleSettings, readConsoleSettings, type WorkingHours } from "../console-settings.ts";
import { AppError } from "../errors.ts";
import { blankToUndefined } from "../fields.ts";
import { parseInput } from "../validation.ts";
import { notAllowed, type StaffDeps } from "./accounts.ts";
import { canSeeAllReports, canSeeReports, type StaffMember } from "./policies.ts";
import { addWorkingTimeSql } from "./working-time.ts";

/**
 * The reports dashboard (issue #10): the lead-to-enrolment funnel, time spent in each application
 * stage, missed first responses, offers and visas, over a range of IST days. Every figure is counted
 * in the database (GROUP BY, FILTER, percentile_cont); only the aggregated rows come to Node. Admins
 * and read-only staff see the whole business; a counsellor the leads assigned to them and the
 * students they look after.
 */

const DAY_MS = 86_400_000;
/** Ranges up to this many days pair the events of only the applications that moved in them (durations). */
const NARROW_TO_MOVED_DAYS = 200;
/** India Standard Time as a fixed offset (no daylight saving): cheaper per row than the zone's name, and the same. */
const IST = sql.raw("interval '+05:30'");
const HOUR_MS = 3_600_000;
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
  /** The first-response target, in working hours of this calendar (the inbox's). */
  firstResponseHours: number;
  workingHours: WorkingHours;
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
  const settings = await readConsoleSettings(deps.db);
  const { firstResponseHours, workingHours } = settings;
  const [funnelRows, stageDurations, outcomeRows] = await Promise.all([
    funnel(deps, member, all, start, end, now, settings),
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
    workingHours,
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

/** How far a lead got, as the funnel query counts it: 0 booked only, 1 contacted, ... 6 enrolled (funnelSteps' order). */
const levelOf = Object.fromEntries(funnelSteps.map((step, i) => [step, i])) as Record<FunnelStep, number>;

/**
 * The funnel, once per grouping, in one query: each lead booked in the range (merged-away duplicates
 * left out) gets the level it reached (each step counts only leads that passed the steps before it)
 * and whether its first response was missed; GROUP BY GROUPING SETS then count leads by month,
 * intake, destination, source and counsellor, each by level and missed. Only those counts come back
 * (a few hundred rows); the steps are summed from them here. "Offered", "visa granted" and "enrolled"
 * look at the events of the converted student's applications, so a stage once reached still counts.
 *
 * Missed is what the inbox shows as missed or overdue: first contacted after the due time, or still
 * New with no first contact when the due time has passed. The due time is never sooner than the
 * booking plus the target in wall-clock hours, so leads answered within that are not timed at all.
 */
async function funnel(
  deps: StaffDeps,
  member: StaffMember,
  all: boolean,
  start: string,
  end: string,
  now: Date,
  settings: ConsoleSettings,
): Promise<RawFunnelRow[]> {
  const mine: SQL = all ? sql`true` : sql`c.assigned_staff_id = ${member.staffId}`;
  const targetMs = settings.firstResponseHours * HOUR_MS;
  const due = addWorkingTimeSql(sql`c.created_at`, targetMs, settings.workingHours);
  // Timestamps keep microseconds and the inbox reads whole milliseconds: contacted after the due time
  // means a whole millisecond later; a lead booked less than the target (less 1 ms) ago cannot be due yet.
  const cannotBeDue = new Date(now.getTime() - targetMs + 1).toISOString();
  const wallClockTarget = sql.raw(`interval '${targetMs} milliseconds'`);
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
    with lead as (
      select c.created_at, c.study_destination, c.source, c.assigned_staff_id, c.student_id,
        c.status <> 'New' or c.first_contacted_at is not null as contacted,
        c.status = 'Converted' as converted,
        case
          when c.first_contacted_at > c.created_at + ${wallClockTarget}
            or (c.first_contacted_at is null and c.status = 'New' and c.created_at < ${cannotBeDue}::timestamptz)
          -- Contacted at or after the due time plus 1 ms, or still New at or after the due time (one copy of it).
          then coalesce(c.first_contacted_at - interval '1 millisecond', ${now.toISOString()}::timestamptz) >= ${due}
          else false
        end as missed
      from consultations c
      where c.merged_into_id is null
        and c.created_at >= ${start}::timestamptz and c.created_at < ${end}::timestamptz
        and ${mine}
    ),
    reach as (
      select ap.student_id,
        min(ap.intake_year * 100 + ap.intake_month) as intake_key,
        bool_or(e.id is not null) as offered,
        bool_or(e.to_status = 'Visa granted') as visa_granted,
        bool_or(e.to_status = 'Enrolled') as enrolled
      from applications ap
      left join application_events e on e.application_id = ap.id and e.to_status in (${offerList})
      where ap.student_id in (select student_id from lead)
      group by ap.student_id
    ),
    leveled as (
      select date_trunc('month', l.created_at at time zone ${IST}) as month, r.intake_key,
        l.study_destination as destination, l.source, l.assigned_staff_id as staff_id, l.missed,
        case
          when not l.contacted then ${sql.raw(String(levelOf.booked))}
          when not l.converted then ${sql.raw(String(levelOf.contacted))}
          when r.student_id is null then ${sql.raw(String(levelOf.converted))}
          when not r.offered then ${sql.raw(String(levelOf.applied))}
          when not r.visa_granted then ${sql.raw(String(levelOf.offered))}
          when not r.enrolled then ${sql.raw(String(levelOf.visaGranted))}
          else ${sql.raw(String(levelOf.enrolled))}
        end as level
      from lead l
      left join reach r on r.student_id = l.student_id
    ),
    -- Counted in two steps: by the time columns and by the people columns first (far fewer rows than
    -- leads), then each grouping from those.
    by_time as (
      select month, intake_key, level, missed, count(*)::int as leads from leveled group by 1, 2, 3, 4
    ),
    by_who as (
      select destination, source, staff_id, level, missed, count(*)::int as leads from leveled group by 1, 2, 3, 4, 5
    ),
    counted as (
      select case when grouping(month) = 0 then 'month' else 'intake' end as grouping,
        month, intake_key, null::text as destination, null::text as source, null::int as staff_id, level, missed,
        sum(leads)::int as leads
      from by_time
      group by grouping sets ((month, level, missed), (intake_key, level, missed))
      union all
      select case when grouping(destination) = 0 then 'destination' when grouping(source) = 0 then 'source' else 'counsellor' end,
        null, null, destination, source, staff_id, level, missed, sum(leads)::int
      from by_who
      group by grouping sets ((destination, level, missed), (source, level, missed), (staff_id, level, missed))
    )
    select g.grouping,
      case g.grouping
        when 'month' then to_char(g.month, 'YYYY-MM')
        when 'intake' then coalesce(g.intake_key::text, '')
        when 'destination' then g.destination
        when 'source' then g.source
        else coalesce(g.staff_id::text, '')
      end as key,
      case g.grouping
        when 'month' then to_char(g.month, 'YYYY-MM')
        when 'intake' then coalesce(to_char(make_date(g.intake_key / 100, g.intake_key % 100, 1), 'FMMonth YYYY'), ${NO_INTAKE_YET})
        when 'destination' then g.destination
        when 'source' then g.source
        else coalesce(s.full_name, ${reportMessages.unassigned})
      end as label,
      g.level, g.missed, g.leads
    from counted g
    left join staff s on g.grouping = 'counsellor' and s.id = g.staff_id`,
  );
  const byKey = new Map<string, RawFunnelRow>();
  for (const row of rows) {
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

/** The events of the applications this member's reports cover: all, or those of the students they look after. */
const eventsOf = (member: StaffMember, all: boolean): SQL =>
  all
    ? sql`true`
    : sql`e.application_id in (select ap.id from applications ap join students st on st.id = ap.student_id
        where st.counsellor_staff_id = ${member.staffId})`;

/**
 * The median days an application stays in each stage: from the event that entered the stage to the
 * application's next event, for stays that ended in the range (a stay still running is not counted).
 * Events after the range cannot start such a stay, so they are left out before pairing; and only
 * applications that moved in the range can have one, which narrows a short range a lot (bench:reports,
 * a month: about 150 ms less) but costs more than it saves over most of a year (about 8% more).
 */
async function durations(deps: StaffDeps, member: StaffMember, all: boolean, start: string, end: string) {
  const short = Date.parse(end) - Date.parse(start) <= NARROW_TO_MOVED_DAYS * DAY_MS;
  const rows = await reportRows<{ stage: ApplicationStatus; stays: number; median: number }>(
    deps.db,
    sql`
    with stay as (
      select e.to_status as stage, e.at as entered,
        lead(e.at) over (partition by e.application_id order by e.at, e.id) as left_at
      from application_events e
      where e.at < ${end}::timestamptz
        and ${short ? sql`e.application_id in (select m.application_id from application_events m where m.at >= ${start}::timestamptz and m.at < ${end}::timestamptz)` : sql`true`}
        and ${eventsOf(member, all)}
    )
    select stage, count(*)::int as stays,
      (percentile_cont(0.5) within group (order by date_part('epoch', left_at - entered) / 86400))::float8 as median
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
  const rows = await reportRows<Record<string, string | number>>(
    deps.db,
    sql`
    select to_char(month, 'YYYY-MM') as month,
      (count(*) filter (where outcome = 'offer'))::int as offers,
      (count(*) filter (where outcome = 'granted'))::int as "visasGranted",
      (count(*) filter (where outcome = 'refused'))::int as "visasRefused"
    from (
      -- Each application once per month and outcome (two offers in a month are one application with an offer).
      select distinct date_trunc('month', e.at at time zone ${IST}) as month, e.application_id,
        case e.to_status when 'Visa granted' then 'granted' when 'Visa refused' then 'refused' else 'offer' end as outcome
      from application_events e
      where e.at >= ${start}::timestamptz and e.at < ${end}::timestamptz
        and e.to_status in ('Conditional offer', 'Unconditional offer', 'Visa granted', 'Visa refused')
        and ${eventsOf(member, all)}
    ) outcome
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
