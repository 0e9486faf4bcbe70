-- The reports dashboard from tables kept up to date as the data changes (decision 0023), so that it
-- answers in milliseconds over a business's whole history. Like the triggers of 0002 and the indexes
-- of 0014, these live only in migrations: schema.ts does not declare them.
--
-- report_leads: one row per lead (merged-away duplicates left out) with what the funnel counts: the
-- step it reached, its intake, and whether its first response was missed (null while it is still New
-- and never contacted: the report decides those at the moment it is asked).
-- report_funnel_months: those rows counted per IST month, for the whole business, once per grouping.
-- report_stays: one row per finished stay of an application in a stage, its length in tenths of a day,
-- with the counsellor who looks after the student (so a counsellor's report reads only theirs).
-- report_stay_months: those stays counted per IST month of leaving, stage and length.
-- report_outcomes: each application once per IST month in which it got an offer, a visa granted or
-- a visa refused; report_outcome_months: those counted per month.
--
-- The facts come from two views that modules/staff/report-facts.ts (re)creates with the console's
-- settings (the first-response target and working hours) and the stage vocabulary; report_state
-- records which settings the tables were built for. Until it has a row, the triggers do nothing.
CREATE TABLE "report_state" (
	"id" smallint PRIMARY KEY NOT NULL CHECK ("id" = 1),
	"built_for" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_leads" (
	"consultation_id" integer PRIMARY KEY NOT NULL REFERENCES "consultations"("id") ON DELETE CASCADE,
	"booked_at" timestamp with time zone NOT NULL,
	"month" text NOT NULL,
	"destination" text NOT NULL,
	"source" text NOT NULL,
	"staff_id" integer,
	"intake_key" integer,
	"level" smallint NOT NULL,
	"missed" boolean
);
--> statement-breakpoint
CREATE INDEX "report_leads_booked_idx" ON "report_leads" ("booked_at");
--> statement-breakpoint
CREATE INDEX "report_leads_staff_idx" ON "report_leads" ("staff_id", "booked_at");
--> statement-breakpoint
CREATE INDEX "report_leads_undecided_idx" ON "report_leads" ("booked_at") WHERE "missed" IS NULL;
--> statement-breakpoint
CREATE TABLE "report_funnel_months" (
	"month" text NOT NULL,
	"grouping" text NOT NULL,
	"key" text NOT NULL,
	"level" smallint NOT NULL,
	"missed" boolean NOT NULL,
	"leads" integer NOT NULL,
	PRIMARY KEY ("month", "grouping", "key", "level", "missed")
);
--> statement-breakpoint
CREATE TABLE "report_stays" (
	"event_id" integer PRIMARY KEY NOT NULL REFERENCES "application_events"("id") ON DELETE CASCADE,
	"application_id" integer NOT NULL,
	"stage" text NOT NULL,
	"left_at" timestamp with time zone NOT NULL,
	"month" text NOT NULL,
	"tenths" integer NOT NULL,
	"staff_id" integer
);
--> statement-breakpoint
CREATE INDEX "report_stays_left_idx" ON "report_stays" ("left_at") INCLUDE ("stage", "tenths", "application_id");
--> statement-breakpoint
CREATE INDEX "report_stays_application_idx" ON "report_stays" ("application_id");
--> statement-breakpoint
CREATE INDEX "report_stays_staff_idx" ON "report_stays" ("staff_id", "left_at") INCLUDE ("stage", "tenths");
--> statement-breakpoint
CREATE TABLE "report_stay_months" (
	"month" text NOT NULL,
	"stage" text NOT NULL,
	"tenths" integer NOT NULL,
	"stays" integer NOT NULL,
	PRIMARY KEY ("month", "stage", "tenths")
);
--> statement-breakpoint
-- A student's leads (refreshed when their applications move) and offers and visas by time.
CREATE INDEX IF NOT EXISTS "consultations_student_idx" ON "consultations" ("student_id") WHERE "student_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "application_events_stage_at_idx" ON "application_events" ("to_status", "at");
--> statement-breakpoint
CREATE TABLE "report_outcomes" (
	"application_id" integer NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"month" text NOT NULL,
	"outcome" text NOT NULL,
	"staff_id" integer,
	PRIMARY KEY ("application_id", "month", "outcome")
);
--> statement-breakpoint
CREATE INDEX "report_outcomes_staff_idx" ON "report_outcomes" ("staff_id", "month");
--> statement-breakpoint
CREATE TABLE "report_outcome_months" (
	"month" text NOT NULL,
	"outcome" text NOT NULL,
	"applications" integer NOT NULL,
	PRIMARY KEY ("month", "outcome")
);
--> statement-breakpoint
-- A counsellor's students (their reports start there).
CREATE INDEX IF NOT EXISTS "students_counsellor_idx" ON "students" ("counsellor_staff_id");
--> statement-breakpoint
-- The inbox's "possible duplicate" looks for another lead with the same e-mail or phone number: the
-- e-mail is the first column of consultations_contact_idx, the phone number had no index, so each
-- lead shown read the whole table (the daily digest over 100,000 leads held PGlite for 40 s).
CREATE INDEX IF NOT EXISTS "consultations_phone_idx" ON "consultations" ("phone_number");
--> statement-breakpoint
-- The keys a lead is counted under, one per grouping of the funnel (the month, the intake as
-- year * 100 + month, the destination, the source, the counsellor's id; '' for none).
CREATE FUNCTION report_lead_keys(month text, intake_key integer, destination text, source text, staff_id integer)
RETURNS TABLE ("grouping" text, "key" text) LANGUAGE sql IMMUTABLE AS $$
  VALUES ('month', month), ('intake', coalesce(intake_key::text, '')), ('destination', destination),
    ('source', source), ('counsellor', coalesce(staff_id::text, ''))
$$;
--> statement-breakpoint
-- True while a bulk load has switched the upkeep off (`SET LOCAL ignite.report_bulk = 'on'`, then
-- report_rebuild()).
CREATE FUNCTION report_bulk_load() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('ignite.report_bulk', true), '') = 'on'
$$;
--> statement-breakpoint
-- True while the report tables are built and no bulk load has switched their upkeep off.
CREATE FUNCTION report_kept() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT NOT report_bulk_load() AND EXISTS (SELECT 1 FROM report_state)
$$;
--> statement-breakpoint
CREATE FUNCTION report_refresh_lead(lead integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_leads AS r
  SELECT f.consultation_id, f.booked_at, f.month, f.destination, f.source, f.staff_id, f.intake_key, f.level, f.missed
  FROM report_lead_facts f WHERE f.consultation_id = lead
  ON CONFLICT ("consultation_id") DO UPDATE SET booked_at = excluded.booked_at, month = excluded.month,
    destination = excluded.destination, source = excluded.source, staff_id = excluded.staff_id,
    intake_key = excluded.intake_key, level = excluded.level, missed = excluded.missed
  WHERE (r.booked_at, r.month, r.destination, r.source, r.staff_id, r.intake_key, r.level, r.missed)
    IS DISTINCT FROM (excluded.booked_at, excluded.month, excluded.destination, excluded.source, excluded.staff_id,
      excluded.intake_key, excluded.level, excluded.missed);
  -- Merged into another lead: no longer counted.
  DELETE FROM report_leads r WHERE r.consultation_id = lead
    AND NOT EXISTS (SELECT 1 FROM report_lead_facts f WHERE f.consultation_id = lead);
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_refresh_student(student integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lead integer;
BEGIN
  IF student IS NULL THEN RETURN; END IF;
  FOR lead IN SELECT c.id FROM consultations c WHERE c.student_id = student ORDER BY c.id LOOP
    PERFORM report_refresh_lead(lead);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_refresh_stays(application integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_stays r WHERE r.application_id = application
    AND NOT EXISTS (SELECT 1 FROM report_stay_facts f WHERE f.application_id = application AND f.event_id = r.event_id
      AND f.stage = r.stage AND f.left_at = r.left_at AND f.tenths = r.tenths AND f.staff_id IS NOT DISTINCT FROM r.staff_id);
  INSERT INTO report_stays SELECT f.event_id, f.application_id, f.stage, f.left_at, f.month, f.tenths, f.staff_id
    FROM report_stay_facts f WHERE f.application_id = application ORDER BY f.event_id
  ON CONFLICT ("event_id") DO NOTHING;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_refresh_outcomes(application integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_outcomes r WHERE r.application_id = application
    AND NOT EXISTS (SELECT 1 FROM report_outcome_facts f WHERE f.application_id = application AND f.month = r.month
      AND f.outcome = r.outcome AND f.staff_id IS NOT DISTINCT FROM r.staff_id);
  INSERT INTO report_outcomes SELECT f.application_id, f.month, f.outcome, f.staff_id
    FROM report_outcome_facts f WHERE f.application_id = application ORDER BY f.month, f.outcome
  ON CONFLICT DO NOTHING;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_on_consultation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_kept() THEN PERFORM report_refresh_lead(NEW.id); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER consultations_report AFTER INSERT OR UPDATE OF status, first_contacted_at, assigned_staff_id, student_id,
  merged_into_id, study_destination, source, created_at ON consultations
FOR EACH ROW EXECUTE FUNCTION report_on_consultation();
--> statement-breakpoint
CREATE FUNCTION report_on_application() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT report_kept() THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM report_refresh_student(OLD.student_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.student_id IS DISTINCT FROM OLD.student_id) THEN
    PERFORM report_refresh_student(NEW.student_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER applications_report AFTER INSERT OR DELETE OR UPDATE OF student_id, intake_month, intake_year ON applications
FOR EACH ROW EXECUTE FUNCTION report_on_application();
--> statement-breakpoint
CREATE FUNCTION report_on_application_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  application integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.application_id ELSE NEW.application_id END;
BEGIN
  IF NOT report_kept() THEN RETURN NULL; END IF;
  PERFORM report_refresh_stays(application);
  PERFORM report_refresh_outcomes(application);
  -- When the application itself is being deleted, its own trigger refreshes the student's leads.
  PERFORM report_refresh_student((SELECT a.student_id FROM applications a WHERE a.id = application));
  IF TG_OP = 'UPDATE' AND NEW.application_id <> OLD.application_id THEN
    PERFORM report_refresh_stays(OLD.application_id);
    PERFORM report_refresh_outcomes(OLD.application_id);
    PERFORM report_refresh_student((SELECT a.student_id FROM applications a WHERE a.id = OLD.application_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_on_student() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  application integer;
BEGIN
  IF NOT report_kept() THEN RETURN NULL; END IF;
  FOR application IN SELECT a.id FROM applications a WHERE a.student_id = NEW.id ORDER BY a.id LOOP
    PERFORM report_refresh_stays(application);
    PERFORM report_refresh_outcomes(application);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER students_report AFTER UPDATE OF counsellor_staff_id ON students
FOR EACH ROW EXECUTE FUNCTION report_on_student();
--> statement-breakpoint
CREATE TRIGGER application_events_report AFTER INSERT OR DELETE OR UPDATE OF application_id, to_status, at ON application_events
FOR EACH ROW EXECUTE FUNCTION report_on_application_event();
--> statement-breakpoint
-- The monthly counts follow every change of a lead's row: minus its old keys, plus its new ones, in
-- one statement in key order (so two transactions lock the counts in the same order).
CREATE FUNCTION report_leads_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_bulk_load() THEN RETURN NULL; END IF;
  INSERT INTO report_funnel_months AS m ("month", "grouping", "key", "level", "missed", "leads")
  SELECT d.month, k.grouping, k.key, d.level, d.missed, sum(d.delta)::int
  FROM (
    SELECT OLD.month, OLD.intake_key, OLD.destination, OLD.source, OLD.staff_id, OLD.level, OLD.missed, -1 WHERE TG_OP <> 'INSERT'
    UNION ALL
    SELECT NEW.month, NEW.intake_key, NEW.destination, NEW.source, NEW.staff_id, NEW.level, NEW.missed, 1 WHERE TG_OP <> 'DELETE'
  ) d (month, intake_key, destination, source, staff_id, level, missed, delta)
  CROSS JOIN LATERAL report_lead_keys(d.month, d.intake_key, d.destination, d.source, d.staff_id) k
  WHERE d.missed IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(d.delta) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("month", "grouping", "key", "level", "missed") DO UPDATE SET leads = m.leads + excluded.leads;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_leads_count AFTER INSERT OR UPDATE OR DELETE ON report_leads
FOR EACH ROW EXECUTE FUNCTION report_leads_count();
--> statement-breakpoint
CREATE FUNCTION report_stays_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_bulk_load() THEN RETURN NULL; END IF;
  INSERT INTO report_stay_months AS m ("month", "stage", "tenths", "stays")
  SELECT d.month, d.stage, d.tenths, sum(d.delta)::int
  FROM (
    SELECT OLD.month, OLD.stage, OLD.tenths, -1 WHERE TG_OP <> 'INSERT'
    UNION ALL
    SELECT NEW.month, NEW.stage, NEW.tenths, 1 WHERE TG_OP <> 'DELETE'
  ) d (month, stage, tenths, delta)
  GROUP BY 1, 2, 3
  HAVING sum(d.delta) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("month", "stage", "tenths") DO UPDATE SET stays = m.stays + excluded.stays;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_stays_count AFTER INSERT OR UPDATE OR DELETE ON report_stays
FOR EACH ROW EXECUTE FUNCTION report_stays_count();
--> statement-breakpoint
CREATE FUNCTION report_outcomes_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_bulk_load() THEN RETURN NULL; END IF;
  INSERT INTO report_outcome_months AS m ("month", "outcome", "applications")
  SELECT d.month, d.outcome, sum(d.delta)::int
  FROM (
    SELECT OLD.month, OLD.outcome, -1 WHERE TG_OP <> 'INSERT'
    UNION ALL
    SELECT NEW.month, NEW.outcome, 1 WHERE TG_OP <> 'DELETE'
  ) d (month, outcome, delta)
  GROUP BY 1, 2
  HAVING sum(d.delta) <> 0
  ORDER BY 1, 2
  ON CONFLICT ("month", "outcome") DO UPDATE SET applications = m.applications + excluded.applications;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_outcomes_count AFTER INSERT OR UPDATE OR DELETE ON report_outcomes
FOR EACH ROW EXECUTE FUNCTION report_outcomes_count();
--> statement-breakpoint
-- Everything again from the facts, set by set (after the settings change, or a bulk load).
CREATE FUNCTION report_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('ignite.report_bulk', 'on', true);
  TRUNCATE report_leads, report_funnel_months, report_stays, report_stay_months, report_outcomes, report_outcome_months;
  INSERT INTO report_leads
  SELECT f.consultation_id, f.booked_at, f.month, f.destination, f.source, f.staff_id, f.intake_key, f.level, f.missed
  FROM report_lead_facts f;
  INSERT INTO report_stays SELECT f.event_id, f.application_id, f.stage, f.left_at, f.month, f.tenths, f.staff_id FROM report_stay_facts f;
  INSERT INTO report_funnel_months ("month", "grouping", "key", "level", "missed", "leads")
  SELECT r.month, k.grouping, k.key, r.level, r.missed, count(*)::int
  FROM report_leads r CROSS JOIN LATERAL report_lead_keys(r.month, r.intake_key, r.destination, r.source, r.staff_id) k
  WHERE r.missed IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO report_stay_months ("month", "stage", "tenths", "stays")
  SELECT s.month, s.stage, s.tenths, count(*)::int FROM report_stays s GROUP BY 1, 2, 3;
  INSERT INTO report_outcomes SELECT f.application_id, f.month, f.outcome, f.staff_id FROM report_outcome_facts f;
  INSERT INTO report_outcome_months ("month", "outcome", "applications")
  SELECT o.month, o.outcome, count(*)::int FROM report_outcomes o GROUP BY 1, 2;
  PERFORM set_config('ignite.report_bulk', '', true);
END
$$;
