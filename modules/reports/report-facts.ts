import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "../../platform/db/client.ts";
import { funnelSteps, offerStages } from "../../vocabulary/reports.ts";
import type { ConsoleSettings } from "../console-settings.ts";
import { addWorkingTimeSql } from "../working-time.ts";

/**
 * The facts the reports dashboard counts, kept up to date by the database itself (decision 0023).
 * Migration 0015 holds the tables, the triggers that follow every change of a lead, an application or
 * its events, and the monthly counts; this module (re)creates the two views those triggers read, with
 * the console's first-response settings and the stage vocabulary baked in, and rebuilds the tables
 * when those change. A report asks `ensureReportFacts` first: a cheap look at report_state.
 */

/** Raise when the views below change meaning: every database rebuilds its facts once at the next report or start. */
const FACTS_VERSION = 1;

/** The step each lead reached, as the funnel counts it (funnelSteps' order: 0 booked only ... 6 enrolled). */
export const levelOf = Object.fromEntries(funnelSteps.map((step, i) => [step, i])) as Record<
  (typeof funnelSteps)[number],
  number
>;

const dialect = new PgDialect();

/** A statement with no parameters, as text for a view or function body (everything in it is ours, not a user's). */
function literal(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (params.length) throw new Error("a report fact definition must not carry parameters");
  return text;
}

const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The stages counted as each outcome of the dashboard: an offer, a visa granted, a visa refused. */
const outcomeStages = {
  offer: ["Conditional offer", "Unconditional offer"],
  granted: ["Visa granted"],
  refused: ["Visa refused"],
} as const;

/** Every stage counted as an outcome, as an SQL list. */
export const outcomeStageList = [...outcomeStages.offer, ...outcomeStages.granted, ...outcomeStages.refused]
  .map(quoted)
  .join(", ");

/** A stage column as its outcome: 'offer', 'granted' or 'refused'. */
export const outcomeOf = (column: string) =>
  `CASE ${column} WHEN ${quoted(outcomeStages.granted[0])} THEN 'granted' WHEN ${quoted(outcomeStages.refused[0])} THEN 'refused' ELSE 'offer' END`;
const level = (step: (typeof funnelSteps)[number]) => sql.raw(String(levelOf[step]));

/** What the facts were built for: the settings that decide "missed", and the version of the definitions. */
export const factsKey = (settings: Pick<ConsoleSettings, "firstResponseHours" | "workingHours">) =>
  JSON.stringify({
    version: FACTS_VERSION,
    firstResponseHours: settings.firstResponseHours,
    workingHours: settings.workingHours,
  });

/** The first-response target as an interval, for the leads answered within it in wall-clock time (never missed). */
export const wallClockTarget = (settings: Pick<ConsoleSettings, "firstResponseHours">) =>
  sql.raw(`interval '${settings.firstResponseHours * 3_600_000} milliseconds'`);

