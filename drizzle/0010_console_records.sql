CREATE TABLE "application_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_staff_id" integer,
	"actor_label" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_waivers" (
	"application_id" integer NOT NULL,
	"item" text NOT NULL,
	"reason" text NOT NULL,
	"staff_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_waivers_application_id_item_pk" PRIMARY KEY("application_id","item")
);
--> statement-breakpoint
CREATE TABLE "console_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "country_document_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"label" text NOT NULL,
	"attachment_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digest_runs" (
	"staff_id" integer NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_runs_staff_id_day_pk" PRIMARY KEY("staff_id","day")
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"invited_by_staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"due_on" date NOT NULL,
	"assignee_staff_id" integer NOT NULL,
	"student_id" integer,
	"lead_id" integer,
	"created_by_staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "student_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"author_staff_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "student_files_type_idx";--> statement-breakpoint
ALTER TABLE "staff" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "intake_month" smallint;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "intake_year" smallint;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "stage_entered_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "created_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "student_id" integer;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "source" text DEFAULT 'Website form' NOT NULL;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "first_contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "student_files" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_files" ADD COLUMN "review_state" text DEFAULT 'Waiting for review' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_files" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "student_files" ADD COLUMN "review_message" text;--> statement-breakpoint
ALTER TABLE "student_files" ADD COLUMN "reviewed_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "student_files" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "counsellor_staff_id" integer;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_actor_staff_id_staff_id_fk" FOREIGN KEY ("actor_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_waivers" ADD CONSTRAINT "application_waivers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_waivers" ADD CONSTRAINT "application_waivers_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_document_rules" ADD CONSTRAINT "country_document_rules_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_runs" ADD CONSTRAINT "digest_runs_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_staff_id_staff_id_fk" FOREIGN KEY ("invited_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_tasks" ADD CONSTRAINT "staff_tasks_assignee_staff_id_staff_id_fk" FOREIGN KEY ("assignee_staff_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_tasks" ADD CONSTRAINT "staff_tasks_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_tasks" ADD CONSTRAINT "staff_tasks_lead_id_consultations_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_tasks" ADD CONSTRAINT "staff_tasks_created_by_staff_id_staff_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_notes" ADD CONSTRAINT "student_notes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_notes" ADD CONSTRAINT "student_notes_author_staff_id_staff_id_fk" FOREIGN KEY ("author_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_events_application_idx" ON "application_events" USING btree ("application_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "country_document_rules_idx" ON "country_document_rules" USING btree ("country_id","label");--> statement-breakpoint
CREATE INDEX "staff_invitations_staff_idx" ON "staff_invitations" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "staff_tasks_assignee_idx" ON "staff_tasks" USING btree ("assignee_staff_id","done_at","due_on");--> statement-breakpoint
CREATE INDEX "staff_tasks_student_idx" ON "staff_tasks" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "student_notes_student_idx" ON "student_notes" USING btree ("student_id","created_at");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_created_by_staff_id_staff_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_files" ADD CONSTRAINT "student_files_reviewed_by_staff_id_staff_id_fk" FOREIGN KEY ("reviewed_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_counsellor_staff_id_staff_id_fk" FOREIGN KEY ("counsellor_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "audit_log_student_idx" ON "audit_log" USING btree ("student_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_files_current_idx" ON "student_files" USING btree ("student_id","attachment_type") WHERE "student_files"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "student_files_review_idx" ON "student_files" USING btree ("review_state","created_at");--> statement-breakpoint
-- The stage model replaced the first statuses (vocabulary/applications.ts).
UPDATE "applications" SET "status" = CASE "status"
  WHEN 'Applied' THEN 'Submitted'
  WHEN 'Offer received' THEN 'Conditional offer'
  WHEN 'Visa approved' THEN 'Visa granted'
  ELSE "status" END;--> statement-breakpoint
UPDATE "applications" SET "stage_entered_at" = "updated_at";--> statement-breakpoint
-- Every application starts its history with the stage it is in.
INSERT INTO "application_events" ("application_id", "from_status", "to_status", "actor_label", "at")
  SELECT "id", NULL, "status", 'system (before the stage history)', "updated_at" FROM "applications";--> statement-breakpoint
-- A converted lead's counsellor looks after the student it became.
UPDATE "students" SET "counsellor_staff_id" = c."assigned_staff_id"
  FROM "consultations" c WHERE c."student_id" = "students"."id" AND c."status" = 'Converted' AND c."assigned_staff_id" IS NOT NULL;
