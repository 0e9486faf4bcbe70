CREATE TABLE "data_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"student_id" integer NOT NULL,
	"status" text DEFAULT 'preparing' NOT NULL,
	"storage_key" text,
	"size_bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "data_exports_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "student_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"preferred_contact" text NOT NULL,
	"news_and_offers" boolean NOT NULL,
	"wording_version" text NOT NULL,
	"source" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "preferred_contact" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "news_and_offers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "preferred_contact" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "news_and_offers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_consents" ADD CONSTRAINT "student_consents_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_student_idx" ON "data_exports" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "data_exports_expires_idx" ON "data_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "student_consents_student_idx" ON "student_consents" USING btree ("student_id","given_at");--> statement-breakpoint
-- Hand-written (decision 0024): what an erasure keeps of a student's bookings and applications is their
-- report rows, as anonymous counts. Erasure marks those rows `anonymous` before it deletes the source
-- rows; an anonymous row no longer follows any source row (the foreign keys that removed it with its
-- booking, event or application go; a deletion's own trigger removes the rows that are not anonymous),
-- the refresh functions leave it alone, and a rebuild keeps it and counts it.
ALTER TABLE "report_leads" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_stays" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_outcomes" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_leads" DROP CONSTRAINT IF EXISTS "report_leads_consultation_id_fkey";
--> statement-breakpoint
ALTER TABLE "report_stays" DROP CONSTRAINT IF EXISTS "report_stays_event_id_fkey";
--> statement-breakpoint
ALTER TABLE "report_outcomes" DROP CONSTRAINT IF EXISTS "report_outcomes_application_id_fkey";
--> statement-breakpoint
CREATE FUNCTION report_forget_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'consultations' THEN DELETE FROM report_leads WHERE consultation_id = OLD.id AND NOT anonymous;
    WHEN 'application_events' THEN DELETE FROM report_stays WHERE event_id = OLD.id AND NOT anonymous;
    WHEN 'applications' THEN DELETE FROM report_outcomes WHERE application_id = OLD.id AND NOT anonymous;
  END CASE;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER consultations_report_forget AFTER DELETE ON consultations
FOR EACH ROW EXECUTE FUNCTION report_forget_deleted();
--> statement-breakpoint
CREATE TRIGGER application_events_report_forget AFTER DELETE ON application_events
FOR EACH ROW EXECUTE FUNCTION report_forget_deleted();
--> statement-breakpoint
CREATE TRIGGER applications_report_forget AFTER DELETE ON applications
FOR EACH ROW EXECUTE FUNCTION report_forget_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_refresh_lead(lead integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_leads AS r
  SELECT f.consultation_id, f.booked_at, f.month, f.destination, f.source, f.staff_id, f.intake_key, f.level, f.missed
  FROM report_lead_facts f WHERE f.consultation_id = lead
  ON CONFLICT ("consultation_id") DO UPDATE SET booked_at = excluded.booked_at, month = excluded.month,
    destination = excluded.destination, source = excluded.source, staff_id = excluded.staff_id,
    intake_key = excluded.intake_key, level = excluded.level, missed = excluded.missed
  WHERE NOT r.anonymous AND (r.booked_at, r.month, r.destination, r.source, r.staff_id, r.intake_key, r.level, r.missed)
    IS DISTINCT FROM (excluded.booked_at, excluded.month, excluded.destination, excluded.source, excluded.staff_id,
      excluded.intake_key, excluded.level, excluded.missed);
  -- Merged into another lead: no longer counted.
  DELETE FROM report_leads r WHERE r.consultation_id = lead AND NOT r.anonymous
    AND NOT EXISTS (SELECT 1 FROM report_lead_facts f WHERE f.consultation_id = lead);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_refresh_stays(application integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_stays r WHERE r.application_id = application AND NOT r.anonymous
    AND NOT EXISTS (SELECT 1 FROM report_stay_facts f WHERE f.application_id = application AND f.event_id = r.event_id
      AND f.stage = r.stage AND f.left_at = r.left_at AND f.tenths = r.tenths AND f.staff_id IS NOT DISTINCT FROM r.staff_id);
  INSERT INTO report_stays SELECT f.event_id, f.application_id, f.stage, f.left_at, f.month, f.tenths, f.staff_id
    FROM report_stay_facts f WHERE f.application_id = application ORDER BY f.event_id
  ON CONFLICT ("event_id") DO NOTHING;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_refresh_outcomes(application integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_outcomes r WHERE r.application_id = application AND NOT r.anonymous
    AND NOT EXISTS (SELECT 1 FROM report_outcome_facts f WHERE f.application_id = application AND f.month = r.month
      AND f.outcome = r.outcome AND f.staff_id IS NOT DISTINCT FROM r.staff_id);
  INSERT INTO report_outcomes SELECT f.application_id, f.month, f.outcome, f.staff_id
    FROM report_outcome_facts f WHERE f.application_id = application ORDER BY f.month, f.outcome
  ON CONFLICT DO NOTHING;
END
$$;
--> statement-breakpoint
-- Everything again from the facts, set by set; the anonymous rows of erased students stay and are counted.
CREATE OR REPLACE FUNCTION report_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('ignite.report_bulk', 'on', true);
  DELETE FROM report_leads WHERE NOT anonymous;
  DELETE FROM report_stays WHERE NOT anonymous;
  DELETE FROM report_outcomes WHERE NOT anonymous;
  TRUNCATE report_funnel_months, report_stay_months, report_outcome_months;
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
--> statement-breakpoint
-- A student's access log finds the exports that held them by the ids the export's audit entry lists.
CREATE INDEX IF NOT EXISTS "audit_log_export_students_idx" ON "audit_log" USING gin (("after" -> 'studentIds') jsonb_path_ops)
  WHERE "action" = 'export.downloaded';