function definitions(settings: ConsoleSettings): string[] {
  const due = addWorkingTimeSql(sql.raw("created"), settings.firstResponseHours * 3_600_000, settings.workingHours);
  const offers = sql.raw(offerStages.map(quoted).join(", "));
  return [
    // When a lead booked at `created` is due its first response, in working hours (the inbox's rule).
    `CREATE OR REPLACE FUNCTION report_first_response_due(created timestamptz) RETURNS timestamptz
      LANGUAGE sql IMMUTABLE AS $fn$ SELECT ${literal(due)} $fn$`,
    "DROP VIEW IF EXISTS report_lead_facts",
    literal(sql`CREATE VIEW report_lead_facts AS
      SELECT c.id AS consultation_id, c.created_at AS booked_at,
        to_char(c.created_at AT TIME ZONE interval '+05:30', 'YYYY-MM') AS month,
        c.study_destination AS destination, c.source, c.assigned_staff_id AS staff_id, r.intake_key,
        (CASE
          WHEN c.status = 'New' AND c.first_contacted_at IS NULL THEN ${level("booked")}
          WHEN c.status <> 'Converted' THEN ${level("contacted")}
          WHEN r.applications IS NULL THEN ${level("converted")}
          WHEN NOT r.offered THEN ${level("applied")}
          WHEN NOT r.visa_granted THEN ${level("offered")}
          WHEN NOT r.enrolled THEN ${level("visaGranted")}
          ELSE ${level("enrolled")}
        END)::smallint AS level,
        -- Missed: first contacted a whole millisecond after the due time. Still New and never
        -- contacted: undecided (null) until the report is asked, as the inbox shows it.
        CASE
          WHEN c.status = 'New' AND c.first_contacted_at IS NULL THEN NULL
          WHEN c.first_contacted_at > c.created_at + ${wallClockTarget(settings)}
            THEN c.first_contacted_at - interval '1 millisecond' >= report_first_response_due(c.created_at)
          ELSE false
        END AS missed
      FROM consultations c
      LEFT JOIN LATERAL (
        SELECT count(*) AS applications, min(ap.intake_year * 100 + ap.intake_month) AS intake_key,
          bool_or(e.id IS NOT NULL) AS offered,
          bool_or(e.to_status = 'Visa granted') AS visa_granted,
          bool_or(e.to_status = 'Enrolled') AS enrolled
        FROM applications ap
        LEFT JOIN application_events e ON e.application_id = ap.id AND e.to_status IN (${offers})
        WHERE ap.student_id = c.student_id
        HAVING count(*) > 0
      ) r ON true
      WHERE c.merged_into_id IS NULL`),
    "DROP VIEW IF EXISTS report_stay_facts",
    // A stay runs from the event that entered a stage to the application's next event; its length is
    // counted in tenths of a day, rounded, as the dashboard shows it.
    `CREATE VIEW report_stay_facts AS
      SELECT s.id AS event_id, s.application_id, s.to_status AS stage, s.left_at,
        to_char(s.left_at AT TIME ZONE interval '+05:30', 'YYYY-MM') AS month,
        round(extract(epoch FROM s.left_at - s.at) / 8640)::int AS tenths, st.counsellor_staff_id AS staff_id
      FROM (
        SELECT e.id, e.application_id, e.to_status, e.at,
          lead(e.at) OVER (PARTITION BY e.application_id ORDER BY e.at, e.id) AS left_at
        FROM application_events e
      ) s
      JOIN applications a ON a.id = s.application_id
      JOIN students st ON st.id = a.student_id
      WHERE s.left_at IS NOT NULL`,
    "DROP VIEW IF EXISTS report_outcome_facts",
    // Each application once per IST month in which it got an offer, a visa granted or refused.
    `CREATE VIEW report_outcome_facts AS
      SELECT DISTINCT e.application_id, to_char(e.at AT TIME ZONE interval '+05:30', 'YYYY-MM') AS month,
        ${outcomeOf("e.to_status")} AS outcome, st.counsellor_staff_id AS staff_id
      FROM application_events e
      JOIN applications a ON a.id = e.application_id
      JOIN students st ON st.id = a.student_id
      WHERE e.to_status IN (${outcomeStageList})`,
  ];
}

/**
 * Makes sure the report tables are built for these settings: when they are not (the first report on
 * a database, new working hours or target, new definitions), (re)creates the views and rebuilds every
 * fact in one transaction, holding off changes to leads and applications while it runs (seconds over
 * 100,000 leads). Returns whether it rebuilt.
 */
export async function ensureReportFacts(db: Database, settings: ConsoleSettings): Promise<boolean> {
  const key = factsKey(settings);
  if (!needsBuild(await builtFor(db), key)) return false;
  return db.transaction(async (tx) => {
    // Writers wait for the rebuild, so no change falls between the facts read and the upkeep starting.
    await tx.execute(sql`lock table consultations, applications, application_events in share mode`);
    if (!needsBuild(await builtFor(tx as unknown as Database), key)) return false;
    for (const statement of definitions(settings)) await tx.execute(sql.raw(statement));
    await tx.execute(sql`select report_rebuild()`);
    await tx.execute(sql`insert into report_state (id, built_for) values (1, ${key})
      on conflict (id) do update set built_for = excluded.built_for`);
    return true;
  });
}

/** Built for other settings or older definitions; never undone by an instance still running older code. */
function needsBuild(built: string | undefined, key: string): boolean {
  if (built === key) return false;
  const version = built ? Number((JSON.parse(built) as { version?: number }).version) : 0;
  return !(version > FACTS_VERSION);
}

async function builtFor(db: Pick<Database, "execute">): Promise<string | undefined> {
  const result = (await db.execute(sql`select built_for from report_state where id = 1`)) as unknown as {
    rows: { built_for: string }[];
  };
  return result.rows[0]?.built_for;
}
